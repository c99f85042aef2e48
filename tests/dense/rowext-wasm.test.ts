/**
 * `min`/`max`/`argmin`/`argmax` along contiguous float64 rows run two rows per SIMD vector
 * (dense/rowext-wasm.ts) when the array lives in the region heap. The module alone equals the
 * JavaScript loop's rule row by row (ties keep the first index, a NaN wins and ends the row, a
 * NaN first element stays); `np.min(x, {axis})` and friends equal a plain loop on heap arrays and
 * on arrays in their own buffers (the JavaScript loop), for rows of every length, odd row counts,
 * reversed and strided views, at pool sizes 0, 1, 2; and the heap case reaches the module.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { rowExtremeWasmBytes } from '../../dense/rowext-wasm.js';
import { configure, DefaultMapper } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

const wasmApi = (globalThis as any).WebAssembly;

/** The kernels' rule: from element 0, `!(v >= kept)` (max: `!(v <= kept)`) replaces it, unless it is NaN. */
function ref(row: ArrayLike<number>, max: boolean, arg: boolean): number {
  let acc = row[0]!;
  let ai = 0;
  for (let k = 1; k < row.length && !Number.isNaN(acc); k++) {
    const v = row[k]!;
    if (max ? !(v <= acc) : !(v >= acc)) {
      acc = v;
      ai = k;
    }
  }
  return arg ? ai : acc;
}

const value = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -20, max: 20 }).map((i) => i / 4) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, Number.NaN, Infinity, -Infinity) },
);
const KINDS = [
  ['min', false, false],
  ['max', true, false],
  ['argmin', false, true],
  ['argmax', true, true],
] as const;

const FNS = { min: np.min, max: np.max, argmin: np.argmin, argmax: np.argmax } as Record<
  string,
  (x: np.ndarray, o: { axis: number }) => np.ndarray
>;

describe('the row extremes module', () => {
  it.each(KINDS)('%s equals the loop row by row', (_, max, arg) => {
    const mem = new wasmApi.Memory({ initial: 2, maximum: 2, shared: true });
    const kernel = new wasmApi.Instance(new wasmApi.Module(rowExtremeWasmBytes(max, arg)), { e: { mem } })
      .exports.kernel as (...a: number[]) => void;
    const f = new Float64Array(mem.buffer);
    const i32 = new Int32Array(mem.buffer);
    fc.assert(
      fc.property(
        fc.record({ rows: fc.integer({ min: 0, max: 9 }), n: fc.integer({ min: 1, max: 40 }) }).chain((s) =>
          fc.record({
            s: fc.constant(s),
            v: fc.array(value, { minLength: s.rows * s.n, maxLength: s.rows * s.n }),
            gap: fc.integer({ min: 0, max: 3 }),
          }),
        ),
        ({ s: { rows, n }, v, gap }) => {
          // Rows `n + gap` elements apart from byte 8192; outputs from byte 0.
          const ld = n + gap;
          for (let r = 0; r < rows; r++) for (let j = 0; j < n; j++) f[1024 + r * ld + j] = v[r * n + j]!;
          const w = arg ? 4 : 8;
          kernel(0, w, 8192, 8 * ld, n, rows);
          for (let r = 0; r < rows; r++) {
            const got = arg ? i32[r]! : f[r]!;
            expect(Object.is(got, ref(v.slice(r * n, r * n + n), max, arg))).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe.each(POOLS)('axis extremes of float64 rows at pool size %i', (workers) => {
  it('equal the loop in the heap and in own buffers, on views', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 }) });
    fc.assert(
      fc.property(
        fc.record({ r: fc.integer({ min: 1, max: 60 }), c: fc.integer({ min: 1, max: 25 }) }).chain((s) =>
          fc.record({
            s: fc.constant(s),
            v: fc.array(value, { minLength: s.r * s.c, maxLength: s.r * s.c }),
          }),
        ),
        ({ s: { r, c }, v }) => {
          const heap = np.array(v).reshape(r, c);
          const b = new Float64Array(new SharedArrayBuffer(8 * r * c));
          b.set(v);
          const own = np.asarray(b).reshape(r, c);
          const rowsOf = (order: number[]) => order.map((i) => v.slice(i * c, i * c + c));
          const forward = rowsOf([...Array(r).keys()]);
          const backward = rowsOf([...Array(r).keys()].reverse());
          for (const [name, max, arg] of KINDS) {
            const f = FNS[name];
            for (const [x, rows, what] of [
              [heap, forward, 'heap'],
              [own, forward, 'own'],
              [heap.get('::-1'), backward, 'reversed'],
            ] as const) {
              const got = Array.from(f(x, { axis: 1 }).toArray() as ArrayLike<number>);
              const want = rows.map((row) => ref(row, max, arg));
              if (!got.every((g, i) => Object.is(g, want[i])))
                expect([name, what, got]).toEqual([name, what, want]);
            }
            // Strided rows (every other column): the JavaScript loop.
            if (c > 1) {
              const got = Array.from(f(heap.get(':, ::2'), { axis: 1 }).toArray() as ArrayLike<number>);
              const want = forward.map((row) =>
                ref(
                  row.filter((_, j) => j % 2 === 0),
                  max,
                  arg,
                ),
              );
              expect(got.every((g, i) => Object.is(g, want[i]))).toBe(true);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

it('heap rows reach the module (pool size 0)', () => {
  configure({ workers: 0, mapper: new DefaultMapper() });
  const a = np.array(Array.from({ length: 300 }, (_, i) => Math.sin(i))).reshape(30, 10);
  np.argmin(a, { axis: 1 }).toArray();
  // The kernel keeps the module's instance on this thread's globalThis (reduce-kernels.ts).
  const held = (globalThis as Record<string, unknown>).__cohortRowExt_argmin as {
    fn: (...a: number[]) => void;
  };
  const inner = held.fn;
  let calls = 0;
  held.fn = (...args: number[]) => {
    calls++;
    inner(...args);
  };
  try {
    const got = Array.from(np.argmin(a, { axis: 1 }).toArray() as ArrayLike<number>);
    const rows = Array.from({ length: 30 }, (_, i) =>
      Array.from({ length: 10 }, (_, j) => Math.sin(i * 10 + j)),
    );
    expect(got).toEqual(rows.map((row) => ref(row, false, true)));
    expect(calls).toBe(1);
  } finally {
    held.fn = inner;
  }
});
