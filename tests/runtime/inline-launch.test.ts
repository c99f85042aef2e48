/**
 * The default mapper runs launches that move less than `inlineLaunchBytes` in total as one
 * inline piece (the pool's hand-off costs more than such work), and splits larger ones over the
 * pool as before. (The suite's default is 0 through COHORT_INLINE_LAUNCH_BYTES; here explicit.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { costBytes } from '../../mapper/default-mapper.js';
import { DefaultMapper } from '../../mapper/index.js';
import { currentPool } from '../../runtime/engine-pool.js';
import { configure, traceStart, traceStop } from '../../runtime/index.js';
import { warmPool } from './pool-helpers.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

const MiB = 1024 * 1024;

describe('inlineLaunchBytes', () => {
  it('decides one inline piece below the threshold, pieces in the pool above', () => {
    const m = new DefaultMapper({ inlineLaunchBytes: 4 * MiB });
    const q = (bytes: number) => ({ op: 'add', volume: bytes / 8, bytes, workers: 2 });
    expect(m.pieces(q(3 * MiB))).toBe(1);
    expect(m.inline('add', 3 * MiB, 2, 1)).toBe(true);
    expect(m.pieces(q(16 * MiB))).toBe(2 * m.piecesPerWorker); // split over both workers
    expect(m.inline('add', 2 * MiB, 2, 8)).toBe(false); // a piece of a split launch
    expect(m.inline('add', 5 * MiB, 2, 1)).toBe(false); // one piece, but large
    expect(new DefaultMapper({ inlineLaunchBytes: 0 }).pieces(q(3 * MiB))).toBeGreaterThan(1);
  });

  it('counts arithmetic beyond four operations per point as bytes (work)', () => {
    const m = new DefaultMapper({ inlineLaunchBytes: 4 * MiB });
    // 125,000 points of a sigmoid-like fused kernel (3 arguments, 3 MB): cost 13.
    const q = (work?: number) => ({ op: 'subtract', volume: 125_000, bytes: 3e6, workers: 2, work });
    expect(costBytes(q())).toBe(3e6);
    expect(costBytes(q(4))).toBe(3e6); // simple operations are hidden by the memory traffic
    expect(costBytes(q(13))).toBe(3e6 + 9 * 8 * 125_000);
    expect(m.pieces(q())).toBe(1);
    expect(m.pieces(q(4))).toBe(1);
    expect(m.pieces(q(13))).toBe(2 * m.piecesPerWorker);
    expect(m.pieces({ ...q(13), workers: 0 })).toBe(1);
  });

  it('cuts a compute-heavy fused launch into pool pieces where a cheap one runs inline', () => {
    configure({ workers: 2, mapper: new DefaultMapper({ inlineLaunchBytes: 4 * MiB }) });
    const n = 125_000;
    const s = np.multiply(np.arange(n), 1e-5);
    s.item(0);
    traceStart();
    const cheap = np.subtract(s, 1);
    const heavy = np.subtract(s, np.divide(1, np.add(1, np.exp(np.negative(s)))));
    const [c, h] = [Array.from(cheap.toArray()), Array.from(heavy.toArray())];
    const recs = traceStop().filter((r) => r.op === 'subtract');
    expect(recs.filter((r) => r.worker < 0).length).toBe(1); // the cheap one, inline
    expect(recs.filter((r) => r.worker >= 0).length).toBe(4); // the heavy one, in four pieces
    for (const i of [0, 1, n >> 1, n - 1]) {
      const x = i * 1e-5;
      expect(c[i]).toBe(x - 1);
      expect(h[i]).toBeCloseTo(x - 1 / (1 + Math.exp(-x)), 14);
    }
  });

  it('runs a small launch inline and a large one on the workers (workers=2)', async () => {
    configure({ workers: 2, mapper: new DefaultMapper({ inlineLaunchBytes: 4 * MiB }) });
    const large = np.ones([1_000_000]); // 8 MB per array
    np.add(large, 2).get('0').item();
    await warmPool();
    const small = np.ones([100_000]); // 0.8 MB per array
    traceStart();
    expect(np.add(small, 1).get('7').item()).toBe(2);
    const a = traceStop();
    expect(a.length).toBeGreaterThan(0);
    for (const r of a) expect([r.kind, r.worker]).toEqual(['inline', -1]);
    traceStart();
    expect(np.add(large, 1).get('7').item()).toBe(2);
    const b = traceStop();
    expect(b.some((r) => r.kind === 'task' && r.worker >= 0)).toBe(true);
  });

  it('starts no worker thread until a piece is posted to the pool', () => {
    configure({ workers: 0 });
    np.ones([4]).sum().item(); // the next launch drains and drops a pool of another size
    expect(currentPool()).toBeNull();
    configure({ workers: 2, mapper: new DefaultMapper({ inlineLaunchBytes: 4 * MiB }) });
    const x = np.zeros([1024]);
    const y = np.ones([1024]);
    for (let k = 0; k < 50; k++) x.iadd(y.multiply(2));
    expect(x.dot(y).item()).toBe(100 * 1024);
    expect(currentPool()).toBeNull(); // every launch ran inline: no threads competing for the cores
    expect(
      np
        .add(np.ones([1_000_000]), 1)
        .sum()
        .item(),
    ).toBe(2_000_000);
    expect(currentPool()?.size).toBe(2);
    configure({ workers: 1 });
    expect(
      np
        .add(np.ones([1_000_000]), 1)
        .sum()
        .item(),
    ).toBe(2_000_000);
    expect(currentPool()?.size).toBe(1);
    configure({ workers: 0 });
    expect(x.sum().item()).toBe(100 * 1024);
    expect(currentPool()).toBeNull();
  });
});
