/**
 * The loop of tests/runtime/gc-pacing.test.ts in a fresh process: 64 MiB kept, 120 quick steps
 * that each drop an 8 MiB region. Prints one JSON line with what the test checks.
 */
import { heapStats } from '../../../runtime/heap.js';
import { createRegion } from '../../../runtime/index.js';
import { collectNow, GC_BUDGET_BYTES, gcStats } from '../../../runtime/memory.js';
import { reclaimStats } from '../../../runtime/reclaim.js';

const MiB = 2 ** 20;
const live = createRegion('float64', (64 * MiB) / 8); // what the program keeps
collectNow();
let r = createRegion('float64', MiB); // 8 MiB, dropped at the next step
const before = gcStats.count;
const youngBefore = gcStats.young;
const fullBefore = gcStats.full;
const msBefore = gcStats.ms;
const incompleteBefore = gcStats.incomplete;
const sweptBefore = reclaimStats.freed;
let peakTop = 0;
const steps = 120;
for (let k = 0; k < steps; k++) {
  r = createRegion('float64', MiB, false);
  r.data[k] = k; // a quick step
  peakTop = Math.max(peakTop, heapStats().top);
}
console.log(
  JSON.stringify({
    steps,
    collections: gcStats.count - before,
    young: gcStats.young - youngBefore,
    full: gcStats.full - fullBefore,
    gcMs: gcStats.ms - msBefore,
    incomplete: gcStats.incomplete - incompleteBefore,
    swept: reclaimStats.freed - sweptBefore,
    peakTop,
    liveBytes: live.data.byteLength,
    budget: GC_BUDGET_BYTES,
    length: r.data.length,
    stats: { gcStats, reclaimStats },
  }),
);
