/**
 * The `ndarray` class: a runtime store (a region seen through an affine view). Reads are the only
 * places that wait; every other method launches tasks and returns at once.
 */
import {
  argMessage,
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
import * as cp from './cumprod.js';
import type { Operand } from './ewise.js';
import type { Index } from './indexing.js';
import { toNdarray } from './interop.js';
import { iterate } from './iterate.js';
import { type NdarrayJSON, toJSONForm } from './json.js';
import { type LazyState, materialize } from './lazy.js';
import { dot, matmul } from './linalg-api.js';
import { mDispose, mFill, mFlatten, mGet, mItem, mSet } from './ndarray-methods.js';
import { formatArray } from './print.js';
import * as ra from './reduce-api.js';
import * as sel from './select.js';
import * as sh from './shape.js';
import * as sa from './shape-api.js';
import * as smore from './shape-more.js';
import { type ArrayInput, denseHooks, NDARRAY_BRAND, REFLECT, type Reflecting, reflects } from './sig.js';
import * as so from './sort-api.js';
import type { UfuncOptions } from './ufuncs.js';
import * as ew from './ufuncs.js';
import * as t2 from './ufuncs-more.js';

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

  // ---- element-wise (operators as methods) ----------------------------------------------------

  /**
   * `this + b`.
   * @param b the other operand (an array or a scalar)
   * @param out an array to write the result into (or the options object)
   * @param opts `out` and `dtype` (compute in that dtype)
   * @returns the result array
   * @example np.array([1, 2]).add(10).tolist() // [11, 12]
   */
  add(b: ArrayInput | Reflecting, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray {
    if (reflects(b)) return b[REFLECT]('add', this) as ndarray;
    return ew.add(this, b, out, opts);
  }
  /**
   * `this - b`.
   * @param b the other operand (an array or a scalar)
   * @param out an array to write the result into (or the options object)
   * @param opts `out` and `dtype` (compute in that dtype)
   * @returns the result array
   * @example np.array([1, 2]).subtract(1).tolist() // [0, 1]
   */
  subtract(b: ArrayInput | Reflecting, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray {
    if (reflects(b)) return b[REFLECT]('subtract', this) as ndarray;
    return ew.subtract(this, b, out, opts);
  }
  /**
   * `this * b`.
   * @param b the other operand (an array or a scalar)
   * @param out an array to write the result into (or the options object)
   * @param opts `out` and `dtype` (compute in that dtype)
   * @returns the result array
   * @example np.array([1, 2]).multiply(3).tolist() // [3, 6]
   */
  multiply<R>(b: Reflecting<R>): R;
  multiply(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
  multiply(b: ArrayInput | Reflecting, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): unknown {
    if (reflects(b)) return b[REFLECT]('multiply', this);
    return ew.multiply(this, b, out, opts);
  }
  /**
   * `this / b` (true division).
   * @param b the other operand (an array or a scalar)
   * @param out an array to write the result into (or the options object)
   * @param opts `out` and `dtype` (compute in that dtype)
   * @returns the result array
   * @example String(np.array([1, 2]).divide(4)) // '[0.25 0.5 ]'
   */
  divide(b: ArrayInput | Reflecting, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray {
    if (reflects(b)) return b[REFLECT]('divide', this) as ndarray;
    return ew.divide(this, b, out, opts);
  }
  /**
   * `this ** b`.
   * @param b the other operand (an array or a scalar)
   * @param out an array to write the result into (or the options object)
   * @param opts `out` and `dtype` (compute in that dtype)
   * @returns the result array
   * @example np.array([2, 3]).power(2).tolist() // [4, 9]
   */
  power(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray {
    return ew.power(this, b, out, opts);
  }
  /**
   * `-this`.
   * @param out an array to write the result into (or the options object)
   * @param opts `out` and `dtype` (compute in that dtype)
   * @returns the result array
   * @example np.array([1, -2]).negative().tolist() // [-1, 2]
   */
  negative(out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray {
    return ew.negative(this, out, opts);
  }
  /**
   * `|this|`.
   * @param out an array to write the result into (or the options object)
   * @param opts `out` and `dtype` (compute in that dtype)
   * @returns the result array
   * @example np.array([-1, 2]).abs().tolist() // [1, 2]
   */
  abs(out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray {
    return ew.abs(this, out, opts);
  }
  /**
   * `this == b`.
   * @param b the other operand (an array or a scalar)
   * @param out an array to write the result into (or the options object)
   * @param opts `out` and `dtype` (compute in that dtype)
   * @returns the result array
   * @example np.array([1, 2]).equal(2).tolist() // [false, true]
   */
  equal(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray {
    return ew.equal(this, b, out, opts);
  }
  /**
   * `this != b`.
   * @param b the other operand (an array or a scalar)
   * @param out an array to write the result into (or the options object)
   * @param opts `out` and `dtype` (compute in that dtype)
   * @returns the result array
   * @example np.array([1, 2]).not_equal(2).tolist() // [true, false]
   */
  not_equal(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray {
    return ew.not_equal(this, b, out, opts);
  }
  /**
   * `this < b`.
   * @param b the other operand (an array or a scalar)
   * @param out an array to write the result into (or the options object)
   * @param opts `out` and `dtype` (compute in that dtype)
   * @returns the result array
   * @example np.array([1, 2]).less(2).tolist() // [true, false]
   */
  less(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray {
    return ew.less(this, b, out, opts);
  }
  /**
   * `this <= b`.
   * @param b the other operand (an array or a scalar)
   * @param out an array to write the result into (or the options object)
   * @param opts `out` and `dtype` (compute in that dtype)
   * @returns the result array
   * @example np.array([1, 2]).less_equal(2).tolist() // [true, true]
   */
  less_equal(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray {
    return ew.less_equal(this, b, out, opts);
  }
  /**
   * `this > b`.
   * @param b the other operand (an array or a scalar)
   * @param out an array to write the result into (or the options object)
   * @param opts `out` and `dtype` (compute in that dtype)
   * @returns the result array
   * @example np.array([1, 2]).greater(1).tolist() // [false, true]
   */
  greater(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray {
    return ew.greater(this, b, out, opts);
  }
  /**
   * `this >= b`.
   * @param b the other operand (an array or a scalar)
   * @param out an array to write the result into (or the options object)
   * @param opts `out` and `dtype` (compute in that dtype)
   * @returns the result array
   * @example np.array([1, 2]).greater_equal(2).tolist() // [false, true]
   */
  greater_equal(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray {
    return ew.greater_equal(this, b, out, opts);
  }
  /**
   * Limits values to `[a_min, a_max]`.
   * @param a_min the lower bound
   * @param a_max the upper bound
   * @param out an array to write the result into (or the options object)
   * @param opts `out` and `dtype` (compute in that dtype)
   * @returns the result array
   * @example np.array([1, 5, 9]).clip(2, 6).tolist() // [2, 5, 6]
   */
  clip(
    a_min?: ArrayInput | null | ew.ClipOptions,
    a_max?: ArrayInput | null | ew.ClipOptions,
    out?: ndarray | null | ew.ClipOptions,
    opts?: ew.ClipOptions,
  ): ndarray {
    return ew.clip(this, a_min, a_max, out, opts);
  }

  /**
   * `this += b` in place (result cast to this dtype, same-kind rule).
   * @returns this
   * @param b the other operand (an array or a scalar)
   * @throws {DTypeError} when the result cannot be cast to this dtype (same-kind rule)
   * @example np.array([1, 2]).iadd(1).tolist() // [2, 3]
   */
  iadd(b: ArrayInput): this {
    ew.add(this, b, this);
    return this;
  }
  /**
   * `this -= b` in place.
   * @returns this
   * @param b the other operand (an array or a scalar)
   * @example np.array([1, 2]).isub(1).tolist() // [0, 1]
   */
  isub(b: ArrayInput): this {
    ew.subtract(this, b, this);
    return this;
  }
  /**
   * `this *= b` in place.
   * @returns this
   * @param b the other operand (an array or a scalar)
   * @example np.array([1, 2]).imul(3).tolist() // [3, 6]
   */
  imul(b: ArrayInput): this {
    ew.multiply(this, b, this);
    return this;
  }
  /**
   * `this /= b` in place (float arrays only, as NumPy).
   * @returns this
   * @param b the other operand (an array or a scalar)
   * @throws {DTypeError} on an integer array (the float64 quotient cannot be cast back)
   * @example np.array([1, 3], { dtype: 'float64' }).idiv(2).tolist() // [0.5, 1.5]
   */
  idiv(b: ArrayInput): this {
    ew.divide(this, b, this);
    return this;
  }

  // ---- reductions -----------------------------------------------------------------------------

  /**
   * Sum (see {@link sum}).
   * @param axis as for {@link sum}; then `dtype`, `out`, or the options object
   * @returns as for {@link sum}
   * @example
   * np.array([[1, 2], [3, 4]]).sum({ axis: 0 }).tolist() // [4, 6]
   * np.array([[1, 2], [3, 4]]).sum(1).tolist() // [3, 7]
   */
  sum(
    axis?: ra.AxisArg | ra.SumOptions,
    dtype?: DType | null | ra.SumOptions,
    out?: ndarray | null | ra.SumOptions,
    opts?: ra.SumOptions,
  ): ndarray {
    return ra.sum(this, axis, dtype, out, opts);
  }
  /**
   * Product.
   * @param opts as for {@link prod}
   * @returns as for {@link prod}
   * @example np.array([2, 3, 4]).prod().item() // 24
   */
  prod(
    axis?: ra.AxisArg | ra.SumOptions,
    dtype?: DType | null | ra.SumOptions,
    out?: ndarray | null | ra.SumOptions,
    opts?: ra.SumOptions,
  ): ndarray {
    return ra.prod(this, axis, dtype, out, opts);
  }
  /**
   * Minimum.
   * @param opts as for {@link min}
   * @returns as for {@link min}
   * @throws {ValueError} on an empty reduction
   * @example np.array([3, 1, 2]).min().item() // 1
   */
  min(
    axis?: ra.AxisArg | ra.MinMaxOptions,
    out?: ndarray | null | ra.MinMaxOptions,
    opts?: ra.MinMaxOptions,
  ): ndarray {
    return ra.min(this, axis, out, opts);
  }
  /**
   * Maximum.
   * @param opts as for {@link max}
   * @returns as for {@link max}
   * @throws {ValueError} on an empty reduction
   * @example np.array([3, 1, 2]).max().item() // 3
   */
  max(
    axis?: ra.AxisArg | ra.MinMaxOptions,
    out?: ndarray | null | ra.MinMaxOptions,
    opts?: ra.MinMaxOptions,
  ): ndarray {
    return ra.max(this, axis, out, opts);
  }
  /**
   * Mean.
   * @param opts as for {@link mean}
   * @returns as for {@link mean}
   * @example np.array([[1, 2], [3, 4]]).mean({ axis: 1 }).tolist() // [1.5, 3.5]
   */
  mean(
    axis?: ra.AxisArg | ra.MeanOptions,
    dtype?: DType | null | ra.MeanOptions,
    out?: ndarray | null | ra.MeanOptions,
    opts?: ra.MeanOptions,
  ): ndarray {
    return ra.mean(this, axis, dtype, out, opts);
  }
  /**
   * Variance.
   * @param opts `axis`, `keepdims` and `ddof`
   * @returns the variance
   * @example np.array([1, 2, 3, 4]).var().item() // 1.25
   */
  var(
    axis?: ra.AxisArg | ra.VarOptions,
    dtype?: DType | null | ra.VarOptions,
    out?: ndarray | null | ra.VarOptions,
    ddof?: number | ra.VarOptions,
    opts?: ra.VarOptions,
  ): ndarray {
    return ra.var_(this, axis, dtype, out, ddof, opts);
  }
  /**
   * Standard deviation.
   * @param opts `axis`, `keepdims` and `ddof`
   * @returns the standard deviation
   * @example np.array([1, 3]).std().item() // 1
   */
  std(
    axis?: ra.AxisArg | ra.VarOptions,
    dtype?: DType | null | ra.VarOptions,
    out?: ndarray | null | ra.VarOptions,
    ddof?: number | ra.VarOptions,
    opts?: ra.VarOptions,
  ): ndarray {
    return ra.std(this, axis, dtype, out, ddof, opts);
  }
  /**
   * Index of the minimum.
   * @param opts `axis` and `keepdims`
   * @returns int32 indices
   * @example np.array([3, 1, 2]).argmin().item() // 1
   */
  argmin(
    axis?: number | null | ra.ArgOptions,
    out?: ndarray | null | ra.ArgOptions,
    opts?: ra.ArgOptions,
  ): ndarray {
    return ra.argmin(this, axis, out, opts);
  }
  /**
   * Index of the maximum.
   * @param opts `axis` and `keepdims`
   * @returns int32 indices
   * @example np.array([3, 1, 2]).argmax().item() // 0
   */
  argmax(
    axis?: number | null | ra.ArgOptions,
    out?: ndarray | null | ra.ArgOptions,
    opts?: ra.ArgOptions,
  ): ndarray {
    return ra.argmax(this, axis, out, opts);
  }
  /**
   * All nonzero.
   * @param opts as for {@link all}
   * @returns a bool result
   * @example np.array([1, 0]).all().item() // false
   */
  all(
    axis?: ra.AxisArg | ra.MinMaxOptions,
    out?: ndarray | null | ra.MinMaxOptions,
    opts?: ra.MinMaxOptions,
  ): ndarray {
    return ra.all(this, axis, out, opts);
  }
  /**
   * Any nonzero.
   * @param opts as for {@link any}
   * @returns a bool result
   * @example np.array([1, 0]).any().item() // true
   */
  any(
    axis?: ra.AxisArg | ra.MinMaxOptions,
    out?: ndarray | null | ra.MinMaxOptions,
    opts?: ra.MinMaxOptions,
  ): ndarray {
    return ra.any(this, axis, out, opts);
  }
  /**
   * Cumulative sum (flattened when no axis).
   * @param opts `axis` (null or omitted: the flattened array)
   * @returns a new array
   * @example np.array([1, 2, 3]).cumsum().tolist() // [1, 3, 6]
   */
  cumsum(
    axis?: number | null | ra.CumsumOptions,
    dtype?: DType | null | ra.CumsumOptions,
    out?: ndarray | null | ra.CumsumOptions,
    opts?: ra.CumsumOptions,
  ): ndarray {
    return ra.cumsum(this, axis, dtype, out, opts);
  }

  // ---- Tier 2 (dense/ufuncs-more.ts, sort.ts, select.ts, ...) -----------------------------------

  /**
   * Rounds to `decimals` places, halves to even (as {@link round}).
   * @param decimals decimal places (negative: tens, hundreds, ...)
   * @returns a new array
   * @example np.array([0.5, 1.5, 2.567]).round(1).tolist() // [0.5, 1.5, 2.6]
   */
  round(
    decimals?: number | t2.RoundOptions,
    out?: ndarray | null | t2.RoundOptions,
    opts?: t2.RoundOptions,
  ): ndarray {
    return t2.round(this, decimals, out, opts);
  }
  /**
   * Sorts in place along `axis` (NumPy's `a.sort()`: returns nothing; see {@link sort}).
   * @param axis the axis (default -1)
   * @param kind accepted for NumPy compatibility
   * @param order must be null
   * @returns nothing
   * @example
   * const a = np.array([3, 1, 2]);
   * a.sort();
   * a.tolist() // [1, 2, 3]
   */
  sort(
    axis?: number | so.SortOptions,
    kind?: string | null | so.SortOptions,
    order?: null | so.SortOptions,
    opts?: so.SortOptions,
  ): void {
    const sorted = so.sort(this, axis, kind, order, opts);
    this.set('...', sorted);
  }
  /**
   * The indices that sort this array (see {@link argsort}).
   * @param axis the axis (default -1; null: flattened)
   * @returns int32 indices
   * @example np.array([3, 1, 2]).argsort().tolist() // [1, 2, 0]
   */
  argsort(
    axis?: number | null | so.SortOptions,
    kind?: string | null | so.SortOptions,
    order?: null | so.SortOptions,
    opts?: so.SortOptions,
  ): ndarray {
    return so.argsort(this, axis, kind, order, opts);
  }
  /**
   * Insertion points of `v` in this sorted 1-D array (see {@link searchsorted}).
   * @param v the values to place
   * @returns int32 indices
   * @example np.array([1, 2, 3]).searchsorted([0, 2.5]).tolist() // [0, 2]
   */
  searchsorted(
    v: ArrayInput,
    side?: 'left' | 'right' | so.SearchsortedOptions,
    sorter?: ArrayInput | null | so.SearchsortedOptions,
    opts?: so.SearchsortedOptions,
  ): ndarray {
    return so.searchsorted(this, v, side, sorter, opts);
  }
  /**
   * Cumulative product (flattened when no axis; see {@link cumprod}).
   * @param axis the axis (null: the flattened array)
   * @returns a new array
   * @example np.array([1, 2, 3]).cumprod().tolist() // [1, 2, 6]
   */
  cumprod(
    axis?: number | null | cp.CumprodOptions,
    dtype?: DType | null | cp.CumprodOptions,
    out?: ndarray | null | cp.CumprodOptions,
    opts?: cp.CumprodOptions,
  ): ndarray {
    return cp.cumprod(this, axis, dtype, out, opts);
  }
  /**
   * Elements at `indices` along `axis` (see {@link take}).
   * @param indices integer indices
   * @returns a new array
   * @example np.array([4, 3, 5]).take([2, 0]).tolist() // [5, 4]
   */
  take(
    indices: ArrayInput,
    axis?: number | null | sel.TakeOptions,
    out?: ndarray | null | sel.TakeOptions,
    mode?: 'raise' | 'wrap' | 'clip' | sel.TakeOptions,
    opts?: sel.TakeOptions,
  ): ndarray {
    return sel.take(this, indices, axis, out, mode, opts);
  }
  /**
   * Writes `v` at the flat indices `ind`, in place (see {@link put}).
   * @param ind flat integer indices
   * @param v the values
   * @returns nothing
   * @example
   * const a = np.zeros([3]);
   * a.put([1], 7);
   * a.tolist() // [0, 7, 0]
   */
  put(
    ind: ArrayInput,
    v: ArrayInput,
    mode?: 'raise' | 'wrap' | 'clip' | { mode?: 'raise' | 'wrap' | 'clip' },
  ): void {
    sel.put(this, ind, v, mode);
  }
  /**
   * The indices of the nonzero elements, one array per dimension (see {@link nonzero}).
   * @returns int32 index arrays
   * @example np.array([0, 2, 0, 3]).nonzero()[0].tolist() // [1, 3]
   */
  nonzero(): ndarray[] {
    return sel.nonzero(this);
  }
  /**
   * Repeats elements (see {@link repeat}).
   * @param repeats a count, or one per element along the axis
   * @returns a new array
   * @example np.array([1, 2]).repeat(2).tolist() // [1, 1, 2, 2]
   */
  repeat(
    repeats: ArrayInput,
    axis?: number | null | { axis?: number | null },
    opts?: { axis?: number | null },
  ): ndarray {
    return smore.repeat(this, repeats, axis, opts);
  }
  // ---- end of Tier 2 ----------------------------------------------------------------------------

  // ---- linear algebra -------------------------------------------------------------------------

  /**
   * `dot(this, b)`.
   * @param b the other array
   * @returns the product
   * @example np.array([1, 2]).dot(np.array([3, 4])).item() // 11
   */
  dot(b: ArrayInput | Reflecting): ndarray {
    if (reflects(b)) return b[REFLECT]('dot', this) as ndarray;
    return dot(this, b);
  }
  /**
   * `this
   * @ b`.
   * @param b the other array
   * @returns the product
   * @example np.array([[1, 2]]).matmul(np.array([[3], [4]])).tolist() // [[11]]
   */
  matmul(b: ArrayInput | Reflecting): ndarray {
    if (reflects(b)) return b[REFLECT]('matmul', this) as ndarray;
    return matmul(this, b);
  }

  // ---- shape ----------------------------------------------------------------------------------

  /** The transpose (a view). @example np.array([[1, 2, 3]]).T.tolist() // [[1], [2], [3]] */
  get T(): ndarray {
    return sh.transpose(this);
  }
  /**
   * New shape (a view when contiguous); one dimension may be -1 (inferred).
   * @param shape the new dimensions, as arguments or one array
   * @returns a view when contiguous, else a copy
   * @throws {ShapeError} when the sizes differ
   * @example np.arange(6).reshape(2, 3).tolist() // [[0, 1, 2], [3, 4, 5]]
   */
  reshape(...shape: (number | readonly number[] | { order?: sa.Order })[]): ndarray {
    return sa.reshapeMethod(this, ...shape);
  }
  /**
   * 1-D view or copy.
   * @returns a 1-D array
   * @example np.array([[1, 2], [3, 4]]).ravel().tolist() // [1, 2, 3, 4]
   */
  ravel(order?: sa.Order | { order?: sa.Order }): ndarray {
    return sa.ravel(this, order);
  }
  /**
   * 1-D copy, read in `order` ('C' row-major, the default; 'F' column-major; 'A' and 'K' as 'C').
   * @param order 'C', 'F', 'A' or 'K' (or the options object `{order}`)
   * @returns a new 1-D array
   * @example np.array([[1, 2], [3, 4]]).flatten().tolist() // [1, 2, 3, 4]
   * @example np.array([[1, 2], [3, 4]]).flatten({ order: 'F' }).tolist() // [1, 3, 2, 4]
   */
  flatten(order?: sa.Order | { order?: sa.Order }): ndarray;
  flatten(): ndarray {
    // biome-ignore lint/complexity/noArguments: forwarded whole to the binder
    return mFlatten.apply(this, arguments as never);
  }
  /**
   * Permuted axes (a view).
   * @param axes a permutation of the axes (reversed when none)
   * @returns a view
   * @example np.zeros([2, 3, 4]).transpose(2, 0, 1).shape // [4, 2, 3]
   */
  transpose(...axes: (number | readonly number[])[]): ndarray {
    const p = axes.length === 1 && Array.isArray(axes[0]) ? axes[0] : (axes as number[]);
    return sa.transpose(this, p.length === 0 ? undefined : p);
  }
  /**
   * Swapped axes (a view).
   * @param axis1 an axis
   * @param axis2 another axis
   * @returns a view
   * @example np.zeros([2, 3, 4]).swapaxes(0, 2).shape // [4, 3, 2]
   */
  swapaxes(axis1: number, axis2: number): ndarray {
    return sa.swapaxes(this, axis1, axis2);
  }
  /**
   * Without size-1 axes (a view).
   * @param axis the axes to remove (all size-1 axes when omitted)
   * @returns a view
   * @throws {ValueError} on an axis of size ≠ 1
   * @example np.zeros([1, 3, 1]).squeeze().shape // [3]
   */
  squeeze(axis?: number | readonly number[] | null | { axis?: number | readonly number[] | null }): ndarray {
    return sa.squeeze(this, axis);
  }
  /**
   * A C-contiguous copy.
   * @returns a new array
   * @example
   * const a = np.array([1, 2]);
   * const b = a.copy();
   * b.set('0', 9);
   * a.tolist() // [1, 2]
   */
  copy(order?: sa.Order | { order?: sa.Order }): ndarray {
    return sa.copy(this, order);
  }
  /**
   * A converted copy.
   * @param dtype the target dtype
   * @returns a new array
   * @example String(np.array([1.7, -1.7]).astype('int32')) // '[ 1 -1]'
   */
  astype(dtype: DType, opts?: { copy?: boolean }): ndarray {
    return sa.astype(this, dtype, opts);
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
