/**
 * `linalg.qr eigh svd`, bound to NumPy's signatures and result conventions (tuples as arrays:
 * `[Q, R]`, `[w, v]`, `[U, S, Vh]`), on stacks of matrices.
 */
import { ValueError } from '../../runtime/index.js';
import { argMessage } from '../errors.js';
import type { ndarray } from '../ndarray.js';
import { type ArrayInput, sig } from '../sig.js';
import { symEig } from './eigh.js';
import { readStack, transposed, writeStack } from './matrix.js';
import { geqrf, orgqr, rOf } from './qr.js';
import { svdHost } from './svd.js';

/** `mode` of {@link qr}. */
export type QrMode = 'reduced' | 'complete' | 'r' | 'raw';
/** Keyword options of {@link qr}. */
export interface QrOptions {
  /** 'reduced' (Q m×k, R k×n), 'complete' (Q m×m, R m×n), 'r' (R only), 'raw' ([h, tau]). */
  mode?: QrMode;
}

/**
 * QR factorization by Householder reflections (NumPy's `linalg.qr`, LAPACK's sign conventions).
 * @param a an array_like of matrices `[..., M, N]`
 * @param mode 'reduced' (default), 'complete', 'r' or 'raw'; or the options object
 * @returns `[Q, R]`; R alone for 'r'; `[h, tau]` (h as LAPACK's column-major reflectors, shape
 *   `[..., N, M]`) for 'raw'
 * @throws {ShapeError} when a has fewer than two dimensions
 * @throws {ValueError} on an unknown mode
 * @example
 * const [q, r] = np.linalg.qr([[3, 0], [4, 5]]);
 * r.tolist() // [[-5, -4], [0, 3]]
 */
export const qr = sig<
  (a: ArrayInput, mode?: QrMode | QrOptions, opts?: QrOptions) => ndarray | [ndarray, ndarray]
>("linalg.qr(a: array_like, mode: str = 'reduced')", ((a: ndarray, mode: string) => {
  const fn = 'linalg.qr';
  if (!['reduced', 'complete', 'r', 'raw'].includes(mode)) {
    throw new ValueError(argMessage(fn, 'mode', "'reduced', 'complete', 'r' or 'raw'", mode));
  }
  const A = readStack(fn, a, false);
  const { m, n } = A;
  const k = Math.min(m, n);
  const fs = A.mats.map((x) => geqrf(x, m, n));
  if (mode === 'raw') {
    return [
      writeStack(
        fs.map((f) => transposed(f.h, m, n)),
        A.batch,
        [n, m],
        A.dtype,
      ),
      writeStack(
        fs.map((f) => f.tau),
        A.batch,
        [k],
        A.dtype,
      ),
    ];
  }
  const rows = mode === 'complete' ? m : k;
  const R = writeStack(
    fs.map((f) => rOf(f, rows)),
    A.batch,
    [rows, n],
    A.dtype,
  );
  if (mode === 'r') return R;
  const Q = writeStack(
    fs.map((f) => orgqr(f, rows)),
    A.batch,
    [m, rows],
    A.dtype,
  );
  return [Q, R];
}) as never);

/** Keyword options of {@link eigh}. */
export interface EighOptions {
  /** Which triangle of a to read: 'L' (default) or 'U'. */
  UPLO?: 'L' | 'U';
}

/**
 * Eigenvalues and eigenvectors of a symmetric matrix (NumPy's `linalg.eigh`): Householder
 * tridiagonalization and implicit QL; only the `UPLO` triangle is read.
 * @param a an array_like of square symmetric matrices `[..., M, M]`
 * @param UPLO 'L' (default) or 'U', or the options object
 * @returns `[w, v]`: eigenvalues ascending `[..., M]`, eigenvectors as the columns of v
 * @throws {ShapeError} when a is not a stack of square matrices
 * @throws {ValueError} when UPLO is not 'L' or 'U'
 * @throws {LinAlgError} when the iteration does not converge
 * @example
 * const [w, v] = np.linalg.eigh([[2, 1], [1, 2]]);
 * w.tolist() // [1, 3]
 */
export const eigh = sig<
  (a: ArrayInput, UPLO?: 'L' | 'U' | EighOptions, opts?: EighOptions) => [ndarray, ndarray]
>("linalg.eigh(a: array_like, UPLO: str = 'L')", ((a: ndarray, uplo: string) => {
  const fn = 'linalg.eigh';
  if (uplo !== 'L' && uplo !== 'U') throw new ValueError(argMessage(fn, 'UPLO', "'L' or 'U'", uplo));
  const A = readStack(fn, a, true);
  const n = A.n;
  const ws: Float64Array[] = [];
  const vs: Float64Array[] = [];
  for (const x of A.mats) {
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (uplo === 'L') x[i * n + j] = x[j * n + i]!;
        else x[j * n + i] = x[i * n + j]!;
      }
    }
    const [w, v] = symEig(fn, x, n);
    ws.push(w);
    vs.push(v);
  }
  return [writeStack(ws, A.batch, [n], A.dtype), writeStack(vs, A.batch, [n, n], A.dtype)];
}) as never);

/** Keyword options of {@link svd}. */
export interface SvdOptions {
  /** U m×m and Vh n×n (default), or U m×k and Vh k×n. */
  full_matrices?: boolean;
  /** Return `[U, S, Vh]` (default) or S alone. */
  compute_uv?: boolean;
  /** a is symmetric: use `eigh` (|eigenvalues| as singular values). */
  hermitian?: boolean;
}

/**
 * Singular value decomposition (NumPy's `linalg.svd`): Householder QR then one-sided Jacobi
 * (accurate small singular values); with `hermitian`, from `eigh`.
 * @param a an array_like of matrices `[..., M, N]`
 * @param full_matrices U m×m and Vh n×n (default true), or the options object
 * @param compute_uv return `[U, S, Vh]` (default true) or S alone
 * @param hermitian a is symmetric (default false)
 * @returns `[U, S, Vh]` with a = U·diag(S)·Vh and S descending; or S
 * @throws {ShapeError} when a has fewer than two dimensions
 * @throws {LinAlgError} when the iteration does not converge ("SVD did not converge")
 * @example np.linalg.svd([[3, 0], [0, -4]], { compute_uv: false }).tolist() // [4, 3]
 */
export const svd = sig<
  (
    a: ArrayInput,
    full_matrices?: boolean | SvdOptions,
    compute_uv?: boolean | SvdOptions,
    hermitian?: boolean | SvdOptions,
    opts?: SvdOptions,
  ) => ndarray | [ndarray, ndarray, ndarray]
>(
  'linalg.svd(a: array_like, full_matrices: bool = True, compute_uv: bool = True, hermitian: bool = False)',
  ((a: ndarray, full: boolean, uv: boolean, hermitian: boolean) => {
    const fn = 'linalg.svd';
    const A = readStack(fn, a, hermitian);
    const { m, n } = A;
    const k = Math.min(m, n);
    const rs = A.mats.map((x) => (hermitian ? svdHermitian(fn, x, n) : svdHost(fn, x, m, n, uv, full)));
    const S = writeStack(
      rs.map((r) => r.s),
      A.batch,
      [k],
      A.dtype,
    );
    if (!uv) return S;
    const ku = full || hermitian ? m : k;
    const kv = full || hermitian ? n : k;
    return [
      writeStack(
        rs.map((r) => r.u!),
        A.batch,
        [m, ku],
        A.dtype,
      ),
      S,
      writeStack(
        rs.map((r) => r.vh!),
        A.batch,
        [kv, n],
        A.dtype,
      ),
    ];
  }) as never,
);

/** NumPy's hermitian SVD: s = |w| descending, U = v, Vh = (sign(w)·v)ᵀ in that order. */
export function svdHermitian(
  fn: string,
  x: Float64Array,
  n: number,
): { s: Float64Array; u: Float64Array; vh: Float64Array } {
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) x[i * n + j] = x[j * n + i]!;
  const [w, v] = symEig(fn, x, n);
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (p, q) => Math.abs(w[q]!) - Math.abs(w[p]!) || p - q,
  );
  const s = Float64Array.from(order, (i) => Math.abs(w[i]!));
  const u = new Float64Array(n * n);
  const vh = new Float64Array(n * n);
  order.forEach((i, c) => {
    const sg = w[i]! < 0 ? -1 : 1;
    for (let r = 0; r < n; r++) {
      u[r * n + c] = v[r * n + i]!;
      vh[c * n + r] = sg * v[r * n + i]!;
    }
  });
  return { s, u, vh };
}
