/**
 * Huge pages under the region heap (runtime/huge-pages.ts): with the `cohortjs-pages` addon built
 * (packages/pages, by `npm ci` where a C compiler exists) and `COHORT_HUGE_PAGES=1`, the heap's
 * committed memory carries the kernel's huge-page advice (`hg` in /proc/self/smaps) and
 * `hugePages()` says so; by default and with `COHORT_HUGE_PAGES=0` nothing is advised and
 * `hugePages()` says why; results are the same.
 * Without the addon (or off Linux) the advised case is skipped with a line saying why.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const child = fileURLToPath(new URL('./child/huge-pages.ts', import.meta.url));
const { addon, reason } = require('../../packages/pages/index.cjs') as { addon: unknown; reason: string };
const missing =
  process.platform !== 'linux' ? `not Linux (${process.platform})` : addon === null ? reason : '';
if (missing !== '') console.log(`huge-page tests skipped: ${missing}`);

interface Report {
  state: { advised: boolean; bytes: number; reason: string };
  committed: number;
  sum: number;
  advised: number[];
}

function run(env: Record<string, string>): Report {
  const r = spawnSync(process.execPath, ['--import', 'tsx', child], {
    encoding: 'utf8',
    env: { ...process.env, COHORT_WORKERS: '2', ...env },
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Report;
}

const n = 8 * 2 ** 20;
const expected = (0.5 * n * (n - 1)) / 2;

describe('huge pages under the region heap', () => {
  it.skipIf(missing !== '')(
    'advises the whole committed heap, which the kernel records',
    () => {
      const on = run({ COHORT_HUGE_PAGES: '1' });
      expect(on.state).toEqual({ advised: true, bytes: on.committed, reason: '' });
      expect(on.committed).toBeGreaterThanOrEqual(n * 8);
      // One advised mapping covers at least the committed heap.
      expect(on.advised.some((kb) => kb * 1024 >= on.committed)).toBe(true);
      expect(on.sum).toBe(expected);
    },
    120_000,
  );

  it.skipIf(process.platform !== 'linux')(
    'by default nothing is advised, and hugePages() says how to turn it on',
    () => {
      const env = { ...process.env };
      delete env.COHORT_HUGE_PAGES;
      const r = spawnSync(process.execPath, ['--import', 'tsx', child], {
        encoding: 'utf8',
        env: { ...env, COHORT_WORKERS: '2' },
        timeout: 120_000,
      });
      if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
      const dflt = JSON.parse(r.stdout.trim().split('\n').pop()!) as Report;
      expect(dflt.state.advised).toBe(false);
      expect(dflt.state.reason).toMatch(/COHORT_HUGE_PAGES=1/);
      expect(dflt.advised.some((kb) => kb * 1024 >= dflt.committed)).toBe(false);
      expect(dflt.sum).toBe(expected);
    },
    120_000,
  );

  it.skipIf(process.platform !== 'linux')(
    'COHORT_HUGE_PAGES=0 advises nothing and says so',
    () => {
      const off = run({ COHORT_HUGE_PAGES: '0' });
      expect(off.state.advised).toBe(false);
      expect(off.state.bytes).toBe(0);
      expect(off.state.reason).toMatch(/COHORT_HUGE_PAGES=0/);
      expect(off.advised.some((kb) => kb * 1024 >= off.committed)).toBe(false);
      expect(off.sum).toBe(expected);
    },
    120_000,
  );
});
