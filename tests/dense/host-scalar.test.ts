/**
 * 0-d float64 arithmetic on known values runs on the issuing thread (dense/host-scalar.ts): bit
 * for bit the kernel's result (the same ops into `{out}` run the kernel), including NaN, ±0, ±∞
 * and subnormals; values written since are never used stale; pending values take the kernel; and
 * a chain of such steps launches nothing.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { DefaultMapper } from '../../mapper/index.js';
import { configure, partitionStats } from '../../runtime/index.js';
import { warmPool } from '../runtime/pool-helpers.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

/** The float64 bits; every NaN alike (its sign and payload depend on the CPU and the JIT tier). */
const bits = (v: number) => {
  if (Number.isNaN(v)) return 'NaN';
  const b = new Float64Array([v]);
  return Buffer.from(b.buffer).toString('hex');
};
/** A 0-d array whose value is known (an inline reduction's result). */
const known = (v: number) => np.dot(np.array([v], { dtype: 'float64' }), np.array([1], { dtype: 'float64' }));

const valueArb = fc.oneof(
  fc.double(),
  fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 5e-324, -1e-310),
);

type Op = (a: np.ndarray, b: np.ndarray, out?: { out: np.ndarray }) => np.ndarray;
const OPS: [string, Op][] = [
  ['add', (a, b, o) => np.add(a, b, o)],
  ['subtract', (a, b, o) => np.subtract(a, b, o)],
  ['multiply', (a, b, o) => np.multiply(a, b, o)],
  ['divide', (a, b, o) => np.divide(a, b, o)],
  ['negative', (a, _b, o) => np.negative(a, o)],
  ['abs', (a, _b, o) => np.abs(a, o)],
  ['sqrt', (a, _b, o) => np.sqrt(a, o)],
  [
    'a*2.5 - b/3',
    (a, b, o) =>
      o ? np.subtract(np.multiply(a, 2.5), np.divide(b, 3), o) : a.multiply(2.5).subtract(b.divide(3)),
  ],
];

describe('0-d arithmetic on known values', () => {
  for (const workers of [0, 2]) {
    it(`gives the kernel's bits (pool size ${workers})`, () => {
      configure({ workers, mapper: new DefaultMapper({ inlineLaunchBytes: 4 * 2 ** 20 }) });
      fc.assert(
        fc.property(valueArb, valueArb, fc.constantFrom(...OPS), (x, y, [, op]) => {
          const a = known(x);
          const b = known(y);
          const before = partitionStats().onePiece;
          const host = op(a, b);
          const hostLaunches = partitionStats().onePiece - before;
          const out = np.zeros([]);
          op(a, b, { out });
          expect(bits(host.item() as number)).toBe(bits(out.item() as number));
          expect(hostLaunches).toBe(0);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('never uses a value written since it was known', () => {
    configure({ workers: 0 });
    const a = known(3);
    a.iadd(1); // a kernel writes the region: its known value is stale
    expect(np.multiply(a, 2).item()).toBe(8);
    const v = a.get('...');
    v.isub(2); // a write through a view of the same region
    expect(np.multiply(a, 2).item()).toBe(4);
  });

  it('takes the kernel for other dtypes and operations, and for values not known', async () => {
    configure({ workers: 0 });
    const count = (f: () => unknown) => {
      const before = partitionStats().onePiece;
      f();
      return partitionStats().onePiece - before;
    };
    const a = known(2);
    expect(count(() => np.less(a, 3))).toBe(1); // a boolean result
    expect(count(() => np.exp(a))).toBe(1); // not one of + − × ÷ neg abs sqrt
    expect(count(() => np.divide(np.full([], 2, { dtype: 'float32' }), a))).toBeGreaterThan(0);
    expect(count(() => np.multiply(np.full([], 2), a))).toBe(1); // np.full: filled by a kernel
    // A reduction on the pool gives a pending value: the next step is a kernel too.
    configure({
      workers: 2,
      mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 64 }),
    });
    np.ones([100_000]).sum().item(); // starts the pool
    await warmPool();
    const d = np.dot(np.ones([100_000]), np.ones([100_000]));
    expect(count(() => np.divide(d, 2))).toBe(1);
    expect(np.divide(d, 2).item()).toBe(50_000);
  });

  it('a chain of steps launches nothing, and its values are exact', () => {
    configure({ workers: 0 });
    const rr = known(10);
    const pAp = known(4);
    const before = partitionStats().onePiece;
    const alpha = rr.divide(pAp);
    const beta = np.sqrt(alpha.multiply(alpha)).subtract(0.5);
    expect(partitionStats().onePiece - before).toBe(0);
    expect(alpha.item()).toBe(2.5);
    expect(beta.item()).toBe(2);
  });
});
