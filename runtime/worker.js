// @ts-nocheck
/**
 * cohort's worker loop (plain JavaScript: Node 20 cannot run TypeScript in a worker thread).
 *
 * piscina starts the thread and runs the default export once per "slot": that task sets the
 * slot's loop up and returns at once, and the loop then runs on the thread outside any piscina
 * task (so piscina keeps no port ref'd and the process can exit; the pool's load balancer never
 * hands this thread another loop task). The loop drains record batches from its own MessagePort
 * with `receiveMessageOnPort` and reads them in order. It runs only **ready** tasks (DESIGN.md §2 "Scheduling and memory"): a task whose
 * dependences are not all complete is set aside, with its launch record, and run as soon as they
 * are — the records behind it do not wait for it. When the port is empty and nothing set aside is
 * ready, the loop sleeps with `Atomics.wait` on its doorbell word (never busy-polls), after
 * registering, for each task set aside, its first incomplete dependence in `want` (one bit per
 * slot; runtime/events.ts): the thread that completes such an event takes the bits and rings those
 * doorbells (here `complete`, on the issuing thread events.ts), so a completion wakes only the
 * slots it may have made ready. The issuing thread registers the inputs of records it posts
 * without ringing (runtime/pool.ts `needsBell`). Deadlock freedom: dependences point backwards in
 * launch order, so the oldest unfinished task is always ready, and its worker is awake or gets
 * rung (each task set aside or posted without a ring has an incomplete input registered, and a
 * registration made after that input completed is seen by the registrant itself). It returns (giving the thread back to its event
 * loop) on a park record, after running what it set aside.
 *
 * Records (arrays; see runtime/pool.ts for the issuing side):
 *   ['R', regionId, buffer, inHeap, byteOffset, length, ctorName]
 *                                                    a region's shared memory (sent once, as the
 *                                                    parts of its typed array: a cloned view keeps
 *                                                    only 32 bits of its byte length)
 *   ['K', kernelId, source, warmSource|null, globals|null]  a kernel or combine (rebuilt with new
 *                                                    Function); globals: set on globalThis first
 *   ['L', kernelId, op, regionIds, offsets, strides, shapes, scalars, futVals, futSeqs, partials,
 *         block, colors, inHeap, red, redBlock, scratch, scratchPer]   the launch the following tasks belong to;
 *                                                    red: [[arg, buffers, extLo, extLen], ...] or
 *                                                    null (its pieces run block by block)
 *   ['T', seq, color, lo, hi, deps, shared]          a point task; deps = [seq, isData, ...]; a
 *                                                    shared one runs only if this worker claims it
 *                                                    (it claims it once it is ready)
 *   ['X', seq, op, combine, partials, nBlocks, width, identity, deps]   a reduction's combine
 *   ['S', seq, op, kernelId, scalars, futVals, futSeqs, deps]          a scalar task
 *   ['F', seq, op, regionId, redop, buffers, extLo, extLen, nBlocks, bounds, deps]
 *                                                    fold a reduce argument's block buffers into
 *                                                    its region, block 0 first (runtime/reduction.ts)
 *   ['H', memory]                                    the region heap (shared WebAssembly.Memory)
 *   ['D', regionId, outside]                         drop a region (its memory may be freed;
 *                                                    outside: not in the heap)
 *   ['P']                                            park: drop every region, end the task
 * Errors go back on the same port: { seq, op, name, message, stack }.
 * While tracing (runtime/trace.ts), each task writes its start, end and slot into `traceTimes`.
 */
import { Buffer } from 'node:buffer';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { GCProfiler, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, receiveMessageOnPort, threadId } from 'node:worker_threads';

/**
 * A worker's JS heap barely grows, so V8 would almost never collect here, and a dropped region's
 * own SharedArrayBuffer (regions outside the heap) stays alive while this thread's handle to it
 * does (a probe: 100 dropped 80 MB buffers handed to a worker peaked at 7.6 GB; with a collection
 * every 256 MB dropped, 0.43 GB): collect after dropping this many bytes. Heap regions need none.
 */
const GC_DROPPED_BYTES = 256 * 2 ** 20;
let gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;
// COHORT_V8_GC=1 (opt-in): `gc()` through a V8 flag flipped at run time (runtime/memory.ts).
if (gc === null && process.env.COHORT_V8_GC === '1' && process.env.COHORT_PUBLIC_APIS !== '1') {
  try {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc');
  } catch {
    gc = null;
  }
}
if (gc === null) gc = collectByPressure;

/**
 * A full collection through public means (runtime/reclaim.ts `collectByPressure`, the same loop):
 * never-written external buffers until `v8.GCProfiler` reports a mark-compact whose marking
 * started after the call.
 */
function collectByPressure() {
  const p = new GCProfiler();
  p.start();
  let keep = [];
  // Unknown whether marking runs now: the first mark-compact counts only after a marking start.
  let fresh = false;
  for (let k = 0; k < 256; k++) {
    keep.push(Buffer.allocUnsafeSlow(16 * 2 ** 20));
    const out = p.stop();
    p.start();
    for (const g of out?.statistics ?? []) {
      if (g.gcType === 'IncrementalMarking') fresh = true;
      else if (g.gcType === 'MarkSweepCompact') {
        if (fresh) k = 256;
        fresh = true;
      }
    }
  }
  p.stop();
  keep = [];
}
let dropped = 0;

/**
 * runtime/wasm-tier.ts's rule for this thread (kernels call `globalThis.__cohortWasmModule`): the
 * first compile of a kernel whose piece has at least 2^18 elements uses V8's optimizing compiler
 * (opt-in: COHORT_WASM_OPTIMIZE=1). A copy, as `collectByPressure` above: this file imports node
 * builtins only, so that it runs alone where a bundler copied it (runtime/worker-url.ts), and the
 * TypeScript module cannot run in a worker thread on Node 20.
 */
const OPTIMIZED_COMPILE_ELEMENTS = 1 << 18;
const optimizeWasm =
  process.env.COHORT_WASM_OPTIMIZE === '1' &&
  !/liftoff|wasm-tier|wasm-dynamic-tiering|wasm-lazy/.test(
    [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' '),
  );
globalThis.__cohortWasmModule = (bytes, elements) => {
  if (!optimizeWasm || !(elements >= OPTIMIZED_COMPILE_ELEMENTS)) return new WebAssembly.Module(bytes);
  setFlagsFromString('--no-liftoff --no-wasm-lazy-compilation');
  try {
    return new WebAssembly.Module(bytes);
  } finally {
    setFlagsFromString('--liftoff --wasm-lazy-compilation');
  }
};

/** The nice increment this thread runs at (the mapper's `workerNice`, `spin[1]`), once applied. */
let niceApplied = 0;

/**
 * Applies the mapper's nice increment to this thread when it changed (runtime/config.ts
 * publishes it; the loop looks at its start and at every batch it receives): Linux schedules threads separately and `setPriority` of a thread id changes
 * that thread only (the id from /proc/thread-self). Elsewhere nice is per process: nothing is
 * done. Raising the priority back may be refused without privileges: then it stays lower.
 */
function applyNice(spin) {
  const want = spin[1] | 0;
  if (want === niceApplied || process.platform !== 'linux') return;
  niceApplied = want;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, want);
  } catch {
    // not permitted, or no /proc: the thread keeps its priority
  }
}

/** Control words: per slot, 16 int32 apart (one cache line each). */
const STRIDE = 16;
const BELL = 0;
const TID = 1;
const DEAD = 2;
const GEN = 3;
/** Nonzero while the slot sleeps with tasks set aside (observation only: rings go by `want`). */
const PEND = 4;
/** Times the loop waited for its doorbell (spinning, then asleep) and went on (statistics). */
const WAKES = 5;

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

/** The fold of runtime/reduction.ts (`foldRegion`), the same loops. */
function foldRegion(op, x, v, extLo, extLen, nB, bounds) {
  for (let b = 0; b < nB; b++) {
    const base = b * extLen - extLo;
    for (let k = 0; k < bounds.length; k += 2) {
      const e = bounds[k + 1];
      if (op === 'sum') for (let j = bounds[k]; j < e; j++) x[j] = x[j] + v[base + j];
      else if (op === 'prod') for (let j = bounds[k]; j < e; j++) x[j] = x[j] * v[base + j];
      else if (op === 'min')
        for (let j = bounds[k]; j < e; j++) {
          const y = v[base + j];
          if (y < x[j] || Number.isNaN(y)) x[j] = y;
        }
      else
        for (let j = bounds[k]; j < e; j++) {
          const y = v[base + j];
          if (y > x[j] || Number.isNaN(y)) x[j] = y;
        }
    }
  }
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

export default async function cohortWorker(args) {
  const { slot, gen, port, ctl } = args;
  hookExit();
  // Let the thread's event loop start before blocking in it: the issuing thread's health check
  // reads the loop's state (performance.eventLoopUtilization() on the Worker).
  await new Promise((r) => setImmediate(r));
  if (!claimSlot(slot, gen, ctl)) {
    port.close();
    return 0;
  }
  // Run the loop after this task returned (piscina posts its result first, in this turn's
  // microtasks): the task ends, the loop keeps the thread.
  setImmediate(() => runLoop(args));
  return 0;
}

/**
 * True when loop task `gen` may take slot `slot`: a loop task of an older generation (queued in
 * piscina while its slot was restarted) must not claim the slot, the issuing side already failed
 * its tasks and posts to the new loop.
 */
function claimSlot(slot, gen, ctl) {
  return Atomics.load(ctl, slot * STRIDE + GEN) === gen;
}

/** The slot's loop (see the header); returns on a park record. */
function runLoop({
  slot,
  gen,
  port,
  ctl,
  done,
  failSeq,
  cause,
  fvals,
  claims,
  want,
  spin,
  traceFlag,
  traceTimes,
}) {
  if (!claimSlot(slot, gen, ctl)) {
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
  const nSlots = (ctl.length / STRIDE) | 0;
  /** This slot's bit in `want` words (runtime/events.ts `wantBit`). */
  const myBit = slot < 31 ? 1 << slot : 1 << 31;
  /** Rings the doorbells of the slots registered for event `e` (see the header). */
  const wakeWanted = (e) => {
    const w = Atomics.exchange(want, e & M, 0);
    if (w === 0) return;
    for (let k = 0; k < nSlots; k++) {
      // This loop is awake: it looks at its tasks again before it sleeps.
      if (k === slot || (w & (k < 31 ? 1 << k : 1 << 31)) === 0) continue;
      Atomics.add(ctl, k * STRIDE + BELL, 1);
      Atomics.notify(ctl, k * STRIDE + BELL);
    }
  };
  const complete = (e) => {
    Atomics.store(done, e & M, e);
    Atomics.notify(done, e & M);
    wakeWanted(e);
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
  /** True when every dependence completed (successfully or not). */
  const ready = (deps) => {
    for (let k = 0; k < deps.length; k += 2) if (Atomics.load(done, deps[k] & M) < deps[k]) return false;
    return true;
  };
  /** The origin seq of a failed data dependence among completed `deps`, else -1. */
  const failedDep = (deps) => {
    for (let k = 0; k < deps.length; k += 2) {
      const s = deps[k] & M;
      if (deps[k + 1] === 1 && failSeq[s] === deps[k]) return cause[s];
    }
    return -1;
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

  /** The launch record the following tasks belong to (its futures resolve at the first task). */
  let L = null;
  /** Tasks set aside until their dependences complete: [record, launch record], oldest first. */
  let waiting = [];
  /** Runs point task `r` of launch `l` (its dependences completed; a shared one is claimed). */
  const runTask = (r, l) => {
    const seq = r[1];
    const failed = failedDep(r[5]);
    if (failed >= 0) {
      fail(seq, failed);
      return;
    }
    const t0 = traceBegin();
    try {
      if (l.futures === null) l.futures = resolveFutures(l.futVals, l.futSeqs);
      const t = {
        arrays: l.arrays,
        offsets: l.offsets,
        strides: l.strides,
        shapes: l.shapes,
        lo: r[3],
        hi: r[4],
        scalars: l.scalars,
        futures: l.futures,
        color: r[2],
        colors: l.colors,
        partials: l.partials,
        block: l.block,
        heap: l.heap,
        scratch: l.scratch < 0 ? -1 : l.scratch + r[2] * l.scratchPer,
      };
      if (l.red === null) l.fn(t);
      else runBlocks(l, t);
      if (t0 >= 0) traceEnd(seq, t0);
      complete(seq);
    } catch (err) {
      report(seq, l.op, err);
    }
  };
  /**
   * Runs piece `t` of launch `l` block by block, each block's `reduce` arguments in their own
   * buffers (runtime/reduction.ts `runBlocks`, the same loop).
   */
  const runBlocks = (l, t) => {
    const blk = l.redBlock;
    const lo0 = t.lo[0];
    const hi0 = t.hi[0];
    const arrays = t.arrays.slice();
    const offsets = t.offsets.slice();
    for (let b0 = lo0; b0 < hi0; ) {
      const b = Math.floor(b0 / blk);
      const e = Math.min(hi0, (b + 1) * blk);
      for (const [arg, buf, extLo, extLen] of l.red) {
        arrays[arg] = buf.subarray(b * extLen, (b + 1) * extLen);
        offsets[arg] = t.offsets[arg] - extLo;
      }
      l.fn({ ...t, arrays, offsets, lo: [b0], hi: [e], heap: null });
      b0 = e;
    }
  };
  /** A fold ('F') whose dependences completed; `x` is its region's array (resolved when read). */
  const runFold = (r, x) => {
    const [, seq, op, , redop, buf, extLo, extLen, nB, bounds, deps] = r;
    const failed = failedDep(deps);
    if (failed >= 0) {
      fail(seq, failed);
      return;
    }
    const t0 = traceBegin();
    try {
      foldRegion(redop, x, buf, extLo, extLen, nB, bounds);
      if (t0 >= 0) traceEnd(seq, t0);
      complete(seq);
    } catch (err) {
      report(seq, op, err);
    }
  };
  /** The dependences of a task record. */
  const depsOf = (r) => (r[0] === 'T' ? r[5] : r[0] === 'X' ? r[8] : r[0] === 'S' ? r[7] : r[10]);
  /** A combine ('X') or scalar ('S') record whose dependences completed. */
  const runFuture = (r) => {
    if (r[0] === 'X') {
      const [, seq, op, comb, partials, nBlocks, width, identity, deps] = r;
      const failed = failedDep(deps);
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
    const [, seq, op, kid, scalars, futVals, futSeqs, deps] = r;
    const failed = failedDep(deps);
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
  };
  /**
   * Runs `r` (of launch `l` for a point task) if its dependences completed; returns false when it
   * must wait. A shared piece is claimed only once ready, so another worker that gets there
   * first with its inputs complete runs it; one claimed elsewhere is dropped.
   */
  const tryRun = (r, l) => {
    const isTask = r[0] === 'T';
    if (isTask && r[6] === 1 && Atomics.load(claims, r[1] & M) !== 0) return true;
    if (!ready(depsOf(r))) return false;
    if (r[0] === 'F') runFold(r, l);
    else if (!isTask) runFuture(r);
    else if (r[6] !== 1 || Atomics.compareExchange(claims, r[1] & M, 0, slot + 1) === 0) runTask(r, l);
    return true;
  };
  /** Runs every task set aside that became ready, oldest first; true when one ran. */
  const drainWaiting = () => {
    let ran = false;
    for (let again = true; again && waiting.length > 0; ) {
      again = false;
      let w = 0;
      for (let k = 0; k < waiting.length; k++) {
        const e = waiting[k];
        if (tryRun(e[0], e[1])) {
          ran = again = true;
        } else waiting[w++] = e;
      }
      waiting.length = w;
    }
    return ran;
  };
  /**
   * Before sleeping: registers this slot for the first incomplete dependence of every task set
   * aside (`want`), then looks again. True when a task is ready, was claimed elsewhere, or a
   * registered event completed meanwhile (its completer may have missed the registration): then
   * the loop must not sleep.
   */
  const registerWaiting = () => {
    let last = -1;
    for (let k = 0; k < waiting.length; k++) {
      const r = waiting[k][0];
      if (r[0] === 'T' && r[6] === 1 && Atomics.load(claims, r[1] & M) !== 0) return true;
      const deps = depsOf(r);
      let d = -1;
      for (let j = 0; j < deps.length; j += 2) {
        if (Atomics.load(done, deps[j] & M) < deps[j]) {
          d = deps[j];
          break;
        }
      }
      if (d < 0) return true;
      if (d === last) continue;
      last = d;
      Atomics.or(want, d & M, myBit);
      if (Atomics.load(done, d & M) >= d) return true;
    }
    return false;
  };
  const runRecord = (r) => {
    switch (r[0]) {
      case 'T':
      case 'X':
      case 'S':
      case 'F': {
        // A point task's launch; a fold's region array (a later 'D' may drop the region).
        const l = r[0] === 'T' ? L : r[0] === 'F' ? regions.get(r[3]) : null;
        // Older tasks set aside first: one of them may have become ready meanwhile.
        if (waiting.length > 0) drainWaiting();
        if (!tryRun(r, l)) waiting.push([r, l]);
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
          futures: r[9] === null ? r[8] : null,
          red: r[14] ?? null,
          redBlock: r[15] ?? 0,
          scratch: r[16] ?? -1,
          scratchPer: r[17] ?? 0,
        };
        return;
      }
      case 'R':
        regions.set(r[1], new globalThis[r[6]](r[2], r[4], r[5]));
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
        if (dropped >= GC_DROPPED_BYTES) {
          dropped = 0;
          gc();
        }
        return;
      }
      case 'K': {
        if (kernels.has(r[1])) return;
        const fn = build(r[2]);
        kernels.set(r[1], fn);
        // Values the kernel finds on globalThis (a WebAssembly.Module compiled and warmed on the
        // issuing thread: its code, optimized tier included, is shared, not compiled again here).
        if (r[4] != null) Object.assign(globalThis, r[4]);
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
  const pend = slot * STRIDE + PEND;
  const wakes = slot * STRIDE + WAKES;
  applyNice(spin);
  for (;;) {
    // Read before the port: a record posted, or a registered event completed, after this read
    // changes the doorbell, so the wait below returns at once.
    const b = Atomics.load(ctl, bell);
    let m = receiveMessageOnPort(port);
    if (m === undefined) {
      if (waiting.length > 0) {
        if (drainWaiting()) continue;
        // Register the inputs we wait for, then look again (see registerWaiting).
        if (registerWaiting()) continue;
        Atomics.store(ctl, pend, 1);
      }
      if (!spinWhile(ctl, bell, b, -1)) Atomics.wait(ctl, bell, b);
      Atomics.store(ctl, pend, 0);
      Atomics.add(ctl, wakes, 1);
      continue;
    }
    // A mapper configured since (runtime/config.ts publishes its nice in spin[1]).
    if ((spin[1] | 0) !== niceApplied) applyNice(spin);
    do {
      const batch = m.message;
      for (let k = 0; k < batch.length; k++) {
        const r = batch[k];
        if (r[0] === 'P') {
          // Park (the issuing side drained the pool first): finish what was set aside.
          for (const e of waiting) {
            waitDeps(depsOf(e[0]));
            tryRun(e[0], e[1]);
          }
          waiting = [];
          regions = new Map();
          inHeap.clear();
          L = null;
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

// Loaded: the pool may terminate this thread from now on (runtime/pool-boot.ts).
parentPort?.postMessage({ cohortWorkerLoaded: threadId });
