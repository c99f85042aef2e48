/**
 * `dok_array`: Dictionary Of Keys for incremental construction (SciPy's `dok_array`). Entries live
 * in a host `Map` keyed by the flat position `i·n + j`, in insertion order (as Python's dict);
 * `A.set([i, j], v)` is O(1), an assigned zero deletes the key. Everything else runs on the CSR
 * structure built from the map once per change (see host-format.ts).
 */
import type { ndarray } from '../dense/index.js';
import {
  argMessage,
  DisposedError,
  type DType,
  type Region,
  type Store,
  ValueError,
} from '../runtime/index.js';
import { type SparseFormat, type SparseOptions, sparray } from './base.js';
import type { SparseInput } from './construct.js';
import { type Csr, region, vec } from './core/types.js';
import {
  castValue,
  checkIndex,
  csrOfInput,
  csrVersions,
  hostRows,
  isPair,
  scalarValue,
} from './host-format.js';
import { assignTargets, getItem } from './indexing.js';
import { isSparse } from './ops.js';
import { wrap } from './registry.js';
import { ssig } from './sig.js';

const INTERNAL = Symbol('internal');

type M<R> = (this: DokArray, ...args: unknown[]) => R;

/** `A.get(index, default)`: dict lookup for `[i, j]` (default for an absent key), else indexing. */
const dokGet = ssig<M<unknown>>('get(index, default = None, /)', function (
  this: DokArray,
  index: unknown,
  dflt: unknown,
) {
  if (isPair(index)) {
    this._live();
    const [m, n] = this.shape;
    const i = checkIndex('get', 'row', index[0], m);
    const j = checkIndex('get', 'column', index[1], n);
    const v = this._map.get(i * n + j);
    return v !== undefined ? v : dflt !== undefined ? dflt : 0;
  }
  if (dflt !== undefined)
    throw new ValueError(
      argMessage('get', 'default', 'no default (it applies to one [i, j] key only)', dflt),
    );
  const r = getItem(this, index);
  return isSparse(r) ? wrap.dok((r as sparray)._csr()) : r;
} as never);

/** `A.set(index, values)`: each assigned position takes its value; a zero deletes the key. */
const dokSet = ssig<M<void>>('set(index, values, /)', function (
  this: DokArray,
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

/** The keys of a canonical CSR structure, in row order, with their values. */
function mapOfCsr(s: Csr): Map<number, number> {
  const map = new Map<number, number>();
  if (s.nnz === 0) return map;
  const { idx, val } = hostRows(s);
  for (let i = 0; i < s.rows; i++) {
    const r = idx[i]!;
    for (let k = 0; k < r.length; k++) map.set(i * s.cols + r[k]!, val[i]![k]!);
  }
  return map;
}

/**
 * DOK array: `dok_array(dense)`, `dok_array(sparse)`, `dok_array([m, n], {dtype})`. Build it entry
 * by entry with `A.set([i, j], v)`; `keys() values() items()` list the entries in insertion order.
 * Flat positions must stay exact: `m·n ≤ 2^53`.
 * @example
 * const A = sparse.dok_array([2, 2]);
 * A.set([1, 0], 4);
 * A.set([0, 1], 3);
 * A.keys() // [[1, 0], [0, 1]]
 * A.toarray().tolist() // [[0, 3], [4, 0]]
 */
export class DokArray extends sparray {
  readonly format: SparseFormat = 'dok';
  /** @internal Flat position → value, in insertion order. */
  _map: Map<number, number>;
  /** @internal */
  _m: number;
  /** @internal */
  _n: number;
  /** @internal */
  _dtype: DType;
  private _cast: (v: number) => number;
  private _cache: { csr: Csr; versions: string } | null = null;

  constructor(arg: SparseInput | typeof INTERNAL, opts?: SparseOptions | Csr | Map<number, number>) {
    super();
    const fn = 'dok_array';
    const limit = (m: number, n: number) => {
      if (m * n > 2 ** 53)
        throw new ValueError(argMessage(fn, 'shape', 'm·n ≤ 2^53 (exact flat keys)', `[${m}, ${n}]`));
    };
    const s = arg === INTERNAL ? (opts as Csr) : csrOfInput(fn, arg, (opts ?? {}) as SparseOptions, limit);
    limit(s.rows, s.cols);
    this._m = s.rows;
    this._n = s.cols;
    this._dtype = s.dtype;
    this._cast = castValue(s.dtype);
    this._map = mapOfCsr(s);
  }
  get shape(): readonly [number, number] {
    return [this._m, this._n];
  }
  get dtype(): DType {
    return this._dtype;
  }
  get nnz(): number {
    return this._map.size;
  }
  /**
   * The stored positions `[i, j]`, in insertion order (Python's `dict.keys()`).
   * @example sparse.dok_array([[0, 1], [2, 0]]).keys() // [[0, 1], [1, 0]]
   */
  keys(): [number, number][] {
    const n = this._n;
    return Array.from(this._map.keys(), (k) => {
      const i = Math.floor(k / n);
      return [i, k - i * n] as [number, number];
    });
  }
  /**
   * The stored values, in insertion order.
   * @example sparse.dok_array([[0, 1], [2, 0]]).values() // [1, 2]
   */
  values(): number[] {
    return Array.from(this._map.values());
  }
  /**
   * `[[i, j], value]` pairs, in insertion order.
   * @example sparse.dok_array([[0, 1.5]]).items() // [[[0, 1], 1.5]]
   */
  items(): [[number, number], number][] {
    const v = this.values();
    return this.keys().map((k, t) => [k, v[t]!]);
  }

  /** @internal Stores `v` (cast to the dtype) at (i, j); a zero deletes the key. */
  _put(i: number, j: number, v: number): void {
    this._live();
    const x = this._cast(v);
    const key = i * this._n + j;
    if (x === 0) {
      if (this._map.delete(key)) this._cache = null;
      return;
    }
    this._map.set(key, x);
    this._cache = null;
  }

  _csr(): Csr {
    this._live();
    const c = this._cache;
    if (c !== null && c.versions === csrVersions(c.csr)) return c.csr;
    const [m, n] = [this._m, this._n];
    const keys = Float64Array.from(this._map.keys()).sort();
    const nnz = keys.length;
    const indptr = region('int32', m + 1);
    const indices = region('int32', nnz);
    const data = region(this._dtype, nnz);
    const ip = indptr.data;
    for (let p = 0; p < nnz; p++) {
      const k = keys[p]!;
      const i = Math.floor(k / n);
      indices.data[p] = k - i * n;
      data.data[p] = this._map.get(k)!;
      ip[i + 1]!++;
    }
    for (let i = 0; i < m; i++) ip[i + 1]! += ip[i]!;
    const csr: Csr = {
      rows: m,
      cols: n,
      dtype: this._dtype,
      indptr,
      indices,
      data,
      nnz,
      canonical: true,
      sorted: true,
    };
    this._cache = { csr, versions: csrVersions(csr) };
    return csr;
  }
  _values(): Store {
    const s = this._csr();
    return vec(s.data, s.nnz);
  }
  _withData(data: Region, dtype: DType): sparray {
    return wrap.dok({ ...this._csr(), data, dtype });
  }
  _entries() {
    const keys = this.keys();
    return { row: keys.map((k) => k[0]), col: keys.map((k) => k[1]), vals: this.values() };
  }
  _copy(): sparray {
    const d = wrap.dok({ ...this._csr(), nnz: 0 });
    d._map = new Map(this._map);
    return d;
  }
  _transpose(): sparray {
    const [m, n] = [this._m, this._n];
    const t = wrap.dok({ ...this._csr(), rows: n, cols: m, nnz: 0 });
    for (const [k, v] of this._map) {
      const i = Math.floor(k / n);
      t._map.set((k - i * n) * m + i, v);
    }
    return t;
  }
  _sum_duplicates(): void {}
  _eliminate_zeros(): void {
    for (const [k, v] of this._map) if (v === 0) this._map.delete(k);
    this._cache = null;
  }
  _check_format(_full: boolean): void {}
  _replace(s: Csr): void {
    this._map = mapOfCsr(s);
    this._cache = null;
  }
  /** @internal Throws once disposed (as the region formats do). */
  _live(): void {
    if (this._gone)
      throw new DisposedError('dok_array: the array was disposed (dispose() freed its entries)');
  }
  private _gone = false;
  /** @internal Frees the host map (dispose). */
  _disposeHost(): void {
    this._map = new Map();
    this._cache = null;
    this._gone = true;
  }

  /**
   * `A[index]` as {@link sparray.get}; for `[i, j]`, Python's `dict.get(key, default)`: the
   * stored value, else `default` (0 when omitted). Slices and lists give a DOK array.
   * @throws {IndexError} for an index out of range
   * @example sparse.dok_array([[1, 0], [0, 2]]).get([1, 1]) // 2
   * @example sparse.dok_array([[1, 0], [0, 2]]).get([0, 1], -1) // -1
   */
  override get(index: readonly [number, number], dflt?: number): number;
  override get(index: readonly [readonly number[], readonly number[]]): ndarray;
  override get(index: Parameters<sparray['get']>[0]): sparray;
  override get(index: Parameters<sparray['get']>[0]): sparray | ndarray | number;
  override get(): sparray | ndarray | number {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder
    return dokGet.apply(this, arguments as never) as sparray | ndarray | number;
  }
  /**
   * `A[index] = values` in place, on the host map (the indices of {@link sparray.get}). Values are
   * cast to the dtype; an assigned zero deletes the key (SciPy). Positional only.
   * @throws {IndexError} for an index out of range or values of another shape
   * @example
   * const A = sparse.dok_array([2, 2], { dtype: 'int32' });
   * A.set([0, 0], 2.7); // cast to int32
   * A.set('1, :', [5, 0]);
   * A.items() // [[[0, 0], 2], [[1, 0], 5]]
   */
  override set(index: Parameters<sparray['set']>[0], values: Parameters<sparray['set']>[1]): void;
  override set(): void {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder
    dokSet.apply(this, arguments as never);
  }
}

wrap.dok = (s) => new DokArray(INTERNAL, s);
