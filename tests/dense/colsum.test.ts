/**
 * Sums over an outer axis (`sum(X, axis=0)` of a C-ordered X, dense/reduce-kernels.ts): float64
 * rows in the region heap run the WebAssembly column-sum loop (dense/colsum-wasm.ts), everything
 * else the JavaScript loop. Both add each column in row order from +0 — NumPy's order for such a
 * reduction — so the result is checked bit for bit against that naive loop, on random shapes and
 * values (NaN, ±0, ±Inf, subnormals, wide magnitudes), on contiguous arrays, row-sliced and
 * row-strided views, a transpose over its outer axis and float32 (the JavaScript loop), at pool
 * sizes 0, 1 and 2; and the module itself against the loop on blocks wider than one column block.
 * Row sums of contiguous float64 rows run NumPy's pairwise summation as WebAssembly
 * (dense/pairwise-wasm.ts): checked against that summation, stated here, the same way.
 */
import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { COLSUM_BLOCK, colsumWasmBytes } from '../../dense/colsum-wasm.js';
import { pairwiseWasmBytes } from '../../dense/pairwise-wasm.js';

afterAll(() => configure({ workers: 0 }));

const SPECIAL = [Number.NaN, 0, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 5e-324, -2.2e-308];

/** A value: mostly random of any magnitude, sometimes special. */
const value = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 12, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }) },
  { weight: 2, arbitrary: fc.double({ noNaN: true }) },
);

/**
 * A finite value (signed zeros and subnormals now and then): long sums of {@link value} are almost
 * always NaN or ±Inf, which would hide a wrong order of additions.
 */
const finite = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(0, -0, 5e-324, -2.2e-308) },
  { weight: 20, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }) },
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

/**
 * A module's `kernel` export on a fresh shared memory of `pages` 64 KiB pages, and that memory as
 * float64. (The project's lib has no WebAssembly types: a local view of the API, as the runtime's.)
 */
function instantiate(bytes: Uint8Array, pages: number): { kernel: unknown; H: Float64Array } {
  const Wasm = (
    globalThis as unknown as {
      WebAssembly: {
        Memory: new (d: object) => { buffer: SharedArrayBuffer };
        Module: new (b: Uint8Array) => object;
        Instance: new (m: object, i: object) => { exports: Record<string, unknown> };
      };
    }
  ).WebAssembly;
  const mem = new Wasm.Memory({ initial: pages, maximum: 65536, shared: true });
  const kernel = new Wasm.Instance(new Wasm.Module(bytes), { e: { mem } }).exports.kernel;
  return { kernel, H: new Float64Array(mem.buffer) };
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
            const vals = fc.sample(seed % 4 === 0 ? value : finite, { numRuns: rows * cols, seed });
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
    const { kernel, H } = instantiate(colsumWasmBytes(), 64);
    const sum = kernel as (op: number, xp: number, rb: number, w: number, n: number) => void;
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
          const vals = fc.sample(seed % 4 === 0 ? value : finite, { numRuns: Math.max(1, n * ld), seed });
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

/** NumPy's pairwise_sum of a[o], a[o + 1], … (len of them), as dense/reduce-kernels.ts states it. */
function pairwise(a: ArrayLike<number>, o: number, len: number): number {
  if (len < 8) {
    let acc = 0;
    for (let k = 0; k < len; k++) acc += a[o + k]!;
    return acc;
  }
  if (len <= 128) {
    const s = [0, 1, 2, 3, 4, 5, 6, 7].map((j) => a[o + j]!);
    const e = len - (len % 8);
    let k = 8;
    for (; k < e; k += 8) for (let j = 0; j < 8; j++) s[j]! += a[o + k + j]!;
    let acc = s[0]! + s[1]! + (s[2]! + s[3]!) + (s[4]! + s[5]! + (s[6]! + s[7]!));
    for (; k < len; k++) acc += a[o + k]!;
    return acc;
  }
  let half = Math.floor(len / 2);
  half -= half % 8;
  return pairwise(a, o, half) + pairwise(a, o + half, len - half);
}

describe('row sums (pairwise) through the module', () => {
  for (const workers of [0, 1, 2]) {
    it(`equal NumPy's pairwise summation bit for bit (pool size ${workers})`, () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 12 }),
          fc.integer({ min: 1, max: 700 }),
          fc.integer({ min: 0, max: 1_000_000 }),
          (rows, cols, seed) => {
            const vals = fc.sample(seed % 4 === 0 ? value : finite, { numRuns: rows * cols, seed });
            const a = np.array(Float64Array.from(vals)).reshape(rows, cols);
            const want = [...Array(rows).keys()].map((i) => 0 + pairwise(vals, i * cols, cols));
            same(np.sum(a, 1).toArray() as Float64Array, want);
            // A row-sliced view: rows still contiguous, at an offset.
            if (cols > 1) {
              const v = (a.get(':, 1:') as np.ndarray).toArray() as Float64Array;
              same(
                np.sum(a.get(':, 1:') as np.ndarray, 1).toArray() as Float64Array,
                [...Array(rows).keys()].map((i) => 0 + pairwise(v, i * (cols - 1), cols - 1)),
              );
            }
          },
        ),
        { numRuns: 25 },
      );
      if (workers === 0) {
        expect((globalThis as { __cohortPairwise?: unknown }).__cohortPairwise).toBeDefined();
      }
    });
  }

  it('the module equals the summation on runs of every length up to 3,000', () => {
    const { kernel, H } = instantiate(pairwiseWasmBytes(), 1);
    const pw = kernel as (p: number, len: number) => number;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 1_000_000 }), (len, seed) => {
        const vals = fc.sample(seed % 4 === 0 ? value : finite, { numRuns: Math.max(1, len), seed });
        for (let i = 0; i < len; i++) H[3 + i] = vals[i]!;
        same([pw(8 * 3, len)], [pairwise(H, 3, len)]);
      }),
      { numRuns: 200 },
    );
  });
});
