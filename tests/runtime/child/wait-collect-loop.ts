/**
 * The loop of tests/runtime/wait-collect.test.ts in a fresh process (`COHORT_WORKERS` workers):
 * 96 MiB kept (so that the allocation pacing's growth allowance, 1.5 × the heap in use, is
 * large), then `WAIT_STEPS` (48) steps that each make a result of `WAIT_ELEMENTS` (1 Mi) float64
 * from the previous one on the pool and read the sum of its sines — a wait for the pool per step
 * longer than a young collection, the previous step's result dropped.
 * Prints one JSON line: the heap's growth over the loop, the collections, the sums' errors.
 */
import * as np from '../../../dense/index.js';
import { heapStats } from '../../../runtime/heap.js';
import { configure, fence } from '../../../runtime/index.js';
import { gcStats } from '../../../runtime/memory.js';
import { nativeAddon } from '../../../runtime/native-addon.js';

const MiB = 2 ** 20;
const n = Number(process.env.WAIT_ELEMENTS ?? MiB); // 8 MiB of float64 by default
configure({ workers: Number(process.env.COHORT_WORKERS ?? 2) });
const kept = np.ones([12 * MiB]); // 96 MiB the program keeps
let x = np.ones([n]);
np.sum(x).item();
fence();
const steps = Number(process.env.WAIT_STEPS ?? 48);
const top0 = heapStats().top;
const before = { ...gcStats };
let wrong = 0;
for (let k = 0; k < steps; k++) {
  x = np.add(x, 1); // a fresh 8 MiB result; the previous x is dropped
  // A read that waits for the pool longer than a young collection takes (a sine per element,
  // ~2–5 ms: power iteration's norm waits for its SpMV so); its 8 MiB value is dropped too.
  const s = np.sum(np.sin(x)).item() as number;
  if (!Number.isFinite(s)) wrong++;
}
if (np.sum(x).item() !== (steps + 1) * n) wrong++;
console.log(
  JSON.stringify({
    addon: typeof nativeAddon()?.watch === 'function',
    steps,
    wrong,
    keptSum: np.sum(kept).item(),
    growthMB: (heapStats().top - top0) / MiB,
    waiting: gcStats.waiting - before.waiting,
    waitingMB: (gcStats.waitingBytes - before.waitingBytes) / MiB,
    young: gcStats.young - before.young,
    full: gcStats.full - before.full,
  }),
);
