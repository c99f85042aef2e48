/**
 * The float64 GEMV y = M·x for a *short* y and a *long* k with M's columns contiguous — `x @ A`
 * and `A.T @ x` on a tall row-major A (logreg's and linreg's `error @ X`, X of 125,000 × 32).
 * Partitioned by rows of y (kernels-gemv.ts), every worker would read all of A for a few rows
 * each; here k is cut into blocks instead, a function of k only (`gemvSplitBlock`):
 * - `GEMV_SPLIT_F64`: P[b, i] = Σ_{j in block b} M[i, j]·x[j], the launch's key P of shape
 *   (blocks, rows) — any tile of it: the blocks and rows a task owns — each P[b, i] in the column
 *   sweep's order (columns in groups of four from the block's first, y += ((x0·c0 + x1·c1) +
 *   (x2·c2 + x3·c3)), the last columns one at a time), on the Wasm sweep of `gemv-wasm.ts` for the
 *   even rows of a chunk, JavaScript in the same order otherwise;
 * - `GEMV_COMBINE_F64`: y[i] = ((P[0, i] + P[1, i]) + P[2, i]) + …, block order.
 * So every y[i] depends on k, the block size and the values only: the same bits at every worker
 * count and partition (tests/dense/gemv.test.ts).
 */
import { registerKernel, type TaskContext } from '../runtime/index.js';
import { gemvColumnsWasmBytes } from './gemv-wasm.js';
import { GEMV_COMBINE_F64, GEMV_SPLIT_F64 } from './kernel-names.js';

/** Stands for the column sweep's bytes in the kernel's source; replaced by an array literal (or null). */
declare const __GEMV_COLS_WASM__: number[] | null;

/** The slice of the WebAssembly API used here (the project's `lib` has no WebAssembly types). */
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

/**
 * Columns per block of k for a product with k columns: at least 4096 (a block's partials
 * cost one extra pass over rows × blocks), at most 16 blocks, a multiple of 8.
 * @param k the length of the sum
 * @returns the block length
 * @example gemvSplitBlock(125_000) // 7816
 */
export function gemvSplitBlock(k: number): number {
  return Math.max(4096, Math.ceil(k / 16 / 8) * 8);
}

/** Args: P (key, write-discard, 2-D blocks × rows), M (broadcast, 2-D rows × k), x (broadcast); scalar: block length. */
const splitKernel = (t: TaskContext): void => {
  const P = t.arrays[0] as Float64Array;
  const M = t.arrays[1] as Float64Array;
  const X = t.arrays[2] as Float64Array;
  const po = t.offsets[0]!;
  const pb = t.strides[0]![0]!;
  const pi = t.strides[0]![1]!;
  const mo = t.offsets[1]!;
  const m0 = t.strides[1]![0]!;
  const m1 = t.strides[1]![1]!;
  const xo = t.offsets[2]!;
  const xs = t.strides[2]![0]!;
  const K = t.shapes[1]![1]!;
  const KB = t.scalars[0]!;
  const g = globalThis as unknown as {
    WebAssembly: WasmApi;
    __cohortGemvSplit?: {
      mem: unknown;
      cols:
        | ((yp: number, cp: number, ldc: number, xp: number, xs: number, nc: number, n: number) => void)
        | null;
    };
  };
  const heap = t.heap;
  let w = g.__cohortGemvSplit;
  if (heap && (w === undefined || w.mem !== heap)) {
    const bytes = __GEMV_COLS_WASM__;
    const Wasm = g.WebAssembly;
    w = {
      mem: heap,
      cols:
        bytes === null
          ? null
          : (new Wasm.Instance(new Wasm.Module(new Uint8Array(bytes)), { e: { mem: heap } }).exports
              .kernel as (
              yp: number,
              cp: number,
              ldc: number,
              xp: number,
              xs: number,
              nc: number,
              n: number,
            ) => void),
    };
    g.__cohortGemvSplit = w;
  }
  const colsW = heap && w ? w.cols : null;
  const IB = 1024;
  for (let b = t.lo[0]!; b < t.hi[0]!; b++) {
    const j0 = b * KB;
    const nc = Math.min(K, j0 + KB) - j0;
    for (let c0 = t.lo[1]!; c0 < t.hi[1]!; c0 += IB) {
      const n = Math.min(t.hi[1]!, c0 + IB) - c0;
      const yb = po + b * pb + c0 * pi;
      const mb = mo + c0 * m0 + j0 * m1;
      const xb = xo + j0 * xs;
      for (let i = 0; i < n; i++) P[yb + i * pi] = 0;
      let first = 0;
      if (colsW !== null && pi === 1 && m0 === 1) {
        first = n & ~1;
        colsW(P.byteOffset + 8 * yb, M.byteOffset + 8 * mb, 8 * m1, X.byteOffset + 8 * xb, 8 * xs, nc, first);
      }
      if (first === n) continue;
      let j = 0;
      for (; j + 3 < nc; j += 4) {
        const x0 = X[xb + j * xs]!;
        const x1 = X[xb + (j + 1) * xs]!;
        const x2 = X[xb + (j + 2) * xs]!;
        const x3 = X[xb + (j + 3) * xs]!;
        const p0 = mb + j * m1;
        const p1 = p0 + m1;
        const p2 = p1 + m1;
        const p3 = p2 + m1;
        for (let i = first; i < n; i++) {
          const q = i * m0;
          P[yb + i * pi] += x0 * M[p0 + q]! + x1 * M[p1 + q]! + (x2 * M[p2 + q]! + x3 * M[p3 + q]!);
        }
      }
      for (; j < nc; j++) {
        const xj = X[xb + j * xs]!;
        const p = mb + j * m1;
        for (let i = first; i < n; i++) P[yb + i * pi] += xj * M[p + i * m0]!;
      }
    }
  }
};

/** Args: y (key, write-discard, 1-D), P (broadcast, blocks × rows). */
const combineKernel = (t: TaskContext): void => {
  const Y = t.arrays[0] as Float64Array;
  const P = t.arrays[1] as Float64Array;
  const yo = t.offsets[0]!;
  const ys = t.strides[0]![0]!;
  const po = t.offsets[1]!;
  const pb = t.strides[1]![0]!;
  const pi = t.strides[1]![1]!;
  const nb = t.shapes[1]![0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) {
    let s = P[po + i * pi]!;
    for (let b = 1; b < nb; b++) s += P[po + b * pb + i * pi]!;
    Y[yo + i * ys] = s;
  }
};

{
  const api = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  const bytes = gemvColumnsWasmBytes();
  const literal = api?.validate(bytes) ? `[${Array.from(bytes).join(',')}]` : 'null';
  const source = splitKernel.toString().replace(/\b__GEMV_COLS_WASM__\b/, literal);
  // Products and sums of any numbers, NaN and ±Inf included: neither kernel throws.
  registerKernel(GEMV_SPLIT_F64, new Function(`return (${source});`)() as (t: TaskContext) => void, {
    source,
    nothrow: true,
  });
  registerKernel(GEMV_COMBINE_F64, combineKernel, { nothrow: true });
}
