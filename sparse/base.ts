/**
 * `sparray`: the base class of the four formats. Operations that do not depend on the storage
 * work on the array's CSR structure (`_csr()`, cached for COO/CSC/DIA until their regions are
 * written); format-specific storage, conversions and in-place methods live in the subclasses.
 */
import { type ndarray, REFLECT, type ReflectedOp } from '../dense/index.js';
import {
  type DType,
  installDispose,
  type MaybeDisposable,
  type Region,
  type Store,
} from '../runtime/index.js';
import type { BsrArray } from './bsr.js';
import * as mb from './bsr-methods.js';
import type { CscArray, CsrArray } from './compressed.js';
import type { CooArray } from './coo.js';
import type { Csr } from './core/types.js';
import type { DiaArray } from './dia.js';
import type { DokArray } from './dok.js';
import type { IndexLike } from './indexing.js';
import { type SparseJSON, toSparseJSON } from './json.js';
import type { LilArray } from './lil.js';
import * as m from './methods.js';
import * as mq from './methods-query.js';
import * as mv from './methods-values.js';
import * as ops from './ops.js';
import { formatEntries } from './print.js';

/** The storage formats. */
export type SparseFormat = 'csr' | 'csc' | 'coo' | 'dia' | 'bsr' | 'lil' | 'dok';

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
  /** The axis (null: all). */
  axis?: number | null;
  /** Cast the values to this dtype first. */
  dtype?: DType | null;
  /** An array to write the result into. */
  out?: ndarray | null;
}

/** Options of `toarray` and `todense`. */
export interface ToarrayOptions {
  /** 'C' or 'F' (the same values: cohort arrays are C-ordered). */
  order?: 'C' | 'F' | null;
  /** An array to write the values into. */
  out?: ndarray | null;
}

/** Options of `max min argmax argmin`. */
export interface MinMaxOptions {
  /** The axis (null: all). */
  axis?: number | null;
  /** Not supported (SciPy's rule): must be null. */
  out?: null;
  /** Only stored entries count (implicit zeros do not). */
  explicit?: boolean;
}

/** Options of `reshape`. */
export interface ReshapeOptions {
  /** Read and write in C (row-major, default) or F (column-major) order. */
  order?: 'C' | 'F';
  /** Copy when the shape is unchanged. */
  copy?: boolean;
}

/** What a dense operand may be: an ndarray or nested JavaScript arrays. */
export type DenseLike = ndarray | readonly unknown[];

/**
 * Base class of `coo_array`, `csr_array`, `csc_array`, `dia_array` (SciPy's `sparray`).
 * @example sparse.eye(2) instanceof sparse.sparray // true
 */
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
  /** @internal A copy (new regions): {@link sparray.copy}. */
  abstract _copy(): sparray;
  /** @internal The transpose, sharing storage when the format allows: {@link sparray.transpose}. */
  abstract _transpose(): sparray;
  /** @internal {@link sparray.sum_duplicates}. */
  abstract _sum_duplicates(): void;
  /** @internal {@link sparray.eliminate_zeros}. */
  abstract _eliminate_zeros(): void;
  /** @internal {@link sparray.check_format}: cheap checks always, the O(nnz) scan with `full`. */
  abstract _check_format(full: boolean): void;
  /** @internal Replaces the storage with (a conversion of) a CSR structure (in-place methods). */
  abstract _replace(s: Csr): void;

  /**
   * Frees the array's storage now rather than when it is garbage-collected (no SciPy
   * equivalent). Work already issued on it finishes first, so disposing a result that pending
   * operations still read is safe. Storage that another sparse array shares (a transpose, a
   * result with the same structure such as `A.multiply(2)`, an array built with `copy: false`)
   * stays until that one is disposed or collected; dense views of the storage (`A.data`,
   * `A.indices`) are freed with it. Afterwards any use of the array raises `DisposedError`;
   * disposing again does nothing. In a hot loop, dispose each step's result once read, or
   * declare it with `using` (arrays have `[Symbol.dispose]`, typed where TypeScript's `lib` has
   * `esnext.disposable`).
   * @returns nothing
   * @throws {ArgumentTypeError} when given an argument
   * @example
   * const A = sparse.eye(3, { format: 'csr' });
   * const B = A.multiply(2); // shares A's indptr and indices
   * B.sum().item() // 6
   * B.dispose(); // frees B's values only
   * A.sum().item() // 3
   * @example
   * {
   *   using B = sparse.eye(2, { format: 'csr' }).multiply(2);
   *   B.sum().item() // 4
   * } // B is disposed here
   */
  dispose(): void;
  dispose(): void {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    m.mDispose.apply(this, arguments as never);
  }
  /**
   * SciPy's `A.copy()`: a copy sharing no storage with this array (new regions).
   * @returns an array of the same format
   * @example sparse.eye(2).copy().toarray().tolist() // [[1, 0], [0, 1]]
   */
  copy(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return m.mCopy.apply(this, arguments as never);
  }
  /**
   * SciPy's `A.transpose(axes=None, copy=False)`: shares storage when the format allows (CSR ↔
   * CSC, COO) unless `copy`. `axes` may only be `null` or `[1, 0]` (the one permutation of 2-D).
   * @param axes `null` or `[1, 0]` (or the options object `{axes, copy}`)
   * @param copy copy the storage
   * @throws {ValueError} for other `axes`
   * @example sparse.csr_array([[1, 2], [0, 3]]).transpose().toarray().tolist() // [[1, 0], [2, 3]]
   * @example sparse.csr_array([[1, 2], [0, 3]]).transpose({ copy: true }).format // 'csc'
   */
  transpose(
    axes?: readonly number[] | null | { axes?: readonly number[] | null; copy?: boolean },
    copy?: boolean | { copy?: boolean },
  ): sparray;
  transpose(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder
    return m.mTranspose.apply(this, arguments as never);
  }
  /**
   * SciPy's `A.sum_duplicates()`: canonicalizes in place (sorted indices, duplicates summed; COO
   * sorts by (row, col)).
   * @example
   * const A = sparse.csr_array([[3, 1, 2], [1, 0, 1], [0, 3]], { shape: [1, 2] }); // column 1 twice
   * A.sum_duplicates();
   * A.indices.tolist() // [0, 1]
   * A.data.tolist() // [1, 5]
   * @example
   * const B = sparse.coo_array([[1, 2, 3], [[1, 0, 1], [1, 0, 1]]], { shape: [2, 2] }); // (1, 1) twice
   * B.sum_duplicates();
   * B.data.tolist() // [2, 4]
   */
  sum_duplicates(): void {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    m.mSumDuplicates.apply(this, arguments as never);
  }
  /**
   * SciPy's `A.eliminate_zeros()`: removes explicit zeros in place.
   * @example
   * const A = sparse.csr_array([[1, 0, 2], [0, 1, 2], [0, 3]], { shape: [1, 3] }); // a stored 0
   * A.eliminate_zeros();
   * A.nnz // 2
   */
  eliminate_zeros(): void {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    m.mEliminateZeros.apply(this, arguments as never);
  }
  /**
   * SciPy's `A.check_format(full_check=True)`: checks the structure (lengths, `indptr`'s ends,
   * DIA's offsets) and, with `full_check` (the default, as SciPy), the O(nnz) scan: `indptr`
   * non-decreasing, indices in range.
   * @param full_check run the O(nnz) scan (or the options object `{full_check}`)
   * @throws {FormatError} naming `indptr` or `indices`; {IndexError} for an index out of range
   * @example
   * const A = sparse.csr_array([[1], [5], [0, 1]], { shape: [1, 2] }); // column 5 of 2
   * A.check_format({ full_check: false }) // undefined
   * let error = '';
   * try { A.check_format(); } catch (e) { error = (e as Error).name; }
   * error // 'IndexError'
   */
  check_format(full_check?: boolean | { full_check?: boolean }): void;
  check_format(): void {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder
    m.mCheckFormat.apply(this, arguments as never);
  }

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

  /**
   * A dense ndarray (duplicates summed); `out` receives the values (cohort stores C order only, so
   * `order: 'F'` gives the same values).
   * @example sparse.eye(2).toarray().tolist() // [[1, 0], [0, 1]]
   */
  toarray(
    order?: 'C' | 'F' | null | ToarrayOptions,
    out?: ndarray | null | ToarrayOptions,
    opts?: ToarrayOptions,
  ): ndarray {
    return m.mToarray.call(this, order, out, opts);
  }
  /**
   * Same as {@link sparray.toarray} (cohort has no matrix class).
   * @example sparse.csr_array([[1, 2], [3, 4]]).todense().tolist() // [[1, 2], [3, 4]]
   */
  todense(
    order?: 'C' | 'F' | null | ToarrayOptions,
    out?: ndarray | null | ToarrayOptions,
    opts?: ToarrayOptions,
  ): ndarray {
    return m.mToarray.call(this, order, out, opts);
  }
  /**
   * As COO.
   * @param copy - copy even when this is already COO
   * @example sparse.csr_array([[1, 0], [0, 2]]).tocoo().row.tolist() // [0, 1]
   */
  tocoo(copy?: boolean | { copy?: boolean }): CooArray {
    return m.mTocoo.call(this, copy) as never;
  }
  /**
   * As CSR (canonical when converted from COO).
   * @param copy - copy even when this is already CSR
   * @example sparse.coo_array([[1, 2], [3, 4]]).tocsr().indptr.tolist() // [0, 2, 4]
   */
  tocsr(copy?: boolean | { copy?: boolean }): CsrArray {
    return m.mTocsr.call(this, copy) as never;
  }
  /**
   * As CSC.
   * @param copy - copy even when this is already CSC
   * @example sparse.csr_array([[1, 2], [3, 4]]).tocsc().indices.tolist() // [0, 1, 0, 1]
   */
  tocsc(copy?: boolean | { copy?: boolean }): CscArray {
    return m.mTocsc.call(this, copy) as never;
  }
  /**
   * As DIA.
   * @param copy - copy even when this is already DIA
   * @example sparse.csr_array([[1, 0], [0, 2]]).todia().offsets.tolist() // [0]
   */
  todia(copy?: boolean | { copy?: boolean }): DiaArray {
    return m.mTodia.call(this, copy) as never;
  }
  /**
   * As BSR with `R × C` blocks (SciPy's `tobsr(blocksize=None, copy=False)`; without a blocksize,
   * SciPy's estimate: the largest of 6×6, 4×4, 3×3, 2×2 whose blocks are mostly full, else 1×1).
   * @param blocksize `[R, C]` dividing the shape (or the options object `{blocksize, copy}`)
   * @param copy copy even when this is already BSR of that blocksize
   * @throws {ValueError} for a blocksize that does not divide the shape
   * @example sparse.csr_array([[1, 2, 0, 0], [3, 4, 0, 0]]).tobsr([2, 2]).indices.tolist() // [0]
   */
  tobsr(
    blocksize?: readonly number[] | null | { blocksize?: readonly number[] | null; copy?: boolean },
    copy?: boolean | { copy?: boolean },
  ): BsrArray {
    return mb.mTobsr.call(this, blocksize, copy) as never;
  }
  /**
   * As LIL (host rows for incremental construction; always a copy).
   * @param copy - accepted for SciPy's signature (the result never shares storage)
   * @example sparse.csr_array([[0, 1], [2, 0]]).tolil().rows // [[1], [0]]
   */
  tolil(copy?: boolean | { copy?: boolean }): LilArray {
    return m.mTolil.call(this, copy) as never;
  }
  /**
   * As DOK (a host map for incremental construction; always a copy).
   * @param copy - accepted for SciPy's signature (the result never shares storage)
   * @example sparse.csr_array([[0, 1], [2, 0]]).todok().keys() // [[0, 1], [1, 0]]
   */
  todok(copy?: boolean | { copy?: boolean }): DokArray {
    return m.mTodok.call(this, copy) as never;
  }
  /**
   * In `format` (`'csr' | 'csc' | 'coo' | 'dia' | 'bsr' | 'lil' | 'dok'`; `null`/`undefined` keeps
   * this one).
   * @throws {ValueError} on an unknown format
   * @example sparse.csr_array([[1, 2], [3, 4]]).asformat('csc').format // 'csc'
   */
  asformat(format: 'csr', copy?: boolean | { copy?: boolean }): CsrArray;
  asformat(format: 'csc', copy?: boolean | { copy?: boolean }): CscArray;
  asformat(format: 'coo', copy?: boolean | { copy?: boolean }): CooArray;
  asformat(format: 'dia', copy?: boolean | { copy?: boolean }): DiaArray;
  asformat(format: 'bsr', copy?: boolean | { copy?: boolean }): BsrArray;
  asformat(format: 'lil', copy?: boolean | { copy?: boolean }): LilArray;
  asformat(format: 'dok', copy?: boolean | { copy?: boolean }): DokArray;
  asformat(format: SparseFormat | null | undefined, copy?: boolean | { copy?: boolean }): sparray;
  asformat(format: SparseFormat | null | undefined, copy?: boolean | { copy?: boolean }): sparray {
    return m.mAsformat.call(this, format, copy) as never;
  }
  /**
   * A copy with values cast to `dtype`.
   * @example sparse.csr_array([[1.5, 0], [0, 2]]).astype('int32').toarray().tolist() // [[1, 0], [0, 2]]
   */
  astype(dtype: DType, opts?: { casting?: 'unsafe'; copy?: boolean }): sparray {
    return m.mAstype.call(this, dtype, opts);
  }

  // ---- products --------------------------------------------------------------------------------

  /**
   * `this @ other`: a dense vector or matrix (SpMV/SpMM, result dense), a sparse array (SpGEMM,
   * result sparse) or a scalar (scaling).
   *
   * A dense result can go into `opts.out` (as NumPy's `dot(a, b, out)`): an array of the result's
   * shape and dtype, written in place and returned. A loop that multiplies again and again (an
   * iterative solver) then reuses one vector instead of making a fresh one each time.
   * @param opts - `{out}`: where the dense result goes.
   * @returns by a number: the same format, scaled; by a sparse array: CSR (CSC when both are CSC);
   * by a dense vector or matrix: an ndarray (`out` when given)
   * @throws {ShapeError} when the inner dimensions differ (naming `other`), or `out`'s shape is not
   * the result's
   * @throws {ValueError} when `out`'s dtype is not the result's
   * @example sparse.eye(2).dot(np.array([1, 2])).tolist() // [1, 2]
   * @example
   * const y = np.zeros([2]); // float64, the dtype of the product below
   * sparse.csr_array([[1, 2], [3, 4]], { dtype: 'float64' }).dot(np.array([1, 1]), { out: y });
   * y.tolist() // [3, 7]
   */
  dot(other: number, opts?: ops.ProductOptions): this;
  dot(other: sparray, opts?: ops.ProductOptions): CsrArray | CscArray;
  dot(other: DenseLike, opts?: ops.ProductOptions): ndarray;
  dot(other: sparray | DenseLike | number, opts?: ops.ProductOptions): ndarray | sparray;
  dot(other: sparray | DenseLike | number, opts?: ops.ProductOptions): ndarray | sparray {
    return m.mDot.call(this, other, opts) as never;
  }
  /**
   * `this @ other` (see {@link sparray.dot}, also for `opts.out`).
   * @throws {ShapeError} when the inner dimensions differ
   * @throws {ValueError} for a scalar operand (SciPy: use `multiply`)
   * @example sparse.csr_array([[1, 2], [3, 4]]).matmul(np.array([1, 1])).tolist() // [3, 7]
   */
  matmul(other: number, opts?: ops.ProductOptions): this;
  matmul(other: sparray, opts?: ops.ProductOptions): CsrArray | CscArray;
  matmul(other: DenseLike, opts?: ops.ProductOptions): ndarray;
  matmul(other: sparray | DenseLike | number, opts?: ops.ProductOptions): ndarray | sparray;
  matmul(other: sparray | DenseLike | number, opts?: ops.ProductOptions): ndarray | sparray {
    return m.mMatmul.call(this, other, opts) as never;
  }
  /**
   * `other @ this` for a dense vector or matrix (Python's `__rmatmul__`).
   * @throws {ShapeError} when the inner dimensions differ
   * @example sparse.csr_array([[1, 2], [3, 4]]).rmatmul(np.array([1, 1])).tolist() // [4, 6]
   */
  rmatmul(other: DenseLike): ndarray {
    return ops.rmatmul(this, other);
  }

  // ---- element-wise ----------------------------------------------------------------------------

  /**
   * `this + other`: sparse (union; zeros dropped), dense (a dense result) or 0.
   * @returns by a sparse array: CSR (CSC when both are CSC); by a dense array: an ndarray; by 0: a
   * copy of this array
   * @throws {ShapeError} when the shapes differ
   * @example
   * const S = sparse.csr_array([[1, 0], [0, 2]]).add(sparse.csr_array([[0, 3], [0, -2]]));
   * S.toarray().tolist() // [[1, 3], [0, 0]]
   * S.nnz // 2
   */
  add(other: sparray): CsrArray | CscArray;
  add(other: DenseLike): ndarray;
  add(other: number): this;
  add(other: sparray | DenseLike | number): ndarray | sparray;
  add(other: sparray | DenseLike | number): ndarray | sparray {
    return m.mAdd.call(this, other) as never;
  }
  /**
   * `this - other` (the same operands as {@link sparray.add}).
   * @example sparse.csr_array([[1, 0], [0, 2]]).subtract(sparse.csr_array([[1, 3], [0, 0]])).toarray().tolist() // [[0, -3], [0, 2]]
   */
  subtract(other: sparray): CsrArray | CscArray;
  subtract(other: DenseLike): ndarray;
  subtract(other: number): this;
  subtract(other: sparray | DenseLike | number): ndarray | sparray;
  subtract(other: sparray | DenseLike | number): ndarray | sparray {
    return m.mSubtract.call(this, other) as never;
  }
  /**
   * Element-wise product: by a scalar, a sparse array (intersection) or a dense array (broadcast).
   * @example
   * const A = sparse.csr_array([[1, 2], [0, 3]]);
   * A.multiply(sparse.csr_array([[2, 0], [1, 1]])).toarray().tolist() // [[2, 0], [0, 3]]
   * A.multiply(2).toarray().tolist() // [[2, 4], [0, 6]]
   */
  multiply(other: sparray | DenseLike | number): sparray {
    return m.mMultiply.call(this, other);
  }
  /**
   * Element-wise true division: by a scalar (sparse result) or by an array (dense result).
   * @returns by a number: the same format; by an array: an ndarray
   * @example sparse.csr_array([[2, 4], [0, 6]]).divide(2).toarray().tolist() // [[1, 2], [0, 3]]
   */
  divide(other: number): this;
  divide(other: sparray | DenseLike): ndarray;
  divide(other: sparray | DenseLike | number): ndarray | sparray;
  divide(other: sparray | DenseLike | number): ndarray | sparray {
    return m.mDivide.call(this, other) as never;
  }
  /**
   * `-this`.
   * @example sparse.csr_array([[1, -2]]).neg().toarray().tolist() // [[-1, 2]]
   */
  neg(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return m.mNeg.apply(this, arguments as never);
  }
  /**
   * Element-wise power of the stored values (duplicates summed first).
   * @throws {ValueError} for 0
   * @example sparse.csr_array([[1, -2]]).power(2).toarray().tolist() // [[1, 4]]
   */
  power(n: number, dtype?: DType | { dtype?: DType }): sparray {
    return m.mPower.call(this, n, dtype);
  }
  /**
   * Element-wise absolute value (duplicates summed first).
   * @example sparse.csr_array([[1, -2]]).abs().toarray().tolist() // [[1, 2]]
   */
  abs(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return m.mAbs.apply(this, arguments as never);
  }

  // ---- reductions and queries ------------------------------------------------------------------

  /**
   * Sum of all entries (a 0-d ndarray) or along an axis (a 1-D ndarray).
   * @param axis `null`/omitted, 0, 1, -1, -2, or `{axis}`
   * @example sparse.eye(3).sum().item() // 3
   */
  sum(axis?: number | null | AxisOptions, dtype?: DType | null | AxisOptions, opts?: AxisOptions): ndarray {
    return m.mSum.call(this, axis, dtype, opts);
  }
  /**
   * Mean of all entries or along an axis (float result).
   * @param axis `null`/omitted, 0, 1, -1, -2, or `{axis}`
   * @example
   * sparse.csr_array([[1, 2], [3, 4]]).mean().item() // 2.5
   * sparse.csr_array([[1, 2], [3, 4]]).mean(0).tolist() // [2, 3]
   */
  mean(axis?: number | null | AxisOptions, dtype?: DType | null | AxisOptions, opts?: AxisOptions): ndarray {
    return m.mMean.call(this, axis, dtype, opts);
  }
  /**
   * The k-th diagonal as a dense 1-D ndarray (duplicates summed).
   * @example sparse.csr_array([[1, 2], [3, 4]]).diagonal(1).tolist() // [2]
   */
  diagonal(k?: number | { k?: number }): ndarray {
    return m.mDiagonal.call(this, k);
  }
  /**
   * Number of nonzero values after summing duplicates (waits).
   * @example sparse.csr_array([[1, 0, 2], [0, 1, 2], [0, 3]], { shape: [1, 3] }).count_nonzero() // 2
   */
  count_nonzero(): number;
  count_nonzero(axis: number | { axis?: number | null }): number | ndarray;
  count_nonzero(axis?: number | null | { axis?: number | null }): number | ndarray {
    return m.mCountNonzero.call(this, axis);
  }
  /**
   * Sets diagonal k in place: the first `len(values)` elements (all of them for a scalar).
   * @throws {ValueError} when k is outside the shape
   * @example
   * const A = sparse.csr_array([[1, 0], [0, 0]]);
   * A.setdiag(7);
   * A.diagonal().tolist() // [7, 7]
   */
  setdiag(values: number | readonly number[] | ndarray | ArrayBufferView, k?: number | { k?: number }): void {
    m.mSetdiag.call(this, values, k);
  }

  // ---- math on stored values (SciPy's `_data_matrix` methods: f(0) = 0, the structure is kept) ----

  /**
   * Square root of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[4, 0], [0, 9]]).sqrt().toarray().tolist() // [[2, 0], [0, 3]]
   */
  sqrt(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mSqrt.apply(this, arguments as never);
  }
  /**
   * Sine of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[0, Math.PI / 2]]).sin().toarray().tolist() // [[0, 1]]
   */
  sin(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mSin.apply(this, arguments as never);
  }
  /**
   * Tangent of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[0, Math.PI / 4]]).tan().data.tolist() // [0.9999999999999999]
   */
  tan(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mTan.apply(this, arguments as never);
  }
  /**
   * `exp(v) - 1` of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[0, 1e-10]]).expm1().data.tolist() // [1.00000000005e-10]
   */
  expm1(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mExpm1.apply(this, arguments as never);
  }
  /**
   * `log(1 + v)` of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[0, 1e-10]]).log1p().data.tolist() // [9.999999999500001e-11]
   */
  log1p(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mLog1p.apply(this, arguments as never);
  }
  /**
   * Sign (-1, 0, 1; NaN stays NaN; integer dtypes are kept) of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[-3, 0, 2]]).sign().toarray().tolist() // [[-1, 0, 1]]
   */
  sign(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mSign.apply(this, arguments as never);
  }
  /**
   * Floor (integer dtypes are kept) of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[-1.5, 0, 2.5]]).floor().toarray().tolist() // [[-2, 0, 2]]
   */
  floor(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mFloor.apply(this, arguments as never);
  }
  /**
   * Ceiling (integer dtypes are kept) of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[-1.5, 0, 2.5]]).ceil().toarray().tolist() // [[-1, 0, 3]]
   */
  ceil(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mCeil.apply(this, arguments as never);
  }
  /**
   * Rounding to the nearest integer, halves to even (NumPy's `rint`) of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[0.5, 1.5, 2.5]]).rint().toarray().tolist() // [[0, 2, 2]]
   */
  rint(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mRint.apply(this, arguments as never);
  }
  /**
   * Truncation toward zero (integer dtypes are kept) of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[-1.5, 0, 2.5]]).trunc().toarray().tolist() // [[-1, 0, 2]]
   */
  trunc(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mTrunc.apply(this, arguments as never);
  }
  /**
   * Degrees to radians of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[180, 0]]).deg2rad().data.tolist() // [3.141592653589793]
   */
  deg2rad(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mDeg2rad.apply(this, arguments as never);
  }
  /**
   * Radians to degrees of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[Math.PI, 0]]).rad2deg().data.tolist() // [180]
   */
  rad2deg(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mRad2deg.apply(this, arguments as never);
  }
  /**
   * Inverse sine of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[1, 0]]).arcsin().data.tolist() // [1.5707963267948966]
   */
  arcsin(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mArcsin.apply(this, arguments as never);
  }
  /**
   * Inverse hyperbolic sine of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[1, 0]]).arcsinh().data.tolist() // [0.881373587019543]
   */
  arcsinh(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mArcsinh.apply(this, arguments as never);
  }
  /**
   * Inverse tangent of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[1, 0]]).arctan().data.tolist() // [0.7853981633974483]
   */
  arctan(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mArctan.apply(this, arguments as never);
  }
  /**
   * Inverse hyperbolic tangent of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[0.5, 0]]).arctanh().data.tolist() // [0.5493061443340548]
   */
  arctanh(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mArctanh.apply(this, arguments as never);
  }
  /**
   * Hyperbolic sine of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[1, 0]]).sinh().data.tolist() // [1.1752011936438014]
   */
  sinh(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mSinh.apply(this, arguments as never);
  }
  /**
   * Hyperbolic tangent of the stored values (duplicates summed first; the same format). Integer values give
   * float64 (uint8/bool: float32, where NumPy gives float16).
   * @returns an array of the same format and structure
   * @example sparse.csr_array([[1, 0]]).tanh().data.tolist() // [0.7615941559557649]
   */
  tanh(): sparray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mv.mTanh.apply(this, arguments as never);
  }
  /**
   * NumPy's `maximum(A, other)` (SciPy's `A.maximum`): by a scalar whose maximum with 0 is 0, the
   * stored values mapped (CSR/CSC, zeros dropped); by another scalar, every entry stored (SciPy
   * warns that the result is dense); by a dense array, a dense result; by a sparse array, the union
   * (CSR, CSC when both are CSC).
   * @param other a number, a dense array_like or a sparse array of the same shape
   * @throws {ShapeError} when a sparse operand's shape differs
   * @example sparse.csr_array([[1, 0, -2]]).maximum(sparse.csr_array([[0, 5, -3]])).toarray().tolist() // [[1, 5, -2]]
   * @example sparse.csr_array([[1, 0, -2]]).maximum(0).toarray().tolist() // [[1, 0, 0]]
   */
  maximum(other: sparray | DenseLike | number): sparray | ndarray {
    return mv.mMaximum.call(this, other) as never;
  }
  /**
   * NumPy's `minimum(A, other)` (SciPy's `A.minimum`; the operands as {@link sparray.maximum}).
   * @throws {ShapeError} when a sparse operand's shape differs
   * @example sparse.csr_array([[1, 0, -2]]).minimum(sparse.csr_array([[0, 5, -3]])).toarray().tolist() // [[0, 0, -3]]
   */
  minimum(other: sparray | DenseLike | number): sparray | ndarray {
    return mv.mMinimum.call(this, other) as never;
  }

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
  max(axis?: number | null | MinMaxOptions, out?: null | MinMaxOptions, opts?: MinMaxOptions): ndarray {
    return mq.mMax.call(this, axis, out, opts);
  }
  /**
   * The minimum (the same forms as {@link sparray.max}).
   * @throws {ValueError} on an empty array or `out`
   * @example sparse.csr_array([[1, 0], [3, 2]]).min().item() // 0
   * @example sparse.csr_array([[1, 0], [3, 2]]).min(0).tolist() // [1, 0]
   */
  min(axis?: number | null | MinMaxOptions, out?: null | MinMaxOptions, opts?: MinMaxOptions): ndarray {
    return mq.mMin.call(this, axis, out, opts);
  }
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
  ): number | ndarray {
    return mq.mArgmax.call(this, axis, out, opts);
  }
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
  ): number | ndarray {
    return mq.mArgmin.call(this, axis, out, opts);
  }
  /**
   * The sum of diagonal `offset` (a 0-d array).
   * @param offset the diagonal (or `{offset}`)
   * @example sparse.csr_array([[1, 2], [3, 4]]).trace().item() // 5
   * @example sparse.csr_array([[1, 2], [3, 4]]).trace(1).item() // 2
   */
  trace(offset?: number | { offset?: number }): ndarray {
    return mq.mTrace.call(this, offset);
  }
  /**
   * `[row, col]` of the stored entries whose value is nonzero, in COO order (duplicates are not
   * summed, as SciPy).
   * @returns two int32 arrays
   * @example sparse.csr_array([[0, 5], [3, 0]]).nonzero().map((a) => a.tolist()) // [[0, 1], [1, 0]]
   */
  nonzero(): [ndarray, ndarray] {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
    return mq.mNonzero.apply(this, arguments as never);
  }
  /**
   * The same entries in another shape (`A.reshape(3, 2)`, `A.reshape([3, 2])`, one dimension may
   * be -1), read in C or F order: a COO array (SciPy's result), this array itself when the shape
   * is unchanged (a copy with `copy`).
   * @throws {ValueError} when the sizes differ
   * @example sparse.csr_array([[1, 0, 2], [0, 3, 0]]).reshape(3, 2).toarray().tolist() // [[1, 0], [2, 0], [3, 0]]
   * @example sparse.csr_array([[1, 0, 2], [0, 3, 0]]).reshape([-1, 3], { order: 'F' }).shape // [2, 3]
   */
  reshape(...shape: (number | readonly number[] | ReshapeOptions)[]): sparray {
    return mq.mReshape.apply(this, shape as never);
  }

  /**
   * Sorts indices in place (CSR/CSC; COO sorts lexicographically and sums duplicates).
   * @example
   * const A = sparse.csr_array([[3, 1, 2], [2, 0, 1], [0, 3]], { shape: [1, 3] });
   * A.sort_indices();
   * A.indices.tolist() // [0, 1, 2]
   * A.data.tolist() // [1, 2, 3]
   */
  sort_indices(): void {
    this.sum_duplicates();
  }

  /**
   * `A[index]` (SciPy's indexing): integers, slices, integer lists/arrays and boolean masks per
   * axis, as a string (`'1:3, ::2'`, `':, [0, 2]'`) or an array of parts (`[i, j]`,
   * `[np.slice(1, 3), [0, 2]]`). Two integers give a number; two index arrays the values at those
   * pairs (a dense 1-D array, as SciPy); anything else a 2-D sparse array of the selected rows and
   * columns (where SciPy gives a 1-D sparse array for an integer axis, cohort keeps that axis with
   * length 1). CSR, CSC and COO keep their format; DIA gives CSR. Positional only.
   * @throws {IndexError} for an index out of range or of an unsupported kind
   * @example
   * const A = sparse.csr_array([[1, 0, 2], [0, 0, 3], [4, 5, 0]]);
   * A.get([1, 2]) // 3
   * A.get('1:3, ::2').toarray().tolist() // [[0, 3], [4, 0]]
   * A.get(':, [2, 0]').toarray().tolist() // [[2, 1], [3, 0], [0, 4]]
   * A.get([[0, 2], [1, 2]]).tolist() // [0, 0]
   * A.get([[true, false, true]]).toarray().tolist() // [[1, 0, 2], [4, 5, 0]]
   */
  get(index: readonly [number, number]): number;
  get(index: readonly [readonly number[], readonly number[]]): ndarray;
  get(index: IndexLike): sparray;
  get(index: IndexLike): sparray | ndarray | number;
  get(): sparray | ndarray | number {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder
    return m.mGet.apply(this, arguments as never) as sparray | ndarray | number;
  }
  /**
   * `A[index] = values` in place (the indices of {@link sparray.get}): the selected positions take
   * the values, broadcast (a number, or an array_like of the selection's shape); the last of
   * repeated positions wins; assigned zeros are stored, as SciPy (`eliminate_zeros` drops them).
   * Changing the structure rebuilds it: SciPy warns of the cost (SparseEfficiencyWarning); so does
   * this note. Positional only.
   * @throws {IndexError} for an index out of range or values of another shape
   * @example
   * const A = sparse.csr_array([[1, 0, 2], [0, 0, 3]]);
   * A.set([0, 1], 7);
   * A.set(':, 2', [8, 9]);
   * A.toarray().tolist() // [[1, 7, 8], [0, 0, 9]]
   */
  set(index: IndexLike, values: number | boolean | DenseLike | ArrayBufferView | sparray): void;
  set(): void {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder
    m.mSet.apply(this, arguments as never);
  }

  /**
   * SciPy's `str(A)`: header, then `(row, col)\tvalue` per stored entry (waits).
   * @example
   * String(sparse.csr_array([[1.5, 0], [0, 2]]))
   * // "<Compressed Sparse Row sparse array of dtype 'float64'\n\twith 2 stored elements and shape (2, 2)>\n  Coords\tValues\n  (0, 0)\t1.5\n  (1, 1)\t2.0"
   */
  toString(): string {
    const { row, col, vals } = this._entries();
    return formatEntries(this.format, this.dtype, this.shape, row, col, vals);
  }

  /**
   * What `JSON.stringify(A)` writes: SciPy's constructor arguments under a format tag, e.g.
   * `{type: 'csr_array', shape, dtype, data, indices, indptr}` (COO: `coords`; DIA: `offsets`).
   * Read it back with `sparse.fromJSON`.
   * @returns the JSON form (waits for pending work)
   * @example JSON.stringify(sparse.coo_array([[0, 5]])) // '{"type":"coo_array","shape":[1,2],"dtype":"int32","data":[5],"coords":[[0],[1]]}'
   * @example sparse.csr_array([[0, 5]]).toJSON().indptr // [0, 1]
   */
  toJSON(): SparseJSON {
    return toSparseJSON(this);
  }

  /** For `console.log` in Node. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }

  /**
   * `a op this` for an ndarray `a` (dense's reflected-operation protocol): `a.add(A)`,
   * `a.subtract(A)`, `a.matmul(A)` (dense results), `a.multiply(A)` (sparse); `a.divide(A)` raises,
   * as in SciPy.
   * @example np.ones([2, 2]).add(sparse.eye(2)).tolist() // [[2, 1], [1, 2]]
   */
  [REFLECT](op: ReflectedOp, a: ndarray, first?: boolean): sparray | ndarray {
    return m.reflected(this, op, a, first) as sparray | ndarray;
  }
}

/**
 * `[Symbol.dispose]` (TypeScript's `using`), typed where the consumer's lib has it (runtime/disposable.ts;
 * biome.json allows this one declaration merge).
 */
export interface sparray extends MaybeDisposable {}
installDispose(sparray.prototype, function (this: sparray) {
  m.mDispose.call(this);
} as never);
