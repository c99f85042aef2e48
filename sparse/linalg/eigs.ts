/**
 * `eigs`: a few eigenvalues (and eigenvectors) of a general square operator by the implicitly
 * restarted Arnoldi method (Sorensen 1992; ARPACK's scheme, as SciPy's `eigs` runs it): an
 * m-step Arnoldi factorization A·V = V·H + f·eᵀ with full reorthogonalization, then the m − k'
 * unwanted Ritz values applied as exact shifts (implicit QR steps on H, the basis rotated by the
 * accumulated Q) and the factorization extended again. The Krylov vectors live in one dense array
 * on the runtime (deferred products and updates); H and its eigenproblem are on the host.
 *
 * Real results only (complex dtypes are Tier 3): when a wanted eigenvalue is complex, `eigs`
 * raises `DTypeError` naming it, rather than returning a wrong real answer.
 */
import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, DTypeError, ShapeError, ValueError } from '../../runtime/index.js';
import { ssigOpts } from '../sig.js';
import { ArpackNoConvergence } from './errors.js';
import { type Eigenvalues, hessenbergEigenvalues, householderQ, realEigenvector } from './hessenberg.js';
import { aslinearoperator, type Operand } from './interface.js';
import { rngStart } from './rng-start.js';
import { krylovOperator } from './shift-invert.js';
import { axmy } from './vec.js';

type ndarray = np.ndarray;

/** Options of {@link eigs} (SciPy's keyword arguments; `M`, `Minv`, `OPpart` are not implemented). */
export interface EigsOptions {
  /** Number of eigenpairs (1 ≤ k < n − 1). Default 6. */
  k?: number;
  /** `'LM'` largest magnitude (default), `'SM'` smallest magnitude, `'LR'` / `'SR'` largest / smallest real part. */
  which?: 'LM' | 'SM' | 'LR' | 'SR';
  /** Krylov basis size (k + 1 < ncv ≤ n). Default min(n, max(2k + 1, 20)). */
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
   * Shift-invert mode: the eigenvalues nearest this real shift (`which` then orders
   * ν = 1/(λ − σ), SciPy's convention; see `shift-invert.ts`).
   */
  sigma?: number | null;
  /** With `sigma`: an operator applying (A − σI)⁻¹ (default: a sparse LU of A − σI). */
  OPinv?: Operand | null;
}

const WHICH = ['LM', 'SM', 'LR', 'SR'];

function startVector(n: number, seed = 0x51ed270b): ndarray {
  const v = new Float64Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) | 0;
    v[i] = (s >>> 0) / 4294967296 - 0.5;
  }
  return np.array(v);
}

/** Indices of the Ritz values in order of preference for `which` (best first). */
function preference(which: string, re: Float64Array, im: Float64Array): number[] {
  const key = (i: number): number => {
    switch (which) {
      case 'LM':
        return -Math.hypot(re[i]!, im[i]!);
      case 'SM':
        return Math.hypot(re[i]!, im[i]!);
      case 'LR':
        return -re[i]!;
      default:
        return re[i]!;
    }
  };
  return Array.from(re, (_, i) => i).sort((a, b) => key(a) - key(b) || im[a]! - im[b]!);
}

/** Number of kept Ritz values, grown by one where it would split a complex-conjugate pair. */
function keepCount(order: number[], im: Float64Array, re: Float64Array, kept: number): number {
  const m = order.length;
  if (kept >= m) return m;
  const last = order[kept - 1]!;
  const next = order[kept]!;
  if (im[last] !== 0 && im[next] === -im[last]! && re[next] === re[last]) return Math.min(kept + 1, m - 1);
  return kept;
}

/**
 * Finds k eigenvalues (and eigenvectors) of the square operator A (SciPy's
 * `scipy.sparse.linalg.eigs`, ARPACK mode 1: no shift-invert) by implicitly restarted Arnoldi.
 * Real operators with real wanted eigenvalues only: complex dtypes are Tier 3, so a complex wanted
 * eigenvalue raises `DTypeError` (the message names it). With a real `sigma`, shift-invert mode
 * (ARPACK's mode 3, M = I): the eigenvalues nearest σ, through a sparse LU of A − σI or `OPinv`.
 * `M`, `Minv`, `OPpart` and `which` `'LI'`/`'SI'` are not implemented (rejected as unknown options /
 * a bad `which`).
 * @param A - sparse array, 2-D ndarray or LinearOperator (n×n).
 * @param opts - `{k, which, ncv, maxiter, tol, v0, return_eigenvectors}`.
 * @returns `[w, v]`: eigenvalues in the order of `which` (best first, as SciPy) and eigenvectors as
 *   columns (`[n, k]`, unit 2-norm); only `w` when `return_eigenvectors` is false.
 * @throws ValueError on bad k, ncv, which.
 * @throws DTypeError when a wanted eigenvalue is complex.
 * @throws ArpackNoConvergence when the eigenpairs did not converge within `maxiter` restarts.
 * @example
 * const A = sparse.csr_array([[2, 1, 0, 0], [0, 3, 1, 0], [0, 0, 5, 1], [0, 0, 0, 7]]);
 * const [w, v] = eigs(A, { k: 2 });
 * w.tolist().map((x) => Math.round(x * 1e12) / 1e12); // [7, 5]
 * np.allclose(A.dot(v), np.multiply(v, w)); // true
 */
export const eigs = ssigOpts<{
  (A: Operand, opts: EigsOptions & { return_eigenvectors: false }): ndarray;
  (A: Operand, k: number, opts: EigsOptions & { return_eigenvectors: false }): ndarray;
  (A: Operand, k?: number | EigsOptions, opts?: EigsOptions): [ndarray, ndarray];
}>(
  'eigs(A, k: int = None, *, which: str = None, v0 = None, ncv: int = None, maxiter: int = None, tol: number = None, return_eigenvectors: bool = None, rng = None, sigma = None, OPinv = None)',
  1,
  eigsImpl as never,
);

function eigsImpl(A: Operand, opts: EigsOptions): [ndarray, ndarray] | ndarray {
  const op = aslinearoperator(A);
  const n = op.shape[0];
  if (op.shape[1] !== n) throw new ShapeError(argMessage('eigs', 'A', 'a square operator', [...op.shape]));
  const k = opts.k ?? 6;
  if (!Number.isInteger(k) || k < 1 || k >= n - 1) {
    throw new ValueError(argMessage('eigs', 'k', `an integer with 0 < k < n - 1 = ${n - 1}`, opts.k ?? k));
  }
  const which = opts.which ?? 'LM';
  if (!WHICH.includes(which)) {
    throw new ValueError(
      argMessage('eigs', 'which', "'LM', 'SM', 'LR' or 'SR' ('LI'/'SI' need complex results)", which),
    );
  }
  const m = opts.ncv ?? Math.min(n, Math.max(2 * k + 1, 20));
  if (!Number.isInteger(m) || m <= k + 1 || m > n) {
    throw new ValueError(
      argMessage('eigs', 'ncv', `an integer with k + 1 < ncv <= n (k = ${k}, n = ${n})`, opts.ncv),
    );
  }
  if (opts.v0 !== undefined && !(opts.v0 instanceof np.ndarray && opts.v0.size === n)) {
    throw new ArgumentTypeError(argMessage('eigs', 'v0', `an ndarray of ${n} values`, opts.v0));
  }
  const maxiter = opts.maxiter ?? 10 * n;
  const tol = opts.tol && opts.tol > 0 ? opts.tol : 2 ** -52;
  const eps23 = 2 ** (-52 * (2 / 3));
  const wantVectors = opts.return_eigenvectors ?? true;
  const { matvec, lambda, sigma } = krylovOperator('eigs', A, op, n, opts.sigma, opts.OPinv);

  const basis = np.zeros([m + 1, n]);
  const row = (j: number) => basis.get(j);
  const rows = (j: number) => basis.get(`0:${j}`);
  const v0 = opts.v0
    ? opts.v0.astype('float64').ravel()
    : opts.rng != null
      ? rngStart('eigs', opts.rng, n)
      : startVector(n);
  np.multiply(v0, np.divide(1, np.linalg.norm(v0)), { out: row(0) });
  let H: Float64Array = new Float64Array(m * m);
  let fnorm = 0;
  let start = 0;
  const orthogonalize = (w: ndarray, j: number): Float64Array => {
    const h = new Float64Array(j + 1);
    for (let pass = 0; pass < 2; pass++) {
      const c = np.matmul(rows(j + 1), w);
      axmy(w, 1, np.matmul(c, rows(j + 1)));
      const ch = c.toArray();
      for (let i = 0; i <= j; i++) h[i]! += ch[i]!;
    }
    return h;
  };
  let ritz: Eigenvalues = { re: new Float64Array(0), im: new Float64Array(0) };
  let order: number[] = [];
  let prevComplex: [number, number][] = [];
  for (let iter = 0; ; iter++) {
    for (let j = start; j < m; j++) {
      const w = matvec(row(j));
      const h = orthogonalize(w, j);
      for (let i = 0; i <= j; i++) H[i * m + j] = h[i]!;
      let beta = Number(np.linalg.norm(w).item());
      let hn = 0;
      for (let i = 0; i < m * m; i++) hn += H[i]! * H[i]!;
      if (beta <= 2 ** -52 * Math.max(Math.sqrt(hn), 1e-300)) {
        // Invariant subspace: continue from a fresh direction orthogonal to the basis.
        const r = startVector(n, 0x85ebca6b + j + iter * m);
        orthogonalize(r, j);
        np.multiply(r, np.divide(1, np.linalg.norm(r)), { out: row(j + 1) });
        beta = 0;
      } else {
        np.multiply(w, 1 / beta, { out: row(j + 1) });
      }
      if (j + 1 < m) H[(j + 1) * m + j] = beta;
      fnorm = beta;
    }
    ritz = hessenbergEigenvalues(H, m);
    order = preference(which, ritz.re, ritz.im);
    const wanted = order.slice(0, k);
    // Ritz estimates |β·e_mᵀ·y| of the real wanted values (complex ones are checked below).
    const estimate = (i: number) =>
      ritz.im[i] !== 0
        ? Number.POSITIVE_INFINITY
        : Math.abs(fnorm * realEigenvector(H, m, ritz.re[i]!)[m - 1]!);
    const ok = (i: number) => estimate(i) <= tol * Math.max(eps23, Math.hypot(ritz.re[i]!, ritz.im[i]!));
    const complex = wanted.filter((i) => ritz.im[i] !== 0);
    const converged = wanted.filter(ok);
    // A complex wanted Ritz value is reported once it is exact (the basis spans the whole space) or
    // settled (the same to √eps as at the previous restart); transient complex pairs of a small
    // Krylov space are restarted away as usual.
    const settled = complex.filter(
      (i) =>
        m === n ||
        prevComplex.some(
          ([re, im]) =>
            Math.hypot(re - ritz.re[i]!, im - ritz.im[i]!) <= 2 ** -26 * Math.hypot(ritz.re[i]!, ritz.im[i]!),
        ),
    );
    prevComplex = complex.map((i) => [ritz.re[i]!, ritz.im[i]!]);
    if (settled.length > 0) {
      const z = settled[0]!;
      // λ = σ + 1/ν for ν = a + bi: σ + a/|ν|² ∓ (b/|ν|²)i.
      const a2 = sigma === null ? 1 : ritz.re[z]! ** 2 + ritz.im[z]! ** 2;
      const [zr, zi] =
        sigma === null ? [ritz.re[z]!, ritz.im[z]!] : [sigma + ritz.re[z]! / a2, ritz.im[z]! / a2];
      throw new DTypeError(
        `eigs: the wanted eigenvalues include complex ones (${zr} ± ${Math.abs(zi)}i); ` +
          'complex results need complex dtypes, which cohort does not have yet (Tier 3)',
      );
    }
    if (converged.length === k) break;
    if (iter >= maxiter - 1) {
      throw new ArpackNoConvergence(
        `eigs: no convergence after ${maxiter} restarts (${converged.length} of ${k} eigenpairs converged)`,
        converged.map((i) => lambda(ritz.re[i]!)),
      );
    }
    // Implicit restart with the unwanted Ritz values as exact shifts.
    const p0 = m - k;
    const kept = keepCount(order, ritz.im, ritz.re, k + Math.min(converged.length, Math.floor(p0 / 2)));
    const shifts = order.slice(kept);
    let Q: Float64Array = new Float64Array(m * m);
    for (let i = 0; i < m; i++) Q[i * m + i] = 1;
    const done = new Set<number>();
    for (const s of shifts) {
      if (done.has(s)) continue;
      done.add(s);
      const C = new Float64Array(m * m);
      if (ritz.im[s] === 0) {
        C.set(H);
        for (let i = 0; i < m; i++) C[i * m + i]! -= ritz.re[s]!;
      } else {
        // The conjugate partner is a shift too (keepCount never splits a pair): one double step.
        const partner = shifts.find(
          (t) => t !== s && ritz.re[t] === ritz.re[s] && ritz.im[t] === -ritz.im[s]!,
        );
        if (partner !== undefined) done.add(partner);
        const re = ritz.re[s]!;
        const abs2 = re * re + ritz.im[s]! ** 2;
        for (let i = 0; i < m; i++) {
          for (let j = 0; j < m; j++) {
            let h2 = 0;
            for (let l = 0; l < m; l++) h2 += H[i * m + l]! * H[l * m + j]!;
            C[i * m + j] = h2 - 2 * re * H[i * m + j]! + (i === j ? abs2 : 0);
          }
        }
      }
      const Qs = householderQ(C, m);
      H = mul(transpose(Qs, m), mul(H, Qs, m), m);
      for (let i = 0; i < m; i++) for (let j = 0; j < i - 1; j++) H[i * m + j] = 0;
      Q = mul(Q, Qs, m);
    }
    // New basis V·Q[:, 0..kept] and residual f = v_kept·H[kept, kept−1] + f_old·Q[m−1, kept−1].
    const Qt = new Float64Array((kept + 1) * m);
    for (let i = 0; i <= kept && i < m; i++) for (let j = 0; j < m; j++) Qt[i * m + j] = Q[j * m + i]!;
    const rotated = np.matmul(np.array(Qt).reshape([kept + 1, m]), rows(m));
    const fnew = np.add(
      np.multiply(rotated.get(kept), H[kept * m + kept - 1]!),
      np.multiply(row(m), fnorm * Q[(m - 1) * m + kept - 1]!),
    );
    basis.set(`0:${kept}`, rotated.get(`0:${kept}`));
    const beta = Number(np.linalg.norm(fnew).item());
    const Hk = new Float64Array(m * m);
    for (let i = 0; i < kept; i++) for (let j = 0; j < kept; j++) Hk[i * m + j] = H[i * m + j]!;
    H = Hk;
    if (beta === 0) {
      const r = startVector(n, 0x27d4eb2f + iter);
      orthogonalize(r, kept - 1);
      np.multiply(r, np.divide(1, np.linalg.norm(r)), { out: row(kept) });
    } else {
      basis.set(`${kept}`, np.multiply(fnew, 1 / beta));
    }
    H[kept * m + kept - 1] = beta;
    start = kept;
  }
  const pick = order.slice(0, k);
  const w = np.array(Float64Array.from(pick, (i) => lambda(ritz.re[i]!)));
  if (!wantVectors) return w;
  const Y = new Float64Array(k * m);
  pick.forEach((i, c) => {
    Y.set(realEigenvector(H, m, ritz.re[i]!), c * m);
  });
  const X = np.matmul(np.array(Y).reshape([k, m]), rows(m));
  const norms = np.linalg.norm(X, { axis: 1 });
  return [w, np.divide(X, norms.reshape([k, 1])).T.copy()];
}

function mul(a: Float64Array, b: Float64Array, m: number): Float64Array {
  const c = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let l = 0; l < m; l++) {
      const x = a[i * m + l]!;
      if (x === 0) continue;
      for (let j = 0; j < m; j++) c[i * m + j]! += x * b[l * m + j]!;
    }
  }
  return c;
}

function transpose(a: Float64Array, m: number): Float64Array {
  const t = new Float64Array(m * m);
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) t[j * m + i] = a[i * m + j]!;
  return t;
}
