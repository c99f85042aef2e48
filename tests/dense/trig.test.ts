/**
 * np.sin / np.cos / np.tanh through the launch paths (flat Wasm with the `e.trig` import for huge lanes,
 * 2-D rows mode, the strided JavaScript kernel, float32): every element equals codegen's `ftrig`
 * (within 1 ulp of the correctly rounded value, tests/codegen/wasm-math.test.ts), so the bits are
 * the same at every pool size.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mathJS } from '../../codegen/wasm-math.js';
import { ftrig } from '../../codegen/wasm-trig.js';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import { POOLS } from './ref.js';

const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
const valueArb = fc.oneof(
  fc.double(),
  fc.double({ min: -10, max: 10, noNaN: true }),
  fc.constantFrom(0, -0, 1e22, -1e300, 1.6e6, Infinity, Number.NaN, 5e-324, Math.PI / 2),
);

describe.each(POOLS)('sin, cos and tanh at pool size %i', (workers) => {
  it('contiguous, fused, 2-D views and strided: each element is ftrig of it', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        fc.array(valueArb, { minLength: 1, maxLength: 3000 }),
        fc.integer({ min: 1, max: 40 }),
        (vals, w) => {
          const x = np.array(vals, { dtype: 'float64' }); // all-integer values would infer int32
          const s = np.sin(x).toArray() as Float64Array;
          const c = np.cos(x).toArray() as Float64Array;
          const f = np.add(np.multiply(np.sin(x), 2), np.cos(x)).toArray() as Float64Array;
          const th = np.tanh(x).toArray() as Float64Array;
          vals.forEach((v, i) => {
            if (!same(s[i]!, ftrig(v, 0))) expect([v, s[i]]).toEqual([v, ftrig(v, 0)]);
            if (!same(c[i]!, ftrig(v, 1))) expect([v, c[i]]).toEqual([v, ftrig(v, 1)]);
            if (!same(th[i]!, mathJS.ftanh!(v))) expect([v, th[i]]).toEqual([v, mathJS.ftanh!(v)]);
            const r = ftrig(v, 0) * 2 + ftrig(v, 1);
            if (!same(f[i]!, r)) expect([v, f[i]]).toEqual([v, r]);
          });
          // A 2-D view with contiguous rows (rows mode when w ≥ 32) and a strided one.
          const rows = Math.floor(vals.length / w);
          if (rows >= 2) {
            const m = x.get(`:${rows * w}`).reshape(rows, w);
            const inner = m.get(':, 1:');
            const got = np.sin(inner).toArray() as Float64Array;
            const strided = np.cos(m.get('::2, ::-1')).toArray() as Float64Array;
            for (let i = 0; i < rows; i++)
              for (let j = 1; j < w; j++) {
                const v = vals[i * w + j]!;
                if (!same(got[i * (w - 1) + j - 1]!, ftrig(v, 0)))
                  expect([v, got[i * (w - 1) + j - 1]]).toEqual([v, ftrig(v, 0)]);
              }
            for (let i = 0; 2 * i < rows; i++)
              for (let j = 0; j < w; j++) {
                const v = vals[2 * i * w + (w - 1 - j)]!;
                if (!same(strided[i * w + j]!, ftrig(v, 1)))
                  expect([v, strided[i * w + j]]).toEqual([v, ftrig(v, 1)]);
              }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('float32 input computes in float64 and rounds once; huge arguments reduce exactly', () => {
    configure({ workers });
    const v = [0.5, -3, 1e30, 1e7];
    const s = np.sin(np.array(v, { dtype: 'float32' })).toArray() as Float32Array;
    v.forEach((x, i) => {
      expect(s[i]).toBe(Math.fround(ftrig(Math.fround(x), 0)));
    });
    const big = np.multiply(np.ones([4001]), 1e22);
    expect(np.cos(big).get('4000').item()).toBe(0.523214785395139);
  });
});
