/**
 * Reclaiming dropped heap regions through public APIs only (the default; `COHORT_V8_GC=1` flips
 * V8 flags instead, runtime/memory.ts; runtime/README.md "Public APIs only"). Three facts make a
 * synchronous loop that drops its results bounded without any V8 flag:
 *
 * - **V8 collects at once when told of external memory past its hard limit.** With the optional
 *   addon (runtime/native-addon.ts, `pressure`: `napi_adjust_external_memory`, +bytes then
 *   −bytes, nothing allocated) {@link collectByPressure} reports far more than any limit and V8
 *   runs one synchronous mark-compact inside the call: 4–6 ms here on a small heap, where driving
 *   it as below took 30–120 ms, most of it scavenges (2026-11-27: the seed programs' runs spent
 *   up to 436 of stencil's 571 ms in such collections). `COHORT_GC_PRESSURE=0` uses the way
 *   below even with the addon.
 * - **V8 can be driven to collect through external memory.** Past V8's external-memory limit,
 *   every external allocation starts a marking cycle or makes a step of the running one, and the
 *   step that completes marking requests the mark-compact at the next interrupt check. So where
 *   the flags version calls `gc()` (runtime/memory.ts paces both the same way),
 *   {@link collectByPressure} allocates short-lived, never-written buffers
 *   (`Buffer.allocUnsafeSlow`: `malloc`, never touched, so never resident) until a mark-compact
 *   whose marking started after the request completed. (Regions used to carry a "ballast", an
 *   unwritten buffer of their size, so that V8 would collect by itself: it did, at arbitrary
 *   points — the first SpMV on a fresh 5M-nonzero matrix then paid 25–110 ms of V8's own
 *   collection on the issuing thread instead of 1–7 — and it bought no memory once collections
 *   were driven: removed.)
 * - **A `WeakRef` can be read at any time** (finalizers wait for an event-loop turn). Each heap
 *   region is watched by one, and {@link sweepDead} frees the blocks of those V8 collected. A
 *   `WeakRef` made or read keeps its target alive until the current job ends — never, in a
 *   synchronous loop — so before a driven collection and after each sweep an empty script runs
 *   in a `vm` context with `microtaskMode: 'afterEvaluate'`, whose microtask checkpoint clears
 *   V8's kept objects (~10 µs).
 * - **`v8.GCProfiler` tells where the collector stands.** A `deref()` while incremental marking
 *   runs marks its target (it would keep every dropped region through the cycle), and before a
 *   mark-compact completes no watched region can have died (minor collections keep `WeakRef`
 *   targets). So the sweep reads the targets only after a mark-compact and outside marking; it
 *   learns both from a profiler that runs from the first watched region on and is stopped and
 *   restarted at each look (its `stop()` returns the collections since `start()`, by type).
 */
import { Buffer } from 'node:buffer';
import { GCProfiler } from 'node:v8';
import { createContext, Script } from 'node:vm';
import { nativeAddon } from './native-addon.js';
import { sweepYoung, watchYoung, youngWatched } from './reclaim-young.js';

/**
 * Bytes of fresh heap memory asked for between two looks of an allocation's sweep (see
 * {@link sweepDead}). A look stops and restarts the `GCProfiler`, and each stop leaves a weak
 * handle that V8's next young-generation collection processes (~8 µs each here): a small loop
 * that took fresh memory for an 8 KB result twice per iteration spent 5–8 ms of every scavenge
 * (more than the scavenge itself) on them. Looking once per MiB asked for delays the reuse of
 * blocks by at most that much fresh memory.
 */
const LOOK_BYTES = 2 ** 20;
let askedSinceLook = 0;

/**
 * External memory the addon's `pressure` reports (16 TiB: past any hard limit V8 sets, below the
 * 2^53 a double carries exactly). Nothing is allocated.
 */
const PRESSURE_BYTES = 2 ** 44;
let pressureFn: ((bytes: number) => number) | null | undefined;

/** The addon's `pressure`, or null (no addon, an older build, or `COHORT_GC_PRESSURE=0`). */
function pressure(): ((bytes: number) => number) | null {
  if (pressureFn === undefined) {
    const off = typeof process !== 'undefined' && process.env.COHORT_GC_PRESSURE === '0';
    const a = off ? null : nativeAddon();
    pressureFn = a !== null && typeof a.pressure === 'function' ? a.pressure.bind(a) : null;
  }
  return pressureFn;
}

/** Bytes of each external allocation of {@link driveMarking}, and most allocations per call. */
const NUDGE_BYTES = 16 * 2 ** 20;
const NUDGE_MAX = 256;

/** What the sweep needs of a watched region's memory: shared with the other ways of freeing it. */
export interface WatchedHeld {
  /** Set when the region was freed another way (dispose, a finalizer). */
  done: boolean;
  /** The block's bytes. */
  bytes: number;
}

interface Watched {
  ref: WeakRef<object>;
  /** Frees the memory (given `held`: one function for every region, no closure per region). */
  free: (held: never) => void;
  held: WatchedHeld;
}
let watched: Watched[] = [];
let checkpoint: (() => void) | null = null;

/** Counts (tests and benchmarks): profiler looks, sweeps made and skipped, regions freed, nudges. */
export const reclaimStats = {
  looks: 0,
  /** Allocations' sweeps that did not look, less than {@link LOOK_BYTES} since the last look. */
  skippedLook: 0,
  sweeps: 0,
  skippedMarking: 0,
  skippedNoCollection: 0,
  freed: 0,
  nudges: 0,
  /** Reports of external memory through the addon (see {@link collectByPressure}). */
  pressures: 0,
  collections: 0,
};

/**
 * Where V8's collector stands: `marking` from an incremental-marking start to its mark-compact,
 * `collected` once a mark-compact completed since the last sweep.
 */
const gcState = { profiler: null as GCProfiler | null, marking: false, collected: false };

/** Reads the collections since the last look, updates {@link gcState}, returns their types. */
function look(): string[] {
  if (gcState.profiler === null) {
    gcState.profiler = new GCProfiler();
    gcState.profiler.start();
    return [];
  }
  const out = gcState.profiler.stop() as { statistics?: { gcType: string }[] } | undefined;
  gcState.profiler.start();
  reclaimStats.looks++;
  askedSinceLook = 0;
  const types: string[] = [];
  for (const g of out?.statistics ?? []) {
    types.push(g.gcType);
    if (g.gcType === 'IncrementalMarking') gcState.marking = true;
    else if (g.gcType === 'MarkSweepCompact') {
      gcState.marking = false;
      gcState.collected = true;
    }
  }
  return types;
}

/** Ends the "current job" for WeakRefs: an empty microtask checkpoint (see above). */
function clearKeptObjects(): void {
  if (checkpoint === null) {
    const ctx = createContext({}, { microtaskMode: 'afterEvaluate' });
    const script = new Script('0');
    checkpoint = () => script.runInContext(ctx);
  }
  checkpoint();
}

/**
 * Watches `target` (a heap region) so that {@link sweepDead} runs `free` once V8 collected it.
 * @param target - the object whose collection frees the memory
 * @param held - shared with the other ways of freeing (`done` set by whichever runs first), and
 *   the block's bytes
 * @param free - frees the memory, given `held`
 */
export function watchCollection<H extends WatchedHeld>(
  target: object,
  held: H,
  free: (held: H) => void,
): void {
  // Where the addon is built, a weak handle that scavenges clear (reclaim-young.ts).
  if (watchYoung(target, held, free as (held: never) => void)) return;
  if (gcState.profiler === null) look();
  watched.push({ ref: new WeakRef(target), free, held });
}

/**
 * Allocates never-written external memory until `done(types)` says so (given the types of the
 * collections seen after each allocation), at most {@link NUDGE_MAX} times. Returns whether it was.
 */
function driveMarking(done: (types: string[]) => boolean): boolean {
  let keep: unknown[] = []; // alive until the end: V8 counts them while marking runs
  let ok = false;
  for (let k = 0; k < NUDGE_MAX && !ok; k++) {
    try {
      keep.push(Buffer.allocUnsafeSlow(NUDGE_BYTES));
    } catch {
      break; // no address space left for even this: give up (the caller grows or spills)
    }
    reclaimStats.nudges++;
    ok = done(look());
  }
  keep = [];
  return ok;
}

/**
 * A full collection through public means: drives V8 until a mark-compact completes whose marking
 * started after this call (one that was already marking keeps what died since it began). The
 * next {@link sweepDead} then finds every region dead at this call.
 * @returns whether the collection completed
 */
export function collectByPressure(): boolean {
  clearKeptObjects(); // small regions watched since the last checkpoint would survive it
  look();
  let fresh = !gcState.marking;
  reclaimStats.collections++;
  const done = (types: string[]): boolean => {
    for (const t of types) {
      if (t === 'IncrementalMarking') fresh = true;
      else if (t === 'MarkSweepCompact') {
        if (fresh) return true;
        fresh = true;
      }
    }
    return false;
  };
  // With the addon: one report, or two when a marking cycle was already running (the first then
  // only finishes it). Should V8 not collect, the nudges below take over.
  const press = pressure();
  if (press !== null)
    for (let k = 0; k < 2; k++) {
      press(PRESSURE_BYTES);
      reclaimStats.pressures++;
      if (done(look())) return true;
    }
  return driveMarking(done);
}

/**
 * Frees the memory of every watched region that V8 collected; returns their bytes. Reads the
 * targets only after a mark-compact completed and outside marking (while marking runs it frees
 * nothing, unless `finish`: then the cycle is driven to its end first — tens of ms under load,
 * so not on the path of every fresh allocation: the first SpMV on a fresh matrix paid it).
 * @param finish - drive a running marking cycle to its end first
 * @param asked - the bytes of fresh memory an allocation asks for (0: a sweep after a collection,
 *   which always looks); below {@link LOOK_BYTES} since the last look, nothing is swept
 */
export function sweepDead(finish = false, asked = 0): number {
  if (watched.length === 0 && youngWatched() === 0) return 0;
  if (asked > 0 && !finish) {
    askedSinceLook += asked;
    if (askedSinceLook < LOOK_BYTES) {
      reclaimStats.skippedLook++;
      return 0;
    }
  }
  // Regions watched by the addon's weak table: whatever any collection found dead, no look.
  const young = sweepYoung();
  if (watched.length === 0) {
    askedSinceLook = 0;
    reclaimStats.sweeps++;
    return young;
  }
  return young + sweepWeakRefs(finish);
}

/** {@link sweepDead} for the regions watched by WeakRefs. */
function sweepWeakRefs(finish: boolean): number {
  look();
  if (gcState.marking && finish) driveMarking(() => !gcState.marking);
  if (gcState.marking) {
    reclaimStats.skippedMarking++;
    return 0;
  }
  if (!gcState.collected) {
    reclaimStats.skippedNoCollection++;
    return 0;
  }
  gcState.collected = false;
  reclaimStats.sweeps++;
  const keep: Watched[] = [];
  let n = 0;
  let bytes = 0;
  for (const w of watched) {
    if (w.held.done) continue;
    if (w.ref.deref() !== undefined) keep.push(w);
    else {
      (w.free as (h: WatchedHeld) => void)(w.held); // sets held.done
      n++;
      bytes += w.held.bytes;
    }
  }
  watched = keep;
  clearKeptObjects();
  reclaimStats.freed += n;
  return bytes;
}
