/**
 * The shape methods of {@link ndarray}: `a.reshape(...)`, `a.ravel()`, `a.flatten()`,
 * `a.transpose(...)`, `a.swapaxes(i, j)`, `a.squeeze()`, and the copies `a.copy()` and
 * `a.astype(dtype)`, each forwarding to its module function (dense/shape-api.ts; `flatten` to
 * ndarray-methods.ts). The getter `a.T` stays in the class (ndarray.ts).
 *
 * Declared on the class's type here, TSDoc and all (a module augmentation of ndarray.ts), and
 * installed on `ndarray.prototype` by ndarray.ts (`installMethods`): `ndarray` stays one class.
 */
import type { DType } from '../runtime/index.js';
import type { Methods } from './ndarray.js';
import { mFlatten } from './ndarray-methods.js';
import * as sa from './shape-api.js';

declare module './ndarray.js' {
  interface ndarray {
    /**
     * New shape (a view when contiguous); one dimension may be -1 (inferred).
     * @param shape the new dimensions, as arguments or one array
     * @returns a view when contiguous, else a copy
     * @throws {ShapeError} when the sizes differ
     * @example np.arange(6).reshape(2, 3).tolist() // [[0, 1, 2], [3, 4, 5]]
     */
    reshape(...shape: (number | readonly number[] | { order?: sa.Order })[]): ndarray;
    /**
     * 1-D view or copy.
     * @returns a 1-D array
     * @example np.array([[1, 2], [3, 4]]).ravel().tolist() // [1, 2, 3, 4]
     */
    ravel(order?: sa.Order | { order?: sa.Order }): ndarray;
    /**
     * 1-D copy, read in `order` ('C' row-major, the default; 'F' column-major; 'A' and 'K' as 'C').
     * @param order 'C', 'F', 'A' or 'K' (or the options object `{order}`)
     * @returns a new 1-D array
     * @example np.array([[1, 2], [3, 4]]).flatten().tolist() // [1, 2, 3, 4]
     * @example np.array([[1, 2], [3, 4]]).flatten({ order: 'F' }).tolist() // [1, 3, 2, 4]
     */
    flatten(order?: sa.Order | { order?: sa.Order }): ndarray;
    /**
     * Permuted axes (a view).
     * @param axes a permutation of the axes (reversed when none)
     * @returns a view
     * @example np.zeros([2, 3, 4]).transpose(2, 0, 1).shape // [4, 2, 3]
     */
    transpose(...axes: (number | readonly number[])[]): ndarray;
    /**
     * Swapped axes (a view).
     * @param axis1 an axis
     * @param axis2 another axis
     * @returns a view
     * @example np.zeros([2, 3, 4]).swapaxes(0, 2).shape // [4, 3, 2]
     */
    swapaxes(axis1: number, axis2: number): ndarray;
    /**
     * Without size-1 axes (a view).
     * @param axis the axes to remove (all size-1 axes when omitted)
     * @returns a view
     * @throws {ValueError} on an axis of size ≠ 1
     * @example np.zeros([1, 3, 1]).squeeze().shape // [3]
     */
    squeeze(axis?: number | readonly number[] | null | { axis?: number | readonly number[] | null }): ndarray;
    /**
     * A C-contiguous copy.
     * @returns a new array
     * @example
     * const a = np.array([1, 2]);
     * const b = a.copy();
     * b.set('0', 9);
     * a.tolist() // [1, 2]
     */
    copy(order?: sa.Order | { order?: sa.Order }): ndarray;
    /**
     * A converted copy.
     * @param dtype the target dtype
     * @returns a new array
     * @example String(np.array([1.7, -1.7]).astype('int32')) // '[ 1 -1]'
     */
    astype(dtype: DType, opts?: { copy?: boolean }): ndarray;
  }
}

/**
 * @internal The implementations, which ndarray.ts installs on `ndarray.prototype` when it defines the
 * class. A function, not a constant: that can happen before this module has run (when it is the
 * first one imported, ndarray.ts runs first, as its dependency), and a function declaration exists
 * from the start.
 */
export function shapeMethods(): Methods<
  'reshape' | 'ravel' | 'flatten' | 'transpose' | 'swapaxes' | 'squeeze' | 'copy' | 'astype'
> {
  return {
    reshape(...shape) {
      return sa.reshapeMethod(this, ...shape);
    },
    ravel(order) {
      return sa.ravel(this, order);
    },
    flatten() {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder
      return mFlatten.apply(this, arguments as never);
    },
    transpose(...axes) {
      const p = axes.length === 1 && Array.isArray(axes[0]) ? axes[0] : (axes as number[]);
      return sa.transpose(this, p.length === 0 ? undefined : p);
    },
    swapaxes(axis1, axis2) {
      return sa.swapaxes(this, axis1, axis2);
    },
    squeeze(axis) {
      return sa.squeeze(this, axis);
    },
    copy(order) {
      return sa.copy(this, order);
    },
    astype(dtype, opts) {
      return sa.astype(this, dtype, opts);
    },
  };
}
