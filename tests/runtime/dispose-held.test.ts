/**
 * Disposing a region that a launch held for pairing reads (`withFusedLaunches`, dense's
 * `np.fuse`): the held launch is posted first, so the freed block is reused only after it ran. Held,
 * it did not count among the block's pending tasks: the block could be handed to a new array and
 * written while the launch was still to read it. Pool sizes 0, 1, 2, repeated.
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';

afterAll(() => configure({ workers: 0 }));

describe.each([0, 1, 2])('dispose inside a fused function at pool size %i', (workers) => {
  it('a held launch reading a disposed array reads its values, not the next array written there', () => {
    configure({ workers });
    const n = 1 << 19;
    const f = np.fuse((y: np.ndarray, a: np.ndarray) => {
      np.add(a, 1, { out: y });
      a.dispose();
      // Same size as a: its block, if freed too soon, is this array's.
      const z = np.full([n], 7.5);
      return np.add(z, 0.5, { out: z });
    });
    for (let k = 0; k < 6; k++) {
      const a = np.arange(n, undefined, undefined, { dtype: 'float64' });
      a.toArray();
      const y = np.zeros([n]);
      const z = f(y, a) as np.ndarray;
      const yv = y.toArray() as Float64Array;
      for (let i = 0; i < n; i += 4099) expect(yv[i]).toBe(i + 1);
      expect(yv[n - 1]).toBe(n);
      expect((z.toArray() as Float64Array)[7]).toBe(8);
    }
  });
});
