/**
 * Child program of tests/runtime/public-apis.test.ts: drops 40 (`PUBLIC_SWEEP_N`) regions of 8 MB in a synchronous
 * loop (calling the user's `gc()` after each when Node was started with `--expose-gc`), then a
 * fresh-result loop on the pool, and prints the heap's high-water mark after the first part and
 * whether any V8 flag was flipped at run time: `gc` in a new context (`--expose-gc` makes new
 * contexts carry it) or `cleanupSome` on a new context's `FinalizationRegistry`
 * (`--harmony-weak-refs-with-cleanup-some`). V8 flags are per process, so the worker threads'
 * flips show here too. Finalizers never run in a synchronous loop: the blocks come back only
 * through the runtime's WeakRef sweep. Also prints how the collections were driven (reports of
 * external memory through the native addon, or nudges) and whether the addon can report.
 */
import { runInNewContext } from 'node:vm';
import * as np from '../../../dense/index.js';
import { heapStats } from '../../../runtime/heap.js';
import { configure, createRegion } from '../../../runtime/index.js';
import { nativeAddon } from '../../../runtime/native-addon.js';
import { reclaimStats } from '../../../runtime/reclaim.js';

const gc = (globalThis as { gc?: () => void }).gc;
let check = 0;
const N = Number(process.env.PUBLIC_SWEEP_N ?? 40);
for (let k = 0; k < N; k++) {
  const r = createRegion('float64', 1_000_000);
  r.data[k] = k;
  check += r.data[k] as number;
  gc?.();
}
const topMB = Math.round(heapStats().top / 2 ** 20);
configure({ workers: 2 });
const a = np.arange(1_000_000, { dtype: 'float64' });
for (let k = 0; k < 20; k++) check += a.multiply(2).add(k).sum().item() === 999_999_000_000 + k * 1e6 ? 1 : 0;
const ctxGc = runInNewContext('typeof gc') as string;
const FR = runInNewContext('FinalizationRegistry') as { prototype: object };
const flags = { gc: ctxGc !== 'undefined', cleanupSome: 'cleanupSome' in FR.prototype };
const { collections, nudges, pressures } = reclaimStats;
const addon = typeof nativeAddon()?.pressure === 'function';
console.log(JSON.stringify({ topMB, check, flags, reclaim: { collections, nudges, pressures }, addon }));
process.exit(0);
