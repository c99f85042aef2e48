/**
 * Child program of tests/runtime/public-apis.test.ts, run with COHORT_PUBLIC_APIS=1 and
 * `node --expose-gc`: drops 40 regions of 8 MB in a synchronous loop, calling the user's `gc()`
 * after each, and prints the heap's high-water mark. With public APIs only, finalizers never run
 * in a synchronous loop: the blocks come back only through the runtime's WeakRef sweep.
 */
import { heapStats } from '../../../runtime/heap.js';
import { createRegion } from '../../../runtime/index.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');
let check = 0;
for (let k = 0; k < 40; k++) {
  const r = createRegion('float64', 1_000_000);
  r.data[k] = k;
  check += r.data[k] as number;
  gc();
}
console.log(JSON.stringify({ topMB: Math.round(heapStats().top / 2 ** 20), check }));
