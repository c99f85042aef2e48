/**
 * The engine's fold task: a `reduce` argument's per-piece buffers folded into its region once the
 * launch's pieces are done (runtime/reduction.ts does the arithmetic).
 */

import { currentMapper } from './config.js';
import { INLINE, logging, recordDecision, SKIPPED } from './decisions.js';
import { addAccess, analyze, K_RW, type RegionState } from './deps.js';
import type { TypedArray } from './dtype.js';
import { waitKnown } from './engine-pool.js';
import { newSeq } from './engine-seq.js';
import { poolFor } from './engine-sizing.js';
import { failEvent } from './events.js';
import { depStatus, markKnown, noteDeps } from './known.js';
import type { Pool } from './pool.js';
import { foldRegion, type RedArg } from './reduction.js';
import { traceIssued, tracing } from './trace.js';

/** Scratch list of the fold's dependences (pairs seq, isData). */
const deps: number[] = [];

/**
 * The fold of a `reduce` argument's buffers into its region (runtime/reduction.ts): a read-write
 * of the argument's footprint that waits for the launch's pieces. Runs here when every
 * dependence is known complete, else on the worker of the launch's last posted piece.
 * @returns the pool (started if the fold was posted)
 */
export function submitFold(
  op: string,
  region: { readonly id: number; readonly data: TypedArray; readonly heapOffset: number },
  st: RegionState,
  r: RedArg,
  nB: number,
  pieceDeps: readonly number[],
  pool: Pool | null,
  lastSlot: number,
  workers: number,
): Pool | null {
  if (r.extLen === 0) return pool;
  const fp = r.fp;
  while (deps.length > 0) deps.pop(); // keeps the backing store (`length = 0` frees it)
  for (let k = 0; k < pieceDeps.length; k++) deps.push(pieceDeps[k]!);
  analyze(st, fp, K_RW, deps);
  const status = depStatus(deps);
  if (status >= 0) {
    const seq = newSeq();
    failEvent(seq, status);
    markKnown(seq);
    addAccess(st, fp, K_RW, seq);
    if (logging()) recordDecision(op, 'F', r.arg, seq, SKIPPED);
    return pool;
  }
  let si = -1;
  if (status === -2 && workers > 0) {
    pool ??= poolFor(workers);
    si = pool!.target(lastSlot >= 0 ? lastSlot : currentMapper().worker(0, 1, workers) % workers);
  }
  if (si < 0) {
    // Every dependence known complete (or, after a worker died, waited for): fold here.
    for (let k = 0; k < deps.length; k += 2) waitKnown(deps[k]!);
    const origin = depStatus(deps);
    if (origin >= 0) {
      const seq = newSeq();
      failEvent(seq, origin);
      markKnown(seq);
      addAccess(st, fp, K_RW, seq);
      return pool;
    }
    foldRegion(r.op, region.data, r.buf, r.extLo, r.extLen, nB, fp.bounds);
    if (logging()) recordDecision(op, 'F', r.arg, -1, INLINE);
    return pool;
  }
  const seq = newSeq();
  const s = pool!.slot(si);
  pool!.ensureRegion(s, region.id, region.data, region.heapOffset >= 0);
  const recDeps = deps.slice();
  noteDeps(seq, recDeps);
  if (logging()) recordDecision(op, 'F', r.arg, seq, si);
  s.batch.push(['F', seq, op, region.id, r.op, r.buf, r.extLo, r.extLen, nB, fp.bounds, recDeps]);
  addAccess(st, fp, K_RW, seq);
  if (tracing()) traceIssued(seq, op, 'T');
  pool!.posted(s, seq, op);
  return pool;
}
