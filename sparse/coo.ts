/** `coo_array`: coordinates (row, col, data) in any order, duplicates allowed. */
import { ndarray } from '../dense/index.js';
import { argMessage, type DType, IndexError, type Region, type Store, ValueError } from '../runtime/index.js';
import { type SparseFormat, type SparseOptions, sparray } from './base.js';
import { DerivedCache } from './compressed.js';
import { castCsr, cooFromTuple, parseInput, type SparseInput } from './construct.js';
import { cooToCsr, csrToCoo, denseToCsr, filterCsr } from './core/convert.js';
import { copyInto, mapStore } from './core/elementwise.js';
import { type Coo, type Csr, readPrefix, region, vec } from './core/types.js';
import { holdStorage } from './dispose.js';
import { dtypeOpt } from './inputs.js';
import { wrap } from './registry.js';

const INTERNAL = Symbol('internal');

function emptyCoo(rows: number, cols: number, dtype: DType): Coo {
  return {
    rows,
    cols,
    dtype,
    row: region('int32', 0),
    col: region('int32', 0),
    data: region(dtype, 0),
    nnz: 0,
    canonical: true,
  };
}

function castCoo(c: Coo, dtype: DType | undefined): Coo {
  if (dtype === undefined || dtype === c.dtype) return c;
  return {
    ...c,
    dtype,
    data: mapStore(vec(c.data, c.nnz), dtype, dtype === 'bool' ? 6 : 5, 0, 'astype').region,
  };
}

function copyCoo(c: Coo): Coo {
  const row = region('int32', c.nnz);
  const col = region('int32', c.nnz);
  const data = region(c.dtype, c.nnz);
  copyInto(vec(c.row), 0, vec(row), 0, c.nnz);
  copyInto(vec(c.col), 0, vec(col), 0, c.nnz);
  copyInto(vec(c.data), 0, vec(data), 0, c.nnz);
  return { ...c, row, col, data };
}

function parseCoo(arg: unknown, opts: SparseOptions): Coo {
  const fn = 'coo_array';
  const p = parseInput(fn, arg, opts);
  const dt = dtypeOpt(fn, opts.dtype);
  switch (p.kind) {
    case 'sparse': {
      const a = p.a;
      if (a.format === 'coo') {
        const c = (a as CooArray)._c;
        return castCoo(opts.copy ? copyCoo(c) : c, dt);
      }
      const c = a.tocoo() as CooArray;
      return castCoo(c._c, dt);
    }
    case 'dense':
      return csrToCoo(castCsr(denseToCsr(p.d.store), dt));
    case 'empty':
      return emptyCoo(p.shape[0], p.shape[1], dt ?? p.dtype ?? 'float64');
    case 'coo':
      return cooFromTuple(fn, p, opts);
    default:
      throw new ValueError(
        argMessage(
          fn,
          'arg1',
          'a dense array, a sparse array, [data, [row, col]] or [m, n]',
          'a compressed or DIA tuple',
        ),
      );
  }
}

/**
 * COOrdinate-format array. Build with {@link coo_array} (callable without `new`).
 * @example new sparse.CooArray([[1, 0], [0, 2]]).nnz // 2
 */
export class CooArray extends sparray {
  readonly format: SparseFormat = 'coo';
  /** @internal */
  _c: Coo;
  private readonly _cache = new DerivedCache<Csr>();

  constructor(arg: SparseInput | typeof INTERNAL, opts?: SparseOptions | Coo) {
    super();
    this._c = arg === INTERNAL ? (opts as Coo) : parseCoo(arg, (opts ?? {}) as SparseOptions);
    holdStorage(this);
  }
  get shape(): readonly [number, number] {
    return [this._c.rows, this._c.cols];
  }
  get dtype(): DType {
    return this._c.dtype;
  }
  get nnz(): number {
    return this._c.nnz;
  }
  /** Row indices (int32), over the array's own region. */
  get row(): ndarray {
    return ndarray.fromStore(vec(this._c.row, this._c.nnz));
  }
  /** Column indices (int32). */
  get col(): ndarray {
    return ndarray.fromStore(vec(this._c.col, this._c.nnz));
  }
  /** Values. */
  get data(): ndarray {
    return ndarray.fromStore(vec(this._c.data, this._c.nnz));
  }
  /** `[row, col]` (SciPy's `coords`). */
  get coords(): [ndarray, ndarray] {
    return [this.row, this.col];
  }
  /** The canonical CSR structure of this array (cached until the regions are written). */
  _csr(): Csr {
    const c = this._c;
    return this._cache.get([c.row, c.col, c.data], () => cooToCsr(c));
  }
  _values(): Store {
    return vec(this._c.data, this._c.nnz);
  }
  _withData(data: Region, dtype: DType): sparray {
    return new CooArray(INTERNAL, { ...this._c, data, dtype });
  }
  _entries() {
    const c = this._c;
    return { row: readPrefix(c.row, c.nnz), col: readPrefix(c.col, c.nnz), vals: readPrefix(c.data, c.nnz) };
  }
  _copy(): sparray {
    return new CooArray(INTERNAL, copyCoo(this._c));
  }
  _transpose(): sparray {
    const c = this._c;
    return new CooArray(INTERNAL, {
      ...c,
      rows: c.cols,
      cols: c.rows,
      row: c.col,
      col: c.row,
      canonical: undefined,
    });
  }
  /** @internal Sorts by (row, col) and sums duplicates, in place. */
  _sum_duplicates(): void {
    if (this._c.canonical) return;
    this._c = { ...csrToCoo(this._csr()), canonical: true };
  }
  _eliminate_zeros(): void {
    const s = filterCsr(cooToCsr(this._c, true), 0);
    this._c = { ...csrToCoo(s), canonical: this._c.canonical };
  }
  /**
   * @internal Checks lengths (always) and, with `full`, that indices are in range.
   * @throws {FormatError} on unequal lengths; {IndexError} on an index out of range (with `full`)
   */
  _check_format(full: boolean): void {
    const fn = 'check_format';
    const c = this._c;
    if (c.row.size < c.nnz || c.col.size < c.nnz || c.data.size < c.nnz) {
      throw new ValueError(argMessage(fn, 'row', `row, col and data of length ${c.nnz}`, 'shorter arrays'));
    }
    if (!full) return;
    const check = (name: string, a: ArrayLike<number>, n: number) => {
      for (let p = 0; p < c.nnz; p++) {
        if (a[p]! < 0 || a[p]! >= n)
          throw new IndexError(argMessage(fn, name, `indices in [0, ${n})`, `${a[p]} at position ${p}`));
      }
    };
    check('row', readPrefix(c.row, c.nnz), c.rows);
    check('col', readPrefix(c.col, c.nnz), c.cols);
  }
  _replace(s: Csr): void {
    this._c = { ...csrToCoo(s), canonical: s.canonical };
  }
  /** @internal CSR of the transpose: one bucket sort by column. */
  _csrT(): Csr {
    const c = this._c;
    return cooToCsr({ ...c, rows: c.cols, cols: c.rows, row: c.col, col: c.row, canonical: undefined });
  }
}

wrap.coo = (c) => new CooArray(INTERNAL, c);
