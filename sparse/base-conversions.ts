/**
 * The conversions of {@link sparray}: `toarray`/`todense` (dense), `tocoo tocsr tocsc todia tobsr
 * tolil todok` and `asformat` (other formats), `astype` (other dtypes). They are declared here, with
 * their TSDoc, by merging into `sparray`'s interface, and defined by {@link conversionMethods},
 * which base.ts installs on the prototype: one class, its methods grouped by purpose.
 */
import type { ndarray } from '../dense/index.js';
import type { DType } from '../runtime/index.js';
import type { SparrayMethods, SparseFormat, sparray, ToarrayOptions } from './base.js';
import type { BsrArray } from './bsr.js';
import * as mb from './bsr-methods.js';
import type { CscArray, CsrArray } from './compressed.js';
import type { CooArray } from './coo.js';
import type { DiaArray } from './dia.js';
import type { DokArray } from './dok.js';
import type { LilArray } from './lil.js';
import * as m from './methods.js';

declare module './base.js' {
  interface sparray {
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
    ): ndarray;
    /**
     * Same as {@link sparray.toarray} (cohort has no matrix class).
     * @example sparse.csr_array([[1, 2], [3, 4]]).todense().tolist() // [[1, 2], [3, 4]]
     */
    todense(
      order?: 'C' | 'F' | null | ToarrayOptions,
      out?: ndarray | null | ToarrayOptions,
      opts?: ToarrayOptions,
    ): ndarray;
    /**
     * As COO.
     * @param copy - copy even when this is already COO
     * @example sparse.csr_array([[1, 0], [0, 2]]).tocoo().row.tolist() // [0, 1]
     */
    tocoo(copy?: boolean | { copy?: boolean }): CooArray;
    /**
     * As CSR (canonical when converted from COO).
     * @param copy - copy even when this is already CSR
     * @example sparse.coo_array([[1, 2], [3, 4]]).tocsr().indptr.tolist() // [0, 2, 4]
     */
    tocsr(copy?: boolean | { copy?: boolean }): CsrArray;
    /**
     * As CSC.
     * @param copy - copy even when this is already CSC
     * @example sparse.csr_array([[1, 2], [3, 4]]).tocsc().indices.tolist() // [0, 1, 0, 1]
     */
    tocsc(copy?: boolean | { copy?: boolean }): CscArray;
    /**
     * As DIA.
     * @param copy - copy even when this is already DIA
     * @example sparse.csr_array([[1, 0], [0, 2]]).todia().offsets.tolist() // [0]
     */
    todia(copy?: boolean | { copy?: boolean }): DiaArray;
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
    ): BsrArray;
    /**
     * As LIL (host rows for incremental construction; always a copy).
     * @param copy - accepted for SciPy's signature (the result never shares storage)
     * @example sparse.csr_array([[0, 1], [2, 0]]).tolil().rows // [[1], [0]]
     */
    tolil(copy?: boolean | { copy?: boolean }): LilArray;
    /**
     * As DOK (a host map for incremental construction; always a copy).
     * @param copy - accepted for SciPy's signature (the result never shares storage)
     * @example sparse.csr_array([[0, 1], [2, 0]]).todok().keys() // [[0, 1], [1, 0]]
     */
    todok(copy?: boolean | { copy?: boolean }): DokArray;
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
    /**
     * A copy with values cast to `dtype`.
     * @example sparse.csr_array([[1.5, 0], [0, 2]]).astype('int32').toarray().tolist() // [[1, 0], [0, 2]]
     */
    astype(dtype: DType, opts?: { casting?: 'unsafe'; copy?: boolean }): sparray;
  }
}

/**
 * @internal The definitions of the conversions declared above, for base.ts to install on
 * `sparray.prototype`. A function (hoisted), so that base.ts can call it whichever module a
 * program imports first.
 */
export function conversionMethods() {
  return {
    toarray(
      this: sparray,
      order?: 'C' | 'F' | null | ToarrayOptions,
      out?: ndarray | null | ToarrayOptions,
      opts?: ToarrayOptions,
    ): ndarray {
      return m.mToarray.call(this, order, out, opts);
    },
    todense(
      this: sparray,
      order?: 'C' | 'F' | null | ToarrayOptions,
      out?: ndarray | null | ToarrayOptions,
      opts?: ToarrayOptions,
    ): ndarray {
      return m.mToarray.call(this, order, out, opts);
    },
    tocoo(this: sparray, copy?: boolean | { copy?: boolean }): CooArray {
      return m.mTocoo.call(this, copy) as never;
    },
    tocsr(this: sparray, copy?: boolean | { copy?: boolean }): CsrArray {
      return m.mTocsr.call(this, copy) as never;
    },
    tocsc(this: sparray, copy?: boolean | { copy?: boolean }): CscArray {
      return m.mTocsc.call(this, copy) as never;
    },
    todia(this: sparray, copy?: boolean | { copy?: boolean }): DiaArray {
      return m.mTodia.call(this, copy) as never;
    },
    tobsr(
      this: sparray,
      blocksize?: readonly number[] | null | { blocksize?: readonly number[] | null; copy?: boolean },
      copy?: boolean | { copy?: boolean },
    ): BsrArray {
      return mb.mTobsr.call(this, blocksize, copy) as never;
    },
    tolil(this: sparray, copy?: boolean | { copy?: boolean }): LilArray {
      return m.mTolil.call(this, copy) as never;
    },
    todok(this: sparray, copy?: boolean | { copy?: boolean }): DokArray {
      return m.mTodok.call(this, copy) as never;
    },
    asformat(
      this: sparray,
      format: SparseFormat | null | undefined,
      copy?: boolean | { copy?: boolean },
    ): sparray {
      return m.mAsformat.call(this, format, copy) as never;
    },
    astype(this: sparray, dtype: DType, opts?: { casting?: 'unsafe'; copy?: boolean }): sparray {
      return m.mAstype.call(this, dtype, opts);
    },
  } satisfies SparrayMethods;
}
