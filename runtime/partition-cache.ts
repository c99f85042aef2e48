/**
 * What the runtime remembers per store view (a region seen through one affine view, recognised
 * by value, so two Store objects with the same view share it): the view's current partition,
 * its footprints under each partition, and the images computed from its values — the latter
 * cached against the region's `version` and recomputed only after the region was written.
 */
import type { ImageMode } from './constraints.js';
import { imagePieces } from './image.js';
import {
  deferImage,
  finishImage,
  hasPendingWriters,
  isProvisional,
  type PendingImage,
  provisionalImage,
  shouldDefer,
} from './image-task.js';
import { IntervalSet, Rect, type SubSpace } from './index-space.js';
import { Partition, statsSink } from './partition.js';
import type { PendingPreimage } from './preimage-task.js';
import type { Region } from './region.js';
import type { Store } from './store.js';

/** A cached image or preimage of a view (shared with preimage-cache.ts). */
export interface ImageEntry {
  readonly mode: ImageMode;
  readonly exact: boolean;
  readonly extent: number;
  readonly preimage: boolean;
  version: number;
  partition: Partition;
  /** Tasks computing this version's image (image-task.ts); `partition` is provisional meanwhile. */
  pending?: PendingImage | PendingPreimage | null;
  /** The last exact partition (kept when the finished image equals it). */
  exactPartition?: Partition | null;
  /** A deferred image was never used (its source changed first): scan instead from then on. */
  noDefer?: boolean;
}

/** Per-view memory of the runtime. */
export interface ViewState {
  /** The partition the view was last written (or first partitioned) with. */
  current: Partition | undefined;
  readonly footprints: WeakMap<Partition, readonly IntervalSet[]>;
  /** Footprints that also hold element `hi` of each piece (offsets arrays read `indptr[hi]`). */
  readonly offsetFootprints: WeakMap<Partition, readonly IntervalSet[]>;
  /** Images (and preimages) keyed by the other partition involved. */
  readonly images: WeakMap<Partition, ImageEntry[]>;
  /** Natural tilings of this view by (pieces, align) — a numeric key, no string building. */
  readonly tilings: Map<number, Partition>;
}

const byStore = new WeakMap<Store, ViewState>();
/**
 * The views of a region: a short list compared by geometry (no key string to build for a fresh
 * store — most regions have one to a few views), a map by geometry string past {@link MAX_LIST}.
 */
interface Views {
  list: ViewState[];
  geometry: Geometry[];
  map: Map<string, ViewState> | null;
}
/**
 * A view's geometry: the store's own offset, shape and strides, not the store. A `byRegion` value
 * that held a store would hold the key region through every young-generation collection (V8's
 * scavenger keeps the values of an old WeakMap alive, only a full collection applies ephemeron
 * rules): each step's dead result survived scavenges, was promoted, and waited for a full
 * collection (runtime/reclaim-young.ts).
 */
type Geometry = Pick<Store, 'offset' | 'shape' | 'strides'>;

function geometryOf(store: Store): Geometry {
  return { offset: store.offset, shape: store.shape, strides: store.strides };
}
const byRegion = new WeakMap<Region, Views>();
const MAX_LIST = 8;

function sameGeometry(a: Geometry, b: Store): boolean {
  if (a.offset !== b.offset) return false;
  const sa = a.shape;
  const sb = b.shape;
  const n = sa.length;
  if (n !== sb.length) return false;
  for (let d = 0; d < n; d++) if (sa[d] !== sb[d] || a.strides[d] !== b.strides[d]) return false;
  return true;
}

function newViewState(): ViewState {
  return {
    current: undefined,
    footprints: new WeakMap(),
    offsetFootprints: new WeakMap(),
    images: new WeakMap(),
    tilings: new Map(),
  };
}

/** The state of a store's view (one lookup for a store seen before). */
export function viewState(store: Store): ViewState {
  let vs = byStore.get(store);
  if (vs !== undefined) return vs;
  const views = byRegion.get(store.region);
  if (views === undefined) {
    vs = newViewState();
    byRegion.set(store.region, { list: [vs], geometry: [geometryOf(store)], map: null });
    byStore.set(store, vs);
    return vs;
  }
  if (views.map === null) {
    const g = views.geometry;
    for (let k = 0; k < g.length; k++) {
      if (sameGeometry(g[k]!, store)) {
        vs = views.list[k]!;
        byStore.set(store, vs);
        return vs;
      }
    }
    if (g.length < MAX_LIST) {
      vs = newViewState();
      g.push(geometryOf(store));
      views.list.push(vs);
      byStore.set(store, vs);
      return vs;
    }
    // Many views of one region: index them by a geometry string from now on.
    const map = new Map<string, ViewState>();
    for (let k = 0; k < g.length; k++) map.set(geometryKey(g[k]!), views.list[k]!);
    views.map = map;
    views.list = [];
    views.geometry = [];
  }
  const key = geometryKey(store);
  vs = views.map.get(key);
  if (vs === undefined) views.map.set(key, (vs = newViewState()));
  byStore.set(store, vs);
  return vs;
}

function geometryKey(store: Geometry): string {
  return `${store.shape.join(',')}|${store.strides.join(',')}|${store.offset}`;
}

/**
 * The current partition of a store's view: the one it was last written (or first partitioned)
 * with, or undefined.
 */
export function currentPartition(store: Store): Partition | undefined {
  return viewState(store).current;
}

/** The region elements (linear memory) that a 1-D piece of points touches through a store's view. */
function pieceFootprint(store: Store, piece: SubSpace): IntervalSet {
  if (piece instanceof Rect) return store.footprint(piece);
  if (store.strides[0] === 1) return piece.shift(store.offset);
  const b = piece.bounds;
  const parts: IntervalSet[] = [];
  for (let k = 0; k < b.length; k += 2) parts.push(store.footprint(new Rect([b[k]!], [b[k + 1]!])));
  return IntervalSet.unionAll(parts);
}

/**
 * Per color, the region elements a store touches under a partition of its index space
 * (memoized per view and partition).
 * @param withNext - also element `hi` of each interval (offsets arrays: the kernel reads `indptr[hi]`)
 */
export function footprintsOf(
  store: Store,
  part: Partition,
  withNext = false,
  vs: ViewState = viewState(store),
): readonly IntervalSet[] {
  const memo = withNext ? vs.offsetFootprints : vs.footprints;
  let fp = memo.get(part);
  if (fp === undefined) {
    statsSink().footprintComputations++;
    fp = part.pieces.map((piece) => {
      const set = pieceFootprint(store, piece);
      if (!withNext) return set;
      const pts = piece instanceof Rect ? piece.toIntervalSet() : piece;
      const extra: number[] = [];
      const b = pts.empty && piece instanceof Rect ? [piece.lo[0]!, piece.lo[0]!] : pts.bounds;
      for (let k = 1; k < b.length; k += 2) {
        const at = store.offset + b[k]! * store.strides[0]!;
        if (at >= 0 && at < store.region.size) extra.push(at, at + 1);
      }
      return set.union(IntervalSet.fromPairs(extra));
    });
    memo.set(part, fp);
  }
  return fp;
}

/** The view's entry for this other partition and mode, if any. */
export function cached(
  vs: ViewState,
  other: Partition,
  mode: ImageMode,
  exact: boolean,
  extent: number,
  preimage: boolean,
): ImageEntry | undefined {
  const list = vs.images.get(other);
  if (list === undefined) return undefined;
  for (const e of list) {
    if (e.mode === mode && e.exact === exact && e.extent === extent && e.preimage === preimage) return e;
  }
  return undefined;
}

/** Adds an entry to the view's images. */
export function remember(vs: ViewState, other: Partition, entry: ImageEntry): void {
  const list = vs.images.get(other);
  if (list === undefined) vs.images.set(other, [entry]);
  else list.push(entry);
}

function sameSets(p: Partition, sets: readonly IntervalSet[]): boolean {
  if (p.colors !== sets.length) return false;
  for (let c = 0; c < sets.length; c++) {
    const q = p.pieces[c]!;
    if (!(q instanceof IntervalSet) || !q.equals(sets[c]!)) return false;
  }
  return true;
}

/**
 * The image of `srcPart` (a partition of `src`'s index space) in a 1-D destination space of
 * `dstExtent` points. Cached against `src.region.version`: while the source region is not
 * written, the same Partition object comes back without reading any value; after a write it
 * is recomputed (`sync(region)` first, so pending writers finish) — and if the result did not
 * change the old object is kept, so partitions derived from it stay valid.
 *
 * With `defer` (the solver passes it when every argument derived in the launch is only read),
 * a large image, or one whose source has writes in flight, is computed by tasks on the pool
 * instead (image-task.ts): this request gets a provisional partition (every destination point
 * per piece, a superset: more dependences, the same results) and the next request at the same
 * source version collects the tasks' image. A source of a provisional partition gets a
 * provisional image, not remembered.
 */
export function imagePartition(
  src: Store,
  srcPart: Partition,
  mode: ImageMode,
  exact: boolean,
  dstExtent: number,
  sync: (region: Region) => void,
  defer = false,
): Partition {
  const vs = viewState(src);
  const stats = statsSink();
  let hit = cached(vs, srcPart, mode, exact, dstExtent, false);
  const version = src.region.version;
  let scanNow = false;
  if (hit !== undefined && hit.version === version) {
    if (hit.pending == null) {
      stats.imageHits++;
      return hit.partition;
    }
    // Its tasks were issued at the previous request: collect them (image-task.ts).
    const pending = hit.pending as PendingImage;
    hit.pending = null;
    let sets: IntervalSet[] | null = null;
    try {
      sets = finishImage(pending);
    } catch {
      sets = null; // a failed task or source write: the scan below rethrows the source's failure
      scanNow = true;
    }
    if (sets !== null) {
      stats.imageHits++;
      return settle(hit, version, sets, Rect.fromShape([dstExtent]), 'image');
    }
  }
  if (hit !== undefined && hit.pending != null) {
    // Deferred, then superseded by a write before anyone used it: scan this view from now on.
    hit.pending = null;
    hit.noDefer = true;
    hit.partition = hit.exactPartition ?? hit.partition;
  }
  if (isProvisional(srcPart)) {
    // The source partition is itself a stand-in: so is its image (not remembered).
    return provisionalImage(srcPart.colors, dstExtent);
  }
  if (
    defer &&
    !scanNow &&
    hit?.noDefer !== true &&
    shouldDefer(srcPart, mode, hasPendingWriters(src.region))
  ) {
    const pending = deferImage(src, srcPart, mode, exact, dstExtent);
    if (pending !== null) {
      stats.imageComputations++;
      const partition = provisionalImage(srcPart.colors, dstExtent);
      if (hit === undefined) {
        hit = { mode, exact, extent: dstExtent, preimage: false, version, partition, exactPartition: null };
        remember(vs, srcPart, hit);
      } else {
        if (!isProvisional(hit.partition)) hit.exactPartition = hit.partition;
        hit.version = version;
        hit.partition = partition;
      }
      hit.pending = pending;
      return partition;
    }
  }
  sync(src.region);
  stats.imageComputations++;
  const sets = imagePieces(src, srcPart, mode, exact, dstExtent);
  if (hit !== undefined) return settle(hit, version, sets, Rect.fromShape([dstExtent]), 'image');
  const partition = new Partition('image', Rect.fromShape([dstExtent]), sets);
  remember(vs, srcPart, { mode, exact, extent: dstExtent, preimage: false, version, partition });
  return partition;
}

/** Records a computed (pre)image in its entry, keeping the previous exact object when equal. */
export function settle(
  hit: ImageEntry,
  version: number,
  sets: IntervalSet[],
  space: Rect,
  kind: 'image' | 'preimage',
): Partition {
  hit.version = version;
  const prev = hit.exactPartition ?? (isProvisional(hit.partition) ? null : hit.partition);
  hit.partition = prev != null && sameSets(prev, sets) ? prev : new Partition(kind, space, sets);
  hit.exactPartition = hit.partition;
  return hit.partition;
}
