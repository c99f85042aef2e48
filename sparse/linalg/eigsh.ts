/**
 * `eigsh`: a few eigenvalues (and eigenvectors) of a symmetric operator by thick-restart Lanczos
 * with full reorthogonalization (every new Krylov vector is orthogonalized twice, classically,
 * against the whole basis). The Krylov vectors and their updates are deferred launches on the
 * public dense API; the small projected matrix is read on the host and diagonalized by Jacobi
 * rotations (`symeig`).
 */

import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, ShapeError, ValueError } from '../../runtime/index.js';
import { ssigOpts } from '../sig.js';
import { ArpackNoConvergence } from './errors.js';
import { aslinearoperator, type Operand } from './interface.js';
import { rngStart } from './rng-start.js';
import { krylovOperator } from './shift-invert.js';
import { symeig } from './symeig.js';
import { axmy } from './vec.js';

type ndarray = np.ndarray;

/** Options of {@link eigsh} (SciPy's keyword arguments). */
export interface EigshOptions {
  /** Number of eigenpairs (1 ≤ k < n). Default 6. */
  k?: number;
  /** `'LM'` largest magnitude (default), `'SM'` smallest magnitude, `'LA'` largest, `'SA'` smallest. */
  which?: 'LM' | 'SM' | 'LA' | 'SA';
  /** Krylov basis size (k < ncv ≤ n). Default min(n, max(2k + 1, 20)). */
  ncv?: number;
  /** Maximum number of restarts. Default 10·n. */
  maxiter?: number;
  /** Relative accuracy of the eigenvalues; 0 (default) means machine precision. */
  tol?: number;
  /** Starting vector (default a fixed pseudo-random vector). */
  v0?: ndarray;
  /** Also return eigenvectors (default true). */
  return_eigenvectors?: boolean;
  /** Seed or `np.random.default_rng(...)` drawing the starting vector when `v0` is not given. */
  rng?: number | np.random.Generator | null;
  /**
   * Shift-invert mode ('normal'): the eigenvalues nearest this real shift (`which` then orders
   * ν = 1/(λ − σ), SciPy's convention; see `shift-invert.ts`).
   */
  sigma?: number | null;
  /** With `sigma`: an operator applying (A − σI)⁻¹ (default: a sparse LU of A − σI). */
  OPinv?: Operand | null;
}

function startVector(n: number, seed = 0x9e3779b9): ndarray {
  const v = new Float64Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) | 0;
    v[i] = (s >>> 0) / 4294967296 - 0.5;
  }
  return np.array(v);
}

function order(which: string, theta: Float64Array): number[] {
  const idx = Array.from(theta, (_, i) => i);
  const key: Record<string, (i: number) => number> = {
    LM: (i) => -Math.abs(theta[i]!),
    SM: (i) => Math.abs(theta[i]!),
    LA: (i) => -theta[i]!,
    SA: (i) => theta[i]!,
  };
  const f = key[which]!;
  return idx.sort((a, b) => f(a) - f(b));
}

/**
 * Finds k eigenvalues (and eigenvectors) of the symmetric operator A. With a real `sigma`,
 * shift-invert mode (ARPACK's mode 3, 'normal'): the eigenvalues nearest σ, through a sparse LU of
 * A − σI or `OPinv`; `M`, `Minv` and the buckling and Cayley modes are not implemented.
 * @param A - symmetric sparse array, 2-D ndarray or LinearOperator (n×n).
 * @param opts - `{k, which, ncv, maxiter, tol, v0, return_eigenvectors}`.
 * @returns `[w, v]`: eigenvalues ascending (shape `[k]`) and eigenvectors as columns (`[n, k]`);
 *   only `w` when `return_eigenvectors` is false.
 * @throws ValueError on bad k, ncv, which.
 * @throws ArpackNoConvergence when the eigenpairs did not converge within `maxiter` restarts.
 * @example
 * const [w] = eigsh(sparse.diags([[1, 2, 3, 4, 5]], [0]), { k: 2 });
 * w.tolist(); // [4, 5]
 */
export const eigsh = ssigOpts<{
  (A: Operand, opts: EigshOptions & { return_eigenvectors: false }): ndarray;
  (A: Operand, k: number, opts: EigshOptions & { return_eigenvectors: false }): ndarray;
  (A: Operand, k?: number | EigshOptions, opts?: EigshOptions): [ndarray, ndarray];
}>(
  'eigsh(A, k: int = None, *, which: str = None, v0 = None, ncv: int = None, maxiter: int = None, tol: number = None, return_eigenvectors: bool = None, rng = None, sigma = None, OPinv = None)',
  1,
  eigshImpl as never,
);

function eigshImpl(A: Operand, opts: EigshOptions = {}): [ndarray, ndarray] | ndarray {
  if (opts === null || typeof opts !== 'object') {
    throw new ArgumentTypeError(argMessage('eigsh', 'options', 'an options object', opts));
  }
  const op = aslinearoperator(A);
  const n = op.shape[0];
  if (op.shape[1] !== n) throw new ShapeError(argMessage('eigsh', 'A', 'a square operator', [...op.shape]));
  const k = opts.k ?? 6;
  if (!Number.isInteger(k) || k < 1 || k >= n) {
    throw new ValueError(argMessage('eigsh', 'k', `an integer with 0 < k < n = ${n}`, opts.k));
  }
  const which = opts.which ?? 'LM';
  if (!['LM', 'SM', 'LA', 'SA'].includes(which)) {
    throw new ValueError(argMessage('eigsh', 'which', "'LM', 'SM', 'LA' or 'SA'", which));
  }
  const m = opts.ncv ?? Math.min(n, Math.max(2 * k + 1, 20));
  if (!Number.isInteger(m) || m <= k || m > n) {
    throw new ValueError(
      argMessage('eigsh', 'ncv', `an integer with k < ncv <= n (k = ${k}, n = ${n})`, opts.ncv),
    );
  }
  const maxiter = opts.maxiter ?? 10 * n;
  const tol = opts.tol && opts.tol > 0 ? opts.tol : 2 ** -52;
  const eps23 = 2 ** (-52 * (2 / 3));
  const wantVectors = opts.return_eigenvectors ?? true;
  const { matvec, lambda, sigma } = krylovOperator('eigsh', A, op, n, opts.sigma, opts.OPinv);

  // The Krylov basis: row j of `basis` is v_j (rows are views, so the vectors live in one array and
  // projections against all of them are one matrix product).
  const basis = np.zeros([m + 1, n]);
  const row = (j: number) => basis.get(j);
  const rows = (j: number) => basis.get(`0:${j}`);
  const v0 = opts.v0
    ? opts.v0.astype('float64')
    : opts.rng != null
      ? rngStart('eigsh', opts.rng, n)
      : startVector(n);
  np.multiply(v0, np.divide(1, np.linalg.norm(v0)), { out: row(0) });
  // T is the projected matrix with its structure enforced (tridiagonal, plus the arrowhead column l
  // after a restart); the full projections are still subtracted from w (full reorthogonalization).
  const T = new Float64Array(m * m);
  let l = 0;
  let fnorm = 0;
  let theta: Float64Array = new Float64Array(0);
  let S: Float64Array = new Float64Array(0);
  let sel: number[] = [];
  const orthogonalize = (w: np.ndarray, j: number): Float64Array => {
    const h = new Float64Array(j + 1);
    for (let pass = 0; pass < 2; pass++) {
      const c = np.matmul(rows(j + 1), w);
      axmy(w, 1, np.matmul(c, rows(j + 1)));
      const ch = c.toArray();
      for (let i = 0; i <= j; i++) h[i]! += ch[i]!;
    }
    return h;
  };
  for (let iter = 0; iter < maxiter; iter++) {
    // Expand the basis from l to m vectors.
    for (let j = l; j < m; j++) {
      const w = matvec(row(j));
      const h = orthogonalize(w, j);
      T[j * m + j] = h[j]!;
      const beta = Number(np.linalg.norm(w).item());
      fnorm = beta;
      const scale = Math.sqrt(T.reduce((a, t) => a + t * t, 0));
      let coupling = beta;
      if (beta <= 2 ** -52 * Math.max(scale, 1e-300)) {
        // Invariant subspace: continue from a fresh direction orthogonal to the basis.
        const r = startVector(n, 0x85ebca6b + j);
        orthogonalize(r, j);
        np.multiply(r, np.divide(1, np.linalg.norm(r)), { out: row(j + 1) });
        coupling = 0;
        fnorm = 0;
      } else {
        np.multiply(w, 1 / beta, { out: row(j + 1) });
      }
      if (j + 1 < m) {
        T[(j + 1) * m + j] = coupling;
        T[j * m + j + 1] = coupling;
      }
    }
    const eig = symeig(T, m);
    theta = eig.values;
    S = eig.vectors;
    const ord = order(which, theta);
    const wanted = ord.slice(0, k);
    const ok = (i: number) =>
      Math.abs(fnorm * S[(m - 1) * m + i]!) <= tol * Math.max(eps23, Math.abs(theta[i]!));
    const done = wanted.every(ok);
    if (done || iter === maxiter - 1) {
      sel = wanted;
      if (!done) {
        const vals = wanted.filter(ok).map((i) => lambda(theta[i]!));
        throw new ArpackNoConvergence(
          `eigsh: no convergence after ${maxiter} restarts (${vals.length} of ${k} eigenpairs converged)`,
          vals.sort((a, b) => a - b),
        );
      }
      break;
    }
    // Thick restart: keep the wanted Ritz vectors and the next best ones; v_l = v_m.
    l = Math.min(k + Math.floor((m - k) / 2), m - 1);
    const keep = ord.slice(0, l);
    const ritz = ritzVectors(basis, S, m, keep);
    basis.set(`${l}`, row(m).copy());
    basis.set(`0:${l}`, ritz);
    T.fill(0);
    keep.forEach((c, i) => {
      T[i * m + i] = theta[c]!;
      const coupling = fnorm * S[(m - 1) * m + c]!;
      T[i * m + l] = coupling;
      T[l * m + i] = coupling;
    });
  }
  if (sigma !== null) return refined(op, ritzVectors(basis, S, m, sel), wantVectors);
  const pick = [...sel].sort((a, b) => lambda(theta[a]!) - lambda(theta[b]!));
  const w = np.array(Float64Array.from(pick, (i) => lambda(theta[i]!)));
  if (!wantVectors) return w;
  return [w, ritzVectors(basis, S, m, pick).T.copy()];
}

/**
 * Shift-invert's eigenpairs from its Ritz vectors (rows of `V`): each eigenvalue is the Rayleigh
 * quotient vᵀAv / vᵀv of its vector with A itself, ascending. σ + 1/ν carries the projected
 * matrix's absolute error, which scales with the largest ν: with σ 1e-11 from an eigenvalue the
 * others lost digits (~3e-11 on the 1-D Laplacian); the quotient's error is the vector's squared.
 */
function refined(
  op: ReturnType<typeof aslinearoperator>,
  V: ndarray,
  wantVectors: boolean,
): [ndarray, ndarray] | ndarray {
  const k = V.shape[0]!;
  const rq = Array.from({ length: k }, (_, i) => {
    const v = V.get(i);
    const Av = op.matvec(v);
    return (
      Number(np.dot(v, Av.dtype === 'float64' ? Av : Av.astype('float64')).item()) /
      Number(np.dot(v, v).item())
    );
  });
  const order = rq.map((_, i) => i).sort((a, b) => rq[a]! - rq[b]!);
  const w = np.array(Float64Array.from(order, (i) => rq[i]!));
  if (!wantVectors) return w;
  return [w, np.take(V, np.array(Int32Array.from(order)), { axis: 0 }).T.copy()];
}

/** The Ritz vectors V·S[:, cols] as rows of a new (cols × n) array. */
function ritzVectors(basis: ndarray, S: Float64Array, m: number, cols: number[]): ndarray {
  const st = new Float64Array(cols.length * m);
  cols.forEach((c, i) => {
    for (let j = 0; j < m; j++) st[i * m + j] = S[j * m + c]!;
  });
  return np.matmul(np.array(st).reshape([cols.length, m]), basis.get(`0:${m}`));
}
