/**
 * `power(a, 2)` on float arrays takes NumPy's fast path, `a * a`: the same bits as the C `pow`
 * (`Math.pow(x, 2)`) for every float64 (specials included) and as float32 `pow` rounded once; the
 * result fuses (a lazy array) and honours `out`, at pool sizes 0, 1, 2.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

const f64 = fc.oneof(
  { weight: 20, arbitrary: fc.double() },
  {
    weight: 1,
    arbitrary: fc.constantFrom(-0, 0, Number.NaN, Infinity, -Infinity, 1e-320, 1.3e154, -1.5e-162),
  },
);

describe.each(POOLS)('power(a, 2) at pool size %i', (workers) => {
  it('equals Math.pow(x, 2) bit for bit (float64), fround(x·x) (float32), with and without out', () => {
    configure({ workers });
    fc.assert(
      fc.property(fc.array(f64, { minLength: 1, maxLength: 300 }), (v) => {
        const a = np.array(v);
        const got = np.power(a, 2).toArray() as Float64Array;
        const viaLazy = np.power(np.add(a, 0), 2).toArray() as Float64Array;
        const out = np.zeros([v.length]);
        np.power(a, 2, out);
        const outv = out.toArray() as Float64Array;
        for (let i = 0; i < v.length; i++) {
          const want = (v[i]! + 0) ** 2;
          expect(Object.is(got[i], v[i]! ** 2)).toBe(true);
          expect(Object.is(viaLazy[i], want)).toBe(true);
          expect(Object.is(outv[i], v[i]! ** 2)).toBe(true);
        }
        const a32 = np.array(v, { dtype: 'float32' });
        const r32 = np.power(a32, 2);
        expect(r32.dtype).toBe('float32');
        const g32 = r32.toArray() as Float32Array;
        const s32 = a32.toArray() as Float32Array;
        for (let i = 0; i < v.length; i++)
          expect(Object.is(g32[i], Math.fround(s32[i]! * s32[i]!))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps the general path for other exponents, integers and dtype=', () => {
    configure({ workers });
    expect(np.power(np.array([1, 2, 3]), 2).dtype).toBe('int32');
    expect(np.power(np.array([1, 2, 3]), 2).tolist()).toEqual([1, 4, 9]);
    expect(np.power(np.array([1.5, -2]), 3).tolist()).toEqual([3.375, -8]);
    expect(np.power(np.array([1.5, -2]), 2, { dtype: 'float32' }).dtype).toBe('float32');
  });
});
