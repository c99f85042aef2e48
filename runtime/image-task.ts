/**
 * Images as tasks (issue 17 item 3): instead of the issuing thread waiting for an image's source
 * and scanning it, the image of each source piece is computed by a point task on the pool — one
 * task per piece of the source partition, each reading only its piece (so it waits only for that
 * piece's writers) and writing a fixed-size slot of a result region: the sorted intervals of its
 * image (at most {@link MAX_INTERVALS}; more are coarsened to buckets of the destination, a
 * superset). Meanwhile the launch that asked runs with a *provisional* image: every destination
 * point per piece — a superset, safe for the dependences of arguments it only reads (the solver
 * defers only then), since kernels never see derived partitions. The next request for the same
 * image at the same source version waits for the tasks (usually long done) and reads the slots:
 * O(pieces × intervals) on the issuing thread, never O(source). Results are combined per piece in
 * color order, so the partition is the same whatever ran where.
 */
import { workerCount } from './config.js';
import type { ImageMode } from './constraints.js';
import { peekState, writersOf } from './deps.js';
import { submit, syncRegion } from './engine.js';
import { imageKernelName } from './image-kernel.js';
import { IntervalSet, Rect, type SubSpace } from './index-space.js';
import { distributed } from './mpi.js';
import { Partition } from './partition.js';
import { footprintsOf } from './partition-cache.js';
import type { LaunchPlan } from './plan.js';
import { createRegion, type Region } from './region.js';
import { Store } from './store.js';

/** Intervals a piece's image keeps exactly; beyond, it is coarsened (a superset). */
export const MAX_INTERVALS = 256;
/** Below this many source points (and with no pending writer), the issuing thread scans. */
export const DEFER_MIN_POINTS = 1 << 16;
/** Source intervals passed to the tasks (as scalars) at most; more: the issuing thread scans. */
const MAX_SOURCE_PAIRS = 4096;

const MODE: Record<ImageMode, number> = { point: 0, offsets: 1, range: 2 };
const HEAD = 8;

/** An image whose tasks were issued; {@link finishImage} reads it. */
export interface PendingImage {
  readonly out: Store;
  readonly colors: number;
  readonly dstExtent: number;
  /** Intervals per slot (MAX_INTERVALS unless a test asked for another). */
  readonly K: number;
}

/** Internal knobs of {@link deferImage} (tests and A/B benchmarks). */
export interface DeferImageOptions {
  /** Intervals a slot keeps (default {@link MAX_INTERVALS}). */
  readonly K?: number;
  /** Another kernel with the same scalars and slots (the reference kernel of the tests). */
  readonly kernel?: string;
}

let kernelOverride: string | null = null;

/** Runs image tasks with another registered kernel (A/B benchmarks; null: the default). */
export function setImageKernel(name: string | null): void {
  kernelOverride = name;
}

/** Partitions handed out before their image was computed (every destination point per piece). */
const provisional = new WeakSet<Partition>();

/**
 * True when `p` is a provisional image or preimage: a superset standing in for one still being
 * computed by tasks (`imagePartition`/`preimagePartition` with `defer`); asking again at the same
 * source version collects the exact one.
 * @example isProvisional(tiling([8], 2)) // false
 */
export function isProvisional(p: Partition): boolean {
  return provisional.has(p);
}

/** Marks a stand-in partition as provisional (preimage-task.ts makes provisional preimages). */
export function markProvisional(p: Partition): void {
  provisional.add(p);
}

/** A provisional image: every destination point for every color. */
export function provisionalImage(colors: number, dstExtent: number): Partition {
  const all = IntervalSet.range(0, dstExtent);
  const sets: IntervalSet[] = new Array(colors).fill(dstExtent > 0 ? all : IntervalSet.EMPTY);
  const p = new Partition('image', Rect.fromShape([dstExtent]), sets, {
    disjoint: colors <= 1 || dstExtent === 0,
    complete: colors > 0 || dstExtent === 0,
  });
  provisional.add(p);
  return p;
}

/** Whether `region` has writes not known complete (deterministic: see known.ts). */
export function hasPendingWriters(region: Region): boolean {
  // Under MPI the ranks wait for different pieces: this answer would differ between ranks and
  // with it whether an image launch (a collective copy) happens. Answer from the program alone.
  if (distributed()) return false;
  const st = peekState(region);
  if (st === undefined || st.accesses.length === 0) return false;
  const out: number[] = [];
  writersOf(st, null, out);
  return out.length > 0;
}

/** Source points of a piece as interval pairs (for `'range'`, rows of the `[n, 2]` rectangle). */
function sourcePairs(piece: SubSpace): readonly number[] {
  if (piece instanceof IntervalSet) return piece.bounds;
  const r = piece as Rect;
  return r.ndim === 1 ? r.toIntervalSet().bounds : [r.lo[0]!, r.hi[0]!];
}

let enabled = true;

/** Turns images as tasks on or off (tests and A/B benchmarks; on by default). */
export function setImageTasks(on: boolean): void {
  enabled = on;
}

/**
 * Whether the image of `srcPart` should be computed by tasks: with a pool, when
 * the scan is large or the source still has writes in flight (then the issuing thread would
 * wait for them) — both facts of the program, never of timing.
 */
export function shouldDefer(srcPart: Partition, mode: ImageMode, pendingWriters: boolean): boolean {
  if (!enabled || workerCount() <= 0 || srcPart.colors === 0) return false;
  if (pendingWriters) return true;
  if (mode === 'offsets') return false; // two values per interval: cheap
  let points = 0;
  for (const p of srcPart.pieces)
    points += p instanceof Rect ? (p.ndim === 1 ? p.volume : p.hi[0]! - p.lo[0]!) : p.volume;
  return points >= DEFER_MIN_POINTS;
}

/**
 * Issues the tasks computing the image of every piece of `srcPart` (one per color, in color
 * order). Returns null when the source pieces are too fragmented to pass (the caller scans).
 */
export function deferImage(
  src: Store,
  srcPart: Partition,
  mode: ImageMode,
  exact: boolean,
  dstExtent: number,
  opts: DeferImageOptions = {},
): PendingImage | null {
  const colors = srcPart.colors;
  const K = opts.K ?? MAX_INTERVALS;
  const scalars: number[] = [
    MODE[mode],
    exact ? 1 : 0,
    dstExtent,
    K,
    src.offset,
    src.strides[0]!,
    mode === 'range' ? src.strides[1]! : 0,
    colors,
  ];
  const at = HEAD + colors + 1;
  const table: number[] = [];
  const pairs: number[] = [];
  for (let c = 0; c < colors; c++) {
    table.push(at + pairs.length);
    const b = sourcePairs(srcPart.pieces[c]!);
    for (let k = 0; k < b.length; k++) pairs.push(b[k]!);
    if (pairs.length > 2 * MAX_SOURCE_PAIRS) return null;
  }
  table.push(at + pairs.length);
  for (const v of table) scalars.push(v);
  for (const v of pairs) scalars.push(v);
  const W = 1 + 2 * K;
  const out = Store.whole(createRegion('float64', colors * W, false));
  const srcFp = footprintsOf(src, srcPart, mode === 'offsets');
  const footprints: IntervalSet[][] = [];
  const tiles: Rect[] = [];
  for (let c = 0; c < colors; c++) {
    tiles.push(new Rect([c], [c + 1]));
    footprints.push([srcFp[c]!, IntervalSet.range(c * W, (c + 1) * W)]);
  }
  const plan: LaunchPlan = {
    spec: {
      op: 'image',
      kernel: opts.kernel ?? kernelOverride ?? imageKernelName(src.region.dtype),
      args: [
        { store: src, privilege: 'read' },
        { store: out, privilege: 'write-discard' },
      ],
      scalars,
    },
    colors,
    tiles,
    footprints,
    nBlocks: 0,
    block: 0,
    width: 0,
    redBlock: 0,
    key: 1,
    partitions: [srcPart, srcPart],
  };
  submit(plan);
  return { out, colors, dstExtent, K };
}

/**
 * Waits for an image's tasks and reads their slots: one interval set per color.
 * @throws {TaskError} when a task (or a write of the source it read) failed
 */
export function finishImage(p: PendingImage): IntervalSet[] {
  syncRegion(p.out.region);
  const data = p.out.region.data;
  const W = 1 + 2 * p.K;
  const sets: IntervalSet[] = new Array(p.colors);
  for (let c = 0; c < p.colors; c++) {
    const o = c * W;
    const n = data[o]!;
    const pairs: number[] = new Array(2 * n);
    for (let k = 0; k < 2 * n; k++) pairs[k] = data[o + 1 + k]!;
    sets[c] = IntervalSet.fromSortedPairs(pairs);
  }
  return sets;
}
