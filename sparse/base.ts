/**
 * `sparray`: the base class of the four formats. Operations that do not depend on the storage
 * work on the array's CSR structure (`_csr()`, cached for COO/CSC/DIA until their regions are
 * written); format-specific storage, conversions and in-place methods live in the subclasses.
 */
import type { ndarray } from '../dense/index.js';
import type { DType, Region, Store } from '../runtime/index.js';
import type { Csr } from './core/types.js';
import * as ops from './ops.js';
import { formatEntries } from './print.js';
import type { IndexLike } from './slicing.js';
import { rowSlice } from './slicing.js';

/** The storage formats. */
export type SparseFormat = 'csr' | 'csc' | 'coo' | 'dia';

/** Options of the constructors: SciPy's keyword arguments. */
export interface SparseOptions {
  /** `[rows, cols]`; inferred from the data when omitted. */
  shape?: readonly [number, number] | readonly number[];
  /** Value dtype (inferred from the data when omitted). */
  dtype?: DType;
  /** Copy the given arrays rather than sharing them (default false, as SciPy). */
  copy?: boolean;
}

/** Options of `sum` and `mean`. */
export interface AxisOptions {
  axis?: number | null;
  dtype?: DType;
}

/** What a dense operand may be: an ndarray or nested JavaScript arrays. */
export type DenseLike = ndarray | readonly unknown[];

/** Base class of `coo_array`, `csr_array`, `csc_array`, `dia_array` (SciPy's `sparray`). */
export abstract class sparray {
  /** The storage format. */
  abstract readonly format: SparseFormat;
  /** `[rows, cols]`. */
  abstract get shape(): readonly [number, number];
  /** The value dtype. */
  abstract get dtype(): DType;
  /** Stored entries (duplicates and explicit zeros included). */
  abstract get nnz(): number;
  /** @internal The CSR structure of this array (not necessarily canonical). */
  abstract _csr(): Csr;
  /** @internal The same format with the values replaced (same structure, new data region). */
  abstract _withData(data: Region, dtype: DType): sparray;
  /** @internal Host copies of the stored coordinates and values in storage order (printing). */
  abstract _entries(): { row: ArrayLike<number>; col: ArrayLike<number>; vals: ArrayLike<number> };
  /** @internal The values store (stored order). */
  abstract _values(): Store;
  /** A copy (new regions). */
  abstract copy(): sparray;
  /** The transpose (shares storage when the format allows: CSR ↔ CSC, COO). */
  abstract transpose(): sparray;
  /** Canonicalizes in place (sorted indices, duplicates summed). */
  abstract sum_duplicates(): void;
  /** Removes explicit zeros in place. */
  abstract eliminate_zeros(): void;
  /** Checks the structure: cheap checks always, the O(nnz) scan with `full`. */
  abstract check_format(full?: boolean): void;
  /** @internal Replaces the storage with (a conversion of) a CSR structure (in-place methods). */
  abstract _replace(s: Csr): void;

  /** Number of dimensions (always 2). */
  get ndim(): number {
    return 2;
  }

  /** The transpose. */
  get T(): sparray {
    return this.transpose();
  }

  /** Sorted indices and no duplicates (CSR/CSC: within each row/column; COO: lexicographic). */
  get has_canonical_format(): boolean {
    return ops.flagsOf(this) === 2;
  }

  /** Sorted indices within each row (CSR) or column (CSC). */
  get has_sorted_indices(): boolean {
    return ops.flagsOf(this) >= 1;
  }

  // ---- conversions -----------------------------------------------------------------------------

  /** A dense ndarray (duplicates summed). @example sparse.eye(2).toarray().tolist() // [[1, 0], [0, 1]] */
  toarray(): ndarray {
    return ops.toarray(this);
  }
  /** Same as {@link sparray.toarray} (cohort has no matrix class). */
  todense(): ndarray {
    return ops.toarray(this);
  }
  /** As COO. */
  tocoo(copy = false): sparray {
    return ops.convert(this, 'coo', copy);
  }
  /** As CSR (canonical when converted from COO). */
  tocsr(copy = false): sparray {
    return ops.convert(this, 'csr', copy);
  }
  /** As CSC. */
  tocsc(copy = false): sparray {
    return ops.convert(this, 'csc', copy);
  }
  /** As DIA. */
  todia(copy = false): sparray {
    return ops.convert(this, 'dia', copy);
  }
  /**
   * In `format` (`'csr' | 'csc' | 'coo' | 'dia'`; `null`/`undefined` keeps this one).
   * @throws {ValueError} on an unknown format
   */
  asformat(format: SparseFormat | null | undefined, copy = false): sparray {
    return ops.convert(this, format ?? this.format, copy, 'asformat');
  }
  /** A copy with values cast to `dtype`. */
  astype(dtype: DType): sparray {
    return ops.astype(this, dtype);
  }

  // ---- products --------------------------------------------------------------------------------

  /**
   * `this @ other`: a dense vector or matrix (SpMV/SpMM, result dense), a sparse array (SpGEMM,
   * result sparse) or a scalar (scaling).
   * @throws {ShapeError} when the inner dimensions differ (naming `other`)
   * @example sparse.eye(2).dot(np.array([1, 2])).tolist() // [1, 2]
   */
  dot(other: sparray | DenseLike | number): any {
    return ops.matmul(this, other, 'dot');
  }
  /** `this @ other` (see {@link sparray.dot}). */
  matmul(other: sparray | DenseLike | number): any {
    return ops.matmul(this, other, 'matmul');
  }
  /** `other @ this` for a dense vector or matrix (Python's `__rmatmul__`). */
  rmatmul(other: DenseLike): ndarray {
    return ops.rmatmul(this, other);
  }

  // ---- element-wise ----------------------------------------------------------------------------

  /** `this + other`: sparse (union; zeros dropped), dense (a dense result) or 0. */
  add(other: sparray | DenseLike | number): any {
    return ops.addsub(this, other, 1, 'add');
  }
  /** `this - other`. */
  subtract(other: sparray | DenseLike | number): any {
    return ops.addsub(this, other, -1, 'subtract');
  }
  /** Element-wise product: by a scalar, a sparse array (intersection) or a dense array (broadcast). */
  multiply(other: sparray | DenseLike | number): sparray {
    return ops.multiply(this, other);
  }
  /** Element-wise true division: by a scalar (sparse result) or by an array (dense result). */
  divide(other: sparray | DenseLike | number): any {
    return ops.divide(this, other);
  }
  /** `-this`. */
  neg(): sparray {
    return ops.mapData(this, 4, 0, this.dtype, 'neg');
  }
  /** Element-wise power of the stored values (duplicates summed first). @throws {ValueError} for 0 */
  power(n: number): sparray {
    return ops.power(this, n);
  }
  /** Element-wise absolute value (duplicates summed first). */
  abs(): sparray {
    return ops.absolute(this);
  }

  // ---- reductions and queries ------------------------------------------------------------------

  /**
   * Sum of all entries (a 0-d ndarray) or along an axis (a 1-D ndarray).
   * @param axis `null`/omitted, 0, 1, -1, -2, or `{axis}`
   * @example sparse.eye(3).sum().item() // 3
   */
  sum(axis?: number | null | AxisOptions): ndarray {
    return ops.sum(this, axis, false);
  }
  /** Mean of all entries or along an axis (float result). */
  mean(axis?: number | null | AxisOptions): ndarray {
    return ops.sum(this, axis, true);
  }
  /** The k-th diagonal as a dense 1-D ndarray (duplicates summed). */
  diagonal(k = 0): ndarray {
    return ops.diagonal(this, k);
  }
  /** Number of nonzero values after summing duplicates (waits). */
  count_nonzero(): number {
    return ops.countNonzero(this);
  }
  /**
   * Sets diagonal k in place: the first `len(values)` elements (all of them for a scalar).
   * @throws {ValueError} when k is outside the shape
   * @example
   * const A = sparse.csr_array([[1, 0], [0, 0]]);
   * A.setdiag(7);
   * A.diagonal().tolist() // [7, 7]
   */
  setdiag(values: number | readonly number[] | ndarray, k = 0): void {
    this._replace(ops.setdiagCsr(this._csr(), values, k));
  }

  /** Sorts indices in place (CSR/CSC; COO sorts lexicographically and sums duplicates). */
  sort_indices(): void {
    this.sum_duplicates();
  }

  /**
   * Rows `i0:i1` (a NumPy slice string, `'i0:i1'` or `'i0:i1, :'`) as a CSR array (CSC for CSC).
   * @throws {IndexError} on anything but a row slice
   */
  get(index: IndexLike): sparray {
    return rowSlice(this, index);
  }

  /** SciPy's `str(A)`: header, then `(row, col)\tvalue` per stored entry (waits). */
  toString(): string {
    const { row, col, vals } = this._entries();
    return formatEntries(this.format, this.dtype, this.shape, row, col, vals);
  }

  /** For `console.log` in Node. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }
}
