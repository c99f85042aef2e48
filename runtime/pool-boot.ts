/**
 * Starting and stopping a pool's threads.
 *
 * {@link startPiscina} starts them without the process's TypeScript loader.
 *
 * They are never terminated while they load cohort's worker file. Node 20 loads it through
 * `require()` of an ES module (piscina's preload), and a thread terminated inside that module's
 * instantiation aborts the whole process: `ModuleWrap::InstantiateSync` sees the termination,
 * skips its error path and asks V8 whether the uninstantiated graph is async — "FATAL ERROR:
 * v8::Module::IsGraphAsync must be used on an instantiated module" (a CI run of 2026-11-27 lost a
 * vitest fork so, in a test that replaces pools). So worker.js posts
 * `{ cohortWorkerLoaded: threadId }` once evaluated (piscina forwards a thread's messages as its
 * public `'message'` event), and {@link BootWatch.whenLoaded} lets `Pool.destroy` wait for every
 * thread that has not said so — bounded, so that a thread that never loads cannot hold a
 * destroy forever.
 */
import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { workerExecArgv } from './worker-url.js';

/** How long a destroy waits for threads still loading, ms. */
const LOAD_WAIT_MS = 10_000;

/** Which of a pool's threads have loaded the worker file. */
export class BootWatch {
  private readonly loaded = new Set<number>();

  constructor(private readonly piscina: Piscina) {
    piscina.on('message', (m: unknown) => {
      const id = (m as { cohortWorkerLoaded?: unknown } | null)?.cohortWorkerLoaded;
      if (typeof id === 'number') this.loaded.add(id);
    });
  }

  /** Threads of the pool still loading (not stopped, not yet reported loaded). */
  private loading(): Worker[] {
    return this.piscina.threads.filter((w) => w.threadId >= 0 && !this.loaded.has(w.threadId));
  }

  /**
   * Resolves once every thread of the pool has loaded the worker file or stopped, or after
   * {@link LOAD_WAIT_MS} (checked every few ms; the timer does not keep the process alive).
   */
  whenLoaded(): Promise<void> {
    if (this.loading().length === 0) return Promise.resolve();
    const end = performance.now() + LOAD_WAIT_MS;
    return new Promise((resolve) => {
      const check = () => {
        if (this.loading().length === 0 || performance.now() > end) resolve();
        else setTimeout(check, 5).unref();
      };
      check();
    });
  }
}

type PiscinaOptions = NonNullable<ConstructorParameters<typeof Piscina>[0]>;

/**
 * A Piscina whose threads start without a TypeScript loader ({@link workerExecArgv}). Node checks
 * an explicit `execArgv` and rejects options a thread cannot take (V8 options such as
 * `--expose-gc`, which act on the whole process anyway): those named by the error are dropped and
 * the start retried once; failing again, the threads inherit the process's options as by default.
 */
export function startPiscina(opts: PiscinaOptions): Piscina {
  let argv = workerExecArgv(process.execArgv);
  if (argv.length === process.execArgv.length) return new Piscina(opts);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return new Piscina({ ...opts, execArgv: argv });
    } catch (e) {
      if ((e as { code?: string }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw e;
      const named =
        String((e as Error).message)
          .split(':')
          .pop() ?? '';
      const bad = new Set(named.split(/[\s,]+/).filter((f) => f !== ''));
      argv = argv.filter((a) => !bad.has(a) && !bad.has(a.split('=')[0]!));
    }
  }
  return new Piscina(opts);
}
