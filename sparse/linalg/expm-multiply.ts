/**
 * `expm_multiply`: e^{tA}·B without forming e^{tA} (Al-Mohy & Higham 2011, "Computing the action of
 * the matrix exponential", Algorithm 3.2 with the parameter selection of its §3, as SciPy): a
 * truncated Taylor series of degree m applied s times, (m, s) chosen from ‖A‖₁ and 1-norm estimates
 * of powers of A. The products are deferred sparse/dense launches; the host reads two ∞-norms per
 * Taylor term (the early-termination test).
 */
import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, ShapeError, ValueError } from '../../runtime/index.js';
import { issparse, type sparray } from '../index.js';
import { ssigOpts } from '../sig.js';
import { aslinearoperator, LinearOperator, type Operand } from './interface.js';
import { onenormestCore } from './onenormest.js';

type ndarray = np.ndarray;

/** Options of {@link expm_multiply} (SciPy's keyword arguments). */
export interface ExpmMultiplyOptions {
  /** First time point of an evenly spaced grid (with stop and num). */
  start?: number;
  /** Last time point of the grid. */
  stop?: number;
  /** Number of time points (default 50 when start/stop are given). */
  num?: number;
  /** Whether stop is included (default true). */
  endpoint?: boolean;
  /** Trace of A (computed for arrays; a LinearOperator without it is not shifted). */
  traceA?: number;
}

/** θ_m of Al-Mohy & Higham (2011), Table 3.1 (and Higham's "Functions of Matrices", Table A.3). */
const THETA: [number, number][] = [
  [1, 2.29e-16], [2, 2.58e-8], [3, 1.39e-5], [4, 3.4e-4], [5, 2.4e-3], [6, 9.07e-3], [7, 2.38e-2],
  [8, 5.0e-2], [9, 8.96e-2], [10, 1.44e-1], [11, 2.14e-1], [12, 3.0e-1], [13, 4.0e-1],
  [14, 5.14e-1], [15, 6.41e-1], [16, 7.81e-1], [17, 9.31e-1], [18, 1.09], [19, 1.26], [20, 1.44],
  [21, 1.62], [22, 1.82], [23, 2.01], [24, 2.22], [25, 2.43], [26, 2.64], [27, 2.86], [28, 3.08],
  [29, 3.31], [30, 3.54], [35, 4.7], [40, 6.0], [45, 7.2], [50, 8.5], [55, 9.9],
]; // biome-ignore format: a table
const THETA_OF = new Map(THETA);
const M_MAX = 55;
const P_MAX = 8;
const TOL = 2 ** -53;

/** The shifted operator A − μI as block products and an ∞-norm-free apply. */
interface Shifted {
  n: number;
  /** (A − μI)·X, deferred. */
  apply(x: ndarray): ndarray;
  /** Exact ‖A − μI‖₁ when A is an array, else null (estimated). */
  exactOneNorm: number | null;
  op: LinearOperator;
  mu: number;
}

/** ‖A − μI‖₁ and trace(A) on the host, from A's entries (sparse: canonical COO; dense: all). */
function columnsOf(A: Operand, n: number): { absColSums(mu: number): number; trace: number } {
  let rows: ArrayLike<number>;
  let cols: ArrayLike<number>;
  let data: ArrayLike<number>;
  if (issparse(A)) {
    const csr = (A as sparray).tocsr();
    csr.sum_duplicates();
    const coo = csr.tocoo();
    rows = coo.row.toArray() as ArrayLike<number>;
    cols = coo.col.toArray() as ArrayLike<number>;
    data = coo.data.astype('float64').toArray() as ArrayLike<number>;
  } else {
    data = (A as ndarray).astype('float64').toArray() as Float64Array;
    rows = Int32Array.from({ length: n * n }, (_, k) => Math.floor(k / n));
    cols = Int32Array.from({ length: n * n }, (_, k) => k % n);
  }
  const diag = new Float64Array(n);
  const off = new Float64Array(n);
  for (let k = 0; k < data.length; k++) {
    if (rows[k] === cols[k]) diag[rows[k]!]! += data[k]!;
    else off[cols[k]!]! += Math.abs(data[k]!);
  }
  return {
    trace: diag.reduce((a, b) => a + b, 0),
    absColSums(mu: number) {
      let m = 0;
      for (let j = 0; j < n; j++) m = Math.max(m, off[j]! + Math.abs(diag[j]! - mu));
      return m;
    },
  };
}

function shifted(A: Operand, traceA: number | undefined): Shifted {
  const op = aslinearoperator(A);
  const n = op.shape[0];
  let mu = 0;
  let exact: number | null = null;
  if (A instanceof LinearOperator) {
    mu = traceA === undefined ? 0 : traceA / n;
  } else {
    const c = columnsOf(A, n);
    mu = (traceA ?? c.trace) / n;
    exact = c.absColSums(mu);
  }
  const m = mu;
  return {
    n,
    op,
    mu,
    exactOneNorm: exact,
    apply: (x) => {
      const y = x.ndim === 1 ? op.matvec(x) : op.matmat(x);
      return m === 0 ? y : np.subtract(y, np.multiply(x, m));
    },
  };
}

/** 1-norm estimate of (t(A − μI))^p (SciPy's `_onenormest_matrix_power`, t = 2 columns). */
function powerNormEst(S: Shifted, t: number, p: number): number {
  const n = S.n;
  const cols = Math.min(2, n);
  const host = (x: Float64Array, k: number, adjoint: boolean) => {
    let X = np.array(x).reshape([n, k]);
    for (let i = 0; i < p; i++) {
      const Y = adjoint ? S.op.rmatmat(X) : S.op.matmat(X);
      X = np.multiply(S.mu === 0 ? Y : np.subtract(Y, np.multiply(X, S.mu)), t);
    }
    return Float64Array.from(X.astype('float64').toArray() as Float64Array);
  };
  if (cols >= n) {
    // Exact: the columns of the power.
    const P = host(Float64Array.from(np.eye(n).toArray() as Float64Array), n, false);
    let m = 0;
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += Math.abs(P[i * n + j]!);
      m = Math.max(m, s);
    }
    return m;
  }
  return onenormestCore(
    { n, matmat: (x, k) => host(x, k, false), rmatmat: (x, k) => host(x, k, true) },
    cols,
    5,
  ).est;
}

/** Al-Mohy & Higham's parameter selection (their "Code Fragment 3.1"): the degree m and the steps s. */
function fragment31(S: Shifted, t: number, oneNorm: number, n0: number): [number, number] {
  const ell = 2;
  const pMax = (() => {
    const r = Math.sqrt(M_MAX);
    let best = 0;
    for (let p = Math.floor(r); p <= Math.ceil(r + 1); p++) if (p * (p - 1) <= M_MAX + 1) best = p;
    return best;
  })();
  const cond313 = oneNorm <= 2 * ell * pMax * (pMax + 3) * (THETA_OF.get(M_MAX)! / (n0 * M_MAX));
  let bestM = 0;
  let bestS = 0;
  if (cond313) {
    for (const [m, theta] of THETA) {
      const s = Math.ceil(oneNorm / theta);
      if (bestM === 0 || m * s < bestM * bestS) {
        bestM = m;
        bestS = s;
      }
    }
    return [bestM, bestS];
  }
  const d = new Map<number, number>();
  const dOf = (p: number) => {
    if (!d.has(p)) d.set(p, powerNormEst(S, t, p) ** (1 / p));
    return d.get(p)!;
  };
  for (let p = 2; p <= P_MAX; p++) {
    for (let m = p * (p - 1) - 1; m <= M_MAX; m++) {
      const theta = THETA_OF.get(m);
      if (theta === undefined) continue;
      const alpha = Math.max(dOf(p), dOf(p + 1));
      const s = Math.ceil(alpha / theta);
      if (bestM === 0 || m * s < bestM * bestS) {
        bestM = m;
        bestS = s;
      }
    }
  }
  return [bestM, Math.max(bestS, 1)];
}

function infNorm(x: ndarray): number {
  const a = x.ndim === 1 ? np.max(np.abs(x)) : np.max(np.sum(np.abs(x), { axis: 1 }));
  return Number(a.item());
}

/** e^{tA}·B by Algorithm 3.2 with given (m, s). */
function simpleCore(S: Shifted, B0: ndarray, t: number, m: number, s: number): ndarray {
  let B = B0;
  let F = B0;
  const eta = Math.exp((t * S.mu) / s);
  for (let i = 0; i < s; i++) {
    let c1 = infNorm(B);
    for (let j = 0; j < m; j++) {
      const coeff = t / (s * (j + 1));
      B = np.multiply(S.apply(B), coeff).copy();
      const c2 = infNorm(B);
      F = np.add(F, B).copy();
      if (c1 + c2 <= TOL * infNorm(F)) break;
      c1 = c2;
    }
    F = np.multiply(F, eta).copy();
    B = F;
  }
  return F;
}

function simple(S: Shifted, B: ndarray, t: number): ndarray {
  const n0 = B.ndim === 1 ? 1 : B.shape[1]!;
  const norm = S.exactOneNorm ?? powerNormEst(S, 1, 1);
  if (t * norm === 0) return simpleCore(S, B, t, 0, 1);
  const [m, s] = fragment31(S, t, t * norm, n0);
  return simpleCore(S, B, t, m, s);
}

/**
 * The action of the matrix exponential, e^{tA}·B (SciPy's `scipy.sparse.linalg.expm_multiply`),
 * without forming e^{tA}: Al-Mohy & Higham's truncated Taylor method with SciPy's choice of degree
 * and scaling (exact ‖A‖₁ for arrays, block 1-norm estimates of powers of A). With `start`, `stop`,
 * `num` it returns the results at `num` evenly spaced times, stacked along a new first axis: cohort
 * computes e^{start·A}·B and then steps e^{hA} from point to point (SciPy's interval algorithm
 * shares one (m, s) over the grid; results agree to rounding).
 * @param A - sparse array, 2-D ndarray or LinearOperator (n×n).
 * @param B - vector `[n]` or matrix `[n, k]`.
 * @param opts - `{start, stop, num, endpoint, traceA}`.
 * @returns e^{A}·B, or `[num, ...B.shape]` for a grid.
 * @throws ShapeError when A is not square or B does not match.
 * @throws ValueError on a grid with num < 1.
 * @example
 * const A = sparse.csr_array([[0, 1], [-1, 0]]); // a rotation generator
 * const y = expm_multiply(A.multiply(Math.PI / 2), np.array([1, 0]));
 * np.allclose(y, [0, -1], { atol: 1e-12 }); // true
 * const Y = expm_multiply(sparse.diags([[0, 1]], [0]), np.ones(2), { start: 0, stop: 1, num: 2 });
 * Y.shape; // [2, 2]
 * np.allclose(Y.get(':, 1'), [1, Math.E]); // true
 */
export const expm_multiply = ssigOpts<(A: Operand, B: np.ArrayInput, opts?: ExpmMultiplyOptions) => ndarray>(
  'expm_multiply(A, B: array_like, start: number = None, stop: number = None, num: int = None, endpoint: bool = None, traceA: number = None)',
  2,
  expmMultiplyImpl as never,
);

function expmMultiplyImpl(A: Operand, Bin: ndarray, opts: ExpmMultiplyOptions): ndarray {
  const op = aslinearoperator(A);
  const n = op.shape[0];
  if (op.shape[1] !== n) {
    throw new ShapeError(argMessage('expm_multiply', 'A', 'a square matrix', [...op.shape]));
  }
  if (Bin.ndim !== 1 && Bin.ndim !== 2) {
    throw new ShapeError(argMessage('expm_multiply', 'B', 'a vector or a matrix', [...Bin.shape]));
  }
  if (Bin.shape[0] !== n) {
    throw new ShapeError(argMessage('expm_multiply', 'B', `${n} rows (A is ${n}×${n})`, [...Bin.shape]));
  }
  const B = Bin.dtype === 'float64' ? Bin : Bin.astype('float64');
  const S = shifted(A, opts.traceA);
  const grid =
    opts.start !== undefined ||
    opts.stop !== undefined ||
    opts.num !== undefined ||
    opts.endpoint !== undefined;
  if (!grid) return simple(S, B, 1);
  const start = opts.start ?? 0;
  const stop = opts.stop ?? 1;
  const num = opts.num ?? 50;
  const endpoint = opts.endpoint ?? true;
  if (!Number.isInteger(num) || num < 1) {
    throw new ValueError(argMessage('expm_multiply', 'num', 'a positive integer', num));
  }
  if (!Number.isFinite(start) || !Number.isFinite(stop)) {
    throw new ArgumentTypeError(argMessage('expm_multiply', 'start/stop', 'finite numbers', [start, stop]));
  }
  const h = num === 1 ? 0 : (stop - start) / (endpoint ? num - 1 : num);
  const out: ndarray[] = [simple(S, B, start)];
  for (let k = 1; k < num; k++) out.push(simple(S, out[k - 1]!, h));
  return np.stack(out);
}
