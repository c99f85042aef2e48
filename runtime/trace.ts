/**
 * A timeline of the tasks the runtime runs, for finding where time goes (idle workers, slow
 * kernels, per-launch overhead): `traceStart()`, run the program, `traceStop()` → one record per
 * task with when it was issued, when it started and ended, and on which worker.
 *
 * Workers write each task's start, end and worker index into shared slots indexed like the event
 * table (`seq & EVENT_MASK`), before completing the task; the issuing thread keeps op names and
 * issue times while tracing is on. Off (the default), the cost is one shared-word load per task.
 * Times are milliseconds since the epoch (`performance.timeOrigin + performance.now()` on each
 * thread), so the threads' clocks agree. At most `EVENT_SLOTS` tasks per trace.
 */
import { EVENT_MASK, EVENT_SLOTS } from './events.js';

/** Shared trace memory: `flag[0]` ≠ 0 while tracing; per event slot `[start, end, worker]`. */
export interface TraceBuffers {
  readonly flag: Int32Array;
  readonly times: Float64Array;
}

/** The process-wide trace buffers (sent to every worker with the event table). */
export const traceBuffers: TraceBuffers = {
  flag: new Int32Array(new SharedArrayBuffer(4)),
  times: new Float64Array(new SharedArrayBuffer(EVENT_SLOTS * 3 * 8)),
};

/** One task of a trace. */
export interface TraceRecord {
  readonly seq: number;
  /** The launch's op name (e.g. `add`, `csr_spmv`). */
  readonly op: string;
  /** `task` (a point task), `combine` (a reduction's combine), `scalar`, or `inline`. */
  readonly kind: 'task' | 'combine' | 'scalar' | 'inline';
  /** The worker slot that ran it; -1 for the issuing thread. */
  readonly worker: number;
  readonly issued: number;
  readonly start: number;
  readonly end: number;
}

interface Issued {
  seq: number;
  op: string;
  kind: TraceRecord['kind'];
  issued: number;
  start: number;
  end: number;
}

let log: Issued[] | null = null;

/** Now, in milliseconds since the epoch (comparable across threads). */
export function traceNow(): number {
  return performance.timeOrigin + performance.now();
}

/** True while tracing. */
export function tracing(): boolean {
  return log !== null;
}

/**
 * Starts recording (a running trace is discarded).
 * @example traceStart(); np.add(a, b).item(); const recs = traceStop();
 */
export function traceStart(): void {
  log = [];
  traceBuffers.times.fill(Number.NaN);
  Atomics.store(traceBuffers.flag, 0, 1);
}

/** Notes a task posted to a worker (called by the pool). */
export function traceIssued(seq: number, op: string, kind: 'T' | 'X' | 'S'): void {
  if (log === null || log.length >= EVENT_SLOTS) return;
  const k = kind === 'T' ? 'task' : kind === 'X' ? 'combine' : 'scalar';
  log.push({ seq, op, kind: k, issued: traceNow(), start: Number.NaN, end: Number.NaN });
}

/** Notes a piece run inline on the issuing thread, from `start` to now. */
export function traceInline(op: string, start: number): void {
  if (log === null || log.length >= EVENT_SLOTS) return;
  log.push({ seq: -1, op, kind: 'inline', issued: start, start, end: traceNow() });
}

/**
 * Stops recording and returns the trace, in issue order. Call it after the traced work finished
 * (read a result, or `fence()`): a task still running has NaN `start`/`end`. A task posted to
 * several workers (work sharing) reports the one that ran it.
 */
export function traceStop(): TraceRecord[] {
  Atomics.store(traceBuffers.flag, 0, 0);
  const out: TraceRecord[] = [];
  const t = traceBuffers.times;
  for (const r of log ?? []) {
    if (r.kind === 'inline') {
      out.push({ ...r, worker: -1 });
      continue;
    }
    const s = (r.seq & EVENT_MASK) * 3;
    out.push({
      seq: r.seq,
      op: r.op,
      kind: r.kind,
      worker: t[s + 2]!,
      issued: r.issued,
      start: t[s]!,
      end: t[s + 1]!,
    });
  }
  log = null;
  return out;
}

/** Per-op and per-worker totals of a trace. */
export interface TraceSummary {
  /** From the first issue to the last end (ms). */
  readonly span: number;
  /** Per op: tasks, total and mean run time (ms). */
  readonly ops: { op: string; tasks: number; ms: number; meanMs: number }[];
  /** Per worker (-1: the issuing thread): tasks, busy ms, and busy share of the span. */
  readonly workers: { worker: number; tasks: number; busyMs: number; busy: number }[];
  /** Mean time from issue to start, over worker tasks (ms): queueing plus waiting for inputs. */
  readonly meanLatencyMs: number;
}

/**
 * Totals of a trace, for printing.
 * @example const s = summarizeTrace(traceStop()); console.table(s.ops);
 */
export function summarizeTrace(recs: readonly TraceRecord[]): TraceSummary {
  const done = recs.filter((r) => Number.isFinite(r.start) && Number.isFinite(r.end));
  if (done.length === 0) return { span: 0, ops: [], workers: [], meanLatencyMs: 0 };
  let t0 = Number.POSITIVE_INFINITY;
  let t1 = Number.NEGATIVE_INFINITY;
  const ops = new Map<string, { tasks: number; ms: number }>();
  const workers = new Map<number, { tasks: number; busyMs: number }>();
  let lat = 0;
  let latN = 0;
  for (const r of done) {
    t0 = Math.min(t0, r.issued);
    t1 = Math.max(t1, r.end);
    const o = ops.get(r.op) ?? { tasks: 0, ms: 0 };
    o.tasks++;
    o.ms += r.end - r.start;
    ops.set(r.op, o);
    const w = workers.get(r.worker) ?? { tasks: 0, busyMs: 0 };
    w.tasks++;
    w.busyMs += r.end - r.start;
    workers.set(r.worker, w);
    if (r.worker >= 0) {
      lat += r.start - r.issued;
      latN++;
    }
  }
  const span = t1 - t0;
  return {
    span,
    ops: [...ops]
      .map(([op, o]) => ({ op, tasks: o.tasks, ms: o.ms, meanMs: o.ms / o.tasks }))
      .sort((a, b) => b.ms - a.ms),
    workers: [...workers]
      .map(([worker, w]) => ({
        worker,
        tasks: w.tasks,
        busyMs: w.busyMs,
        busy: span > 0 ? w.busyMs / span : 0,
      }))
      .sort((a, b) => a.worker - b.worker),
    meanLatencyMs: latN > 0 ? lat / latN : 0,
  };
}
