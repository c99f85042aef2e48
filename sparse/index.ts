/**
 * `cohortjs/sparse`: SciPy-sparse-style arrays over the region runtime (DESIGN.md §5). Formats
 * `coo_array csr_array csc_array dia_array` (callable without `new`; `instanceof` works; the
 * `*_matrix` names are aliases), their methods, and the module functions.
 */

import type { ndarray } from '../dense/index.js';
import { ArgumentTypeError, argMessage, ValueError } from '../runtime/index.js';
import type { SparseOptions } from './base.js';
import { sparray } from './base.js';
import { BsrArray, type BsrOptions } from './bsr.js';
import { CscArray, CsrArray } from './compressed.js';
import type { SparseInput } from './construct.js';
import { CooArray } from './coo.js';
import { DiaArray } from './dia.js';
import { DokArray } from './dok.js';
import { LilArray } from './lil.js';
import { isSparse, matmul as matmulOp, rmatmul } from './ops.js';
import { ssig, ssigOpts } from './sig.js';

export type {
  AxisOptions,
  DenseLike,
  MinMaxOptions,
  ReshapeOptions,
  SparseFormat,
  SparseOptions,
  ToarrayOptions,
} from './base.js';
export type { SparseInput } from './construct.js';
export {
  type BlockGrid,
  block_array,
  bmat,
  type DiagsArrayOptions,
  diags_array,
  eye_array,
  kronsum,
  type RandomArrayOptions,
  random_array,
} from './construct-array.js';
export * as csgraph from './csgraph/index.js';
export { fromJSON } from './from-json.js';
export type { FormatOptions } from './functions.js';
export { diags, eye, identity, spdiags, tril, triu } from './functions.js';
export type { IndexLike, IndexPart } from './indexing.js';
export type { CompressedJSON, CooJSON, DiaJSON, SparseJSON } from './json.js';
export { find } from './methods-query.js';
export type { ProductOptions } from './ops.js';
export type { RandomOptions } from './random.js';
export { rand, random } from './random.js';
export { sddmm } from './sddmm.js';
export { block_diag, hstack, kron, vstack } from './stack.js';
export type { BsrOptions };
export { BsrArray, CooArray, CscArray, CsrArray, DiaArray, DokArray, LilArray, sparray };

/** A SciPy-style constructor: callable with or without `new`; `x instanceof csr_array` works. */
export interface SparseConstructor<T> {
  (arg: SparseInput, opts?: SparseOptions): T;
  new (arg: SparseInput, opts?: SparseOptions): T;
  readonly prototype: T;
}

function factory<T>(
  name: string,
  C: new (arg: SparseInput, opts?: SparseOptions) => T,
  extra = '',
): SparseConstructor<T> {
  // The bound function is a plain function (not an arrow): callable with `new`, it can carry the
  // class's prototype, so `x instanceof csr_array` works.
  const f = ssigOpts<(arg: SparseInput, opts?: SparseOptions) => T>(
    `${name}(arg1 = None, shape: shape = None, dtype: dtype = None, copy: bool = False${extra})`,
    1,
    // cohort extension: `csr_array({shape})` (no arg1) is an empty array of that shape.
    ((arg: SparseInput | undefined, opts: SparseOptions) =>
      new C(
        arg === undefined && Object.keys(opts).length > 0 ? (opts as never) : (arg as SparseInput),
        opts,
      )) as never,
  );
  (f as unknown as { prototype: unknown }).prototype = C.prototype;
  return f as unknown as SparseConstructor<T>;
}

/**
 * Compressed Sparse Row array: `csr_array(dense)`, `csr_array(sparse)`, `csr_array([data, indices,
 * indptr], {shape})`, `csr_array([data, [row, col]], {shape})`, `csr_array([m, n])`.
 * @throws {FormatError} on a malformed `indptr` / `indices`; {ShapeError} on a non-2-D dense input
 * @example csr_array([[1, 0], [0, 2]]).nnz // 2
 */
export const csr_array = factory('csr_array', CsrArray);
export type csr_array = CsrArray;
/**
 * Compressed Sparse Column array (same forms as {@link csr_array}, compressed by columns).
 * @throws {FormatError} on a malformed `indptr` / `indices`; {ShapeError} on a non-2-D dense input
 * @example csc_array([[1, 0], [2, 3]]).indices.tolist() // [0, 1, 1]
 */
export const csc_array = factory('csc_array', CscArray);
export type csc_array = CscArray;
/**
 * COOrdinate array: dense, sparse, `[data, [row, col]]` with `{shape}`, or `[m, n]`.
 * @throws {ShapeError} on a non-2-D dense input; {IndexError} on an index outside `shape`
 * @example coo_array([[1, 2], [[0, 1], [1, 0]]], { shape: [2, 2] }).toarray().tolist() // [[0, 1], [2, 0]]
 */
export const coo_array = factory('coo_array', CooArray);
export type coo_array = CooArray;
/**
 * DIAgonal array: `dia_array([data, offsets], {shape})`, dense, sparse or `[m, n]`.
 * @throws {ValueError} on repeated offsets
 * @example dia_array([[[1, 2]], [0]], { shape: [2, 2] }).toarray().tolist() // [[1, 0], [0, 2]]
 */
export const dia_array = factory('dia_array', DiaArray);
export type dia_array = DiaArray;
/** `bsr_array`'s constructor: {@link SparseConstructor} with `blocksize` among the options. */
export interface BsrConstructor {
  (arg: SparseInput, opts?: BsrOptions): BsrArray;
  new (arg: SparseInput, opts?: BsrOptions): BsrArray;
  readonly prototype: BsrArray;
}
/**
 * Block Sparse Row array: `bsr_array([data, indices, indptr], {shape, blocksize})` with `data` of
 * shape `[nnzb, R, C]`; a dense or sparse array (`{blocksize}`, SciPy's estimate when omitted);
 * `[data, [row, col]]`; `[m, n]` (1×1 blocks unless `{blocksize}`). `A.dot(x)` runs on the pool
 * over block rows.
 * @throws {ValueError} for a blocksize that does not divide the shape, or data that is not 3-D
 * @example bsr_array([[1, 2, 0, 0], [3, 4, 0, 0]], { blocksize: [2, 2] }).data.tolist() // [[[1, 2], [3, 4]]]
 * @example bsr_array([[[[1, 2], [3, 4]]], [1], [0, 1]], { shape: [2, 4] }).toarray().tolist() // [[0, 0, 1, 2], [0, 0, 3, 4]]
 */
export const bsr_array = factory('bsr_array', BsrArray, ', blocksize = None') as unknown as BsrConstructor;
export type bsr_array = BsrArray;
/**
 * LIL array for incremental construction: `lil_array([m, n])`, dense, or sparse; `A.set([i, j],
 * v)` inserts on the host. Convert with `tocsr()` for arithmetic.
 * @example
 * const A = lil_array([2, 2]);
 * A.set([0, 1], 3);
 * A.tocsr().toarray().tolist() // [[0, 3], [0, 0]]
 */
export const lil_array = factory('lil_array', LilArray);
export type lil_array = LilArray;
/**
 * DOK array for incremental construction: `dok_array([m, n])`, dense, or sparse; `A.set([i, j],
 * v)` writes a host map (a zero deletes the key).
 * @example
 * const A = dok_array([2, 2], { dtype: 'int32' });
 * A.set([1, 1], 5);
 * A.nnz // 1
 */
export const dok_array = factory('dok_array', DokArray);
export type dok_array = DokArray;
/**
 * Alias of {@link bsr_array}.
 * @example bsr_matrix([[1, 0], [0, 2]]).format // 'bsr'
 */
export const bsr_matrix = bsr_array;
export type bsr_matrix = BsrArray;
/**
 * Alias of {@link lil_array}.
 * @example lil_matrix([[1, 0], [0, 2]]).format // 'lil'
 */
export const lil_matrix = lil_array;
export type lil_matrix = LilArray;
/**
 * Alias of {@link dok_array}.
 * @example dok_matrix([[1, 0], [0, 2]]).format // 'dok'
 */
export const dok_matrix = dok_array;
export type dok_matrix = DokArray;
/**
 * Alias of {@link csr_array} (cohort has no separate matrix semantics).
 * @example csr_matrix([[1, 0], [0, 2]]).format // 'csr'
 */
export const csr_matrix = csr_array;
export type csr_matrix = CsrArray;
/**
 * Alias of {@link csc_array}.
 * @example csc_matrix([[1, 0], [0, 2]]).format // 'csc'
 */
export const csc_matrix = csc_array;
export type csc_matrix = CscArray;
/**
 * Alias of {@link coo_array}.
 * @example coo_matrix([[1, 0], [0, 2]]).format // 'coo'
 */
export const coo_matrix = coo_array;
export type coo_matrix = CooArray;
/**
 * Alias of {@link dia_array}.
 * @example dia_matrix(sparse.eye(2)).format // 'dia'
 */
export const dia_matrix = dia_array;
export type dia_matrix = DiaArray;

/** True for a cohort sparse array. @example issparse(sparse.eye(2)) // true */
export const issparse: (x: unknown) => x is sparray = ssig('issparse(x, /)', ((x: unknown) =>
  isSparse(x)) as never);
/**
 * True for a CSR array (the `*_matrix` names are aliases, so arrays count).
 * @example isspmatrix_csr(sparse.csr_array([[1]])) // true
 */
export const isspmatrix_csr: (x: unknown) => x is CsrArray = ssig(
  'isspmatrix_csr(x, /)',
  ((x: unknown) => x instanceof CsrArray) as never,
);
/**
 * True for a CSC array.
 * @example isspmatrix_csc(sparse.csr_array([[1]])) // false
 */
export const isspmatrix_csc: (x: unknown) => x is CscArray = ssig(
  'isspmatrix_csc(x, /)',
  ((x: unknown) => x instanceof CscArray) as never,
);
/**
 * True for a COO array.
 * @example isspmatrix_coo(sparse.coo_array([[1]])) // true
 */
export const isspmatrix_coo: (x: unknown) => x is CooArray = ssig(
  'isspmatrix_coo(x, /)',
  ((x: unknown) => x instanceof CooArray) as never,
);
/**
 * True for a DIA array.
 * @example isspmatrix_dia(sparse.eye(2)) // true
 */
export const isspmatrix_dia: (x: unknown) => x is DiaArray = ssig(
  'isspmatrix_dia(x, /)',
  ((x: unknown) => x instanceof DiaArray) as never,
);
/**
 * True for a BSR array.
 * @example isspmatrix_bsr(sparse.bsr_array([[1]])) // true
 */
export const isspmatrix_bsr: (x: unknown) => x is BsrArray = ssig(
  'isspmatrix_bsr(x, /)',
  ((x: unknown) => x instanceof BsrArray) as never,
);
/**
 * True for a LIL array.
 * @example isspmatrix_lil(sparse.lil_array([[1]])) // true
 */
export const isspmatrix_lil: (x: unknown) => x is LilArray = ssig(
  'isspmatrix_lil(x, /)',
  ((x: unknown) => x instanceof LilArray) as never,
);
/**
 * True for a DOK array.
 * @example isspmatrix_dok(sparse.csr_array([[1]])) // false
 */
export const isspmatrix_dok: (x: unknown) => x is DokArray = ssig(
  'isspmatrix_dok(x, /)',
  ((x: unknown) => x instanceof DokArray) as never,
);
/**
 * SciPy's `isspmatrix`: same as {@link issparse} here.
 * @example isspmatrix([[1]]) // false
 */
export const isspmatrix = issparse;

/**
 * `a @ b` where either side may be sparse: sparse @ dense, sparse @ sparse, dense @ sparse.
 * @throws {ShapeError} when the inner dimensions differ
 * @example matmul(np.ones([2]), sparse.eye(2)).tolist() // [1, 1]
 */
export const matmul: {
  (a: sparray, b: sparray): CsrArray | CscArray;
  (a: sparray | ndarray, b: sparray | ndarray): ndarray;
} = ssig('matmul(a, b, /)', ((a: sparray | ndarray, b: sparray | ndarray) => matmulImpl(a, b)) as never);

function matmulImpl(a: sparray | ndarray, b: sparray | ndarray): ndarray | sparray {
  if (typeof a === 'number' || typeof b === 'number')
    throw new ValueError("matmul: Scalar operands are not allowed, use '*' instead");
  if (isSparse(a)) return matmulOp(a as sparray, b, 'matmul');
  if (!isSparse(b))
    throw new ArgumentTypeError(argMessage('matmul', 'b', 'a sparse array (when a is dense)', b));
  return rmatmul(b as sparray, a);
}
/**
 * Same as {@link matmul}.
 * @example dot(sparse.csr_array([[1, 2], [3, 4]]), np.array([1, 1])).tolist() // [3, 7]
 */
export const dot = matmul;
