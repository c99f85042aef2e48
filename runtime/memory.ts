/**
 * Memory pressure from regions. A `SharedArrayBuffer` lives outside V8's heap, and V8 collects
 * garbage by heap pressure: a program that allocates and drops large arrays (every temporary of
 * `a.multiply(2).add(1)` is one) reached 3.9 GB resident for 100 dropped arrays of 80 MB before
 * V8 collected. So the runtime counts the bytes of regions it allocates and, past a budget,
 * asks V8 for a full collection itself. (Measured on Node 20: only `gc()` with no options frees
 * the buffers; `gc({ type: 'major' })` and minor collections left all 80 MB arrays resident.) Workers do the same for the regions they drop (runtime/worker.js).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Bytes of region memory allocated between two collections. */
export const GC_BUDGET_BYTES = 256 * 2 ** 20;
type GcFn = () => void;

let gcFn: GcFn | null | undefined;
let since = 0;

interface Registry<T> {
  register(target: object, held: T): void;
  cleanupSome?: () => void;
}
let registryCtor: (new <T>(cb: (held: T) => void) => Registry<T>) | undefined;
const cleaners: Registry<unknown>[] = [];

/**
 * A `FinalizationRegistry` whose callbacks can also run synchronously, right after the runtime's
 * own collections (V8's `cleanupSome`, enabled by a flag in a fresh context; plain
 * `FinalizationRegistry` where that is not possible). Without it, finalizers wait for an
 * event-loop turn, which a synchronous loop of array operations never gives.
 * @param cb - the cleanup callback
 * @returns the registry
 */
export function finalizationRegistry<T>(cb: (held: T) => void): Registry<T> {
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
  try {
    setFlagsFromString('--expose-gc');
    const f = runInNewContext('gc') as unknown;
    gcFn = typeof f === 'function' ? (f as GcFn) : null;
  } catch {
    gcFn = null;
  }
  return gcFn;
}

/** Counts `bytes` of new region memory; collects when a budget is used up. */
export function noteAllocation(bytes: number): void {
  since += bytes;
  if (since < GC_BUDGET_BYTES) return;
  since = 0;
  collectNow();
}

/** A full collection, then the finalizers it made ready (see {@link finalizationRegistry}). */
export function collectNow(): void {
  const gc = collector();
  if (gc === null) return;
  gc();
  for (const r of cleaners) r.cleanupSome!();
}
