/**
 * The runtime reads no private Node or piscina symbol (issue 17), and by default flips no V8
 * flag at run time: it reclaims the heap blocks of collected regions in a synchronous loop, where
 * finalizers never run, through its WeakRef sweep and collections driven by external-memory
 * pressure (runtime/reclaim.ts). `COHORT_V8_GC=1` is the opt-in to the flags. The process-level exit and worker-death
 * promises are tested in lifecycle.test.ts and engine.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

describe('public APIs only', () => {
  it('the pool reads no private symbol (kHandle, Piscina.kWorkerData)', () => {
    for (const f of ['../../runtime/pool.ts', '../../runtime/worker.js', '../../runtime/engine-pool.ts']) {
      const src = readFileSync(here(f), 'utf8');
      expect(src).not.toMatch(/getOwnPropertySymbols|kWorkerData|'kHandle'/);
    }
  });

  const sweep = (nodeArgs: string[], env: Record<string, string>) => {
    const r = spawnSync(process.execPath, [...nodeArgs, '--import', 'tsx', here('./child/public-sweep.ts')], {
      encoding: 'utf8',
      env: { ...process.env, COHORT_WORKERS: '0', ...env },
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout.trim().split('\n').pop()!) as {
      topMB: number;
      check: number;
      flags: { gc: boolean; cleanupSome: boolean };
      reclaim: { collections: number; nudges: number; pressures: number };
      addon: boolean;
    };
  };

  it('by default no V8 flag is flipped, on the issuing thread or the workers, and dropped regions come back', () => {
    const out = sweep([], { COHORT_V8_GC: '', COHORT_PUBLIC_APIS: '', PUBLIC_SWEEP_N: '100' });
    expect(out.check).toBe(4970);
    expect(out.flags).toEqual({ gc: false, cleanupSome: false });
    // 100 regions of 8 MB dropped (800 MB), nobody calls gc(): the runtime drives V8's collector
    // through external-memory pressure where its pacing says so, and sweeps (measured top 259 MB
    // at load 23 for 40 regions: the pacing lets the heap grow while collections are dear).
    expect(out.topMB).toBeLessThan(400);
  });

  // Full collections only (COHORT_YOUNG_SWEEP=0): with the addon's weak table the runtime tries
  // a young-generation collection first, and in this loop that one is enough (reclaim-young.test.ts).
  it('with the native addon a collection is one or two reports of external memory (no nudges); COHORT_GC_PRESSURE=0 nudges', (ctx) => {
    const on = sweep([], {
      COHORT_V8_GC: '',
      COHORT_PUBLIC_APIS: '',
      COHORT_GC_PRESSURE: '',
      COHORT_YOUNG_SWEEP: '0',
      PUBLIC_SWEEP_N: '100',
    });
    if (!on.addon) {
      ctx.skip(); // packages/pages not built here (no C compiler at install): the nudges are the only way
      return;
    }
    expect(on.check).toBe(4970);
    expect(on.reclaim.collections).toBeGreaterThan(0);
    expect(on.reclaim.nudges).toBe(0);
    expect(on.reclaim.pressures).toBeGreaterThanOrEqual(on.reclaim.collections);
    expect(on.reclaim.pressures).toBeLessThanOrEqual(2 * on.reclaim.collections);
    expect(on.topMB).toBeLessThan(400);
    const off = sweep([], {
      COHORT_V8_GC: '',
      COHORT_PUBLIC_APIS: '',
      COHORT_GC_PRESSURE: '0',
      COHORT_YOUNG_SWEEP: '0',
      PUBLIC_SWEEP_N: '100',
    });
    expect(off.check).toBe(4970);
    expect(off.reclaim.pressures).toBe(0);
    expect(off.reclaim.nudges).toBeGreaterThan(0);
    expect(off.topMB).toBeLessThan(400);
  });

  it("with the user's gc() (node --expose-gc), a block is reused right after each collection", () => {
    const out = sweep(['--expose-gc'], {});
    expect(out.check).toBe(800);
    // Without the sweep the heap's top passed 300 MB (finalizers wait for an event-loop turn).
    expect(out.topMB).toBeLessThan(40);
  });

  it('COHORT_V8_GC=1 (opt-in) flips the flags, and the test above can tell', () => {
    const out = sweep([], { COHORT_V8_GC: '1' });
    expect(out.check).toBe(800);
    expect(out.flags).toEqual({ gc: true, cleanupSome: true });
  });
});
