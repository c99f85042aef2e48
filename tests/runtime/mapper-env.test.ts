/**
 * The default mapper's size limits from the environment (`COHORT_INLINE_LAUNCH_BYTES`,
 * `COHORT_INLINE_BYTES`, `COHORT_MIN_PIECE_BYTES`; the suite sets 0, 0 and 64 in
 * vitest.config.ts so that its small arrays run on the pool), and a minimum piece size of 0
 * (options or environment) never giving a non-integer piece count.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DefaultMapper } from '../../mapper/index.js';

const NAMES = ['COHORT_INLINE_LAUNCH_BYTES', 'COHORT_INLINE_BYTES', 'COHORT_MIN_PIECE_BYTES'] as const;
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));

afterEach(() => {
  for (const n of NAMES) {
    if (saved[n] === undefined) delete process.env[n];
    else process.env[n] = saved[n];
  }
});

/** A 1-D launch of `bytes` bytes of float64 at 2 workers. */
const q = (bytes: number, volume = bytes / 8) => ({ op: 'add', volume, bytes, workers: 2 });

describe('DefaultMapper size limits from the environment', () => {
  it('reads the three limits, and keeps the defaults when unset, blank or invalid', () => {
    process.env.COHORT_INLINE_LAUNCH_BYTES = '0';
    process.env.COHORT_INLINE_BYTES = '0';
    process.env.COHORT_MIN_PIECE_BYTES = '64';
    const m = new DefaultMapper();
    expect([m.inlineLaunchBytes, m.inlineBytes, m.minPieceBytes]).toEqual([0, 0, 64]);
    // 1,000 float64 (8 KB): cut into pieces, each posted to the pool.
    expect(m.pieces(q(8000))).toBe(2 * m.piecesPerWorker);
    expect(m.inline('add', 2000, 2, 4)).toBe(false);
    for (const v of [undefined, '', ' ', '-1', 'x', 'NaN', 'Infinity']) {
      for (const n of NAMES) {
        if (v === undefined) delete process.env[n];
        else process.env[n] = v;
      }
      const d = new DefaultMapper();
      expect([v, d.inlineLaunchBytes, d.inlineBytes, d.minPieceBytes]).toEqual([
        v,
        4 * 2 ** 20,
        64 * 1024,
        256 * 1024,
      ]);
    }
  });

  it('takes a minimum piece size of 0 from the environment as unset', () => {
    process.env.COHORT_MIN_PIECE_BYTES = '0';
    expect(new DefaultMapper().minPieceBytes).toBe(256 * 1024);
  });

  it('gives an integer piece count with a minimum piece size of 0 in its options', () => {
    const m = new DefaultMapper({ inlineLaunchBytes: 0, minPieceBytes: 0 });
    for (const [bytes, volume] of [
      [0, 10],
      [8, 1],
      [8000, 1000],
      [2 ** 30, 2 ** 27],
    ] as const) {
      const n = m.pieces(q(bytes, volume));
      expect([bytes, Number.isInteger(n) && n >= 1 && n <= Math.max(1, volume)]).toEqual([bytes, true]);
      const r = m.pieces({ ...q(bytes, volume), ranks: 2 });
      expect([bytes, 'ranks', Number.isInteger(r) && r >= 1]).toEqual([bytes, 'ranks', true]);
    }
  });
});
