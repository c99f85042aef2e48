/**
 * Child program of tests/runtime/lifecycle.test.ts: allocates and drops 100 arrays of 80 MB
 * (1e7 float64, every page written by a launch) and prints the peak resident set size in MB.
 * Run without --expose-gc: memory must come back through the runtime alone.
 */
import * as np from '../../../dense/index.js';

let peak = 0;
let check = 0;
for (let k = 0; k < 100; k++) {
  const a = np.full([10_000_000], k);
  check += a.get('9999999').item() as number;
  peak = Math.max(peak, process.memoryUsage().rss);
}
console.log(JSON.stringify({ peakMB: Math.round(peak / 2 ** 20), check }));
