/**
 * Dead regions learned from young-generation collections (the optional addon's weak table,
 * packages/pages). A JavaScript `WeakRef` keeps its target through every scavenge, so with
 * `WeakRef`s alone a region that lived for one step of a loop is known dead only after a full
 * collection — 10–30 ms on this machine kind for the ~12 MB heap cohort's own code makes, which
 * the runtime forces every few results (runtime/memory.ts). A Node-API reference with a count of
 * 0 is a plain V8 weak handle: the scavenge that finds its young target dead clears it (about a
 * millisecond). So where the addon is built, heap regions are watched here instead:
 *
 * - {@link sweepYoung} frees the blocks of the watched regions already collected (scavenges
 *   happen by themselves in a loop that allocates: a small loop's results come back without any
 *   forced collection);
 * - {@link scavenge} makes V8 run one young-generation collection now (it allocates short-lived
 *   64 KB arrays until a canary object is collected: at most the young generation's free room,
 *   a few ms), which memory.ts tries before a full collection.
 *
 * Regions that lived long enough to be promoted to the old generation are found by the next full
 * collection, as before. `COHORT_YOUNG_SWEEP=0` switches this off (WeakRefs for every region).
 */
import { nativeAddon } from './native-addon.js';
import type { WatchedHeld } from './reclaim.js';

/** The addon's weak table (packages/pages/index.d.cts). */
interface WeakTable {
  watch(target: object): number;
  dead(out: Int32Array): number;
  alive(slot: number): boolean;
  unwatch(slot: number): void;
}

/** What a watched region needs when found dead (as runtime/reclaim.ts's WeakRef entries). */
interface Entry {
  readonly free: (held: never) => void;
  readonly held: WatchedHeld;
}

let table: WeakTable | null | undefined;

/** The addon's weak table, or null (no addon, an older build, or `COHORT_YOUNG_SWEEP=0`). */
function weakTable(): WeakTable | null {
  if (table === undefined) {
    const off = typeof process !== 'undefined' && process.env.COHORT_YOUNG_SWEEP === '0';
    const a = off ? null : (nativeAddon() as Partial<WeakTable> | null);
    table =
      a !== null &&
      typeof a.watch === 'function' &&
      typeof a.dead === 'function' &&
      typeof a.alive === 'function' &&
      typeof a.unwatch === 'function'
        ? (a as WeakTable)
        : null;
  }
  return table;
}

const entries: (Entry | undefined)[] = [];
let count = 0;
const out = new Int32Array(4096);

/** Counts (tests and benchmarks). */
export const youngStats = { watched: 0, freed: 0, sweeps: 0, scavenges: 0, scavengeMs: 0, failed: 0 };

/**
 * Watches `target` in the addon's table; false when there is none (the caller uses a WeakRef).
 * @param target - the object whose collection frees the memory
 * @param held - shared with the other ways of freeing (`done` set by whichever runs first)
 * @param free - frees the memory, given `held`
 * @returns whether it is watched here
 */
export function watchYoung(target: object, held: Entry['held'], free: Entry['free']): boolean {
  const t = weakTable();
  if (t === null) return false;
  const s = t.watch(target);
  if (s < 0) return false;
  entries[s] = { free, held };
  count++;
  youngStats.watched++;
  return true;
}

/** How many regions are watched here. */
export function youngWatched(): number {
  return count;
}

/**
 * Frees the memory of every region watched here that V8 collected (by any collection); returns
 * its bytes. One pass over the table (~50 ns per watched region).
 */
export function sweepYoung(): number {
  const t = table;
  if (t == null || count === 0) return 0;
  youngStats.sweeps++;
  let bytes = 0;
  for (;;) {
    const n = t.dead(out);
    for (let k = 0; k < n; k++) {
      const s = out[k]!;
      const e = entries[s];
      entries[s] = undefined;
      count--;
      if (e === undefined || e.held.done) continue;
      (e.free as (held: Entry['held']) => void)(e.held);
      bytes += e.held.bytes;
      youngStats.freed++;
    }
    if (n < out.length) return bytes;
  }
}

/** Most 64 KB arrays {@link scavenge} allocates (16 MB is V8's largest young generation on x64). */
const SCAVENGE_CHUNKS = 512;
/** Where the short-lived arrays go (reachable from the module, so no compiler removes them). */
const sink: { v: unknown } = { v: null };

/**
 * Watches a fresh object that nothing references. In a function of its own: in the caller's
 * frame, the object would stay in a register of the interpreter until the caller returns — alive
 * through every scavenge the caller waits for.
 */
function watchCanary(t: WeakTable): number {
  return t.watch({});
}

/**
 * Makes V8 run a young-generation collection now: allocates short-lived 64 KB arrays until a
 * canary object, dropped at once, is collected.
 * @returns whether one ran (false without the addon, or when none came within 32 MB)
 */
export function scavenge(): boolean {
  const t = weakTable();
  if (t === null) return false;
  const canary = watchCanary(t);
  if (canary < 0) return false;
  const t0 = performance.now();
  let ok = false;
  for (let k = 0; k < SCAVENGE_CHUNKS; k++) {
    sink.v = new Array(8192);
    if (!t.alive(canary)) {
      ok = true;
      break;
    }
  }
  sink.v = null;
  t.unwatch(canary);
  youngStats.scavenges++;
  youngStats.scavengeMs += performance.now() - t0;
  if (!ok) youngStats.failed++;
  return ok;
}
