/**
 * Preimages as tasks (issue 17 item 3), the counterpart of image-task.ts: instead of the issuing
 * thread waiting for a preimage's source and scanning every row of it, the source's rows are cut
 * into a fixed number of pieces (a function of the row count only) and a point task per piece
 * finds, for every color of the target partition, the runs of its rows whose value lands in
 * (range meets) that color's piece. Each task reads only its rows (so it waits only for their
 * writers) and writes a fixed-size slot per color: at most `K` runs, coarsened to buckets of the
 * piece's rows beyond that (a superset). Meanwhile the launch that asked runs with a
 * *provisional* preimage (every source row per color); the next request at the same source
 * version waits for the tasks and concatenates the slots per color in piece order — O(pieces ×
 * colors × K) on the issuing thread, never O(source), and the same partition whatever ran where.
 */
import { workerCount } from './config.js';
import type { ImageMode } from './constraints.js';
import { submit, syncRegion } from './engine.js';
import { hasPendingWriters, markProvisional } from './image-task.js';
import { asIntervalSet, IntervalSet, Rect } from './index-space.js';
import { registerKernel, type TaskContext } from './kernels.js';
import { Partition } from './partition.js';
import { footprintsOf } from './partition-cache.js';
import type { LaunchPlan } from './plan.js';
import { createRegion } from './region.js';
import { Store } from './store.js';

/** Runs a task keeps exactly per color at most; the slots of all tasks hold ≤ 2^20 values. */
export const PRE_MAX_RUNS = 256;
/** Below this many source rows (and with no pending writer), the issuing thread scans. */
export const PRE_DEFER_MIN_ROWS = 1 << 16;
/** Rows per task at least, and tasks at most. */
const ROWS_PER_TASK = 1 << 15;
const MAX_TASKS = 16;
/** Target intervals passed to the tasks (as scalars) at most; more: the issuing thread scans. */
const MAX_TARGET_PAIRS = 4096;
const SLOT_BUDGET = 1 << 20;

const MODE: Record<ImageMode, number> = { point: 0, offsets: 1, range: 2 };
const HEAD = 8;

/**
 * The task: for source rows `[sc[8+p], sc[9+p])` (p = `t.lo[0]`), the runs of rows landing in
 * each target color, into slot `(p·C + c)` of `t.arrays[1]` (count, then sorted disjoint pairs).
 * Shipped to workers as source text: no free variables.
 */
function preimageKernel(t: TaskContext): void {
  const src = t.arrays[0]!;
  const out = t.arrays[1]!;
  const sc = t.scalars;
  const mode = sc[0]!;
  const K = sc[1]!;
  const off = sc[2]!;
  const s0 = sc[3]!;
  const s1 = sc[4]!;
  const C = sc[5]!;
  const P = sc[6]!;
  const p = t.lo[0]!;
  const from = sc[8 + p]!;
  const to = sc[9 + p]!;
  const ct = 9 + P;
  // Segments between consecutive boundaries of all colors' intervals: on each, the colors that
  // hold a point are constant. One binary search (or the last segment again) per row, whatever C.
  const bp: number[] = [];
  for (let q = sc[ct]!; q < sc[ct + C]!; q++) bp.push(sc[q]!);
  bp.sort((u, v) => u - v);
  let u = 0;
  for (let q = 0; q < bp.length; q++) if (q === 0 || bp[q] !== bp[u - 1]) bp[u++] = bp[q]!;
  bp.length = u;
  const nseg = u - 1;
  const segColors: number[][] = [];
  for (let j = 0; j < nseg; j++) {
    const v = bp[j]!;
    const list: number[] = [];
    for (let c = 0; c < C; c++) {
      const a = sc[ct + c]!;
      const n = (sc[ct + c + 1]! - a) >> 1;
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const m = (lo + hi) >> 1;
        if (sc[a + 2 * m + 1]! <= v) lo = m + 1;
        else hi = m;
      }
      if (lo < n && sc[a + 2 * lo]! <= v) list.push(c);
    }
    segColors.push(list);
  }
  const runs: number[][] = [];
  for (let c = 0; c < C; c++) runs.push([]);
  const stamp = new Float64Array(C).fill(-1);
  const first = nseg > 0 ? bp[0]! : 0;
  const end = nseg > 0 ? bp[nseg]! : 0;
  let last = 0;
  for (let k = from; k < to && nseg > 0; k++) {
    const at = off + k * s0;
    const s = src[at]!;
    // A point lands where a piece holds it; a range [s, e) where a piece meets it (never if empty).
    const e = mode === 0 ? s : mode === 1 ? src[at + s0]! : src[at + s1]!;
    if (mode === 0 ? !(s >= first && s < end) : !(e > s && e > first && s < end)) continue;
    let j = 0;
    if (s >= first) {
      if (bp[last]! <= s && s < bp[last + 1]!) j = last;
      else {
        let lo = 0;
        let hi = nseg - 1;
        while (lo < hi) {
          const m = (lo + hi + 1) >> 1;
          if (bp[m]! <= s) lo = m;
          else hi = m - 1;
        }
        j = last = lo;
      }
    }
    do {
      const list = segColors[j]!;
      for (let q = 0; q < list.length; q++) {
        const c = list[q]!;
        if (stamp[c] === k) continue;
        stamp[c] = k;
        const r = runs[c]!;
        if (r.length > 0 && r[r.length - 1] === k) r[r.length - 1] = k + 1;
        else r.push(k, k + 1);
      }
      j++;
    } while (mode !== 0 && j < nseg && bp[j]! < e);
  }
  const W = 1 + 2 * K;
  for (let c = 0; c < C; c++) {
    let pairs = runs[c]!;
    if (pairs.length > 2 * K) {
      // Coarsen: buckets of g rows of this piece, each kept whole if any of its rows is hit.
      const g = Math.ceil((to - from) / K);
      const coarse: number[] = [];
      for (let k = 0; k < pairs.length; k += 2) {
        const s = from + Math.floor((pairs[k]! - from) / g) * g;
        const e = Math.min(to, from + Math.ceil((pairs[k + 1]! - from) / g) * g);
        if (coarse.length > 0 && s <= coarse[coarse.length - 1]!) {
          if (e > coarse[coarse.length - 1]!) coarse[coarse.length - 1] = e;
        } else coarse.push(s, e);
      }
      pairs = coarse;
    }
    const o = (p * C + c) * W;
    out[o] = pairs.length >> 1;
    for (let k = 0; k < pairs.length; k++) out[o + 1 + k] = pairs[k]!;
  }
}

const KERNEL = 'runtime.preimage';
registerKernel(KERNEL, preimageKernel);

/** A preimage whose tasks were issued; {@link finishPreimage} reads it. */
export interface PendingPreimage {
  readonly out: Store;
  readonly colors: number;
  readonly tasks: number;
  readonly runs: number;
}

/** A provisional preimage: every source row for every color (a superset, marked provisional). */
export function provisionalPreimage(colors: number, rows: number): Partition {
  const all = IntervalSet.range(0, rows);
  const sets: IntervalSet[] = new Array(colors).fill(rows > 0 ? all : IntervalSet.EMPTY);
  const p = new Partition('preimage', Rect.fromShape([rows]), sets, {
    disjoint: colors <= 1 || rows === 0,
    complete: colors > 0 || rows === 0,
  });
  markProvisional(p);
  return p;
}

/** Tasks for a source of `rows` rows: a function of the row count only (never of timing). */
export function preimageTaskCount(rows: number): number {
  return Math.max(1, Math.min(MAX_TASKS, Math.ceil(rows / ROWS_PER_TASK)));
}

/** Runs kept per (task, color): {@link PRE_MAX_RUNS}, fewer when the slots would be large. */
export function preimageRunsPerSlot(colors: number, tasks: number): number {
  return Math.max(8, Math.min(PRE_MAX_RUNS, Math.floor(SLOT_BUDGET / (2 * Math.max(1, colors * tasks)))));
}

let enabled = true;

/** Turns preimages as tasks on or off (tests and A/B benchmarks; on by default). */
export function setPreimageTasks(on: boolean): void {
  enabled = on;
}

/**
 * Whether the preimage through `src` should be computed by tasks: with a pool, when the scan is
 * large (≥ {@link PRE_DEFER_MIN_ROWS} rows) or the source still has writes not known complete.
 */
export function shouldDeferPreimage(src: Store, colors: number): boolean {
  if (!enabled || workerCount() <= 0 || colors === 0) return false;
  if (hasPendingWriters(src.region)) return true;
  return src.shape[0]! >= PRE_DEFER_MIN_ROWS;
}

/** The row pieces of a source (memoized by geometry: footprints are memoized per partition). */
const rowParts = new Map<string, Partition>();
function rowPartition(rows: number, ndim: number, tasks: number): Partition {
  const key = `${rows}|${ndim}|${tasks}`;
  let p = rowParts.get(key);
  if (p === undefined) {
    const pieces: Rect[] = [];
    for (let q = 0; q < tasks; q++) {
      const a = Math.floor((rows * q) / tasks);
      const b = Math.floor((rows * (q + 1)) / tasks);
      pieces.push(ndim === 2 ? new Rect([a, 0], [b, 2]) : new Rect([a], [b]));
    }
    const space = ndim === 2 ? Rect.fromShape([rows, 2]) : Rect.fromShape([rows]);
    p = new Partition('tiling', space, pieces, { disjoint: true, complete: true });
    if (rowParts.size >= 64) rowParts.clear();
    rowParts.set(key, p);
  }
  return p;
}

/**
 * Issues the tasks computing the preimage of `dstPart` through `src` (one per row piece, in
 * order). Returns null when the target partition has too many intervals to pass (the caller scans).
 */
export function deferPreimage(src: Store, dstPart: Partition, mode: ImageMode): PendingPreimage | null {
  const colors = dstPart.colors;
  const rows = src.shape[0]!;
  const tasks = preimageTaskCount(rows);
  const K = preimageRunsPerSlot(colors, tasks);
  const scalars: number[] = [
    MODE[mode],
    K,
    src.offset,
    src.strides[0]!,
    mode === 'range' ? src.strides[1]! : 0,
    colors,
    tasks,
    rows,
  ];
  const rowPart = rowPartition(rows, mode === 'range' ? 2 : 1, tasks);
  for (let q = 0; q < tasks; q++) scalars.push((rowPart.pieces[q] as Rect).lo[0]!);
  scalars.push(rows);
  const at = HEAD + tasks + 1 + colors + 1;
  const table: number[] = [];
  const pairs: number[] = [];
  for (let c = 0; c < colors; c++) {
    table.push(at + pairs.length);
    const b = asIntervalSet(dstPart.pieces[c]!).bounds;
    for (let k = 0; k < b.length; k++) pairs.push(b[k]!);
    if (pairs.length > 2 * MAX_TARGET_PAIRS) return null;
  }
  table.push(at + pairs.length);
  for (const v of table) scalars.push(v);
  for (const v of pairs) scalars.push(v);
  const W = 1 + 2 * K;
  const out = Store.whole(createRegion('float64', tasks * colors * W, false));
  const srcFp = footprintsOf(src, rowPart, mode === 'offsets');
  const footprints: IntervalSet[][] = [];
  const tiles: Rect[] = [];
  for (let q = 0; q < tasks; q++) {
    tiles.push(new Rect([q], [q + 1]));
    footprints.push([srcFp[q]!, IntervalSet.range(q * colors * W, (q + 1) * colors * W)]);
  }
  const plan: LaunchPlan = {
    spec: {
      op: 'preimage',
      kernel: KERNEL,
      args: [
        { store: src, privilege: 'read' },
        { store: out, privilege: 'write-discard' },
      ],
      scalars,
    },
    colors: tasks,
    tiles,
    footprints,
    nBlocks: 0,
    block: 0,
    width: 0,
    redBlock: 0,
    key: 1,
    partitions: [rowPart, rowPart],
  };
  submit(plan);
  return { out, colors, tasks, runs: K };
}

/**
 * Waits for a preimage's tasks and concatenates their slots per color in row order.
 * @throws {TaskError} when a task (or a write of the source it read) failed
 */
export function finishPreimage(p: PendingPreimage): IntervalSet[] {
  syncRegion(p.out.region);
  const data = p.out.region.data;
  const W = 1 + 2 * p.runs;
  const sets: IntervalSet[] = new Array(p.colors);
  for (let c = 0; c < p.colors; c++) {
    const pairs: number[] = [];
    for (let q = 0; q < p.tasks; q++) {
      const o = (q * p.colors + c) * W;
      const n = data[o]!;
      for (let k = 0; k < n; k++) {
        const s = data[o + 1 + 2 * k]!;
        const e = data[o + 2 + 2 * k]!;
        // Pieces are consecutive rows: a run may continue across a piece boundary.
        if (pairs.length > 0 && pairs[pairs.length - 1] === s) pairs[pairs.length - 1] = e;
        else pairs.push(s, e);
      }
    }
    sets[c] = IntervalSet.fromSortedPairs(pairs);
  }
  return sets;
}
