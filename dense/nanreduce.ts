/**
 * NumPy's NaN-ignoring reductions: `nansum`, `nanmean`, `nanmax`, `nanmin`. Each is the plain
 * reduction (reduce.ts: fixed-block partials, bitwise the same at any worker count) of a fused
 * element-wise replacement of NaN (0 for sums, ∓∞ for max/min); an all-NaN slice gives NaN for
 * max/min/mean (NumPy also warns). Integer and bool arrays have no NaN: the plain reductions.
 */
import { fx } from '../codegen/index.js';
import type { DType } from '../runtime/index.js';
import { floatResult, isFloat } from './dtypes.js';
import { copyAs, ewise } from './ewise.js';
import type { ndarray } from './ndarray.js';
import * as red from './reduce.js';
import {
  type AxisArg,
  finish,
  type MeanOptions as MeanWhereOptions,
  type MinMaxOptions as MinMaxWhereOptions,
  type SumOptions,
} from './reduce-api.js';
import { type ArrayInput, sig } from './sig.js';

const cast = (fn: string, a: ndarray, dtype: DType | undefined | null): ndarray =>
  dtype === undefined || dtype === null || dtype === a.dtype ? a : copyAs(fn, a, dtype);

/** `a` with NaN replaced by `v` (fused, lazy). */
const replaceNan = (fn: string, a: ndarray, v: number): ndarray =>
  ewise(fn, `nan->${v}`, [a, v], ['a', 'v'], null, {
    build: ([x, s]) => fx.where(fx.isnan(x!), s!, x!),
  });

/** NumPy's nan-reductions take `where=` too; cohort's do not yet (their signature lines say so). */
type MeanOptions = Omit<MeanWhereOptions, 'where'>;
type MinMaxOptions = Omit<MinMaxWhereOptions, 'where'>;
type NanSumOptions = Omit<SumOptions, 'where'>;
/** `sum`'s signature without `where=` (nansum, nanprod). */
export type NanSum = (
  a: ArrayInput,
  axis?: AxisArg | NanSumOptions,
  dtype?: DType | null | NanSumOptions,
  out?: ndarray | null | NanSumOptions,
  keepdims?: boolean | NanSumOptions,
  initial?: number | null | NanSumOptions,
  opts?: NanSumOptions,
) => ndarray;

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
  'nansum(a: array_like, axis: axes = None, dtype: dtype = None, out: ndarray = None, keepdims: bool = False, initial: number = None)',
  ((a: ndarray, axis: AxisArg, dtype: DType, out: ndarray, keepdims: boolean, initial: number) => {
    const x = cast('nansum', a, dtype);
    const src = isFloat(x.dtype) ? replaceNan('nansum', x, 0) : x;
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
  'nanmean(a: array_like, axis: axes = None, dtype: dtype = None, out: ndarray = None, keepdims: bool = False)',
  ((a: ndarray, axis: AxisArg, dtype: DType, out: ndarray, keepdims: boolean) => {
    if (!isFloat(a.dtype) && (dtype === undefined || dtype === null || !isFloat(dtype)))
      return finish('nanmean', red.mean(cast('nanmean', a, dtype), { axis, keepdims }), out);
    const x = cast('nanmean', a, dtype ?? floatResult(a.dtype));
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
    `${fn}(a: array_like, axis: axes = None, out: ndarray = None, keepdims: bool = False, initial: number = None)`,
    ((a: ndarray, axis: AxisArg, out: ndarray, keepdims: boolean, initial: number) => {
      let r: ndarray;
      if (!isFloat(a.dtype)) r = red.reduction(fn, kind, a, { axis, keepdims });
      else {
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
