/**
 * Young-generation collections while the issuing thread waits for the pool (runtime/memory.ts
 * `collectWhileWaiting`, from runtime/engine-pool.ts `waitKnown`): a loop that reads a result
 * every step gives the heap back its dropped results at those reads, so its later steps reuse
 * their blocks instead of never-touched memory. Each run is a fresh process
 * (tests/runtime/child/wait-collect-loop.ts): 96 MiB kept, 48 steps of an 8 MiB result and a read
 * of the sum of its sines (the suite's environment posts every launch to the pool); the calls
 * themselves in tests/runtime/child/wait-collect-unit.ts. `COHORT_WAIT_COLLECT=0`
 * turns it off.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = fileURLToPath(new URL('./child/wait-collect-loop.ts', import.meta.url));
const unitChild = fileURLToPath(new URL('./child/wait-collect-unit.ts', import.meta.url));

interface Unit {
  addon: boolean;
  kept: number;
  calls: { waiting: number; givenMB: number }[];
}

/** Runs a child program in a fresh process with `env` added (public-API collections); its last line, parsed. */
function runChild<T>(file: string, env: Record<string, string>): T {
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], {
    encoding: 'utf8',
    env: { ...process.env, COHORT_V8_GC: '', COHORT_PUBLIC_APIS: '', ...env },
    timeout: 120_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as T;
}

const unit = (mode: 'drop' | 'keep' | 'overrun'): Unit => runChild<Unit>(unitChild, { WAIT_UNIT: mode });

interface Out {
  addon: boolean;
  steps: number;
  wrong: number;
  keptSum: number;
  growthMB: number;
  waiting: number;
  waitingMB: number;
  young: number;
  full: number;
}

const run = (workers: number, env: Record<string, string> = {}): Out =>
  runChild<Out>(child, { COHORT_WORKERS: String(workers), ...env });

describe('collections while waiting for the pool', () => {
  for (const workers of [1, 2]) {
    it(`a loop that reads each step's result collects while it waits (${workers} workers)`, (ctx) => {
      const on = run(workers);
      expect(on.wrong).toBe(0);
      expect(on.keptSum).toBe(12 * 2 ** 20);
      if (!on.addon) {
        ctx.skip(); // packages/pages not built here: no young-generation collections to run
        return;
      }
      // The reads ran collections (how many the allocation pacing leaves to them depends on the
      // host's speed: it holds its own back while they would come sooner than a tenth of the
      // issuing thread's time since the last — power iteration's first run took 72–115 MB of
      // fresh memory so on this machine kind), and 48 results of 8 MiB ran in a few of them.
      expect(on.waiting, JSON.stringify(on)).toBeGreaterThan(0);
      // … that gave back at least half of the 47 dropped results (a first wait can find nothing
      // young: the setup's read while everything lives; measured 22–48 collections, ~384 MiB).
      expect(on.waitingMB, JSON.stringify(on)).toBeGreaterThanOrEqual(24 * 8);
      expect(on.growthMB, JSON.stringify(on)).toBeLessThanOrEqual(64);
      const off = run(workers, { COHORT_WAIT_COLLECT: '0' });
      expect(off.wrong).toBe(0);
      expect(off.waiting).toBe(0);
    }, 150_000);
  }

  it('gives back what died young, at every call (collectWhileWaiting called directly)', (ctx) => {
    const out = unit('drop');
    if (!out.addon) {
      ctx.skip();
      return;
    }
    // Ten rounds of twelve 1 MiB regions, each dropped by the next: every call collects and gives
    // back the round's dead ones (all but the last made).
    expect(out.calls.map((c) => c.waiting)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    let prev = 0;
    for (const c of out.calls) {
      expect(c.givenMB - prev, JSON.stringify(out)).toBeGreaterThanOrEqual(10);
      prev = c.givenMB;
    }
  }, 150_000);

  it('backs off when nothing it finds is dead, and stops', (ctx) => {
    // Each such collection promotes what is alive at the wait to V8's old generation, where only
    // a full collection finds it (kmeans' first run, whose waits come while its 160 MB distance
    // matrix of the step is alive): each one that gives back too little doubles the new bytes the
    // next waits for, and four before any gave back enough end them for the process.
    const out = unit('keep');
    expect(out.kept).toBe(120);
    if (!out.addon) {
      ctx.skip();
      return;
    }
    const counts = out.calls.map((c) => c.waiting);
    expect(counts[0]).toBe(1);
    // At most four over ten calls (where the allocation pacing's own collections fall — they
    // reset the bytes counted — decides which calls: the fourth came at call 7 or at call 9).
    expect(counts[9], JSON.stringify(out)).toBeLessThanOrEqual(4);
    expect(out.calls[9]!.givenMB).toBeLessThan(1);
  }, 150_000);

  it('backs off when the awaited work completes before the collection ends', (ctx) => {
    // The same dropped regions as above, but every collection reported as outlasting its wait
    // (lasso's reads, 1–2 ms apart, each ran one of 2.5–5 ms): each doubles the new bytes the
    // next waits for, whatever it gave back.
    const out = unit('overrun');
    if (!out.addon) {
      ctx.skip();
      return;
    }
    const counts = out.calls.map((c) => c.waiting);
    expect(counts[9], JSON.stringify(out)).toBeLessThanOrEqual(5);
    expect(counts[9]).toBeGreaterThanOrEqual(2);
  }, 150_000);

  it('runs none without a pool (nothing to wait for)', () => {
    const out = run(0);
    expect(out.wrong).toBe(0);
    expect(out.waiting).toBe(0);
  }, 150_000);
});
