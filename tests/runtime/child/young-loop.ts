/**
 * Child program of tests/runtime/reclaim-young.test.ts: a synchronous loop of 1 MiB results
 * dropped at once, every 25th kept to the end, at `COHORT_WORKERS` workers. With
 * `YOUNG_SETUP_MB`, a setup first makes that many MiB of arrays that all stay alive (a program's
 * inputs: the collection their allocation forces finds nothing to free); with
 * `YOUNG_SETUP_DEAD_MB`, that many MiB of arrays made, promoted and dropped (a setup's temporaries); with
 * `YOUNG_STEP_ELEMENTS`, results of that many elements; with `YOUNG_KEEP_EVERY`, every that many
 * kept (default 25); `YOUNG_STEPS` steps (default 300). Prints the kept
 * results' sums against their expected values (a block freed while its region lived would show),
 * how the runtime collected (forced collections, young-generation ones, reports of external
 * memory) and the heap's high-water mark.
 */
import * as np from '../../../dense/index.js';
import { heapStats } from '../../../runtime/heap.js';
import { gcStats } from '../../../runtime/memory.js';
import { nativeAddon } from '../../../runtime/native-addon.js';
import { reclaimStats } from '../../../runtime/reclaim.js';
import { scavenge, youngStats } from '../../../runtime/reclaim-young.js';

const setupMB = Number(process.env.YOUNG_SETUP_MB ?? 0);
const inputs: np.ndarray[] = [];
for (let k = 0; k < setupMB / 4; k++) inputs.push(np.full([2 ** 19], k, 'float64'));
for (const a of inputs) a.item(0);
// YOUNG_SETUP_DEAD_MB: a setup's temporaries, made and dropped (dense cg's `A + diag(...)` steps).
const deadMB = Number(process.env.YOUNG_SETUP_DEAD_MB ?? 0);
if (deadMB > 0) {
  // Held through two young collections first: promoted to V8's old generation, as the
  // temporaries of a setup with more work between them are (a young collection cannot free them).
  let dead: np.ndarray[] | null = [];
  for (let k = 0; k < deadMB / 4; k++) dead.push(np.full([2 ** 19], k + 0.5, 'float64'));
  for (const a of dead) a.item(0);
  scavenge();
  scavenge();
  dead = null;
}
const before = { forced: gcStats.count, young: gcStats.young, full: gcStats.full };

// Elements of each step's result (YOUNG_STEP_ELEMENTS; default 1 MiB of float64).
const n = Number(process.env.YOUNG_STEP_ELEMENTS ?? 131072);
// Every how many steps a result is kept to the end (YOUNG_KEEP_EVERY; default 25).
const keepEvery = Number(process.env.YOUNG_KEEP_EVERY ?? 25);
const steps = Number(process.env.YOUNG_STEPS ?? 300);
const x = np.arange(n, { dtype: 'float64' });
const kept: [number, np.ndarray][] = [];
let wrong = 0;
/** One step (in a function, as a program's loop body usually is). */
function step(k: number): void {
  const y = np.add(x, k);
  if ((y.item(k % n) as number) !== (k % n) + k) wrong++;
  if (k % keepEvery === 0) kept.push([k, y]);
}
for (let k = 0; k < steps; k++) step(k);
// Σ (i + k) over i < n = n(n-1)/2 + n·k
for (const [k, y] of kept) if ((np.sum(y).item() as number) !== (n * (n - 1)) / 2 + n * k) wrong++;
console.log(
  JSON.stringify({
    wrong,
    kept: kept.length,
    addon: typeof nativeAddon()?.watch === 'function',
    forced: gcStats.count,
    young: gcStats.young,
    waiting: gcStats.waiting,
    setupForced: before.forced,
    setupYoung: before.young,
    setupFull: before.full,
    full: gcStats.full,
    inputs: inputs.length,
    pressures: reclaimStats.pressures,
    watched: youngStats.watched,
    freedYoung: youngStats.freed,
    scavenges: youngStats.scavenges,
    scavengeFailed: youngStats.failed,
    topMB: Math.round(heapStats().top / 2 ** 20),
  }),
);
process.exit(0);
