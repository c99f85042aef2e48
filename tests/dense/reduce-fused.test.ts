/**
 * A full reduction of a pending 1-D element-wise value (`sum(y * y)`, `sum(power(y, 2))`,
 * `max(abs(x - y))`) runs as one launch with the element-wise kernel, block by block (runtime
 * launch-pair fusion): the trace shows the pair, and the result has the bits of the unfused
 * evaluation (the values materialized first, then reduced) at pool sizes 0, 1, 2.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, fence, traceStart, traceStop } from '../../runtime/index.js';
import { POOLS } from './ref.js';

const REDUCE = { sum: np.sum, max: np.max, min: np.min, prod: np.prod };
const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));

describe.each(POOLS)('reductions of pending element-wise values at pool size %i', (workers) => {
  it('equal the unfused bits; a pool runs each as one launch', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.constantFrom(0, -0, Number.NaN)),
          {
            minLength: 1,
            maxLength: 20000,
          },
        ),
        fc.constantFrom('sum', 'max', 'min', 'prod') as fc.Arbitrary<'sum' | 'max' | 'min' | 'prod'>,
        (vals, kind) => {
          const y = np.array(vals, { dtype: 'float64' }); // all-integer values would infer int32
          const x = np.array(
            vals.map((v) => v * 0.5),
            { dtype: 'float64' },
          );
          const exprs = [() => np.multiply(y, y), () => np.power(y, 2), () => np.abs(np.subtract(x, y))];
          for (const e of exprs) {
            const unfused = e();
            unfused.get('0').item(); // materialized on its own first
            const ref = REDUCE[kind](unfused).item() as number;
            const got = REDUCE[kind](e()).item() as number;
            if (!same(got, ref)) expect([kind, got]).toEqual([kind, ref]);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('is one launch (the trace names the pair)', () => {
    configure({ workers });
    const y = np.linspace(0, 1, 200_000);
    y.sum().item();
    fence();
    traceStart();
    const s = np.sum(np.multiply(y, y)).item();
    fence();
    const ops = new Set(traceStop().map((r) => r.op));
    if (workers > 0) expect([...ops].some((o) => o.includes('+'))).toBe(true);
    let ref = 0;
    const v = y.toArray() as Float64Array;
    for (const t of v) ref += t * t;
    expect(Math.abs(s - ref)).toBeLessThan(1e-9 * ref);
  });
});
