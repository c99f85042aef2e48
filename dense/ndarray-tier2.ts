/**
 * The Tier 2 methods of {@link ndarray}: `a.round()`, `a.sort()`, `a.argsort()`,
 * `a.searchsorted(v)`, `a.cumprod()`, `a.take(indices)`, `a.put(ind, v)`, `a.nonzero()`,
 * `a.repeat(repeats)` and `a.diagonal()`, each forwarding to its module function
 * (dense/ufuncs-more.ts, sort-api.ts, cumprod.ts, select.ts, shape-more.ts, shape-extra.ts).
 *
 * Declared on the class's type here, TSDoc and all (a module augmentation of ndarray.ts), and
 * installed on `ndarray.prototype` by ndarray.ts (`installMethods`): `ndarray` stays one class.
 */
import type { DType } from '../runtime/index.js';
import * as cp from './cumprod.js';
import type { Methods } from './ndarray.js';
import * as sel from './select.js';
import * as sx from './shape-extra.js';
import * as smore from './shape-more.js';
import type { ArrayInput } from './sig.js';
import * as so from './sort-api.js';
import * as t2 from './ufuncs-more.js';

declare module './ndarray.js' {
  interface ndarray {
    // ---- Tier 2 (dense/ufuncs-more.ts, sort.ts, select.ts, ...) -----------------------------------

    /**
     * Rounds to `decimals` places, halves to even (as {@link round}).
     * @param decimals decimal places (negative: tens, hundreds, ...)
     * @returns a new array
     * @example np.array([0.5, 1.5, 2.567]).round(1).tolist() // [0.5, 1.5, 2.6]
     */
    round(
      decimals?: number | t2.RoundOptions,
      out?: ndarray | null | t2.RoundOptions,
      opts?: t2.RoundOptions,
    ): ndarray;
    /**
     * Sorts in place along `axis` (NumPy's `a.sort()`: returns nothing; see {@link sort}).
     * @param axis the axis (default -1)
     * @param kind accepted for NumPy compatibility
     * @param order must be null
     * @returns nothing
     * @example
     * const a = np.array([3, 1, 2]);
     * a.sort();
     * a.tolist() // [1, 2, 3]
     */
    sort(
      axis?: number | so.SortOptions,
      kind?: string | null | so.SortOptions,
      order?: null | so.SortOptions,
      opts?: so.SortOptions,
    ): void;
    /**
     * The indices that sort this array (see {@link argsort}).
     * @param axis the axis (default -1; null: flattened)
     * @returns int32 indices
     * @example np.array([3, 1, 2]).argsort().tolist() // [1, 2, 0]
     */
    argsort(
      axis?: number | null | so.SortOptions,
      kind?: string | null | so.SortOptions,
      order?: null | so.SortOptions,
      opts?: so.SortOptions,
    ): ndarray;
    /**
     * Insertion points of `v` in this sorted 1-D array (see {@link searchsorted}).
     * @param v the values to place
     * @returns int32 indices
     * @example np.array([1, 2, 3]).searchsorted([0, 2.5]).tolist() // [0, 2]
     */
    searchsorted(
      v: ArrayInput,
      side?: 'left' | 'right' | so.SearchsortedOptions,
      sorter?: ArrayInput | null | so.SearchsortedOptions,
      opts?: so.SearchsortedOptions,
    ): ndarray;
    /**
     * Cumulative product (flattened when no axis; see {@link cumprod}).
     * @param axis the axis (null: the flattened array)
     * @returns a new array
     * @example np.array([1, 2, 3]).cumprod().tolist() // [1, 2, 6]
     */
    cumprod(
      axis?: number | null | cp.CumprodOptions,
      dtype?: DType | null | cp.CumprodOptions,
      out?: ndarray | null | cp.CumprodOptions,
      opts?: cp.CumprodOptions,
    ): ndarray;
    /**
     * Elements at `indices` along `axis` (see {@link take}).
     * @param indices integer indices
     * @returns a new array
     * @example np.array([4, 3, 5]).take([2, 0]).tolist() // [5, 4]
     */
    take(
      indices: ArrayInput,
      axis?: number | null | sel.TakeOptions,
      out?: ndarray | null | sel.TakeOptions,
      mode?: 'raise' | 'wrap' | 'clip' | sel.TakeOptions,
      opts?: sel.TakeOptions,
    ): ndarray;
    /**
     * Writes `v` at the flat indices `ind`, in place (see {@link put}).
     * @param ind flat integer indices
     * @param v the values
     * @returns nothing
     * @example
     * const a = np.zeros([3]);
     * a.put([1], 7);
     * a.tolist() // [0, 7, 0]
     */
    put(
      ind: ArrayInput,
      v: ArrayInput,
      mode?: 'raise' | 'wrap' | 'clip' | { mode?: 'raise' | 'wrap' | 'clip' },
    ): void;
    /**
     * The indices of the nonzero elements, one array per dimension (see {@link nonzero}).
     * @returns int32 index arrays
     * @example np.array([0, 2, 0, 3]).nonzero()[0].tolist() // [1, 3]
     */
    nonzero(): ndarray[];
    /**
     * The diagonal of the sub-arrays given by `axis1` and `axis2`, as a view (see {@link diagonal}).
     * @param offset offset from the main diagonal (default 0); then `axis1`, `axis2`, or the
     *   options object
     * @returns a view
     * @throws {ValueError} for fewer than 2 dimensions or equal axes
     * @example np.arange(4).reshape(2, 2).diagonal().tolist() // [0, 3]
     * @example np.arange(8).reshape(2, 2, 2).diagonal(0, 0, 1).tolist() // [[0, 6], [1, 7]]
     */
    diagonal(
      offset?: number | sx.DiagonalOptions,
      axis1?: number | sx.DiagonalOptions,
      axis2?: number | sx.DiagonalOptions,
      opts?: sx.DiagonalOptions,
    ): ndarray;
    /**
     * Repeats elements (see {@link repeat}).
     * @param repeats a count, or one per element along the axis
     * @returns a new array
     * @example np.array([1, 2]).repeat(2).tolist() // [1, 1, 2, 2]
     */
    repeat(
      repeats: ArrayInput,
      axis?: number | null | { axis?: number | null },
      opts?: { axis?: number | null },
    ): ndarray;
    // ---- end of Tier 2 ----------------------------------------------------------------------------
  }
}

/**
 * @internal The implementations, which ndarray.ts installs on `ndarray.prototype` when it defines the
 * class. A function, not a constant: that can happen before this module has run (when it is the
 * first one imported, ndarray.ts runs first, as its dependency), and a function declaration exists
 * from the start.
 */
export function tier2Methods(): Methods<
  | 'round'
  | 'sort'
  | 'argsort'
  | 'searchsorted'
  | 'cumprod'
  | 'take'
  | 'put'
  | 'nonzero'
  | 'repeat'
  | 'diagonal'
> {
  return {
    round(decimals, out, opts) {
      return t2.round(this, decimals, out, opts);
    },
    sort(axis, kind, order, opts) {
      const sorted = so.sort(this, axis, kind, order, opts);
      this.set('...', sorted);
    },
    argsort(axis, kind, order, opts) {
      return so.argsort(this, axis, kind, order, opts);
    },
    searchsorted(v, side, sorter, opts) {
      return so.searchsorted(this, v, side, sorter, opts);
    },
    cumprod(axis, dtype, out, opts) {
      return cp.cumprod(this, axis, dtype, out, opts);
    },
    take(indices, axis, out, mode, opts) {
      return sel.take(this, indices, axis, out, mode, opts);
    },
    put(ind, v, mode) {
      sel.put(this, ind, v, mode);
    },
    nonzero() {
      return sel.nonzero(this);
    },
    diagonal(offset, axis1, axis2, opts) {
      return sx.diagonal(this, offset, axis1, axis2, opts);
    },
    repeat(repeats, axis, opts) {
      return smore.repeat(this, repeats, axis, opts);
    },
  };
}
