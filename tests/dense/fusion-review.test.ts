/**
 * Regressions from the review of lazy fusion: a lazy array handed to scijs is filled before it is
 * returned; a result too large for a region fails at the call; int32 where/minimum/maximum/clip
 * never carry a JavaScript -0 into float consumers (unfused, an Int32Array store makes it +0).
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { AllocationError, configure } from '../../runtime/index.js';

afterAll(() => configure({ workers: 0 }));

describe('lazy fusion: review regressions', () => {
  it.each([0, 1, 2])('to_ndarray of a lazy array returns filled memory (workers=%i)', async (workers) => {
    configure({ workers });
    const n = 4_000_000; // 32 MB: pieces go to the pool
    const base = np.ones([n]);
    await base.sum().itemAsync(); // the pool's loops start (the first launches may run inline)
    await new Promise((r) => setTimeout(r, 50));
    const v = base.add(1).to_ndarray();
    let sum = 0;
    for (let i = 0; i < n; i++) sum += v.get(i);
    expect(sum).toBe(2 * n);
  });

  it('a result too large for one region raises AllocationError at the call; operands stay writable', () => {
    configure({ workers: 0 });
    const a = np.zeros([50_000, 1]);
    expect(() => np.zeros([1, 50_000]).add(a)).toThrow(AllocationError);
    expect(() => np.zeros([1, 50_000]).add(a)).toThrow(/^add: argument 'out' expected a result of at most/);
    a.fill(1);
    expect(a.sum().item()).toBe(50_000);
  });

  it.each([0, 2])(
    'int32 where/minimum/maximum/clip with a weak -0 give +0, as unfused (workers=%i)',
    (workers) => {
      configure({ workers });
      const c = np.array([true, true]);
      const i = np.array([5, 5], { dtype: 'int32' });
      const z = np.zeros([2], { dtype: 'int32' });
      expect(np.divide(1, np.where(c, -0, i)).tolist()).toEqual([Infinity, Infinity]);
      expect(np.divide(1, np.minimum(z, -0)).tolist()).toEqual([Infinity, Infinity]);
      expect(np.divide(1, np.maximum(z, -0)).tolist()).toEqual([Infinity, Infinity]);
      expect(np.divide(1, np.clip(z, -0, -0)).tolist()).toEqual([Infinity, Infinity]);
      // The same, forced op by op (each result materialized before the next op).
      const w = np.where(c, -0, i);
      w.tolist();
      expect(np.divide(1, w).tolist()).toEqual([Infinity, Infinity]);
    },
  );
});
