/**
 * Sequence numbers and pending futures of the engine: a new seq after back-pressure (a program
 * wait: the event becomes known complete, runtime/known.ts), the values of futures whose event
 * slot is about to be reused, and the resolver behind `Future.value()` / `valueAsync()`.
 */
import { waitKnown, waitKnownAsync } from './engine-pool.js';
import type { TaskError } from './errors.js';
import {
  allocSeq,
  causeOf,
  EVENT_MASK,
  EVENT_SLOTS,
  failEvent,
  futureValue,
  isFailed,
  needsBackPressure,
  peekSeq,
} from './events.js';
import { recordTaskError, taskErrorFor } from './failures.js';
import { type Future, setFutureResolver } from './future.js';
import { markKnown } from './known.js';
import { finalizationRegistry } from './memory.js';

/**
 * Pending futures' event slots (slot → sequence number). Before a slot is reused, the value (or
 * error) of the future it carried is saved by sequence number, and a future materializes from
 * there. Futures are not referenced here: a `WeakRef` would keep every one made during a
 * synchronous job alive until the job ends (V8's keep-during-job rule), so a solver loop grew by
 * a future per reduction. A dead future's saved value goes with it (finalizer, run right after the
 * runtime's own collections).
 */
const futSlots = new Map<number, number>();
const saved = new Map<number, { value: number } | { error: TaskError }>();
const futureGone = finalizationRegistry<number>((seq) => {
  saved.delete(seq);
  const slot = seq & EVENT_MASK;
  if (futSlots.get(slot) === seq) futSlots.delete(slot);
});

/** Tracks a pending future whose value lives in its event's slot. */
export function trackFuture(f: Future, seq: number): void {
  futSlots.set(seq & EVENT_MASK, seq);
  futureGone.register(f, seq);
}

/** Moves a completed pending future's value (or error) into the object. */
export function materialize(f: Future): void {
  const e = f._seq;
  const kept = saved.get(e);
  if (kept !== undefined) {
    saved.delete(e);
    if ('error' in kept) f._error = kept.error;
    else f._value = kept.value;
  } else if (isFailed(e)) f._error = taskErrorFor(causeOf(e));
  else f._value = futureValue(e);
  if (futSlots.get(e & EVENT_MASK) === e) futSlots.delete(e & EVENT_MASK);
  f._seq = -1;
}

setFutureResolver({
  sync(f) {
    if (f._seq >= 0) {
      waitKnown(f._seq);
      if (f._seq >= 0) materialize(f);
    }
    return f.value();
  },
  async async(f) {
    if (f._seq >= 0) {
      await waitKnownAsync(f._seq);
      if (f._seq >= 0) materialize(f);
    }
    return f.value();
  },
});

/** A new sequence number, after back-pressure and after saving a future whose slot it reuses. */
export function newSeq(): number {
  if (needsBackPressure()) waitKnown(peekSeq() - EVENT_SLOTS);
  const seq = allocSeq();
  if (futSlots.size > 0) {
    const slot = seq & EVENT_MASK;
    const old = futSlots.get(slot);
    if (old !== undefined) {
      futSlots.delete(slot);
      // The old event completed (back-pressure above); keep its value before the slot is reused.
      if (old === seq - EVENT_SLOTS)
        saved.set(old, isFailed(old) ? { error: taskErrorFor(causeOf(old)) } : { value: futureValue(old) });
    }
  }
  return seq;
}

/** A failed event standing for a known error (a failed input future). */
export function failedSeqOf(err: TaskError): number {
  const seq = newSeq();
  recordTaskError(seq, err);
  failEvent(seq, seq);
  markKnown(seq);
  return seq;
}
