/**
 * NumPy's NaN-ignoring reductions: `nansum`, `nanmean`, `nanmax`, `nanmin`. Each is the plain
 * reduction (reduce.ts: fixed-block partials, bitwise the same at any worker count) of a fused
 * element-wise replacement of NaN (0 for sums, ∓∞ for max/min); an all-NaN slice gives NaN for
 * max/min/mean (NumPy also warns). Integer and bool arrays have no NaN: the plain reductions.
 */
import { fx } from '../codegen/index.js';
import { type DType, ValueError } from '../runtime/index.js';
import { floatResult, isFloat } from './dtypes.js';
import { copyAs, ewise } from './ewise.js';
import type { ndarray } from './ndarray.js';
import * as red from './reduce.js';
import {
  type AxisArg,
  finish,
  type MeanOptions as MeanWhereOptions,
  type MinMaxOptions as MinMaxWhereOptions,
  max,
  mean,
  min,
  type Sum,
  sum,
} from './reduce-api.js';
import { masked, whereMask } from './reduce-where.js';
import { type ArrayInput, sig } from './sig.js';

const cast = (fn: string, a: ndarray, dtype: DType | undefined | null): ndarray =>
  dtype === undefined || dtype === null || dtype === a.dtype ? a : copyAs(fn, a, dtype);

/** `a` with NaN replaced by `v` (fused, lazy). */
const replaceNan = (fn: string, a: ndarray, v: number): ndarray =>
  ewise(fn, `nan->${v}`, [a, v], ['a', 'v'], null, {
    build: ([x, s]) => fx.where(fx.isnan(x!), s!, x!),
  });

/**
 * `a` with the elements outside NumPy's `where=` mask made NaN, which the nan-reductions then skip
 * as they skip NaN (a float `a`; none given: `a` itself).
 */
export function nanWhere(fn: string, a: ndarray, where: ndarray | undefined | null): ndarray {
  if (where === undefined || where === null) return a;
  return masked(fn, a, whereMask(fn, a, where), Number.NaN);
}

type MeanOptions = MeanWhereOptions;
type MinMaxOptions = MinMaxWhereOptions;
/** `sum`'s signature (nansum, nanprod). */
export type NanSum = Sum;

type Mean = (
  a: ArrayInput,
  axis?: AxisArg | MeanOptions,
  dtype?: DType | null | MeanOptions,
  out?: ndarray | null | MeanOptions,
  keepdims?: boolean | MeanOptions,
  opts?: MeanOptions,
) => ndarray;
type MinMax = (
  a: ArrayInput,
  axis?: AxisArg | MinMaxOptions,
  out?: ndarray | null | MinMaxOptions,
  keepdims?: boolean | MinMaxOptions,
  initial?: number | null | MinMaxOptions,
  opts?: MinMaxOptions,
) => ndarray;

/**
 * Sum treating NaN as zero (all-NaN or empty slices sum to 0).
 * @param a an array_like
 * @param axis axis or axes to reduce (all when null); then `dtype`, `out`, `keepdims`, `initial`
 * @returns the result (0-d for a full reduction)
 * @throws {IndexError} when an axis is out of bounds
 * @example np.nansum([1, np.nan, 2]).item() // 3
 * @example np.nansum([[1, np.nan], [1, np.nan]], 0).tolist() // [2, 0]
 */
export const nansum = sig<NanSum>(
  'nansum(a: array_like, axis: axes = None, dtype: dtype = None, out: ndarray = None, keepdims: bool = False, initial: number = None, where: array_like = None)',
  ((
    a: ndarray,
    axis: AxisArg,
    dtype: DType,
    out: ndarray,
    keepdims: boolean,
    initial: number,
    where: ndarray | undefined,
  ) => {
    const x = cast('nansum', a, dtype);
    if (!isFloat(x.dtype) && where !== undefined && where !== null)
      return sum(x, { axis, out: out ?? null, keepdims, initial: initial ?? null, where });
    const src = isFloat(x.dtype) ? replaceNan('nansum', nanWhere('nansum', x, where), 0) : x;
    let r = red.reduction('nansum', 'sum', src, { axis, keepdims });
    if (initial !== undefined && initial !== null)
      r = ewise('nansum', 'add', [r, initial], ['a', 'initial'], null, { dtype: r.dtype });
    return finish('nansum', r, out);
  }) as never,
);

/**
 * Mean of the non-NaN elements (NaN for an all-NaN slice, as NumPy, which also warns).
 * @param a an array_like
 * @param axis axis or axes to reduce (all when null); then `dtype`, `out`, `keepdims`
 * @returns the result (float; 0-d for a full reduction)
 * @throws {IndexError} when an axis is out of bounds
 * @example np.nanmean([1, np.nan, 3]).item() // 2
 * @example np.nanmean([[1, np.nan], [3, 4]], 1).tolist() // [1, 3.5]
 */
export const nanmean = sig<Mean>(
  'nanmean(a: array_like, axis: axes = None, dtype: dtype = None, out: ndarray = None, keepdims: bool = False, *, where: array_like = None)',
  ((a: ndarray, axis: AxisArg, dtype: DType, out: ndarray, keepdims: boolean, where: ndarray | undefined) => {
    if (!isFloat(a.dtype) && (dtype === undefined || dtype === null || !isFloat(dtype))) {
      if (where !== undefined && where !== null)
        return mean(cast('nanmean', a, dtype), { axis, out: out ?? null, keepdims, where });
      return finish('nanmean', red.mean(cast('nanmean', a, dtype), { axis, keepdims }), out);
    }
    const x = nanWhere('nanmean', cast('nanmean', a, dtype ?? floatResult(a.dtype)), where);
    const s = red.reduction('nanmean', 'sum', replaceNan('nanmean', x, 0), { axis, keepdims });
    const notnan = ewise('nanmean', 'notnan', [x], ['a'], null, {
      build: ([v]) => fx.logical_not(fx.isnan(v!)),
    });
    const c = red.reduction('nanmean', 'count', notnan, { axis, keepdims });
    return finish('nanmean', ewise('nanmean', 'divide', [s, c], ['a', 'b'], null, { dtype: x.dtype }), out);
  }) as never,
);

const nanMinMax = (fn: 'nanmax' | 'nanmin', kind: 'max' | 'min') =>
  sig<MinMax>(
    `${fn}(a: array_like, axis: axes = None, out: ndarray = None, keepdims: bool = False, initial: number = None, where: array_like = None)`,
    ((
      a: ndarray,
      axis: AxisArg,
      out: ndarray,
      keepdims: boolean,
      initial: number,
      where: ndarray | undefined,
    ) => {
      const masking = where !== undefined && where !== null;
      if (masking && (initial === undefined || initial === null))
        throw new ValueError(
          `${fn}: reduction operation '${kind === 'max' ? 'fmax' : 'fmin'}' does not have an identity, so to use a where mask one has to specify 'initial'`,
        );
      let r: ndarray;
      if (!isFloat(a.dtype)) {
        if (masking)
          return (kind === 'max' ? max : min)(a, {
            axis,
            out: out ?? null,
            keepdims,
            initial: initial ?? null,
            where,
          });
        r = red.reduction(fn, kind, a, { axis, keepdims });
      } else {
        a = nanWhere(fn, a, where);
        const fill = kind === 'max' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
        const m = red.reduction(fn, kind, replaceNan(fn, a, fill), { axis, keepdims });
        const allNan = red.reduction(fn, 'all', ewise(fn, 'isnan', [a], ['a']), { axis, keepdims });
        r = ewise(fn, 'where', [allNan, Number.NaN, m], ['all', 'nan', 'm'], null, { dtype: a.dtype });
      }
      if (initial !== undefined && initial !== null)
        r = ewise(fn, kind === 'max' ? 'fmax' : 'fmin', [r, initial], ['a', 'initial'], null, {
          dtype: r.dtype,
          build: ([x, s]) =>
            fx.where(fx.isnan(x!), s!, kind === 'max' ? fx.maximum(x!, s!) : fx.minimum(x!, s!)),
        });
      return finish(fn, r, out);
    }) as never,
  );

/**
 * Maximum ignoring NaN (NaN for an all-NaN slice, as NumPy, which also warns).
 * @param a an array_like
 * @param axis axis or axes to reduce (all when null); then `out`, `keepdims`, `initial`
 * @returns the result (0-d for a full reduction)
 * @throws {ValueError} for an empty array without `initial`
 * @example np.nanmax([1, np.nan, 3]).item() // 3
 * @example np.nanmax([[np.nan, np.nan], [1, 2]], 1).tolist() // [NaN, 2]
 */
export const nanmax: MinMax = nanMinMax('nanmax', 'max');
/**
 * Minimum ignoring NaN (NaN for an all-NaN slice, as NumPy, which also warns).
 * @param a an array_like
 * @param axis axis or axes to reduce (all when null); then `out`, `keepdims`, `initial`
 * @returns the result (0-d for a full reduction)
 * @throws {ValueError} for an empty array without `initial`
 * @example np.nanmin([1, np.nan, 3]).item() // 1
 * @example np.nanmin([[1, 2], [np.nan, 4]], 0).tolist() // [1, 2]
 */
export const nanmin: MinMax = nanMinMax('nanmin', 'min');
