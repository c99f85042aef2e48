/**
 * `csr_array` and `csc_array`: compressed rows / columns. A CSC array stores the CSR structure of
 * its transpose, so `A.T` is free in both directions and every CSR kernel serves CSC too.
 */
import { ndarray } from '../dense/index.js';
import {
  argMessage,
  type DType,
  FormatError,
  IndexError,
  type Region,
  type Store,
} from '../runtime/index.js';
import { type SparseFormat, type SparseOptions, sparray } from './base.js';
import { copyCsr, type SparseInput, toCompressed } from './construct.js';
import { canonicalize, csrToCoo, filterCsr, transposeCsr } from './core/convert.js';
import { type Csr, readPrefix, vec } from './core/types.js';
import { holdStorage } from './dispose.js';
import { wrap } from './registry.js';

const INTERNAL = Symbol('internal');

/**
 * A cached derived structure, valid while its source regions are unchanged **and its own regions
 * were not written**: conversions hand the cached structure to the user (`coo.tocsr()`,
 * `csr.tocsc()` wrap it), and a write through that result (`R.data.set(...)`) must not change
 * what the source array computes from its cache (SciPy's conversions never share storage with
 * their source).
 */
export class DerivedCache<T extends { indptr: Region; indices: Region; data: Region }> {
  private key = '';
  private value: T | undefined;
  get(sources: readonly Region[], build: () => T): T {
    const k = versions(sources);
    if (this.value === undefined || `${k}|${ownVersions(this.value)}` !== this.key) {
      this.value = build();
      this.key = `${k}|${ownVersions(this.value)}`;
    }
    return this.value;
  }
  /** The cached value when it is still valid for `sources`, else undefined (builds nothing). */
  peek(sources: readonly Region[]): T | undefined {
    if (this.value === undefined) return undefined;
    return `${versions(sources)}|${ownVersions(this.value)}` === this.key ? this.value : undefined;
  }
}

const versions = (rs: readonly Region[]) => rs.map((r) => `${r.id}:${r.version}`).join(',');
const ownVersions = (v: { indptr: Region; indices: Region; data: Region }) =>
  versions([v.indptr, v.indices, v.data]);

/** Shared storage and methods of CSR and CSC. */
export abstract class _cs_array extends sparray {
  /** @internal CSR: the structure of A; CSC: the structure of Aᵀ. */
  _s: Csr;
  /** @internal */
  protected readonly _other = new DerivedCache<Csr>();

  protected constructor(fn: string, arg: unknown, opts: SparseOptions | Csr | undefined, major: 0 | 1) {
    super();
    this._s = arg === INTERNAL ? (opts as Csr) : toCompressed(fn, arg, (opts ?? {}) as SparseOptions, major);
    holdStorage(this);
  }

  get dtype(): DType {
    return this._s.dtype;
  }
  get nnz(): number {
    return this._s.nnz;
  }
  /** Values, a 1-D ndarray over the array's own region (writes are seen by the array). */
  get data(): ndarray {
    return ndarray.fromStore(vec(this._s.data, this._s.nnz));
  }
  /** Column (CSR) / row (CSC) indices, int32, over the array's own region. */
  get indices(): ndarray {
    return ndarray.fromStore(vec(this._s.indices, this._s.nnz));
  }
  /** Offsets of each row (CSR) / column (CSC), length rows + 1 (cols + 1). */
  get indptr(): ndarray {
    return ndarray.fromStore(vec(this._s.indptr, this._s.rows + 1));
  }

  _values(): Store {
    return vec(this._s.data, this._s.nnz);
  }

  /** @internal the structure with the other orientation (cached until written). */
  protected _flipped(): Csr {
    const s = this._s;
    return this._other.get([s.indptr, s.indices, s.data], () => transposeCsr(s));
  }

  /** @internal the other orientation if it is already built and valid, else undefined. */
  _flippedIfBuilt(): Csr | undefined {
    const s = this._s;
    return this._other.peek([s.indptr, s.indices, s.data]);
  }

  _sum_duplicates(): void {
    this._s = canonicalize(this._s);
  }
  override sort_indices(): void {
    this._s = canonicalize(this._s, false);
  }
  _eliminate_zeros(): void {
    this._s = filterCsr(this._s, 0);
  }

  /**
   * @internal Checks the structure: `indptr` length and start, `indices`/`data` lengths (always),
   * and with `full` the O(nnz) scan: `indptr` non-decreasing, indices in `[0, n)`.
   * @throws {FormatError} naming `indptr` or `indices`; {IndexError} for out-of-range indices
   */
  _check_format(full: boolean): void {
    const fn = 'check_format';
    const s = this._s;
    if (s.indptr.size < s.rows + 1)
      throw new FormatError(argMessage(fn, 'indptr', `length ${s.rows + 1}`, `length ${s.indptr.size}`));
    const ptr = readPrefix(s.indptr, s.rows + 1);
    if (ptr[0] !== 0)
      throw new FormatError(argMessage(fn, 'indptr', 'indptr[0] == 0', `indptr[0] == ${ptr[0]}`));
    if (ptr[s.rows] !== s.nnz || s.indices.size < s.nnz || s.data.size < s.nnz) {
      throw new FormatError(
        argMessage(fn, 'indptr', `indptr[-1] == nnz == ${s.nnz}`, `indptr[-1] == ${ptr[s.rows]}`),
      );
    }
    if (!full) return;
    for (let i = 0; i < s.rows; i++) {
      if (ptr[i + 1]! < ptr[i]!) {
        throw new FormatError(
          argMessage(fn, 'indptr', 'a non-decreasing sequence', `a decrease at ${i + 1}`),
        );
      }
    }
    const idx = readPrefix(s.indices, s.nnz);
    for (let p = 0; p < s.nnz; p++) {
      const j = idx[p]!;
      if (j < 0)
        throw new IndexError(argMessage(fn, 'indices', 'non-negative indices', `${j} at position ${p}`));
      if (j >= s.cols)
        throw new IndexError(argMessage(fn, 'indices', `indices < ${s.cols}`, `${j} at position ${p}`));
    }
  }

  protected _hostEntries(swap: boolean) {
    const c = csrToCoo(this._s);
    const r = readPrefix(c.row, c.nnz);
    const k = readPrefix(c.col, c.nnz);
    const vals = readPrefix(c.data, c.nnz);
    return swap ? { row: k, col: r, vals } : { row: r, col: k, vals };
  }
}

/**
 * Compressed Sparse Row array. Build with {@link csr_array} (callable without `new`).
 * @example sparse.csr_array([[1, 0], [0, 2]]) instanceof sparse.CsrArray // true
 */
export class CsrArray extends _cs_array {
  readonly format: SparseFormat = 'csr';
  constructor(arg: SparseInput | typeof INTERNAL, opts?: SparseOptions | Csr) {
    super('csr_array', arg, opts, 0);
  }
  get shape(): readonly [number, number] {
    return [this._s.rows, this._s.cols];
  }
  _csr(): Csr {
    return this._s;
  }
  /** @internal */
  _csrT(): Csr {
    return this._flipped();
  }
  _withData(data: Region, dtype: DType): sparray {
    return new CsrArray(INTERNAL, { ...this._s, data, dtype });
  }
  _entries() {
    return this._hostEntries(false);
  }
  _copy(): sparray {
    return new CsrArray(INTERNAL, copyCsr(this._s));
  }
  _transpose(): sparray {
    return new CscArray(INTERNAL, this._s);
  }
  _replace(s: Csr): void {
    this._s = s;
  }
}

/**
 * Compressed Sparse Column array. Build with {@link csc_array} (callable without `new`).
 * @example new sparse.CscArray([[1, 0], [0, 2]]).indptr.tolist() // [0, 1, 2]
 */
export class CscArray extends _cs_array {
  readonly format: SparseFormat = 'csc';
  constructor(arg: SparseInput | typeof INTERNAL, opts?: SparseOptions | Csr) {
    super('csc_array', arg, opts, 1);
  }
  get shape(): readonly [number, number] {
    return [this._s.cols, this._s.rows];
  }
  _csr(): Csr {
    return this._flipped();
  }
  /** @internal */
  _csrT(): Csr {
    return this._s;
  }
  _withData(data: Region, dtype: DType): sparray {
    return new CscArray(INTERNAL, { ...this._s, data, dtype });
  }
  _entries() {
    return this._hostEntries(true);
  }
  _copy(): sparray {
    return new CscArray(INTERNAL, copyCsr(this._s));
  }
  _transpose(): sparray {
    return new CsrArray(INTERNAL, this._s);
  }
  _replace(s: Csr): void {
    this._s = transposeCsr(s);
  }
}

wrap.csr = (s) => new CsrArray(INTERNAL, s);
wrap.csc = (t) => new CscArray(INTERNAL, t);
