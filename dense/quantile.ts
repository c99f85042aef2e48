/**
 * `median`, `percentile`, `quantile` (NumPy's thirteen methods, `'linear'` by default): the values are sorted
 * along the axis by the parallel sort (dense/sort.ts) and the order statistics read as views and
 * combined by one fused element-wise expression — NumPy's `_lerp` (`a + (b−a)·t` below t = ½,
 * `b − (b−a)·(1−t)` from ½), and for the median NumPy's mean of the middle one or two. A slice
 * containing NaN gives NaN. NumPy selects with `partition` instead of sorting; here the full sort
 * is used (a selection kernel is future work).
 */
import { fx } from '../codegen/index.js';
import { ArgumentTypeError, argMessage, type DType, IndexError, ValueError } from '../runtime/index.js';
import { isFloat } from './dtypes.js';
import { ewise } from './ewise.js';
import type { ndarray } from './ndarray.js';
import { ravel, stack, transpose } from './shape.js';
import { type ArrayInput, sig } from './sig.js';
import { sortCore } from './sort.js';

/** An axis argument: one axis, several (reduced together, as NumPy), or null (all). */
type Axes = number | readonly number[] | null | undefined;

/**
 * The array with the reduced axes moved last and merged into one (NumPy's `_ureduce`), its axis,
 * and the shape `keepdims` gives.
 */
function merged(fn: string, a: ndarray, axis: Axes): [ndarray, number | null, number[]] {
  if (axis === undefined || axis === null) return [a, null, a.shape.map(() => 1)];
  if (typeof axis === 'number') {
    const axn = axis < 0 ? axis + a.ndim : axis;
    return [a, axis, a.shape.map((e, d) => (d === axn ? 1 : e))];
  }
  const axes = axis.map((d) => {
    if (!Number.isInteger(d)) throw new ArgumentTypeError(argMessage(fn, 'axis', 'integers', axis));
    if (d < -a.ndim || d >= a.ndim)
      throw new IndexError(`${fn}: axis ${d} is out of bounds for array of dimension ${a.ndim}`);
    return d < 0 ? d + a.ndim : d;
  });
  if (new Set(axes).size !== axes.length) throw new ValueError(argMessage(fn, 'axis', 'distinct axes', axis));
  const rest = [...a.shape.keys()].filter((d) => !axes.includes(d));
  const t = transpose(a, [...rest, ...axes]);
  const src = t.reshape([...rest.map((d) => a.shape[d]!), axes.reduce((p, d) => p * a.shape[d]!, 1)]);
  return [src, rest.length, a.shape.map((e, d) => (axes.includes(d) ? 1 : e))];
}

/** The array sorted along the axis, as a view with that axis last; its length; the result dtype. */
function sortedLast(fn: string, a: ndarray, axis: number | null | undefined): [ndarray, number, number] {
  const src = axis === undefined || axis === null ? ravel(a) : a;
  const nd = src.ndim;
  const ax = axis === undefined || axis === null ? 0 : axis;
  if (!Number.isInteger(ax)) throw new ArgumentTypeError(argMessage(fn, 'axis', 'an integer or None', axis));
  if (ax < -nd || ax >= nd)
    throw new IndexError(`${fn}: axis ${ax} is out of bounds for array of dimension ${nd}`);
  const axn = ax < 0 ? ax + nd : ax;
  const n = src.shape[axn]!;
  if (n === 0)
    throw new IndexError(
      `${fn}: argument 'a' is empty along the axis (index -1 is out of bounds for size 0)`,
    );
  const s = sortCore(fn, src, axn, false);
  const perm = [...Array(nd).keys()].filter((d) => d !== axn).concat([axn]);
  return [transpose(s, perm), n, axn];
}

const at = (s: ndarray, k: number): ndarray => s.get(['...', k]);

/** Keeps the reduced axes as size 1 (`shape` from {@link merged}; the others keep their order). */
const keep = (r: ndarray, shape: readonly number[]): ndarray => r.reshape(shape);

function nanWhere(fn: string, last: ndarray, r: ndarray): ndarray {
  return ewise(fn, 'where', [ewise(fn, 'isnan', [last], ['a']), Number.NaN, r], ['c', 'x', 'y'], null, {
    dtype: r.dtype,
  });
}

/** Python's `round` (half to even), as `np.around`. */
function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** NumPy's `_compute_virtual_index` of the continuous methods (Hyndman & Fan's alpha, beta). */
const virtual = (n: number, q: number, alpha: number, beta: number): number =>
  n * q + (alpha + q * (1 - alpha - beta)) - 1;

/** NumPy's `_discrete_interpolation_to_boundaries`: `prev` or `prev + 1` by `cond(gamma, index)`. */
function discrete(index: number, cond: (gamma: number, index: number) => boolean): number {
  const prev = Math.floor(index);
  const k = cond(index - prev, index) ? prev : prev + 1;
  return Math.max(k, 0);
}

/**
 * NumPy's quantile methods (`numpy/lib/_function_base_impl.py`, `_QuantileMethods`): the
 * discrete ones give the order statistic to take; the continuous ones the virtual index and a
 * `fix_gamma` of the interpolation weight.
 */
const METHODS: Record<
  string,
  | { discrete: (n: number, q: number) => number }
  | { index: (n: number, q: number) => number; gamma?: (g: number, index: number) => number }
> = {
  inverted_cdf: { discrete: (n, q) => discrete(n * q - 1, (g) => g === 0) },
  averaged_inverted_cdf: { index: (n, q) => n * q - 1, gamma: (g) => (g === 0 ? 0.5 : 1) },
  closest_observation: {
    discrete: (n, q) => discrete(n * q - 1 - 0.5, (g, i) => g === 0 && ((Math.floor(i) % 2) + 2) % 2 === 1),
  },
  interpolated_inverted_cdf: { index: (n, q) => virtual(n, q, 0, 1) },
  hazen: { index: (n, q) => virtual(n, q, 0.5, 0.5) },
  weibull: { index: (n, q) => virtual(n, q, 0, 0) },
  linear: { index: (n, q) => (n - 1) * q },
  median_unbiased: { index: (n, q) => virtual(n, q, 1 / 3.0, 1 / 3.0) },
  normal_unbiased: { index: (n, q) => virtual(n, q, 3 / 8.0, 3 / 8.0) },
  lower: { discrete: (n, q) => Math.floor((n - 1) * q) },
  higher: { discrete: (n, q) => Math.ceil((n - 1) * q) },
  midpoint: {
    index: (n, q) => 0.5 * (Math.floor((n - 1) * q) + Math.ceil((n - 1) * q)),
    gamma: (_g, i) => (i % 1 === 0 ? 0 : 0.5),
  },
  nearest: { discrete: (n, q) => roundHalfEven((n - 1) * q) },
};

/**
 * The `q` quantile (a fraction) of each line of `s` (sorted, axis last, length n) by a continuous
 * method: NumPy's `_lerp` between the order statistics around the virtual index.
 */
function interpolate(
  fn: string,
  s: ndarray,
  n: number,
  q: number,
  dt: DType,
  weak: boolean,
  method: { index: (n: number, q: number) => number; gamma?: (g: number, index: number) => number },
): ndarray {
  const vi = method.index(n, q);
  let prev: number;
  let next: number;
  if (vi >= n - 1) prev = next = n - 1;
  else if (vi < 0) prev = next = 0;
  else {
    prev = Math.floor(vi);
    next = prev + 1;
  }
  const g = vi - Math.floor(vi);
  const t = method.gamma ? method.gamma(g, vi) : g;
  const A = at(s, prev);
  const B = at(s, next);
  const hi = t >= 0.5;
  // A scalar q is a weak Python float (float32 data stays float32); an array q is a float64
  // array: b - a is taken in the data's dtype, the rest in float64 (NumPy's _lerp).
  const f32 = dt === 'float32';
  return ewise(fn, `lerp|${dt}|${hi}|${weak}`, [A, B, hi ? 1 - t : t], ['a', 'b', 't'], null, {
    build: ([a0, b0, w]) => {
      const a = f32 ? a0! : fx.castTo('float64', a0!);
      const b = f32 ? b0! : fx.castTo('float64', b0!);
      const d = fx.subtract(b, a);
      if (f32 && !weak) {
        const [a64, b64, d64] = [a, b, d].map((x) => fx.castTo('float64', x));
        return hi ? fx.subtract(b64!, fx.multiply(d64!, w!)) : fx.add(a64!, fx.multiply(d64!, w!));
      }
      return hi ? fx.subtract(b, fx.multiply(d, w!)) : fx.add(a, fx.multiply(d, w!));
    },
  });
}

function quantiles(
  fn: string,
  a: ndarray,
  q: ndarray | number,
  scale: number,
  axis: Axes,
  method: string,
  keepdims: boolean,
): ndarray {
  const m = METHODS[method];
  if (m === undefined)
    throw new ValueError(
      argMessage(
        fn,
        'method',
        `one of ${Object.keys(METHODS)
          .map((k) => `'${k}'`)
          .join(', ')}`,
        method,
      ),
    );
  const qs = typeof q === 'number' ? [q] : Array.from(q.toArray(), Number);
  for (const v of qs)
    if (!(v >= 0 && v <= scale))
      throw new ValueError(`${fn}: argument 'q' must be in the range [0, ${scale}], received ${v}`);
  const [src, ax, kept] = merged(fn, a, axis);
  const [s, n] = sortedLast(fn, src, ax);
  const dt: DType = a.dtype === 'float32' ? 'float32' : 'float64';
  const last = at(s, n - 1);
  const res = qs.map((v) => {
    // A discrete method takes an order statistic: the data's dtype (NumPy's `take`).
    const r =
      'discrete' in m
        ? ewise(fn, 'copy', [at(s, Math.min(m.discrete(n, v / scale), n - 1))], ['a'], null, {
            build: (l) => l[0]!,
          })
        : interpolate(fn, s, n, v / scale, dt, typeof q === 'number', m);
    const rn = nanWhere2(fn, r, last, a.dtype);
    return keepdims ? keep(rn, kept) : rn;
  });
  if (typeof q === 'number') return res[0]!;
  return stack(res).reshape([...q.shape, ...res[0]!.shape]);
}

const nanWhere2 = (fn: string, r: ndarray, last: ndarray, dt: DType): ndarray =>
  isFloat(dt) ? nanWhere(fn, last, r) : r;

/** Keyword options of {@link percentile} and {@link quantile}. */
export interface PercentileOptions {
  /** The axis or axes (null: the flattened array). */
  axis?: number | readonly number[] | null;
  /** Write the result here. */
  out?: ndarray | null;
  /** Accepted for NumPy compatibility (the input is never modified). */
  overwrite_input?: boolean;
  /**
   * NumPy's method: 'linear' (the default), 'inverted_cdf', 'averaged_inverted_cdf',
   * 'closest_observation', 'interpolated_inverted_cdf', 'hazen', 'weibull', 'median_unbiased',
   * 'normal_unbiased', 'lower', 'higher', 'midpoint' or 'nearest'.
   */
  method?: string;
  /** Keep the reduced axis as size 1. */
  keepdims?: boolean;
}

type Pct = (
  a: ArrayInput,
  q: ArrayInput,
  axis?: number | readonly number[] | null | PercentileOptions,
  out?: ndarray | null | PercentileOptions,
  overwrite_input?: boolean | PercentileOptions,
  method?: string | PercentileOptions,
  keepdims?: boolean | PercentileOptions,
  opts?: PercentileOptions,
) => ndarray;

function finish(fn: string, res: ndarray, out: ndarray | undefined | null): ndarray {
  if (out === undefined || out === null) return res;
  ewise(fn, 'assign', [res], ['a'], out, { dtype: out.dtype, build: (l) => l[0]! });
  return out;
}

const pct = (fn: 'percentile' | 'quantile', scale: number) =>
  sig<Pct>(
    `${fn}(a: array_like, q: operand, axis: axes = None, out: ndarray = None, overwrite_input: bool = False, method: str = 'linear', keepdims: bool = False)`,
    ((
      a: ndarray,
      q: ndarray | number,
      axis: Axes,
      out: ndarray,
      _o: boolean,
      method: string,
      keepdims: boolean,
    ) => {
      if (typeof q === 'boolean') throw new ArgumentTypeError(argMessage(fn, 'q', 'a number or an array', q));
      return finish(fn, quantiles(fn, a, q, scale, axis, method, keepdims), out);
    }) as never,
  );

/**
 * The `q`-th percentiles (0–100) along `axis` (one or several) by one of NumPy's methods
 * ('linear' by default); `q` may be an array (its shape leads the result's). NaN in a slice gives
 * NaN.
 * @param a an array_like
 * @param q percentile(s) in [0, 100]
 * @param axis the axis or axes (null: the flattened array)
 * @returns float64 results (float32 for float32 input and a scalar `q`, as NumPy; the data's
 * dtype for the discrete methods 'inverted_cdf', 'closest_observation', 'lower', 'higher',
 * 'nearest')
 * @throws {ValueError} for `q` outside [0, 100] or an unknown method
 * @throws {IndexError} for an empty slice or an out-of-bounds axis
 * @example np.percentile([[10, 7, 4], [3, 2, 1]], 50).item() // 3.5
 * @example np.percentile([[10, 7, 4], [3, 2, 1]], 50, 0).tolist() // [6.5, 4.5, 2.5]
 * @example np.percentile([1, 2, 3, 4], [25, 75]).tolist() // [1.75, 3.25]
 * @example np.percentile([1, 2, 3, 4], 50, { method: 'lower' }).item() // 2
 */
export const percentile: Pct = pct('percentile', 100);
/**
 * The `q`-th quantiles (0–1) along `axis` by one of NumPy's methods (see {@link percentile}).
 * @param a an array_like
 * @param q quantile(s) in [0, 1]
 * @param axis the axis or axes (null: the flattened array)
 * @returns float64 (float32 for float32 input) results
 * @throws {ValueError} for `q` outside [0, 1] or an unknown method
 * @throws {IndexError} for an empty slice or an out-of-bounds axis
 * @example np.quantile([1, 2, 3, 4], 0.5).item() // 2.5
 */
export const quantile: Pct = pct('quantile', 1);

/** Keyword options of {@link median}. */
export interface MedianOptions {
  /** The axis or axes (null: the flattened array). */
  axis?: number | readonly number[] | null;
  /** Write the result here. */
  out?: ndarray | null;
  /** Accepted for NumPy compatibility (the input is never modified). */
  overwrite_input?: boolean;
  /** Keep the reduced axis as size 1. */
  keepdims?: boolean;
}

/**
 * The median along `axis` (the mean of the two middle values for an even count, as NumPy); NaN in
 * a slice gives NaN.
 * @param a an array_like
 * @param axis the axis or axes (null: the flattened array)
 * @param out an array to write the result into
 * @returns float64 (float32 for float32 input) results
 * @throws {IndexError} for an empty slice or an out-of-bounds axis
 * @example np.median([[10, 7, 4], [3, 2, 1]]).item() // 3.5
 * @example np.median([[10, 7, 4], [3, 2, 1]], 1).tolist() // [7, 2]
 */
export const median = sig<
  (
    a: ArrayInput,
    axis?: number | readonly number[] | null | MedianOptions,
    out?: ndarray | null | MedianOptions,
    overwrite_input?: boolean | MedianOptions,
    keepdims?: boolean | MedianOptions,
    opts?: MedianOptions,
  ) => ndarray
>(
  'median(a: array_like, axis: axes = None, out: ndarray = None, overwrite_input: bool = False, keepdims: bool = False)',
  ((a: ndarray, axis: Axes, out: ndarray, _o: boolean, keepdims: boolean) => {
    const [src, ax, kept] = merged('median', a, axis);
    const [s, n] = sortedLast('median', src, ax);
    const dt: DType = a.dtype === 'float32' ? 'float32' : 'float64';
    const h = n >> 1;
    const m =
      n % 2 === 1
        ? ewise('median', 'copy', [at(s, h)], ['a'], null, { dtype: dt, build: (l) => l[0]! })
        : ewise('median', `mid|${dt}`, [at(s, h - 1), at(s, h), 2], ['a', 'b', 'two'], null, {
            build: ([x, y, two]) => fx.divide(fx.add(fx.castTo(dt, x!), fx.castTo(dt, y!)), two!),
          });
    let r = nanWhere2('median', m, at(s, n - 1), a.dtype);
    if (keepdims) r = keep(r, kept);
    return finish('median', r, out);
  }) as never,
);
