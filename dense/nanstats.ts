/**
 * NumPy's NaN-ignoring products, scans, variances and arg-reductions: `nanprod`, `nancumsum`,
 * `nancumprod`, `nanvar`, `nanstd`, `nanargmax`, `nanargmin`. The products and
 * sums replace NaN by the identity (fused) before the plain reduction or scan; `nanvar` follows
 * NumPy's `_nanvar` step by step (count, mean, squared deviations with NaN zeroed, `dof ≤ 0` →
 * NaN; the order statistics are in nanquantile.ts). Integer and bool arrays have no NaN: the plain
 * functions. `nanargmax`/`nanargmin` read whether a slice is all NaN (NumPy raises then).
 */
import { fx } from '../codegen/index.js';
import { type DType, ValueError } from '../runtime/index.js';
import { cumprod } from './cumprod.js';
import { isFloat } from './dtypes.js';
import { copyAs, ewise } from './ewise.js';
import { type NanSum, nanWhere } from './nanreduce.js';
import type { ndarray } from './ndarray.js';
import * as red from './reduce.js';
import { argmax, argmin, cumsum, finish, prod, var_ } from './reduce-api.js';
import { type ArrayInput, sig } from './sig.js';

const replaceNan = (fn: string, a: ndarray, v: number): ndarray =>
  isFloat(a.dtype)
    ? ewise(fn, `nan->${v}`, [a, v], ['a', 'v'], null, { build: ([x, s]) => fx.where(fx.isnan(x!), s!, x!) })
    : a;
const isnan = (fn: string, a: ndarray): ndarray => ewise(fn, 'isnan', [a], ['a']);

type AxisArg = number | readonly number[] | null;

/**
 * Product treating NaN as one.
 * @param a an array_like
 * @param axis axis or axes (all when null); then `dtype`, `out`, `keepdims`, `initial`
 * @returns the result
 * @example np.nanprod([[1, 2], [3, np.nan]], 0).tolist() // [3, 2]
 */
export const nanprod = sig<NanSum>(
  'nanprod(a: array_like, axis: axes = None, dtype: dtype = None, out: ndarray = None, keepdims: bool = False, initial: number = None, where: array_like = None)',
  ((
    a: ndarray,
    axis: AxisArg,
    dtype: DType,
    out: ndarray,
    keepdims: boolean,
    initial: number,
    where: ndarray | undefined,
  ) =>
    isFloat(a.dtype)
      ? prod(replaceNan('nanprod', nanWhere('nanprod', a, where), 1), {
          axis,
          dtype: dtype ?? null,
          out: out ?? null,
          keepdims,
          initial: initial ?? null,
        })
      : prod(a, {
          axis,
          dtype: dtype ?? null,
          out: out ?? null,
          keepdims,
          initial: initial ?? null,
          where,
        })) as never,
);

type Cum = typeof cumsum;
const nanCum = (fn: 'nancumsum' | 'nancumprod') =>
  sig<Cum>(`${fn}(a: array_like, axis: axis = None, dtype: dtype = None, out: ndarray = None)`, ((
    a: ndarray,
    axis: number | undefined,
    dtype: DType | undefined,
    out: ndarray | undefined,
  ) =>
    (fn === 'nancumsum' ? cumsum : cumprod)(
      replaceNan(fn, a, fn === 'nancumsum' ? 0 : 1),
      axis ?? null,
      dtype ?? null,
      out ?? null,
    )) as never);
/**
 * Cumulative sum treating NaN as zero.
 * @param a an array_like
 * @param axis the axis (null: flattened); then `dtype`, `out`
 * @returns a new array
 * @example np.nancumsum([1, np.nan, 3]).tolist() // [1, 1, 4]
 */
export const nancumsum: Cum = nanCum('nancumsum');
/**
 * Cumulative product treating NaN as one.
 * @param a an array_like
 * @param axis the axis (null: flattened); then `dtype`, `out`
 * @returns a new array
 * @example np.nancumprod([2, np.nan, 3]).tolist() // [2, 2, 6]
 */
export const nancumprod: Cum = nanCum('nancumprod');

/** Keyword options of {@link nanvar} and {@link nanstd}. */
export interface NanVarOptions {
  axis?: AxisArg;
  dtype?: DType | null;
  out?: ndarray | null;
  ddof?: number;
  keepdims?: boolean;
  /** The elements to include (a bool mask broadcast to the array's shape). */
  where?: ArrayInput | null;
  /** The array API name of `ddof` (give one of them). */
  correction?: number | null;
}
type NanVar = (
  a: ArrayInput,
  axis?: AxisArg | NanVarOptions,
  dtype?: DType | null | NanVarOptions,
  out?: ndarray | null | NanVarOptions,
  ddof?: number | NanVarOptions,
  keepdims?: boolean | NanVarOptions,
  opts?: NanVarOptions,
) => ndarray;

/** `a / b` computed in float64 and cast to `dt` (NumPy's unsafe in-place true_divide). */
const divInto = (fn: string, a: ndarray, b: ndarray | number, dt: DType): ndarray =>
  ewise(fn, `div|${dt}`, [a, b], ['a', 'b'], null, {
    dtype: dt,
    build: ([x, y]) => fx.castTo(dt, fx.divide(fx.castTo('float64', x!), fx.castTo('float64', y!))),
  });

function nanvarImpl(
  fn: string,
  a: ndarray,
  axis: AxisArg,
  dtype: DType | undefined,
  ddof: number,
  keepdims: boolean,
) {
  const mask = isnan(fn, a);
  const arr = replaceNan(fn, a, 0);
  const cnt = red.reduction(fn, 'count', ewise(fn, 'logical_not', [mask], ['m']), { axis, keepdims: true });
  const sdt = dtype ?? a.dtype;
  const s = red.reduction(fn, 'sum', sdt === arr.dtype ? arr : copyAs(fn, arr, sdt), {
    axis,
    keepdims: true,
  });
  const avg = divInto(fn, s, cnt, s.dtype);
  const dev = ewise(fn, `dev|${arr.dtype}`, [arr, avg, mask, 0], ['a', 'avg', 'mask', 'zero'], null, {
    dtype: arr.dtype,
    build: ([x, m, k, z]) => {
      const d = fx.castTo(arr.dtype, fx.subtract(x!, m!));
      return fx.where(k!, fx.castTo(arr.dtype, z!), fx.multiply(d, d));
    },
  });
  const v = red.reduction(fn, 'sum', sdt === dev.dtype ? dev : copyAs(fn, dev, sdt), { axis, keepdims });
  const c = keepdims ? cnt : red.reduction(fn, 'sum', cnt, { axis, keepdims: false });
  return ewise(
    fn,
    `var|${v.dtype}`,
    [v, c, ddof, Number.NaN, 0],
    ['var', 'cnt', 'ddof', 'nan', 'zero'],
    null,
    {
      dtype: v.dtype,
      build: ([x, n, dd, nan, z]) => {
        const dof = fx.subtract(fx.castTo('float64', n!), fx.castTo('float64', dd!));
        const q = fx.castTo(v.dtype, fx.divide(fx.castTo('float64', x!), dof));
        return fx.where(fx.less_equal(dof, fx.castTo('float64', z!)), fx.castTo(v.dtype, nan!), q);
      },
    },
  );
}

const nanVarLike = (fn: 'nanvar' | 'nanstd') =>
  sig<NanVar>(
    `${fn}(a: array_like, axis: axes = None, dtype: dtype = None, out: ndarray = None, ddof: number = 0, keepdims: bool = False, *, where: array_like = None, correction: number = None)`,
    ((
      a: ndarray,
      axis: AxisArg,
      dtype: DType,
      out: ndarray,
      ddof: number,
      keepdims: boolean,
      where: ndarray | undefined,
      correction: number,
    ) => {
      if (correction !== undefined && correction !== null) {
        if (ddof !== 0) throw new ValueError(`${fn}: ddof and correction can't be provided simultaneously`);
        ddof = correction;
      }
      if (!isFloat(a.dtype) && (dtype === undefined || dtype === null || !isFloat(dtype))) {
        const r = var_(a, { axis, dtype: dtype ?? null, ddof, keepdims, where: where ?? null });
        return finish(fn, fn === 'nanvar' ? r : ewise(fn, 'sqrt', [r], ['a']), out);
      }
      const x = nanWhere(fn, dtype && dtype !== a.dtype ? copyAs(fn, a, dtype) : a, where);
      const v = nanvarImpl(fn, x, axis, dtype ?? undefined, ddof, keepdims);
      return finish(fn, fn === 'nanvar' ? v : ewise(fn, 'sqrt', [v], ['a']), out);
    }) as never,
  );
/**
 * Variance of the non-NaN elements (NaN where `count − ddof ≤ 0`; NumPy also warns).
 * @param a an array_like
 * @param axis axis or axes; then `dtype`, `out`, `ddof`, `keepdims`; keyword `correction`
 * @returns the variance
 * @example np.nanvar([1, np.nan, 3]).item() // 1
 */
export const nanvar: NanVar = nanVarLike('nanvar');
/**
 * Standard deviation of the non-NaN elements.
 * @param a an array_like
 * @param axis axis or axes; then `dtype`, `out`, `ddof`, `keepdims`; keyword `correction`
 * @returns the standard deviation
 * @example np.nanstd([[1, np.nan], [3, 4]], 0).tolist() // [1, 0]
 */
export const nanstd: NanVar = nanVarLike('nanstd');

type Arg = typeof argmax;
const nanArg = (fn: 'nanargmax' | 'nanargmin') =>
  sig<Arg>(`${fn}(a: array_like, axis: axis = None, out: ndarray = None, *, keepdims: bool = False)`, ((
    a: ndarray,
    axis: number | undefined,
    out: ndarray | undefined,
    keepdims: boolean,
  ) => {
    if (isFloat(a.dtype)) {
      const allNan = red.reduction(fn, 'all', isnan(fn, a), { axis: axis ?? null });
      if (a.size > 0 && red.any(allNan).item()) throw new ValueError(`${fn}: All-NaN slice encountered`);
    }
    const src = replaceNan(fn, a, fn === 'nanargmax' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY);
    return (fn === 'nanargmax' ? argmax : argmin)(src, { axis: axis ?? null, out: out ?? null, keepdims });
  }) as never);
/**
 * Index of the maximum ignoring NaN.
 * @param a an array_like
 * @param axis the axis (null: flattened); then `out`; keyword `keepdims`
 * @returns int32 indices
 * @throws {ValueError} for an all-NaN slice
 * @example np.nanargmax([[np.nan, 4], [2, 3]], 1).tolist() // [1, 1]
 */
export const nanargmax: Arg = nanArg('nanargmax');
/**
 * Index of the minimum ignoring NaN.
 * @param a an array_like
 * @param axis the axis (null: flattened); then `out`; keyword `keepdims`
 * @returns int32 indices
 * @throws {ValueError} for an all-NaN slice
 * @example np.nanargmin([[np.nan, 4], [2, 3]], 1).tolist() // [1, 0]
 */
export const nanargmin: Arg = nanArg('nanargmin');
