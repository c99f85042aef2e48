/**
 * The runtime's default path reads no private Node or piscina symbol (issue 17), and its opt-in
 * public-APIs-only mode (`COHORT_PUBLIC_APIS=1`: no V8 flag flipped at run time) reclaims the
 * heap blocks of collected regions in a synchronous loop through its WeakRef sweep
 * (runtime/memory.ts), where finalizers never run. The process-level exit and worker-death
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

  it('with COHORT_PUBLIC_APIS=1, collected regions come back in a synchronous loop (WeakRef sweep)', () => {
    const r = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', here('./child/public-sweep.ts')],
      {
        encoding: 'utf8',
        env: { ...process.env, COHORT_PUBLIC_APIS: '1', COHORT_WORKERS: '0' },
        timeout: 60_000,
      },
    );
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim()) as { topMB: number; check: number };
    expect(out.check).toBe(780);
    // 40 regions of 8 MB dropped: without the sweep the heap's top passed 300 MB (finalizers
    // wait for an event-loop turn); with it, a block is reused once the user's gc() ran.
    expect(out.topMB).toBeLessThan(40);
  });
});
