/**
 * Index spaces: n-D rectangles with half-open bounds, and 1-D interval sets (sorted, disjoint,
 * non-adjacent half-open intervals). Interval sets are the exact footprints of pieces in a
 * region's linear memory and the pieces of image partitions; rectangles are launch domains and
 * tiles. Every set operation works on intervals (O(intervals)), never per point.
 */

/** An n-D rectangle `[lo, hi)` per dimension. Empty when any `hi[d] <= lo[d]`; 0-d has one point. */
export class Rect {
  constructor(
    readonly lo: readonly number[],
    readonly hi: readonly number[],
  ) {}

  /**
   * The rectangle `[0, shape)`.
   * @example Rect.fromShape([2, 3]).toString() // '[0:2, 0:3]'
   */
  static fromShape(shape: readonly number[]): Rect {
    return new Rect(
      shape.map(() => 0),
      shape.slice(),
    );
  }

  get ndim(): number {
    return this.lo.length;
  }

  /** Number of points. */
  get volume(): number {
    let v = 1;
    for (let d = 0; d < this.lo.length; d++) v *= Math.max(0, this.hi[d]! - this.lo[d]!);
    return v;
  }

  get empty(): boolean {
    for (let d = 0; d < this.lo.length; d++) if (this.hi[d]! <= this.lo[d]!) return true;
    return false;
  }

  /** Extent per dimension (0 where empty). */
  get extents(): number[] {
    return this.lo.map((l, d) => Math.max(0, this.hi[d]! - l));
  }

  /** The intersection (possibly empty). */
  intersect(o: Rect): Rect {
    return new Rect(
      this.lo.map((l, d) => Math.max(l, o.lo[d]!)),
      this.hi.map((h, d) => Math.min(h, o.hi[d]!)),
    );
  }

  overlaps(o: Rect): boolean {
    if (this.empty || o.empty) return false;
    for (let d = 0; d < this.lo.length; d++) {
      if (Math.max(this.lo[d]!, o.lo[d]!) >= Math.min(this.hi[d]!, o.hi[d]!)) return false;
    }
    return true;
  }

  /** True when every point of `o` is in this rectangle. */
  contains(o: Rect): boolean {
    if (o.empty) return true;
    return this.lo.every((l, d) => l <= o.lo[d]! && o.hi[d]! <= this.hi[d]!);
  }

  /** True when the point `p` is in this rectangle. */
  has(p: readonly number[]): boolean {
    return this.lo.every((l, d) => l <= p[d]! && p[d]! < this.hi[d]!);
  }

  /** Equal as point sets (all empty rectangles of one rank are equal). */
  equals(o: Rect): boolean {
    if (this.empty || o.empty) return this.empty === o.empty && this.ndim === o.ndim;
    return this.lo.every((l, d) => l === o.lo[d] && this.hi[d] === o.hi[d]);
  }

  /** The smallest rectangle holding both (an empty operand is ignored). */
  hull(o: Rect): Rect {
    if (o.empty) return this;
    if (this.empty) return o;
    return new Rect(
      this.lo.map((l, d) => Math.min(l, o.lo[d]!)),
      this.hi.map((h, d) => Math.max(h, o.hi[d]!)),
    );
  }

  /**
   * The points of this rectangle not in `o`, as at most `2·ndim` disjoint rectangles
   * (peeling one slab below and one above `o` per dimension).
   */
  difference(o: Rect): Rect[] {
    const x = this.intersect(o);
    if (x.empty) return this.empty ? [] : [this];
    const out: Rect[] = [];
    const lo = this.lo.slice();
    const hi = this.hi.slice();
    for (let d = 0; d < lo.length; d++) {
      if (lo[d]! < x.lo[d]!)
        out.push(
          new Rect(
            lo.slice(),
            hi.map((h, e) => (e === d ? x.lo[d]! : h)),
          ),
        );
      if (x.hi[d]! < hi[d]!)
        out.push(
          new Rect(
            lo.map((l, e) => (e === d ? x.hi[d]! : l)),
            hi.slice(),
          ),
        );
      lo[d] = x.lo[d]!;
      hi[d] = x.hi[d]!;
    }
    return out;
  }

  /** The union as disjoint rectangles: this one plus the parts of `o` outside it. */
  union(o: Rect): Rect[] {
    if (this.empty) return o.empty ? [] : [o];
    return [this, ...o.difference(this)];
  }

  /** A 1-D rectangle as an interval set. */
  toIntervalSet(): IntervalSet {
    return IntervalSet.range(this.lo[0]!, this.hi[0]!);
  }

  /** Iterates every point in C order (for tests and small rectangles). */
  *points(): IterableIterator<number[]> {
    if (this.empty) return;
    const p = this.lo.slice();
    const nd = p.length;
    for (;;) {
      yield p.slice();
      let d = nd - 1;
      for (; d >= 0; d--) {
        if (++p[d]! < this.hi[d]!) break;
        p[d] = this.lo[d]!;
      }
      if (d < 0) return;
    }
  }

  toString(): string {
    return `[${this.lo.map((l, d) => `${l}:${this.hi[d]}`).join(', ')}]`;
  }
}

/**
 * A 1-D set of integers stored as sorted, disjoint, non-adjacent half-open intervals in a flat
 * array `[s0, e0, s1, e1, ...]`. Operations are merges over intervals, never per point.
 */
export class IntervalSet {
  /** Flat `[start, end)` pairs; treat as immutable. */
  readonly bounds: readonly number[];

  private constructor(bounds: readonly number[]) {
    this.bounds = bounds;
  }

  static readonly EMPTY = new IntervalSet([]);

  /**
   * The interval `[lo, hi)` (empty when `hi <= lo`).
   * @example IntervalSet.range(2, 5).volume // 3
   */
  static range(lo: number, hi: number): IntervalSet {
    return hi > lo ? new IntervalSet([lo, hi]) : IntervalSet.EMPTY;
  }

  /**
   * Builds a set from arbitrary (unsorted, overlapping, adjacent) flat `[start, end)` pairs.
   * @example IntervalSet.fromPairs([5, 7, 0, 2, 2, 3]).toString() // '{0:3, 5:7}'
   */
  static fromPairs(pairs: ArrayLike<number>): IntervalSet {
    const n = pairs.length >> 1;
    let sorted = true;
    for (let k = 1; k < n && sorted; k++) if (pairs[2 * k]! < pairs[2 * k - 2]!) sorted = false;
    let order: ArrayLike<number> | null = null;
    if (!sorted) {
      const idx: number[] = [];
      for (let k = 0; k < n; k++) idx.push(k);
      idx.sort((a, b) => pairs[2 * a]! - pairs[2 * b]!);
      order = idx;
    }
    const out: number[] = [];
    for (let j = 0; j < n; j++) {
      const k = order ? order[j]! : j;
      const s = pairs[2 * k]!;
      const e = pairs[2 * k + 1]!;
      if (e <= s) continue;
      if (out.length > 0 && s <= out[out.length - 1]!) {
        if (e > out[out.length - 1]!) out[out.length - 1] = e;
      } else out.push(s, e);
    }
    return IntervalSet.fromSortedPairs(out);
  }

  /**
   * Builds a set from integer points in any order, with repeats (sorts a copy).
   * @example IntervalSet.fromPoints([4, 1, 2, 2]).toString() // '{1:3, 4:5}'
   */
  static fromPoints(points: ArrayLike<number>): IntervalSet {
    const a = Float64Array.from(points as ArrayLike<number>);
    a.sort();
    return IntervalSet.fromSortedPoints(a, 0, a.length);
  }

  /** Builds a set from points `a[from..to)` already sorted ascending (repeats allowed). */
  static fromSortedPoints(a: ArrayLike<number>, from: number, to: number): IntervalSet {
    const out: number[] = [];
    let k = from;
    while (k < to) {
      const s = a[k]!;
      let e = s + 1;
      k++;
      while (k < to && a[k]! <= e) {
        if (a[k]! === e) e++;
        k++;
      }
      out.push(s, e);
    }
    return IntervalSet.fromSortedPairs(out);
  }

  /** Builds a set from already sorted, disjoint, non-adjacent pairs (not checked). */
  static fromSortedPairs(pairs: readonly number[]): IntervalSet {
    return pairs.length === 0 ? IntervalSet.EMPTY : new IntervalSet(pairs);
  }

  /** The union of many sets (one sort over all their intervals). */
  static unionAll(sets: readonly IntervalSet[]): IntervalSet {
    if (sets.length === 0) return IntervalSet.EMPTY;
    if (sets.length === 1) return sets[0]!;
    const pairs: number[] = [];
    for (const s of sets) for (const v of s.bounds) pairs.push(v);
    return IntervalSet.fromPairs(pairs);
  }

  /** Number of intervals. */
  get count(): number {
    return this.bounds.length >> 1;
  }

  /** Number of points. */
  get volume(): number {
    let v = 0;
    for (let k = 0; k < this.bounds.length; k += 2) v += this.bounds[k + 1]! - this.bounds[k]!;
    return v;
  }

  get empty(): boolean {
    return this.bounds.length === 0;
  }

  /** Smallest point, or 0 when empty. */
  get lo(): number {
    return this.bounds.length ? this.bounds[0]! : 0;
  }

  /** One past the largest point, or 0 when empty. */
  get hi(): number {
    return this.bounds.length ? this.bounds[this.bounds.length - 1]! : 0;
  }

  /** The bounding interval. */
  boundingBox(): IntervalSet {
    return this.count <= 1 ? this : IntervalSet.range(this.lo, this.hi);
  }

  /** True when the two sets share a point (a linear merge; O(1) when bounding boxes are apart). */
  overlaps(o: IntervalSet): boolean {
    if (this.empty || o.empty || this.hi <= o.lo || o.hi <= this.lo) return false;
    const a = this.bounds;
    const b = o.bounds;
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      if (a[i + 1]! <= b[j]!) i += 2;
      else if (b[j + 1]! <= a[i]!) j += 2;
      else return true;
    }
    return false;
  }

  /** The union (a linear merge of the two interval lists). */
  union(o: IntervalSet): IntervalSet {
    if (o.empty) return this;
    if (this.empty) return o;
    const a = this.bounds;
    const b = o.bounds;
    const out: number[] = [];
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      let s: number;
      let e: number;
      if (j >= b.length || (i < a.length && a[i]! <= b[j]!)) {
        s = a[i]!;
        e = a[i + 1]!;
        i += 2;
      } else {
        s = b[j]!;
        e = b[j + 1]!;
        j += 2;
      }
      if (out.length > 0 && s <= out[out.length - 1]!) {
        if (e > out[out.length - 1]!) out[out.length - 1] = e;
      } else out.push(s, e);
    }
    return IntervalSet.fromSortedPairs(out);
  }

  /** The intersection (a linear merge). */
  intersect(o: IntervalSet): IntervalSet {
    const a = this.bounds;
    const b = o.bounds;
    const out: number[] = [];
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      const s = Math.max(a[i]!, b[j]!);
      const e = Math.min(a[i + 1]!, b[j + 1]!);
      if (s < e) out.push(s, e);
      if (a[i + 1]! < b[j + 1]!) i += 2;
      else j += 2;
    }
    return IntervalSet.fromSortedPairs(out);
  }

  /** The points of this set not in `o` (a linear merge). */
  difference(o: IntervalSet): IntervalSet {
    if (o.empty || this.empty) return this;
    const a = this.bounds;
    const b = o.bounds;
    const out: number[] = [];
    let j = 0;
    for (let i = 0; i < a.length; i += 2) {
      let s = a[i]!;
      const e = a[i + 1]!;
      while (j < b.length && b[j + 1]! <= s) j += 2;
      let k = j;
      while (k < b.length && b[k]! < e) {
        if (b[k]! > s) out.push(s, b[k]!);
        s = Math.max(s, b[k + 1]!);
        k += 2;
      }
      if (s < e) out.push(s, e);
    }
    return IntervalSet.fromSortedPairs(out);
  }

  /** True when every point of `o` is in this set (a linear merge, no allocation). */
  contains(o: IntervalSet): boolean {
    const a = this.bounds;
    const b = o.bounds;
    let i = 0;
    for (let j = 0; j < b.length; j += 2) {
      while (i < a.length && a[i + 1]! <= b[j]!) i += 2;
      if (i >= a.length || a[i]! > b[j]! || a[i + 1]! < b[j + 1]!) return false;
    }
    return true;
  }

  /** True when the point `p` is in the set (binary search). */
  has(p: number): boolean {
    const a = this.bounds;
    let lo = 0;
    let hi = a.length >> 1;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (a[2 * m + 1]! <= p) lo = m + 1;
      else hi = m;
    }
    return lo < a.length >> 1 && a[2 * lo]! <= p;
  }

  /** The set moved by `k`. */
  shift(k: number): IntervalSet {
    return k === 0 ? this : IntervalSet.fromSortedPairs(this.bounds.map((v) => v + k));
  }

  /** The points within `[lo, hi)`. */
  clip(lo: number, hi: number): IntervalSet {
    if (this.empty || (this.lo >= lo && this.hi <= hi)) return this;
    return this.intersect(IntervalSet.range(lo, hi));
  }

  /**
   * The set with every interval grown by `before` points below and `after` above (merged).
   * @example IntervalSet.fromPairs([0, 2, 5, 6]).grow(0, 1).toString() // '{0:3, 5:7}'
   */
  grow(before: number, after: number): IntervalSet {
    if (this.empty || (before === 0 && after === 0)) return this;
    const out: number[] = [];
    for (let k = 0; k < this.bounds.length; k += 2)
      out.push(this.bounds[k]! - before, this.bounds[k + 1]! + after);
    return IntervalSet.fromPairs(out);
  }

  equals(o: IntervalSet): boolean {
    if (this.bounds.length !== o.bounds.length) return false;
    for (let k = 0; k < this.bounds.length; k++) if (this.bounds[k] !== o.bounds[k]) return false;
    return true;
  }

  /** Iterates the intervals as `[start, end)` pairs. */
  *intervals(): IterableIterator<[number, number]> {
    for (let k = 0; k < this.bounds.length; k += 2) yield [this.bounds[k]!, this.bounds[k + 1]!];
  }

  /** Iterates every point in increasing order (for tests and small sets). */
  *points(): IterableIterator<number> {
    for (let k = 0; k < this.bounds.length; k += 2)
      for (let p = this.bounds[k]!; p < this.bounds[k + 1]!; p++) yield p;
  }

  toString(): string {
    const parts: string[] = [];
    for (let k = 0; k < this.bounds.length; k += 2) parts.push(`${this.bounds[k]}:${this.bounds[k + 1]}`);
    return `{${parts.join(', ')}}`;
  }
}

/** A sub-space of an index space: a rectangle or (1-D) an interval set. */
export type SubSpace = Rect | IntervalSet;

/** The points of a 1-D sub-space as an interval set. */
export function asIntervalSet(s: SubSpace): IntervalSet {
  return s instanceof IntervalSet ? s : s.toIntervalSet();
}

/** The bounding rectangle of a sub-space (a 1-D rectangle for interval sets). */
export function boundingRect(s: SubSpace): Rect {
  return s instanceof Rect ? s : new Rect([s.lo], [s.hi]);
}
