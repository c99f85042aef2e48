/**
 * `linalg.lstsq pinv` and the SVD-based matrix norms (`ord` 2, -2, 'nuc' of `linalg.norm`), all
 * from the Jacobi SVD (`svd.ts`) with NumPy's cut-offs.
 */
import { ShapeError, ValueError } from '../../runtime/index.js';
import { fmtShape } from '../errors.js';
import type { ndarray } from '../ndarray.js';
import { axesArg } from '../reduce.js';
import { reshape, transpose } from '../shape.js';
import { type ArrayInput, sig } from '../sig.js';
import { svdHermitian } from './decomp-api.js';
import { readStack, writeStack } from './matrix.js';
import { type Svd, svdHost } from './svd.js';

const EPS = 2 ** -52;

/** x = V·diag(1/s where s > cut)·Uᵀ·b for the m×n matrix of the SVD, b m×k; and the rank. */
function pseudoSolve(
  r: Svd,
  m: number,
  n: number,
  b: Float64Array,
  k: number,
  cut: number,
): [Float64Array, number] {
  const s = r.s;
  const kk = s.length;
  const u = r.u!;
  const vh = r.vh!;
  const ku = u.length / m;
  let rank = 0;
  const t = new Float64Array(kk * k);
  for (let i = 0; i < kk; i++) {
    if (!(s[i]! > cut)) continue;
    rank++;
    for (let p = 0; p < m; p++) {
      const f = u[p * ku + i]!;
      if (f === 0) continue;
      for (let c = 0; c < k; c++) t[i * k + c]! += f * b[p * k + c]!;
    }
    for (let c = 0; c < k; c++) t[i * k + c]! /= s[i]!;
  }
  const x = new Float64Array(n * k);
  for (let i = 0; i < kk; i++) {
    for (let j = 0; j < n; j++) {
      const f = vh[i * n + j]!;
      if (f === 0) continue;
      for (let c = 0; c < k; c++) x[j * k + c]! += f * t[i * k + c]!;
    }
  }
  return [x, rank];
}

/** Keyword options of {@link lstsq}. */
export interface LstsqOptions {
  /** Singular values ≤ rcond·max(s) are treated as zero (default ε·max(M, N); negative: ε). */
  rcond?: number | null;
}

/**
 * Least-squares solution of `a @ x = b` (NumPy's `linalg.lstsq`), through the SVD of a.
 * @param a an array_like matrix `[M, N]`
 * @param b an array_like `[M]` or `[M, K]`
 * @param rcond the cut-off ratio for small singular values, or the options object
 * @returns `[x, residuals, rank, s]`: x `[N]`/`[N, K]`; the squared residual norms `[1]`/`[K]` when
 *   rank is N and M > N, else an empty array; the rank of a; its singular values
 * @throws {ShapeError} when a is not 2-D or b does not have M rows
 * @example
 * const [x, res, rank] = np.linalg.lstsq([[1, 0], [1, 1], [1, 2]], [1, 2, 4]);
 * rank // 2
 */
export const lstsq = sig<
  (
    a: ArrayInput,
    b: ArrayInput,
    rcond?: number | null | LstsqOptions,
    opts?: LstsqOptions,
  ) => [ndarray, ndarray, number, ndarray]
>('linalg.lstsq(a: array_like, b: array_like, rcond: number = None)', ((
  a: ndarray,
  b: ndarray,
  rcond?: number,
) => {
  const fn = 'linalg.lstsq';
  if (a.ndim !== 2) {
    throw new ShapeError(`${fn}: argument 'a' expected a 2-D array, received shape ${fmtShape(a.shape)}`);
  }
  const [m, n] = a.shape as [number, number];
  if ((b.ndim !== 1 && b.ndim !== 2) || b.shape[0] !== m) {
    throw new ShapeError(
      `${fn}: argument 'b' expected shape [${m}] or [${m}, K], received shape ${fmtShape(b.shape)}`,
    );
  }
  const k = b.ndim === 1 ? 1 : b.shape[1]!;
  const A = readStack(fn, a, false).mats[0]!;
  const bh = Float64Array.from(b.toArray() as ArrayLike<number>);
  const r = svdHost(fn, A, m, n, true, false);
  const rc = rcond === undefined || rcond === null ? EPS * Math.max(m, n) : rcond < 0 ? EPS : rcond;
  const smax = r.s.length > 0 ? r.s[0]! : 0;
  const [x, rank] = pseudoSolve(r, m, n, bh, k, rc * smax);
  let res = new Float64Array(0);
  if (rank === n && m > n) {
    res = new Float64Array(k);
    for (let i = 0; i < m; i++) {
      for (let c = 0; c < k; c++) {
        let v = bh[i * k + c]!;
        for (let j = 0; j < n; j++) v -= A[i * n + j]! * x[j * k + c]!;
        res[c]! += v * v;
      }
    }
  }
  const dtype = a.dtype === 'float32' && b.dtype === 'float32' ? 'float32' : 'float64';
  return [
    writeStack([x], [], b.ndim === 1 ? [n] : [n, k], dtype),
    writeStack([res], [], [res.length], dtype),
    rank,
    writeStack([r.s], [], [r.s.length], dtype),
  ];
}) as never);

/** Keyword options of {@link pinv}. */
export interface PinvOptions {
  /** Singular values ≤ rcond·max(s) are dropped (default max(M, N)·ε). */
  rcond?: number | null;
  /** a is symmetric: use `eigh`. */
  hermitian?: boolean;
  /** The same cut-off as rcond (NumPy 2's name); give one of them. */
  rtol?: number | null;
}

/**
 * The Moore–Penrose pseudo-inverse (NumPy's `linalg.pinv`), through the SVD.
 * @param a an array_like of matrices `[..., M, N]`
 * @param rcond the relative cut-off for small singular values, or the options object
 * @param hermitian a is symmetric (default false)
 * @returns the pseudo-inverses `[..., N, M]`
 * @throws {ShapeError} when a has fewer than two dimensions
 * @example np.linalg.pinv([[2, 0], [0, 0]]).tolist() // [[0.5, 0], [0, 0]]
 */
export const pinv = sig<
  (
    a: ArrayInput,
    rcond?: number | null | PinvOptions,
    hermitian?: boolean | PinvOptions,
    opts?: PinvOptions,
  ) => ndarray
>('linalg.pinv(a: array_like, rcond: number = None, hermitian: bool = False, *, rtol: number = None)', ((
  a: ndarray,
  rcond: number | undefined,
  hermitian: boolean,
  rtol: number | undefined,
) => {
  const fn = 'linalg.pinv';
  if (rcond !== undefined && rtol !== undefined) {
    throw new ValueError(
      `${fn}: argument 'rtol' expected to be absent when 'rcond' is given (NumPy: "rtol and rcond can't be both set"), received ${rtol}`,
    );
  }
  const A = readStack(fn, a, hermitian);
  const { m, n } = A;
  const rc = rcond ?? rtol ?? Math.max(m, n) * EPS;
  const out = A.mats.map((x) => {
    const r = hermitian ? svdHermitian(fn, x, n) : svdHost(fn, x, m, n, true, false);
    const smax = r.s.length > 0 ? r.s[0]! : 0;
    const e = new Float64Array(m * m);
    for (let i = 0; i < m; i++) e[i * m + i] = 1;
    return pseudoSolve(r, m, n, e, m, rc * smax)[0];
  });
  return writeStack(out, A.batch, [n, m], A.dtype);
}) as never);

/**
 * The SVD matrix norms over two axes: 2 (largest singular value), -2 (smallest), 'nuc' (sum).
 * @returns the norms, the two axes removed (or kept as size 1)
 */
export function svdNorm(x: ndarray, ord: 2 | -2 | 'nuc', axis: unknown, keepdims: boolean): ndarray {
  const fn = 'linalg.norm';
  const axes = (axesArg(fn, axis as never, x.ndim) ?? [...x.shape.keys()]) as number[];
  const rest = [...x.shape.keys()].filter((d) => !axes.includes(d));
  const moved = transpose(x, [...rest, ...axes]);
  const A = readStack(fn, moved, false, 'x');
  const vals = Float64Array.from(A.mats, (m) => {
    const s = A.m === 0 || A.n === 0 ? new Float64Array(0) : svdHost(fn, m, A.m, A.n, false, false).s;
    if (ord === 2) return s.length ? s[0]! : 0;
    if (ord === -2) return s.length ? s[s.length - 1]! : 0;
    return s.reduce((p, q) => p + q, 0);
  });
  const r = writeStack([vals], [], A.batch, A.dtype);
  return keepdims
    ? reshape(
        r,
        x.shape.map((d, i) => (axes.includes(i) ? 1 : d)),
      )
    : r;
}
