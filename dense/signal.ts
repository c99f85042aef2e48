/**
 * NumPy's `correlate`, the window functions `hamming hanning blackman bartlett kaiser`, NumPy 2's
 * `vecdot matvec vecmat` and `unwrap`, after NumPy's own definitions, as compositions of launches
 * (`convolve` of the reversed operand, fused cosine expressions over `arange`, products reduced
 * along an axis, `diff`/`mod`/`cumsum`). Host reads: only `correlate`'s shorter operand (through
 * `convolve`). The windows' cosines are cohort's (within 1 ulp), so values agree with NumPy's to
 * rounding; `vecdot` sums in the reduction's order (NumPy's gufunc: BLAS dot), also to rounding.
 */
import { argMessage, type DType, ShapeError, ValueError } from '../runtime/index.js';
import { full, zeros } from './creation.js';
import { arange } from './creation-more.js';
import type { ndarray } from './ndarray.js';
import { convolve } from './numeric-extra.js';
import { any, cumsum, sum } from './reduce-api.js';
import { where } from './select.js';
import * as sh from './shape.js';
import { diff, flip } from './shape-more.js';
import { type ArrayInput, sig } from './sig.js';
import {
  abs,
  add,
  cos,
  divide,
  equal,
  greater,
  less,
  less_equal,
  logical_and,
  multiply,
  sqrt,
  subtract,
} from './ufuncs.js';
import { i0 } from './ufuncs-float-more.js';
import { mod } from './ufuncs-more.js';

/** Keyword options of {@link correlate}. */
export interface CorrelateOptions {
  /** 'valid' (default), 'same' or 'full'. */
  mode?: 'valid' | 'same' | 'full';
}

/**
 * Cross-correlation of two 1-D sequences, `c[k] = sum_n a[n + k] * v[n]` (real input), as NumPy
 * computes it: the convolution with the reversed `v`; when `a` is shorter, NumPy swaps the operands
 * and reverses the result, and so does cohort.
 * @param a a 1-D array_like
 * @param v a 1-D array_like
 * @param mode 'valid' (default), 'same' or 'full'
 * @returns a new 1-D array
 * @throws {ValueError} for empty or non-1-D input, or an unknown mode
 * @example np.correlate([1, 2, 3], [0, 1, 0.5]).tolist() // [3.5]
 * @example np.correlate([1, 2, 3], [0, 1, 0.5], 'full').tolist() // [0.5, 2, 3.5, 3, 0]
 */
export const correlate = sig<
  (a: ArrayInput, v: ArrayInput, mode?: 'valid' | 'same' | 'full' | CorrelateOptions) => ndarray
>("correlate(a: array_like, v: array_like, mode: str = 'valid')", ((
  a0: ndarray,
  v0: ndarray,
  mode: string,
) => {
  if (mode !== 'full' && mode !== 'same' && mode !== 'valid')
    throw new ValueError(argMessage('correlate', 'mode', "'valid', 'same' or 'full'", mode));
  const a = a0.ndim === 0 ? sh.reshape(a0, [1]) : a0;
  const v = v0.ndim === 0 ? sh.reshape(v0, [1]) : v0;
  if (a.ndim !== 1 || v.ndim !== 1) throw new ValueError('correlate: object too deep for desired array');
  if (a.size < v.size) return sh.copy(flip(convolve(v, flip(a), mode as 'full')));
  return convolve(a, flip(v), mode as 'full');
}) as never);

/** `n = arange(1 - M, M, 2)` as float64 over `M - 1`: the windows' common abscissa `πn/(M-1)`. */
function windowArg(M: number): ndarray {
  return divide(multiply(Math.PI, arange(1 - M, M, 2)), M - 1);
}
/** NumPy's edge cases of every window: empty below 1, `[1]` at 1. */
const edge = (M: number): ndarray | null => (M < 1 ? zeros([0]) : M === 1 ? full([1], 1, 'float64') : null);

const windowFn = (name: string, body: (M: number) => ndarray) =>
  sig<(M: number) => ndarray>(`${name}(M: int)`, ((M: number) => edge(M) ?? sh.copy(body(M))) as never);

/**
 * The Hamming window `0.54 + 0.46 cos(πn/(M-1))`, n = 1-M, 3-M, …, M-1.
 * @param M number of points (empty for M < 1)
 * @returns a float64 array of M points
 * @example np.hamming(3).tolist() // [0.08000000000000002, 1, 0.08000000000000002]
 */
export const hamming = windowFn('hamming', (M) => add(0.54, multiply(0.46, cos(windowArg(M)))));
/**
 * The Hann window `0.5 + 0.5 cos(πn/(M-1))`.
 * @param M number of points (empty for M < 1)
 * @returns a float64 array of M points
 * @example np.hanning(3).tolist() // [0, 1, 0]
 */
export const hanning = windowFn('hanning', (M) => add(0.5, multiply(0.5, cos(windowArg(M)))));
/**
 * The Blackman window `0.42 + 0.5 cos(πn/(M-1)) + 0.08 cos(2πn/(M-1))`.
 * @param M number of points (empty for M < 1)
 * @returns a float64 array of M points
 * @example np.blackman(5).tolist() // [-1.3877787807814457e-17, 0.34, 0.9999999999999999, 0.34, -1.3877787807814457e-17]
 */
export const blackman = windowFn('blackman', (M) => {
  const t = windowArg(M);
  return add(add(0.42, multiply(0.5, cos(t))), multiply(0.08, cos(multiply(2, t))));
});
/**
 * The Bartlett (triangular) window: `1 + n/(M-1)` for n ≤ 0, `1 - n/(M-1)` after.
 * @param M number of points (empty for M < 1)
 * @returns a float64 array of M points
 * @example np.bartlett(5).tolist() // [0, 0.5, 1, 0.5, 0]
 */
export const bartlett = windowFn('bartlett', (M) => {
  const n = arange(1 - M, M, 2);
  const q = divide(n, M - 1);
  return where(less_equal(n, 0), add(1, q), subtract(1, q));
});

/** Keyword options of {@link kaiser}. */
export interface KaiserOptions {
  /** Shape parameter. */
  beta?: number;
}

/**
 * The Kaiser window `i0(β sqrt(1 - ((n - α)/α)²)) / i0(β)`, n = 0 … M-1, α = (M-1)/2.
 * @param M number of points (empty for M < 1)
 * @param beta shape parameter
 * @returns a float64 array of M points
 * @example np.kaiser(3, 0).tolist() // [1, 1, 1]
 */
export const kaiser = sig<(M: number, beta: number | KaiserOptions) => ndarray>(
  'kaiser(M: int, beta: number)',
  ((M: number, beta: number) => {
    if (M < 1) return zeros([0]);
    if (M === 1) return full([1], 1, 'float64');
    const alpha = (M - 1) / 2;
    const r = divide(subtract(arange(0, M), alpha), alpha);
    const num = i0(multiply(beta, sqrt(subtract(1, multiply(r, r)))));
    return sh.copy(divide(num, i0(beta)));
  }) as never,
);

/** Keyword options of {@link vecdot}. */
export interface VecdotOptions {
  /** The axis of the vectors (default -1). */
  axis?: number;
}

/** Sums of products along `axis` in the operands' dtype (NumPy's gufuncs keep it; bools: any). */
const reduceProducts = (p: ndarray, axis: number, dt: DType): ndarray => {
  if (dt === 'bool') return any(p, { axis }) as ndarray;
  // Integer sums wrap in int32 and then in uint8: the same residues as summing in uint8.
  return sh.astype(sum(p, { axis }) as ndarray, dt);
};

/**
 * The dot products of vectors along `axis`, broadcast over the other axes (NumPy 2's `vecdot`;
 * real input, so no conjugation). Integers wrap in their dtype; bools give any(x1 & x2).
 * @param x1 an array_like
 * @param x2 an array_like broadcastable with x1
 * @param axis the axis of the vectors (default -1)
 * @returns the products, without that axis
 * @throws {ShapeError} when the vector lengths differ
 * @example np.vecdot([[0, 0, 1], [1, 0, 0]], [0, 1, 2]).tolist() // [2, 0]
 */
export const vecdot = sig<(x1: ArrayInput, x2: ArrayInput, opts?: VecdotOptions) => ndarray>(
  'vecdot(x1: array_like, x2: array_like, /, *, axis: axis = -1)',
  ((x1: ndarray, x2: ndarray, axis: number) => {
    const a = sh.copy(moveTo(x1, axis));
    const b = sh.copy(moveTo(x2, axis));
    if (a.shape[a.ndim - 1] !== b.shape[b.ndim - 1])
      throw new ShapeError(
        `vecdot: vectors of x1 (length ${a.shape[a.ndim - 1]}) and x2 (length ${b.shape[b.ndim - 1]}) differ`,
      );
    const p = a.dtype === 'bool' && b.dtype === 'bool' ? logical_and(a, b) : multiply(a, b);
    return reduceProducts(p, -1, p.dtype);
  }) as never,
);
function moveTo(x: ndarray, axis: number): ndarray {
  if (x.ndim === 0) throw new ValueError('vecdot: x1 and x2 must be at least 1-D');
  const ax = axis < 0 ? axis + x.ndim : axis;
  if (ax < 0 || ax >= x.ndim)
    throw new ValueError(`vecdot: axis ${axis} is out of bounds for array of dimension ${x.ndim}`);
  const order = [...Array(x.ndim).keys()].filter((d) => d !== ax);
  return sh.transpose(x, [...order, ax]);
}

/**
 * Matrix-vector products over stacks: `x1 (…, m, n)` times `x2 (…, n)` gives `(…, m)` (NumPy 2.2).
 * @param x1 matrices
 * @param x2 vectors
 * @returns the products
 * @throws {ShapeError} when the inner lengths differ
 * @example np.matvec([[1, 2], [3, 4]], [1, 1]).tolist() // [3, 7]
 */
export const matvec = sig<(x1: ArrayInput, x2: ArrayInput) => ndarray>(
  'matvec(x1: array_like, x2: array_like, /)',
  ((x1: ndarray, x2: ndarray) => {
    if (x1.ndim < 2 || x2.ndim < 1)
      throw new ValueError('matvec: x1 must be at least 2-D and x2 at least 1-D');
    if (x1.shape[x1.ndim - 1] !== x2.shape[x2.ndim - 1])
      throw new ShapeError(
        `matvec: x1 has ${x1.shape[x1.ndim - 1]} columns, x2 vectors of length ${x2.shape[x2.ndim - 1]}`,
      );
    const v = sh.expand_dims(x2, x2.ndim - 1);
    const p = x1.dtype === 'bool' && x2.dtype === 'bool' ? logical_and(x1, v) : multiply(x1, v);
    return reduceProducts(p, -1, p.dtype);
  }) as never,
);

/**
 * Vector-matrix products over stacks: `x1 (…, n)` times `x2 (…, n, m)` gives `(…, m)` (NumPy 2.2).
 * @param x1 vectors
 * @param x2 matrices
 * @returns the products
 * @throws {ShapeError} when the inner lengths differ
 * @example np.vecmat([1, 1], [[1, 2], [3, 4]]).tolist() // [4, 6]
 */
export const vecmat = sig<(x1: ArrayInput, x2: ArrayInput) => ndarray>(
  'vecmat(x1: array_like, x2: array_like, /)',
  ((x1: ndarray, x2: ndarray) => {
    if (x1.ndim < 1 || x2.ndim < 2)
      throw new ValueError('vecmat: x1 must be at least 1-D and x2 at least 2-D');
    if (x1.shape[x1.ndim - 1] !== x2.shape[x2.ndim - 2])
      throw new ShapeError(
        `vecmat: x1 vectors of length ${x1.shape[x1.ndim - 1]}, x2 has ${x2.shape[x2.ndim - 2]} rows`,
      );
    const v = sh.expand_dims(x1, x1.ndim);
    const p = x1.dtype === 'bool' && x2.dtype === 'bool' ? logical_and(v, x2) : multiply(v, x2);
    return reduceProducts(p, -2, p.dtype);
  }) as never,
);

/** Keyword options of {@link unwrap}. */
export interface UnwrapOptions {
  /** Maximum discontinuity between values (default period/2). */
  discont?: number | null;
  /** The axis (default -1). */
  axis?: number;
  /** The period (default 2π). */
  period?: number;
}

/**
 * Unwraps by taking the complement of large jumps with respect to the period: differences larger
 * than `max(discont, period/2)` are changed by multiples of `period` (NumPy's algorithm).
 * @param p an array_like
 * @param discont maximum discontinuity (default period/2)
 * @param axis the axis (default -1)
 * @param period the period (default 2π)
 * @returns the unwrapped array
 * @example np.unwrap([0, 1, 2, 0, 1], { period: 3 }).tolist() // [0, 1, 2, 3, 4]
 */
export const unwrap = sig<
  (
    p: ArrayInput,
    discont?: number | null | UnwrapOptions,
    axis?: number | UnwrapOptions,
    opts?: UnwrapOptions,
  ) => ndarray
>('unwrap(p: array_like, discont: number = None, axis: axis = -1, *, period: number = 6.283185307179586)', ((
  p: ndarray,
  discont0: number | undefined,
  axis: number,
  period: number,
) => {
  if (p.ndim === 0) throw new ValueError("unwrap: argument 'p' must be at least one dimensional");
  const discont = discont0 ?? period / 2;
  const dd = diff(p, { axis });
  const intPeriod = Number.isInteger(period);
  const dt: DType =
    p.dtype === 'float32' || p.dtype === 'float64'
      ? p.dtype
      : intPeriod
        ? p.dtype === 'bool'
          ? 'int32'
          : dd.dtype
        : 'float64';
  const isInt = dt !== 'float32' && dt !== 'float64';
  const high = isInt ? Math.floor(period / 2) : period / 2;
  const ambiguous = isInt ? period % 2 === 0 : true;
  const low = -high;
  let ddmod = add(mod(subtract(dd, low), period), low);
  if (ambiguous) ddmod = where(logical_and(equal(ddmod, low), greater(dd, 0)), high, ddmod);
  let corr = subtract(ddmod, dd);
  corr = where(less(abs(dd), discont), 0, corr);
  const nd = p.ndim;
  const ax = axis < 0 ? axis + nd : axis;
  const first = p.get([...Array(ax).fill(':'), '0:1'].join(','));
  const rest = add(p.get([...Array(ax).fill(':'), '1:'].join(',')), cumsum(sh.astype(corr, dt), ax));
  return sh.astype(sh.concatenate([sh.astype(first, dt), sh.astype(rest, dt)], { axis: ax }), dt);
}) as never);
