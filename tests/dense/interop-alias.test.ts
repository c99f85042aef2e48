/**
 * The same shared memory is one region: arrays made from a scijs view of a cohort array (or from
 * one SharedArrayBuffer-backed typed array twice) are ordered with the original by the dependence
 * analysis, and pending lazy results see none of their later writes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';

afterAll(() => configure({ workers: 0 }));

describe('aliases through interop share one region', () => {
  it.each([0, 2])(
    'a lazy result of x ignores writes through from_ndarray(x.to_ndarray()) (workers=%i)',
    (workers) => {
      configure({ workers });
      const x = np.array([1, 2, 3, 4]);
      const y = np.from_ndarray(x.to_ndarray());
      const z = x.add(1);
      y.fill(0);
      expect(z.tolist()).toEqual([2, 3, 4, 5]);
      expect(x.tolist()).toEqual([0, 0, 0, 0]);
    },
  );

  it('np.array of one shared typed array twice: the second sees the first, lazies see neither later write', () => {
    configure({ workers: 0 });
    const sab = new Float64Array(new SharedArrayBuffer(4 * 8));
    sab.set([10, 20, 30, 40]);
    const a = np.array(sab);
    const b = np.array(sab);
    const lazy = a.multiply(1);
    b.fill(70);
    expect(lazy.tolist()).toEqual([10, 20, 30, 40]);
    expect(a.tolist()).toEqual([70, 70, 70, 70]);
  });

  it.each([1, 2])('pool writes through either alias are ordered (workers=%i)', async (workers) => {
    configure({ workers });
    const n = 2_000_000;
    const x = np.zeros([n]);
    await x.sum().itemAsync(); // the pool's loops start
    await new Promise((r) => setTimeout(r, 50));
    const y = np.from_ndarray(x.to_ndarray());
    for (let k = 0; k < 5; k++) {
      x.iadd(1);
      y.imul(2);
    }
    // ((((0+1)*2+1)*2+1)*2+1)*2+1)*2 = 62
    expect(x.max().item()).toBe(62);
    expect(x.min().item()).toBe(62);
  });
});
