/**
 * Child program of tests/runtime/pool-boot.test.ts: replaces pools right after their first launch
 * (a thread that ran no piece may still be loading the worker file), then computes on the last
 * one and prints the result and how many destroys found threads still loading. The process must
 * end by itself.
 */
import * as np from '../../../dense/index.js';
import { configure, DefaultMapper } from '../../../runtime/index.js';

const t0 = performance.now();
const tiny = () => new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 });
for (let k = 0; k < 12; k++) {
  configure({ workers: 1 + (k % 2), mapper: tiny() });
  // One small launch starts the pool's threads; the one that runs it has loaded the file, the
  // other may still be loading when the pool is replaced.
  np.ones([4]).sum().item();
  configure({ workers: 0, mapper: new DefaultMapper() });
}
configure({ workers: 2, mapper: tiny() });
const s = np.arange(10_000, { dtype: 'float64' }).multiply(2).sum().item();
console.log(JSON.stringify({ s, ms: performance.now() - t0 }));
