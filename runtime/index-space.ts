/**
 * Index spaces: n-D rectangles with half-open bounds, and 1-D interval sets (sorted, disjoint,
 * non-adjacent half-open intervals). Interval sets are the exact footprints of pieces in a
 * region's linear memory; rectangles are launch domains and tiles.
 */

/** An n-D rectangle `[lo, hi)` per dimension. Empty when any `hi[d] <= lo[d]`. */
export class Rect {
  constructor(
    readonly lo: readonly number[],
    readonly hi: readonly number[],
  ) {}

  /** The rectangle `[0, shape)`. */
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
    return this.volume === 0;
  }

  /** The intersection (possibly empty). */
  intersect(o: Rect): Rect {
    return new Rect(
      this.lo.map((l, d) => Math.max(l, o.lo[d]!)),
      this.hi.map((h, d) => Math.min(h, o.hi[d]!)),
    );
  }

  overlaps(o: Rect): boolean {
    return !this.intersect(o).empty;
  }

  contains(o: Rect): boolean {
    if (o.empty) return true;
    return this.lo.every((l, d) => l <= o.lo[d]! && o.hi[d]! <= this.hi[d]!);
  }

  equals(o: Rect): boolean {
    return this.lo.every((l, d) => l === o.lo[d] && this.hi[d] === o.hi[d]);
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

  /** The interval `[lo, hi)`. */
  static range(lo: number, hi: number): IntervalSet {
    return hi > lo ? new IntervalSet([lo, hi]) : IntervalSet.EMPTY;
  }

  /** Builds a set from arbitrary (unsorted, overlapping) flat pairs. */
  static fromPairs(pairs: ArrayLike<number>): IntervalSet {
    const n = pairs.length >> 1;
    const idx: number[] = [];
    for (let k = 0; k < n; k++) if (pairs[2 * k + 1]! > pairs[2 * k]!) idx.push(k);
    idx.sort((a, b) => pairs[2 * a]! - pairs[2 * b]!);
    const out: number[] = [];
    for (const k of idx) {
      const s = pairs[2 * k]!;
      const e = pairs[2 * k + 1]!;
      if (out.length > 0 && s <= out[out.length - 1]!) {
        if (e > out[out.length - 1]!) out[out.length - 1] = e;
      } else out.push(s, e);
    }
    return new IntervalSet(out);
  }

  /** Builds a set from already sorted, disjoint, non-adjacent pairs (not checked). */
  static fromSortedPairs(pairs: readonly number[]): IntervalSet {
    return pairs.length === 0 ? IntervalSet.EMPTY : new IntervalSet(pairs);
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

  union(o: IntervalSet): IntervalSet {
    if (o.empty) return this;
    if (this.empty) return o;
    return IntervalSet.fromPairs([...this.bounds, ...o.bounds]);
  }

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

  difference(o: IntervalSet): IntervalSet {
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

  /** True when every point of `o` is in this set. */
  contains(o: IntervalSet): boolean {
    return o.difference(this).empty;
  }

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

  equals(o: IntervalSet): boolean {
    return this.bounds.length === o.bounds.length && this.bounds.every((v, k) => v === o.bounds[k]);
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
