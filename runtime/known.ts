/**
 * What the issuing thread *knows* to be complete (DESIGN.md §2 "The control path": decisions are
 * functions of the program, never of timing). An event is known complete once the program
 * observed it: a read, a future's value, a fence or back-pressure waited for it (or for a task
 * that depended on it, transitively), or the issuing thread completed it itself (a skipped or
 * failed inline piece). Polling `isDone` is never knowledge: whether a piece runs inline, which
 * dependences a posted piece carries and which accesses the analysis forgets depend only on
 * this, so two runs of the same program take the same decisions however fast their kernels are.
 *
 * Issuing-thread state only (plain arrays, no shared memory).
 */
import { causeOf, EVENT_MASK, EVENT_SLOTS, isFailed } from './events.js';

/** Per event slot: the largest seq known complete there (-1: none). */
const known = new Int32Array(EVENT_SLOTS).fill(-1);
/** Every seq below this is known complete (a fence observed all of them). */
let below = 0;
/** Per event slot: the dependences (pairs seq, isData) of the task posted with that seq. */
const depsOf: (readonly number[] | null)[] = new Array(EVENT_SLOTS).fill(null);
const depsSeq = new Int32Array(EVENT_SLOTS).fill(-1);
const stack: number[] = [];

/** True when event `e` is known complete (see the module comment). */
export function isKnown(e: number): boolean {
  return e < below || known[e & EVENT_MASK]! >= e;
}

/** Records the dependences of a posted task (so that knowing it complete teaches them too). */
export function noteDeps(seq: number, deps: readonly number[]): void {
  const s = seq & EVENT_MASK;
  depsOf[s] = deps.length > 0 ? deps : null;
  depsSeq[s] = seq;
}

/**
 * Marks event `e` — which the caller observed complete — and, transitively, every task it
 * waited for as known complete (a task starts only after its dependences completed).
 */
export function markKnown(e: number): void {
  if (isKnown(e)) return;
  stack.push(e);
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (isKnown(x)) continue;
    const s = x & EVENT_MASK;
    known[s] = x;
    if (depsSeq[s] !== x) continue;
    const d = depsOf[s];
    depsOf[s] = null;
    if (d !== null) for (let k = 0; k < d.length; k += 2) if (!isKnown(d[k]!)) stack.push(d[k]!);
  }
}

/** Marks every seq below `seq` known complete (a fence waited for all of them). */
export function markKnownBelow(seq: number): void {
  if (seq > below) below = seq;
}

/**
 * Scans a dependence list (pairs seq, isData): -2 when one is not known complete (runtime/known.ts: never polled, so the answer
 * is the same on every run), the origin of a failed data dependence, else -1.
 */
export function depStatus(deps: readonly number[]): number {
  let origin = -1;
  let pending = false;
  for (let k = 0; k < deps.length; k += 2) {
    const e = deps[k]!;
    if (!isKnown(e)) pending = true;
    else if (origin < 0 && deps[k + 1] === 1 && isFailed(e)) origin = causeOf(e);
  }
  return origin >= 0 ? origin : pending ? -2 : -1;
}
