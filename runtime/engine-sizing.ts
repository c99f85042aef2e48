/**
 * The pool sized for the configured workers, for the engine's submit paths: a pool of another
 * size is drained (a fence) and replaced or dropped.
 */

import { setWorkersConfiguredHook } from './config.js';
import { currentPool, setPool } from './engine-pool.js';
import { fence } from './engine-read.js';
import { distributed } from './mpi.js';
import type { Pool } from './pool.js';

/** The pool for `workers` (drains and replaces the current one when the size changed). */
export function poolFor(workers: number): Pool | null {
  const p = currentPool();
  if ((p === null ? 0 : p.size) === workers) return p;
  fence();
  setPool(workers);
  return currentPool();
}

/**
 * The pool as it stands for `workers`: a pool of another size is drained and dropped, but none is
 * started here. Threads start at `configure({ workers })` (below), at the first launch the
 * mapper's `startPool` calls large, or when a piece is first posted, so a program that sets no
 * size and whose launches all run inline (every small one, by the mapper's choice) never pays
 * for starting workers that would compete with it for the cores.
 */
export function existingPool(workers: number): Pool | null {
  const p = currentPool();
  if (p === null || p.size === workers) return p;
  fence();
  setPool(0);
  return null;
}

/**
 * `configure({ workers: n })` starts the threads at once when no pool runs (not under MPI, where
 * the launches decide as before; `COHORT_EAGER_POOL=0` turns it off): Node takes 40–50 ms, ~40 ms
 * of CPU each, to boot a worker on the benchmark host, and a program that asked for workers then
 * builds its inputs while they boot instead of waiting for them at its first large launch (issue
 * 24's setups, medians of six: linreg 171 → 136 ms, power 284 → 247, lasso 177 → 139). A program
 * that never sets a pool size keeps the lazy start (runtime/README.md).
 */
setWorkersConfiguredHook((workers) => {
  if (currentPool() === null && !distributed() && process.env.COHORT_EAGER_POOL !== '0') setPool(workers);
});
