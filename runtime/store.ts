import type { DType } from './dtype.js';
import { IntervalSet, Rect } from './index-space.js';
import type { Region } from './region.js';

/** C-order strides (in elements) of a shape. */
export function cStrides(shape: readonly number[]): number[] {
  const s = new Array<number>(shape.length);
  let acc = 1;
  for (let d = shape.length - 1; d >= 0; d--) {
    s[d] = acc;
    acc *= shape[d]!;
  }
  return s;
}

/** Product of a shape. */
export function shapeSize(shape: readonly number[]): number {
  let n = 1;
  for (let i = 0; i < shape.length; i++) n *= shape[i]!;
  return n;
}

/** Beyond this many intervals a footprint is coarsened to its bounding interval (still safe). */
const MAX_FOOTPRINT_INTERVALS = 4096;

/**
 * A store: a region seen through an affine view (offset, strides, shape), as Legate's stores.
 * Element `i` of the store lives at `region.data[offset + Σ i[d]·strides[d]]`. Strides may be 0
 * (broadcasting) or negative (reversed slices). Stores are values: views make new stores.
 */
export class Store {
  /** Memoized {@link extent} (with and without the element after the view) and whole rect. */
  private _extent: IntervalSet | undefined = undefined;
  private _extentNext: IntervalSet | undefined = undefined;
  private _whole: Rect | undefined = undefined;
  /**
   * A view a library derives from this store and wants to be the same object every time (the
   * runtime memoizes partitions and footprints per Store object): dense's 1-D view of a
   * contiguous store, a one-element store spread to a size. Kept here rather than in a WeakMap
   * keyed by the store: V8's scavenger keeps an old WeakMap's values alive, and a derived view
   * holds the region, which would then outlive every young-generation collection.
   */
  derived: Store | undefined = undefined;

  constructor(
    readonly region: Region,
    readonly shape: readonly number[],
    readonly strides: readonly number[],
    readonly offset: number,
  ) {}

  /** The whole region as a 1-D store. */
  static whole(region: Region): Store {
    return new Store(region, [region.size], [1], 0);
  }

  /** A C-contiguous n-D store over a whole region (`shapeSize(shape)` must equal the region size). */
  static shaped(region: Region, shape: readonly number[]): Store {
    return new Store(region, shape.slice(), cStrides(shape), 0);
  }

  get dtype(): DType {
    return this.region.dtype;
  }

  get ndim(): number {
    return this.shape.length;
  }

  get size(): number {
    return shapeSize(this.shape);
  }

  /** The store's index space `[0, shape)`. */
  get rect(): Rect {
    return Rect.fromShape(this.shape);
  }

  /** The store's index space `[0, shape)`, memoized (treat as immutable). */
  wholeRect(): Rect {
    return (this._whole ??= Rect.fromShape(this.shape));
  }

  /**
   * The region elements the whole view touches ({@link footprint} of the whole store), memoized:
   * the footprint of a one-piece launch's argument. With `withNext`, also the element right
   * after a 1-D view (an offsets array such as `indptr` is read at `hi`), when the region holds it.
   */
  extent(withNext: boolean): IntervalSet {
    if (!withNext) {
      let e = this._extent;
      if (e === undefined) {
        e = this.contiguous ? IntervalSet.range(this.offset, this.offset + this.size) : this.footprint();
        this._extent = e;
      }
      return e;
    }
    let e = this._extentNext;
    if (e === undefined) {
      const at = this.offset + (this.shape[0] ?? 0) * (this.strides[0] ?? 1);
      const base = this.extent(false);
      e = at >= 0 && at < this.region.size ? base.union(IntervalSet.range(at, at + 1)) : base;
      this._extentNext = e;
    }
    return e;
  }

  /** True when the view is C-contiguous (elements `offset .. offset+size` in order). */
  get contiguous(): boolean {
    let acc = 1;
    for (let d = this.shape.length - 1; d >= 0; d--) {
      if (this.shape[d] !== 1 && this.strides[d] !== acc) return false;
      acc *= this.shape[d]!;
    }
    return true;
  }

  /** A new view over the same region. */
  view(shape: readonly number[], strides: readonly number[], offset: number): Store {
    return new Store(this.region, shape.slice(), strides.slice(), offset);
  }

  /**
   * The exact set of region elements that the sub-rectangle `r` of this store touches, as an
   * interval set over the region's linear memory (coarsened to its bounding interval when it
   * would need more than a few thousand intervals — conservative, never missing a point).
   */
  footprint(r: Rect = this.rect): IntervalSet {
    if (r.empty) return IntervalSet.EMPTY;
    const nd = this.shape.length;
    // Drop broadcast (stride 0) and size-1 dims; order the rest by |stride| descending.
    const dims: { n: number; s: number; lo: number }[] = [];
    let base = this.offset;
    for (let d = 0; d < nd; d++) {
      const n = r.hi[d]! - r.lo[d]!;
      const s = this.strides[d]!;
      base += r.lo[d]! * s;
      if (s === 0 || n === 1) continue;
      if (s < 0) {
        base += (n - 1) * s;
        dims.push({ n, s: -s, lo: 0 });
      } else dims.push({ n, s, lo: 0 });
    }
    dims.sort((a, b) => b.s - a.s);
    // Merge inner dims that are contiguous: innermost run of stride 1.
    let run = 1;
    while (dims.length > 0 && dims[dims.length - 1]!.s === run) {
      run *= dims.pop()!.n;
    }
    let count = 1;
    for (const d of dims) count *= d.n;
    if (count > MAX_FOOTPRINT_INTERVALS) {
      let hi = base + run;
      for (const d of dims) hi += (d.n - 1) * d.s;
      return IntervalSet.range(base, hi);
    }
    const pairs: number[] = [];
    const idx = new Array<number>(dims.length).fill(0);
    for (let k = 0; k < count; k++) {
      let start = base;
      for (let j = 0; j < dims.length; j++) start += idx[j]! * dims[j]!.s;
      pairs.push(start, start + run);
      for (let j = dims.length - 1; j >= 0; j--) {
        if (++idx[j]! < dims[j]!.n) break;
        idx[j] = 0;
      }
    }
    return IntervalSet.fromPairs(pairs);
  }
}
