/**
 * NumPy's NaN-ignoring order statistics: `nanmedian`, `nanquantile`, `nanpercentile`. Each slice is
 * sorted (NaN sorts last), its non-NaN values counted, and the order statistics of that count
 * gathered per slice with {@link take_along_axis}, then combined by one fused expression — the
 * linear interpolation of quantile.ts per slice, NaN for an all-NaN slice. Integer and bool
 * arrays have no NaN: the plain `median`/`quantile`/`percentile`.
 */
import { fx } from '../codegen/index.js';
import { ArgumentTypeError, argMessage, type DType, IndexError, ValueError } from '../runtime/index.js';
import { isFloat } from './dtypes.js';
import { ewise } from './ewise.js';
import { take_along_axis } from './index-more.js';
import type { ndarray } from './ndarray.js';
import { median, percentile, quantile } from './quantile.js';
import * as red from './reduce.js';
import { finish } from './reduce-api.js';
import { expand_dims, ravel, stack, transpose } from './shape.js';
import { type ArrayInput, sig } from './sig.js';
import { sortCore } from './sort.js';

/** Sorted slices (NaN last) with the axis last, their non-NaN counts (keepdims), and the axis. */
function sortedCounts(fn: string, a: ndarray, axis: number | null | undefined): [ndarray, ndarray, number] {
  const src = axis === undefined || axis === null ? ravel(a) : a;
  const nd = src.ndim;
  const ax = axis === undefined || axis === null ? 0 : axis;
  if (!Number.isInteger(ax)) throw new ArgumentTypeError(argMessage(fn, 'axis', 'an integer or None', axis));
  if (ax < -nd || ax >= nd)
    throw new IndexError(`${fn}: axis ${ax} is out of bounds for array of dimension ${nd}`);
  const axn = ax < 0 ? ax + nd : ax;
  const perm = [...Array(nd).keys()].filter((d) => d !== axn).concat([axn]);
  const s = transpose(sortCore(fn, src, axn, false), perm);
  const c = red.reduction(
    fn,
    'count',
    ewise(fn, 'notnan', [s], ['a'], null, { build: ([x]) => fx.logical_not(fx.isnan(x!)) }),
    {
      axis: nd - 1,
      keepdims: true,
    },
  );
  return [s, c, axn];
}

/** The value at per-slice index `idx` (int32, keepdims) of sorted slices `s`, as the axis dropped. */
const gather = (s: ndarray, idx: ndarray): ndarray =>
  take_along_axis(s, idx, -1).reshape(idx.shape.slice(0, -1));

function restore(
  r: ndarray,
  a: ndarray,
  axis: number | null | undefined,
  axn: number,
  keepdims: boolean,
): ndarray {
  if (!keepdims) return r;
  if (axis === undefined || axis === null) return r.reshape(a.shape.map(() => 1));
  return expand_dims(r, axn);
}

/** NumPy's linear quantile `q` of each slice's first `c` values; NaN for an empty slice. */
function nanLinear(fn: string, s: ndarray, c: ndarray, q: number, weak: boolean): ndarray {
  // As quantile.ts: the virtual index in float64; float32 data with a scalar q interpolates in
  // float32 (the weight rounded once), with an array q in float64 after b − a in float32.
  const f32 = s.dtype === 'float32';
  const dt: DType = f32 && weak ? 'float32' : 'float64';
  const vi = ewise(fn, 'vi', [c, q, 1], ['c', 'q', 'one'], null, {
    dtype: 'float64',
    build: ([n, qq, one]) =>
      fx.multiply(fx.castTo('float64', fx.subtract(n!, fx.castTo('int32', one!))), fx.castTo('float64', qq!)),
  });
  const idx = (hi: boolean) =>
    ewise(fn, `qidx|${hi}`, [vi, c, 0, 1], ['vi', 'c', 'zero', 'one'], null, {
      dtype: 'int32',
      build: ([v, n, z, one]) => {
        const last = fx.subtract(n!, fx.castTo('int32', one!));
        const f = fx.castTo('int32', fx.floor(v!));
        const p = hi ? fx.add(f, fx.castTo('int32', one!)) : f;
        return fx.maximum(fx.minimum(p, last), fx.castTo('int32', z!));
      },
    });
  const A = gather(s, idx(false));
  const B = gather(s, idx(true));
  const n = c.reshape(c.shape.slice(0, -1));
  const v = vi.reshape(n.shape);
  const sd: DType = f32 ? 'float32' : 'float64';
  return ewise(
    fn,
    `nanlerp|${dt}|${sd}`,
    [A, B, v, n, 0.5, 1, 0, Number.NaN],
    ['a', 'b', 'vi', 'n', 'half', 'one', 'zero', 'nan'],
    null,
    {
      dtype: dt,
      build: ([a0, b0, vv, nn, half, one, z, nan]) => {
        const t = fx.subtract(vv!, fx.floor(vv!));
        const hiFlag = fx.greater_equal(t, fx.castTo('float64', half!));
        const w = fx.castTo(dt, fx.where(hiFlag, fx.subtract(fx.castTo('float64', one!), t), t));
        const d0 = fx.subtract(fx.castTo(sd, b0!), fx.castTo(sd, a0!));
        const [a, b, d] = [fx.castTo(dt, a0!), fx.castTo(dt, b0!), fx.castTo(dt, d0)];
        const r = fx.where(hiFlag, fx.subtract(b, fx.multiply(d, w)), fx.add(a, fx.multiply(d, w)));
        return fx.where(fx.equal(nn!, fx.castTo('int32', z!)), fx.castTo(dt, nan!), r);
      },
    },
  );
}

/** Keyword options of {@link nanquantile}, {@link nanpercentile} and {@link nanmedian}. */
export interface NanQuantileOptions {
  axis?: number | null;
  out?: ndarray | null;
  overwrite_input?: boolean;
  /** Only 'linear' (NumPy's default) is implemented. */
  method?: string;
  keepdims?: boolean;
}
type NanPct = (
  a: ArrayInput,
  q: ArrayInput,
  axis?: number | null | NanQuantileOptions,
  out?: ndarray | null | NanQuantileOptions,
  overwrite_input?: boolean | NanQuantileOptions,
  method?: string | NanQuantileOptions,
  keepdims?: boolean | NanQuantileOptions,
  opts?: NanQuantileOptions,
) => ndarray;

const nanPct = (fn: 'nanpercentile' | 'nanquantile', scale: number) =>
  sig<NanPct>(
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
      if (!isFloat(a.dtype))
        return (scale === 100 ? percentile : quantile)(a, q, {
          axis: axis ?? null,
          out: out ?? null,
          method,
          keepdims,
        });
      if (method !== 'linear')
        throw new ValueError(argMessage(fn, 'method', "'linear' (the only method implemented)", method));
      const qs = typeof q === 'number' ? [q] : Array.from(q.toArray(), Number);
      for (const v of qs)
        if (!(v >= 0 && v <= scale))
          throw new ValueError(`${fn}: argument 'q' must be in the range [0, ${scale}], received ${v}`);
      const [s, c, axn] = sortedCounts(fn, a, axis);
      const weak = typeof q === 'number';
      const res = qs.map((v) => {
        return restore(nanLinear(fn, s, c, v / scale, weak), a, axis, axn, keepdims);
      });
      const r = weak ? res[0]! : stack(res).reshape([...(q as ndarray).shape, ...res[0]!.shape]);
      return finish(fn, r, out);
    }) as never,
  );
/**
 * Percentiles (0–100) of the non-NaN values by NumPy's 'linear' method (NaN for an all-NaN slice).
 * @param a an array_like
 * @param q percentile(s)
 * @param axis the axis (null: flattened); then `out`, `overwrite_input`, `method`, `keepdims`
 * @returns the percentiles
 * @example np.nanpercentile([[10, np.nan, 4], [3, 2, 1]], 50, 1).tolist() // [7, 2]
 */
export const nanpercentile: NanPct = nanPct('nanpercentile', 100);
/**
 * Quantiles (0–1) of the non-NaN values by NumPy's 'linear' method (NaN for an all-NaN slice).
 * @param a an array_like
 * @param q quantile(s)
 * @param axis the axis (null: flattened); then `out`, `overwrite_input`, `method`, `keepdims`
 * @returns the quantiles
 * @example np.nanquantile([1, np.nan, 3, 4], 0.5).item() // 3
 */
export const nanquantile: NanPct = nanPct('nanquantile', 1);

/**
 * Median of the non-NaN values (NaN for an all-NaN slice).
 * @param a an array_like
 * @param axis the axis (null: flattened); then `out`, `overwrite_input`, `keepdims`
 * @returns the medians
 * @example np.nanmedian([[10, np.nan, 4], [3, 2, 1]], 1).tolist() // [7, 2]
 */
export const nanmedian = sig<typeof median>(
  'nanmedian(a: array_like, axis: axis = None, out: ndarray = None, overwrite_input: bool = False, keepdims: bool = False)',
  ((a: ndarray, axis: number | null, out: ndarray, _o: boolean, keepdims: boolean) => {
    const fn = 'nanmedian';
    if (!isFloat(a.dtype)) return median(a, axis ?? null, out ?? null, false, keepdims);
    const [s, c, axn] = sortedCounts(fn, a, axis);
    const dt = a.dtype;
    const half = (odd: boolean) =>
      ewise(fn, `mid|${odd}`, [c, 1, 0], ['c', 'one', 'zero'], null, {
        dtype: 'int32',
        build: ([n, one, z]) => {
          const h = fx.floor_divide(n!, fx.add(fx.castTo('int32', one!), fx.castTo('int32', one!)));
          const odd1 = fx.equal(
            fx.mod(n!, fx.add(fx.castTo('int32', one!), fx.castTo('int32', one!))),
            fx.castTo('int32', one!),
          );
          const lo = fx.where(odd1, h, fx.subtract(h, fx.castTo('int32', one!)));
          return fx.maximum(odd ? lo : h, fx.castTo('int32', z!));
        },
      });
    const A = gather(s, half(true));
    const B = gather(s, half(false));
    const n = c.reshape(c.shape.slice(0, -1));
    const m = ewise(
      fn,
      `nanmid|${dt}`,
      [A, B, n, 2, 0, 1, Number.NaN],
      ['a', 'b', 'n', 'two', 'zero', 'one', 'nan'],
      null,
      {
        dtype: dt,
        build: ([x, y, nn, two, z, one, nan]) => {
          const odd1 = fx.equal(fx.mod(nn!, fx.castTo('int32', two!)), fx.castTo('int32', one!));
          const mid = fx.divide(fx.add(x!, y!), fx.castTo(dt, two!));
          return fx.where(
            fx.equal(nn!, fx.castTo('int32', z!)),
            fx.castTo(dt, nan!),
            fx.where(odd1, x!, mid),
          );
        },
      },
    );
    return finish(fn, restore(m, a, axis, axn, keepdims), out);
  }) as never,
);
