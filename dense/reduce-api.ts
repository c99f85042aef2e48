/**
 * The public reductions, bound to NumPy's signatures: `sum(a, axis=None, dtype=None, out=None,
 * keepdims=False, initial=None)` and the rest. `a` is array_like; `dtype` is the accumulation
 * dtype (the input is cast first); `out` receives the result (same-shape, cast to its dtype);
 * `initial` joins the reduction (added for sum, multiplied for prod, bounds min/max); `where`
 * masks the elements that take part (dense/reduce-where.ts).
 */
import { type DType, ValueError } from '../runtime/index.js';
import { cumsum as cumsumImpl } from './cumsum.js';
import { copyAs, ewise } from './ewise.js';
import type { ndarray } from './ndarray.js';
import * as red from './reduce.js';
import { maskedMean, maskedVar, masked as maskOut, whereMask } from './reduce-where.js';
import { type ArrayInput, sig } from './sig.js';

/** An axis argument: one axis, several, or null (all). */
export type AxisArg = number | readonly number[] | null;

/** Keyword options of `sum` and `prod`. */
export interface SumOptions {
  /** Axis or axes to reduce (all when omitted or null). */
  axis?: AxisArg;
  /** The accumulation and result dtype. */
  dtype?: DType | null;
  /** An array to write the result into. */
  out?: ndarray | null;
  /** Keep reduced axes as size-1 dimensions. */
  keepdims?: boolean;
  /** A starting value of the reduction. */
  initial?: number | null;
  /** The elements to include (a bool mask broadcast to the array's shape). */
  where?: ArrayInput | null;
}
/** Keyword options of `min` and `max`. */
export type MinMaxOptions = Omit<SumOptions, 'dtype'>;
/** Keyword options of `all`, `any`. */
export type BoolReduceOptions = Omit<SumOptions, 'dtype' | 'initial'>;
/** Keyword options of `mean`. */
export type MeanOptions = Omit<SumOptions, 'initial'>;
/** Keyword options of `var` and `std`. */
export interface VarOptions extends MeanOptions {
  /** Delta degrees of freedom (divide by `n - ddof`). */
  ddof?: number;
  /** The mean to take deviations from (with `keepdims` shape), instead of computing it. */
  mean?: ArrayInput | null;
  /** The Array API's name of `ddof` (give one of the two). */
  correction?: number | null;
}
/** Keyword options of `argmin` and `argmax`. */
export interface ArgOptions {
  /** The axis (null: the flattened array). */
  axis?: number | null;
  /** An array to write the result into. */
  out?: ndarray | null;
  /** Keep the reduced axis as a size-1 dimension. */
  keepdims?: boolean;
}

/** The positional-or-options signature of `sum`-like reductions (`nansum` shares it). */
export type Sum = (
  a: ArrayInput,
  axis?: AxisArg | SumOptions,
  dtype?: DType | null | SumOptions,
  out?: ndarray | null | SumOptions,
  keepdims?: boolean | SumOptions,
  initial?: number | null | SumOptions,
  opts?: SumOptions,
) => ndarray;
type MinMax = (
  a: ArrayInput,
  axis?: AxisArg | MinMaxOptions,
  out?: ndarray | null | MinMaxOptions,
  opts?: MinMaxOptions,
) => ndarray;
/** `all`/`any`: NumPy's have no `initial`. */
type BoolRed = (
  a: ArrayInput,
  axis?: AxisArg | BoolReduceOptions,
  out?: ndarray | null | BoolReduceOptions,
  opts?: BoolReduceOptions,
) => ndarray;

/** Writes `res` into `out` when given (NumPy's `out=`). */
export function finish(fn: string, res: ndarray, out: ndarray | undefined | null): ndarray {
  if (out === undefined || out === null) return res;
  ewise(fn, 'assign', [res], ['a'], out, { dtype: out.dtype, build: (l) => l[0]! });
  return out;
}

const cast = (fn: string, a: ndarray, dtype: DType | undefined | null): ndarray =>
  dtype === undefined || dtype === null || dtype === a.dtype ? a : copyAs(fn, a, dtype);

const COMBINE: Record<string, string> = { sum: 'add', prod: 'multiply', min: 'minimum', max: 'maximum' };

function withInitial(fn: string, res: ndarray, initial: number | undefined | null): ndarray {
  if (initial === undefined || initial === null) return res;
  return ewise(fn, COMBINE[fn]!, [res, initial], ['a', 'initial'], null, { dtype: res.dtype });
}

/** `a` restricted to the `where=` mask: the others replaced by `fill`, the reduction's identity. */
const within = (fn: string, a: ndarray, where: ndarray | undefined, fill: number | boolean): ndarray =>
  where === undefined ? a : maskOut(fn, a, whereMask(fn, a, where), fill);

const SUM_LINE = (n: string) =>
  `${n}(a: array_like, axis: axes = None, dtype: dtype = None, out: ndarray = None, keepdims: bool = False, initial: number = None, where: array_like = None)`;
const sumLike = (fn: 'sum' | 'prod') =>
  sig<Sum>(SUM_LINE(fn), ((
    a: ndarray,
    axis: AxisArg,
    dtype: DType,
    out: ndarray,
    keepdims: boolean,
    initial: number,
    where: ndarray | undefined,
  ) =>
    finish(
      fn,
      withInitial(
        fn,
        red.reduction(fn, fn, within(fn, cast(fn, a, dtype), where, fn === 'sum' ? 0 : 1), {
          axis,
          keepdims,
        }),
        initial,
      ),
      out,
    )) as never);
const minMax = (fn: 'min' | 'max') =>
  sig<MinMax>(
    `${fn}(a: array_like, axis: axes = None, out: ndarray = None, keepdims: bool = False, initial: number = None, where: array_like = None)`,
    ((
      a: ndarray,
      axis: AxisArg,
      out: ndarray,
      keepdims: boolean,
      initial: number | undefined,
      where: ndarray | undefined,
    ) => {
      if (where !== undefined && initial === undefined)
        throw new ValueError(
          `${fn}: argument 'where' needs 'initial' (the ${fn === 'min' ? 'minimum' : 'maximum'} has no identity to put in place of the masked-out elements), received no 'initial'`,
        );
      const x = within(fn, a, where, initial ?? 0);
      return finish(fn, withInitial(fn, red.reduction(fn, fn, x, { axis, keepdims }), initial), out);
    }) as never,
  );
const boolRed = (fn: 'all' | 'any') =>
  sig<BoolRed>(
    `${fn}(a: array_like, axis: axes = None, out: ndarray = None, keepdims: bool = False, *, where: array_like = None)`,
    ((a: ndarray, axis: AxisArg, out: ndarray, keepdims: boolean, where: ndarray | undefined) =>
      finish(
        fn,
        red.reduction(fn, fn, within(fn, a, where, fn === 'all'), { axis, keepdims }),
        out,
      )) as never,
  );
const argRed = (fn: 'argmin' | 'argmax') =>
  sig<
    (
      a: ArrayInput,
      axis?: number | null | ArgOptions,
      out?: ndarray | null | ArgOptions,
      opts?: ArgOptions,
    ) => ndarray
  >(`${fn}(a: array_like, axis: axis = None, out: ndarray = None, *, keepdims: bool = False)`, ((
    a: ndarray,
    axis: number,
    out: ndarray,
    keepdims: boolean,
  ) => finish(fn, red.reduction(fn, fn, a, { axis, keepdims }), out)) as never);

/**
 * Sum of elements (bool/uint8/int32 sum in int32, cohort's default integer).
 * @param a an array_like
 * @param axis axis or axes to reduce (all when null); then `dtype`, `out`, or the options object
 * @returns the result (0-d for a full reduction)
 * @throws {IndexError} on an axis out of bounds
 * @throws {ArgumentTypeError} on an unknown option
 * @example
 * np.sum([1, 2, 3]).item() // 6
 * np.sum([[1, 2], [3, 4]], 0).tolist() // [4, 6]
 * np.sum([0.5, 1.5], { initial: 10 }).item() // 12
 */
export const sum: Sum = sumLike('sum');
/**
 * Product of elements.
 * @param a an array_like
 * @param axis axis or axes to reduce (all when null); then `dtype`, `out`, or the options object
 * @returns the result (0-d for a full reduction)
 * @example np.prod(np.array([[1, 2], [3, 4]]), { axis: 1 }).tolist() // [2, 12]
 */
export const prod: Sum = sumLike('prod');
/**
 * Minimum (NaN propagates).
 * @param a an array_like
 * @param axis axis or axes to reduce (all when null); then `out`, or the options object
 * @returns the result (0-d for a full reduction)
 * @throws {ValueError} on an empty reduction
 * @example np.min(np.array([3, 1, 2])).item() // 1
 */
export const min: MinMax = minMax('min');
/**
 * Maximum (NaN propagates).
 * @param a an array_like
 * @param axis axis or axes to reduce (all when null); then `out`, or the options object
 * @returns the result (0-d for a full reduction)
 * @throws {ValueError} on an empty reduction
 * @example np.max(np.array([[1, 5], [7, 2]]), { axis: 0 }).tolist() // [7, 5]
 */
export const max: MinMax = minMax('max');
/**
 * True when every element is nonzero.
 * @param a an array_like
 * @param axis axis or axes to reduce (all when null); then `out`, or the options object
 * @returns a bool result (0-d for a full reduction)
 * @example np.all([1, 2, 0]).item() // false
 */
export const all: BoolRed = boolRed('all');
/**
 * True when any element is nonzero.
 * @param a an array_like
 * @param axis axis or axes to reduce (all when null); then `out`, or the options object
 * @returns a bool result (0-d for a full reduction)
 * @example np.any(np.array([0, 0, 3])).item() // true
 */
export const any: BoolRed = boolRed('any');
/**
 * Index of the first minimum (of the flattened array when no axis).
 * @param a an array_like
 * @param axis the axis (null: the flattened array); then `out`, or the options object
 * @returns int32 indices (0-d without an axis)
 * @throws {ValueError} on an empty array
 * @example np.argmin(np.array([3, 1, 1])).item() // 1
 */
export const argmin = argRed('argmin');
/**
 * Index of the first maximum (of the flattened array when no axis).
 * @param a an array_like
 * @param axis the axis (null: the flattened array); then `out`, or the options object
 * @returns int32 indices (0-d without an axis)
 * @throws {ValueError} on an empty array
 * @example np.argmax(np.array([[1, 9], [7, 2]]), 1).tolist() // [1, 0]
 */
export const argmax = argRed('argmax');
/**
 * Number of nonzero elements.
 * @param a an array_like
 * @param axis axis or axes to count along (all when null), or the options object
 * @returns the counts (0-d for a full count)
 * @example np.count_nonzero(np.array([0, 1, 2, 0])).item() // 2
 */
export const count_nonzero = sig<
  (
    a: ArrayInput,
    axis?: AxisArg | { axis?: AxisArg; keepdims?: boolean },
    opts?: { keepdims?: boolean },
  ) => ndarray
>('count_nonzero(a: array_like, axis: axes = None, *, keepdims: bool = False)', ((
  a: ndarray,
  axis: AxisArg,
  keepdims: boolean,
) => red.count_nonzero(a, { axis, keepdims })) as never);

/**
 * Arithmetic mean (float64 for integer input unless `dtype` says otherwise).
 * @param a an array_like
 * @param axis axis or axes (all when null); then `dtype`, `out`, or the options object
 * @returns the result (0-d for a full reduction)
 * @example np.mean([1, 2]).item() // 1.5
 */
export const mean = sig<
  (
    a: ArrayInput,
    axis?: AxisArg | MeanOptions,
    dtype?: DType | null | MeanOptions,
    out?: ndarray | null | MeanOptions,
    opts?: MeanOptions,
  ) => ndarray
>(
  'mean(a: array_like, axis: axes = None, dtype: dtype = None, out: ndarray = None, keepdims: bool = False, *, where: array_like = None)',
  ((a: ndarray, axis: AxisArg, dtype: DType, out: ndarray, keepdims: boolean, where: ndarray | undefined) => {
    const x = cast('mean', a, dtype);
    const r =
      where === undefined
        ? red.mean(x, { axis, keepdims })
        : maskedMean('mean', x, axis, keepdims, whereMask('mean', x, where));
    return finish('mean', r, out);
  }) as never,
);

type VarFn = (
  a: ArrayInput,
  axis?: AxisArg | VarOptions,
  dtype?: DType | null | VarOptions,
  out?: ndarray | null | VarOptions,
  ddof?: number | VarOptions,
  opts?: VarOptions,
) => ndarray;
const varLike = (fn: 'var' | 'std') =>
  sig<VarFn>(
    `${fn}(a: array_like, axis: axes = None, dtype: dtype = None, out: ndarray = None, ddof: number = 0, keepdims: bool = False, *, where: array_like = None, mean: array_like = None, correction: number = None)`,
    ((
      a: ndarray,
      axis: AxisArg,
      dtype: DType,
      out: ndarray,
      ddof: number,
      keepdims: boolean,
      where: ndarray | undefined,
      mean: ndarray | undefined,
      correction: number | undefined,
    ) => {
      if (correction !== undefined) {
        if (ddof !== 0)
          throw new ValueError(
            `${fn}: arguments 'ddof' and 'correction' are the same parameter; received both`,
          );
        ddof = correction;
      }
      const x = cast(fn, a, dtype);
      const r =
        where === undefined && mean === undefined
          ? (fn === 'var' ? red.var_ : red.std)(x, { axis, ddof, keepdims })
          : maskedVar(
              fn,
              x,
              axis,
              ddof,
              keepdims,
              where === undefined ? null : whereMask(fn, x, where),
              mean ?? null,
            );
      return finish(fn, r, out);
    }) as never,
  );
/**
 * Variance with `ddof`.
 * @param a an array_like
 * @param axis axis or axes (all when null); then `dtype`, `out`, `ddof`, or the options object
 * @returns the variance (0-d for a full reduction)
 * @example np.var(np.array([1, 2, 3, 4]), { ddof: 1 }).item() // 1.6666666666666667
 */
export const var_: VarFn = varLike('var');
/**
 * Standard deviation with `ddof`.
 * @param a an array_like
 * @param axis axis or axes (all when null); then `dtype`, `out`, `ddof`, or the options object
 * @returns the standard deviation (0-d for a full reduction)
 * @example np.std(np.array([1, 2, 3, 4])).item() // 1.118033988749895
 */
export const std: VarFn = varLike('std');

/**
 * Cumulative sum along `axis` (of the flattened array when `axis` is null/omitted).
 * @param a an array_like
 * @param axis the axis (null: the flattened array); then `dtype`, `out`, or the options object
 * @returns a new array
 * @example np.cumsum([1, 2, 3]).tolist() // [1, 3, 6]
 */
export const cumsum = sig<
  (
    a: ArrayInput,
    axis?: number | null | CumsumOptions,
    dtype?: DType | null | CumsumOptions,
    out?: ndarray | null | CumsumOptions,
    opts?: CumsumOptions,
  ) => ndarray
>('cumsum(a: array_like, axis: axis = None, dtype: dtype = None, out: ndarray = None)', ((
  a: ndarray,
  axis: number | null,
  dtype: DType,
  out: ndarray,
) => finish('cumsum', cumsumImpl(cast('cumsum', a, dtype), { axis }), out)) as never);

/** Keyword options of {@link cumsum}. */
export interface CumsumOptions {
  /** The axis (null: the flattened array). */
  axis?: number | null;
  /** The accumulation dtype. */
  dtype?: DType | null;
  /** An array to write the result into. */
  out?: ndarray | null;
}

export { var_ as var };
