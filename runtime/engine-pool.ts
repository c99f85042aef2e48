/**
 * The engine's pool in force and the waits on events. Waiting is the only blocking the runtime
 * does: a synchronous wait blocks the thread with `Atomics.wait` in bounded slices (between
 * slices it checks the workers' health, so a read never hangs on a dead worker); an async wait
 * uses `Atomics.waitAsync`.
 */

import { forgetRegion } from './deps.js';
import { causeOf, EVENT_MASK, events, isDone, isFailed, spinUntil } from './events.js';
import { setFailureDrain, taskErrorFor } from './failures.js';
import { setEventWaiter } from './heap.js';
import { markKnown } from './known.js';
import { collectWhileWaiting, waitCollectionDue, waitCollectionEnded } from './memory.js';
import { distributed } from './mpi.js';
import { Pool } from './pool.js';
import { setRegionFreedHook } from './region.js';

/** `Atomics.waitAsync` (ES2024; Node 20 has it, the configured lib does not declare it). */
const atomicsWaitAsync = (
  Atomics as unknown as {
    waitAsync(
      a: Int32Array,
      i: number,
      v: number,
      t: number,
    ): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/** Length of one bounded wait before the workers' health is checked, in ms. */
const SLICE_MS = 20;

let pool: Pool | null = null;

/** The pool in force, or null when everything runs inline. */
export function currentPool(): Pool | null {
  return pool;
}

/** Replaces the pool (the caller drained the old one). */
export function setPool(n: number): void {
  const old = pool;
  pool = n > 0 ? new Pool(n) : null;
  if (old) void old.destroy();
}

setFailureDrain(() => pool?.drainAllErrors());
setRegionFreedHook((id) => {
  const pending = forgetRegion(id);
  // The region's own access list can miss a task still running: a write whose dependence failed
  // is failed at once and supersedes the accesses it covers. So the block also waits for
  // everything posted so far.
  pool?.lastPosted(pending);
  pool?.dropRegion(id);
  return pending;
});

setEventWaiter(
  (e) => waitSync(e),
  () => pool !== null,
);

/** Posts every pending batch now. */
export function flushAll(): void {
  pool?.flush();
}

/** Blocks until event `e` completed. */
export function waitSync(e: number): void {
  if (isDone(e)) return;
  pool?.flush();
  const done = events.done;
  const s = e & EVENT_MASK;
  if (spinUntil(done, s, e)) return;
  for (;;) {
    const v = Atomics.load(done, s);
    if (v >= e) return;
    if (Atomics.wait(done, s, v, SLICE_MS) === 'timed-out') pool?.checkHealth();
  }
}

/**
 * Blocks until event `e` completed, for a wait the program itself makes (a read, a future's
 * value, back-pressure): the event becomes known complete (runtime/known.ts). Waits the program
 * does not make (the heap's quarantine, run from finalizers) use {@link waitSync}.
 */
export function waitKnown(e: number): void {
  // Work still running and a young collection due (runtime/memory.ts): run it while waiting,
  // once the mapper's spin (50 µs by default; with none, at once) found the work not about to
  // complete. Not under MPI: each rank's collections stay where its own allocations put them.
  if (waitCollects && pool !== null && !distributed() && !isDone(e) && waitCollectionDue()) {
    pool.flush();
    if (!spinUntil(events.done, e & EVENT_MASK, e) && collectWhileWaiting()) waitCollectionEnded(isDone(e));
  }
  waitSync(e);
  markKnown(e);
}

/** Whether {@link waitKnown} collects while it waits (`COHORT_WAIT_COLLECT=0` turns it off). */
const waitCollects = process.env.COHORT_WAIT_COLLECT !== '0';

/** {@link waitKnown} without blocking the event loop. */
export async function waitKnownAsync(e: number): Promise<void> {
  await waitAsync(e);
  markKnown(e);
}

/** Waits for event `e` without blocking the event loop. */
export async function waitAsync(e: number): Promise<void> {
  if (isDone(e)) return;
  pool?.flush();
  const done = events.done;
  const s = e & EVENT_MASK;
  // A pending Atomics.waitAsync does not keep Node's event loop alive: hold a timer meanwhile.
  const keep = setInterval(noop, 1 << 30);
  try {
    for (;;) {
      const v = Atomics.load(done, s);
      if (v >= e) return;
      const r = atomicsWaitAsync(done, s, v, SLICE_MS * 5);
      if (r.async) {
        if ((await r.value) === 'timed-out') pool?.checkHealth();
      }
    }
  } finally {
    clearInterval(keep);
  }
}

function noop(): void {}

/** Throws the {@link TaskError} of event `e` if it failed (call after it completed). */
export function throwIfFailed(e: number): void {
  if (isFailed(e)) throw taskErrorFor(causeOf(e));
}
