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
import { IntervalSet, Rect, type SubSpace } from './index-space.js';
import { registerKernel, type TaskContext } from './kernels.js';
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

/**
 * The task: the image of source piece `t.lo[0]` into its slot of `t.arrays[1]` (count, then
 * sorted disjoint non-adjacent pairs). Shipped to workers as source text: no free variables.
 */
function imageKernel(t: TaskContext): void {
  const src = t.arrays[0]!;
  const out = t.arrays[1]!;
  const sc = t.scalars;
  const mode = sc[0]!;
  const exact = sc[1]! === 1;
  const ext = sc[2]!;
  const K = sc[3]!;
  const off = sc[4]!;
  const s0 = sc[5]!;
  const s1 = sc[6]!;
  const c = t.lo[0]!;
  const from = sc[8 + c]!;
  const to = sc[9 + c]!;
  const o = c * (1 + 2 * K);
  let pairs: number[] = [];
  if (mode === 0 && !exact) {
    let mn = Number.POSITIVE_INFINITY;
    let mx = Number.NEGATIVE_INFINITY;
    for (let k = from; k < to; k += 2) {
      for (let i = sc[k]!; i < sc[k + 1]!; i++) {
        const v = src[off + i * s0]!;
        if (v < 0 || v >= ext) continue;
        if (v < mn) mn = v;
        if (v > mx) mx = v;
      }
    }
    if (mx >= mn) pairs.push(mn, mx + 1);
  } else if (mode === 0) {
    let m = 0;
    for (let k = from; k < to; k += 2) m += sc[k + 1]! - sc[k]!;
    if (m * 8 >= ext) {
      const mark = new Uint8Array(ext);
      for (let k = from; k < to; k += 2) {
        for (let i = sc[k]!; i < sc[k + 1]!; i++) {
          const v = src[off + i * s0]!;
          if (v >= 0 && v < ext) mark[v] = 1;
        }
      }
      let p = 0;
      while (p < ext) {
        while (p < ext && mark[p] === 0) p++;
        if (p >= ext) break;
        const s = p;
        while (p < ext && mark[p] === 1) p++;
        pairs.push(s, p);
      }
    } else {
      const vals = new Float64Array(m);
      let n = 0;
      for (let k = from; k < to; k += 2) {
        for (let i = sc[k]!; i < sc[k + 1]!; i++) {
          const v = src[off + i * s0]!;
          if (v >= 0 && v < ext) vals[n++] = v;
        }
      }
      const view = vals.subarray(0, n);
      view.sort();
      let k = 0;
      while (k < n) {
        const s = view[k]!;
        let e = s + 1;
        k++;
        while (k < n && view[k]! <= e) {
          if (view[k] === e) e++;
          k++;
        }
        pairs.push(s, e);
      }
    }
  } else {
    const raw: number[] = [];
    for (let k = from; k < to; k += 2) {
      if (mode === 1) {
        raw.push(Math.max(0, src[off + sc[k]! * s0]!), Math.min(ext, src[off + sc[k + 1]! * s0]!));
      } else {
        for (let i = sc[k]!; i < sc[k + 1]!; i++) {
          const at = off + i * s0;
          raw.push(Math.max(0, src[at]!), Math.min(ext, src[at + s1]!));
        }
      }
    }
    const n = raw.length >> 1;
    const idx: number[] = [];
    for (let q = 0; q < n; q++) idx.push(q);
    idx.sort((a, b) => raw[2 * a]! - raw[2 * b]! || a - b);
    for (let j = 0; j < n; j++) {
      const s = raw[2 * idx[j]!]!;
      const e = raw[2 * idx[j]! + 1]!;
      if (e <= s) continue;
      if (pairs.length > 0 && s <= pairs[pairs.length - 1]!) {
        if (e > pairs[pairs.length - 1]!) pairs[pairs.length - 1] = e;
      } else pairs.push(s, e);
    }
    if (!exact && pairs.length > 2) pairs = [pairs[0]!, pairs[pairs.length - 1]!];
  }
  if (pairs.length > 2 * K) {
    // Coarsen: buckets of g destination points, each kept whole if any of its points is hit.
    const g = Math.ceil(ext / K);
    const coarse: number[] = [];
    for (let k = 0; k < pairs.length; k += 2) {
      const s = Math.floor(pairs[k]! / g) * g;
      const e = Math.min(ext, Math.ceil(pairs[k + 1]! / g) * g);
      if (coarse.length > 0 && s <= coarse[coarse.length - 1]!) {
        if (e > coarse[coarse.length - 1]!) coarse[coarse.length - 1] = e;
      } else coarse.push(s, e);
    }
    pairs = coarse;
  }
  out[o] = pairs.length >> 1;
  for (let k = 0; k < pairs.length; k++) out[o + 1 + k] = pairs[k]!;
}

const KERNEL = 'runtime.image';
registerKernel(KERNEL, imageKernel);

/** An image whose tasks were issued; {@link finishImage} reads it. */
export interface PendingImage {
  readonly out: Store;
  readonly colors: number;
  readonly dstExtent: number;
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
): PendingImage | null {
  const colors = srcPart.colors;
  const scalars: number[] = [
    MODE[mode],
    exact ? 1 : 0,
    dstExtent,
    MAX_INTERVALS,
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
  const W = 1 + 2 * MAX_INTERVALS;
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
      kernel: KERNEL,
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
  return { out, colors, dstExtent };
}

/**
 * Waits for an image's tasks and reads their slots: one interval set per color.
 * @throws {TaskError} when a task (or a write of the source it read) failed
 */
export function finishImage(p: PendingImage): IntervalSet[] {
  syncRegion(p.out.region);
  const data = p.out.region.data;
  const W = 1 + 2 * MAX_INTERVALS;
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
