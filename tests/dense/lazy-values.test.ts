/**
 * A known 0-d value (an inline reduction's or a host scalar's result, `ndarray._fromValue`) used
 * as an element-wise operand is a strong scalar parameter of its own dtype (dense/lazy.ts
 * `compose`): no region is made for it, and the results are bitwise those of the same operation
 * on a 0-d array with a region, for every dtype, pending or in place, at pool sizes 0, 1, 2.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import { POOLS, valueArb } from './ref.js';

afterAll(() => configure({ workers: 0 }));

const DT = ['float64', 'float32', 'int32', 'uint8', 'bool'] as const;
type Op = (a: np.Operand, b: np.Operand, o?: { out: np.ndarray }) => np.ndarray;
const OPS: Record<string, Op> = {
  add: np.add,
  subtract: np.subtract,
  multiply: np.multiply,
  divide: np.divide,
  maximum: np.maximum,
  less: np.less,
};

/** Element-wise equality with the sign of zero and NaN (Object.is). */
function sameBits(a: np.ndarray, b: np.ndarray): void {
  expect(a.dtype).toBe(b.dtype);
  expect(a.shape).toEqual(b.shape);
  const x = a.tolist() as number[];
  const y = b.tolist() as number[];
  for (let i = 0; i < x.length; i++) expect(Object.is(x[i], y[i])).toBe(true);
}

describe('known 0-d values as scalar parameters', () => {
  it.each(POOLS)('same bits as a 0-d array with a region, no region made (workers=%i)', (workers) => {
    configure({ workers });
    fc.assert(
      fc.property(
        fc.constantFrom(...DT),
        fc.constantFrom(...DT),
        fc.constantFrom(...Object.keys(OPS)),
        fc.integer({ min: 1, max: 300 }),
        fc.boolean(),
        fc.boolean(),
        (dx, dv, op, n, first, inPlace) =>
          fc.assert(
            fc.property(valueArb(dx), valueArb(dv), (xv, vv) => {
              const x = np
                .full([n], xv, { dtype: dx })
                .add(np.arange(n, undefined, undefined, { dtype: dx }));
              x.get('0').item();
              // A known 0-d value: the maximum of a one-element array (an inline reduction), or
              // the value itself when the pool ran the reduction.
              const v = np.max(np.full([1], vv, { dtype: dv }));
              const stored = np.array(v.item() as number, { dtype: v.dtype });
              stored.store; // a region
              const f = OPS[op]!;
              const known = v._store === null && v._lazy === null;
              let want: np.ndarray;
              try {
                want = first ? f(stored, x.multiply(1)) : f(x.multiply(1), stored);
              } catch (e) {
                expect(() => (first ? f(v, x.multiply(1)) : f(x.multiply(1), v))).toThrow(
                  (e as Error).constructor as never,
                );
                return;
              }
              if (inPlace && want.dtype === x.dtype) {
                const a = x.copy();
                const b = x.copy();
                (first ? f(v, x) : f(x, v)).tolist(); // pending, then read
                f(a, v, { out: a });
                f(b, stored, { out: b });
                sameBits(a, b);
              }
              const got = first ? f(v, x.multiply(1)) : f(x.multiply(1), v);
              sameBits(got, want);
              if (known) expect(v._store).toBeNull(); // no region was made for it
            }),
            { numRuns: 3 },
          ),
      ),
      { numRuns: 40 },
    );
  });

  it.each(POOLS)('a float32 reduction is used as the float32 its region holds (workers=%i)', (workers) => {
    configure({ workers });
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 200 }), fc.double({ min: -10, max: 10, noNaN: true }), (n, c) => {
        const p = np.linspace(c, c + 1, n, { dtype: 'float32' });
        const v = np.dot(p, p.multiply(0.1)); // accumulated wider than float32
        const stored = np.array(v.item() as number, { dtype: 'float32' });
        stored.store;
        sameBits(p.multiply(v), p.multiply(stored));
        sameBits(np.divide(v, p), np.divide(stored, p));
        const a = p.copy();
        const b = p.copy();
        a.iadd(v);
        b.iadd(stored);
        sameBits(a, b);
      }),
      { numRuns: 30 },
    );
  });

  it.each(POOLS)('a solver-style update with 0-d alpha and beta (workers=%i)', (workers) => {
    configure({ workers });
    const n = 1024;
    const p = np.linspace(0, 1, n);
    const q = np.linspace(1, 3, n);
    const x = np.zeros([n]);
    const ref = new Float64Array(n);
    const pv = p.tolist() as number[];
    const qv = q.tolist() as number[];
    const alpha = np.dot(p, p).divide(np.dot(p, q)); // known values: no region
    const a = alpha.item() as number;
    x.iadd(p.multiply(alpha));
    x.isub(q.multiply(alpha).multiply(alpha));
    for (let i = 0; i < n; i++) ref[i] = 0 + pv[i]! * a - qv[i]! * a * a;
    expect(x.tolist()).toEqual(Array.from(ref));
  });
});
