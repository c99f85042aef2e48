/**
 * Regions that die young come back after a young-generation collection (runtime/reclaim-young.ts):
 * the optional addon's weak table holds Node-API references, which a scavenge clears, where a
 * WeakRef keeps its target until a full collection. A loop of 1 MiB results then needs no full
 * collection at all, and no block of a region still alive is ever reused (the kept results'
 * sums). `COHORT_YOUNG_SWEEP=0` goes back to WeakRefs and full collections.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = fileURLToPath(new URL('./child/young-loop.ts', import.meta.url));

interface Out {
  wrong: number;
  kept: number;
  addon: boolean;
  forced: number;
  young: number;
  /** Young collections run while waiting for the pool (runtime/memory.ts `collectWhileWaiting`). */
  waiting: number;
  setupForced: number;
  setupYoung: number;
  setupFull: number;
  full: number;
  inputs: number;
  pressures: number;
  watched: number;
  freedYoung: number;
  scavengeFailed: number;
  topMB: number;
}

function run(workers: number, env: Record<string, string>): Out {
  const r = spawnSync(process.execPath, ['--import', 'tsx', child], {
    encoding: 'utf8',
    env: {
      ...process.env,
      COHORT_WORKERS: String(workers),
      COHORT_V8_GC: '',
      COHORT_PUBLIC_APIS: '',
      ...env,
    },
    timeout: 120_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Out;
}

describe('young-generation reclaim', () => {
  for (const workers of [0, 2]) {
    it(`a loop of dropped 1 MiB results recycles them without a full collection (${workers} workers)`, (ctx) => {
      const on = run(workers, { COHORT_YOUNG_SWEEP: '' });
      expect(on.wrong).toBe(0);
      expect(on.kept).toBe(12);
      if (!on.addon) {
        ctx.skip(); // packages/pages not built here (no C compiler at install): WeakRefs only
        return;
      }
      // Every region was watched by the addon (300 results, the input, the sums' partials).
      expect(on.watched).toBeGreaterThanOrEqual(300);
      // Every forced collection was a young one that freed enough: no report of external memory.
      // (With a pool, the reads of the results may run them all while they wait.)
      expect(on.forced + on.waiting).toBeGreaterThan(0);
      expect(on.young).toBe(on.forced);
      expect(on.pressures).toBe(0);
      expect(on.freedYoung).toBeGreaterThanOrEqual(250);
      // 300 MiB of results ran in a few dozen MiB of heap (measured 30).
      expect(on.topMB).toBeLessThan(80);
    }, 150_000);
  }

  it('a setup whose arrays all live runs no full collection, nor sends the loop after it to them', (ctx) => {
    // The setup's allocations force a collection that frees nothing: a young one finds nothing
    // dead and, before any full one ever freed anything, no full one follows (power's setup ran
    // two fruitless ones of 30–40 ms). Nor does it say how old the loop's garbage will be
    // (logreg's, lasso's and power's first runs paid a 15–35 ms full collection there).
    const on = run(2, { COHORT_YOUNG_SWEEP: '', YOUNG_SETUP_MB: '24' });
    expect(on.wrong).toBe(0);
    expect(on.inputs).toBe(6);
    if (!on.addon) {
      ctx.skip();
      return;
    }
    expect(on.setupForced).toBeGreaterThan(0);
    expect(on.setupYoung).toBe(0);
    expect(on.setupFull).toBe(0);
    // The loop's collections are young ones; one may be full where a step's results outlived two
    // scavenges under load (CI, 1 run in ~15), not every one as a setup's skip rule made them.
    expect(on.full).toBeLessThanOrEqual(1);
    // The loop collects: the pacing's collections, or young ones while its reads wait for the
    // pool (which then leave the pacing none to run: 29–37 of them, the pacing's 1 from the setup).
    expect(on.forced + on.waiting).toBeGreaterThan(on.setupForced);
    expect(on.young - on.setupYoung).toBeGreaterThanOrEqual(on.forced - on.setupForced - 1);
  }, 150_000);

  it('small results after a setup that dropped old temporaries run no full collection', (ctx) => {
    // 6,000 kept 16 KB results after 64 MiB of setup temporaries that lived long enough to be
    // promoted, then died: the pacing's young collections cannot free those, and a full one for a
    // 16 KB block (dense cg's first run: 53–67 ms) costs far more than the block's fresh pages —
    // so none runs while less than GC_BUDGET_BYTES were allocated since the last full one.
    // (Before, a full one ran in every run: 4 of 4.)
    const on = run(2, {
      COHORT_YOUNG_SWEEP: '',
      YOUNG_SETUP_DEAD_MB: '64',
      YOUNG_STEP_ELEMENTS: '2048',
      YOUNG_KEEP_EVERY: '1',
      YOUNG_STEPS: '6000',
    });
    expect(on.wrong).toBe(0);
    expect(on.kept).toBe(6000);
    if (!on.addon) {
      ctx.skip();
      return;
    }
    expect(on.forced).toBeGreaterThan(on.setupForced);
    // None, unless V8 would not run a young one when asked (then the full one is the only way).
    expect(on.full - on.setupFull).toBeLessThanOrEqual(on.scavengeFailed);
    // The heap holds the dead temporaries and the kept results, nothing more (~160 MiB).
    expect(on.topMB).toBeLessThan(240);
  }, 150_000);

  it('COHORT_YOUNG_SWEEP=0 watches with WeakRefs and collects fully, with the same results', () => {
    const off = run(2, { COHORT_YOUNG_SWEEP: '0' });
    expect(off.wrong).toBe(0);
    expect(off.watched).toBe(0);
    expect(off.young).toBe(0);
    expect(off.topMB).toBeLessThan(200);
  }, 150_000);
});
