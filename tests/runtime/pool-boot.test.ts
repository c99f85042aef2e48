/**
 * A pool is never terminated while its threads load the worker file (runtime/pool-boot.ts: Node 20
 * aborts the process when a thread is terminated inside the instantiation of an ES module it
 * requires). Pools replaced at once after their start wait for their threads to report the file
 * loaded, then stop; the last pool computes and the process ends by itself.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = fileURLToPath(new URL('./child/pool-replace.ts', import.meta.url));

describe('pool boot', () => {
  it('pools replaced while their threads load stop cleanly, and the program ends by itself', () => {
    for (let run = 0; run < 2; run++) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', child], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/FATAL|IsGraphAsync/);
      const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as { s: number; ms: number };
      expect(out.s).toBe(9999 * 10000);
    }
  }, 240_000);
});
