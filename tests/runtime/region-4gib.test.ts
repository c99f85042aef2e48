/**
 * Regions of 4 GiB or more reach the workers whole. A structured clone keeps only the low 32 bits
 * of a typed array's byte length, so a region sent as a view arrived cut short: pieces past the
 * cut wrote nothing and read undefined (np.ones(6e8) summed to NaN at 2 workers, 6e8 at 0). The
 * pool now sends the buffer, offset, length and type (runtime/pool.ts `ensureRegion`).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = fileURLToPath(new URL('./child/region-4gib.ts', import.meta.url));

describe('regions over 4 GiB', () => {
  for (const workers of [0, 2]) {
    it(`pieces past byte 2^32 are written and read at ${workers} workers`, () => {
      const r = spawnSync(process.execPath, ['--import', 'tsx', child, String(workers)], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(r.status, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as {
        last: number;
        s: number;
        bytes: number;
      };
      const m = 4_000_000;
      expect(out.bytes).toBeGreaterThan(2 ** 32);
      expect(out.last).toBe(m - 1);
      expect(out.s).toBe(m * (m - 1));
    }, 150_000);
  }
});
