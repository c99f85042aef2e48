// @ts-nocheck
/**
 * cohort's worker loop (plain JavaScript: Node 20 cannot run TypeScript in a worker thread).
 *
 * piscina starts the thread and runs the default export once per "slot" as ONE long-lived task.
 * The task drains record batches from its own MessagePort with `receiveMessageOnPort`, executes
 * them in order, and when the port is empty sleeps with `Atomics.wait` on its doorbell word (never
 * busy-polls). It returns (freeing the piscina task so the process may exit) on a park record.
 *
 * Records (arrays; see runtime/pool.ts for the issuing side):
 *   ['R', regionId, typedArray, inHeap]              a region's shared memory (sent once)
 *   ['K', kernelId, source, warmSource|null]         a kernel or combine (rebuilt with new Function)
 *   ['L', kernelId, op, regionIds, offsets, strides, shapes, scalars, futVals, futSeqs, partials,
 *         block, colors, inHeap]                      the launch the following tasks belong to
 *   ['T', seq, color, lo, hi, deps, shared]          a point task; deps = [seq, isData, ...]; a
 *                                                    shared one runs only if this worker claims it
 *   ['X', seq, op, combine, partials, nBlocks, width, identity, deps]   a reduction's combine
 *   ['S', seq, op, kernelId, scalars, futVals, futSeqs, deps]          a scalar task
 *   ['H', memory]                                    the region heap (shared WebAssembly.Memory)
 *   ['D', regionId]                                  drop a region (its memory may be freed)
 *   ['P']                                            park: drop every region, end the task
 * Errors go back on the same port: { seq, op, name, message, stack }.
 * While tracing (runtime/trace.ts), each task writes its start, end and slot into `traceTimes`.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { receiveMessageOnPort, threadId } from 'node:worker_threads';

/**
 * A worker's JS heap barely grows, so V8 would almost never collect here, and a dropped region's
 * memory stays alive while this thread's handle to it does: collect after dropping this many
 * bytes (see runtime/memory.ts for the issuing thread's side and why `gc()` takes no options).
 */
const GC_DROPPED_BYTES = 256 * 2 ** 20;
let gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;
// COHORT_PUBLIC_APIS=1: no V8 flag flipped at run time (runtime/README.md, "Memory").
if (gc === null && process.env.COHORT_PUBLIC_APIS !== '1') {
  try {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc');
  } catch {
    gc = null;
  }
}
let dropped = 0;

/** Control words: per slot, 16 int32 apart (one cache line each). */
const STRIDE = 16;
const BELL = 0;
const TID = 1;
const DEAD = 2;
const GEN = 3;

const kernels = new Map();
let regions = new Map();
/** The region heap (a shared WebAssembly.Memory), from the 'H' record. */
let heapMem = null;
/** Ids of the held regions that live in the heap. */
const inHeap = new Set();
let current = { slot: -1, gen: 0, ctl: null };
let exitHooked = false;

function hookExit() {
  if (exitHooked) return;
  exitHooked = true;
  // process.exit() inside a kernel ends this thread: tell the issuing thread at once, so that a
  // blocked read learns about it without waiting for the event loop (terminate() runs no JS here;
  // the issuing thread detects that case by polling the thread's state, see pool.ts).
  process.on('exit', () => {
    const c = current;
    if (c.ctl && c.slot >= 0) {
      Atomics.store(c.ctl, c.slot * STRIDE + DEAD, c.gen);
      Atomics.notify(c.ctl, c.slot * STRIDE + BELL);
    }
  });
}

/** `__name`: the helper esbuild/tsx (keepNames) inserts into functions; a no-op here. */
const keepName = (f) => f;

function build(source) {
  return new Function('__name', `return (${source});`)(keepName);
}

function combineBuiltin(op, p, nBlocks, width) {
  switch (op) {
    case 'sum': {
      let s = 0;
      for (let b = 0; b < nBlocks; b++) s += p[b * width];
      return s;
    }
    case 'prod': {
      let s = 1;
      for (let b = 0; b < nBlocks; b++) s *= p[b * width];
      return s;
    }
    case 'min': {
      let s = Number.POSITIVE_INFINITY;
      for (let b = 0; b < nBlocks; b++) {
        const v = p[b * width];
        if (v < s || Number.isNaN(v)) s = v;
        if (Number.isNaN(s)) break;
      }
      return s;
    }
    case 'max': {
      let s = Number.NEGATIVE_INFINITY;
      for (let b = 0; b < nBlocks; b++) {
        const v = p[b * width];
        if (v > s || Number.isNaN(v)) s = v;
        if (Number.isNaN(s)) break;
      }
      return s;
    }
    default:
      return undefined;
  }
}

export default async function cohortWorker({
  slot,
  gen,
  port,
  ctl,
  done,
  failSeq,
  cause,
  fvals,
  claims,
  spin,
  traceFlag,
  traceTimes,
}) {
  hookExit();
  // Let the thread's event loop start before blocking in it: the issuing thread's health check
  // reads the loop's state (performance.eventLoopUtilization() on the Worker).
  await new Promise((r) => setImmediate(r));
  // A loop task of an older generation (queued in piscina while its slot was restarted) must not
  // claim the slot: the issuing side already failed its tasks and posts to the new loop.
  if (Atomics.load(ctl, slot * STRIDE + GEN) !== gen) {
    port.close();
    return 0;
  }
  current = { slot, gen, ctl };
  const M = done.length - 1;
  Atomics.store(ctl, slot * STRIDE + TID, threadId);
  Atomics.store(ctl, slot * STRIDE + DEAD, 0);

  /** Trace (runtime/trace.ts): a task's start time, or -1 when not tracing. */
  const traceBegin = () => (traceFlag[0] !== 0 ? performance.timeOrigin + performance.now() : -1);
  const traceEnd = (e, t0) => {
    const k = (e & M) * 3;
    traceTimes[k] = t0;
    traceTimes[k + 1] = performance.timeOrigin + performance.now();
    traceTimes[k + 2] = slot;
  };
  const complete = (e) => {
    Atomics.store(done, e & M, e);
    Atomics.notify(done, e & M);
  };
  const fail = (e, origin) => {
    cause[e & M] = origin;
    failSeq[e & M] = e;
    complete(e);
  };
  /**
   * Spins while `a[i]` equals `v` (a doorbell) or stays below `target` (an event), for at most
   * `spin[0]` µs (the mapper's spinMicros): a wait that ends soon costs no sleep and wake-up.
   * @returns true when the word changed / reached the target
   */
  const spinWhile = (a, i, v, target) => {
    const us = spin[0];
    if (us <= 0) return false;
    const end = performance.now() + us / 1000;
    for (let n = 1; ; n++) {
      const w = Atomics.load(a, i);
      if (target >= 0 ? w >= target : w !== v) return true;
      if ((n & 63) === 0 && performance.now() > end) return false;
    }
  };
  /** Waits for every dependence; returns -1, or the origin seq of a failed data dependence. */
  const waitDeps = (deps) => {
    let failedOrigin = -1;
    for (let k = 0; k < deps.length; k += 2) {
      const e = deps[k];
      const s = e & M;
      let v = Atomics.load(done, s);
      if (v < e && spinWhile(done, s, v, e)) v = Atomics.load(done, s);
      while (v < e) {
        Atomics.wait(done, s, v);
        v = Atomics.load(done, s);
      }
      if (deps[k + 1] === 1 && failedOrigin < 0 && failSeq[s] === e) failedOrigin = cause[s];
    }
    return failedOrigin;
  };
  const report = (seq, op, err) => {
    const e = err instanceof Error ? err : new Error(String(err));
    port.postMessage({ seq, op, name: e.name, message: e.message, stack: e.stack });
    fail(seq, seq);
  };
  const resolveFutures = (vals, seqs) => {
    if (seqs === null) return vals;
    const out = vals.slice();
    for (let k = 0; k < seqs.length; k++) if (seqs[k] >= 0) out[k] = fvals[seqs[k] & M];
    return out;
  };

  let L = null;
  let Lfutures = null;
  const runRecord = (r) => {
    switch (r[0]) {
      case 'T': {
        const seq = r[1];
        // A shared piece (posted to every worker): the first to claim it runs it.
        if (r[6] === 1 && Atomics.compareExchange(claims, seq & M, 0, slot + 1) !== 0) return;
        const failed = waitDeps(r[5]);
        if (failed >= 0) {
          fail(seq, failed);
          return;
        }
        const t0 = traceBegin();
        try {
          if (Lfutures === null) Lfutures = resolveFutures(L.futVals, L.futSeqs);
          L.fn({
            arrays: L.arrays,
            offsets: L.offsets,
            strides: L.strides,
            shapes: L.shapes,
            lo: r[3],
            hi: r[4],
            scalars: L.scalars,
            futures: Lfutures,
            color: r[2],
            colors: L.colors,
            partials: L.partials,
            block: L.block,
            heap: L.heap,
          });
          if (t0 >= 0) traceEnd(seq, t0);
          complete(seq);
        } catch (err) {
          report(seq, L.op, err);
        }
        return;
      }
      case 'L': {
        const ids = r[3];
        const arrays = new Array(ids.length);
        for (let k = 0; k < ids.length; k++) arrays[k] = regions.get(ids[k]);
        L = {
          fn: kernels.get(r[1]),
          op: r[2],
          arrays,
          offsets: r[4],
          strides: r[5],
          shapes: r[6],
          scalars: r[7],
          futVals: r[8],
          futSeqs: r[9],
          partials: r[10],
          block: r[11],
          colors: r[12],
          heap: r[13] === true ? heapMem : null,
        };
        Lfutures = r[9] === null ? r[8] : null;
        return;
      }
      case 'X': {
        const [, seq, op, comb, partials, nBlocks, width, identity, deps] = r;
        const failed = waitDeps(deps);
        if (failed >= 0) {
          fail(seq, failed);
          return;
        }
        const t0 = traceBegin();
        try {
          let v;
          if (nBlocks === 0 && identity !== null) v = identity;
          else if (typeof comb === 'string') v = combineBuiltin(comb, partials, nBlocks, width);
          else v = kernels.get(comb)(partials, nBlocks, width);
          fvals[seq & M] = v;
          if (t0 >= 0) traceEnd(seq, t0);
          complete(seq);
        } catch (err) {
          report(seq, op, err);
        }
        return;
      }
      case 'S': {
        const [, seq, op, kid, scalars, futVals, futSeqs, deps] = r;
        const failed = waitDeps(deps);
        if (failed >= 0) {
          fail(seq, failed);
          return;
        }
        const t0 = traceBegin();
        try {
          const v = kernels.get(kid)({ scalars, futures: resolveFutures(futVals, futSeqs) });
          fvals[seq & M] = Number(v);
          if (t0 >= 0) traceEnd(seq, t0);
          complete(seq);
        } catch (err) {
          report(seq, op, err);
        }
        return;
      }
      case 'R':
        regions.set(r[1], r[2]);
        if (r[3] === true) inHeap.add(r[1]);
        return;
      case 'H':
        heapMem = r[1];
        return;
      case 'D': {
        const a = regions.get(r[1]);
        if (a === undefined) return;
        regions.delete(r[1]);
        // Heap regions' memory is recycled by the issuing thread: nothing to collect here.
        if (inHeap.delete(r[1])) return;
        dropped += a.byteLength;
        if (dropped >= GC_DROPPED_BYTES && typeof gc === 'function') {
          dropped = 0;
          gc();
        }
        return;
      }
      case 'K': {
        if (kernels.has(r[1])) return;
        const fn = build(r[2]);
        kernels.set(r[1], fn);
        if (r[3] !== null) {
          // V8 leaves a worker whose first call is a long loop on slow code: warm the kernel on
          // the registration's tiny input first.
          try {
            const make = build(r[3]);
            for (let k = 0; k < 20; k++) fn(make());
          } catch {
            /* a failing warm-up only costs speed */
          }
        }
        return;
      }
      default:
        return;
    }
  };

  const bell = slot * STRIDE + BELL;
  for (;;) {
    const b = Atomics.load(ctl, bell);
    let m = receiveMessageOnPort(port);
    if (m === undefined) {
      if (!spinWhile(ctl, bell, b, -1)) Atomics.wait(ctl, bell, b);
      continue;
    }
    do {
      const batch = m.message;
      for (let k = 0; k < batch.length; k++) {
        const r = batch[k];
        if (r[0] === 'P') {
          regions = new Map();
          inHeap.clear();
          L = null;
          Lfutures = null;
          current = { slot: -1, gen: 0, ctl: null };
          port.close();
          return 0;
        }
        runRecord(r);
      }
      m = receiveMessageOnPort(port);
    } while (m !== undefined);
  }
}
