/**
 * The `ndarray` class: a runtime store (a region seen through an affine view). Reads are the only
 * places that wait; every other method launches tasks and returns at once.
 *
 * This file holds the class itself: its state (the store, or a pending fused expression, or a
 * known 0-d value), construction, shape and dtype, the reads and conversions (`toArray`, `item`,
 * `tolist`, `toJSON`, iteration), indexing (`get`/`set`/`fill`), printing and `dispose`. The other
 * methods are declared on the class's type by module augmentation, each group in its own file
 * with its TSDoc — ndarray-operators.ts (element-wise operators, in-place forms, `dot`/`matmul`),
 * ndarray-reductions.ts, ndarray-tier2.ts (sort, take, put, ...) and ndarray-shape.ts — and
 * installed on the prototype at the end of this file, as a class body would (non-enumerable), so
 * `ndarray` stays one class.
 */
import {
  argMessage,
  assertInternal,
  type DType,
  type Future,
  installDispose,
  type MaybeDisposable,
  readStore,
  readStoreAsync,
  type Store,
  type TypedArray,
  ValueError,
} from '../runtime/index.js';
import type { Operand } from './ewise.js';
import type { Index } from './indexing.js';
import { toNdarray } from './interop.js';
import { iterate } from './iterate.js';
import { type NdarrayJSON, toJSONForm } from './json.js';
import { type LazyState, materialize } from './lazy.js';
import { mDispose, mFill, mGet, mItem, mSet } from './ndarray-methods.js';
import { operatorMethods } from './ndarray-operators.js';
import { reductionMethods } from './ndarray-reductions.js';
import { shapeMethods } from './ndarray-shape.js';
import { tier2Methods } from './ndarray-tier2.js';
import { formatArray } from './print.js';
import * as sh from './shape.js';
import { denseHooks, NDARRAY_BRAND } from './sig.js';

/** The shape of a 0-d array (shared, frozen). */
const SCALAR_SHAPE: readonly number[] = Object.freeze([]);

/** Nested JavaScript arrays of numbers (what `tolist()` returns). */
export type NestedArray = number | boolean | NestedArray[];

/**
 * An n-dimensional array of one dtype: a view (shape, strides, offset) of a region of shared
 * memory. Views made by basic slicing alias their base. The result of an element-wise operation
 * may be *lazy* (a pending fused expression, dense/lazy.ts) until its {@link ndarray.store} is
 * first reached; shape and dtype are known either way.
 * @example
 * const a = np.array([[1, 2], [3, 4]]);
 * a instanceof np.ndarray // true
 * String(a) // '[[1 2]\n [3 4]]'
 */
export class ndarray {
  /** @internal The store, or null while the array is lazy (then `_lazy` is set). */
  _store: Store | null;
  /** @internal The pending fused expression of a lazy array. */
  _lazy: LazyState | null = null;
  /** @internal What the collection of a lazy array undoes (dense/lazy.ts `LazyWatch`), while it stands for `_lazy`. */
  _lazyWatch: object | null = null;
  /**
   * @internal A lazy array a full reduction folded without storing (dense/lazy.ts `reduceLazy`):
   * its next use stores it instead of computing it again.
   */
  _folded = false;
  /** @internal A 0-d result that is still a future (reductions); materialized on demand. */
  _future: Future | null = null;
  /** @internal The region version at which `_future` is the array's value. */
  _futureVersion = -1;
  /**
   * @internal The dtype of a 0-d array whose value is known and that has no region yet
   * ({@link ndarray._fromValue}); null otherwise.
   */
  _valueDtype: DType | null = null;

  /** Wraps a store (no copy). Prefer {@link ndarray.fromStore}. */
  constructor(store: Store) {
    this._store = store;
  }

  /**
   * @internal A 0-d array whose value the program knows (an inline reduction, a host scalar:
   * `f._immediate`), without a region until something needs its store (issue 16 item 3: a small
   * solve reads such values with `item()` and never allocates for them). Reaching `store`
   * allocates the region and writes the value as the kernel would (dense/lazy.ts `materialize`).
   */
  static _fromValue(f: Future, dtype: DType): ndarray {
    const a = new ndarray(null as unknown as Store);
    a._future = f;
    a._valueDtype = dtype;
    return a;
  }

  /** @internal A lazy array (dense/lazy.ts). */
  static _fromLazy(state: LazyState): ndarray {
    const a = new ndarray(null as unknown as Store);
    a._lazy = state;
    return a;
  }

  /**
   * For library authors: the runtime store this array views. Reaching it materializes a lazy
   * array (launches its fused kernel into a fresh region).
   * @example np.zeros([2, 3]).store.shape // [2, 3]
   */
  get store(): Store {
    const s = this._store;
    return s !== null ? s : materialize(this);
  }

  /**
   * Wraps a runtime store as an array without copying (for library authors).
   * @param store the store to view
   * @returns an array over the same memory
   * @example ndarray.fromStore(Store.whole(createRegion('float64', 3))).shape // [3]
   */
  static fromStore(store: Store): ndarray {
    return new ndarray(store);
  }

  /** The dimensions. @example np.zeros([2, 3]).shape // [2, 3] */
  get shape(): readonly number[] {
    const s = this._store;
    if (s !== null) return s.shape;
    const l = this._lazy;
    return l !== null ? l.shape : SCALAR_SHAPE;
  }

  /** Number of dimensions. @example np.zeros([2, 3]).ndim // 2 */
  get ndim(): number {
    return this.shape.length;
  }

  /** Number of elements. @example np.zeros([2, 3]).size // 6 */
  get size(): number {
    const s = this._store;
    if (s !== null) return s.size;
    if (this._lazy === null) return 1; // a known 0-d value
    let n = 1;
    for (const e of this._lazy.shape) n *= e;
    return n;
  }

  /** Element type. @example np.array([1.5]).dtype // 'float64' */
  get dtype(): DType {
    const s = this._store;
    if (s !== null) return s.dtype;
    const l = this._lazy;
    return l !== null ? l.dtype : this._valueDtype!;
  }

  /**
   * A C-order copy of the elements (waits for pending work).
   * @returns a typed array of the dtype (bool as 0/1 bytes)
   * @example np.arange(3).toArray() // Int32Array [0, 1, 2]
   */
  toArray(): TypedArray {
    return readStore(this.store);
  }

  /**
   * {@link ndarray.toArray} without blocking the event loop.
   * @returns a promise of a typed array of the dtype
   * @example
   * np.arange(3).toArrayAsync() instanceof Promise // true
   * // await np.arange(3).toArrayAsync() resolves to Int32Array [0, 1, 2]
   */
  async toArrayAsync(): Promise<TypedArray> {
    return readStoreAsync(this.store);
  }

  /**
   * NumPy's `a.item(*args)`: one element as a JavaScript number (booleans as `true`/`false`). With
   * no argument the array must have one element; else `args` is a flat (C-order) index, or one
   * index per axis (as arguments or one array). Negative indices count from the end.
   *
   * Typed `number`, the value of every numeric dtype; a bool array's value is a boolean: name it,
   * `a.all().item<boolean>()` (the dtype is known only at run time).
   * @typeParam T - the value's type: `number` (the default) or `boolean` for bool arrays
   * @param args nothing, a flat index, or one index per axis
   * @throws {ValueError} with no argument when the array has more than one element, or with a
   * number of indices that is neither 1 nor ndim
   * @throws {IndexError} for an index out of bounds
   * @returns the element (a number, or a boolean for bool arrays)
   * @example np.sum(np.ones([3])).item() // 3
   * @example np.array([1, 0]).any().item<boolean>() // true
   * @example np.arange(6).reshape(2, 3).item(1, 2) // 5
   * @example np.arange(6).reshape(2, 3).item(-2) // 4
   */
  item<T extends number | boolean = number>(...args: (number | readonly number[])[]): T;
  item(): number | boolean {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder's fast path (no rest array)
    return mItem.apply(this, arguments as never);
  }

  /** @internal The value of a one-element array (`a.item()`). */
  _item(): number | boolean {
    this.checkItem();
    if (this.futureValid()) return this.scalar(this._future!.value());
    return this.scalar(readStore(this.store)[0]!);
  }

  /**
   * {@link ndarray.item} without blocking the event loop.
   * @typeParam T - as for {@link ndarray.item}
   * @returns a promise of the value
   * @throws {ValueError} when the array has more than one element
   * @example
   * np.ones([1]).itemAsync() instanceof Promise // true
   * // await np.sum(np.ones([3])).itemAsync() resolves to 3
   */
  async itemAsync<T extends number | boolean = number>(): Promise<T> {
    this.checkItem();
    if (this.futureValid()) return this.scalar(await this._future!.valueAsync()) as T;
    return this.scalar((await readStoreAsync(this.store))[0]!) as T;
  }

  /**
   * The elements as nested JavaScript arrays (a scalar for 0-d arrays).
   * @returns nested arrays of numbers (booleans for bool arrays)
   * @example np.eye(2).tolist() // [[1, 0], [0, 1]]
   */
  tolist(): NestedArray {
    const flat = this.toArray();
    const shape = this.shape;
    const bool = this.dtype === 'bool';
    const conv = (v: number): number | boolean => (bool ? v !== 0 : v);
    if (shape.length === 0) return conv(flat[0]!);
    let pos = 0;
    const build = (d: number): NestedArray[] => {
      const out: NestedArray[] = new Array(shape[d]!);
      for (let i = 0; i < shape[d]!; i++) out[i] = d + 1 === shape.length ? conv(flat[pos++]!) : build(d + 1);
      return out;
    };
    return build(0);
  }

  /**
   * What `JSON.stringify(a)` writes: `{type: 'ndarray', dtype, shape, data}` with `data` the view's
   * elements as nested lists (NaN and ±Infinity as strings). Read it back with `np.fromJSON`.
   * @returns the JSON form (waits for pending work)
   * @example JSON.stringify(np.arange(1e6).get('2:4')) // '{"type":"ndarray","dtype":"int32","shape":[2],"data":[2,3]}'
   * @example np.array([[1.5, Infinity]]).toJSON().data // [[1.5, 'Infinity']]
   */
  toJSON(): NdarrayJSON {
    return toJSONForm(this);
  }

  /**
   * `for (const x of a)`, as NumPy iterates: a 1-D array yields its elements (numbers; booleans
   * for bool), an n-D array its (n-1)-D views along the first axis.
   * @returns an iterator over the first axis
   * @throws {ArgumentTypeError} for a 0-d array
   * @example [...np.array([1, 2, 3])] // [1, 2, 3]
   * @example Array.from(np.arange(6).reshape(2, 3), (row) => String(row)) // ['[0 1 2]', '[3 4 5]']
   */
  [Symbol.iterator](): Iterator<ndarray | number | boolean> {
    return iterate(this);
  }

  /**
   * `Number(a)` of a one-element array.
   * @returns the element as a number
   * @throws {ValueError} when the array has more than one element
   * @example
   * np.array([2.5]).valueOf() // 2.5
   * np.sum(np.array([1, 2])) * 2 // 6
   */
  valueOf(): number {
    return Number(this.item());
  }

  // ---- indexing -------------------------------------------------------------------------------

  /**
   * `a[index]`: a view aliasing `a` for basic indices (integers, slices, `null`, `'...'`), a copy
   * for integer/boolean array indices.
   * @param index a NumPy index string (`'1:-1, ::2'`) or an array of parts
   * @returns a view or a copy of the selected elements
   * @throws {IndexError} on a malformed index or an index out of bounds (naming index and axis)
   * @example np.arange(6).get('1::2').tolist() // [1, 3, 5]
   */
  get(index: Index): ndarray;
  get(): ndarray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder's fast path
    return mGet.apply(this, arguments as never);
  }

  /**
   * `a[index] = value`: writes through the view (a task on that sub-space) or scatters.
   * @param index as for {@link ndarray.get}
   * @param value a scalar or an array broadcast to the selection
   * @returns this array
   * @throws {IndexError} on a malformed index or an index out of bounds
   * @example
   * const a = np.zeros([2, 2]);
   * a.set('0, :', 7).tolist() // [[7, 7], [0, 0]]
   */
  set(index: Index, value: Operand): this;
  set(): this {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder's fast path
    return mSet.apply(this, arguments as never) as this;
  }

  /**
   * Fills the array with a scalar (in place); NumPy's `a.fill(value)` (positional only).
   * @returns this
   * @param value the scalar
   * @example np.zeros([3]).fill(2).tolist() // [2, 2, 2]
   */
  fill(value: number | boolean): this;
  fill(): this {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder's fast path
    return mFill.apply(this, arguments as never) as this;
  }

  // The other methods — element-wise operators, their in-place forms and dot/matmul
  // (ndarray-operators.ts), reductions (ndarray-reductions.ts), Tier 2 (ndarray-tier2.ts) and shape
  // (ndarray-shape.ts) — are declared with their TSDoc in those files and installed on the prototype
  // at the end of this one.

  // ---- shape ----------------------------------------------------------------------------------

  /** The transpose (a view). @example np.array([[1, 2, 3]]).T.tolist() // [[1], [2], [3]] */
  get T(): ndarray {
    return sh.transpose(this);
  }

  // ---- printing and interop -------------------------------------------------------------------

  /**
   * NumPy-style text (`str(a)`), summarized past 1000 elements.
   * @example np.array([[1.5, 2], [3, 4]]).toString() // '[[1.5 2. ]\n [3.  4. ]]'
   */
  toString(): string {
    if (this._store?.region.disposed) return '<disposed>';
    return formatArray(this);
  }

  /** For `console.log` in Node. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    if (this._store?.region.disposed) return 'array(<disposed>)';
    return `array(${formatArray(this, 'array(')}${this.dtype === 'float64' || this.dtype === 'int32' || this.dtype === 'bool' ? '' : `, dtype=${this.dtype}`})`;
  }

  /**
   * Frees the array's memory now rather than when it is garbage-collected (no NumPy equivalent:
   * CPython frees at the last reference). Work already issued on the array finishes first, so
   * disposing a result that pending operations still read is safe. Views and other arrays that
   * share the memory (`a.get('1:')`, `a.reshape(...)`, `np.asarray(a)`) are freed with it.
   * Afterwards shape and dtype still read, and any operation on or read of the array — or of an
   * array sharing its memory — raises {@link DisposedError}; disposing again does nothing.
   * In a hot loop, dispose each step's result once read, or declare it with `using` (arrays have
   * `[Symbol.dispose]`; in TypeScript it is typed where the `lib` has `esnext.disposable`), so the
   * next step reuses its memory without waiting for a collection.
   * @returns nothing
   * @throws {ArgumentTypeError} when given an argument
   * @example
   * const y = np.ones([3]).multiply(2);
   * y.sum().item() // 6
   * y.dispose();
   * y.shape // [3]
   * // y.sum() now throws DisposedError
   * @example
   * {
   *   using y = np.ones([3]).multiply(2);
   *   y.sum().item() // 6
   * } // y is disposed here
   */
  dispose(): void;
  dispose(): void {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder's fast path
    mDispose.apply(this, arguments as never);
  }

  /**
   * A scijs `ndarray` over the same shared memory (no copy).
   * @returns a scijs ndarray
   * @example np.eye(2).to_ndarray().get(1, 1) // 1
   */
  to_ndarray(): ReturnType<typeof toNdarray> {
    return toNdarray(this);
  }

  private checkItem(): void {
    if (this.size !== 1) {
      throw new ValueError(
        argMessage('item', 'self', 'an array of size 1', `an array of shape [${this.shape}]`),
      );
    }
  }

  private futureValid(): boolean {
    if (this._future === null) return false;
    const s = this._store;
    // No region yet: nothing can have written the value.
    if (s === null) return this._lazy === null;
    return s.region.version === this._futureVersion;
  }

  private scalar(v: number): number | boolean {
    switch (this.dtype) {
      case 'bool':
        return v !== 0;
      case 'int32':
        return v | 0;
      case 'uint8':
        return v & 255;
      case 'float32':
        return Math.fround(v);
      default:
        return v;
    }
  }
}

/**
 * @internal The implementations of ndarray methods `K` declared by module augmentation (in
 * ndarray-operators.ts, ...): called with the array as `this`, typed by the declarations.
 */
export type Methods<K extends keyof ndarray> = Pick<ndarray, K> & ThisType<ndarray>;

/**
 * Puts each group's methods on the prototype as a class body does (writable, configurable, not
 * enumerable). A name the class or another group already has is a bug: it throws at load.
 */
function installMethods(...groups: object[]): void {
  for (const methods of groups) {
    for (const [key, value] of Object.entries(methods)) {
      assertInternal(!Object.hasOwn(ndarray.prototype, key), `ndarray.${key} is declared twice`);
      Object.defineProperty(ndarray.prototype, key, {
        value,
        writable: true,
        enumerable: false,
        configurable: true,
      });
    }
  }
}
installMethods(operatorMethods(), reductionMethods(), tier2Methods(), shapeMethods());

denseHooks.ndarray = ndarray;
Object.defineProperty(ndarray.prototype, NDARRAY_BRAND, { value: true });
/**
 * `[Symbol.dispose]` (TypeScript's `using`), typed where the consumer's lib has it (runtime/disposable.ts;
 * biome.json allows this one declaration merge).
 */
export interface ndarray extends MaybeDisposable {}
installDispose(ndarray.prototype, function (this: ndarray) {
  mDispose.call(this);
} as never);
