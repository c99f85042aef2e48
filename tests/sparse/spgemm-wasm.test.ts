/**
 * SpGEMM's hand-assembled WebAssembly count and fill (`kernels/spgemm-wasm.ts`) against the
 * JavaScript loops (`kernels/spgemm.ts`, the reference the launches fall back to) bitwise, on
 * random structures (duplicates and unsorted rows in A and B, empty rows and columns, rows of C
 * longer than 32 entries, sorted through the bitmap), NaN/±Inf/−0, cancellations and products
 * that round to zero in float32, float32/float64 and mixed, over pieces `[lo, hi)` — with a
 * scratch block full of stale marks equal to row numbers (the kernels must reset them). The
 * launch-level properties (a naive Gustavson at pool sizes 0/1/2) are in spgemm.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spgemmNumeric, spgemmSymbolic } from '../../sparse/kernels/spgemm.js';
import {
  spgemmCountScratch,
  spgemmCountWasm,
  spgemmFillScratch,
  spgemmFillWasm,
} from '../../sparse/kernels/spgemm-wasm.js';

type F = 'float64' | 'float32';
// The project's `lib` has no WebAssembly types.
const Wasm = (globalThis as any).WebAssembly;
const CTOR = { float64: Float64Array, float32: Float32Array } as const;
type Arr = Int32Array | Float64Array | Float32Array | Uint8Array;

function arena() {
  const mem = new Wasm.Memory({ initial: 16, maximum: 4096, shared: true });
  let off = 64;
  const alloc = <T extends Arr>(
    C: { new (b: ArrayBufferLike, o: number, n: number): T; BYTES_PER_ELEMENT: number },
    src: ArrayLike<number> | number,
  ): T => {
    const n = typeof src === 'number' ? src : src.length;
    const need = off + Math.max(8, n * C.BYTES_PER_ELEMENT) + 64;
    if (need > mem.buffer.byteLength) mem.grow(Math.ceil((need - mem.buffer.byteLength) / 65536));
    const a = new C(mem.buffer, off, n);
    if (typeof src !== 'number') a.set(src);
    off = (need + 63) & ~63;
    return a;
  };
  const run = (spec: { bytes: readonly number[] }) =>
    new Wasm.Instance(new Wasm.Module(new Uint8Array(spec.bytes)), { e: { mem } }).exports.kernel as (
      ...a: number[]
    ) => number;
  return { alloc, run };
}
const at = (a: { byteOffset: number }) => a.byteOffset;
const same = (x: ArrayLike<number>, y: ArrayLike<number>, what: string) => {
  expect(x.length).toBe(y.length);
  for (let k = 0; k < x.length; k++)
    expect(Object.is(x[k], y[k]), `${what}[${k}]: ${x[k]} vs ${y[k]}`).toBe(true);
};

const VALS = [0, -0, 1, -1, 0.5, 3, -2.25, 1e-30, 1e-300, Number.NaN, Infinity, -Infinity, 0.1];
/** m × n CSR rows of arbitrary (unsorted, repeated) columns. */
const csr = (m: number, n: number, maxRow: number) =>
  fc
    .array(fc.array(fc.integer({ min: 0, max: Math.max(0, n - 1) }), { maxLength: n === 0 ? 0 : maxRow }), {
      minLength: m,
      maxLength: m,
    })
    .chain((rows) => {
      const nnz = rows.reduce((s, r) => s + r.length, 0);
      return fc.array(fc.constantFrom(...VALS), { minLength: nnz, maxLength: nnz }).map((v) => {
        const ptr = [0];
        for (const r of rows) ptr.push(ptr[ptr.length - 1]! + r.length);
        return { ptr, idx: rows.flat(), v };
      });
    });

const cases = fc
  .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 80 }))
  .chain(([m, k, n]) =>
    fc.tuple(
      fc.constant([m, k, n] as const),
      csr(m, k, 8),
      csr(k, n, 24),
      fc.constantFrom<F>('float64', 'float32'),
      fc.constantFrom<F>('float64', 'float32'),
      fc.constantFrom<F>('float64', 'float32'),
      fc.nat(),
    ),
  );

describe('SpGEMM Wasm count and fill equal the JavaScript loops', () => {
  it('bitwise, every piece, stale scratch', () => {
    fc.assert(
      fc.property(cases, ([[m, , n], A, B, da, db, dc, seed]) => {
        const lo = seed % (m + 1);
        const hi = lo + ((seed >> 8) % (m - lo + 1));
        const { alloc, run } = arena();
        const AP = alloc(Int32Array, A.ptr);
        const AI = alloc(Int32Array, A.idx);
        const AV = alloc(CTOR[da] as unknown as typeof Float64Array, A.v);
        const BP = alloc(Int32Array, B.ptr);
        const BI = alloc(Int32Array, B.idx);
        const BV = alloc(CTOR[db] as unknown as typeof Float64Array, B.v);
        // Stale scratch: marks that look like this piece's rows.
        const stale = (bytes: number) => {
          const s = alloc(Int32Array, Math.ceil(bytes / 4) + 1);
          for (let k = 0; k < s.length; k++) s[k] = (k * 7 + seed) % (m + 1);
          return s;
        };
        const c1 = alloc(Int32Array, m + 1).fill(-5);
        const c2 = alloc(Int32Array, m + 1).fill(-5);
        spgemmSymbolic(AP, AI, BP, BI, n, c1, lo, hi);
        run(spgemmCountWasm())(
          at(AP),
          at(AI),
          at(BP),
          at(BI),
          n,
          at(c2),
          lo,
          hi,
          at(stale(spgemmCountScratch(n))),
          1,
        );
        same(c2, c1, 'counts');
        // Full structure for the fill.
        const cp = alloc(Int32Array, m + 1);
        spgemmSymbolic(AP, AI, BP, BI, n, cp, 0, m);
        cp[0] = 0;
        for (let i = 0; i < m; i++) cp[i + 1]! += cp[i]!;
        const nnz = cp[m]!;
        const outs = [0, 1].map(() => ({
          ci: alloc(Int32Array, nnz).fill(-7),
          cv: alloc(CTOR[dc] as unknown as typeof Float64Array, nnz).fill(42),
          ex: alloc(Int32Array, m + 1).fill(-9),
        }));
        const o0 = outs[0]!;
        const o1 = outs[1]!;
        const f1 = spgemmNumeric(AP, AI, AV, BP, BI, BV, n, cp, o0.ci, o0.cv, o0.ex, lo, hi);
        // As the launches call it: the piece in two calls over ascending rows, only the first
        // resetting the scratch (the second relies on the marks and bitmaps the first left).
        const fill = run(spgemmFillWasm(da, db, dc)!);
        const scr = at(stale(spgemmFillScratch(n)));
        const mid = lo + ((seed >> 4) % (hi - lo + 1));
        let f2 = 1;
        for (const [l, h, reset] of [
          [lo, mid, 1],
          [mid, hi, 0],
        ] as const) {
          const z = fill(
            at(AP),
            at(AI),
            at(AV),
            at(BP),
            at(BI),
            at(BV),
            n,
            at(cp),
            at(o1.ci),
            at(o1.cv),
            at(o1.ex),
            l,
            h,
            scr,
            reset,
          );
          if (z === 0) f2 = 0;
        }
        expect(f2).toBe(f1);
        same(o1.ex, o0.ex, 'exact');
        // Compare each row's kept entries (what follows them is unspecified scratch of the row).
        for (let i = lo; i < hi; i++) {
          const e = cp[i]! + o0.ex[i + 1]!;
          same(o1.ci.subarray(cp[i]!, e), o0.ci.subarray(cp[i]!, e), `row ${i} indices`);
          same(o1.cv.subarray(cp[i]!, e), o0.cv.subarray(cp[i]!, e), `row ${i} values`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('integer values have no Wasm form', () => {
    expect(spgemmFillWasm('int32', 'float64', 'float64')).toBeNull();
    expect(spgemmFillWasm('float64', 'float64', 'int32')).toBeNull();
  });
});
