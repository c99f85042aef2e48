/**
 * The memory governor: bounds the bytes of results in flight. A program that issues work faster
 * than the pool runs it ("runs ahead") would otherwise allocate a fresh result per launch long
 * before the pool wrote the previous ones — each a region that the heap cannot reuse until its
 * tasks complete — and was bounded only by the event table (131,072 tasks): 2.6–3.1 GB resident
 * for a loop making 80 MB per step at 2 workers, against 0.45 GB inline.
 *
 * With a pool, each launch that writes fresh regions (regions no launch wrote before: results)
 * is recorded with those regions' bytes and the tasks it issued.
 * Before a launch that writes fresh regions, while the recorded bytes plus its own exceed the
 * mapper's budget ({@link Mapper.inFlightBytes}), the issuing thread waits for the oldest recorded
 * launch to complete and forgets it. The decisions depend only on the program's bytes and the
 * mapper (an entry is forgotten when the budget requires it, whether or not its tasks already
 * finished), never on timing: where the program waits is deterministic; how long, is not.
 */
import { currentMapper, workerCount } from './config.js';
import { waitSync } from './engine-pool.js';
import { peekSeq } from './events.js';
import type { LaunchSpec } from './launch-types.js';

/** Recorded launches, oldest first: [first seq, end seq, bytes] triples from `head`. */
const ring: number[] = [];
let head = 0;
let inFlight = 0;

/** Forgets every recorded launch (tests; the bytes in flight start from zero). */
export function resetGovernor(): void {
  for (let h = head; h < ring.length; h += 3) for (let e = ring[h]!; e < ring[h + 1]!; e++) waitSync(e);
  ring.length = 0;
  head = 0;
  inFlight = 0;
}

/** Statistics (tests, benchmarks): launches retired by the budget, and the most bytes recorded. */
export const governorStats = { waits: 0, peakBytes: 0 };

/** Bytes of the regions `spec` writes that no launch wrote before (its fresh results). */
function freshBytes(spec: LaunchSpec): number {
  const args = spec.args;
  let bytes = 0;
  if (!Array.isArray(args)) return 0; // malformed: the solver explains it
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const r = a?.store?.region;
    if (r === undefined || a.privilege === 'read' || r.version !== 0) continue;
    let dup = false;
    for (let j = 0; j < i && !dup; j++) dup = args[j]?.store?.region === r && args[j]!.privilege !== 'read';
    if (!dup) bytes += r.data.byteLength;
  }
  return bytes;
}

/** Waits for, and forgets, the oldest recorded launch. */
function retireOldest(): void {
  const lo = ring[head]!;
  const hi = ring[head + 1]!;
  inFlight -= ring[head + 2]!;
  head += 3;
  if (head > 3072 && head * 2 > ring.length) {
    ring.splice(0, head);
    head = 0;
  }
  governorStats.waits++;
  for (let e = lo; e < hi; e++) waitSync(e);
}

/**
 * Before a launch: waits for the oldest launches in flight while the fresh results in flight and
 * this launch's would exceed the budget.
 * @param spec - the launch (call before its versions are bumped)
 * @returns its fresh bytes, to pass to {@link recordLaunch} with the seq before it (0: none)
 */
export function reserveFor(spec: LaunchSpec): number {
  const workers = workerCount();
  if (workers === 0) return 0;
  const bytes = freshBytes(spec);
  if (bytes === 0) return 0;
  const budget = currentMapper().inFlightBytes?.(workers) ?? Number.POSITIVE_INFINITY;
  while (head < ring.length && inFlight + bytes > budget) retireOldest();
  return bytes;
}

/**
 * After a launch: records it when it wrote fresh results, with the tasks it issued (from `lo` on).
 * A launch that ran inline is recorded too (with no task to wait for): whether a piece runs
 * inline can depend on timing (a pool still starting), the accounting must not.
 * @param bytes - what {@link reserveFor} returned
 * @param lo - `peekSeq()` before the launch was submitted
 */
export function recordLaunch(bytes: number, lo: number): void {
  const hi = peekSeq();
  if (bytes === 0) return;
  ring.push(lo, hi, bytes);
  inFlight += bytes;
  if (inFlight > governorStats.peakBytes) governorStats.peakBytes = inFlight;
}
