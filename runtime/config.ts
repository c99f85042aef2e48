import { availableParallelism } from 'node:os';
import { DefaultMapper, isMapper, type Mapper } from '../mapper/index.js';
import { argMessage, ValueError } from './errors.js';
import { events } from './events.js';
import { setWorkerUrl, toWorkerUrl } from './worker-url.js';

/** Runtime configuration. */
export interface RuntimeOptions {
  /**
   * Worker threads in the pool; 0 runs every task inline. Default: `COHORT_WORKERS`, else
   * `os.availableParallelism()` (divided by the ranks on this node under `mpirun`). Changing it
   * drains the pool and resizes it at the next launch.
   */
  workers?: number;
  /** The mapper (see `cohortjs/runtime`'s Mapper interface). */
  mapper?: Mapper;
  /**
   * The worker file the pool's threads run (a `URL` or a path), for bundles: a bundler leaves
   * `dist/bundle/runtime/worker.js` behind, so copy it beside the bundle (as `.mjs` unless the bundle's
   * folder is an ES module package) and name it here. Default: the environment variable
   * `COHORT_WORKER_URL`, else the file beside cohort's own runtime module, else the installed
   * `cohortjs` package's. `null` restores the default. Applies to pools started afterwards: set it
   * before the first operation.
   */
  workerUrl?: string | { readonly href: string } | null;
}

function defaultWorkers(): number {
  const env = process.env.COHORT_WORKERS;
  if (env !== undefined && env !== '') {
    const n = Number(env);
    if (Number.isInteger(n) && n >= 0) return n;
    throw new ValueError(argMessage('cohort', 'COHORT_WORKERS', 'a non-negative integer', env));
  }
  // One worker per core: the issuing thread mostly sleeps in Atomics.wait while workers run, and
  // tiny pieces run inline on it anyway. Under an MPI launch the ranks of one node share its
  // cores (OMPI_COMM_WORLD_LOCAL_SIZE, MPI_LOCALNRANKS): each gets its share.
  const local = Number(process.env.OMPI_COMM_WORLD_LOCAL_SIZE ?? process.env.MPI_LOCALNRANKS ?? 1);
  const share = Number.isInteger(local) && local > 1 ? local : 1;
  return Math.max(1, Math.floor(availableParallelism() / share));
}

const state = { workers: -1, mapper: new DefaultMapper() as Mapper };

/**
 * Publishes the mapper's spin time (a shared word read at every wait) and the pool threads' nice
 * increment (read by each worker loop when it starts and at every batch it reads) to the threads.
 */
function applySpin(): void {
  const us = state.mapper.spinMicros?.() ?? 0;
  Atomics.store(events.spin, 0, Number.isFinite(us) && us > 0 ? Math.min(Math.round(us), 100_000) : 0);
  const nice = state.mapper.workerNice?.() ?? 0;
  Atomics.store(events.spin, 1, Number.isFinite(nice) && nice > 0 ? Math.min(Math.round(nice), 19) : 0);
}
applySpin();

/** The pool size in force. */
export function workerCount(): number {
  if (state.workers < 0) state.workers = defaultWorkers();
  return state.workers;
}

/** The mapper in force. */
export function currentMapper(): Mapper {
  return state.mapper;
}

/**
 * Configures the runtime: pool size, mapper and (for bundles) the worker file.
 * @param opts - `{workers, mapper, workerUrl}`
 * @throws {ValueError} on a pool size outside [0, 256], an object that is not a mapper, or a
 * `workerUrl` that is neither a URL nor a path
 * @example configure({ workers: 2 })
 * @example configure({ workerUrl: new URL('./cohort-worker.mjs', import.meta.url) })
 */
export function configure(opts: RuntimeOptions): void {
  if (opts.workers !== undefined) {
    if (!Number.isInteger(opts.workers) || opts.workers < 0 || opts.workers > 256) {
      throw new ValueError(argMessage('configure', 'workers', 'an integer in [0, 256]', opts.workers));
    }
    state.workers = opts.workers;
  }
  if (opts.mapper !== undefined) {
    if (!isMapper(opts.mapper)) {
      throw new ValueError(
        argMessage('configure', 'mapper', 'an object with pieces, worker and inline methods', opts.mapper),
      );
    }
    state.mapper = opts.mapper;
    applySpin();
  }
  if (opts.workerUrl !== undefined) {
    setWorkerUrl(opts.workerUrl === null ? null : toWorkerUrl('configure', 'workerUrl', opts.workerUrl));
  }
}
