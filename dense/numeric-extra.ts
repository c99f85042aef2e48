/**
 * NumPy's everyday numerics beyond the tiers (2): `logspace`, `geomspace`, `isin`, `interp`,
 * `convolve`, `polyval` (`digitize` and `histogram` in histogram.ts). Each
 * is a composition of launches (element-wise expressions, reductions, sorts, searches, bincount,
 * matmul) following NumPy's own algorithm, so results match NumPy's bits where the operations do;
 * host reads happen only where NumPy inspects values to decide (weights summing to zero, the
 * direction of `digitize`'s bins, `histogram`'s range, `convolve`'s shorter operand, `polyval`'s
 * coefficients).
 */
import { promote } from '../codegen/index.js';
import { argMessage, type DType, ValueError } from '../runtime/index.js';
import { full } from './creation.js';
import { linspace } from './creation-more.js';
import type { ndarray } from './ndarray.js';
import { take, where } from './select.js';
import * as sh from './shape.js';
import { type ArrayInput, sig } from './sig.js';
import { argsort, searchsorted, sort, unique } from './sort-api.js';
import {
  add,
  clip,
  divide,
  equal,
  greater,
  isnan,
  less,
  logical_and,
  multiply,
  power,
  subtract,
} from './ufuncs.js';
import { mod } from './ufuncs-more.js';

/** Keyword options of {@link logspace}. */
export interface LogspaceOptions {
  /** Number of samples (default 50). */
  num?: number;
  /** Include `base ** stop` (default true). */
  endpoint?: boolean;
  /** The base (default 10), or bases: an array gives one row of samples per base (see `axis`). */
  base?: number | ArrayInput;
  /** Result dtype. */
  dtype?: DType | null;
  /** The axis of the samples in the result when `base` is an array (default 0). */
  axis?: number;
}

/**
 * Numbers spaced evenly on a log scale: `base ** linspace(start, stop, num)`.
 * @param start `base ** start` is the first value
 * @param stop `base ** stop` is the last (with `endpoint`)
 * @param num number of samples (default 50)
 * @param endpoint include the last value
 * @param base the base (default 10); an array of bases gives the samples for each, along `axis`
 * @param dtype result dtype
 * @param axis the axis of the samples when `base` is an array (NumPy's `expand_dims(base, axis)`)
 * @returns a new array (1-D for a scalar base)
 * @example np.logspace(0, 3, 4).tolist() // [1, 10, 100, 1000]
 * @example np.logspace(2, 3, { num: 3, base: [2, 3], axis: -1 }).shape // [2, 3]
 */
export const logspace = sig<
  (
    start: number,
    stop: number,
    num?: number | LogspaceOptions,
    endpoint?: boolean | LogspaceOptions,
    base?: number | ArrayInput | LogspaceOptions,
    dtype?: DType | null | LogspaceOptions,
    axis?: number | LogspaceOptions,
    opts?: LogspaceOptions,
  ) => ndarray
>(
  'logspace(start: number, stop: number, num: int = 50, endpoint: bool = True, base: operand = 10.0, dtype: dtype = None, axis: axis = 0)',
  ((
    start: number,
    stop: number,
    num: number,
    endpoint: boolean,
    base: number | ndarray,
    dtype: DType | undefined,
    axis: number,
  ) => {
    const y = linspace(start, stop, num, { endpoint, axis });
    const y2 = power(typeof base === 'object' ? sh.expand_dims(base, axis) : base, y);
    return dtype ? sh.astype(y2, dtype) : sh.copy(y2);
  }) as never,
);

/** Keyword options of {@link geomspace}. */
export interface GeomspaceOptions {
  /** Number of samples (default 50). */
  num?: number;
  /** Include `stop` (default true). */
  endpoint?: boolean;
  /** Result dtype. */
  dtype?: DType | null;
}

/**
 * Numbers spaced evenly on a log scale from `start` to `stop` (a geometric progression; the
 * endpoints exact, both negative allowed), as NumPy computes them.
 * @param start first value (nonzero)
 * @param stop last value (nonzero, the sign of `start`)
 * @param num number of samples (default 50)
 * @param endpoint include `stop`
 * @param dtype result dtype
 * @returns a new 1-D array
 * @throws {ValueError} for a zero bound or bounds of different signs
 * @example np.geomspace(1, 1000, 4).tolist() // [1, 10, 100, 1000]
 */
export const geomspace = sig<
  (
    start: number,
    stop: number,
    num?: number | GeomspaceOptions,
    endpoint?: boolean | GeomspaceOptions,
    dtype?: DType | null | GeomspaceOptions,
    opts?: GeomspaceOptions,
  ) => ndarray
>('geomspace(start: number, stop: number, num: int = 50, endpoint: bool = True, dtype: dtype = None)', ((
  start: number,
  stop: number,
  num: number,
  endpoint: boolean,
  dtype: DType | undefined,
) => {
  if (start === 0 || stop === 0) throw new ValueError('geomspace: geometric sequence cannot include zero');
  if (start < 0 !== stop < 0)
    throw new ValueError(
      'geomspace: start and stop must have the same sign (complex results are not supported)',
    );
  const sign = start < 0 ? -1 : 1;
  const lo = Math.log10(Math.abs(start));
  const hi = Math.log10(Math.abs(stop));
  const y = sh.copy(multiply(power(10, linspace(lo, hi, num, { endpoint })), sign));
  if (num > 0) y.set([0], start);
  if (num > 1 && endpoint) y.set([num - 1], stop);
  return dtype ? sh.astype(y, dtype) : y;
}) as never);

/** Keyword options of {@link isin}. */
export interface IsinOptions {
  /** Both inputs are known to hold unique values (accepted; the result does not depend on it). */
  assume_unique?: boolean;
  /** Return the negation. */
  invert?: boolean;
  /** Algorithm hint: null or 'sort' (cohort always sorts). */
  kind?: string | null;
}

/**
 * True where an element of `element` is in `test_elements`, with `element`'s shape (NaN is in
 * nothing: NaN ≠ NaN). One sort of the test values, one search.
 * @param element an array_like
 * @param test_elements the values to look for (flattened)
 * @param assume_unique accepted for NumPy compatibility
 * @param invert negate the result
 * @param kind null or 'sort'
 * @returns a bool array of `element`'s shape
 * @throws {ValueError} for an unknown `kind`
 * @example np.isin([[0, 2], [4, 6]], [1, 2, 4, 8]).tolist() // [[false, true], [true, false]]
 */
export const isin = sig<
  (
    element: ArrayInput,
    test_elements: ArrayInput,
    assume_unique?: boolean | IsinOptions,
    invert?: boolean | IsinOptions,
    opts?: IsinOptions,
  ) => ndarray
>(
  'isin(element: array_like, test_elements: array_like, assume_unique: bool = False, invert: bool = False, *, kind: str = None)',
  ((element: ndarray, test: ndarray, _unique: boolean, invert: boolean, kind: string | undefined) => {
    if (kind !== undefined && kind !== 'sort' && kind !== 'table')
      throw new ValueError(argMessage('isin', 'kind', "None, 'sort' or 'table'", kind));
    const t = unique(sh.ravel(test)) as ndarray;
    const n = t.shape[0]!;
    if (n === 0) return sh.astype(full(element.shape, invert ? 1 : 0, 'int32'), 'bool');
    const idx = clip(searchsorted(t, element), 0, n - 1);
    const hit = equal(take(t, idx), element);
    return invert ? sh.astype(equal(hit, false), 'bool') : sh.astype(hit, 'bool');
  }) as never,
);

/** Keyword options of {@link interp}. */
export interface InterpOptions {
  /** Value below `xp[0]` (default `fp[0]`). */
  left?: number | null;
  /** Value above `xp[-1]` (default `fp[-1]`). */
  right?: number | null;
  /** Period of the x-coordinates (then `left`/`right` are ignored, as NumPy). */
  period?: number | null;
}

/**
 * One-dimensional piecewise linear interpolation at `x` of the points (`xp`, `fp`), `xp`
 * increasing; NumPy's formula `slope * (x - xp[j]) + fp[j]` and its NaN fix-ups.
 * @param x where to evaluate
 * @param xp increasing x-coordinates (or periodic with `period`)
 * @param fp values at `xp`
 * @param left value below the range (default `fp[0]`)
 * @param right value above the range (default `fp[-1]`)
 * @param period a period for angular coordinates
 * @returns the interpolated values, of `x`'s shape (float64)
 * @throws {ValueError} when `xp` and `fp` differ in length or are empty, or `period` is 0
 * @example np.interp([0, 1, 1.5, 2.72, 3.14], [1, 2, 3], [3, 2, 0]).tolist() // [3, 3, 2.5, 0.5599999999999996, 0]
 */
export const interp = sig<
  (
    x: ArrayInput,
    xp: ArrayInput,
    fp: ArrayInput,
    left?: number | null | InterpOptions,
    right?: number | null | InterpOptions,
    period?: number | null | InterpOptions,
    opts?: InterpOptions,
  ) => ndarray
>(
  'interp(x: array_like, xp: array_like, fp: array_like, left: number = None, right: number = None, period: number = None)',
  ((
    x0: ndarray,
    xp0: ndarray,
    fp0: ndarray,
    left: number | undefined,
    right: number | undefined,
    period: number | undefined,
  ) => {
    if (xp0.ndim !== 1 || fp0.ndim !== 1) throw new ValueError('interp: xp and fp must be 1-D sequences');
    if (xp0.shape[0] !== fp0.shape[0]) throw new ValueError('interp: fp and xp are not of the same length');
    if (xp0.shape[0] === 0) throw new ValueError('interp: array of sample points is empty');
    let x = sh.astype(x0, 'float64');
    let xp = sh.astype(xp0, 'float64');
    let fp = sh.astype(fp0, 'float64');
    let lv = left;
    let rv = right;
    if (period !== undefined) {
      if (period === 0) throw new ValueError('interp: period must be a non-zero value');
      const p = Math.abs(period);
      lv = undefined;
      rv = undefined;
      x = sh.copy(mod(x, p));
      const xpm = sh.copy(mod(xp, p));
      const order = sort(xpm) as ndarray;
      const fps = take(fp, argsort(xpm, { kind: 'stable' }) as ndarray);
      const m = order.shape[0]!;
      xp = sh.concatenate(
        [subtract(sh.copy(order.get([`${m - 1}:`])), p), order, add(sh.copy(order.get(['0:1'])), p)],
        { axis: 0 },
      );
      fp = sh.concatenate([fps.get([`${m - 1}:`]), fps, fps.get(['0:1'])], { axis: 0 });
    }
    const n = xp.shape[0]!;
    const f0 = take(fp, 0);
    const fl = take(fp, n - 1);
    const L = lv ?? f0;
    const R = rv ?? fl;
    if (n === 1) {
      const x0v = take(xp, 0);
      return sh.astype(where(less(x, x0v), L, where(greater(x, x0v), R, f0)), 'float64');
    }
    const j = clip(subtract(searchsorted(xp, x, 'right'), 1), 0, n - 2);
    const j1 = add(j, 1);
    const xj = take(xp, j);
    const xj1 = take(xp, j1);
    const fj = take(fp, j);
    const fj1 = take(fp, j1);
    const slope = divide(subtract(fj1, fj), subtract(xj1, xj));
    let r = add(multiply(slope, subtract(x, xj)), fj);
    const r2 = add(multiply(slope, subtract(x, xj1)), fj1);
    r = where(isnan(r), where(logical_and(isnan(r2), equal(fj, fj1)), fj, r2), r);
    r = where(equal(x, xj), fj, r);
    const xlast = take(xp, n - 1);
    r = where(equal(x, xlast), fl, r);
    r = where(less(x, take(xp, 0)), L, where(greater(x, xlast), R, r));
    return sh.astype(r, 'float64');
  }) as never,
);

/** Keyword options of {@link convolve}. */
export interface ConvolveOptions {
  /** 'full' (default), 'same' or 'valid'. */
  mode?: 'full' | 'same' | 'valid';
}

/**
 * The discrete linear convolution of two 1-D sequences: `sum_j a[j] v[k - j]`, all overlaps
 * ('full'), the middle `max(M, N)` ('same') or the complete overlaps ('valid'). Computed as shifted
 * multiply-adds of the longer sequence, fused in groups (the shorter one is read on the host);
 * sums are taken in another order than NumPy's, so results agree to rounding.
 * @param a a 1-D array_like
 * @param v a 1-D array_like
 * @param mode 'full', 'same' or 'valid'
 * @returns a new 1-D array
 * @throws {ValueError} for empty or non-1-D input, or an unknown mode
 * @example np.convolve([1, 2, 3], [0, 1, 0.5]).tolist() // [0, 1, 2.5, 4, 1.5]
 * @example np.convolve([1, 2, 3], [0, 1, 0.5], 'same').tolist() // [1, 2.5, 4]
 */
export const convolve = sig<
  (a: ArrayInput, v: ArrayInput, mode?: 'full' | 'same' | 'valid' | ConvolveOptions) => ndarray
>("convolve(a: array_like, v: array_like, mode: str = 'full')", ((a0: ndarray, v0: ndarray, mode: string) => {
  if (mode !== 'full' && mode !== 'same' && mode !== 'valid')
    throw new ValueError(argMessage('convolve', 'mode', "'full', 'same' or 'valid'", mode));
  const a1 = a0.ndim === 0 ? sh.reshape(a0, [1]) : a0;
  const v1 = v0.ndim === 0 ? sh.reshape(v0, [1]) : v0;
  if (a1.ndim !== 1 || v1.ndim !== 1) throw new ValueError('convolve: object too deep for desired array');
  if (a1.size === 0) throw new ValueError('convolve: a cannot be empty');
  if (v1.size === 0) throw new ValueError('convolve: v cannot be empty');
  const [long, short] = a1.size >= v1.size ? [a1, v1] : [v1, a1];
  const n = long.size;
  const m = short.size;
  const dt: DType = promoteDt(long.dtype, short.dtype);
  const L = sh.astype(long, dt);
  const s = Array.from(sh.copy(short).toArray() as ArrayLike<number>, Number);
  // full[k] = sum_j s[j] * L[k - j]: L padded by m - 1 zeros on both sides, then slices.
  const z = full([m - 1], 0, dt);
  const P = sh.concatenate([z, L, z], { axis: 0 });
  const total = n + m - 1;
  let acc: ndarray | null = null;
  for (let j = 0; j < m; j++) {
    const start = m - 1 - j;
    const term = multiply(P.get([`${start}:${start + total}`]), s[j]!);
    acc = acc === null ? term : add(acc, term);
    if ((j + 1) % 16 === 0) acc = sh.copy(acc);
  }
  const fullR = sh.astype(acc!, dt);
  if (mode === 'full') return fullR;
  if (mode === 'same') {
    const lo = Math.floor((m - 1) / 2);
    return sh.copy(fullR.get([`${lo}:${lo + n}`]));
  }
  return sh.copy(fullR.get([`${m - 1}:${n}`]));
}) as never);

/** NumPy's promotion of two array dtypes (codegen's rule, shared with the ufuncs). */
const promoteDt = (a: DType, b: DType): DType =>
  promote([
    { dtype: a, weak: false },
    { dtype: b, weak: false },
  ]);

/**
 * Evaluates the polynomial with coefficients `p` (highest power first) at `x` by Horner's rule,
 * `y = y * x + p[i]`, as NumPy does (the same operations, so the same bits).
 * @param p coefficients, highest power first
 * @param x where to evaluate (an array_like or a number)
 * @returns the values, of `x`'s shape
 * @example np.polyval([3, 0, 1], 5).item() // 76
 * @example np.polyval([3, 0, 1], [1, 2]).tolist() // [4, 13]
 */
export const polyval = sig<(p: ArrayInput, x: ArrayInput) => ndarray>(
  'polyval(p: array_like, x: array_like)',
  ((p: ndarray, x: ndarray) => {
    if (p.ndim > 1) throw new ValueError('polyval: p must be 1-D (coefficients, highest power first)');
    const cs = Array.from(sh.copy(sh.ravel(p)).toArray() as ArrayLike<number>, Number);
    const dt = promoteDt(p.dtype, x.dtype);
    let y: ndarray = full(x.shape, 0, dt);
    for (const c of cs) y = add(multiply(y, x), c);
    return sh.astype(y, dt);
  }) as never,
);
