/**
 * The execution engine (DESIGN.md §2 "Execution"): turns a solved {@link LaunchPlan} into point
 * tasks. Per piece it runs the dependence analysis (runtime/deps.ts), then either runs the piece
 * inline on the calling thread — when the pool is empty, or when the mapper calls the piece tiny
 * and every dependence is *known* complete (runtime/known.ts: observed by a read or fence, never
 * polled) — or appends it, with the events it waits on, to the batch of the worker the mapper
 * names (runtime/pool.ts), whether or not that worker's thread is up yet. So every decision is a
 * function of the program and the mapper (runtime/decisions.ts logs them for tests). The calling
 * thread never waits at launch.
 *
 * Beside it: `engine-inline.ts` (the one-piece inline path), `engine-fold.ts` (a reduction's
 * fold task), `engine-scalar.ts` (tasks over 0-d futures), `engine-sizing.ts` (the pool for the
 * configured workers), `engine-pool.ts` (the pool in force, waits), `engine-read.ts` (reads,
 * fences), `engine-seq.ts` (task numbering, futures), `engine-combine.ts`.
 */
import { currentMapper, workerCount } from './config.js';
import { INLINE, logging, recordDecision, SKIPPED } from './decisions.js';
import { addAccess, analyze, K_READ, K_REDUCE, kindOf, type RegionState, stateOf } from './deps.js';
import type { TypedArray } from './dtype.js';
import { submitFold } from './engine-fold.js';
import {
  allInHeap,
  inlineContext,
  lastPoolAnswer,
  NOT_INLINE,
  POSTED,
  releaseContext,
  runInline,
  submitOneInline,
} from './engine-inline.js';
import { flushAll, waitKnown } from './engine-pool.js';
import { failedSeqOf, materialize, newSeq, trackFuture } from './engine-seq.js';
import { existingPool, poolFor } from './engine-sizing.js';
import { TaskError } from './errors.js';
import { causeOf, failEvent, isFailed } from './events.js';
import { taskErrorFor } from './failures.js';
import { Future } from './future.js';
import { heapMemory, type WasmMemory } from './heap.js';
import { getKernel, type KernelFn } from './kernels.js';
import { depStatus, isKnown, markKnown, noteDeps } from './known.js';
import { distributed } from './mpi.js';
import type { LaunchPlan } from './plan.js';
import type { Pool, Slot } from './pool.js';
import { makeRedArgs } from './reduction.js';
import { scratchAlloc, scratchFree, scratchOf } from './scratch.js';
import { type Sharding, shardLaunch } from './shard.js';
import { finishShardedReduce } from './shard-reduce.js';
import { traceIssued, tracing } from './trace.js';

export { combine } from './engine-combine.js';
export {
  fence,
  fenceAsync,
  gather,
  readStore,
  readStoreAsync,
  syncRegion,
  syncStore,
} from './engine-read.js';
export { submitScalar } from './engine-scalar.js';

import { combine } from './engine-combine.js';

const EMPTY: number[] = [];
/** Scratch list of dependences (pairs seq, isData) of the piece being analyzed. */
const deps: number[] = [];
/** Makes slot `s` ready for a task of the launch `launchRec`: kernel, regions, launch record. */
function prepareSlot(
  pool: Pool,
  s: Slot,
  kernelId: number,
  args: LaunchPlan['spec']['args'],
  launchRec: unknown,
): void {
  pool.ensureKernel(s, kernelId);
  if (s.lastLaunch === launchRec) return;
  for (let i = 0; i < args.length; i++) {
    const r = args[i]!.store.region;
    pool.ensureRegion(s, r.id, r.data, r.heapOffset >= 0);
  }
  s.batch.push(launchRec);
  s.lastLaunch = launchRec;
  pool.trimResidency(s);
}

/**
 * Work sharing: after a launch's pieces went to their workers, every other live worker also
 * gets each piece (last first), to run if it gets there before the piece's own worker claims it
 * (runtime/worker.js). A worker that finishes early so takes over the end of a slower one's
 * share instead of waiting for it; every piece still runs exactly once.
 * @param shared - [record, slot, seq] per posted piece, in posting order
 */
function postCandidates(
  pool: Pool,
  shared: unknown[],
  kernelId: number,
  args: LaunchPlan['spec']['args'],
  launchRec: unknown,
  op: string,
): void {
  for (let w = 0; w < pool.size; w++) {
    if (pool.target(w) !== w) continue;
    let s: Slot | null = null;
    for (let k = shared.length - 3; k >= 0; k -= 3) {
      if (shared[k + 1] === w) continue;
      if (s === null) s = pool.slot(w);
      prepareSlot(pool, s, kernelId, args, launchRec);
      s.batch.push(shared[k]);
      pool.posted(s, shared[k + 2] as number, op);
    }
  }
}

/**
 * Scratch of the outermost {@link submit} (a submit can re-enter through a fence that issues a
 * held launch; the inner one allocates its own): the access kinds and region states of the
 * arguments, and the task context of a one-piece launch run inline — a small problem's launch
 * allocates none of them (issue 16 item 3). Kernels do not keep their context.
 */
let depth = 0;
const KINDS: number[] = [];
const STATES: RegionState[] = [];

/**
 * Submits a solved launch: one point task per color.
 * @returns the launch's {@link Future} for reductions, else undefined
 */
export function submit(plan: LaunchPlan): Future | undefined {
  if (depth === 0 && plan.colors === 1 && plan.redBlock === 0) {
    // The one-piece inline path (issue 16 item 1): a short function that tiers up early.
    depth = 1;
    try {
      const f = submitOneInline(plan);
      if (f === NOT_INLINE) return submitAt(plan, true, false, lastPoolAnswer());
      if (f === POSTED) return submitAt(plan, true, true, lastPoolAnswer());
      return f as Future | undefined;
    } finally {
      depth = 0;
    }
  }
  depth++;
  try {
    return submitAt(plan, depth === 1);
  } finally {
    depth--;
  }
}

/**
 * The general path of {@link submit}.
 * @param mapperSaidPosted - the mapper's `inline` was already asked for this one-piece launch
 *   and said no (a stateful mapper sees each question once)
 * @param poolAsked - the mapper's `startPool` answer for this launch when already asked (-1: not
 *   asked; 0: no; 1: start the threads)
 */
function submitAt(
  plan: LaunchPlan,
  outer: boolean,
  mapperSaidPosted = false,
  poolAsked = -1,
): Future | undefined {
  const spec = plan.spec;
  const args = spec.args;
  const nargs = args.length;
  const op = spec.op;
  const info = getKernel(spec.kernel);
  const kernel = info.fn as KernelFn;
  const workers = workerCount();
  let pool = existingPool(workers);
  const mapper = currentMapper();
  if (pool === null && poolAsked === 1) pool = poolFor(workers);
  else if (pool === null && poolAsked === -1 && workers > 0 && mapper.startPool !== undefined) {
    let bytes = 0;
    for (let i = 0; i < nargs; i++)
      bytes += args[i]!.store.size * args[i]!.store.region.data.BYTES_PER_ELEMENT;
    if (mapper.startPool(bytes, workers)) pool = poolFor(workers); // threads start in the background
  }
  // Scratch only after the calls above, which may re-enter submit.
  const kinds = outer ? KINDS : new Array<number>(nargs);
  const states = outer ? STATES : new Array<RegionState>(nargs);
  if (outer && kinds.length !== nargs) {
    kinds.length = nargs;
    states.length = nargs;
  }
  for (let i = 0; i < nargs; i++) {
    const a = args[i]!;
    kinds[i] = kindOf(a.privilege);
    states[i] = stateOf(a.store.region);
    if (kinds[i] !== K_READ) a.store.region.version++;
  }
  // Reduce arguments fold into per-block buffers; their pieces do not touch the region.
  const red =
    plan.redBlock > 0 ? makeRedArgs(spec, Math.ceil(args[plan.key]!.store.size / plan.redBlock)) : null;
  /** Events of this launch's pieces (pairs seq, 1): the folds' data dependences. */
  const pieceDeps: number[] | null = red === null ? null : [];
  // Under MPI (ranks() > 1): which rank runs each piece; the copies its pieces need are done.
  const sharding: Sharding | null = distributed() ? shardLaunch(plan, kinds, red !== null) : null;

  // Input futures: known values go by value; pending ones by event (a data dependence).
  let futVals: number[] = EMPTY;
  let futSeqs: number[] | null = null;
  let futDeps: number[] = EMPTY;
  const futs = spec.futures;
  if (futs !== undefined && futs.length > 0) {
    futVals = new Array<number>(futs.length);
    for (let k = 0; k < futs.length; k++) {
      const f = futs[k]!;
      if (f._seq >= 0 && isKnown(f._seq)) materialize(f);
      if (f._seq < 0) {
        if (f._error !== null) {
          if (futDeps === EMPTY) futDeps = [];
          futDeps.push(failedSeqOf(f._error), 1);
          futVals[k] = Number.NaN;
        } else futVals[k] = f._value;
      } else {
        if (futSeqs === null) futSeqs = new Array<number>(futs.length).fill(-1);
        futSeqs[k] = f._seq;
        if (futDeps === EMPTY) futDeps = [];
        futDeps.push(f._seq, 1);
        futVals[k] = Number.NaN;
      }
    }
  }

  const reduce = spec.reduce;
  const nPartials = reduce ? plan.nBlocks * plan.width : 0;
  /** Allocated at the first piece: in shared memory unless the launch is one inline piece. */
  let partials: Float64Array | null = null;

  let arrays: TypedArray[] | null = null;
  let offsets: number[] | null = null;
  let strides: (readonly number[])[] | null = null;
  let shapes: (readonly number[])[] | null = null;
  let heap: WasmMemory | null = null;
  let launchRec: unknown[] | null = null;
  let failOrigin = -1;
  let posted: number[] | null = null;
  let lastSlot = -1;
  /** Whether pieces are shared (decided at the first posted one), and [record, slot, seq]… */
  let share: boolean | null = null;
  let shared: unknown[] | null = null;
  const colors = plan.colors;
  const scalars = (spec.scalars ?? EMPTY) as number[];
  // Per-piece workspace (runtime/scratch.ts), freed behind the posted pieces at the end.
  const scratch =
    spec.scratch !== undefined && red === null && allInHeap(args) ? scratchAlloc(spec.scratch, colors) : null;
  const scratchSeqs: number[] | null = scratch === null ? null : [];
  // A gang's pieces wait for earlier launches only: their accesses are noted after the loop.
  const gang = spec.gang === true;
  const gangSeqs: number[] | null = gang ? [] : null;

  for (let c = 0; c < colors; c++) {
    if (sharding !== null && sharding.owners[c] !== sharding.me) continue; // another rank's piece
    const fps = plan.footprints[c]!;
    while (deps.length > 0) deps.pop(); // keeps the backing store (`length = 0` frees it)
    for (let k = 0; k < futDeps.length; k++) deps.push(futDeps[k]!);
    for (let i = 0; i < nargs; i++) {
      const fp = fps[i]!;
      if (!fp.empty && kinds[i] !== K_REDUCE) analyze(states[i]!, fp, kinds[i]!, deps);
    }
    const status = depStatus(deps);
    if (status >= 0) {
      // A data dependence failed: skip the piece, carrying the original failure.
      const seq = newSeq();
      failEvent(seq, status);
      markKnown(seq);
      if (logging()) recordDecision(op, 'T', c, seq, SKIPPED);
      if (failOrigin < 0) failOrigin = status;
      pieceDeps?.push(seq, 1);
      for (let i = 0; i < nargs; i++)
        if (kinds[i] !== K_READ && kinds[i] !== K_REDUCE && !fps[i]!.empty)
          addAccess(states[i]!, fps[i]!, kinds[i]!, seq);
      continue;
    }
    let inline = workers === 0;
    let slotIndex = -1;
    if (!inline && status === -1) {
      let bytes = 0;
      for (let i = 0; i < nargs; i++) bytes += fps[i]!.volume * args[i]!.store.region.data.BYTES_PER_ELEMENT;
      inline = !gang && !mapperSaidPosted && mapper.inline(op, bytes, workers, colors);
    }
    if (reduce && partials === null) {
      partials =
        inline && colors === 1
          ? new Float64Array(nPartials)
          : new Float64Array(new SharedArrayBuffer(nPartials * 8));
    }
    if (!inline) {
      pool ??= poolFor(workers);
      slotIndex = pool!.target(mapper.worker(c, colors, workers) % workers);
      if (slotIndex < 0) {
        // Every slot is being replaced after its worker died (Pool.target): run it here.
        for (let k = 0; k < deps.length; k += 2) waitKnown(deps[k]!);
        inline = true;
      }
    }
    const tile = plan.tiles[c]!;
    if (inline && colors === 1) {
      // One piece run here: the shared context (re-entrant submits made their own by now).
      heap = red === null && allInHeap(args) ? heapMemory() : null;
      const t = inlineContext(outer, args, tile, scalars, futVals, partials, plan.block, heap);
      t.scratch = scratchOf(scratch, c);
      const failed = runInline(kernel, t, op, red, plan.redBlock);
      releaseContext(t);
      if (logging()) recordDecision(op, 'T', c, failed, INLINE);
      if (failed >= 0) {
        if (failOrigin < 0) failOrigin = failed;
        pieceDeps?.push(failed, 1);
        for (let i = 0; i < nargs; i++)
          if (kinds[i] !== K_READ && kinds[i] !== K_REDUCE && !fps[i]!.empty)
            addAccess(states[i]!, fps[i]!, kinds[i]!, failed);
      }
      continue;
    }
    if (inline) {
      if (arrays === null) {
        arrays = new Array<TypedArray>(nargs);
        offsets = new Array<number>(nargs);
        strides = new Array<readonly number[]>(nargs);
        shapes = new Array<readonly number[]>(nargs);
        for (let i = 0; i < nargs; i++) {
          const st = args[i]!.store;
          arrays[i] = st.region.data;
          offsets[i] = st.offset;
          strides[i] = st.strides;
          shapes[i] = st.shape;
        }
        heap = red === null && allInHeap(args) ? heapMemory() : null;
      }
      const t = {
        arrays,
        offsets: offsets!,
        strides: strides as number[][],
        shapes: shapes as number[][],
        lo: tile.lo as number[],
        hi: tile.hi as number[],
        scalars,
        futures: futVals,
        color: c,
        colors,
        partials,
        block: plan.block,
        heap,
        scratch: scratchOf(scratch, c),
      };
      const failed = runInline(kernel, t, op, red, plan.redBlock);
      if (logging()) recordDecision(op, 'T', c, failed, INLINE);
      if (failed >= 0) {
        if (failOrigin < 0) failOrigin = failed;
        pieceDeps?.push(failed, 1);
        for (let i = 0; i < nargs; i++)
          if (kinds[i] !== K_READ && kinds[i] !== K_REDUCE && !fps[i]!.empty)
            addAccess(states[i]!, fps[i]!, kinds[i]!, failed);
      }
      continue;
    }
    // Post the piece to its worker.
    const seq = newSeq();
    const s = pool!.slot(slotIndex);
    if (launchRec === null) {
      const ids = new Array<number>(nargs);
      const offs = new Array<number>(nargs);
      const strs = new Array<readonly number[]>(nargs);
      const shps = new Array<readonly number[]>(nargs);
      for (let i = 0; i < nargs; i++) {
        const st = args[i]!.store;
        ids[i] = st.region.id;
        offs[i] = st.offset;
        strs[i] = st.strides;
        shps[i] = st.shape;
      }
      launchRec = [
        'L',
        info.id,
        op,
        ids,
        offs,
        strs,
        shps,
        scalars,
        futVals,
        futSeqs,
        partials,
        plan.block,
        colors,
        red === null && allInHeap(args),
        red === null ? null : red.map((r) => [r.arg, r.buf, r.extLo, r.extLen]),
        plan.redBlock,
        scratchOf(scratch, 0),
        scratch === null ? 0 : scratch.per,
      ];
    }
    prepareSlot(pool!, s, info.id, args, launchRec);
    // One-piece launches too (issue 24): posted, such a piece waits for inputs that another
    // worker may finish; offered to every worker, the one that completes the last input runs it
    // at once instead of ringing the piece's own worker and waiting for it to wake.
    if (share === null) share = !gang && mapper.share?.(op, colors, workers) === true;
    const recDeps = deps.slice();
    noteDeps(seq, recDeps);
    if (logging()) recordDecision(op, 'T', c, seq, slotIndex);
    const rec = ['T', seq, c, tile.lo, tile.hi, recDeps, share ? 1 : 0];
    s.batch.push(rec);
    if (share) {
      (shared ??= []).push(rec, slotIndex, seq);
      pool!.noteShared(seq);
    }
    if (gangSeqs !== null) gangSeqs.push(c, seq);
    else
      for (let i = 0; i < nargs; i++)
        if (!fps[i]!.empty && kinds[i] !== K_REDUCE) addAccess(states[i]!, fps[i]!, kinds[i]!, seq);
    pieceDeps?.push(seq, 1);
    scratchSeqs?.push(seq);
    lastSlot = slotIndex;
    if (reduce) {
      if (posted === null) posted = [];
      posted.push(seq, 1);
    }
    if (tracing()) traceIssued(seq, op, 'T');
    pool!.posted(s, seq, op);
  }
  if (shared !== null) postCandidates(pool!, shared, info.id, args, launchRec!, op);
  // A launch the mapper cut into pieces is large work: post it now rather than at the next
  // microtask or read, so that the workers start on it while the issuing thread goes on issuing
  // (a synchronous loop of GEMVs otherwise left them idle until its first read — jacobi's first
  // run issued for 35–60 ms before any piece started). One message per worker per such launch.
  if (colors > 1 && lastSlot >= 0) pool!.flush();
  if (gangSeqs !== null)
    for (let k = 0; k < gangSeqs.length; k += 2) {
      const fps = plan.footprints[gangSeqs[k]!]!;
      for (let i = 0; i < nargs; i++)
        if (!fps[i]!.empty && kinds[i] !== K_REDUCE)
          addAccess(states[i]!, fps[i]!, kinds[i]!, gangSeqs[k + 1]!);
    }
  if (scratch !== null) scratchFree(scratch, scratchSeqs!);
  if (red !== null) {
    const nB = Math.ceil(args[plan.key]!.store.size / plan.redBlock);
    for (const r of red) {
      const i = r.arg;
      pool = submitFold(op, args[i]!.store.region, states[i]!, r, nB, pieceDeps!, pool, lastSlot, workers);
    }
  }

  if (!reduce) return undefined;
  partials ??= new Float64Array(nPartials); // no piece ran (none, or every one skipped)
  if (sharding !== null) return finishShardedReduce(plan, sharding, partials, posted, failOrigin);
  if (failOrigin >= 0) return Future.failed(taskErrorFor(failOrigin));
  if (posted === null) {
    try {
      return Future.of(combine(reduce.combine, partials!, plan.nBlocks, plan.width, reduce.identity));
    } catch (e) {
      return Future.failed(new TaskError(op, (e as Error).message, { cause: e }));
    }
  }
  const target = pool!.target(lastSlot);
  if (target < 0) {
    for (let k = 0; k < posted.length; k += 2) waitKnown(posted[k]!);
    for (let k = 0; k < posted.length; k += 2)
      if (isFailed(posted[k]!)) return Future.failed(taskErrorFor(causeOf(posted[k]!)));
    return Future.of(combine(reduce.combine, partials!, plan.nBlocks, plan.width, reduce.identity));
  }
  lastSlot = target;
  const seq = newSeq();
  const s = pool!.slot(lastSlot);
  const builtin =
    reduce.combine === 'sum' ||
    reduce.combine === 'prod' ||
    reduce.combine === 'min' ||
    reduce.combine === 'max';
  let comb: string | number = reduce.combine;
  if (!builtin) {
    const k = getKernel(reduce.combine);
    pool!.ensureKernel(s, k.id);
    comb = k.id;
  }
  noteDeps(seq, posted);
  if (logging()) recordDecision(op, 'X', 0, seq, lastSlot);
  s.batch.push(['X', seq, op, comb, partials, plan.nBlocks, plan.width, reduce.identity ?? null, posted]);
  if (tracing()) traceIssued(seq, op, 'X');
  pool!.posted(s, seq, op);
  const f = Future.pending(seq, lastSlot);
  trackFuture(f, seq);
  return f;
}

/** Posts pending batches now (reads do this themselves). */
export function flush(): void {
  flushAll();
}
