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

/** Nested JavaScript arrays of numbers (what `tolist()` returns). */
export type NestedArray = number | boolean | NestedArray[];

/**
 * An n-dimensional array of one dtype: a view (shape, strides, offset) of a region of shared
 * memory. Views made by basic slicing alias their base.
 */
export class ndarray {
  /** For library authors: the runtime store this array views. */
  readonly store: Store;
  /** @internal A 0-d result that is still a future (reductions); materialized on demand. */
  _future: Future | null = null;

  /** Wraps a store (no copy). Prefer {@link ndarray.fromStore}. */
  constructor(store: Store) {
    this.store = store;
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
    return this.store.shape;
  }

  /** Number of dimensions. */
  get ndim(): number {
    return this.store.shape.length;
  }

  /** Number of elements. */
  get size(): number {
    return this.store.size;
  }

  /** Element type. */
  get dtype(): DType {
    return this.store.dtype;
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
    if (this._future) return this.scalar(this._future.value());
    return this.scalar(readStore(this.store)[0]!);
  }

  /** {@link ndarray.item} without blocking the event loop. */
  async itemAsync(): Promise<number | boolean> {
    this.checkItem();
    if (this._future) return this.scalar(await this._future.valueAsync());
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

  private checkItem(): void {
    if (this.size !== 1) {
      throw new ValueError(
        argMessage('item', 'self', 'an array of size 1', `an array of shape [${this.shape}]`),
      );
    }
  }

  private scalar(v: number): number | boolean {
    return this.dtype === 'bool' ? v !== 0 : v;
  }
}
