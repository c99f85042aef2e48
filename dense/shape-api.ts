/**
 * The public shape functions, bound to NumPy's signatures (`reshape(a, shape, order='C')`,
 * `concatenate(arrays, /, axis=0, out=None, *, dtype=None)`, ...). Arrays are array_like.
 * `order='F'` is honored where the values depend on it (reshape, ravel); cohort stores only
 * C-ordered arrays, so `copy`'s `order` is accepted for 'C', 'A' and 'K' and rejected for 'F'.
 */
import { type DType, ValueError } from '../runtime/index.js';
import { ewise } from './ewise.js';
import type { ndarray } from './ndarray.js';
import * as sh from './shape.js';
import { type ArrayInput, sig } from './sig.js';

/** Memory order names (`'C'` row-major, `'F'` column-major). */
export type Order = 'C' | 'F' | 'A' | 'K';
type OrderOpt = { order?: Order };
type JoinOptions = { axis?: number | null; out?: ndarray | null; dtype?: DType | null };

function reshapeImpl(a: ndarray, shape: number | readonly number[], order: Order): ndarray {
  if (order !== 'F') return sh.reshape(a, shape);
  const list = typeof shape === 'number' ? [shape] : [...shape];
  return sh.transpose(sh.reshape(sh.transpose(a), list.reverse()));
}

/**
 * Gives a new shape to an array (one dimension may be -1), reading and writing the elements in
 * `order` ('C' row-major, 'F' column-major).
 * @param a an array_like
 * @param shape the new shape
 * @param order 'C' (default) or 'F' (or the options object)
 * @returns a view when `a` is contiguous in that order, else a copy
 * @throws {ShapeError} when the sizes differ
 * @example
 * np.reshape(np.arange(6), [2, 3]).shape // [2, 3]
 * np.reshape([1, 2, 3, 4], [2, 2], { order: 'F' }).tolist() // [[1, 3], [2, 4]]
 */
export const reshape = sig<
  (a: ArrayInput, shape: number | readonly number[], order?: Order | OrderOpt, opts?: OrderOpt) => ndarray
>("reshape(a: array_like, shape: axes, order: order = 'C')", ((a: ndarray, s: number[], o: Order) =>
  reshapeImpl(a, s, o)) as never);

/** The method form `a.reshape(*shape, order='C')`. */
export const reshapeMethod = sig<(self: ndarray, ...shape: unknown[]) => ndarray>(
  "ndarray.reshape(self, *shape, order: order = 'C')",
  ((a: ndarray, shape: unknown[], o: Order) => {
    const s = shape.length === 1 ? (shape[0] as number | number[]) : (shape as number[]);
    return reshapeImpl(a, s, o);
  }) as never,
);

/**
 * A 1-D view (or copy when not contiguous) of the elements in `order`.
 * @param a an array_like
 * @param order 'C' (default) or 'F' (or the options object)
 * @returns a 1-D array of `a.size` elements
 * @example
 * np.ravel(np.eye(2)).shape // [4]
 * np.ravel([[1, 2], [3, 4]], 'F').tolist() // [1, 3, 2, 4]
 */
export const ravel = sig<(a: ArrayInput, order?: Order | OrderOpt, opts?: OrderOpt) => ndarray>(
  "ravel(a: array_like, order: order = 'C')",
  ((a: ndarray, o: Order) => (o === 'F' ? sh.ravel(sh.transpose(a)) : sh.ravel(a))) as never,
);

/**
 * Permutes the axes (reverses them by default): a view.
 * @param a an array_like
 * @param axes a permutation of the axes (reversed when omitted)
 * @returns a view with permuted axes
 * @example np.transpose(np.zeros([2, 3])).shape // [3, 2]
 */
export const transpose = sig<
  (a: ArrayInput, axes?: readonly number[] | null | { axes?: readonly number[] | null }) => ndarray
>('transpose(a: array_like, axes: axes = None)', ((a: ndarray, axes?: readonly number[]) =>
  sh.transpose(a, axes ?? undefined)) as never);

/**
 * Swaps two axes: a view.
 * @param a an array_like
 * @param axis1 an axis
 * @param axis2 another axis
 * @returns a view
 * @example np.swapaxes(np.array([[1, 2, 3]]), 0, 1).tolist() // [[1], [2], [3]]
 */
export const swapaxes = sig<(a: ArrayInput, axis1: number, axis2: number) => ndarray>(
  'swapaxes(a: array_like, axis1: axis, axis2: axis)',
  ((a: ndarray, i: number, j: number) => sh.swapaxes(a, i, j)) as never,
);

/**
 * Inserts a size-1 axis at `axis`: a view.
 * @param a an array_like
 * @param axis where the new axis (or axes) go in the result
 * @returns a view
 * @throws {IndexError} on an axis out of range
 * @example np.expand_dims(np.array([1, 2]), { axis: 0 }).shape // [1, 2]
 */
export const expand_dims = sig<
  (a: ArrayInput, axis: number | readonly number[] | { axis: number | readonly number[] }) => ndarray
>('expand_dims(a: array_like, axis: axes)', ((a: ndarray, axis: number) => sh.expand_dims(a, axis)) as never);

/**
 * Removes size-1 axes (all, or the given ones): a view.
 * @param a an array_like
 * @param axis the axes to remove (all size-1 axes when omitted)
 * @returns a view
 * @throws {ValueError} on an axis of size ≠ 1
 * @example np.squeeze(np.zeros([1, 2, 1]), { axis: 0 }).shape // [2, 1]
 */
export const squeeze = sig<
  (
    a: ArrayInput,
    axis?: number | readonly number[] | null | { axis?: number | readonly number[] | null },
  ) => ndarray
>('squeeze(a: array_like, axis: axes = None)', ((a: ndarray, axis?: number) =>
  sh.squeeze(a, axis ?? undefined)) as never);

/**
 * A copy (C-ordered; `order: 'F'` is rejected: cohort stores only C-ordered arrays).
 * @param a an array_like
 * @param order 'K' (default), 'A' or 'C'
 * @returns a fresh C-contiguous array
 * @throws {ValueError} for `order: 'F'`
 * @example
 * const a = np.arange(3);
 * const b = np.copy(a);
 * b.set('0', 9);
 * a.tolist() // [0, 1, 2]
 */
export const copy = sig<(a: ArrayInput, order?: Order | OrderOpt, opts?: OrderOpt) => ndarray>(
  "copy(a: array_like, order: order = 'K')",
  ((a: ndarray, o: Order) => {
    if (o === 'F')
      throw new ValueError(
        "copy: argument 'order' expected 'C', 'A' or 'K' (cohort arrays are C-ordered), received \"F\"",
      );
    return sh.copy(a);
  }) as never,
);

/**
 * A copy converted to `dtype` (NumPy's unsafe cast); `copy: false` returns `x` itself when it
 * already has that dtype.
 * @param x an array_like
 * @param dtype the target dtype
 * @returns a converted copy
 * @example String(np.astype(np.array([0, 2]), 'bool')) // '[False  True]'
 */
export const astype = sig<(x: ArrayInput, dtype: DType, opts?: { copy?: boolean }) => ndarray>(
  'astype(x: array_like, dtype: dtype, /, *, copy: bool = True)',
  ((x: ndarray, dtype: DType, copy: boolean) =>
    !copy && x.dtype === dtype ? x : sh.astype(x, dtype)) as never,
);

function joined(fn: string, res: ndarray, out: ndarray | undefined, dtype: DType | undefined): ndarray {
  let r = res;
  if (dtype !== undefined && dtype !== null && r.dtype !== dtype) r = sh.astype(r, dtype);
  if (out === undefined || out === null) return r;
  ewise(fn, 'assign', [r], ['a'], out, { dtype: out.dtype, build: (l) => l[0]! });
  return out;
}

/**
 * Joins arrays along an existing axis (`axis: null` flattens them first).
 * @param arrays the arrays (array_likes; same shape except along `axis`)
 * @param axis the axis (default 0; null: flatten), or the options object
 * @returns a new array
 * @throws {ShapeError} when the other dimensions differ
 * @example
 * np.concatenate([np.ones([2]), np.zeros([1])]).tolist() // [1, 1, 0]
 * np.concatenate([[[1, 2]], [[3, 4]]], { axis: null }).tolist() // [1, 2, 3, 4]
 */
export const concatenate = sig<
  (
    arrays: readonly ArrayInput[],
    axis?: number | null | JoinOptions,
    out?: ndarray | null | JoinOptions,
    opts?: JoinOptions,
  ) => ndarray
>('concatenate(arrays: arrays, /, axis: axis? = 0, out: ndarray = None, *, dtype: dtype = None)', ((
  arrays: ndarray[],
  axis: number | null,
  out: ndarray,
  dtype: DType,
) => {
  const flat = axis === null && Array.isArray(arrays) ? arrays.map((a) => sh.ravel(a)) : arrays;
  return joined('concatenate', sh.concatenate(flat, { axis: axis ?? 0 }), out, dtype);
}) as never);

/**
 * Joins arrays along a new axis.
 * @param arrays array_likes of one shape
 * @param axis the new axis (default 0), or the options object
 * @returns a new array with one more dimension
 * @throws {ShapeError} when the shapes differ
 * @example np.stack([[1, 2], [3, 4]], 1).tolist() // [[1, 3], [2, 4]]
 */
export const stack = sig<
  (
    arrays: readonly ArrayInput[],
    axis?: number | JoinOptions,
    out?: ndarray | null | JoinOptions,
    opts?: JoinOptions,
  ) => ndarray
>('stack(arrays: arrays, axis: axis = 0, out: ndarray = None, *, dtype: dtype = None)', ((
  arrays: ndarray[],
  axis: number,
  out: ndarray,
  dtype: DType,
) => joined('stack', sh.stack(arrays, { axis }), out, dtype)) as never);

/**
 * Joins horizontally (axis 1, or 0 for 1-D arrays).
 * @param tup the array_likes
 * @returns a new array
 * @throws {ShapeError} when the shapes do not fit
 * @example String(np.hstack([np.array([[1], [2]]), np.array([[3], [4]])])) // '[[1 3]\n [2 4]]'
 */
export const hstack = sig<(tup: readonly ArrayInput[], opts?: { dtype?: DType | null }) => ndarray>(
  'hstack(tup: arrays, *, dtype: dtype = None)',
  ((tup: ndarray[], dtype: DType) => joined('hstack', sh.hstack(tup), undefined, dtype)) as never,
);

/**
 * Joins vertically (1-D arrays become rows).
 * @param tup the array_likes
 * @returns a new array
 * @throws {ShapeError} when the shapes do not fit
 * @example String(np.vstack([[1, 2], [3, 4]])) // '[[1 2]\n [3 4]]'
 */
export const vstack = sig<(tup: readonly ArrayInput[], opts?: { dtype?: DType | null }) => ndarray>(
  'vstack(tup: arrays, *, dtype: dtype = None)',
  ((tup: ndarray[], dtype: DType) => joined('vstack', sh.vstack(tup), undefined, dtype)) as never,
);
