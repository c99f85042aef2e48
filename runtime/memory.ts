/**
 * Memory pressure from regions. A `SharedArrayBuffer` and the region heap's Wasm memory live
 * outside V8's heap, and V8 collects garbage by heap pressure: a program that allocates and drops
 * large arrays (every temporary of `a.multiply(2).add(1)` is one) reached 3.9 GB resident for 100
 * dropped arrays of 80 MB before V8 collected. So the runtime counts the bytes of regions it
 * allocates and, by a budget paced on the collections' cost, has V8 collect: by default through
 * public APIs only (runtime/reclaim.ts: external-memory pressure, a `WeakRef` sweep timed by
 * `v8.GCProfiler`), with `COHORT_V8_GC=1` by `gc()` and `cleanupSome` through V8 flags flipped at
 * run time (measured on Node 20: only `gc()` with no options frees the buffers). Workers do the
 * same for the regions they drop (runtime/worker.js).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { heapFreeBytes, heapHeadroom, heapReclaimed, heapStats, setBeforeFreshHook } from './heap.js';
import { collectByPressure, reclaimStats, sweepDead, watchCollection as watchPublic } from './reclaim.js';
import { scavenge } from './reclaim-young.js';

/** Most bytes of region memory allocated between two collections. */
export const GC_BUDGET_BYTES = 256 * 2 ** 20;
/** Fewest bytes between two collections. */
const GC_BUDGET_MIN = 16 * 2 ** 20;
/**
 * Bytes of fresh memory whose first touch costs about 1 ms here. A collection that lets the heap
 * recycle that much pays for itself. Was 2.5 MiB (4 KB pages, ~0.4 ms per MB); memory the guest
 * of this virtual machine never touched comes at ~1.3 GB/s whatever the page size
 * (runtime/README.md, "Huge pages"), and once collections became one call (reclaim.ts, the addon)
 * 1.25 MiB measured better (2026-11-27, five alternated fresh runs each, medians of 7
 * repetitions): a fresh `a*x + y` on 1e7 31 → 16 ms, `x*2.5 + y*0.5 - z` 39 → 35 ms; the seed
 * programs on their first run within ±10% (kmeans, stencil a little faster, power a little slower).
 */
const FAULT_BYTES_PER_MS = 1.25 * 2 ** 20;
/**
 * Fresh heap memory a loop may take between collections, as a fraction of the heap memory in
 * use after the last one (V8's own heap grows by such a factor). See {@link beforeFreshMemory}.
 */
const GROW_FACTOR = 1.5;
/**
 * Blocks up to this size never make the pacing run a full collection where young ones can run,
 * while fewer than {@link GC_BUDGET_BYTES} were allocated since the last completed full one and
 * the pacing has not learned that garbage gets old here (see `collectAndAdapt`): their page faults
 * (at most ~3 ms) cost far less than a full collection (15–70 ms here). 1 MiB covered dense cg's
 * vectors; 4 MiB also lasso's 1.6 MB ones (its first run: two full collections of 20–40 ms → four
 * young ones of 3–5 ms; gmg, pde, logreg level).
 */
const SMALL_BLOCK_BYTES = 4 * 2 ** 20;
/** Most fresh heap memory taken between two collections on account of {@link GROW_FACTOR}. */
const GROW_MAX = 2 ** 30;
/**
 * ... and at most this many allocations of the size asked for: enough to spread one collection
 * over several large results without faulting in more fresh pages than that saves.
 */
const GROW_RESULTS = 4;
/**
 * Most share of the issuing thread's time that forced collections should take. A loop of quick
 * operations on mid-sized arrays (an SpMV on 8 MB vectors takes 3 ms here; a collection 6–12 ms)
 * would otherwise collect every few steps and spend up to half its time collecting: when a
 * collection would come sooner than this share allows, the heap takes fresh memory instead, up to
 * {@link GROW_FACTOR} × the heap in use (so a loop's pool of recycled blocks grows until
 * collections are rare enough, as V8 grows its own heap by mutator utilization).
 */
const GC_TIME_SHARE = 0.1;
/** When the last forced collection ended (`performance.now()`), and how long it took. */
let lastGcEnd = 0;
let lastGcMs = 0;
let budget = 64 * 2 ** 20;
let freshBudget = GC_BUDGET_MIN;
/** Heap bytes in use right after the last collection. */
let liveAfterGc = 0;
type GcFn = () => void;

let gcFn: GcFn | null | undefined;
/**
 * Collections the runtime forced, their total milliseconds, and how many of them could not
 * complete (public means: V8 did not finish marking within the nudges, or a new marking cycle
 * held the sweep back — such a one frees nothing until the next; benchmarks and tests), and how
 * many were young-generation collections that freed enough (runtime/reclaim-young.ts) and how
 * many were full ones. `waiting` and `waitingMs`: the young-generation collections run while the
 * issuing thread waited for the pool ({@link collectWhileWaiting}; not in `count` or `ms`), and
 * `waitingBytes` the heap memory they gave back, `waitingOverran` how many of them outlasted the
 * work they waited for ({@link waitCollectionEnded}).
 */
export const gcStats = {
  count: 0,
  ms: 0,
  incomplete: 0,
  young: 0,
  full: 0,
  waiting: 0,
  waitingMs: 0,
  waitingBytes: 0,
  waitingOverran: 0,
};
let since = 0;

interface Registry<T> {
  register(target: object, held: T, token?: object): void;
  unregister(token: object): boolean;
  cleanupSome?: () => void;
}
let registryCtor: (new <T>(cb: (held: T) => void) => Registry<T>) | undefined;
const cleaners: Registry<unknown>[] = [];

/**
 * True unless the environment's `COHORT_V8_GC` is `1`: then no V8 flag is flipped at run time and
 * dropped regions come back through public means (runtime/reclaim.ts: `WeakRef` sweeps timed by
 * `v8.GCProfiler`, collections driven by external-memory pressure).
 * `COHORT_V8_GC=1` is the former way, an opt-in: `--expose-gc` and
 * `--harmony-weak-refs-with-cleanup-some` flipped at run time, `gc()` forced by the same pacing.
 * (`COHORT_PUBLIC_APIS=1`, the former opt-in to public means, is still accepted and wins.)
 */
export function publicApisOnly(): boolean {
  if (publicOnly === undefined)
    publicOnly =
      typeof process === 'undefined' ||
      process.env.COHORT_PUBLIC_APIS === '1' ||
      process.env.COHORT_V8_GC !== '1';
  return publicOnly;
}
/**
 * {@link publicApisOnly}, read once per process: each region's allocation asks it two or three
 * times, and a `process.env` read is a call into the embedder (~1 µs here) — 2.7 µs of a 1,024-row
 * SpMV's ~30 µs on the issuing thread went to it.
 */
let publicOnly: boolean | undefined;

/**
 * A `FinalizationRegistry` whose callbacks can also run synchronously, right after the runtime's
 * own collections (V8's `cleanupSome`, enabled by a flag in a fresh context; plain
 * `FinalizationRegistry` where that is not possible). Without it, finalizers wait for an
 * event-loop turn, which a synchronous loop of array operations never gives.
 * @param cb - the cleanup callback
 * @returns the registry
 */
export function finalizationRegistry<T>(cb: (held: T) => void): Registry<T> {
  if (registryCtor === undefined && publicApisOnly()) registryCtor = FinalizationRegistry as never;
  if (registryCtor === undefined) {
    try {
      setFlagsFromString('--harmony-weak-refs-with-cleanup-some');
      const C = runInNewContext('FinalizationRegistry') as { prototype: { cleanupSome?: unknown } };
      if (typeof C.prototype.cleanupSome === 'function') registryCtor = C as unknown as typeof registryCtor;
    } catch {
      registryCtor = undefined;
    }
    if (registryCtor === undefined) registryCtor = FinalizationRegistry as unknown as typeof registryCtor;
  }
  const r = new registryCtor!<T>(cb);
  if (typeof r.cleanupSome === 'function') cleaners.push(r as Registry<unknown>);
  return r;
}

/**
 * V8's `gc`, without the user passing `--expose-gc`: the flag makes new contexts carry it. Null
 * where that is not possible (then V8's own heuristics rule, as before).
 */
export function collector(): GcFn | null {
  if (gcFn !== undefined) return gcFn;
  const own = (globalThis as { gc?: GcFn }).gc;
  if (typeof own === 'function') return (gcFn = own);
  if (publicApisOnly()) return (gcFn = null);
  try {
    setFlagsFromString('--expose-gc');
    const f = runInNewContext('gc') as unknown;
    gcFn = typeof f === 'function' ? (f as GcFn) : null;
  } catch {
    gcFn = null;
  }
  return gcFn;
}

let outside = 0;

/**
 * Counts `bytes` of new region memory. Outside the heap (`inHeap` false), collects when a budget
 * is used up: such regions are freed only by a collection. Heap allocations only pace
 * collections ({@link beforeFreshMemory}).
 */
export function noteAllocation(bytes: number, inHeap: boolean): void {
  since += bytes;
  sinceFull += bytes;
  if (inHeap) return;
  outside += bytes;
  if (outside >= budget) collectAndAdapt();
}

/**
 * Called before the heap hands out never-touched memory. A collection costs about as much as
 * the page faults of a few tens of MB, but growing also buys room: with free blocks for several
 * results, one collection recycles them all. So collect first once the bytes allocated since the
 * last one reach the larger of that cost ({@link freshBudget}) and {@link GROW_FACTOR} × the heap
 * in use after it (but no more than {@link GROW_RESULTS} allocations of this size). A loop that
 * makes an 80 MB result per step from 160 MB of operands then collects every few steps instead of
 * every step (a collection takes 10–25 ms here). Past that, a collection that would take more
 * than {@link GC_TIME_SHARE} of the time since the last one waits while the allocations since then
 * stay under {@link GROW_FACTOR} × the heap in use: a loop of 3 ms SpMVs on 8 MB vectors went from
 * a collection every 5 steps (40% of its time) to one every ~15.
 */
function beforeFreshMemory(bytes: number): void {
  // Public means: free what V8 collected by itself; enough for this block, or the same pacing
  // as with the flags (collectNow then drives V8's collector).
  if (publicApisOnly() && sweepDead(false, bytes) >= bytes) return;
  // Near the heap's limit, collect rather than let the region fall outside the heap.
  if (bytes > heapHeadroom()) {
    collectAndAdapt(bytes);
    return;
  }
  const grow = Math.min(GROW_MAX, GROW_FACTOR * liveAfterGc);
  // Room for several results spares collections, which is worth their page faults only while
  // collections are dear: after a young one (~1 ms, runtime/reclaim-young.ts) the next comes at
  // the cost-based budget alone (a loop of 80 MB results otherwise held four more of them).
  const room = lastYoung ? 0 : Math.min(grow, GROW_RESULTS * bytes);
  if (since + bytes < Math.max(freshBudget, room)) return;
  // Collecting now would cost more than GC_TIME_SHARE of the time since the last collection:
  // grow the heap instead, within `grow`.
  // ... unless this block's page faults alone would cost more than the collection (a young one
  // takes ~1 ms: 80 MB of fresh pages take ~60).
  const tooSoon =
    lastGcMs > GC_TIME_SHARE * (performance.now() - lastGcEnd) && lastGcMs * FAULT_BYTES_PER_MS > bytes;
  if (tooSoon && since + bytes < grow) return;
  // Nothing a collection could free would make a block this large: the regions allocated since
  // the last one, those alive at it and the free blocks are all the memory there is to merge.
  // (The first large allocation of a process collected with nothing to free: 38 ms of jacobi's
  // setup.)
  const h = heapStats();
  if (since + liveAfterGc + h.free < bytes) return;
  // A collection is due, but a small request's page faults cost far less: take fresh memory for
  // such requests while their faults stay under GC_TIME_SHARE of the last collection's time — a
  // bounded premium that spares the collection altogether when the allocations stop there
  // (jacobi's run: sixty 16 KB results after its setup's temporaries died paid a 15–22 ms
  // collection at its first).
  if (deferredFresh + bytes <= GC_TIME_SHARE * lastGcMs * FAULT_BYTES_PER_MS) {
    deferredFresh += bytes;
    return;
  }
  collectAndAdapt(bytes, true);
}
/** Whether the last collection was a young-generation one that freed enough. */
let lastYoung = false;
/** Young-generation attempts that freed too little in a row, and collections left to skip them. */
let youngFails = 0;
let youngSkip = 0;
/** Fresh bytes taken while a collection was due (see {@link beforeFreshMemory}). */
let deferredFresh = 0;
/** Bytes of region memory allocated since the last completed forced full collection. */
let sinceFull = 0;
/**
 * Whether a forced full collection ({@link collectAndAdapt}) gave back any memory yet in this
 * process: a sign that garbage gets old here (V8's own collections and direct
 * {@link collectNow} calls do not count).
 */
let fullFreed = false;
/**
 * Young collections in a row that found nothing dead and ran no full one (see
 * {@link collectAndAdapt}; small blocks' collections leave it as it is).
 */
let youngAlone = 0;
/** Most young collections in a row that found nothing dead and ran no full one. */
const YOUNG_ALONE_MAX = 3;
setBeforeFreshHook(beforeFreshMemory);

/**
 * A collection, and the budgets it teaches: the next one that spares fresh memory comes after
 * about as many bytes as this one's cost in page faults (twice as many when it gave little back:
 * a program keeping its arrays); the general budget doubles after such a one, up to
 * {@link GC_BUDGET_BYTES}.
 * @param bytes - the block asked for (0: the budget of regions outside the heap)
 * @param youngMaySuffice - the pacing's own collection (not one at the heap's limit): a young one
 *   that found nothing dead, or one for a small block, may stand alone (see below)
 */
function collectAndAdapt(bytes = 0, youngMaySuffice = false): void {
  const before = heapReclaimed();
  const t0 = performance.now();
  // A young-generation collection first where the addon's weak table watches the regions
  // (reclaim-young.ts): a few ms against tens for a full one, and enough when most of what died
  // since the last collection died young (a loop's per-step results). Else the full collection.
  // After young ones that freed too little where the full one then freed the block asked for
  // (what dies here lived long enough to be promoted: a stencil's snapshots), the next 1, 2, 4 …
  // 16 collections go straight to the full one (small blocks' too: see below). A full one that
  // freed less says nothing of the
  // age of the garbage — there was next to none: a setup whose arrays all live had the first
  // loop's collections of logreg, lasso and power go straight to 15–35 ms full ones where a young
  // one frees the loop's results in 1–8 ms.
  let young = false;
  let triedYoung = false;
  // A small block from the pacing (a solver's vectors after a setup that left its temporaries
  // behind): its fresh pages cost less than any collection, so a young one that frees the block
  // itself is enough, and when none frees it, no full one runs — the block takes fresh memory.
  // Dense cg's first run paid a 53–67 ms full collection for a 16 KB vector: the young one had
  // freed the loop's dead vectors, not a quarter of the setup's 115 MB of temporaries. Those are
  // found by the next collection for a large block, at the heap's limit, or once GC_BUDGET_BYTES
  // were allocated since the last full one (the heap does not grow without bound on small
  // blocks). Not while young ones are being skipped: the garbage was found old.
  const small =
    youngMaySuffice &&
    bytes > 0 &&
    bytes <= SMALL_BLOCK_BYTES &&
    youngSkip === 0 &&
    sinceFull + bytes < GC_BUDGET_BYTES;
  if (youngSkip > 0) youngSkip--;
  else if (publicApisOnly() && collector() === null && scavenge()) {
    triedYoung = true;
    sweepDead();
    const freed = heapReclaimed() - before;
    // Enough for the back-off below only when it freed what a large block's would have to.
    const ample = freed >= Math.max(bytes, since / 4);
    young = ample || (small && freed >= bytes);
    if (young) gcStats.young++;
    if (ample) youngFails = 0;
  }
  lastYoung = young;
  const youngFreed = heapReclaimed() - before;
  // A young collection that found (almost) nothing dead, before any forced full one gave memory
  // back in this process: a setup making arrays that all live (power's `diags` inputs: two full
  // collections of 30–40 ms that freed nothing). No full one follows then — at most
  // YOUNG_ALONE_MAX times in a row, and while GC_BUDGET_BYTES were not allocated since the last
  // completed full one: what a program drops this early dies young, and the next young one frees
  // it. (The pacing's own collections only: not at the heap's limit, nor for regions outside it.)
  const foundNothing =
    youngMaySuffice &&
    triedYoung &&
    youngFreed * 16 < bytes &&
    !fullFreed &&
    youngAlone < YOUNG_ALONE_MAX &&
    sinceFull + bytes < GC_BUDGET_BYTES;
  const noFull = foundNothing || (small && triedYoung);
  youngAlone = foundNothing ? youngAlone + 1 : noFull ? youngAlone : 0;
  if (!young && !noFull) {
    gcStats.full++;
    if (collectNow()) sinceFull = 0;
    else gcStats.incomplete++;
  }
  const fullGave = heapReclaimed() - before - youngFreed;
  if (fullGave > 0) fullFreed = true;
  // The next ones go straight to full collections when the full one found what the young one
  // could not: at least the block asked for (at the budget of regions outside the heap, always).
  if (triedYoung && !young && fullGave >= bytes) youngSkip = 2 ** Math.min(4, youngFails++);
  lastGcEnd = performance.now();
  const ms = lastGcEnd - t0;
  lastGcMs = ms;
  gcStats.count++;
  gcStats.ms += ms;
  const freed = heapReclaimed() - before;
  // A collection that gave back little is worth half as much: wait twice as long for the next.
  const worth = freed * 2 >= since ? 1 : 2;
  const clamp = (b: number) => Math.min(GC_BUDGET_BYTES, Math.max(GC_BUDGET_MIN, b));
  freshBudget = clamp(ms * FAULT_BYTES_PER_MS * worth);
  budget = worth === 1 ? clamp(2 * ms * FAULT_BYTES_PER_MS) : Math.min(GC_BUDGET_BYTES, budget * 2);
  since = 0;
  rearmWait();
  outside = 0;
  deferredFresh = 0;
  const h = heapStats();
  liveAfterGc = h.top - h.free - h.quarantined;
}

/**
 * Fewest bytes of regions allocated since the last collection for which a wait for the pool
 * collects first ({@link collectWhileWaiting}).
 */
const WAIT_COLLECT_MIN = 4 * 2 ** 20;
/**
 * The back-off of {@link collectWhileWaiting}: after one, the next waits for
 * {@link WAIT_COLLECT_MIN} times this many bytes of new regions ({@link waitAt}); doubled by each
 * that gives back too little (under a quarter of {@link since} and under twice
 * {@link WAIT_COLLECT_MIN}), at most 64, back to 1 by one that gives back more.
 */
let waitFactor = 1;
/**
 * The back-off for collections the awaited work did not outlast ({@link waitCollectionEnded}):
 * doubled by each such (at most 64), halved by each hidden one. Separate from {@link waitFactor},
 * which a collection that gave back enough resets: lasso's gave back enough and overran both.
 */
let overranFactor = 1;
/** {@link since} from which the next {@link collectWhileWaiting} may run. */
let waitAt = WAIT_COLLECT_MIN;
/** Sets {@link waitAt} from {@link since} and both back-offs. */
function rearmWait(): void {
  waitAt = since + WAIT_COLLECT_MIN * waitFactor * overranFactor;
}
/**
 * Collections while waiting that gave back too little, before any gave back enough; at
 * {@link WAIT_FRUITLESS_MAX} of them the process runs no more ({@link waitOff}). Each such
 * scavenge promotes what is alive at the wait to V8's old generation (it survived two young
 * collections), where only full collections find it: kmeans' first run, whose waits come while
 * its 160 MB distance matrix of the step is alive, went from young collections to 4–5 full ones
 * of 20–40 ms (861 → 940 ms, medians of 6) with unbounded such collections. Not fewer than four:
 * a loop's first waits can find nothing young — a read in its setup while everything lives, then
 * its first step, whose dropped input that collection had just made survive (with two, the
 * feature ended there in 14 of 14 runs of tests/runtime/child/wait-collect-loop.ts, found by a
 * review).
 */
let waitFruitless = 0;
let waitFruitful = false;
let waitOff = false;
const WAIT_FRUITLESS_MAX = 4;

/** Whether {@link collectWhileWaiting} would collect now (a few loads: the waits ask it first). */
export function waitCollectionDue(): boolean {
  if (waitOff || since < waitAt || youngSkip > 0 || !publicApisOnly() || collector() !== null) return false;
  return heapFreeBytes() < since;
}

/**
 * A young-generation collection while the issuing thread waits for the pool (runtime/engine-pool.ts
 * `waitKnown`, once its spin found the work still running), to give the heap back the blocks of
 * results that died young. A loop that reads a result every step (power iteration's norm, a
 * solver's convergence test) is between two of its statements there: the previous steps' results
 * are dead, and none of them is alive across two such collections to be promoted. The blocks
 * freed serve the next steps' results, which would otherwise take never-touched memory: power
 * iteration's first run on 1e6 unknowns took 72–115 MB of it (~0.7 ms per MB of page faults
 * here), as {@link beforeFreshMemory} — which collects when the issuing thread needs memory, and
 * holds its collections to a share of that thread's time — deferred its young collections of
 * 3–7 ms while 12–55 ms had passed since the last.
 *
 * Only where young collections run (the addon's weak table, runtime/reclaim-young.ts) and the
 * pacing does not skip them, never a full one; after at least {@link WAIT_COLLECT_MIN} bytes of
 * regions were allocated since the last collection, and only while the heap's free blocks could
 * not serve as much again (a loop that reuses its blocks uses them up and collects at every read;
 * measured ~1 ms of CPU each at 0 workers, 1–5 ms of wall time beside two busy workers — paid for
 * by 2 MB or more given back, at ~0.7 ms per MB of fresh pages).
 * It is not one of the pacing's collections: `since` loses what it gave back, and the rest of the
 * pacing's state stays (when such collections reset it, kmeans' first run took 723 MB of fresh
 * memory instead of 420: the pacing's full collections were put off). One that gives back too
 * little makes the next wait for twice as many new bytes ({@link waitFactor}), and four such
 * before any gave back enough end them for the process ({@link waitOff}); one the awaited work
 * did not outlast backs off too ({@link waitCollectionEnded}). Measured on the seed programs'
 * first runs (2026-11-28, medians of 8 alternated fresh processes, 2-vCPU AMD host): power
 * iteration 163 → 132 ms, gmg 726 → 664, lasso and kmeans within their spread.
 */
export function collectWhileWaiting(): boolean {
  if (!waitCollectionDue()) return false;
  const before = heapReclaimed();
  const t0 = performance.now();
  if (!scavenge()) return false;
  sweepDead();
  const freed = heapReclaimed() - before;
  gcStats.waiting++;
  gcStats.waitingMs += performance.now() - t0;
  gcStats.waitingBytes += freed;
  const fruitful = freed * 4 >= since || freed >= 2 * WAIT_COLLECT_MIN;
  waitFactor = fruitful ? 1 : Math.min(64, 2 * waitFactor);
  if (fruitful) waitFruitful = true;
  else if (!waitFruitful && ++waitFruitless >= WAIT_FRUITLESS_MAX) waitOff = true;
  since = Math.max(0, since - freed);
  rearmWait();
  return true;
}

/**
 * Tells the pacing whether the work waited for completed while {@link collectWhileWaiting} ran
 * (`overran`): the collection was then not hidden by the wait — it may have held the issuing
 * thread past it while the pool ran dry. Such ones double the new bytes the next waits for
 * ({@link overranFactor}); hidden ones halve that again. lasso's reads, 1–2 ms apart, each ran one
 * of 2.5–5 ms: 200 → 226 ms (medians of 8) before this.
 * @param overran - the awaited event was complete when the collection ended
 */
export function waitCollectionEnded(overran: boolean): void {
  if (overran) gcStats.waitingOverran++;
  overranFactor = overran ? Math.min(64, 2 * overranFactor) : Math.max(1, overranFactor / 2);
  rearmWait();
}

/**
 * A full collection, then the finalizers it made ready (see {@link finalizationRegistry}).
 * @returns whether the collection completed and, with public means, its dead regions were swept
 */
export function collectNow(): boolean {
  const gc = collector();
  let done = true;
  if (gc !== null) {
    gc();
    for (const r of cleaners) r.cleanupSome!();
  } else if (publicApisOnly()) done = collectByPressure();
  if (publicApisOnly()) {
    const sweeps = reclaimStats.sweeps;
    sweepDead();
    done = done && reclaimStats.sweeps !== sweeps;
  }
  return done;
}

/**
 * Watches a heap region so that the public-API sweep frees its block once V8 collected it
 * (runtime/reclaim.ts). Does nothing when the V8 flags are on: then finalizers run right after
 * the runtime's own collections.
 * @param target - the region
 * @param held - shared with the other ways of freeing (`done` set by whichever runs first)
 * @param free - frees the block, given `held`
 * @returns whether the sweep watches it (then no finalizer is needed)
 */
export function watchCollection<H extends { done: boolean; bytes: number }>(
  target: object,
  held: H,
  free: (held: H) => void,
): boolean {
  if (!publicApisOnly()) return false;
  watchPublic(target, held, free);
  return true;
}

/** The finalizer behind {@link onCollected} when the V8 flags are on. */
let collectedRegistry: Registry<{ done: boolean; free: (held: never) => void }> | null = null;

/**
 * Runs `free(held)` once `target` is collected, at the same points as the regions' own
 * reclamation (public APIs: the sweeps after scavenges, allocations and the runtime's
 * collections; with the V8 flags, the finalizers right after its collections) — unless
 * `held.done` is set by then. For libraries' bookkeeping tied to an object's life (the dense
 * library's pending expressions, dense/lazy.ts); `held.bytes` counts as memory the sweep freed.
 * @param target - the watched object
 * @param held - `done` (set it when the work no longer applies) and `bytes`
 * @param free - the work, given `held` (one function for every object: no closure each)
 */
export function onCollected<H extends { done: boolean; bytes: number }>(
  target: object,
  held: H,
  free: (held: H) => void,
): void {
  if (watchCollection(target, held, free)) return;
  collectedRegistry ??= finalizationRegistry<{ done: boolean; free: (held: never) => void }>((h) => {
    if (!h.done) h.free(h as never);
  });
  (held as unknown as { free: (held: never) => void }).free = free as (held: never) => void;
  collectedRegistry.register(target, held as unknown as { done: boolean; free: (held: never) => void });
}
