/**
 * The reductions and queries of {@link sparray}: `sum mean max min argmax argmin trace
 * count_nonzero`, the diagonal (`diagonal`, `setdiag`), `nonzero` and `reshape`. Declared here,
 * with their TSDoc, by merging into `sparray`'s interface, and defined by
 * {@link reductionMethods}, which base.ts installs on the prototype.
 */
import type { ndarray } from '../dense/index.js';
import type { DType } from '../runtime/index.js';
import type { AxisOptions, MinMaxOptions, ReshapeOptions, SparrayMethods, sparray } from './base.js';
import * as m from './methods.js';
import * as mq from './methods-query.js';

declare module './base.js' {
  interface sparray {
    // ---- reductions and queries ------------------------------------------------------------------

    /**
     * Sum of all entries (a 0-d ndarray) or along an axis (a 1-D ndarray).
     * @param axis `null`/omitted, 0, 1, -1, -2, or `{axis}`
     * @example sparse.eye(3).sum().item() // 3
     */
    sum(axis?: number | null | AxisOptions, dtype?: DType | null | AxisOptions, opts?: AxisOptions): ndarray;
    /**
     * Mean of all entries or along an axis (float result).
     * @param axis `null`/omitted, 0, 1, -1, -2, or `{axis}`
     * @example
     * sparse.csr_array([[1, 2], [3, 4]]).mean().item() // 2.5
     * sparse.csr_array([[1, 2], [3, 4]]).mean(0).tolist() // [2, 3]
     */
    mean(axis?: number | null | AxisOptions, dtype?: DType | null | AxisOptions, opts?: AxisOptions): ndarray;
    /**
     * The k-th diagonal as a dense 1-D ndarray (duplicates summed).
     * @example sparse.csr_array([[1, 2], [3, 4]]).diagonal(1).tolist() // [2]
     */
    diagonal(k?: number | { k?: number }): ndarray;
    /**
     * Number of nonzero values after summing duplicates (waits).
     * @example sparse.csr_array([[1, 0, 2], [0, 1, 2], [0, 3]], { shape: [1, 3] }).count_nonzero() // 2
     */
    count_nonzero(): number;
    count_nonzero(axis: number | { axis?: number | null }): number | ndarray;
    /**
     * Sets diagonal k in place: the first `len(values)` elements (all of them for a scalar).
     * @throws {ValueError} when k is outside the shape
     * @example
     * const A = sparse.csr_array([[1, 0], [0, 0]]);
     * A.setdiag(7);
     * A.diagonal().tolist() // [7, 7]
     */
    setdiag(
      values: number | readonly number[] | ndarray | ArrayBufferView,
      k?: number | { k?: number },
    ): void;

    // ---- extremes and queries --------------------------------------------------------------------

    /**
     * The maximum of all entries (a 0-d array) or along an axis (a dense 1-D array; SciPy returns a
     * 1-D sparse array, which cohort does not have). Implicit zeros count unless `explicit`; a NaN
     * wins. `out` is not supported (as SciPy).
     * @param axis `null`/omitted, 0, 1, -1, -2 (or the options object `{axis, explicit}`)
     * @throws {ValueError} on an empty array or `out`
     * @example sparse.csr_array([[-1, 0], [-3, -2]]).max().item() // 0
     * @example sparse.csr_array([[-1, 0], [-3, -2]]).max({ explicit: true }).item() // -1
     * @example sparse.csr_array([[-1, 0], [-3, -2]]).max(1).tolist() // [0, -2]
     */
    max(axis?: number | null | MinMaxOptions, out?: null | MinMaxOptions, opts?: MinMaxOptions): ndarray;
    /**
     * The minimum (the same forms as {@link sparray.max}).
     * @throws {ValueError} on an empty array or `out`
     * @example sparse.csr_array([[1, 0], [3, 2]]).min().item() // 0
     * @example sparse.csr_array([[1, 0], [3, 2]]).min(0).tolist() // [1, 0]
     */
    min(axis?: number | null | MinMaxOptions, out?: null | MinMaxOptions, opts?: MinMaxOptions): ndarray;
    /**
     * The flat (C-order) index of the first maximum (a number), or per row/column along an axis (an
     * int32 array), as NumPy's `argmax` of `toarray()`. With `explicit`, only stored entries count.
     * (SciPy 1.17 differs in two corner cases, returning a position in its data array: `explicit`
     * without an axis, and a stored zero tying an implicit one.)
     * @param axis `null`/omitted, 0, 1, -1, -2 (or the options object `{axis, explicit}`)
     * @throws {ValueError} on an empty array, `out`, or no stored entries with `explicit`
     * @example sparse.csr_array([[-1, 0], [-3, 5]]).argmax() // 3
     * @example sparse.csr_array([[-1, 0], [-3, -2]]).argmax(1).tolist() // [1, 1]
     */
    argmax(
      axis?: number | null | MinMaxOptions,
      out?: null | MinMaxOptions,
      opts?: MinMaxOptions,
    ): number | ndarray;
    /**
     * The flat index of the first minimum, or per row/column (see {@link sparray.argmax}).
     * @throws {ValueError} on an empty array, `out`, or no stored entries with `explicit`
     * @example sparse.csr_array([[1, 0], [-3, 5]]).argmin() // 2
     * @example sparse.csr_array([[1, 2], [3, 4]]).argmin(0).tolist() // [0, 0]
     */
    argmin(
      axis?: number | null | MinMaxOptions,
      out?: null | MinMaxOptions,
      opts?: MinMaxOptions,
    ): number | ndarray;
    /**
     * The sum of diagonal `offset` (a 0-d array).
     * @param offset the diagonal (or `{offset}`)
     * @example sparse.csr_array([[1, 2], [3, 4]]).trace().item() // 5
     * @example sparse.csr_array([[1, 2], [3, 4]]).trace(1).item() // 2
     */
    trace(offset?: number | { offset?: number }): ndarray;
    /**
     * `[row, col]` of the stored entries whose value is nonzero, in COO order (duplicates are not
     * summed, as SciPy).
     * @returns two int32 arrays
     * @example sparse.csr_array([[0, 5], [3, 0]]).nonzero().map((a) => a.tolist()) // [[0, 1], [1, 0]]
     */
    nonzero(): [ndarray, ndarray];
    /**
     * The same entries in another shape (`A.reshape(3, 2)`, `A.reshape([3, 2])`, one dimension may
     * be -1), read in C or F order: a COO array (SciPy's result), this array itself when the shape
     * is unchanged (a copy with `copy`).
     * @throws {ValueError} when the sizes differ
     * @example sparse.csr_array([[1, 0, 2], [0, 3, 0]]).reshape(3, 2).toarray().tolist() // [[1, 0], [2, 0], [3, 0]]
     * @example sparse.csr_array([[1, 0, 2], [0, 3, 0]]).reshape([-1, 3], { order: 'F' }).shape // [2, 3]
     */
    reshape(...shape: (number | readonly number[] | ReshapeOptions)[]): sparray;
  }
}

/**
 * @internal The definitions of the reductions and queries declared above, for base.ts to install on
 * `sparray.prototype`. A function (hoisted), so that base.ts can call it whichever module a
 * program imports first.
 */
export function reductionMethods() {
  return {
    sum(
      this: sparray,
      axis?: number | null | AxisOptions,
      dtype?: DType | null | AxisOptions,
      opts?: AxisOptions,
    ): ndarray {
      return m.mSum.call(this, axis, dtype, opts);
    },
    mean(
      this: sparray,
      axis?: number | null | AxisOptions,
      dtype?: DType | null | AxisOptions,
      opts?: AxisOptions,
    ): ndarray {
      return m.mMean.call(this, axis, dtype, opts);
    },
    diagonal(this: sparray, k?: number | { k?: number }): ndarray {
      return m.mDiagonal.call(this, k);
    },
    count_nonzero(this: sparray, axis?: number | null | { axis?: number | null }): number | ndarray {
      return m.mCountNonzero.call(this, axis);
    },
    setdiag(
      this: sparray,
      values: number | readonly number[] | ndarray | ArrayBufferView,
      k?: number | { k?: number },
    ): void {
      m.mSetdiag.call(this, values, k);
    },
    max(
      this: sparray,
      axis?: number | null | MinMaxOptions,
      out?: null | MinMaxOptions,
      opts?: MinMaxOptions,
    ): ndarray {
      return mq.mMax.call(this, axis, out, opts);
    },
    min(
      this: sparray,
      axis?: number | null | MinMaxOptions,
      out?: null | MinMaxOptions,
      opts?: MinMaxOptions,
    ): ndarray {
      return mq.mMin.call(this, axis, out, opts);
    },
    argmax(
      this: sparray,
      axis?: number | null | MinMaxOptions,
      out?: null | MinMaxOptions,
      opts?: MinMaxOptions,
    ): number | ndarray {
      return mq.mArgmax.call(this, axis, out, opts);
    },
    argmin(
      this: sparray,
      axis?: number | null | MinMaxOptions,
      out?: null | MinMaxOptions,
      opts?: MinMaxOptions,
    ): number | ndarray {
      return mq.mArgmin.call(this, axis, out, opts);
    },
    trace(this: sparray, offset?: number | { offset?: number }): ndarray {
      return mq.mTrace.call(this, offset);
    },
    nonzero(this: sparray): [ndarray, ndarray] {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mq.mNonzero.apply(this, arguments as never);
    },
    reshape(this: sparray, ...shape: (number | readonly number[] | ReshapeOptions)[]): sparray {
      return mq.mReshape.apply(this, shape as never);
    },
  } satisfies SparrayMethods;
}
