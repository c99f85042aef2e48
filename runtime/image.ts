/**
 * Image and preimage of partitions through the values of a store (DESIGN.md §2): the pure
 * computations over a store's data. Caching against the source's version lives in
 * `image-cache.ts`. Modes:
 * - `'point'`: each source element names a point of the destination;
 * - `'offsets'`: the source is an offsets array like `indptr` (its region holds one element past
 *   the store); source points `[a, b)` map to `[src[a], src[b])` (offsets are non-decreasing);
 * - `'range'`: the source has shape `[n, 2]`; row `k` names the range `[src[k,0], src[k,1])`.
 * Destination points outside `[0, dstExtent)` are dropped.
 */
import type { ImageMode } from './constraints.js';
import { asIntervalSet, IntervalSet, type Rect, type SubSpace } from './index-space.js';
import type { Partition } from './partition.js';
import type { Store } from './store.js';

/** Source points of a piece as an interval set (for `'range'`, the rows of a `[n, 2]` rectangle). */
function srcPoints(piece: SubSpace): IntervalSet {
  if (piece instanceof IntervalSet) return piece;
  const r = piece as Rect;
  return r.ndim === 1 ? r.toIntervalSet() : IntervalSet.range(r.lo[0]!, r.hi[0]!);
}

/**
 * Source points scanned on this thread by {@link imageOfPiece} and rows by
 * {@link preimagePieces} (tests and benchmarks).
 */
const scans = { points: 0, calls: 0 };

/** A copy of the counts of image scans run on this thread. */
export function imageScanStats(): { points: number; calls: number } {
  return { ...scans };
}

let scratch = new Float64Array(1024);
let bitmap = new Uint8Array(1024);

/**
 * The image of one source piece.
 * @param src - the source store (1-D; `[n, 2]` for `'range'`)
 * @param piece - the source piece
 * @param mode - how values name destination points
 * @param exact - exact interval set, or its bounding interval
 * @param dstExtent - size of the destination's (1-D) index space
 * @returns the destination points the piece references
 */
export function imageOfPiece(
  src: Store,
  piece: SubSpace,
  mode: ImageMode,
  exact: boolean,
  dstExtent: number,
): IntervalSet {
  const data = src.region.data;
  const off = src.offset;
  const s0 = src.strides[0]!;
  const pts = srcPoints(piece);
  const b = pts.bounds;
  scans.calls++;
  scans.points += mode === 'offsets' ? b.length : mode === 'range' ? 2 * pts.volume : pts.volume;
  if (mode === 'offsets' || mode === 'range') {
    const s1 = mode === 'range' ? src.strides[1]! : 0;
    const pairs: number[] = [];
    for (let k = 0; k < b.length; k += 2) {
      if (mode === 'offsets') {
        pairs.push(Math.max(0, data[off + b[k]! * s0]!), Math.min(dstExtent, data[off + b[k + 1]! * s0]!));
      } else {
        for (let i = b[k]!; i < b[k + 1]!; i++) {
          const at = off + i * s0;
          pairs.push(Math.max(0, data[at]!), Math.min(dstExtent, data[at + s1]!));
        }
      }
    }
    const set = IntervalSet.fromPairs(pairs);
    return exact ? set : set.boundingBox();
  }
  const m = pts.volume;
  if (!exact) {
    let mn = Number.POSITIVE_INFINITY;
    let mx = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < b.length; k += 2) {
      for (let i = b[k]!; i < b[k + 1]!; i++) {
        const v = data[off + i * s0]!;
        if (v < 0 || v >= dstExtent) continue;
        if (v < mn) mn = v;
        if (v > mx) mx = v;
      }
    }
    return mx >= mn ? IntervalSet.range(mn, mx + 1) : IntervalSet.EMPTY;
  }
  if (m * 8 >= dstExtent) return imageByBitmap(data, off, s0, b, dstExtent);
  if (scratch.length < m) scratch = new Float64Array(Math.max(m, scratch.length * 2));
  let n = 0;
  for (let k = 0; k < b.length; k += 2) {
    for (let i = b[k]!; i < b[k + 1]!; i++) {
      const v = data[off + i * s0]!;
      if (v >= 0 && v < dstExtent) scratch[n++] = v;
    }
  }
  const view = scratch.subarray(0, n);
  view.sort();
  return IntervalSet.fromSortedPoints(view, 0, n);
}

/** Dense references: mark a byte per destination point, then read off the runs. */
function imageByBitmap(
  data: ArrayLike<number>,
  off: number,
  s0: number,
  b: readonly number[],
  dstExtent: number,
): IntervalSet {
  if (bitmap.length < dstExtent) bitmap = new Uint8Array(Math.max(dstExtent, bitmap.length * 2));
  const mark = bitmap;
  mark.fill(0, 0, dstExtent);
  for (let k = 0; k < b.length; k += 2) {
    for (let i = b[k]!; i < b[k + 1]!; i++) {
      const v = data[off + i * s0]!;
      if (v >= 0 && v < dstExtent) mark[v] = 1;
    }
  }
  const out: number[] = [];
  let p = 0;
  while (p < dstExtent) {
    while (p < dstExtent && mark[p] === 0) p++;
    if (p >= dstExtent) break;
    const s = p;
    while (p < dstExtent && mark[p] === 1) p++;
    out.push(s, p);
  }
  return IntervalSet.fromSortedPairs(out);
}

/**
 * The image of every piece of a source partition.
 * @returns one interval set per color of `srcPart`
 */
export function imagePieces(
  src: Store,
  srcPart: Partition,
  mode: ImageMode,
  exact: boolean,
  dstExtent: number,
): IntervalSet[] {
  return srcPart.pieces.map((p) => imageOfPiece(src, p, mode, exact, dstExtent));
}

/** True when `set` holds a point of `[s, e)` (binary search). */
function hitsRange(set: IntervalSet, s: number, e: number): boolean {
  if (e <= s) return false;
  const a = set.bounds;
  let lo = 0;
  let hi = a.length >> 1;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (a[2 * m + 1]! <= s) lo = m + 1;
    else hi = m;
  }
  return lo < a.length >> 1 && a[2 * lo]! < e;
}

/**
 * The preimage of a destination partition: per color, the source points whose value lands in
 * that color's piece (`'point'`), or whose range meets it (`'offsets'`: row `k` is
 * `[src[k], src[k+1])`; `'range'`: row `k` of a `[n, 2]` store). Empty ranges land nowhere.
 * @param src - the source store
 * @param dstPart - a partition of a 1-D destination space
 * @param mode - how source values name destination points
 * @returns one interval set of source points (rows) per color of `dstPart`
 */
export function preimagePieces(src: Store, dstPart: Partition, mode: ImageMode): IntervalSet[] {
  const sets = dstPart.pieces.map(asIntervalSet);
  const colors = sets.length;
  const runs: number[][] = sets.map(() => []);
  const data = src.region.data;
  const off = src.offset;
  const s0 = src.strides[0]!;
  const s1 = mode === 'range' ? src.strides[1]! : 0;
  const n = src.shape[0]!;
  scans.calls++;
  scans.points += n;
  for (let k = 0; k < n; k++) {
    const at = off + k * s0;
    for (let c = 0; c < colors; c++) {
      const set = sets[c]!;
      let hit: boolean;
      if (mode === 'point') hit = set.has(data[at]!);
      else if (mode === 'offsets') hit = hitsRange(set, data[at]!, data[at + s0]!);
      else hit = hitsRange(set, data[at]!, data[at + s1]!);
      if (!hit) continue;
      const r = runs[c]!;
      if (r.length > 0 && r[r.length - 1] === k) r[r.length - 1] = k + 1;
      else r.push(k, k + 1);
    }
  }
  return runs.map((r) => IntervalSet.fromSortedPairs(r));
}
