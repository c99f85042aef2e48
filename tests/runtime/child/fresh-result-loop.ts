/**
 * Child program of tests/runtime/memory-governor.test.ts: the fresh-result loop of issue 17,
 * `y = a.multiply(2).add(x); s = y.sum()` on 1e7 float64 (80 MB per result), reading `s` every 5
 * steps, first with `y.dispose()` after each step, then dropping `y` (the collector frees it).
 * Prints, per phase, how far the resident set grew over the steps above what it was before them
 * (sampled after every step), the peak over both (`maxRSS`), and a check that the sums are right.
 */
import * as np from '../../../dense/index.js';
import { configure } from '../../../runtime/index.js';

configure({ workers: Number(process.env.COHORT_WORKERS ?? '2') });
const N = 10_000_000;
const a = np.arange(N, { dtype: 'float64' });
const x = np.ones([N]);
const expected = N * (N - 1) + N;
let check = 0;

function phase(steps: number, dispose: boolean): number {
  const before = process.memoryUsage().rss;
  let peak = before;
  const pending: np.ndarray[] = [];
  for (let k = 0; k < steps; k++) {
    const y = a.multiply(2).add(x);
    pending.push(y.sum());
    if (k % 5 === 4) for (const s of pending.splice(0)) check += s.item() === expected ? 1 : 0;
    if (dispose) y.dispose();
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  for (const s of pending) check += s.item() === expected ? 1 : 0;
  pending.length = 0;
  return Math.round((peak - before) / 2 ** 20);
}

a.sum().item(); // a and x are written before the phases start
const start = process.memoryUsage().rss;
const disposeMB = phase(15, true);
// FRESH_LOOP_DROP=0: the dispose phase only (run with COHORT_PUBLIC_APIS=1, nothing collects).
const dropMB = process.env.FRESH_LOOP_DROP === '0' ? 0 : phase(20, false);
const totalMB = Math.round((process.resourceUsage().maxRSS * 1024 - start) / 2 ** 20);
console.log(JSON.stringify({ disposeMB, dropMB, totalMB, check }));
