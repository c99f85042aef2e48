/**
 * The engine's scalar tasks: a kernel over 0-d futures (`alpha = rr / pAp`) run at once when its
 * inputs are known, else posted behind them without the caller waiting.
 */
import { workerCount } from './config.js';
import { INLINE, logging, recordDecision } from './decisions.js';
import { waitKnown } from './engine-pool.js';
import { materialize, newSeq, trackFuture } from './engine-seq.js';
import { poolFor } from './engine-sizing.js';
import { TaskError } from './errors.js';
import { Future } from './future.js';
import { getKernel, type KernelFn, type TaskContext } from './kernels.js';
import { isKnown, noteDeps } from './known.js';
import { traceIssued, tracing } from './trace.js';

/**
 * A scalar task over futures (`alpha = rr / pAp`): runs at once when its inputs are known,
 * otherwise on the worker that produces its last pending input, without the caller waiting.
 * @returns the result's future
 */
export function submitScalar(
  op: string,
  kernelName: string,
  futures: readonly Future[],
  scalars: readonly number[],
): Future {
  const info = getKernel(kernelName);
  const n = futures.length;
  const vals = new Array<number>(n);
  let seqs: number[] | null = null;
  let slot = -1;
  let pendingDeps: number[] | null = null;
  for (let k = 0; k < n; k++) {
    const f = futures[k]!;
    if (f._seq >= 0 && isKnown(f._seq)) materialize(f);
    if (f._seq < 0) {
      if (f._error !== null) return Future.failed(f._error);
      vals[k] = f._value;
    } else {
      if (seqs === null) {
        seqs = new Array<number>(n).fill(-1);
        pendingDeps = [];
      }
      seqs[k] = f._seq;
      pendingDeps!.push(f._seq, 1);
      vals[k] = Number.NaN;
      slot = f._slot;
    }
  }
  const sc = scalars.slice();
  if (seqs === null) {
    try {
      const t = { scalars: sc, futures: vals } as unknown as TaskContext;
      if (logging()) recordDecision(op, 'S', 0, -1, INLINE);
      return Future.of(Number((info.fn as KernelFn)(t)));
    } catch (e) {
      if (e instanceof TaskError) return Future.failed(e);
      return Future.failed(new TaskError(op, (e as Error).message, { cause: e }));
    }
  }
  const workers = workerCount();
  const pool = poolFor(workers);
  if (pool === null) {
    // Unreachable in practice: a pending future implies a pool; wait and run inline.
    for (const f of futures) f.value();
    return submitScalar(op, kernelName, futures, scalars);
  }
  const si = pool.target(slot >= 0 ? slot % workers : 0);
  if (si < 0) {
    for (const f of futures) if (f._seq >= 0) waitKnown(f._seq);
    return submitScalar(op, kernelName, futures, scalars);
  }
  const seq = newSeq();
  const s = pool.slot(si);
  pool.ensureKernel(s, info.id);
  noteDeps(seq, pendingDeps!);
  if (logging()) recordDecision(op, 'S', 0, seq, si);
  s.batch.push(['S', seq, op, info.id, sc, vals, seqs, pendingDeps]);
  if (tracing()) traceIssued(seq, op, 'S');
  pool.posted(s, seq, op);
  const f = Future.pending(seq, si);
  trackFuture(f, seq);
  return f;
}
