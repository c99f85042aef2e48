/**
 * The one-piece inline path of the engine (issue 16 item 1): a launch the mapper runs as one piece
 * whose dependences are all known complete runs here, on the issuing thread, in one shared task
 * context, with no per-launch arrays — in a short function that V8 optimizes early. Anything else
 * goes through the general `submitAt` (engine.ts), which takes the same decisions.
 */
import { currentMapper, workerCount } from './config.js';
import { INLINE, logging, recordDecision } from './decisions.js';
import { addAccess, blocked, K_READ, K_REDUCE, kindOf, stateOf } from './deps.js';
import type { TypedArray } from './dtype.js';
import { combine } from './engine-combine.js';
import { currentPool } from './engine-pool.js';
import { materialize, newSeq } from './engine-seq.js';
import { TaskError } from './errors.js';
import { failEvent } from './events.js';
import { recordFailure, taskErrorFor } from './failures.js';
import { Future } from './future.js';
import { heapMemory, type WasmMemory } from './heap.js';
import { getKernel, type KernelFn, type TaskContext } from './kernels.js';
import { isKnown, markKnown } from './known.js';
import { distributed } from './mpi.js';
import type { LaunchPlan } from './plan.js';
import { type RedArg, runBlocks } from './reduction.js';
import { traceInline, traceNow, tracing } from './trace.js';

const EMPTY: number[] = [];

/** True when every region argument lives in the heap (then Wasm kernels may address them). */
export function allInHeap(args: readonly { store: { region: { heapOffset: number } } }[]): boolean {
  for (let i = 0; i < args.length; i++) if (args[i]!.store.region.heapOffset < 0) return false;
  return true;
}

/** Runs a kernel inline (block by block into `red`'s buffers); returns -1, or the seq of the (new, failed) event. */
export function runInline(
  kernel: KernelFn,
  t: TaskContext,
  op: string,
  red: RedArg[] | null,
  blk: number,
): number {
  const t0 = tracing() ? traceNow() : -1;
  try {
    if (red === null) kernel(t);
    else runBlocks(kernel, t, red, blk);
    if (t0 >= 0) traceInline(op, t0);
    return -1;
  } catch (e) {
    const seq = newSeq();
    const err = e instanceof Error ? e : new Error(String(e));
    recordFailure(seq, op, err.message, err.name, err.stack);
    failEvent(seq, seq);
    markKnown(seq);
    return seq;
  }
}

const NO_ARRAY = new Float64Array(0);
export const CTX: TaskContext = {
  arrays: [],
  offsets: [],
  strides: [],
  shapes: [],
  lo: [],
  hi: [],
  scalars: [],
  futures: [],
  color: 0,
  colors: 1,
  partials: null,
  block: 0,
  heap: null,
  scratch: -1,
};

/** Returned by {@link submitOneInline} when the launch takes the general path. */
let enabled = true;
/**
 * Turns the inline path off (tests compare it with the general path) or on; returns the
 * previous setting. Internal.
 */
export function setInlinePath(on: boolean): boolean {
  const was = enabled;
  enabled = on;
  return was;
}

/**
 * The mapper's `startPool` answer for the launch {@link submitOneInline} last looked at: -1 not
 * asked, 0 no, 1 yes (the general path then acts on it instead of asking again).
 */
let poolAnswer = -1;
/** See `poolAnswer`. */
export function lastPoolAnswer(): number {
  return poolAnswer;
}

export const NOT_INLINE = { notInline: true } as const;
/** Returned by {@link submitOneInline} when the mapper said the piece is not run inline. */
export const POSTED = { posted: true } as const;

/**
 * A one-piece launch without reduce arguments, run here at once when it can be: no pending input
 * future, every dependence known complete (runtime/known.ts: decided the same way as
 * {@link submitAt}, which also takes a launch this declines), the mapper calls it inline, no MPI
 * sharding, no pool to start. It does exactly what `submitAt` does for such a launch — bump the
 * written regions' versions, run the kernel in the shared context, combine a reduction's partials
 * — with no per-launch arrays beyond the reduction's partials. Decides before any side effect
 * (the dependence analysis only prunes accesses known complete), so declining costs nothing but
 * the checks.
 */
export function submitOneInline(plan: LaunchPlan): Future | undefined | typeof NOT_INLINE | typeof POSTED {
  const spec = plan.spec;
  const args = spec.args;
  const nargs = args.length;
  poolAnswer = -1;
  // A per-piece workspace (runtime/scratch.ts) is allocated by the general path.
  if (!enabled || distributed() || spec.scratch !== undefined) return NOT_INLINE;
  const futs = spec.futures;
  if (futs !== undefined)
    for (let k = 0; k < futs.length; k++) {
      const f = futs[k]!;
      if (f._seq >= 0 && !isKnown(f._seq)) return NOT_INLINE;
    }
  const workers = workerCount();
  const mapper = currentMapper();
  const p = currentPool();
  if (p !== null) {
    if (p.size !== workers) return NOT_INLINE; // drained and replaced there
  } else if (workers > 0 && mapper.startPool !== undefined) {
    let total = 0;
    for (let i = 0; i < nargs; i++)
      total += args[i]!.store.size * args[i]!.store.region.data.BYTES_PER_ELEMENT;
    poolAnswer = mapper.startPool(total, workers) ? 1 : 0; // passed on: asked once per launch
    if (poolAnswer === 1) return NOT_INLINE; // the threads start there
  }
  const fps = plan.footprints[0]!;
  let bytes = 0;
  for (let i = 0; i < nargs; i++) {
    const a = args[i]!;
    const fp = fps[i]!;
    const region = a.store.region;
    const kind = kindOf(a.privilege);
    if (kind === K_REDUCE) return NOT_INLINE;
    // A dependence not known complete, or a failed one: the general path decides (posts the
    // piece, or skips it carrying the failure).
    if (!fp.empty && blocked(stateOf(region), fp, kind)) return NOT_INLINE;
    bytes += fp.volume * region.data.BYTES_PER_ELEMENT;
  }
  let futVals: number[] = EMPTY;
  if (futs !== undefined && futs.length > 0) {
    futVals = FUT_VALS; // the shared context's list (this path runs at the outermost level only)
    if (futVals.length !== futs.length) futVals.length = futs.length;
    for (let k = 0; k < futs.length; k++) {
      const f = futs[k]!;
      if (f._seq >= 0) materialize(f);
      if (f._error !== null) return NOT_INLINE; // a failed input: the piece is skipped there
      futVals[k] = f._value;
    }
  }
  const op = spec.op;
  if (workers > 0 && !mapper.inline(op, bytes, workers, 1)) return POSTED;
  const info = getKernel(spec.kernel);
  for (let i = 0; i < nargs; i++) {
    const a = args[i]!;
    if (a.privilege !== 'read') a.store.region.version++;
  }
  const reduce = spec.reduce;
  const partials = reduce ? partialsFor(plan.nBlocks * plan.width) : null;
  const heap = allInHeap(args) ? heapMemory() : null;
  const scalars = (spec.scalars ?? EMPTY) as number[];
  const t = inlineContext(true, args, plan.tiles[0]!, scalars, futVals, partials, plan.block, heap);
  const failed = runInline(info.fn as KernelFn, t, op, null, 0);
  releaseContext(t);
  if (logging()) recordDecision(op, 'T', 0, failed, INLINE);
  if (failed >= 0) {
    for (let i = 0; i < nargs; i++) {
      const k = kindOf(args[i]!.privilege);
      if (k !== K_READ && !fps[i]!.empty) addAccess(stateOf(args[i]!.store.region), fps[i]!, k, failed);
    }
    return reduce ? Future.failed(taskErrorFor(failed)) : undefined;
  }
  if (!reduce) return undefined;
  try {
    return Future.of(combine(reduce.combine, partials!, plan.nBlocks, plan.width, reduce.identity));
  } catch (e) {
    return Future.failed(new TaskError(op, (e as Error).message, { cause: e }));
  }
}

/** The future values of the launch {@link submitOneInline} runs (refilled per launch). */
const FUT_VALS: number[] = [];
/** Partials of up to this many blocks come from {@link partialsFor}'s buffer. */
const SHARED_PARTIALS = 4096;
let sharedPartials = new Float64Array(64);
/**
 * Zeroed partials for {@link submitOneInline}: the first `n` elements of one buffer, reused by
 * every launch (combined before the next launch; kernels and `combine` read only the first
 * `nBlocks * width`), instead of a new typed array per reduction (issue 16 item 3).
 */
function partialsFor(n: number): Float64Array {
  if (n > SHARED_PARTIALS) return new Float64Array(n);
  if (sharedPartials.length < n) sharedPartials = new Float64Array(SHARED_PARTIALS);
  else sharedPartials.fill(0, 0, n);
  return sharedPartials;
}

/** The inline context of a one-piece launch (the shared scratch when `outer`). */
export function inlineContext(
  outer: boolean,
  args: LaunchPlan['spec']['args'],
  tile: { readonly lo: readonly number[]; readonly hi: readonly number[] },
  scalars: number[],
  futVals: number[],
  partials: Float64Array | null,
  block: number,
  heap: WasmMemory | null,
): TaskContext {
  const n = args.length;
  const t: TaskContext = outer
    ? CTX
    : {
        arrays: new Array<TypedArray>(n),
        offsets: new Array<number>(n),
        strides: new Array<number[]>(n),
        shapes: new Array<number[]>(n),
        lo: [],
        hi: [],
        scalars,
        futures: futVals,
        color: 0,
        colors: 1,
        partials,
        block,
        heap,
      };
  const { arrays, offsets, strides, shapes } = t;
  if (outer) {
    // Setting an array's length is a runtime call even when it does not change.
    if (arrays.length !== n) {
      arrays.length = n;
      offsets.length = n;
      strides.length = n;
      shapes.length = n;
    }
    t.scalars = scalars;
    t.futures = futVals;
    t.partials = partials;
    t.block = block;
    t.heap = heap;
  }
  for (let i = 0; i < n; i++) {
    const st = args[i]!.store;
    arrays[i] = st.region.data;
    offsets[i] = st.offset;
    strides[i] = st.strides as number[];
    shapes[i] = st.shape as number[];
  }
  t.lo = tile.lo as number[];
  t.hi = tile.hi as number[];
  return t;
}

/** Drops what the shared context references (a region's own buffer must not stay reachable). */
export function releaseContext(t: TaskContext): void {
  if (t !== CTX) return;
  const a = t.arrays;
  for (let i = 0; i < a.length; i++) a[i] = NO_ARRAY;
  t.scalars = EMPTY;
  t.futures = EMPTY;
  t.partials = null;
  t.heap = null;
  t.scratch = -1;
}
