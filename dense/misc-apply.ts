/**
 * NumPy's masked writes (`copyto`, `putmask`, `place`), `rollaxis`, `row_stack`,
 * `histogram_bin_edges`, and the function-applying helpers (`apply_along_axis`,
 * `apply_over_axes`, `piecewise`). The writes are one fused `where` into the destination or a
 * scatter (`put`); the helpers call the user's function on the calling thread once per slice or
 * condition, as NumPy does in Python, and assemble the results with launches.
 */
import { fx } from '../codegen/index.js';
import { ArgumentTypeError, argMessage, type DType, ValueError } from '../runtime/index.js';
import { zeros } from './creation.js';
import { resize } from './edit.js';
import { ewise, type Operand } from './ewise.js';
import { histogram } from './histogram.js';
import type { BinEstimator } from './histogram-bins.js';
import { can_cast } from './misc-api.js';
import { ndarray } from './ndarray.js';
import { nonzero, put } from './select.js';
import { expand_dims } from './shape.js';
import { ravel, stack, transpose, vstack } from './shape-api.js';
import { moveaxis } from './shape-extra.js';
import { axisOf } from './shape-more.js';
import { type ArrayInput, denseHooks, sig } from './sig.js';

const asArray = (fn: string, name: string, v: unknown): ndarray =>
  v instanceof ndarray ? v : (denseHooks.asarray(fn, name, v) as ndarray);

/**
 * Copies `src` into `dst` (broadcast) where `where` is true, checking the casting rule.
 * @param dst the destination
 * @param src values (an array or a scalar)
 * @param casting 'same_kind' (default), 'safe', 'unsafe', 'no', 'equiv'
 * @param where a boolean mask (default: everywhere)
 * @returns nothing
 * @throws {ArgumentTypeError} when the cast breaks the rule
 * @example
 * const a = np.zeros([3]);
 * np.copyto(a, [1, 2, 3], { where: [true, false, true] });
 * a.tolist() // [1, 0, 3]
 */
export const copyto = sig<
  (
    dst: ndarray,
    src: ArrayInput | number | boolean,
    casting?: string | { casting?: string; where?: ArrayInput | boolean },
    where?: ArrayInput | boolean | { where?: ArrayInput | boolean },
    opts?: { casting?: string; where?: ArrayInput | boolean },
  ) => void
>("copyto(dst: ndarray, src: operand, casting: str = 'same_kind', where: operand = True)", ((
  dst: ndarray,
  src: Operand,
  casting: string,
  where: Operand,
) => {
  const fn = 'copyto';
  if (src instanceof ndarray) {
    if (!can_cast(src.dtype, dst.dtype, casting))
      throw new ArgumentTypeError(
        `${fn}: cannot cast array data from ${src.dtype} to ${dst.dtype} according to the rule '${casting}'`,
      );
  } else if (
    typeof src === 'number' &&
    !Number.isInteger(src) &&
    casting !== 'unsafe' &&
    !(dst.dtype === 'float32' || dst.dtype === 'float64')
  )
    throw new ArgumentTypeError(
      `${fn}: cannot cast a float scalar to ${dst.dtype} according to the rule '${casting}'`,
    );
  if (where instanceof ndarray && where.dtype !== 'bool')
    throw new ArgumentTypeError(argMessage(fn, 'where', 'a boolean array', where.dtype));
  if (where === false) return;
  const ops: Operand[] = where === true ? [src] : [where, src, dst];
  ewise(fn, where === true ? 'copy' : 'where', ops, where === true ? ['src'] : ['where', 'src', 'dst'], dst, {
    dtype: dst.dtype,
    build: (l) => (where === true ? l[0]! : fx.where(l[0]!, l[1]!, l[2]!)),
  });
}) as never);

/**
 * Sets `a.flat[n] = values[n % values.size]` where `mask.flat[n]` is true (in place).
 * @param a the array to write
 * @param mask booleans of `a`'s size
 * @param values values, repeated by flat position
 * @returns nothing
 * @example
 * const x = np.arange(6).reshape([2, 3]);
 * np.putmask(x, x.greater(2), x.multiply(x));
 * x.tolist() // [[0, 1, 2], [9, 16, 25]]
 */
export const putmask = sig<(a: ndarray, mask: ArrayInput, values: ArrayInput) => void>(
  'putmask(a: ndarray, /, mask: array_like, values: array_like)',
  ((a: ndarray, mask: ndarray, values: ndarray) => {
    if (mask.size !== a.size) throw new ValueError('putmask: mask and data must be the same size');
    if (values.size === 0) return;
    const v = values.size === a.size ? values.reshape(a.shape) : resize(values, a.shape);
    const m =
      mask.dtype === 'bool'
        ? mask.reshape(a.shape)
        : ewise('putmask', 'notzero', [mask.reshape(a.shape), 0], ['mask', 'zero'], null, {
            dtype: 'bool',
            build: (l) => fx.not_equal(l[0]!, l[1]!),
          });
    ewise('putmask', 'where', [m, v, a], ['mask', 'values', 'a'], a, {
      dtype: a.dtype,
      build: (l) => fx.where(l[0]!, l[1]!, l[2]!),
    });
  }) as never,
);

/**
 * Puts `vals` (repeated) into the positions of `arr` where `mask` is true, in order (in place).
 * @param arr the array to write
 * @param mask booleans of `arr`'s size
 * @param vals values used in order
 * @returns nothing
 * @throws {ValueError} when `vals` is empty but the mask selects elements
 * @example
 * const a = np.arange(6);
 * np.place(a, a.greater(2), [44, 55]);
 * a.tolist() // [0, 1, 2, 44, 55, 44]
 */
export const place = sig<(arr: ndarray, mask: ArrayInput, vals: ArrayInput) => void>(
  'place(arr: ndarray, mask: array_like, vals: array_like)',
  ((arr: ndarray, mask: ndarray, vals: ndarray) => {
    if (mask.size !== arr.size) throw new ValueError('place: mask and data must be the same size');
    const idx = nonzero(ravel(mask))[0]!;
    if (idx.size === 0) return;
    if (vals.size === 0) throw new ValueError('place: cannot insert from an empty array');
    put(arr, idx, vals);
  }) as never,
);

/**
 * Rolls `axis` backwards until it lies before position `start` (NumPy's older `moveaxis`).
 * @param a an array_like
 * @param axis the axis to move
 * @param start the position (default 0)
 * @returns a view
 * @example np.rollaxis(np.ones([3, 4, 5, 6]), 3, 1).shape // [3, 6, 4, 5]
 */
export const rollaxis = sig<(a: ArrayInput, axis: number, start?: number | { start?: number }) => ndarray>(
  'rollaxis(a: array_like, axis: axis, start: int = 0)',
  ((a: ndarray, axis: number, start: number) => {
    const n = a.ndim;
    const ax = axisOf('rollaxis', axis, n);
    if (start < -n || start > n)
      throw new ValueError(argMessage('rollaxis', 'start', `an integer in [${-n}, ${n}]`, start));
    let s = start < 0 ? start + n : start;
    if (ax < s) s -= 1;
    if (ax === s) return a.get(['...']);
    const axes = [...Array(n).keys()].filter((d) => d !== ax);
    axes.splice(s, 0, ax);
    return transpose(a, axes);
  }) as never,
);

/**
 * Stacks arrays as rows: NumPy's older name of {@link vstack}.
 * @param tup arrays
 * @returns a new array
 * @example np.row_stack([[1, 2], [3, 4]]).tolist() // [[1, 2], [3, 4]]
 */
export const row_stack = sig<(tup: readonly ArrayInput[], opts?: { dtype?: DType | null }) => ndarray>(
  'row_stack(tup: arrays, *, dtype: dtype = None)',
  ((tup: ndarray[], dtype: DType | undefined) => vstack(tup, { dtype: dtype ?? null })) as never,
);

/** Keyword options of {@link histogram_bin_edges}. */
export interface HistogramBinEdgesOptions {
  /** A bin count, an estimator's name ('auto', 'fd', ...) or the edges. */
  bins?: number | BinEstimator | ArrayInput;
  /** The outer edges. */
  range?: readonly [number, number] | null;
  /** Accepted for NumPy compatibility. */
  weights?: ArrayInput | null;
}

/**
 * The bin edges {@link histogram} would use.
 * @param a an array_like
 * @param bins a count, an estimator's name or the edges
 * @param range the outer edges (default: the data range)
 * @param weights accepted for NumPy compatibility
 * @returns the edges
 * @example np.histogram_bin_edges([1, 2, 3, 4], 3).tolist() // [1, 2, 3, 4]
 */
export const histogram_bin_edges = sig<
  (
    a: ArrayInput,
    bins?: number | BinEstimator | ArrayInput | HistogramBinEdgesOptions,
    range?: readonly [number, number] | null | HistogramBinEdgesOptions,
    weights?: ArrayInput | null | HistogramBinEdgesOptions,
    opts?: HistogramBinEdgesOptions,
  ) => ndarray
>(
  'histogram_bin_edges(a: array_like, bins: any = 10, range: any = None, weights: array_like = None)',
  ((a: ndarray, bins: unknown, range: unknown, weights: ndarray | undefined) =>
    histogram(a, bins as never, { range: (range ?? null) as never, weights: weights ?? null })[1]!) as never,
);

/**
 * Calls `func1d` on every 1-D slice along `axis` and assembles the results (NumPy's
 * `apply_along_axis`): a scalar result drops the axis, an array result takes its place.
 * @param func1d a function of one 1-D ndarray (plus `args`)
 * @param axis the axis
 * @param arr an array_like
 * @param args more arguments for `func1d`
 * @returns a new array
 * @example np.apply_along_axis((v: np.ndarray) => v.max(), 1, [[1, 5], [7, 2]]).tolist() // [5, 7]
 */
export const apply_along_axis = sig<
  (
    func1d: (v: ndarray, ...args: unknown[]) => unknown,
    axis: number,
    arr: ArrayInput,
    ...args: unknown[]
  ) => ndarray
>('apply_along_axis(func1d: callable, axis: axis, arr: array_like, *args)', ((
  func: (v: ndarray, ...args: unknown[]) => unknown,
  axis: number,
  arr: ndarray,
  args: unknown[],
) => {
  const fn = 'apply_along_axis';
  const ax = axisOf(fn, axis, arr.ndim);
  const moved = moveaxis(arr, ax, -1);
  const lead = moved.shape.slice(0, -1);
  const count = lead.reduce((p, e) => p * e, 1);
  if (count === 0) throw new ValueError(`${fn}: cannot apply_along_axis when any iteration dimensions are 0`);
  const flat = moved.reshape([count, moved.shape[moved.ndim - 1]!]);
  const res = Array.from({ length: count }, (_, k) => asArray(fn, 'func1d', func(flat.get([k]), ...args)));
  const out = stack(res);
  const rshape = res[0]!.shape;
  const full_ = out.reshape([...lead, ...rshape]);
  // The result's own dimensions go where the axis was.
  const nl = lead.length;
  const perm = [
    ...Array(ax).keys(),
    ...rshape.map((_, d) => nl + d),
    ...Array.from({ length: nl - ax }, (_, d) => ax + d),
  ];
  return transpose(full_, perm).copy();
}) as never);

/**
 * Applies `func(a, axis)` over several axes in turn, keeping dimensions (NumPy's
 * `apply_over_axes`).
 * @param func a function of an array and an axis
 * @param a an array_like
 * @param axes the axes
 * @returns the result with `a`'s number of dimensions
 * @throws {ValueError} when `func` returns an array of the wrong rank
 * @example np.apply_over_axes((x: np.ndarray, ax: number) => np.sum(x, ax), np.arange(24).reshape([2, 3, 4]), [0, 2]).tolist() // [[[60], [92], [124]]]
 */
export const apply_over_axes = sig<
  (func: (a: ndarray, axis: number) => unknown, a: ArrayInput, axes: number | readonly number[]) => ndarray
>('apply_over_axes(func: callable, a: array_like, axes: axes)', ((
  func: (a: ndarray, axis: number) => unknown,
  a: ndarray,
  axes: number | readonly number[],
) => {
  const fn = 'apply_over_axes';
  let val = a;
  const n = a.ndim;
  for (const ax0 of typeof axes === 'number' ? [axes] : axes) {
    const ax = axisOf(fn, ax0, n);
    const res = asArray(fn, 'func', func(val, ax));
    if (res.ndim === val.ndim) val = res;
    else if (res.ndim === val.ndim - 1) val = expand_dims(res, ax);
    else throw new ValueError(`${fn}: function is not returning an array of the correct shape`);
  }
  return val;
}) as never);

/**
 * Evaluates a piecewise function: where `condlist[k]` holds, `funclist[k]` (a function of the
 * selected `x` values, or a constant); one extra function applies where no condition holds.
 * @param x an array_like
 * @param condlist boolean arrays (or one)
 * @param funclist functions or constants (one per condition, optionally one more)
 * @returns a new array of `x`'s dtype
 * @example np.piecewise(np.linspace(-2.5, 2.5, 6), [np.linspace(-2.5, 2.5, 6).less(0)], [-1, 1]).tolist() // [-1, -1, -1, 1, 1, 1]
 */
export const piecewise = sig<
  (x: ArrayInput, condlist: unknown, funclist: readonly unknown[], ...args: unknown[]) => ndarray
>('piecewise(x: array_like, condlist: any, funclist: any, *args)', ((
  x: ndarray,
  condlist: unknown,
  funclist: unknown,
  args: unknown[],
) => {
  const fn = 'piecewise';
  if (!Array.isArray(funclist))
    throw new ArgumentTypeError(argMessage(fn, 'funclist', 'a list of functions or constants', funclist));
  const list =
    Array.isArray(condlist) && (condlist.length === 0 || typeof condlist[0] !== 'boolean')
      ? condlist
      : [condlist];
  const conds = list.map((c, k) => {
    const m = asArray(fn, `condlist[${k}]`, c);
    if (m.dtype !== 'bool')
      throw new ArgumentTypeError(argMessage(fn, `condlist[${k}]`, 'a boolean array', m.dtype));
    return m.shape.length === x.shape.length
      ? m
      : ewise(fn, 'copy', [m, zeros(x.shape, 'bool')], ['c', 'x'], null, {
          dtype: 'bool',
          build: (l) => l[0]!,
        });
  });
  if (funclist.length === conds.length + 1) {
    let none: ndarray = conds[0] ?? zeros(x.shape, 'bool');
    for (const c of conds.slice(1)) none = ewise(fn, 'logical_or', [none, c], ['a', 'b']);
    conds.push(
      conds.length === 0
        ? ewise(fn, 'logical_not', [zeros(x.shape, 'bool')], ['a'])
        : ewise(fn, 'logical_not', [none], ['a']),
    );
  } else if (funclist.length !== conds.length)
    throw new ValueError(
      `${fn}: with ${conds.length} condition(s), either ${conds.length} or ${conds.length + 1} functions are expected`,
    );
  const y = zeros(x.shape, x.dtype);
  conds.forEach((c, k) => {
    const f = funclist[k];
    if (typeof f === 'function') {
      const sel = x.get([c]);
      if (sel.size > 0) y.set([c], asArray(fn, `funclist[${k}]`, f(sel, ...args)));
    } else y.set([c], f as number);
  });
  return y;
}) as never);
