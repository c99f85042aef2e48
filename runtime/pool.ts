import { MessageChannel, type MessagePort, receiveMessageOnPort, type Worker } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import type { TypedArray } from './dtype.js';
import {
  claimForSlot,
  clearCompletionWake,
  EVENT_MASK,
  events,
  failEvent,
  isDone,
  setCompletionWake,
} from './events.js';
import { recordFailure } from './failures.js';
import { heapMemory } from './heap.js';
import { kernelById } from './kernels.js';
import { needsBell } from './pool-bell.js';
import { BootWatch, startPiscina } from './pool-boot.js';
import { traceBuffers } from './trace.js';
import { workerUrl } from './worker-url.js';

/** Control words per slot, 16 int32 apart (see worker.js). */
const STRIDE = 16;
const BELL = 0;
const TID = 1;
const DEAD = 2;
/** The generation of the slot's current loop task; a stale task (an older one) returns at once. */
const GEN = 3;
/**
 * Nonzero while the slot's loop sleeps with tasks set aside until their inputs complete (for
 * observation: completions ring the slots registered in `events.want`, see runtime/events.ts).
 */
const PEND = 4;
/** Times the slot's loop waited for its doorbell and went on (statistics; {@link Pool.wakeCount}). */
const WAKES = 5;

/** Bytes of regions one worker may hold before the least recently used are dropped. */
const RESIDENT_BYTES = 256 * 2 ** 20;

/** A batch is flushed when it holds this many records. */
const MAX_BATCH = 512;
/** Period of the background health check (an unref'd timer). */
const TICK_MS = 100;

/** One long-lived loop task on one worker thread, fed through its own port. */
export interface Slot {
  readonly index: number;
  /** Generation: bumped at every (re)start, so stale exit notices are ignored. */
  gen: number;
  running: boolean;
  /** The loop task reached a worker (piscina posted it, or the loop reported its thread). */
  live: boolean;
  /**
   * The loop was restarted after its thread died: piscina hands it to the replacement thread
   * only when the issuing thread's event loop turns (see {@link Pool.target}).
   */
  restarted: boolean;
  port: MessagePort | null;
  batch: unknown[];
  /** Regions whose memory this loop holds, id -> bytes, least recently used first. */
  regions: Map<number, number>;
  /** Those of {@link regions} outside the region heap (dropping them frees memory on the worker). */
  outside: Set<number>;
  /** Sum of `regions`' bytes. */
  resident: number;
  /** Kernels this loop has (threads keep kernels across restarts, but a slot may move threads). */
  kernels: Set<number>;
  /** Posted task seqs and ops (FIFO; a worker completes its tasks in order). */
  posted: number[];
  postedOps: string[];
  head: number;
  /** The last launch record appended (tasks of the same launch share it). */
  lastLaunch: unknown;
  worker: Worker | null;
}

/** The part of piscina's worker interface that the load balancer reads (public, piscina 5). */
interface PoolWorker {
  readonly id: number;
  readonly terminating: boolean;
  readonly destroyed: boolean;
}

/**
 * The worker pool: piscina owns the threads (start, replacement of dead ones). Each of the `size`
 * slots runs one long-lived loop (runtime/worker.js) fed by record batches. The loop is started
 * by a piscina task that returns at once (the loop then runs on that thread outside any task), so
 * piscina keeps no port ref'd and a script that used the pool exits by itself. Only public APIs:
 * a custom `loadBalancer` sends each loop task to a thread that hosts no loop yet, and deaths are
 * seen through the worker's own exit hook (a word in shared memory), through
 * `performance.eventLoopUtilization()` of a stopped thread, and at event-loop turns through
 * piscina's `workerDestroy` event.
 */
export class Pool {
  readonly piscina: Piscina;
  readonly slots: Slot[];
  readonly ctl: Int32Array;
  private flushQueued = false;
  private timer: NodeJS.Timeout | null = null;
  private destroyed = false;
  /** Threads (ids) that host a loop or were handed a loop task (never reused: ids are unique). */
  private readonly loopThreads = new Set<number>();
  /** piscina's threads whose `terminate` is watched, and those it was called on. */
  private readonly watched = new WeakSet<Worker>();
  private readonly terminated = new WeakSet<Worker>();
  /** Shared pieces posted and maybe not done (see {@link lastPosted}). */
  private readonly sharedSeqs: number[] = [];
  /** Length at which {@link noteShared} trims again: twice what the last trim left (≥ 1024). */
  private sharedLimit = 1024;
  /** Which threads loaded the worker file (a destroy waits for the others: pool-boot.ts). */
  private readonly boot: BootWatch;

  constructor(readonly size: number) {
    this.ctl = new Int32Array(new SharedArrayBuffer(Math.max(1, size) * STRIDE * 4));
    this.piscina = startPiscina({
      filename: workerUrl(),
      minThreads: size,
      maxThreads: size,
      idleTimeout: Number.POSITIVE_INFINITY,
      concurrentTasksPerWorker: 1,
      maxQueue: Number.POSITIVE_INFINITY,
      // A loop task returns at once and its loop keeps the thread (worker.js): piscina would see
      // the thread idle. So never block in piscina's own Atomics wait after a task (the loop must
      // start), and hand each loop task to a thread that hosts no loop.
      atomics: 'disabled',
      loadBalancer: this.balance as never,
    });
    this.piscina.on('error', () => {
      /* a worker's death is handled through 'workerDestroy' and the loop tasks' promises */
    });
    this.piscina.on('workerDestroy', () => this.onThreadGone());
    this.boot = new BootWatch(this.piscina);
    setCompletionWake(this.wakeWaiters);
    this.slots = [];
    for (let i = 0; i < size; i++) {
      this.slots.push({
        index: i,
        gen: 0,
        running: false,
        live: false,
        restarted: false,
        port: null,
        batch: [],
        regions: new Map(),
        outside: new Set(),
        resident: 0,
        kernels: new Set(),
        posted: [],
        postedOps: [],
        head: 0,
        lastLaunch: null,
        worker: null,
      });
    }
  }

  /** Starts slot `s`'s loop task (a fresh port; caches on the issuing side reset). */
  private start(s: Slot): void {
    const { port1, port2 } = new MessageChannel();
    port1.unref();
    s.gen++;
    s.port = port1;
    s.running = true;
    s.regions.clear();
    s.outside.clear();
    s.resident = 0;
    s.kernels.clear();
    s.worker = null;
    s.live = false;
    Atomics.store(this.ctl, s.index * STRIDE + TID, 0);
    Atomics.store(this.ctl, s.index * STRIDE + DEAD, 0);
    const gen = s.gen;
    const task = {
      slot: s.index,
      gen,
      port: port2,
      ctl: this.ctl,
      done: events.done,
      failSeq: events.failSeq,
      cause: events.cause,
      fvals: events.fvals,
      claims: events.claims,
      want: events.want,
      spin: events.spin,
      traceFlag: traceBuffers.flag,
      traceTimes: traceBuffers.times,
    };
    Atomics.store(this.ctl, s.index * STRIDE + GEN, gen);
    // The region heap, shared once per loop (Wasm kernels address regions in it).
    const heap = heapMemory();
    if (heap !== null) s.batch.unshift(['H', heap]);
    const run = this.piscina.run(task, { transferList: [port2] as never });
    run.then(
      () => {},
      (err: Error) => {
        if (!this.destroyed && s.gen === gen && s.running) this.onDeath(s, err.message);
      },
    );
    this.ensureTimer();
  }

  /**
   * The slot to post a piece meant for slot `i` to: `i`, always, unless its worker died. The
   * pool's first threads are created ready (piscina marks its initial workers ready at
   * construction), so a slot's first loop task is posted to its thread at once, even while the
   * thread still starts: a blocked read waits for the thread to come up, not for the event loop.
   * A loop restarted after a death is another matter: piscina hands it to the replacement thread
   * only when the issuing thread's event loop turns, and a blocked read must never wait for that.
   * Such a slot, until its loop reports its thread id, redirects to another live slot, else -1
   * (run inline). Only a worker's death — a failure, not a decision — so moves a piece.
   */
  target(i: number): number {
    const s = this.slots[i]!;
    if (!s.running) this.start(s);
    if (!s.restarted || this.isLive(s)) return i;
    for (const o of this.slots) if (o.running && this.isLive(o)) return o.index;
    return -1;
  }

  /** piscina's load balancer: a live thread that hosts no loop, else none (the task waits). */
  private readonly balance = (_task: unknown, workers: PoolWorker[]): PoolWorker | null => {
    for (const w of workers) {
      if (w.terminating || w.destroyed || this.loopThreads.has(w.id)) continue;
      this.loopThreads.add(w.id);
      return w;
    }
    return null;
  };

  /**
   * A thread left piscina (seen at an event-loop turn; its id already reads -1): every running
   * slot whose loop's thread is no longer among piscina's died with it.
   */
  private onThreadGone(): void {
    if (this.destroyed) return;
    const ids = new Set(this.piscina.threads.map((w) => w.threadId));
    for (const s of this.slots) {
      const tid = Atomics.load(this.ctl, s.index * STRIDE + TID);
      if (s.running && tid !== 0 && !ids.has(tid)) this.onDeath(s, 'the worker thread was terminated');
    }
  }

  /**
   * Notes a `terminate()` call on each of piscina's threads as it happens (the thread runs no
   * JavaScript once stopped, so it cannot say so itself, and Node reports the stop only at an
   * event-loop turn): the method is wrapped on each Worker object, once.
   */
  private watchThreads(): void {
    for (const w of this.piscina.threads) {
      if (this.watched.has(w)) continue;
      this.watched.add(w);
      const terminate = w.terminate;
      const gone = this.terminated;
      w.terminate = function (this: Worker, ...args: unknown[]) {
        gone.add(w);
        return (terminate as (...a: unknown[]) => Promise<number>).apply(this, args);
      } as Worker['terminate'];
    }
  }

  /**
   * Rings the doorbells of the slots registered for event `e` (runtime/events.ts `want`): an event
   * completed on the issuing thread (a skipped or failed piece, a dead worker's tasks, a combine)
   * may make tasks they set aside, or records posted to them without a ring, ready.
   */
  private readonly wakeWaiters = (e: number): void => {
    const w = Atomics.exchange(events.want, e & EVENT_MASK, 0);
    if (w !== 0) this.ringBits(w);
  };

  /** Rings the slots whose bits are set in `w` (bit 31: every slot from 31 on). */
  private ringBits(w: number): void {
    const ctl = this.ctl;
    for (let k = 0; k < this.size; k++) {
      if ((w & (k < 31 ? 1 << k : 1 << 31)) === 0) continue;
      Atomics.add(ctl, k * STRIDE + BELL, 1);
      Atomics.notify(ctl, k * STRIDE + BELL);
    }
  }

  /** True while slot `i`'s loop sleeps with tasks set aside (tests observe the wake protocol). */
  sleepsWithTasks(i: number): boolean {
    return Atomics.load(this.ctl, i * STRIDE + PEND) !== 0;
  }

  /** How many times slot `i`'s loop woke from sleeping (tests and benchmarks; statistics only). */
  wakeCount(i: number): number {
    return Atomics.load(this.ctl, i * STRIDE + WAKES);
  }

  /** True once slot `i`'s loop runs on a thread (tests wait for it; decisions never look). */
  live(i: number): boolean {
    const s = this.slots[i]!;
    if (!s.running) this.start(s);
    return this.isLive(s);
  }

  private isLive(s: Slot): boolean {
    if (s.live) return true;
    if (Atomics.load(this.ctl, s.index * STRIDE + TID) !== 0) {
      s.live = true;
      s.restarted = false;
      this.watchThreads();
    }
    return s.live;
  }

  /**
   * True once thread `w` is known stopped without an event-loop turn: `terminate()` was called on
   * it ({@link watchThreads}), or its `performance.eventLoopUtilization()` reports an idle time
   * of -1 (the native loop is gone: this catches a stop that did not go through `terminate()`,
   * but only once Node marked the Worker online, which takes an event-loop turn and was not seen
   * to happen for replacement threads whose loop starts at once). Anything else is seen at the
   * next event-loop turn (piscina's 'workerDestroy').
   */
  private stopped(w: Worker): boolean {
    return this.terminated.has(w) || w.performance.eventLoopUtilization().idle < 0;
  }

  /** Slot `i` (see {@link target}), scheduling a flush of the batches. */
  slot(i: number): Slot {
    const s = this.slots[i]!;
    if (!s.running) this.start(s);
    if (!this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(this.flushFn);
    }
    return s;
  }

  /** Makes sure slot `s` holds region `id`'s memory (and marks it most recently used). */
  ensureRegion(s: Slot, id: number, data: TypedArray, inHeap = false): void {
    const had = s.regions.get(id);
    if (had !== undefined) {
      s.regions.delete(id);
      s.regions.set(id, had);
      return;
    }
    s.regions.set(id, data.byteLength);
    if (!inHeap) s.outside.add(id);
    s.resident += data.byteLength;
    // The view's parts, not the view: a structured clone keeps only the low 32 bits of a typed
    // array's byte length (V8's serializer), so a region of 4 GiB or more would arrive cut short
    // and its pieces would write nothing and read undefined past the cut.
    s.batch.push(['R', id, data.buffer, inHeap, data.byteOffset, data.length, data.constructor.name]);
  }

  /**
   * Drops the least recently used regions of slot `s` while it holds more than
   * {@link RESIDENT_BYTES}. Call after the launch record that uses the regions was appended: the
   * worker resolves a launch's regions when it reads that record, so a drop behind it is safe,
   * and a later launch sends the region again (a shared-memory handle, no copy). Without this, a
   * worker would keep every region it ever saw until the issuing thread's finalizers run, which
   * needs an event-loop turn that a synchronous program never gives.
   */
  trimResidency(s: Slot): void {
    if (s.resident <= RESIDENT_BYTES) return;
    for (const [id, bytes] of s.regions) {
      if (s.resident <= RESIDENT_BYTES || s.regions.size <= 1) break;
      s.regions.delete(id);
      s.resident -= bytes;
      s.batch.push(['D', id, s.outside.delete(id)]);
    }
  }

  /** Makes sure slot `s` has kernel `id`. */
  ensureKernel(s: Slot, id: number): void {
    if (s.kernels.has(id)) return;
    s.kernels.add(id);
    const k = kernelById(id);
    s.batch.push(['K', id, k.source, k.warm ?? null, k.globals?.() ?? null]);
  }

  /** Records that task `seq` of operation `op` was posted to slot `s`. */
  posted(s: Slot, seq: number, op: string): void {
    s.posted.push(seq);
    s.postedOps.push(op);
    // Trim here too: the tick that trims otherwise never runs in a synchronous loop.
    if (s.posted.length - s.head > 4096) this.trimSlot(s);
    if (s.batch.length >= MAX_BATCH) this.flush();
  }

  // The flag stays set until the microtask runs: a synchronous flush in between must not queue
  // another (a long synchronous loop would pile up one per flush until it returns).
  private readonly flushFn = (): void => {
    this.flushQueued = false;
    this.flush();
  };

  /**
   * Posts every pending batch: one message per worker, and its doorbell rung only when the batch
   * holds something the worker can act on now ({@link needsBell}). Otherwise the worker is rung
   * when an input of one of its tasks completes (registered in `events.want`): waking a sleeping
   * worker only for it to read records, set them aside and sleep again cost a context switch per
   * launch, taken from the threads doing the work when the pool and the issuing thread share the
   * cores (issue 24: jacobi's synchronous loop posted each GEMV while the previous ones ran).
   */
  flush(): void {
    for (const s of this.slots) {
      if (s.batch.length === 0) continue;
      // Start first: a new loop's 'H' record goes at the head of this batch.
      if (!s.running) this.start(s);
      const b = s.batch;
      s.batch = [];
      s.lastLaunch = null;
      // Post before registering: a ring for a registered input must find the records there.
      s.port!.postMessage(b);
      if (!needsBell(b, s.index)) continue;
      Atomics.add(this.ctl, s.index * STRIDE + BELL, 1);
      Atomics.notify(this.ctl, s.index * STRIDE + BELL);
    }
  }

  /**
   * Appends tasks whose completion implies that of everything posted before now: every task
   * posted to a slot and not done yet (a slot runs only ready tasks, so it may finish its last
   * task before an earlier one that waits for an input), and every shared piece not done yet
   * (a slot skips a piece another worker claimed, which may still be running there).
   */
  lastPosted(out: number[]): void {
    for (const s of this.slots) {
      this.trimSlot(s);
      const p = s.posted;
      for (let k = s.head; k < p.length; k++) if (!isDone(p[k]!)) out.push(p[k]!);
    }
    this.trimShared();
    for (const e of this.sharedSeqs) out.push(e);
  }

  /** Records that piece `seq` was offered to several slots (see {@link lastPosted}). */
  noteShared(seq: number): void {
    this.sharedSeqs.push(seq);
    // Amortized: while the issuing thread runs far ahead, thousands stay pending, and trimming
    // at a fixed length would rescan them all for every piece.
    if (this.sharedSeqs.length > this.sharedLimit) {
      this.trimShared();
      this.sharedLimit = Math.max(1024, 2 * this.sharedSeqs.length);
    }
  }

  private trimShared(): void {
    const a = this.sharedSeqs;
    let w = 0;
    for (let r = 0; r < a.length; r++) if (!isDone(a[r]!)) a[w++] = a[r]!;
    a.length = w;
  }

  /** Drops region `id` on every slot that holds it (after the tasks already queued there). */
  dropRegion(id: number): void {
    for (const s of this.slots) {
      const bytes = s.regions.get(id);
      if (bytes === undefined) continue;
      s.regions.delete(id);
      s.resident -= bytes;
      s.batch.push(['D', id, s.outside.delete(id)]);
      // A synchronous program whose launches all run inline never waits, so nothing else would
      // post these: bound the batch.
      if (s.batch.length >= MAX_BATCH) {
        this.flush();
        continue;
      }
      if (!this.flushQueued) {
        this.flushQueued = true;
        queueMicrotask(this.flushFn);
      }
    }
  }

  /** Forgets completed tasks of slot `s`; true when none is left. */
  private trimSlot(s: Slot): boolean {
    const p = s.posted;
    while (s.head < p.length && isDone(p[s.head]!)) s.head++;
    if (s.head === p.length) {
      p.length = 0;
      s.postedOps.length = 0;
      s.head = 0;
      return true;
    }
    if (s.head > 1024) {
      p.splice(0, s.head);
      s.postedOps.splice(0, s.head);
      s.head = 0;
    }
    return false;
  }

  private ensureTimer(): void {
    if (this.timer !== null || this.destroyed) return;
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Runs while the event loop turns: health checks. */
  private tick(): void {
    this.watchThreads();
    this.checkHealth();
    for (const s of this.slots) this.trimSlot(s);
  }

  /** Ends every loop task (their threads stay with piscina). */
  private park(): void {
    for (const s of this.slots) {
      if (!s.running) continue;
      s.running = false;
      s.live = false;
      s.port!.postMessage([['P']]);
      Atomics.add(this.ctl, s.index * STRIDE + BELL, 1);
      Atomics.notify(this.ctl, s.index * STRIDE + BELL);
      s.port!.close();
      s.port = null;
      s.regions.clear();
      s.resident = 0;
    }
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Detects dead workers without the event loop (a blocked read calls this between bounded
   * waits): the worker's exit hook sets a flag (process.exit, an uncaught error), and a terminated
   * thread reports an idle time of -1 through `performance.eventLoopUtilization()` (see
   * {@link stopped}).
   */
  checkHealth(): void {
    for (const s of this.slots) {
      if (!s.running) continue;
      const base = s.index * STRIDE;
      if (Atomics.load(this.ctl, base + DEAD) === s.gen) {
        this.onDeath(s, 'the worker thread exited (process.exit() in a kernel?)');
        continue;
      }
      const tid = Atomics.load(this.ctl, base + TID);
      if (tid === 0) continue;
      if (s.worker === null || s.worker.threadId !== tid) {
        s.worker = this.piscina.threads.find((w) => w.threadId === tid) ?? null;
        if (s.worker === null) continue;
      }
      if (this.stopped(s.worker)) this.onDeath(s, 'the worker thread was terminated');
    }
  }

  /** A slot's thread died: its unfinished tasks fail, and its loop restarts on a new thread. */
  private onDeath(s: Slot, why: string): void {
    if (!s.running) return;
    this.drainErrors(s);
    for (let k = s.head; k < s.posted.length; k++) {
      const seq = s.posted[k]!;
      if (isDone(seq)) continue;
      // A shared piece that another worker claimed is that worker's to finish.
      if (!claimForSlot(seq, s.index)) continue;
      const op = s.postedOps[k]!;
      recordFailure(seq, op, `worker thread died while the task was pending: ${why}`, 'WorkerDeath');
      failEvent(seq, seq);
    }
    s.posted.length = 0;
    s.postedOps.length = 0;
    s.head = 0;
    s.batch = [];
    s.lastLaunch = null;
    s.port?.close();
    s.port = null;
    s.running = false;
    s.live = false;
    s.restarted = true;
  }

  /** Collects error reports that slot `s`'s worker posted back. */
  drainErrors(s: Slot): void {
    if (s.port === null) return;
    for (let m = receiveMessageOnPort(s.port); m !== undefined; m = receiveMessageOnPort(s.port)) {
      const r = m.message as { seq: number; op: string; name: string; message: string; stack?: string };
      recordFailure(r.seq, r.op, r.message, r.name, r.stack);
    }
  }

  /** Collects every worker's error reports. */
  drainAllErrors(): void {
    for (const s of this.slots) this.drainErrors(s);
  }

  /** Stops the pool (after the caller drained it), once no thread is loading the worker file. */
  destroy(): Promise<void> {
    this.park();
    clearCompletionWake(this.wakeWaiters);
    this.destroyed = true;
    return this.boot.whenLoaded().then(() => this.piscina.destroy());
  }
}
