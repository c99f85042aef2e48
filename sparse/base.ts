/**
 * `sparray`: the base class of the formats — its fields (the abstract storage hooks each format
 * implements), the in-place and copying core (`dispose copy transpose sum_duplicates
 * eliminate_zeros check_format sort_indices`), indexing (`get`/`set`), printing and JSON, and the
 * option types of its methods. Operations that do not depend on the storage work on the array's
 * CSR structure (`_csr()`, cached for COO/CSC/DIA until their regions are written);
 * format-specific storage, conversions and in-place methods live in the subclasses.
 *
 * The rest of the class's methods are grouped by purpose in base-conversions.ts, base-arithmetic.ts,
 * base-reductions.ts and base-values.ts: each declares its methods (with their TSDoc) by merging
 * into `sparray`'s interface, and this file installs their definitions on the prototype, so that
 * `sparray` stays one class.
 */
import { type ndarray, REFLECT, type ReflectedOp } from '../dense/index.js';
import {
  type DType,
  installDispose,
  type MaybeDisposable,
  type Region,
  type Store,
} from '../runtime/index.js';
// The method groups: their definitions, and their declarations (these imports stay in base.d.ts,
// as `import './base-*.js'`, which brings the declarations to every user of the class).
import { arithmeticMethods } from './base-arithmetic.js';
import { conversionMethods } from './base-conversions.js';
import { reductionMethods } from './base-reductions.js';
import { valueMethods } from './base-values.js';
import type { Csr } from './core/types.js';
import type { IndexLike } from './indexing.js';
import { type SparseJSON, toSparseJSON } from './json.js';
import * as m from './methods.js';
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

  // Conversions, products and element-wise operations, reductions and math on stored values:
  // base-conversions.ts, base-arithmetic.ts, base-reductions.ts, base-values.ts (installed below).

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

/** @internal What a base-*.ts file defines for the prototype: methods that `sparray` declares. */
export type SparrayMethods = { [K in keyof sparray]?: (this: sparray, ...args: never[]) => unknown };

/**
 * Puts the methods of base-*.ts on the prototype as a class body would: writable, configurable,
 * not enumerable.
 */
function installMethods(methods: SparrayMethods): void {
  for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(methods)))
    Object.defineProperty(sparray.prototype, name, { ...d, enumerable: false });
}
installMethods(conversionMethods());
installMethods(arithmeticMethods());
installMethods(reductionMethods());
installMethods(valueMethods());
