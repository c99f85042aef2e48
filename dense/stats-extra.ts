/**
 * NumPy's everyday numerics beyond the tiers (1): `ptp`, `average`, `cov`, `corrcoef`,
 * `nan_to_num` (the rest in numeric-extra.ts). Each
 * is a composition of launches (element-wise expressions, reductions, sorts, searches, bincount,
 * matmul) following NumPy's own algorithm, so results match NumPy's bits where the operations do;
 * host reads happen only where NumPy inspects values to decide (weights summing to zero, the
 * direction of `digitize`'s bins, `histogram`'s range, `convolve`'s shorter operand, `polyval`'s
 * coefficients).
 */
import { ArgumentTypeError, argMessage, type DType, ValueError } from '../runtime/index.js';
import { full } from './creation.js';
import { matmul } from './linalg-api.js';
import type { ndarray } from './ndarray.js';
import { max, mean, min, sum } from './reduce-api.js';
import { where } from './select.js';
import * as sh from './shape.js';
import { diagonalView } from './shape-extra.js';
import { type ArrayInput, sig } from './sig.js';
import { clip, divide, equal, isnan, multiply, sqrt, subtract } from './ufuncs.js';

type Axis = number | readonly number[] | null;

/** Keyword options of {@link ptp}. */
export interface PtpOptions {
  /** Axis or axes (all when null). */
  axis?: Axis;
  /** Write the result here. */
  out?: ndarray | null;
  /** Keep reduced axes as size 1. */
  keepdims?: boolean;
}

/**
 * Range of values (maximum minus minimum) along an axis.
 * @param a an array_like
 * @param axis axis or axes (all when null)
 * @param out an array to write the result into
 * @param keepdims keep reduced axes as size 1
 * @returns the ranges
 * @throws {ValueError} for an empty reduction
 * @example np.ptp([[4, 9, 2, 10], [6, 9, 7, 12]], 1).tolist() // [8, 6]
 */
export const ptp = sig<
  (
    a: ArrayInput,
    axis?: Axis | PtpOptions,
    out?: ndarray | null | PtpOptions,
    keepdims?: boolean | PtpOptions,
    opts?: PtpOptions,
  ) => ndarray
>('ptp(a: array_like, axis: axes = None, out: ndarray = None, keepdims: bool = False)', ((
  a: ndarray,
  axis: Axis | undefined,
  out: ndarray | undefined,
  keepdims: boolean,
) => {
  const o = { axis: axis ?? null, keepdims };
  return subtract(max(a, o), min(a, o), out ? { out } : {});
}) as never);

/** Keyword options of {@link average}. */
export interface AverageOptions {
  /** Axis or axes (all when null). */
  axis?: Axis;
  /** Weights: `a`'s shape, or the shape of `a` along `axis`. */
  weights?: ArrayInput | null;
  /** Also return the sum of the weights. */
  returned?: boolean;
  /** Keep reduced axes as size 1. */
  keepdims?: boolean;
}

/**
 * The (weighted) average along an axis: `sum(a * w) / sum(w)`, or the mean without weights.
 * @param a an array_like
 * @param axis axis or axes (all when null)
 * @param weights weights of `a`'s shape, or of the shape of `a` along `axis`
 * @param returned also return the sum of the weights
 * @param keepdims keep reduced axes as size 1
 * @returns the average (with the weight sums when `returned`)
 * @throws {ValueError} when the weights sum to zero or do not fit
 * @throws {ArgumentTypeError} for weights of another shape than `a`'s without an `axis`
 * @example np.average([1, 2, 3, 4], { weights: [4, 3, 2, 1] }).item() // 2
 */
export const average = sig<
  (
    a: ArrayInput,
    axis?: Axis | AverageOptions,
    weights?: ArrayInput | null | AverageOptions,
    returned?: boolean | AverageOptions,
    opts?: AverageOptions,
  ) => ndarray | ndarray[]
>(
  'average(a: array_like, axis: axes = None, weights: array_like = None, returned: bool = False, *, keepdims: bool = False)',
  ((
    a: ndarray,
    axis: Axis | undefined,
    weights: ndarray | undefined,
    returned: boolean,
    keepdims: boolean,
  ) => {
    const ax = axis ?? null;
    if (weights === undefined) {
      const avg = mean(a, { axis: ax, keepdims });
      if (!returned) return avg;
      const n = a.size / Math.max(avg.size, 1);
      return [avg, full(avg.shape, a.size === 0 ? 0 : n, avg.dtype)];
    }
    let w = weights;
    if (w.ndim !== a.ndim || w.shape.some((e, d) => e !== a.shape[d])) {
      // NumPy: weights of another shape than a's have a's shape along `axis` (in its order).
      if (ax === null)
        throw new ArgumentTypeError(
          `average: argument 'axis' is needed when the shapes of a [${a.shape.join(', ')}] and weights [${w.shape.join(', ')}] differ, received none`,
        );
      const axes = (typeof ax === 'number' ? [ax] : [...ax]).map((d) => (d < 0 ? d + a.ndim : d));
      const along = axes.map((d) => a.shape[d]);
      if (w.ndim !== axes.length || w.shape.some((e, k) => e !== along[k]))
        throw new ValueError(
          `average: argument 'weights' expected the shape of a along axis ${JSON.stringify(ax)} ([${along.join(', ')}]), received shape [${w.shape.join(', ')}]`,
        );
      const order = axes.map((_, k) => k).sort((i, j) => axes[i]! - axes[j]!);
      w = sh.reshape(
        sh.transpose(w, order),
        a.shape.map((e, k) => (axes.includes(k) ? e : 1)),
      );
    }
    const dt: DType = a.dtype === 'float32' && w.dtype === 'float32' ? 'float32' : 'float64';
    const wb = sh.astype(multiply(w, sh.astype(a, dt).size === 0 ? 0 : 1), dt);
    const scl = sum(wb, { axis: ax, keepdims, dtype: dt });
    if (
      sh
        .copy(equal(scl, 0))
        .toArray()
        .some((x) => x !== 0)
    )
      throw new ValueError("average: weights sum to zero, can't be normalized");
    const avg = divide(sum(multiply(sh.astype(a, dt), wb), { axis: ax, keepdims, dtype: dt }), scl);
    return returned ? [avg, scl] : avg;
  }) as never,
);

/** Keyword options of {@link cov}. */
export interface CovOptions {
  /** A second set of variables, stacked under `m`'s. */
  y?: ArrayInput | null;
  /** Rows are variables (default true); false: columns are. */
  rowvar?: boolean;
  /** Normalize by N instead of N - 1. */
  bias?: boolean;
  /** Delta degrees of freedom (overrides `bias`). */
  ddof?: number | null;
  /** Frequency weights: how many times each observation occurs (1-D, integer values, ≥ 0). */
  fweights?: ArrayInput | null;
  /** Observation weights: each observation's importance (1-D, ≥ 0). */
  aweights?: ArrayInput | null;
  /** Result dtype (default float64). */
  dtype?: DType | null;
}

function covCore(
  fn: string,
  m: ndarray,
  y: ndarray | undefined,
  rowvar: boolean,
  bias: boolean,
  ddof: number | null | undefined,
  dtype: DType | null | undefined,
  fweights?: ndarray,
  aweights?: ndarray,
): ndarray {
  if (m.ndim > 2) throw new ValueError(`${fn}: m has more than 2 dimensions`);
  // NumPy: result_type(m, y, float64) unless dtype is given.
  const dt: DType = dtype ?? 'float64';
  let X = sh.astype(m.ndim === 2 ? m : sh.reshape(m, [1, m.size]), dt);
  if (!rowvar && m.ndim !== 1) X = sh.transpose(X);
  if (y !== undefined) {
    if (y.ndim > 2) throw new ValueError(`${fn}: y has more than 2 dimensions`);
    let Y = sh.astype(y.ndim === 2 ? y : sh.reshape(y, [1, y.size]), dt);
    if (!rowvar && y.ndim !== 1) Y = sh.transpose(Y);
    X = sh.concatenate([X, Y], { axis: 0 });
  }
  const n = X.shape[1]!;
  const dd = ddof ?? (bias ? 0 : 1);
  // No variables: NumPy returns the empty result before looking at the weights.
  const w = X.shape[0] === 0 ? null : covWeights(fn, n, fweights, aweights);
  if (w !== null) return weightedCov(X, w.w, w.a, dd);
  const fact = Math.max(n - dd, 0);
  const Xc = sh.copy(subtract(X, mean(X, { axis: 1, keepdims: true })));
  const c = matmul(Xc, sh.transpose(Xc)) as ndarray;
  // NumPy multiplies by 1 / fact (inf for fact 0, as it warns).
  const r = multiply(c, 1 / fact);
  return r.shape[0] === 1 ? sh.reshape(r, []) : r;
}

/**
 * NumPy's checks of `cov`'s weights and their product `w` (float64; NumPy inspects the values
 * too), with the observation weights `a` when given; null without weights.
 */
function covWeights(
  fn: string,
  n: number,
  fweights: ndarray | undefined,
  aweights: ndarray | undefined,
): { w: ndarray; a: ndarray | null } | null {
  if (fweights === undefined && aweights === undefined) return null;
  const check = (name: string, v: ndarray, integer: boolean): { f: ndarray; vals: Float64Array } => {
    const f = sh.astype(v, 'float64');
    if (f.ndim !== 1)
      throw new ValueError(
        argMessage(fn, name, 'a 1-D array of weights', `an array of shape [${v.shape.join(', ')}]`),
      );
    if (f.size !== n)
      throw new ValueError(argMessage(fn, name, `${n} weights (one per observation)`, `${f.size}`));
    const vals = f.toArray() as Float64Array;
    if (integer && vals.some((x) => x !== Math.round(x)))
      throw new ArgumentTypeError(argMessage(fn, name, 'integer weights', v.toArray()));
    if (vals.some((x) => x < 0)) throw new ValueError(argMessage(fn, name, 'weights ≥ 0', v.toArray()));
    return { f, vals };
  };
  const fw = fweights === undefined ? undefined : check('fweights', fweights, true);
  const aw = aweights === undefined ? undefined : check('aweights', aweights, false);
  // NumPy's average raises when the weights sum to zero (ZeroDivisionError): said by this function,
  // from the host values already read.
  let total = 0;
  for (let i = 0; i < n; i++) total += (fw?.vals[i] ?? 1) * (aw?.vals[i] ?? 1);
  if (!(total !== 0)) throw new ValueError(`${fn}: the weights sum to zero, can't be normalized`);
  const w = fw !== undefined && aw !== undefined ? multiply(fw.f, aw.f) : (fw ?? aw)!.f;
  return { w, a: aw?.f ?? null };
}

/**
 * NumPy's weighted `cov`: the weighted average of each variable, `w_sum`, the normalization
 * (`w_sum`, `w_sum - ddof`, or `w_sum - ddof · Σ(w·a) / w_sum` with observation weights `a`;
 * 0 when not positive), then `(X - avg) · ((X - avg) · w)ᵀ / fact`.
 */
function weightedCov(X: ndarray, w: ndarray, a: ndarray | null, ddof: number): ndarray {
  const [avg, wsum] = average(X, { axis: 1, weights: w, returned: true }) as ndarray[];
  const ws = (wsum!.size > 0 ? wsum!.toArray()[0] : 0) as number;
  let fact: number;
  if (ddof === 0) fact = ws;
  else if (a === null) fact = ws - ddof;
  else fact = ws - (ddof * (sum(multiply(w, a)).item() as number)) / ws;
  if (!(fact > 0)) fact = 0;
  const Xc = sh.copy(subtract(X, sh.reshape(avg!, [X.shape[0]!, 1])));
  const c = matmul(Xc, sh.transpose(multiply(Xc, w))) as ndarray;
  const r = multiply(c, 1 / fact);
  return r.shape[0] === 1 ? sh.reshape(r, []) : r;
}

/**
 * The covariance matrix of variables given as rows (or columns with `rowvar: false`), as NumPy:
 * centered products over `N - ddof`.
 * @param m variables × observations (1-D: one variable)
 * @param y more variables
 * @param rowvar rows are variables (default true)
 * @param bias normalize by N
 * @param ddof delta degrees of freedom
 * @param fweights frequency weights (1-D, integers ≥ 0)
 * @param aweights observation weights (1-D, ≥ 0)
 * @returns the covariance matrix (0-d for one variable)
 * @throws {ValueError} for more than 2 dimensions
 * @example np.cov([[0, 1, 2], [2, 1, 0]]).tolist() // [[1, -1], [-1, 1]]
 */
export const cov = sig<
  (
    m: ArrayInput,
    y?: ArrayInput | null | CovOptions,
    rowvar?: boolean | CovOptions,
    bias?: boolean | CovOptions,
    ddof?: number | null | CovOptions,
    fweights?: ArrayInput | null | CovOptions,
    aweights?: ArrayInput | null | CovOptions,
    opts?: CovOptions,
  ) => ndarray
>(
  'cov(m: array_like, y: array_like = None, rowvar: bool = True, bias: bool = False, ddof: int? = None, fweights: array_like? = None, aweights: array_like? = None, *, dtype: dtype = None)',
  ((
    m: ndarray,
    y: ndarray | undefined,
    rowvar: boolean,
    bias: boolean,
    ddof: number | null | undefined,
    fweights: unknown,
    aweights: unknown,
    dtype: DType | undefined,
  ) => {
    return covCore(
      'cov',
      m,
      y,
      rowvar,
      bias,
      ddof,
      dtype,
      fweights == null ? undefined : (fweights as ndarray),
      aweights == null ? undefined : (aweights as ndarray),
    );
  }) as never,
);

/** Keyword options of {@link corrcoef}. */
export interface CorrcoefOptions {
  /** A second set of variables. */
  y?: ArrayInput | null;
  /** Rows are variables (default true). */
  rowvar?: boolean;
  /** Result dtype. */
  dtype?: DType | null;
}

/**
 * Pearson correlation coefficients: the covariance scaled by the standard deviations, clipped to
 * [-1, 1], as NumPy.
 * @param x variables × observations
 * @param y more variables
 * @param rowvar rows are variables (default true)
 * @returns the correlation matrix (0-d for one variable: 1)
 * @throws {ValueError} for more than 2 dimensions
 * @example np.corrcoef([[1, 2, 3], [3, 2, 1]]).tolist() // [[1, -1], [-1, 1]]
 */
export const corrcoef = sig<
  (
    x: ArrayInput,
    y?: ArrayInput | null | CorrcoefOptions,
    rowvar?: boolean | CorrcoefOptions,
    opts?: CorrcoefOptions,
  ) => ndarray
>('corrcoef(x: array_like, y: array_like = None, rowvar: bool = True, *, dtype: dtype = None)', ((
  x: ndarray,
  y: ndarray | undefined,
  rowvar: boolean,
  dtype: DType | undefined,
) => {
  const c = covCore('corrcoef', x, y, rowvar, false, undefined, dtype);
  if (c.ndim === 0) return divide(c, c);
  const n = c.shape[0]!;
  const sd = sqrt(diagonalView('corrcoef', c, 0, 0, 1));
  const r = divide(divide(c, sh.reshape(sd, [n, 1])), sh.reshape(sd, [1, n]));
  return clip(r, -1, 1);
}) as never);

/** Keyword options of {@link nan_to_num}. */
export interface NanToNumOptions {
  /** Copy (default true); false writes into `x` itself. */
  copy?: boolean;
  /** Replacement for NaN (default 0). */
  nan?: number;
  /** Replacement for +inf (default the dtype's largest finite value). */
  posinf?: number | null;
  /** Replacement for -inf (default the dtype's most negative finite value). */
  neginf?: number | null;
}

/**
 * Replaces NaN with `nan` (0) and ±inf with `posinf`/`neginf` (the dtype's finite extremes).
 * @param x an array_like
 * @param copy false: replace in `x` itself
 * @param nan value for NaN
 * @param posinf value for +inf
 * @param neginf value for -inf
 * @returns the result (`x` itself when `copy` is false)
 * @example np.nan_to_num([np.inf, -np.inf, np.nan, -128, 128]).tolist() // [1.7976931348623157e+308, -1.7976931348623157e+308, 0, -128, 128]
 */
export const nan_to_num = sig<
  (
    x: ArrayInput,
    copy?: boolean | NanToNumOptions,
    nan?: number | NanToNumOptions,
    posinf?: number | null | NanToNumOptions,
    neginf?: number | null | NanToNumOptions,
    opts?: NanToNumOptions,
  ) => ndarray
>(
  'nan_to_num(x: array_like, copy: bool = True, nan: number = 0.0, posinf: number = None, neginf: number = None)',
  ((x: ndarray, copy: boolean, nanv: number, posinf: number | undefined, neginf: number | undefined) => {
    if (x.dtype !== 'float64' && x.dtype !== 'float32') return copy ? sh.copy(x) : x;
    const big = x.dtype === 'float32' ? 3.4028234663852886e38 : Number.MAX_VALUE;
    const r = where(
      isnan(x),
      nanv,
      where(equal(x, Infinity), posinf ?? big, where(equal(x, -Infinity), neginf ?? -big, x)),
    );
    if (copy) return sh.astype(r, x.dtype);
    x.set('...', r);
    return x;
  }) as never,
);
