import { MessageChannel, type MessagePort, receiveMessageOnPort, type Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { claimForSlot, events, failEvent, isDone } from './events.js';
import { recordFailure } from './failures.js';
import { heapMemory } from './heap.js';
import { kernelById } from './kernels.js';
import { traceBuffers } from './trace.js';
import { workerUrl } from './worker-url.js';

/** Control words per slot, 16 int32 apart (see worker.js). */
const STRIDE = 16;
const BELL = 0;
const TID = 1;
const DEAD = 2;
/** The generation of the slot's current loop task; a stale task (an older one) returns at once. */
const GEN = 3;

let handleSym: symbol | undefined | null = null;
/** Node's private symbol of a Worker's native handle (looked up once). */
function kHandle(w: Worker): symbol {
  if (handleSym === null)
    handleSym = Object.getOwnPropertySymbols(w).find((x) => x.description === 'kHandle');
  return handleSym ?? Symbol.for('cohort.noHandle');
}

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
  port: MessagePort | null;
  batch: unknown[];
  /** Regions whose memory this loop holds, id -> bytes, least recently used first. */
  regions: Map<number, number>;
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

/**
 * The worker pool: piscina owns the threads (start, replacement of dead ones); each of the `size`
 * slots runs one long-lived piscina task (runtime/worker.js) fed by record batches.
 */
export class Pool {
  readonly piscina: Piscina;
  readonly slots: Slot[];
  readonly ctl: Int32Array;
  private flushQueued = false;
  private timer: NodeJS.Timeout | null = null;
  private destroyed = false;
  private readonly infoPorts: MessagePort[] = [];
  /** Shared pieces posted and maybe not done (see {@link lastPosted}). */
  private readonly sharedSeqs: number[] = [];
  /** Length at which {@link noteShared} trims again: twice what the last trim left (≥ 1024). */
  private sharedLimit = 1024;

  constructor(readonly size: number) {
    this.ctl = new Int32Array(new SharedArrayBuffer(Math.max(1, size) * STRIDE * 4));
    this.piscina = new Piscina({
      filename: workerUrl(),
      minThreads: size,
      maxThreads: size,
      idleTimeout: Number.POSITIVE_INFINITY,
      concurrentTasksPerWorker: 1,
      maxQueue: Number.POSITIVE_INFINITY,
    });
    this.piscina.on('error', () => {
      /* worker errors are handled through the loop tasks' promises */
    });
    this.piscina.on('workerCreate', (w: object) => {
      // piscina keeps a port ref'd while a task runs on a worker; our loop tasks never end, so
      // that port would keep the process alive forever. Unref it (piscina's WorkerInfo is only
      // reachable through this symbol; without it, a script must call shutdown() to exit).
      const sym = Object.getOwnPropertySymbols(w).find((x) => x.description === 'Piscina.kWorkerData');
      const info = sym ? (w as Record<symbol, { port?: MessagePort }>)[sym] : undefined;
      if (info?.port) this.infoPorts.push(info.port);
    });
    this.slots = [];
    for (let i = 0; i < size; i++) {
      this.slots.push({
        index: i,
        gen: 0,
        running: false,
        live: false,
        port: null,
        batch: [],
        regions: new Map(),
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
      spin: events.spin,
      traceFlag: traceBuffers.flag,
      traceTimes: traceBuffers.times,
    };
    Atomics.store(this.ctl, s.index * STRIDE + GEN, gen);
    // The region heap, shared once per loop (Wasm kernels address regions in it).
    const heap = heapMemory();
    if (heap !== null) s.batch.unshift(['H', heap]);
    const run = this.piscina.run(task, { transferList: [port2] as never });
    this.unrefAll();
    run.then(
      () => {},
      (err: Error) => {
        if (!this.destroyed && s.gen === gen && s.running) this.onDeath(s, err.message);
      },
    );
    this.ensureTimer();
  }

  /**
   * The slot to post a piece meant for slot `i` to: `i` if its loop runs on a thread, else
   * another live slot, else -1 (run it inline). A slot is live only once its loop wrote its
   * thread id: piscina hands a task to a worker that is still starting (or to a replacement of a
   * dead one) only when the issuing thread's event loop turns, and a blocked read must never
   * wait for that.
   */
  target(i: number): number {
    const s = this.slots[i]!;
    if (!s.running) this.start(s);
    if (this.isLive(s)) return i;
    for (const o of this.slots) if (o.running && this.isLive(o)) return o.index;
    return -1;
  }

  private isLive(s: Slot): boolean {
    if (s.live) return true;
    if (Atomics.load(this.ctl, s.index * STRIDE + TID) !== 0) s.live = true;
    return s.live;
  }

  /**
   * True once thread `w` stopped. Reads the native handle's loop idle time, -1 for a stopped
   * thread with no event-loop turn needed; `eventLoopUtilization()` is not enough: it caches the
   * loop's start on its first call and reports zeros forever when that call comes after the stop.
   */
  private stopped(w: Worker): boolean {
    const h = (w as unknown as Record<symbol, { loopIdleTime?: () => number } | null>)[kHandle(w)];
    if (h === null) return true;
    if (h !== undefined && typeof h.loopIdleTime === 'function') return h.loopIdleTime() < 0;
    return w.performance.eventLoopUtilization().idle < 0;
  }

  private unrefAll(): void {
    for (const p of this.infoPorts) p.unref();
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
  ensureRegion(s: Slot, id: number, data: { byteLength: number }, inHeap = false): void {
    const had = s.regions.get(id);
    if (had !== undefined) {
      s.regions.delete(id);
      s.regions.set(id, had);
      return;
    }
    s.regions.set(id, data.byteLength);
    s.resident += data.byteLength;
    s.batch.push(['R', id, data, inHeap]);
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
      s.batch.push(['D', id]);
    }
  }

  /** Makes sure slot `s` has kernel `id`. */
  ensureKernel(s: Slot, id: number): void {
    if (s.kernels.has(id)) return;
    s.kernels.add(id);
    const k = kernelById(id);
    s.batch.push(['K', id, k.source, k.warm ?? null]);
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

  /** Posts every pending batch (one message and one doorbell per worker). */
  flush(): void {
    for (const s of this.slots) {
      if (s.batch.length === 0) continue;
      // Start first: a new loop's 'H' record goes at the head of this batch.
      if (!s.running) this.start(s);
      const b = s.batch;
      s.batch = [];
      s.lastLaunch = null;
      s.port!.postMessage(b);
      Atomics.add(this.ctl, s.index * STRIDE + BELL, 1);
      Atomics.notify(this.ctl, s.index * STRIDE + BELL);
    }
  }

  /**
   * Appends tasks whose completion implies that of everything posted before now: the last task
   * posted to each slot (each slot takes its tasks in order), and every shared piece not done yet
   * (a slot skips a piece another worker claimed, which may still be running there).
   */
  lastPosted(out: number[]): void {
    for (const s of this.slots) if (s.posted.length > s.head) out.push(s.posted[s.posted.length - 1]!);
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
      s.batch.push(['D', id]);
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

  /** Runs while the event loop turns: health checks, and unref of ports piscina re-ref'd. */
  private tick(): void {
    this.checkHealth();
    for (const s of this.slots) this.trimSlot(s);
    this.unrefAll();
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
   * waits): the worker's exit hook sets a flag (process.exit), and a terminated thread reports an
   * idle time of -1 through `performance.eventLoopUtilization()`.
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

  /** Stops the pool (after the caller drained it). */
  destroy(): Promise<void> {
    this.park();
    this.destroyed = true;
    return this.piscina.destroy();
  }
}
