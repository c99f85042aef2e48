/**
 * NumPy's array editing: `append`, `insert`, `delete`, `resize`, `trim_zeros`, `ediff1d`, `block`,
 * `unstack` (the NumPy 2 aliases are in array-api.ts). Each is views, concatenations,
 * gathers/scatters (advanced indexing) and reductions on the runtime; the calling thread computes
 * positions from the caller's index arguments (`insert`/`delete` objects) and reads values only
 * where NumPy does to size a result (`trim_zeros`).
 */
import { ArgumentTypeError, argMessage, type DType, IndexError, ValueError } from '../runtime/index.js';
import { zeros } from './creation.js';
import { ewise } from './ewise.js';
import { ndarray } from './ndarray.js';
import { max, min } from './reduce-api.js';
import { nonzero, take } from './select.js';
import { concatenate, ravel } from './shape-api.js';
import { moveaxis } from './shape-extra.js';
import { axisOf } from './shape-more.js';
import { type ArrayInput, denseHooks, sig } from './sig.js';
import { Slice } from './slice.js';

const asArray = (fn: string, name: string, v: unknown): ndarray =>
  v instanceof ndarray ? v : (denseHooks.asarray(fn, name, v) as ndarray);

/**
 * Appends values to the end of an array (flattening both when `axis` is null).
 * @param arr an array_like
 * @param values values to append (same shape as `arr` outside `axis`)
 * @param axis the axis (null: flattened)
 * @returns a new array
 * @example np.append([1, 2, 3], [[4, 5, 6], [7, 8, 9]]).tolist() // [1, 2, 3, 4, 5, 6, 7, 8, 9]
 * @example np.append([[1, 2, 3], [4, 5, 6]], [[7, 8, 9]], 0).tolist() // [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
 */
export const append = sig<
  (arr: ArrayInput, values: ArrayInput, axis?: number | null | { axis?: number | null }) => ndarray
>('append(arr: array_like, values: array_like, axis: axis = None)', ((
  arr: ndarray,
  values: ndarray,
  axis: number | undefined,
) =>
  axis === undefined ? concatenate([ravel(arr), ravel(values)]) : concatenate([arr, values], axis)) as never);

/** Positions of `obj` (an int, a Slice, ints, or a boolean mask) on an axis of length `n`. */
function positions(
  fn: string,
  obj: unknown,
  n: number,
  forInsert: boolean,
): { idx: number[]; scalar: boolean } {
  if (obj instanceof Slice) {
    const [start, step, len] = obj.resolve(fn, n);
    return { idx: Array.from({ length: len }, (_, k) => start + k * step), scalar: false };
  }
  const scalar = typeof obj === 'number';
  const a = asArray(fn, 'obj', obj);
  if (a.dtype === 'bool') {
    if (a.ndim !== 1 || a.size !== n)
      throw new ValueError(
        `${fn}: boolean array argument obj must be one dimensional and match the axis length of ${n}`,
      );
    const mask = Array.from(a.toArray() as ArrayLike<number>, Number);
    return { idx: mask.flatMap((v, k) => (v ? [k] : [])), scalar: false };
  }
  if (a.dtype === 'float32' || a.dtype === 'float64')
    throw new IndexError(argMessage(fn, 'obj', 'integer indices or a boolean mask', a.dtype));
  const limit = forInsert ? n : n - 1;
  const idx = Array.from(a.toArray() as ArrayLike<number>, (v) => {
    const i = Number(v);
    if (i < -n || i > limit)
      throw new IndexError(`${fn}: index ${i} is out of bounds for axis with size ${n}`);
    return i < 0 ? i + n : i;
  });
  return { idx, scalar };
}

/**
 * Deletes sub-arrays along an axis (flattened when `axis` is null): `obj` is an index, a
 * {@link Slice}, indices, or a boolean mask of the axis' length.
 * @param arr an array_like
 * @param obj what to delete
 * @param axis the axis (null: flattened)
 * @returns a new array
 * @throws {IndexError} for an index out of bounds
 * @example np.delete([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], 1, 0).tolist() // [[1, 2, 3, 4], [9, 10, 11, 12]]
 * @example np.delete(np.arange(6), [1, 3, 5]).tolist() // [0, 2, 4]
 */
export const delete_ = sig<
  (arr: ArrayInput, obj: unknown, axis?: number | null | { axis?: number | null }) => ndarray
>('delete(arr: array_like, obj: any, axis: axis = None)', ((
  arr: ndarray,
  obj: unknown,
  axis: number | undefined,
) => {
  const src = axis === undefined ? ravel(arr) : arr;
  const ax = axis === undefined ? 0 : axisOf('delete', axis, src.ndim);
  const n = src.shape[ax]!;
  const drop = new Set(positions('delete', obj, n, false).idx);
  const keep = Int32Array.from({ length: n }, (_, k) => k).filter((k) => !drop.has(k));
  return take(src, denseHooks.asarray('delete', 'obj', keep) as ndarray, ax);
}) as never);
export { delete_ as delete };

/**
 * Inserts values before the given indices along an axis (flattened when `axis` is null), as
 * NumPy's `insert`: a scalar index inserts `values` as a block (its own length along the axis),
 * a sequence or slice inserts one slice per index (values broadcast).
 * @param arr an array_like
 * @param obj index, indices or a {@link Slice}
 * @param values values cast to `arr`'s dtype
 * @param axis the axis (null: flattened)
 * @returns a new array
 * @throws {IndexError} for an index out of bounds
 * @example np.insert([[1, 1], [2, 2], [3, 3]], 1, 5, 1).tolist() // [[1, 5, 1], [2, 5, 2], [3, 5, 3]]
 * @example np.insert([1, 2, 3, 4], [1, 3], [10, 20]).tolist() // [1, 10, 2, 3, 20, 4]
 */
export const insert = sig<
  (
    arr: ArrayInput,
    obj: unknown,
    values: ArrayInput,
    axis?: number | null | { axis?: number | null },
  ) => ndarray
>('insert(arr: array_like, obj: any, values: array_like, axis: axis = None)', ((
  arr: ndarray,
  obj: unknown,
  values: ndarray,
  axis: number | undefined,
) => {
  const fn = 'insert';
  const src = axis === undefined ? ravel(arr) : arr;
  const ax = axis === undefined ? 0 : axisOf(fn, axis, src.ndim);
  const n = src.shape[ax]!;
  const { idx, scalar } = positions(fn, obj, n, true);
  let vals = values.dtype === src.dtype ? values : values.astype(src.dtype);
  let at: number[];
  if (scalar) {
    while (vals.ndim < src.ndim) vals = vals.reshape([1, ...vals.shape]);
    vals = moveaxis(vals, 0, ax);
    at = Array.from({ length: vals.shape[ax]! }, (_, k) => idx[0]! + k);
  } else {
    const order = idx.map((_, k) => k).sort((p, q) => idx[p]! - idx[q]! || p - q);
    at = new Array(idx.length);
    order.forEach((k, r) => {
      at[k] = idx[k]! + r;
    });
  }
  const shape = src.shape.slice();
  shape[ax] = n + at.length;
  const taken = new Set(at);
  const old = Int32Array.from({ length: shape[ax]! }, (_, k) => k).filter((k) => !taken.has(k));
  const out = zeros(shape, src.dtype);
  const lead = Array.from({ length: ax }, () => new Slice());
  const asIdx = (v: ArrayLike<number>) => denseHooks.asarray(fn, 'obj', Int32Array.from(v)) as ndarray;
  if (n > 0) out.set([...lead, asIdx(old)] as never, src);
  if (at.length > 0) out.set([...lead, asIdx(at)] as never, vals);
  return out;
}) as never);

/**
 * A new array of shape `new_shape` filled with repeated copies of `a` (C order; zeros when `a`
 * is empty), as NumPy's `np.resize`.
 * @param a an array_like
 * @param new_shape the shape
 * @returns a new array
 * @example np.resize([[0, 1], [2, 3]], [2, 3]).tolist() // [[0, 1, 2], [3, 0, 1]]
 */
export const resize = sig<(a: ArrayInput, new_shape: number | readonly number[]) => ndarray>(
  'resize(a: array_like, new_shape: any)',
  ((a: ndarray, newShape: unknown) => {
    const shape = typeof newShape === 'number' ? [newShape] : newShape;
    if (!Array.isArray(shape) || shape.some((e) => !Number.isInteger(e)))
      throw new ArgumentTypeError(argMessage('resize', 'new_shape', 'a shape', newShape));
    if (shape.some((e) => e < 0))
      throw new ValueError("resize: all elements of 'new_shape' must be non-negative");
    const size = shape.reduce((p: number, e: number) => p * e, 1);
    const flat = ravel(a);
    if (flat.size === 0 || size === 0) return zeros(shape, a.dtype);
    const reps = Math.ceil(size / flat.size);
    const parts = Array.from({ length: reps }, () => flat);
    return concatenate(parts)
      .get([new Slice(0, size)])
      .reshape(shape);
  }) as never,
);

/**
 * Trims leading ('f') and/or trailing ('b') zeros (along every axis, or `axis`).
 * @param filt an array_like
 * @param trim 'fb' (default), 'f' or 'b'
 * @param axis axes to trim (null: all)
 * @returns a view of `filt`
 * @example np.trim_zeros([0, 0, 0, 1, 2, 3, 0, 2, 1, 0]).tolist() // [1, 2, 3, 0, 2, 1]
 * @example np.trim_zeros([0, 0, 0, 1, 2, 3, 0, 2, 1, 0], 'b').tolist() // [0, 0, 0, 1, 2, 3, 0, 2, 1]
 */
export const trim_zeros = sig<
  (
    filt: ArrayInput,
    trim?: string | { trim?: string; axis?: number | readonly number[] | null },
    axis?: number | readonly number[] | null | { axis?: number | readonly number[] | null },
  ) => ndarray
>("trim_zeros(filt: array_like, trim: str = 'fb', axis: axes = None)", ((
  filt: ndarray,
  trim: string,
  axis: number | readonly number[] | undefined,
) => {
  const fn = 'trim_zeros';
  if (!['f', 'b', 'fb', 'bf'].includes(trim))
    throw new ValueError(argMessage(fn, 'trim', "'fb', 'f' or 'b'", trim));
  const nd = filt.ndim;
  const axes =
    axis === undefined
      ? [...Array(nd).keys()]
      : (typeof axis === 'number' ? [axis] : axis).map((d) => axisOf(fn, d, nd));
  const nz = nonzero(filt);
  const parts: Slice[] = filt.shape.map(() => new Slice());
  if (nz[0]!.size === 0) {
    for (const d of axes) parts[d] = new Slice(0, 0);
    return filt.get(parts as never);
  }
  for (const d of axes) {
    const lo = trim.includes('f') ? (min(nz[d]!).item() as number) : 0;
    const hi = trim.includes('b') ? (max(nz[d]!).item() as number) + 1 : filt.shape[d]!;
    parts[d] = new Slice(lo, hi);
  }
  return filt.get(parts as never);
}) as never);

/**
 * Differences of consecutive elements of the flattened array, with optional values before and
 * after (cast to the array's dtype as NumPy requires: same kind).
 * @param ary an array_like
 * @param to_end values appended
 * @param to_begin values prepended
 * @returns a new 1-D array
 * @example np.ediff1d([1, 2, 4, 7, 0], [88, 99], -99).tolist() // [-99, 1, 2, 3, -7, 88, 99]
 */
export const ediff1d = sig<
  (
    ary: ArrayInput,
    to_end?: ArrayInput | null | { to_end?: ArrayInput | null; to_begin?: ArrayInput | null },
    to_begin?: ArrayInput | null | { to_begin?: ArrayInput | null },
    opts?: { to_end?: ArrayInput | null; to_begin?: ArrayInput | null },
  ) => ndarray
>('ediff1d(ary: array_like, to_end: array_like = None, to_begin: array_like = None)', ((
  ary: ndarray,
  toEnd: ndarray | undefined,
  toBegin: ndarray | undefined,
) => {
  const fn = 'ediff1d';
  const flat = ravel(ary);
  const dt: DType = flat.dtype === 'bool' ? 'bool' : flat.dtype;
  const n = flat.size;
  const d =
    n <= 1
      ? zeros([0], dt)
      : ewise(fn, 'subtract', [flat.get([new Slice(1)]), flat.get([new Slice(0, n - 1)])], ['a', 'b'], null, {
          dtype: dt,
        });
  const extra = (v: ndarray | undefined, name: string): ndarray[] => {
    if (v === undefined) return [];
    const kind = (t: DType) => ({ bool: 0, uint8: 1, int32: 2, float32: 3, float64: 3 })[t as 'bool'] ?? 3;
    if (kind(v.dtype) > kind(dt))
      throw new ArgumentTypeError(
        `${fn}: dtype of '${name}' (${v.dtype}) must be compatible with input 'ary' (${dt}) under the 'same_kind' rule`,
      );
    return [ravel(v).astype(dt)];
  };
  return concatenate([...extra(toBegin, 'to_begin'), d, ...extra(toEnd, 'to_end')]);
}) as never);

function depthOf(fn: string, v: unknown, path: string): number {
  if (!Array.isArray(v)) return 0;
  if (v.length === 0) throw new ValueError(`${fn}: list at ${path || 'arrays'} cannot be empty`);
  const ds = v.map((x, k) => depthOf(fn, x, `${path}[${k}]`));
  if (ds.some((x) => x !== ds[0]))
    throw new ValueError(
      `${fn}: list depths are mismatched at ${path || 'arrays'} (received depths ${ds.join(', ')})`,
    );
  return ds[0]! + 1;
}

/**
 * Assembles an array from nested lists of blocks (NumPy's `np.block`): the innermost lists are
 * joined along the last axis, the next along the second-last, and so on.
 * @param arrays nested lists of array_likes (ndarrays or numbers at the leaves)
 * @returns a new array
 * @throws {ValueError} for mismatched list depths or block shapes
 * @example np.block([[np.eye(2), np.zeros([2, 1])], [np.ones([1, 2]), np.full([1, 1], 5)]]).tolist() // [[1, 0, 0], [0, 1, 0], [1, 1, 5]]
 */
export const block = sig<(arrays: unknown) => ndarray>('block(arrays: any)', ((arrays: unknown) => {
  const fn = 'block';
  if (!Array.isArray(arrays)) return (asArray(fn, 'arrays', arrays) as ndarray).copy();
  const depth = depthOf(fn, arrays, '');
  const leaves: ndarray[] = [];
  const collect = (v: unknown, d: number): void => {
    if (d === 0) leaves.push(v instanceof ndarray ? v : asArray(fn, 'arrays', v));
    else for (const x of v as unknown[]) collect(x, d - 1);
  };
  collect(arrays, depth);
  const nd = Math.max(depth, ...leaves.map((l) => l.ndim));
  let next = 0;
  const build = (v: unknown, d: number): ndarray => {
    if (d === 0) {
      const a = leaves[next++]!;
      return a.ndim === nd ? a : a.reshape([...Array(nd - a.ndim).fill(1), ...a.shape]);
    }
    return concatenate(
      (v as unknown[]).map((x) => build(x, d - 1)),
      nd - d,
    );
  };
  return build(arrays, depth);
}) as never);

/**
 * Splits an array into views along an axis, removing it (array API `unstack`).
 * @param x an array_like
 * @param axis the axis (default 0)
 * @returns the views
 * @example np.unstack(np.array([[1, 2], [3, 4]])).map((a) => a.tolist()) // [[1, 2], [3, 4]]
 */
export const unstack = sig<(x: ArrayInput, opts?: { axis?: number }) => ndarray[]>(
  'unstack(x: array_like, /, *, axis: axis = 0)',
  ((x: ndarray, axis: number) => {
    const ax = axisOf('unstack', axis, x.ndim);
    const m = moveaxis(x, ax, 0);
    return Array.from({ length: m.shape[0]! }, (_, k) => m.get([k]));
  }) as never,
);
