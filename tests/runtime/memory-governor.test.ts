/**
 * Governed memory (issue 17, item 4). The mapper bounds the bytes of fresh results in flight
 * (runtime/govern.ts): where a program that runs ahead waits depends on bytes only. And the
 * fresh-result loop at 2 workers stays within a few results of its operands (a child process:
 * resident memory is per process). Before the governor and the heap's wait for quarantined blocks,
 * the child's dispose phase grew by 392 MB (now ~100 MB).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { governorStats, resetGovernor } from '../../runtime/govern.js';
import {
  configure,
  createRegion,
  DefaultMapper,
  launch,
  readStore,
  registerKernel,
  Store,
} from '../../runtime/index.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

registerKernel('governTest.slowFill', (t) => {
  const end = Date.now() + 15;
  while (Date.now() < end);
  const o = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = t.scalars[0]!;
});

describe('memory governor', () => {
  it.each([1, 2])(
    'waits for the oldest results past the budget, at points fixed by bytes (workers=%i)',
    (w) => {
      const n = 1 << 16; // 512 KiB of float64 per result
      const bytes = n * 8;
      const runs: number[][] = [];
      for (const delay of [false, true]) {
        configure({
          workers: w,
          mapper: new DefaultMapper({ inFlightBytes: 3 * bytes, inlineLaunchBytes: 0 }),
        });
        resetGovernor();
        const waits: number[] = [];
        const outs: Store[] = [];
        for (let k = 0; k < 10; k++) {
          const before = governorStats.waits;
          const o = Store.whole(createRegion('float64', n, false));
          launch({
            op: 'slowFill',
            kernel: 'governTest.slowFill',
            args: [{ store: o, privilege: 'write-discard' }],
            scalars: [k],
          });
          waits.push(governorStats.waits - before);
          outs.push(o);
          // A different issue rate must not change where the program waits.
          if (delay) {
            const end = Date.now() + 20;
            while (Date.now() < end);
          }
        }
        outs.forEach((o, k) => {
          expect(readStore(o)[n - 1]).toBe(k);
        });
        runs.push(waits);
      }
      // Three results fit: from the fourth on, each launch first retires the oldest one.
      expect(runs[0]).toEqual([0, 0, 0, 1, 1, 1, 1, 1, 1, 1]);
      expect(runs[1]).toEqual(runs[0]);
    },
  );

  it.each([
    ['public APIs only (default)', {}],
    ['COHORT_V8_GC=1', { COHORT_V8_GC: '1' }],
  ])(
    'bounds the resident memory of the fresh-result loop at 2 workers, %s',
    async (_, env) => {
      const r = await loop(env);
      expect(r.check).toBe(35);
      const MB80 = 76.3; // one result
      expect(r.disposeMB).toBeLessThan(2.5 * MB80); // measured ~96 (392 before)
      expect(r.totalMB).toBeLessThan(4.5 * MB80);
    },
    60_000,
  );

  it('with public APIs only (no V8 flag), dispose() alone keeps the loop bounded', async () => {
    const r = await loop({ COHORT_PUBLIC_APIS: '1', FRESH_LOOP_DROP: '0' });
    expect(r.check).toBe(15);
    expect(r.disposeMB).toBeLessThan(2.5 * 76.3); // measured 86
  }, 60_000);
});

async function loop(env: Record<string, string>): Promise<Record<string, number>> {
  const file = fileURLToPath(new URL('./child/fresh-result-loop.ts', import.meta.url));
  const out = await new Promise<string>((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', file], {
      env: { ...process.env, COHORT_WORKERS: '2', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => {
      stdout += d;
    });
    p.stderr.on('data', (d) => {
      stderr += d;
    });
    p.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(stderr))));
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, number>;
}
