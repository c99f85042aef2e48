/**
 * `median`, `percentile`, `quantile` (NumPy's default `'linear'` method): the values are sorted
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
import { expand_dims, ravel, stack, transpose } from './shape.js';
import { type ArrayInput, sig } from './sig.js';
import { sortCore } from './sort.js';

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

/** Keeps the reduced axis (or every axis, for axis null) as size 1. */
function keep(r: ndarray, a: ndarray, axis: number | null | undefined, axn: number): ndarray {
  if (axis === undefined || axis === null) return r.reshape(a.shape.map(() => 1));
  return expand_dims(r, axn);
}

function nanWhere(fn: string, last: ndarray, r: ndarray): ndarray {
  return ewise(fn, 'where', [ewise(fn, 'isnan', [last], ['a']), Number.NaN, r], ['c', 'x', 'y'], null, {
    dtype: r.dtype,
  });
}

/** The `q` quantile (a fraction) of each line of `s` (sorted, axis last, length n): NumPy's linear method. */
function linear(fn: string, s: ndarray, n: number, q: number, dt: DType, weak: boolean): ndarray {
  const vi = (n - 1) * q;
  let prev: number;
  let next: number;
  if (vi >= n - 1) prev = next = n - 1;
  else if (vi < 0) prev = next = 0;
  else {
    prev = Math.floor(vi);
    next = prev + 1;
  }
  const t = vi - Math.floor(vi);
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
  axis: number | null | undefined,
  method: string,
  keepdims: boolean,
): ndarray {
  if (method !== 'linear')
    throw new ValueError(argMessage(fn, 'method', "'linear' (the only method implemented)", method));
  const qs = typeof q === 'number' ? [q] : Array.from(q.toArray(), Number);
  for (const v of qs)
    if (!(v >= 0 && v <= scale))
      throw new ValueError(`${fn}: argument 'q' must be in the range [0, ${scale}], received ${v}`);
  const [s, n, axn] = sortedLast(fn, a, axis);
  const dt: DType = a.dtype === 'float32' ? 'float32' : 'float64';
  const last = at(s, n - 1);
  const res = qs.map((v) => {
    const r = nanWhere2(fn, linear(fn, s, n, v / scale, dt, typeof q === 'number'), last, a.dtype);
    return keepdims ? keep(r, a, axis, axn) : r;
  });
  if (typeof q === 'number') return res[0]!;
  return stack(res).reshape([...q.shape, ...res[0]!.shape]);
}

const nanWhere2 = (fn: string, r: ndarray, last: ndarray, dt: DType): ndarray =>
  isFloat(dt) ? nanWhere(fn, last, r) : r;

/** Keyword options of {@link percentile} and {@link quantile}. */
export interface PercentileOptions {
  /** The axis (null: the flattened array). */
  axis?: number | null;
  /** Write the result here. */
  out?: ndarray | null;
  /** Accepted for NumPy compatibility (the input is never modified). */
  overwrite_input?: boolean;
  /** Only 'linear' (NumPy's default) is implemented. */
  method?: string;
  /** Keep the reduced axis as size 1. */
  keepdims?: boolean;
}

type Pct = (
  a: ArrayInput,
  q: ArrayInput,
  axis?: number | null | PercentileOptions,
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
    `${fn}(a: array_like, q: operand, axis: axis = None, out: ndarray = None, overwrite_input: bool = False, method: str = 'linear', keepdims: bool = False)`,
    ((
      a: ndarray,
      q: ndarray | number,
      axis: number | null,
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
 * The `q`-th percentiles (0–100) along `axis` by NumPy's default 'linear' method; `q` may be an
 * array (its shape leads the result's). NaN in a slice gives NaN.
 * @param a an array_like
 * @param q percentile(s) in [0, 100]
 * @param axis the axis (null: the flattened array)
 * @returns float64 results (float32 for float32 input and a scalar `q`, as NumPy)
 * @throws {ValueError} for `q` outside [0, 100] or a method other than 'linear'
 * @throws {IndexError} for an empty slice or an out-of-bounds axis
 * @example np.percentile([[10, 7, 4], [3, 2, 1]], 50).item() // 3.5
 * @example np.percentile([[10, 7, 4], [3, 2, 1]], 50, 0).tolist() // [6.5, 4.5, 2.5]
 * @example np.percentile([1, 2, 3, 4], [25, 75]).tolist() // [1.75, 3.25]
 */
export const percentile: Pct = pct('percentile', 100);
/**
 * The `q`-th quantiles (0–1) along `axis` by NumPy's default 'linear' method (see {@link percentile}).
 * @param a an array_like
 * @param q quantile(s) in [0, 1]
 * @param axis the axis (null: the flattened array)
 * @returns float64 (float32 for float32 input) results
 * @throws {ValueError} for `q` outside [0, 1] or a method other than 'linear'
 * @throws {IndexError} for an empty slice or an out-of-bounds axis
 * @example np.quantile([1, 2, 3, 4], 0.5).item() // 2.5
 */
export const quantile: Pct = pct('quantile', 1);

/** Keyword options of {@link median}. */
export interface MedianOptions {
  /** The axis (null: the flattened array). */
  axis?: number | null;
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
 * @param axis the axis (null: the flattened array)
 * @param out an array to write the result into
 * @returns float64 (float32 for float32 input) results
 * @throws {IndexError} for an empty slice or an out-of-bounds axis
 * @example np.median([[10, 7, 4], [3, 2, 1]]).item() // 3.5
 * @example np.median([[10, 7, 4], [3, 2, 1]], 1).tolist() // [7, 2]
 */
export const median = sig<
  (
    a: ArrayInput,
    axis?: number | null | MedianOptions,
    out?: ndarray | null | MedianOptions,
    overwrite_input?: boolean | MedianOptions,
    keepdims?: boolean | MedianOptions,
    opts?: MedianOptions,
  ) => ndarray
>(
  'median(a: array_like, axis: axis = None, out: ndarray = None, overwrite_input: bool = False, keepdims: bool = False)',
  ((a: ndarray, axis: number | null, out: ndarray, _o: boolean, keepdims: boolean) => {
    const [s, n, axn] = sortedLast('median', a, axis);
    const dt: DType = a.dtype === 'float32' ? 'float32' : 'float64';
    const h = n >> 1;
    const m =
      n % 2 === 1
        ? ewise('median', 'copy', [at(s, h)], ['a'], null, { dtype: dt, build: (l) => l[0]! })
        : ewise('median', `mid|${dt}`, [at(s, h - 1), at(s, h), 2], ['a', 'b', 'two'], null, {
            build: ([x, y, two]) => fx.divide(fx.add(fx.castTo(dt, x!), fx.castTo(dt, y!)), two!),
          });
    let r = nanWhere2('median', m, at(s, n - 1), a.dtype);
    if (keepdims) r = keep(r, a, axis, axn);
    return finish('median', r, out);
  }) as never,
);
