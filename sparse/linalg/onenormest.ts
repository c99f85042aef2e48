/**
 * `onenormest`: a lower bound of ‖A‖₁, usually exact, from a few products with A and Aᵀ — the
 * block algorithm of Higham & Tisseur (2000, Algorithm 2.4), as SciPy runs it. The products are
 * operator products (sparse SpMM on the runtime); the t-column blocks are read on the host, where
 * the algorithm's bookkeeping (signs, argmax, visited columns) happens.
 */
import * as np from '../../dense/index.js';
import { argMessage, ShapeError, ValueError } from '../../runtime/index.js';
import { ssigOpts } from '../sig.js';
import { aslinearoperator, type LinearOperator, type Operand } from './interface.js';

type ndarray = np.ndarray;

/** Options of {@link onenormest} (SciPy's keyword arguments). */
export interface OnenormestOptions {
  /** Columns per block (default 2): more is more accurate and costlier. */
  t?: number;
  /** Maximum number of iterations (≥ 2, default 5). */
  itmax?: number;
  /** Also return v with ‖Av‖₁ = est·‖v‖₁ (default false). */
  compute_v?: boolean;
  /** Also return w = Av (default false). */
  compute_w?: boolean;
}

/** The products the estimator needs: A·X and Aᵀ·X of n × t host blocks (row-major). */
export interface BlockOperator {
  n: number;
  matmat(x: Float64Array, t: number): Float64Array;
  rmatmat(x: Float64Array, t: number): Float64Array;
}

/** A deterministic ±1 generator (SciPy draws from NumPy's global generator instead). */
function signs(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s & 0x10000 ? 1 : -1;
  };
}

/** Block products of an operator, the blocks passing through dense ndarrays. */
export function blockOperator(op: LinearOperator): BlockOperator {
  const n = op.shape[0];
  const run = (f: (x: ndarray) => ndarray, x: Float64Array, t: number) => {
    const y = f(np.array(x).reshape([n, t]));
    const v = y.astype('float64').toArray() as Float64Array;
    return Float64Array.from(v);
  };
  return {
    n,
    matmat: (x, t) => run((X) => op.matmat(X), x, t),
    rmatmat: (x, t) => run((X) => op.rmatmat(X), x, t),
  };
}

/** The result of the estimator: est, the column index of v, and w = A·v. */
export interface OnenormEstimate {
  est: number;
  ind: number;
  w: Float64Array;
  nmults: number;
}

/**
 * Higham & Tisseur's Algorithm 2.4 on a block operator (1 ≤ t < n, itmax ≥ 2).
 * @param A - the products.
 * @param t - columns per block.
 * @param itmax - maximum iterations.
 * @returns the estimate, the index of the maximizing unit vector and A·e_ind.
 */
export function onenormestCore(A: BlockOperator, t: number, itmax: number): OnenormEstimate {
  const n = A.n;
  const rand = signs(0x243f6a88 + n);
  const X = new Float64Array(n * t).fill(1);
  const col = (M: Float64Array, j: number) => Float64Array.from({ length: n }, (_, i) => M[i * t + j]!);
  const parallel = (M: Float64Array, j: number, N: Float64Array, k: number) => {
    let d = 0;
    for (let i = 0; i < n; i++) d += M[i * t + j]! * N[i * t + k]!;
    return d === n;
  };
  const resample = (M: Float64Array, j: number) => {
    for (let i = 0; i < n; i++) M[i * t + j] = rand();
  };
  const needsResampling = (j: number, M: Float64Array, old: Float64Array | null) => {
    for (let k = 0; k < j; k++) if (parallel(M, j, M, k)) return true;
    if (old) for (let k = 0; k < t; k++) if (parallel(M, j, old, k)) return true;
    return false;
  };
  for (let j = 1; j < t; j++) resample(X, j);
  for (let j = 0; j < t; j++) while (needsResampling(j, X, null)) resample(X, j);
  for (let i = 0; i < X.length; i++) X[i] = X[i]! / n;
  const hist = new Set<number>();
  let estOld = 0;
  let est = 0;
  let S = new Float64Array(n * t);
  let ind: number[] = [];
  let indBest = 0;
  let w = new Float64Array(n);
  let nmults = 0;
  for (let k = 1; ; k++) {
    const Y = A.matmat(X, t);
    nmults++;
    let bestJ = 0;
    est = -1;
    for (let j = 0; j < t; j++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += Math.abs(Y[i * t + j]!);
      if (s > est) {
        est = s;
        bestJ = j;
      }
    }
    if (est > estOld || k === 2) {
      if (k >= 2) indBest = ind[bestJ]!;
      w = col(Y, bestJ);
    }
    if (k >= 2 && est <= estOld) {
      est = estOld;
      break;
    }
    estOld = est;
    const Sold = S;
    if (k > itmax) break;
    S = Y.map((v) => (v >= 0 ? 1 : -1));
    let allParallel = true;
    for (let j = 0; j < t && allParallel; j++) {
      let any = false;
      for (let l = 0; l < t && !any; l++) any = parallel(S, j, Sold, l);
      allParallel = any;
    }
    if (allParallel) break;
    if (t > 1) for (let j = 0; j < t; j++) while (needsResampling(j, S, Sold)) resample(S, j);
    const Z = A.rmatmat(S, t);
    nmults++;
    const h = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let m = 0;
      for (let j = 0; j < t; j++) m = Math.max(m, Math.abs(Z[i * t + j]!));
      h[i] = m;
    }
    const hmax = h.reduce((a, b) => Math.max(a, b), 0);
    if (k >= 2 && hmax === h[indBest]) break;
    // Indices by decreasing h (stable for ties, as NumPy's argsort()[::-1] is not: ties in reverse).
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => h[b]! - h[a]! || b - a);
    ind = order.slice(0, t + hist.size);
    if (t > 1) {
      if (ind.slice(0, t).every((i) => hist.has(i))) break;
      ind = [...ind.filter((i) => !hist.has(i)), ...ind.filter((i) => hist.has(i))];
    }
    X.fill(0);
    for (let j = 0; j < t; j++) X[ind[j]! * t + j] = 1;
    for (const i of ind.slice(0, t)) hist.add(i);
  }
  return { est, ind: indBest, w, nmults };
}

/**
 * Estimates the 1-norm of a square operator (SciPy's `scipy.sparse.linalg.onenormest`): exact
 * when t ≥ n (the columns of A are formed), else Higham & Tisseur's block estimate — a lower bound,
 * usually equal to ‖A‖₁. Where the algorithm draws random ±1 columns (to replace parallel ones),
 * cohort uses a fixed-seed generator: results are reproducible, and may differ from SciPy's (which
 * uses NumPy's global random state) in those cases.
 * @param A - sparse array, 2-D ndarray or LinearOperator (n×n; a LinearOperator needs rmatvec).
 * @param opts - `{t, itmax, compute_v, compute_w}`.
 * @returns `est`, or `[est, v]`, `[est, w]`, `[est, v, w]` as compute_v/compute_w ask (v a unit
 *   vector e_j, w = A·v).
 * @throws ShapeError when A is not square.
 * @throws ValueError when itmax < 2 or t < 1.
 * @example
 * onenormest(sparse.csr_array([[1, -7], [2, 3]])); // 10
 * onenormest(sparse.diags([[1, -2, 3, -4, 5, 9, 1, 2]], [0]), { t: 2 }); // 9
 */
export const onenormest = ssigOpts<{
  (A: Operand, opts: OnenormestOptions & ({ compute_v: true } | { compute_w: true })): [number, ...ndarray[]];
  (A: Operand, opts?: OnenormestOptions): number;
  (A: Operand, t: number, opts?: OnenormestOptions): number;
}>(
  'onenormest(A, t: int = 2, itmax: int = 5, compute_v: bool = False, compute_w: bool = False)',
  1,
  onenormestImpl as never,
);

function onenormestImpl(A: Operand, opts: OnenormestOptions): number | (number | ndarray)[] {
  const op = aslinearoperator(A);
  const n = op.shape[0];
  if (op.shape[1] !== n)
    throw new ShapeError(argMessage('onenormest', 'A', 'a square operator', [...op.shape]));
  const t = opts.t ?? 2;
  const itmax = opts.itmax ?? 5;
  if (t < 1) throw new ValueError(argMessage('onenormest', 't', 'at least 1', t));
  if (itmax < 2) throw new ValueError(argMessage('onenormest', 'itmax', 'at least 2', itmax));
  let est: number;
  let ind: number;
  let w: Float64Array;
  if (t >= n) {
    const cols = Float64Array.from(op.matmat(np.eye(n)).astype('float64').toArray() as Float64Array);
    est = -1;
    ind = 0;
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += Math.abs(cols[i * n + j]!);
      if (s > est) {
        est = s;
        ind = j;
      }
    }
    w = Float64Array.from({ length: n }, (_, i) => cols[i * n + ind]!);
    if (n === 0) est = 0;
  } else {
    ({ est, ind, w } = onenormestCore(blockOperator(op), t, itmax));
  }
  const out: (number | ndarray)[] = [est];
  if (opts.compute_v) {
    const v = new Float64Array(n);
    v[ind] = 1;
    out.push(np.array(v));
  }
  if (opts.compute_w) out.push(np.array(w));
  return out.length === 1 ? est : out;
}
