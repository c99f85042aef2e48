/**
 * `lil_array`: row-based LInked List format for incremental construction (SciPy's `lil_array`).
 * Each row keeps its sorted column indices and values in host arrays; `A.set([i, j], v)` inserts
 * in O(log nnz(row) + shift). Everything else runs on the CSR structure built from the rows once
 * per change (see host-format.ts).
 */
import type { ndarray } from '../dense/index.js';
import { DisposedError, type DType, type Region, type Store } from '../runtime/index.js';
import { type SparseFormat, type SparseOptions, sparray } from './base.js';
import type { SparseInput } from './construct.js';
import { type Csr, vec } from './core/types.js';
import {
  castValue,
  checkIndex,
  csrOfInput,
  csrOfRows,
  csrVersions,
  hostRows,
  isPair,
  rowsOf,
  scalarValue,
} from './host-format.js';
import { assignTargets, getItem } from './indexing.js';
import { isSparse } from './ops.js';
import { wrap } from './registry.js';
import { ssig } from './sig.js';

const INTERNAL = Symbol('internal');

/** Position of `j` in the sorted list `r`, or `-(insertion point) - 1`. */
function search(r: readonly number[], j: number): number {
  let lo = 0;
  let hi = r.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (r[mid]! < j) lo = mid + 1;
    else hi = mid;
  }
  return lo < r.length && r[lo] === j ? lo : -lo - 1;
}

type M<R> = (this: LilArray, ...args: unknown[]) => R;

/** `A.get(index)`: host lookup for `[i, j]`, otherwise SciPy's indexing with a LIL result. */
const lilGet = ssig<M<unknown>>('get(index, /)', function (this: LilArray, index: unknown) {
  if (isPair(index)) {
    this._live();
    const [m, n] = this.shape;
    const i = checkIndex('get', 'row', index[0], m);
    const j = checkIndex('get', 'column', index[1], n);
    const k = search(this._idx[i]!, j);
    return k >= 0 ? this._val[i]![k]! : 0;
  }
  const r = getItem(this, index);
  return isSparse(r) ? wrap.lil((r as sparray)._csr()) : r;
} as never);

/** `A.set(index, values)`: assigned zeros remove the entry (SciPy's LIL never stores them). */
const lilSet = ssig<M<void>>('set(index, values, /)', function (
  this: LilArray,
  index: unknown,
  values: unknown,
) {
  const v = scalarValue(values);
  if (isPair(index) && v !== undefined) {
    const [m, n] = this.shape;
    this._put(checkIndex('set', 'row', index[0], m), checkIndex('set', 'column', index[1], n), v);
    return;
  }
  const { R, C, at } = assignTargets('set', this, index, values);
  for (let k = 0; k < R.length; k++) this._put(R[k]!, C[k]!, at(k));
} as never);

/**
 * LIL array: `lil_array(dense)`, `lil_array(sparse)`, `lil_array([m, n], {dtype})`. Build it
 * entry by entry with `A.set([i, j], v)`, then convert (`tocsr()`) for arithmetic.
 * @example
 * const A = sparse.lil_array([2, 3]);
 * A.set([0, 2], 5);
 * A.set([1, 0], 7);
 * A.rows // [[2], [0]]
 * A.tocsr().toarray().tolist() // [[0, 0, 5], [7, 0, 0]]
 */
export class LilArray extends sparray {
  readonly format: SparseFormat = 'lil';
  /** @internal Sorted column indices per row. */
  _idx: number[][];
  /** @internal Values per row. */
  _val: number[][];
  /** @internal */
  _m: number;
  /** @internal */
  _n: number;
  /** @internal */
  _dtype: DType;
  private _cast: (v: number) => number;
  private _cache: { csr: Csr; versions: string } | null = null;

  constructor(arg: SparseInput | typeof INTERNAL, opts?: SparseOptions | Csr) {
    super();
    const s = arg === INTERNAL ? (opts as Csr) : csrOfInput('lil_array', arg, (opts ?? {}) as SparseOptions);
    this._m = s.rows;
    this._n = s.cols;
    this._dtype = s.dtype;
    this._cast = castValue(s.dtype);
    if (s.nnz === 0) {
      this._idx = rowsOf(s.rows);
      this._val = rowsOf(s.rows);
    } else ({ idx: this._idx, val: this._val } = hostRows(s));
  }
  get shape(): readonly [number, number] {
    return [this._m, this._n];
  }
  get dtype(): DType {
    return this._dtype;
  }
  get nnz(): number {
    let s = 0;
    for (const r of this._idx) s += r.length;
    return s;
  }
  /**
   * SciPy's `A.rows`: the sorted column indices of each row (a copy: change entries with `set`).
   * @example sparse.lil_array([[0, 1], [2, 3]]).rows // [[1], [0, 1]]
   */
  get rows(): number[][] {
    return this._idx.map((r) => r.slice());
  }
  /**
   * SciPy's `A.data`: the values of each row, in the order of {@link LilArray.rows} (a copy).
   * @example sparse.lil_array([[0, 1], [2, 3]]).data // [[1], [2, 3]]
   */
  get data(): number[][] {
    return this._val.map((r) => r.slice());
  }

  /** @internal Stores `v` (cast to the dtype) at (i, j); a zero removes the entry. */
  _put(i: number, j: number, v: number): void {
    this._live();
    const x = this._cast(v);
    const r = this._idx[i]!;
    const k = search(r, j);
    if (x === 0 && !Number.isNaN(x)) {
      if (k >= 0) {
        r.splice(k, 1);
        this._val[i]!.splice(k, 1);
        this._cache = null;
      }
      return;
    }
    if (k >= 0) this._val[i]![k] = x;
    else {
      r.splice(-k - 1, 0, j);
      this._val[i]!.splice(-k - 1, 0, x);
    }
    this._cache = null;
  }

  _csr(): Csr {
    this._live();
    const c = this._cache;
    if (c !== null && c.versions === csrVersions(c.csr)) return c.csr;
    const csr = csrOfRows(this._m, this._n, this._dtype, this._idx, this._val);
    this._cache = { csr, versions: csrVersions(csr) };
    return csr;
  }
  _values(): Store {
    const s = this._csr();
    return vec(s.data, s.nnz);
  }
  _withData(data: Region, dtype: DType): sparray {
    return wrap.lil({ ...this._csr(), data, dtype });
  }
  _entries() {
    const row: number[] = [];
    const col: number[] = [];
    const vals: number[] = [];
    this._idx.forEach((r, i) => {
      for (let k = 0; k < r.length; k++) {
        row.push(i);
        col.push(r[k]!);
        vals.push(this._val[i]![k]!);
      }
    });
    return { row, col, vals };
  }
  _copy(): sparray {
    return wrap.lil(this._csr());
  }
  _transpose(): sparray {
    return this.tocsr().transpose().tolil();
  }
  _sum_duplicates(): void {}
  _eliminate_zeros(): void {
    for (let i = 0; i < this._m; i++) {
      const r = this._idx[i]!;
      const v = this._val[i]!;
      let w = 0;
      for (let k = 0; k < r.length; k++) {
        if (v[k] === 0) continue;
        r[w] = r[k]!;
        v[w++] = v[k]!;
      }
      r.length = w;
      v.length = w;
    }
    this._cache = null;
  }
  _check_format(_full: boolean): void {}
  _replace(s: Csr): void {
    ({ idx: this._idx, val: this._val } = hostRows(s));
    this._cache = null;
  }
  /** @internal Throws once disposed (as the region formats do). */
  _live(): void {
    if (this._gone)
      throw new DisposedError('lil_array: the array was disposed (dispose() freed its entries)');
  }
  private _gone = false;
  /** @internal Frees the host rows (dispose). */
  _disposeHost(): void {
    this._idx = rowsOf(this._m);
    this._val = rowsOf(this._m);
    this._cache = null;
    this._gone = true;
  }

  /**
   * `A[index]` as {@link sparray.get}: `[i, j]` is a host lookup; slices and lists give a LIL
   * array. Positional only.
   * @throws {IndexError} for an index out of range
   * @example sparse.lil_array([[1, 0], [0, 2]]).get([1, -1]) // 2
   * @example sparse.lil_array([[1, 0], [0, 2]]).get('1:, :').format // 'lil'
   */
  override get(index: readonly [number, number]): number;
  override get(index: readonly [readonly number[], readonly number[]]): ndarray;
  override get(index: Parameters<sparray['get']>[0]): sparray;
  override get(index: Parameters<sparray['get']>[0]): sparray | ndarray | number;
  override get(): sparray | ndarray | number {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder
    return lilGet.apply(this, arguments as never) as sparray | ndarray | number;
  }
  /**
   * `A[index] = values` in place, on the host rows (the indices of {@link sparray.get}). Values are
   * cast to the dtype; an assigned zero removes the entry (SciPy's LIL stores no zeros this way).
   * Positional only.
   * @throws {IndexError} for an index out of range or values of another shape
   * @example
   * const A = sparse.lil_array([2, 2]);
   * A.set(':, 1', [3, 4]);
   * A.set([0, 1], 0); // removes the entry
   * A.nnz // 1
   */
  override set(index: Parameters<sparray['set']>[0], values: Parameters<sparray['set']>[1]): void;
  override set(): void {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder
    lilSet.apply(this, arguments as never);
  }
}

wrap.lil = (s) => new LilArray(INTERNAL, s);
