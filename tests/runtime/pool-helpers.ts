/** Helpers of the runtime tests that drive the worker pool. */
import { currentPool } from '../../runtime/engine-pool.js';

/**
 * Waits until every slot's loop runs on a thread, so that the next pieces go to the pool (the
 * pool must exist: a launch that would use it creates it).
 */
export async function warmPool(): Promise<void> {
  const p = currentPool()!;
  for (let t = 0; t < 300; t++) {
    let live = true;
    for (let i = 0; i < p.size; i++) if (!p.live(i)) live = false;
    if (live) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the pool did not start within 3 s');
}
