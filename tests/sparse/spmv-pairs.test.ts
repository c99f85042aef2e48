/**
 * The float64 CSR SpMV that walks two rows at once (sparse/kernels/spmv-wasm.ts, taken by
 * products.ts for rows of 8 or more entries on average): every y[i] equals the host loop over the
 * stored arrays — t = 0, then t += vals[p] · x[crd[p]] in storage order — bit for bit, signed
 * zeros, infinities and NaN included; rows outside the piece are not written. Directly on the
 * module (random structures: empty rows, rows of every length, odd and even row ranges), and
 * through `csr_array.dot` at pool sizes 0, 1, 2 with proof that the module ran.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { spmvPairsWasmBytes } from '../../sparse/kernels/spmv-wasm.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

// The project's `lib` has no WebAssembly types.
const Wasm = (globalThis as any).WebAssembly;

/** The host loop: rows [lo, hi) of A x into a copy of `y0`. */
function host(
  pos: Int32Array,
  crd: Int32Array,
  val: Float64Array,
  x: Float64Array,
  y0: Float64Array,
  lo: number,
  hi: number,
) {
  const y = y0.slice();
  for (let i = lo; i < hi; i++) {
    let t = 0;
    for (let p = pos[i]!; p < pos[i + 1]!; p++) t += val[p]! * x[crd[p]!]!;
    y[i] = t;
  }
  return y;
}

const special = fc.constantFrom(
  0,
  -0,
  1,
  -1,
  0.1,
  1e308,
  -1e308,
  5e-324,
  Number.POSITIVE_INFINITY,
  Number.NaN,
);
const value = fc.oneof(
  { weight: 4, arbitrary: fc.double({ noNaN: false }) },
  { weight: 1, arbitrary: special },
);

const structure = fc
  .record({
    cols: fc.integer({ min: 1, max: 40 }),
    lens: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40 })), { maxLength: 33 }),
  })
  .chain(({ cols, lens }) => {
    const nnz = lens.reduce((a, b) => a + b, 0);
    return fc.record({
      cols: fc.constant(cols),
      lens: fc.constant(lens),
      crd: fc.array(fc.integer({ min: 0, max: cols - 1 }), { minLength: nnz, maxLength: nnz }),
      val: fc.array(value, { minLength: nnz, maxLength: nnz }),
      x: fc.array(value, { minLength: cols, maxLength: cols }),
      cut: fc.tuple(fc.nat(), fc.nat()),
    });
  });

describe('the two-rows SpMV module', () => {
  const mem = new Wasm.Memory({ initial: 64, maximum: 65536, shared: true });
  const kernel = (
    new Wasm.Instance(new Wasm.Module(spmvPairsWasmBytes()), { e: { mem } }).exports as {
      kernel: (...a: number[]) => void;
    }
  ).kernel;

  it('equals the host loop bit for bit on every row range, and writes no other row', () => {
    fc.assert(
      fc.property(structure, ({ lens, crd, val, x, cut }) => {
        const rows = lens.length;
        const pos = new Int32Array(rows + 1);
        for (let i = 0; i < rows; i++) pos[i + 1] = pos[i]! + lens[i]!;
        let at = 64;
        const place = <T extends Int32Array | Float64Array>(a: T): [number, T] => {
          const C = a.constructor as new (b: ArrayBufferLike, o: number, n: number) => T;
          const v = new C(mem.buffer, at, a.length);
          v.set(a as never);
          at += Math.ceil((a.byteLength + 8) / 64) * 64;
          return [at - Math.ceil((a.byteLength + 8) / 64) * 64, v];
        };
        const y0 = Float64Array.from({ length: rows }, (_, i) => -1000 - i); // a sentinel per row
        const [pp] = place(pos);
        const [cp] = place(Int32Array.from(crd));
        const [vp] = place(Float64Array.from(val));
        const [xp] = place(Float64Array.from(x));
        const [yp, y] = place(y0.slice());
        const lo = cut[0] % (rows + 1);
        const hi = lo + (cut[1] % (rows - lo + 1));
        kernel(pp, cp, vp, xp, yp, lo, hi);
        const want = host(
          pos,
          Int32Array.from(crd),
          Float64Array.from(val),
          Float64Array.from(x),
          y0,
          lo,
          hi,
        );
        for (let i = 0; i < rows; i++) if (!Object.is(y[i], want[i])) expect([i, y[i]]).toEqual([i, want[i]]);
      }),
      { numRuns: 400 },
    );
  });
});

/** Counts compiles of the two-rows module on this thread (kernels compile through this hook). */
function countPairsCompiles(): { count: number; restore: () => void } {
  const g = globalThis as { __cohortWasmModule?: (b: Uint8Array, n: number) => unknown };
  const orig = g.__cohortWasmModule!;
  const want = Buffer.from(spmvPairsWasmBytes());
  const c = { count: 0, restore: () => void (g.__cohortWasmModule = orig) };
  g.__cohortWasmModule = (b, n) => {
    if (Buffer.from(b).equals(want)) c.count++;
    return orig(b, n);
  };
  return c;
}

describe.each(POOLS)('csr_array.dot with long rows at pool size %i', (workers) => {
  it('equals the host loop bit for bit (inline: the two-rows module ran)', () => {
    configure({ workers });
    const hook = workers === 0 ? countPairsCompiles() : null;
    try {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 3000 }),
          fc.integer({ min: 8, max: 30 }),
          fc.integer(),
          (n, per, seed) => {
            const rng = np.random.default_rng(seed >>> 0);
            // About `per` entries a row (every 7th row empty, others up to twice as long), columns scattered.
            const drawn = rng.integers(0, 2 * per + 1, [n]).toArray() as ArrayLike<number | bigint>;
            const lens = Array.from({ length: n }, (_, i) => (i % 7 === 3 ? 0 : Number(drawn[i])));
            const nnz = lens.reduce((a, b) => a + b, 0);
            const indptr = new Int32Array(n + 1);
            for (let i = 0; i < n; i++) indptr[i + 1] = indptr[i]! + lens[i]!;
            const cols = Int32Array.from(
              rng.integers(0, n, [nnz]).toArray() as ArrayLike<number | bigint>,
              Number,
            );
            const vals = np.subtract(rng.random([nnz]), 0.5).toArray() as Float64Array;
            const xv = np.subtract(rng.random([n]), 0.5).toArray() as Float64Array;
            const A = new sp.csr_array([np.array(vals), np.array(cols), np.array(indptr)], { shape: [n, n] });
            const y = A.dot(np.array(xv)).toArray() as Float64Array;
            const want = host(indptr, cols, vals, xv, new Float64Array(n), 0, n);
            for (let i = 0; i < n; i++)
              if (!Object.is(y[i], want[i])) expect([i, y[i]]).toEqual([i, want[i]]);
          },
        ),
        { numRuns: 25 },
      );
      if (hook !== null) expect(hook.count).toBeGreaterThan(0);
    } finally {
      hook?.restore();
    }
  });
});
