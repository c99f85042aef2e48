/**
 * A few seconds of the soak program (tests/soak/soak.ts, `npm run soak`) as a child process at 2
 * workers, and its bounds on synthetic samples. The short run calls gc() every iteration
 * (SOAK_GC=1), so growth means something survives a collection (a leak in the main thread or in a
 * worker). Without gc() the runtime collects by itself once 256 MB budgets fill, which takes
 * longer than a few seconds; `npm run soak` checks that plain-program case over minutes.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Sample, verdict } from '../soak/soak.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sample = (rssMB: number, msPerIter: number): Sample => ({ t: 0, iter: 0, rssMB, msPerIter });

describe('soak program', () => {
  it('runs a short soak on 2 workers, prints rss and time per iteration at warm-up, periodically and at the end', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'tests/soak/soak.ts'], {
      cwd: root,
      env: { ...process.env, SOAK_SECONDS: '4', SOAK_NX: '100', COHORT_WORKERS: '2', SOAK_GC: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stderr).not.toMatch(/Error/);
    expect(r.stdout).toMatch(/^soak: 4 s, CG \(40 iterations\) on 2-D Poisson 100x100 \(10000 unknowns\)/);
    expect(r.stdout).toMatch(/^warm +t= +[\d.]+ s +iter= +\d+ +rss= +\d+ MB +time\/iter=[\d.]+ ms$/m);
    expect(r.stdout).toMatch(/^periodic /m);
    expect(r.stdout).toMatch(/^end +t= +[\d.]+ s +iter= +\d+ +rss= +\d+ MB/m);
    expect(r.stdout).toMatch(/^soak: ok /m);
    expect(r.status).toBe(0);
  });

  it('the bounds: rss <= 1.5 x warm + 64 MB and time/iteration <= 2 x warm + 5 ms', () => {
    expect(verdict(sample(200, 10), sample(364, 25))).toEqual([]);
    expect(verdict(sample(200, 10), sample(365, 10))).toEqual(['rss 365 MB > 364 MB (1.5 x 200 + 64)']);
    expect(verdict(sample(200, 10), sample(200, 25.5))).toEqual([
      'time/iteration 25.5 ms > 25.0 ms (2 x 10.0 + 5)',
    ]);
  });
});
