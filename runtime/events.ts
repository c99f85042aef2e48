/**
 * Completion events in shared memory. Every point task (and every combine / scalar task) gets a
 * sequence number `seq`; its event lives in slot `seq & EVENT_MASK` of a few shared arrays:
 *
 * - `done[slot]`: the largest seq that completed in this slot (monotone; `-1` at start). Event
 *   `e` is complete iff `done[e & MASK] >= e`. Workers and the issuing thread wait on it with
 *   `Atomics.wait`.
 * - `failSeq[slot]`: `e` when event `e` failed (kernel threw, worker died, or a data dependence
 *   failed); `cause[slot]`: the seq of the task whose error is the original one.
 * - `fvals[slot]`: the value of a future produced by task `e` (combine / scalar tasks).
 * - `claims[slot]`: 0 until a worker claims task `e`, then that worker's slot index + 1. A piece
 *   posted to several workers (work sharing, see runtime/engine.ts) runs on the one that claims it
 *   first; the others skip it. Reset to 0 when the seq is allocated.
 * - `want[slot]`: the pool slots to wake when event `e` completes, one bit per slot ({@link
 *   wantBit}). A worker about to sleep with tasks set aside registers the first incomplete
 *   dependence of each; the issuing thread registers those of records it posts without ringing
 *   (runtime/pool.ts). Whoever completes `e` takes the bits (`Atomics.exchange` to 0) and rings
 *   those slots' doorbells: a completion wakes only the workers it may have made ready, not every
 *   sleeping one. Reset to 0 when the seq is allocated.
 *
 * Writers store `failSeq`/`cause`/`fvals` first, then `done` (with `Atomics.store`, which orders
 * the earlier writes), then `Atomics.notify`. A slot is reused by `e + EVENT_SLOTS` only after `e`
 * completed (the issuing thread applies back-pressure), so at most `EVENT_SLOTS` tasks are in
 * flight. Sequence numbers are int32: a process may issue about 2·10⁹ tasks (documented limit).
 */

/** Number of event slots (power of two): the most tasks in flight at once. */
export const EVENT_SLOTS = 1 << 17;
export const EVENT_MASK = EVENT_SLOTS - 1;

/** The shared buffers of the event table (sent to every worker once). */
export interface EventBuffers {
  readonly done: Int32Array;
  readonly failSeq: Int32Array;
  readonly cause: Int32Array;
  readonly fvals: Float64Array;
  readonly claims: Int32Array;
  /** Per event slot, the pool slots to wake when the event completes (see the header). */
  readonly want: Int32Array;
  /**
   * `spin[0]`: how long a waiting thread spins before sleeping, µs (the mapper's `spinMicros`);
   * `spin[1]`: the pool threads' nice increment (the mapper's `workerNice`, runtime/worker.js).
   */
  readonly spin: Int32Array;
}

function makeBuffers(): EventBuffers {
  const i32 = () => new Int32Array(new SharedArrayBuffer(EVENT_SLOTS * 4));
  const done = i32();
  done.fill(-1);
  const failSeq = i32();
  failSeq.fill(-1);
  const cause = i32();
  const fvals = new Float64Array(new SharedArrayBuffer(EVENT_SLOTS * 8));
  return {
    done,
    failSeq,
    cause,
    fvals,
    claims: i32(),
    want: i32(),
    spin: new Int32Array(new SharedArrayBuffer(8)),
  };
}

/** The process-wide event table. */
export const events: EventBuffers = makeBuffers();
const done = events.done;
const failSeq = events.failSeq;
const cause = events.cause;

/**
 * Spins until `a[i] >= target` for at most the configured spin time (`events.spin[0]` µs).
 * @returns true when the value was reached, false when the caller should sleep
 */
export function spinUntil(a: Int32Array, i: number, target: number): boolean {
  const us = events.spin[0]!;
  if (us <= 0) return false;
  const end = performance.now() + us / 1000;
  for (let n = 1; ; n++) {
    if (Atomics.load(a, i) >= target) return true;
    if ((n & 63) === 0 && performance.now() > end) return false;
  }
}

/** True when event `e` completed (successfully or not). */
export function isDone(e: number): boolean {
  return Atomics.load(done, e & EVENT_MASK) >= e;
}

/** True when the (completed) event `e` failed. */
export function isFailed(e: number): boolean {
  return failSeq[e & EVENT_MASK] === e;
}

/** The seq of the task whose error made the (failed) event `e` fail. */
export function causeOf(e: number): number {
  return cause[e & EVENT_MASK]!;
}

/**
 * The bit of pool slot `slot` in a `want` word: slots 0–30 have their own; slots from 31 on share
 * bit 31 (a completion then rings all of them: more wake-ups, never fewer).
 */
export function wantBit(slot: number): number {
  return slot < 31 ? 1 << slot : 1 << 31;
}

/**
 * Asks for slot `slot` to be rung when event `e` completes. Register first, then look: true when
 * `e` already completed (the caller must not count on a ring, which may or may not come). The
 * completer stores `done` before it takes the bits, so one of the two sees the other.
 */
export function registerWant(e: number, slot: number): boolean {
  Atomics.or(events.want, e & EVENT_MASK, wantBit(slot));
  return Atomics.load(done, e & EVENT_MASK) >= e;
}

/** Wakes the workers waiting for event `e` (runtime/pool.ts installs it). */
let wake: ((e: number) => void) | null = null;

/** Installs what a completion on the issuing thread calls. */
export function setCompletionWake(f: (e: number) => void): void {
  wake = f;
}

/** Removes `f` if it is the one installed (a pool being destroyed after its successor started). */
export function clearCompletionWake(f: (e: number) => void): void {
  if (wake === f) wake = null;
}

/** Completes event `e` successfully (issuing thread: inline tasks). */
export function completeEvent(e: number): void {
  const s = e & EVENT_MASK;
  Atomics.store(done, s, e);
  Atomics.notify(done, s);
  wake?.(e);
}

/** Completes event `e` as failed with the original failure of task `origin`. */
export function failEvent(e: number, origin: number): void {
  const s = e & EVENT_MASK;
  cause[s] = origin;
  failSeq[s] = e;
  Atomics.store(done, s, e);
  Atomics.notify(done, s);
  wake?.(e);
}

/** Completes event `e` with a future value. */
export function resolveEvent(e: number, v: number): void {
  events.fvals[e & EVENT_MASK] = v;
  completeEvent(e);
}

/** The future value of the completed, successful event `e`. */
export function futureValue(e: number): number {
  return events.fvals[e & EVENT_MASK]!;
}

let nextSeq = 0;

/** The sequence number the next task will get. */
export function peekSeq(): number {
  return nextSeq;
}

/**
 * Allocates the next sequence number. The caller must make sure the slot's previous occupant
 * (`seq - EVENT_SLOTS`) completed before using it ({@link needsBackPressure}).
 */
export function allocSeq(): number {
  Atomics.store(events.claims, nextSeq & EVENT_MASK, 0);
  Atomics.store(events.want, nextSeq & EVENT_MASK, 0);
  return nextSeq++;
}

/**
 * Claims task `e` for the issuing side on behalf of slot `slot` (its worker died): true when no
 * other worker claimed it first — then nobody else will run it.
 */
export function claimForSlot(e: number, slot: number): boolean {
  const c = Atomics.compareExchange(events.claims, e & EVENT_MASK, 0, slot + 1);
  return c === 0 || c === slot + 1;
}

/** True when the slot of the next seq is still occupied by an incomplete event. */
export function needsBackPressure(): boolean {
  const prev = nextSeq - EVENT_SLOTS;
  return prev >= 0 && !isDone(prev);
}
