/**
 * The pool sized for the configured workers, for the engine's submit paths: a pool of another
 * size is drained (a fence) and replaced or dropped.
 */
import { currentPool, setPool } from './engine-pool.js';
import { fence } from './engine-read.js';
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
 * started here. Threads start at the first launch the mapper's `startPool` calls large, or when a
 * piece is first posted, so a program whose launches all run inline (every small one, by the
 * mapper's choice) never pays for starting workers that would compete with it for the cores.
 */
export function existingPool(workers: number): Pool | null {
  const p = currentPool();
  if (p === null || p.size === workers) return p;
  fence();
  setPool(0);
  return null;
}
