/**
 * `svds`: a few singular triplets of a sparse operator (SciPy's `svds` with `solver='arpack'`):
 * `eigsh` on the normal operator AᵀA (or AAᵀ when A is wide) for the wanted right (left) singular
 * subspace, then a small dense SVD of A·V (m×k, on the host) for accurate singular values and
 * orthonormal vectors — the steps SciPy takes.
 */
import * as np from '../../dense/index.js';
import { argMessage, ValueError } from '../../runtime/index.js';
import { ssigOpts } from '../sig.js';
import { eigsh } from './eigsh.js';
import { aslinearoperator, LinearOperator, type Operand } from './interface.js';
import { rngStart } from './rng-start.js';

type ndarray = np.ndarray;

/** Options of {@link svds} (SciPy's keyword arguments). */
export interface SvdsOptions {
  /** Number of singular values (1 ≤ k < min(m, n)). Default 6. */
  k?: number;
  /** Krylov basis size of the eigensolver. */
  ncv?: number;
  /** Relative accuracy; 0 (default) means machine precision. */
  tol?: number;
  /** `'LM'` largest (default) or `'SM'` smallest singular values. */
  which?: 'LM' | 'SM';
  /** Starting vector (length min(m, n)). */
  v0?: ndarray;
  /** Maximum number of restarts of the eigensolver. */
  maxiter?: number;
  /** `true` (default) `[u, s, vh]`; `false` s alone; `'u'` `[u, s, null]`; `'vh'` `[null, s, vh]`. */
  return_singular_vectors?: boolean | 'u' | 'vh';
  /** Only `'arpack'` (the default; here the thick-restart Lanczos of `eigsh`). */
  solver?: 'arpack';
  /** Seed or `np.random.default_rng(...)` drawing the starting vector when `v0` is not given. */
  rng?: number | np.random.Generator | null;
  /** SciPy's older name of `rng` (keyword only). */
  random_state?: number | np.random.Generator | null;
}

/**
 * Finds the k largest (or smallest) singular values and vectors of A (SciPy's
 * `scipy.sparse.linalg.svds`). Singular values ascending, as SciPy returns them.
 * @param A - sparse array, 2-D ndarray or LinearOperator (m×n; a LinearOperator needs rmatvec).
 * @param opts - `{k, ncv, tol, which, v0, maxiter, return_singular_vectors, solver, rng}`.
 * @returns `[u (m×k), s (k), vh (k×n)]`, or s alone (`return_singular_vectors: false`).
 * @throws ValueError on bad k, which, solver or return_singular_vectors.
 * @example
 * const A = sparse.csr_array([[3, 0, 0], [0, 0, 2], [0, 1, 0], [0, 0, 0]]);
 * const [u, s, vh] = svds(A, { k: 2 });
 * s.tolist().map((x) => Math.round(x * 1e12) / 1e12); // [2, 3]
 * np.allclose(A.dot(vh.T), np.multiply(u, s)); // true
 */
export const svds = ssigOpts<{
  (A: Operand, opts: SvdsOptions & { return_singular_vectors: false }): ndarray;
  (A: Operand, k: number, opts: SvdsOptions & { return_singular_vectors: false }): ndarray;
  (A: Operand, k?: number | SvdsOptions, opts?: SvdsOptions): [ndarray | null, ndarray, ndarray | null];
}>(
  'svds(A, k: int = None, ncv: int = None, tol: number = None, which: str = None, v0 = None, maxiter: int = None, return_singular_vectors = None, solver: str = None, rng = None, *, random_state = None)',
  1,
  svdsImpl as never,
);

function svdsImpl(A: Operand, opts: SvdsOptions): ndarray | [ndarray | null, ndarray, ndarray | null] {
  const op = aslinearoperator(A);
  const [m, n] = op.shape;
  const k = opts.k ?? 6;
  if (!Number.isInteger(k) || k < 1 || k >= Math.min(m, n)) {
    throw new ValueError(argMessage('svds', 'k', `an integer with 0 < k < min(m, n) = ${Math.min(m, n)}`, k));
  }
  const which = opts.which ?? 'LM';
  if (which !== 'LM' && which !== 'SM')
    throw new ValueError(argMessage('svds', 'which', "'LM' or 'SM'", which));
  if ((opts.solver ?? 'arpack') !== 'arpack') {
    throw new ValueError(
      argMessage('svds', 'solver', "'arpack' (the others are not implemented)", opts.solver),
    );
  }
  const rsv = opts.return_singular_vectors ?? true;
  if (![true, false, 'u', 'vh'].includes(rsv)) {
    throw new ValueError(argMessage('svds', 'return_singular_vectors', "true, false, 'u' or 'vh'", rsv));
  }
  const tall = n <= m;
  const f64 = (y: ndarray) => (y.dtype === 'float64' ? y : y.astype('float64'));
  const N = tall
    ? new LinearOperator({ shape: [n, n], matvec: (x) => f64(op.rmatvec(op.matvec(x))) })
    : new LinearOperator({ shape: [m, m], matvec: (x) => f64(op.matvec(op.rmatvec(x))) });
  const eo: Record<string, unknown> = { k, which };
  if (opts.ncv !== undefined) eo.ncv = opts.ncv;
  if (opts.tol !== undefined) eo.tol = opts.tol ** 2;
  if (opts.maxiter !== undefined) eo.maxiter = opts.maxiter;
  const rng = opts.rng ?? opts.random_state;
  if (opts.v0 !== undefined) eo.v0 = opts.v0;
  else if (rng != null) eo.v0 = rngStart('svds', rng, tall ? n : m);
  const [, X] = eigsh(N, eo as never) as unknown as [ndarray, ndarray];
  // Tall: A·X = U·S·W, so A = U·S·(X·Wᵀ)ᵀ on the subspace; wide: Aᵀ·X = V·S·W, so u = X·Wᵀ.
  const Y = f64(tall ? op.matmat(X) : op.rmatmat(X));
  if (rsv === false) return np.flip(np.linalg.svd(Y, { compute_uv: false }) as ndarray);
  const [P, S, W] = np.linalg.svd(Y, { full_matrices: false }) as [ndarray, ndarray, ndarray];
  const XW = np.matmul(X, W.T); // the other side's vectors, descending order
  const rev = `:, ::-1`;
  const s = np.flip(S).copy();
  const u = (tall ? P : XW).get(rev).copy();
  const vh = (tall ? XW : P).get(rev).T.copy();
  return [rsv === 'vh' ? null : u, s, rsv === 'u' ? null : vh];
}
