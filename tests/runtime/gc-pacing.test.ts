/**
 * Collection pacing (runtime/memory.ts): a loop that drops one mid-sized result per quick step
 * must not collect every few steps. A forced collection costs milliseconds whatever the heap's
 * size, so while one would come sooner than 10% of the time since the last, the heap grows
 * instead — within 1.5 × the heap in use, which bounds the memory the loop takes. Run in the
 * default mode (public APIs; `COHORT_V8_GC=1 npx vitest run` runs it with the flags).
 */
import { describe, expect, it } from 'vitest';
import { heapStats } from '../../runtime/heap.js';
import { createRegion } from '../../runtime/index.js';
import { collectNow, GC_BUDGET_BYTES, gcStats } from '../../runtime/memory.js';
import { reclaimStats } from '../../runtime/reclaim.js';

const MiB = 2 ** 20;

describe('collection pacing', () => {
  // Retried: a known open fault of public-means collection (runtime/README.md, "Public APIs
  // only"): now and then a driven mark-compact completes a marking that began before the dropped
  // results died, frees none of them, and the growth allowance then starts from an inflated
  // "live" size (a bare run of this loop exceeded the bound in 2 of 10 fresh processes, 416–432
  // MiB; under vitest it passed every run but one loaded CI run, 562 MiB). A regression that
  // makes it common still fails all three tries.
  it('collects rarely in a quick loop of 8 MB results, and the heap stays within its bound', {
    retry: 2,
  }, () => {
    const live = createRegion('float64', (64 * MiB) / 8); // what the program keeps
    collectNow();
    let r = createRegion('float64', MiB); // 8 MiB, dropped at the next step
    const before = gcStats.count;
    const incompleteBefore = gcStats.incomplete;
    const sweptBefore = reclaimStats.freed;
    let peakTop = 0;
    const steps = 120;
    for (let k = 0; k < steps; k++) {
      r = createRegion('float64', MiB, false);
      r.data[k] = k; // a quick step
      peakTop = Math.max(peakTop, heapStats().top);
    }
    const collections = gcStats.count - before;
    // Budget-only pacing collected once per 4 results here (30 collections); with the time share,
    // once per ~1.5 x 72 MiB of results.
    // Memory came back: by forced collections (COHORT_V8_GC=1, or public means driving V8), or
    // by sweeps after V8's own collections (public APIs, the default).
    expect(collections + (reclaimStats.freed - sweptBefore)).toBeGreaterThan(0);
    expect(collections).toBeLessThanOrEqual(steps / 8);
    // The heap never holds more than the live data, its growth allowance and a few results.
    // (Public means, the default: collections driven through V8's incremental marking cost more
    // than gc() under load, so the time share postpones them up to the general budget — 320 MiB
    // measured at load 22, 296 in another run; with gc(), under 280.) A driven collection that
    // could not complete (`incomplete`: V8 did not finish marking within the nudges) frees
    // nothing until the next, one more budget: a loaded CI run peaked at 562 MiB so, once. More
    // than one such in this short loop is a fault.
    const incomplete = gcStats.incomplete - incompleteBefore;
    const why = `collections ${JSON.stringify(gcStats)}, sweeps ${JSON.stringify(reclaimStats)}`;
    expect(incomplete, why).toBeLessThanOrEqual(1);
    const bound = live.data.byteLength + GC_BUDGET_BYTES * (1 + incomplete) + 8 * MiB;
    expect(peakTop, why).toBeLessThanOrEqual(bound);
    expect(r.data.length).toBe(MiB);
  });
});
