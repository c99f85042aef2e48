/**
 * Sums over an outer axis (`sum(X, axis=0)` of a C-ordered X, dense/reduce-kernels.ts): float64
 * rows in the region heap run the WebAssembly column-sum loop (dense/colsum-wasm.ts), everything
 * else the JavaScript loop. Both add each column in row order from +0 — NumPy's order for such a
 * reduction — so the result is checked bit for bit against that naive loop, on random shapes and
 * values (NaN, ±0, ±Inf, subnormals, wide magnitudes), on contiguous arrays, row-sliced and
 * row-strided views, a transpose over its outer axis and float32 (the JavaScript loop), at pool
 * sizes 0, 1 and 2; and the module itself against the loop on blocks wider than one column block.
 */
import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { COLSUM_BLOCK, colsumWasmBytes } from '../../dense/colsum-wasm.js';

afterAll(() => configure({ workers: 0 }));

const SPECIAL = [Number.NaN, 0, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 5e-324, -2.2e-308];

/** A value: mostly random of any magnitude, sometimes special. */
const value = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 12, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }) },
  { weight: 2, arbitrary: fc.double({ noNaN: true }) },
);

/** Column sums of a row-major [rows, cols] matrix, each column in row order from +0. */
function naive(a: ArrayLike<number>, rows: number, cols: number): number[] {
  const out: number[] = [];
  for (let j = 0; j < cols; j++) {
    let acc = 0;
    for (let i = 0; i < rows; i++) acc += a[i * cols + j]!;
    out.push(acc);
  }
  return out;
}

const same = (got: ArrayLike<number>, want: number[]) => {
  expect(got.length).toBe(want.length);
  for (let j = 0; j < want.length; j++) {
    const g = got[j]!;
    const w = want[j]!;
    if (!(Number.isNaN(g) && Number.isNaN(w)))
      expect(Object.is(g, w), `column ${j}: ${g} vs ${w}`).toBe(true);
  }
};

describe('sum over an outer axis', () => {
  for (const workers of [0, 1, 2]) {
    it(`equals the in-order column sums bit for bit, every layout (pool size ${workers})`, () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.integer({ min: 2, max: 40 }),
          fc.integer({ min: 2, max: 300 }),
          fc.integer({ min: 0, max: 1_000_000 }),
          (rows, cols, seed) => {
            const vals = fc.sample(value, { numRuns: rows * cols, seed });
            const a = np.array(Float64Array.from(vals)).reshape(rows, cols);
            // Contiguous rows.
            same(np.sum(a, 0).toArray() as Float64Array, naive(vals, rows, cols));
            // Rows sliced (an offset and a row stride wider than the columns kept).
            const sliced = a.get(':, 1:') as np.ndarray;
            const sv = sliced.toArray() as Float64Array;
            same(np.sum(sliced, 0).toArray() as Float64Array, naive(sv, rows, cols - 1));
            // Every other row.
            const strided = a.get('::2') as np.ndarray;
            const st = strided.toArray() as Float64Array;
            same(np.sum(strided, 0).toArray() as Float64Array, naive(st, strided.shape[0]!, cols));
            // The mean divides the same sums.
            const m = np.mean(a, 0).toArray() as Float64Array;
            const sums = naive(vals, rows, cols);
            same(
              m,
              sums.map((s) => s / rows),
            );
          },
        ),
        { numRuns: 25 },
      );
      if (workers === 0) {
        // The issuing thread ran the module (a float64 matrix in the heap, at pool size 0).
        expect((globalThis as { __cohortColsum?: unknown }).__cohortColsum).toBeDefined();
      }
    });
  }

  it('keeps the JavaScript loop for float32; a transpose over its outer axis sums in order', () => {
    configure({ workers: 2 });
    const rows = 33;
    const cols = 17;
    const vals = Array.from({ length: rows * cols }, (_, i) => Math.sin(i) * 10 ** (i % 7));
    const f32 = np.array(Float32Array.from(vals)).reshape(rows, cols);
    const f32vals = Float32Array.from(vals);
    // The JavaScript loop accumulates float32 columns in float64 and rounds once (NumPy rounds
    // every addition to float32: the last bits can differ from NumPy's here).
    same(
      np.sum(f32, 0).toArray() as Float32Array,
      naive(f32vals, rows, cols).map((v) => Math.fround(v)),
    );
    // A transpose summed over its second axis: that axis is the outer one in memory (the
    // original's rows), so each sum runs in order — the original's column sums, through the module.
    const a = np.array(Float64Array.from(vals)).reshape(rows, cols);
    same(np.sum(np.transpose(a), 1).toArray() as Float64Array, naive(vals, rows, cols));
  });

  it('the module sums blocks wider than one column block, odd widths and empty row sets alike', () => {
    // The project's lib has no WebAssembly types (as the runtime's modules, a local view of the API).
    const Wasm = (
      globalThis as unknown as {
        WebAssembly: {
          Memory: new (d: object) => { buffer: SharedArrayBuffer };
          Module: new (b: Uint8Array) => object;
          Instance: new (m: object, i: object) => { exports: Record<string, unknown> };
        };
      }
    ).WebAssembly;
    const mem = new Wasm.Memory({ initial: 64, maximum: 65536, shared: true });
    const sum = new Wasm.Instance(new Wasm.Module(colsumWasmBytes()), { e: { mem } }).exports.kernel as (
      op: number,
      xp: number,
      rb: number,
      w: number,
      n: number,
    ) => void;
    const H = new Float64Array(mem.buffer);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 2 * COLSUM_BLOCK + 5 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (n, w, pad, seed) => {
          const ld = w + pad;
          const xo = 16;
          const oo = xo + n * ld + 8;
          const vals = fc.sample(value, { numRuns: Math.max(1, n * ld), seed });
          for (let i = 0; i < n * ld; i++) H[xo + i] = vals[i]!;
          H[oo - 1] = 7;
          H[oo + w] = 9;
          sum(8 * oo, 8 * xo, 8 * ld, w, n);
          const want: number[] = [];
          for (let j = 0; j < w; j++) {
            let acc = 0;
            for (let k = 0; k < n; k++) acc += H[xo + k * ld + j]!;
            want.push(acc);
          }
          same(H.subarray(oo, oo + w), want);
          // Nothing outside the outputs is written.
          expect([H[oo - 1], H[oo + w]]).toEqual([7, 9]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
