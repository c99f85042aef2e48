/**
 * Host matrices of the dense factorizations: a stack of n-D input read as row-major float64
 * matrices, results written back as ndarrays, and the O(n³) trailing update `C -= A·B` that the
 * blocked factorizations hand to the parallel matrix product (`linalg.ts`, the Wasm GEMM kernel)
 * when it is large.
 */
import { ShapeError } from '../../runtime/index.js';
import { array } from '../creation.js';
import { fmtShape } from '../errors.js';
import { matmul } from '../linalg.js';
import type { ndarray } from '../ndarray.js';
import { reshape } from '../shape.js';

/** A stack of m×n matrices, each row-major float64. */
export interface Stack {
  /** The leading (batch) dimensions. */
  batch: number[];
  m: number;
  n: number;
  mats: Float64Array[];
  /** The dtype of results: float32 for float32 input, else float64 (NumPy's linalg types). */
  dtype: 'float32' | 'float64';
}

/**
 * Reads `a` (at least 2-D) as a stack of matrices.
 * @throws {ShapeError} when `a` has fewer than two dimensions, or is not square when `square`
 */
export function readStack(fn: string, a: ndarray, square: boolean, arg = 'a'): Stack {
  if (a.ndim < 2) {
    throw new ShapeError(
      `${fn}: argument '${arg}' expected an array of at least two dimensions, received shape ${fmtShape(a.shape)}`,
    );
  }
  const m = a.shape[a.ndim - 2]!;
  const n = a.shape[a.ndim - 1]!;
  if (square && m !== n) {
    throw new ShapeError(
      `${fn}: argument '${arg}' expected square matrices (last two dimensions equal), received shape ${fmtShape(a.shape)}`,
    );
  }
  const batch = a.shape.slice(0, -2);
  const flat = a.toArray() as ArrayLike<number>;
  const count = batch.reduce((x, y) => x * y, 1);
  const mats: Float64Array[] = [];
  for (let q = 0; q < count; q++) {
    const x = new Float64Array(m * n);
    for (let i = 0; i < m * n; i++) x[i] = Number(flat[q * m * n + i]);
    mats.push(x);
  }
  return { batch, m, n, mats, dtype: a.dtype === 'float32' ? 'float32' : 'float64' };
}

/**
 * Writes host results back as one ndarray of shape `[...batch, ...shape]`.
 * @returns the array (float64, or float32 when asked)
 */
export function writeStack(
  parts: readonly Float64Array[],
  batch: readonly number[],
  shape: readonly number[],
  dtype: 'float32' | 'float64',
): ndarray {
  const each = shape.reduce((x, y) => x * y, 1);
  const all =
    dtype === 'float32' ? new Float32Array(each * parts.length) : new Float64Array(each * parts.length);
  parts.forEach((p, q) => {
    all.set(p, q * each);
  });
  return reshape(array(all), [...batch, ...shape]);
}

/** Below this many multiply-adds the trailing update runs on the calling thread. */
export const GEMM_LAUNCH_FLOPS = 1 << 21;

/**
 * `C[r0:r0+m, c0:c0+n] -= A·B` on row-major host matrices: A is `m×k` (rows of `a` from `a0`, row
 * stride `lda`, column offset `ac`), B is `k×n` (`b`, `b0`, `ldb`, `bc`). Large updates run as one
 * parallel matrix-product launch (the Wasm GEMM micro-kernel) whose result is subtracted here.
 */
export function gemmSub(
  c: Float64Array,
  ldc: number,
  r0: number,
  c0: number,
  m: number,
  n: number,
  k: number,
  a: Float64Array,
  lda: number,
  a0: number,
  ac: number,
  b: Float64Array,
  ldb: number,
  b0: number,
  bc: number,
): void {
  if (m === 0 || n === 0 || k === 0) return;
  if (m * n * k >= GEMM_LAUNCH_FLOPS) {
    const A = new Float64Array(m * k);
    for (let i = 0; i < m; i++) A.set(a.subarray((a0 + i) * lda + ac, (a0 + i) * lda + ac + k), i * k);
    const B = new Float64Array(k * n);
    for (let p = 0; p < k; p++) B.set(b.subarray((b0 + p) * ldb + bc, (b0 + p) * ldb + bc + n), p * n);
    const P = matmul(reshape(array(A), [m, k]), reshape(array(B), [k, n])).toArray() as Float64Array;
    for (let i = 0; i < m; i++) {
      const ci = (r0 + i) * ldc + c0;
      for (let j = 0; j < n; j++) c[ci + j]! -= P[i * n + j]!;
    }
    return;
  }
  for (let i = 0; i < m; i++) {
    const ci = (r0 + i) * ldc + c0;
    const ai = (a0 + i) * lda + ac;
    for (let p = 0; p < k; p++) {
      const f = a[ai + p]!;
      if (f === 0) continue;
      const bp = (b0 + p) * ldb + bc;
      for (let j = 0; j < n; j++) c[ci + j]! -= f * b[bp + j]!;
    }
  }
}

/** The transpose of a row-major m×n matrix. */
export function transposed(a: Float64Array, m: number, n: number): Float64Array {
  const t = new Float64Array(m * n);
  for (let i = 0; i < m; i++) for (let j = 0; j < n; j++) t[j * m + i] = a[i * n + j]!;
  return t;
}

/** Row-major product of host matrices (small sizes: results, not factorizations). */
export function mul(a: Float64Array, b: Float64Array, m: number, k: number, n: number): Float64Array {
  const c = new Float64Array(m * n);
  gemmSub(c, n, 0, 0, m, n, k, a, k, 0, 0, b, n, 0, 0);
  for (let i = 0; i < c.length; i++) c[i] = -c[i]!;
  return c;
}
