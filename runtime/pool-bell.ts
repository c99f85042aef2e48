/**
 * When a batch posted to a slot must ring its doorbell (runtime/pool.ts flushes through it): the
 * record layouts' dependences (runtime/worker.js) and the rule of {@link needsBell}.
 */
import { isDone, registerWant } from './events.js';

/** The dependences of a task record (runtime/worker.js's record layouts), else null. */
function recordDeps(r: unknown[]): number[] | null {
  switch (r[0]) {
    case 'T':
      return r[5] as number[];
    case 'X':
      return r[8] as number[];
    case 'S':
      return r[7] as number[];
    case 'F':
      return r[10] as number[];
    default:
      return null;
  }
}

/**
 * True when posted batch `batch` must ring slot `slot`'s doorbell now: it holds a task whose
 * dependences are all complete, a kernel (its warm-up is best done before it is needed), the heap,
 * or the drop of a region outside the heap (the worker's handle keeps that memory alive).
 * Otherwise (launch records, regions, drops of heap regions, and tasks waiting for inputs) the
 * slot is registered for the first incomplete input of each task and left asleep: the completion
 * of any of them rings it (events.ts `registerWant`; if one completed meanwhile, it rings now).
 * Whether a worker reads its records now or at that ring decides nothing (DESIGN.md §2: decisions
 * never depend on timing); it reads them in order either way, and a task is ready only once its
 * inputs are, which rings it.
 */
export function needsBell(batch: unknown[], slot: number): boolean {
  let last = -1;
  for (let k = 0; k < batch.length; k++) {
    const r = batch[k] as unknown[];
    const deps = recordDeps(r);
    if (deps === null) {
      const kind = r[0];
      if (kind === 'L' || kind === 'R' || (kind === 'D' && r[2] !== true)) continue;
      return true;
    }
    let d = -1;
    for (let j = 0; j < deps.length; j += 2) {
      if (!isDone(deps[j]!)) {
        d = deps[j]!;
        break;
      }
    }
    if (d < 0) return true;
    if (d === last) continue;
    last = d;
    if (registerWant(d, slot)) return true;
  }
  return false;
}
