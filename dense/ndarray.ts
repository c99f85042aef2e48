/**
 * The `ndarray` class: a runtime store (a region seen through an affine view). Reads are the only
 * places that wait; every other method launches tasks and returns at once.
 */
import {
  argMessage,
  type DType,
  type Future,
  readStore,
  readStoreAsync,
  type Store,
  type TypedArray,
  ValueError,
} from '../runtime/index.js';
import { cumsum } from './cumsum.js';
import type { Operand, OutOptions } from './ewise.js';
import { assign, copyAs } from './ewise.js';
import { getItem, type Index, setItem } from './indexing.js';
import { toNdarray } from './interop.js';
import { type LazyState, materialize } from './lazy.js';
import { dot, matmul } from './linalg.js';
import { formatArray } from './print.js';
import * as red from './reduce.js';
import * as sh from './shape.js';
import * as ew from './ufuncs.js';

/** Nested JavaScript arrays of numbers (what `tolist()` returns). */
export type NestedArray = number | boolean | NestedArray[];

/**
 * An n-dimensional array of one dtype: a view (shape, strides, offset) of a region of shared
 * memory. Views made by basic slicing alias their base. The result of an element-wise operation
 * may be *lazy* (a pending fused expression, dense/lazy.ts) until its {@link ndarray.store} is
 * first reached; shape and dtype are known either way.
 */
export class ndarray {
  /** @internal The store, or null while the array is lazy (then `_lazy` is set). */
  _store: Store | null;
  /** @internal The pending fused expression of a lazy array. */
  _lazy: LazyState | null = null;
  /** @internal A 0-d result that is still a future (reductions); materialized on demand. */
  _future: Future | null = null;
  /** @internal The region version at which `_future` is the array's value. */
  _futureVersion = -1;

  /** Wraps a store (no copy). Prefer {@link ndarray.fromStore}. */
  constructor(store: Store) {
    this._store = store;
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

  /** The dimensions. */
  get shape(): readonly number[] {
    const s = this._store;
    return s !== null ? s.shape : this._lazy!.shape;
  }

  /** Number of dimensions. */
  get ndim(): number {
    return this.shape.length;
  }

  /** Number of elements. */
  get size(): number {
    const s = this._store;
    if (s !== null) return s.size;
    let n = 1;
    for (const e of this._lazy!.shape) n *= e;
    return n;
  }

  /** Element type. */
  get dtype(): DType {
    const s = this._store;
    return s !== null ? s.dtype : this._lazy!.dtype;
  }

  /**
   * A C-order copy of the elements (waits for pending work).
   * @returns a typed array of the dtype (bool as 0/1 bytes)
   * @example np.arange(3).toArray() // Int32Array [0, 1, 2]
   */
  toArray(): TypedArray {
    return readStore(this.store);
  }

  /** {@link ndarray.toArray} without blocking the event loop. */
  async toArrayAsync(): Promise<TypedArray> {
    return readStoreAsync(this.store);
  }

  /**
   * The value of a one-element array as a JavaScript number (booleans as `true`/`false`).
   * @throws {ValueError} when the array has more than one element
   * @example np.sum(np.ones([3])).item() // 3
   */
  item(): number | boolean {
    this.checkItem();
    if (this.futureValid()) return this.scalar(this._future!.value());
    return this.scalar(readStore(this.store)[0]!);
  }

  /** {@link ndarray.item} without blocking the event loop. */
  async itemAsync(): Promise<number | boolean> {
    this.checkItem();
    if (this.futureValid()) return this.scalar(await this._future!.valueAsync());
    return this.scalar((await readStoreAsync(this.store))[0]!);
  }

  /**
   * The elements as nested JavaScript arrays (a scalar for 0-d arrays).
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

  /** `Number(a)` of a one-element array. */
  valueOf(): number {
    return Number(this.item());
  }

  // ---- indexing -------------------------------------------------------------------------------

  /**
   * `a[index]`: a view aliasing `a` for basic indices (integers, slices, `null`, `'...'`), a copy
   * for integer/boolean array indices.
   * @param index a NumPy index string (`'1:-1, ::2'`) or an array of parts
   * @throws {IndexError} on a malformed index or an index out of bounds (naming index and axis)
   * @example np.arange(6).get('1::2').tolist() // [1, 3, 5]
   */
  get(index: Index): ndarray {
    return getItem(this, index);
  }

  /**
   * `a[index] = value`: writes through the view (a task on that sub-space) or scatters.
   * @returns this array
   * @example
   * const a = np.zeros([2, 2]);
   * a.set('0, :', 7).tolist() // [[7, 7], [0, 0]]
   */
  set(index: Index, value: Operand): this {
    setItem(this, index, value);
    return this;
  }

  /** Fills the array with a scalar (in place). */
  fill(value: number | boolean): this {
    assign('fill', this, value);
    return this;
  }

  // ---- element-wise (operators as methods) ----------------------------------------------------

  /** `this + b`. */
  add(b: Operand, opts?: OutOptions): ndarray {
    return ew.add(this, b, opts);
  }
  /** `this - b`. */
  subtract(b: Operand, opts?: OutOptions): ndarray {
    return ew.subtract(this, b, opts);
  }
  /** `this * b`. */
  multiply(b: Operand, opts?: OutOptions): ndarray {
    return ew.multiply(this, b, opts);
  }
  /** `this / b` (true division). */
  divide(b: Operand, opts?: OutOptions): ndarray {
    return ew.divide(this, b, opts);
  }
  /** `this ** b`. */
  power(b: Operand, opts?: OutOptions): ndarray {
    return ew.power(this, b, opts);
  }
  /** `-this`. */
  negative(opts?: OutOptions): ndarray {
    return ew.negative(this, opts);
  }
  /** `|this|`. */
  abs(opts?: OutOptions): ndarray {
    return ew.abs(this, opts);
  }
  /** `this == b`. */
  equal(b: Operand, opts?: OutOptions): ndarray {
    return ew.equal(this, b, opts);
  }
  /** `this != b`. */
  not_equal(b: Operand, opts?: OutOptions): ndarray {
    return ew.not_equal(this, b, opts);
  }
  /** `this < b`. */
  less(b: Operand, opts?: OutOptions): ndarray {
    return ew.less(this, b, opts);
  }
  /** `this <= b`. */
  less_equal(b: Operand, opts?: OutOptions): ndarray {
    return ew.less_equal(this, b, opts);
  }
  /** `this > b`. */
  greater(b: Operand, opts?: OutOptions): ndarray {
    return ew.greater(this, b, opts);
  }
  /** `this >= b`. */
  greater_equal(b: Operand, opts?: OutOptions): ndarray {
    return ew.greater_equal(this, b, opts);
  }
  /** Limits values to `[a_min, a_max]`. */
  clip(a_min: Operand, a_max: Operand, opts?: OutOptions): ndarray {
    return ew.clip(this, a_min, a_max, opts);
  }

  /** `this += b` in place (result cast to this dtype, same-kind rule). @returns this */
  iadd(b: Operand): this {
    ew.add(this, b, { out: this });
    return this;
  }
  /** `this -= b` in place. @returns this */
  isub(b: Operand): this {
    ew.subtract(this, b, { out: this });
    return this;
  }
  /** `this *= b` in place. @returns this */
  imul(b: Operand): this {
    ew.multiply(this, b, { out: this });
    return this;
  }
  /** `this /= b` in place (float arrays only, as NumPy). @returns this */
  idiv(b: Operand): this {
    ew.divide(this, b, { out: this });
    return this;
  }

  // ---- reductions -----------------------------------------------------------------------------

  /** Sum (see {@link sum}). */
  sum(opts?: red.ReduceOptions): ndarray {
    return red.sum(this, opts);
  }
  /** Product. */
  prod(opts?: red.ReduceOptions): ndarray {
    return red.prod(this, opts);
  }
  /** Minimum. */
  min(opts?: red.ReduceOptions): ndarray {
    return red.min(this, opts);
  }
  /** Maximum. */
  max(opts?: red.ReduceOptions): ndarray {
    return red.max(this, opts);
  }
  /** Mean. */
  mean(opts?: red.ReduceOptions): ndarray {
    return red.mean(this, opts);
  }
  /** Variance. */
  var(opts?: red.VarOptions): ndarray {
    return red.var_(this, opts);
  }
  /** Standard deviation. */
  std(opts?: red.VarOptions): ndarray {
    return red.std(this, opts);
  }
  /** Index of the minimum. */
  argmin(opts?: { axis?: number | null; keepdims?: boolean }): ndarray {
    return red.argmin(this, opts);
  }
  /** Index of the maximum. */
  argmax(opts?: { axis?: number | null; keepdims?: boolean }): ndarray {
    return red.argmax(this, opts);
  }
  /** All nonzero. */
  all(opts?: red.ReduceOptions): ndarray {
    return red.all(this, opts);
  }
  /** Any nonzero. */
  any(opts?: red.ReduceOptions): ndarray {
    return red.any(this, opts);
  }
  /** Cumulative sum (flattened when no axis). */
  cumsum(opts?: { axis?: number | null }): ndarray {
    return cumsum(this, opts);
  }

  // ---- linear algebra -------------------------------------------------------------------------

  /** `dot(this, b)`. */
  dot(b: ndarray): ndarray {
    return dot(this, b);
  }
  /** `this @ b`. */
  matmul(b: ndarray): ndarray {
    return matmul(this, b);
  }

  // ---- shape ----------------------------------------------------------------------------------

  /** The transpose (a view). */
  get T(): ndarray {
    return sh.transpose(this);
  }
  /** New shape (a view when contiguous). */
  reshape(...shape: (number | readonly number[])[]): ndarray {
    const s = shape.length === 1 ? shape[0]! : (shape as number[]);
    return sh.reshape(this, s);
  }
  /** 1-D view or copy. */
  ravel(): ndarray {
    return sh.ravel(this);
  }
  /** 1-D copy. */
  flatten(): ndarray {
    return sh.ravel(copyAs('flatten', this));
  }
  /** Permuted axes (a view). */
  transpose(...axes: number[]): ndarray {
    return sh.transpose(this, axes.length === 0 ? undefined : axes);
  }
  /** Swapped axes (a view). */
  swapaxes(axis1: number, axis2: number): ndarray {
    return sh.swapaxes(this, axis1, axis2);
  }
  /** Without size-1 axes (a view). */
  squeeze(axis?: number | readonly number[]): ndarray {
    return sh.squeeze(this, axis);
  }
  /** A C-contiguous copy. */
  copy(): ndarray {
    return sh.copy(this);
  }
  /** A converted copy. */
  astype(dtype: DType): ndarray {
    return sh.astype(this, dtype);
  }

  // ---- printing and interop -------------------------------------------------------------------

  /** NumPy-style text (`str(a)`), summarized past 1000 elements. */
  toString(): string {
    return formatArray(this);
  }

  /** For `console.log` in Node. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `array(${formatArray(this, 'array(')}${this.dtype === 'float64' || this.dtype === 'int32' || this.dtype === 'bool' ? '' : `, dtype=${this.dtype}`})`;
  }

  /** A scijs `ndarray` over the same shared memory (no copy). */
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
    return this._future !== null && this.store.region.version === this._futureVersion;
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
