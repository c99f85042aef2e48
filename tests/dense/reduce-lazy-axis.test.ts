/**
 * A pending broadcast expression summed along its last axis (`((X[:, None, :] − C[None]) ** 2)
 * .sum(2)`) runs without its full temporary (dense/reduce-lazy-axis.ts) and gives the bits of
 * materializing the expression and then summing it (NumPy's pairwise order along the innermost
 * axis: rows shorter than 8, up to 128, and longer ones split), at pool sizes 0, 1, 2 with small
 * pieces; the expression stays pending (not computed by the sum), a second sum of it materializes
 * it, and a write to an operand afterwards leaves the expression's values as they were.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { lazyStats } from '../../dense/lazy.js';
import { configure, DefaultMapper } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

const same = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((x, i) => Object.is(x, b[i]));

/** Values whose sums round (fractions), with signed zeros. */
const value = fc.oneof(
  { weight: 10, arbitrary: fc.double({ min: -10, max: 10, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, 0.1, 1e-300) },
);

const EXPRS: [string, (x: np.ndarray, c: np.ndarray) => np.ndarray][] = [
  ['squared difference', (x, c) => np.power(np.subtract(x, c), 2)],
  ['absolute difference', (x, c) => np.abs(np.subtract(x, c))],
  ['affine product', (x, c) => np.add(np.multiply(x, c), 0.25)],
];

describe.each(POOLS)('sums along the last axis of pending broadcasts at pool size %i', (workers) => {
  it('equal the materialized expression summed, bit for bit, and compute no temporary', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 }) });
    fc.assert(
      fc.property(
        fc
          .record({
            n: fc.integer({ min: 1, max: 30 }),
            k: fc.integer({ min: 1, max: 7 }),
            // Rows of every pairwise case: < 8, ≤ 128, split.
            d: fc.oneof(
              { weight: 3, arbitrary: fc.constantFrom(7, 8, 9, 16, 17, 128, 129) },
              { weight: 1, arbitrary: fc.integer({ min: 1, max: 20 }) },
              { weight: 1, arbitrary: fc.integer({ min: 120, max: 300 }) },
            ),
            e: fc.integer({ min: 0, max: EXPRS.length - 1 }),
          })
          .chain((s) =>
            fc.record({
              s: fc.constant(s),
              x: fc.array(value, { minLength: s.n * s.d, maxLength: s.n * s.d }),
              c: fc.array(value, { minLength: s.k * s.d, maxLength: s.k * s.d }),
            }),
          ),
        ({ s: { n, k, d, e }, x, c }) => {
          const X = np.array(x).reshape(n, d);
          const C = np.array(c).reshape(k, d);
          const f = EXPRS[e]![1];
          const expr = f(X.reshape(n, 1, d), C.reshape(1, k, d));
          const got = np.sum(expr, { axis: 2 });
          // The sum did not compute the expression (a broadcast: larger than its operands).
          if (n * k > n + k) expect(expr._lazy !== null && expr._lazy.result === null).toBe(true);
          // The expression's values stored (a plain array, not pending), then summed.
          const stored = np.array(f(X.reshape(n, 1, d), C.reshape(1, k, d)).toArray() as Float64Array);
          const want = np.sum(stored.reshape(n, k, d), { axis: 2 });
          expect(got.shape).toEqual([n, k]);
          expect(same(got.toArray() as Float64Array, want.toArray() as Float64Array)).toBe(true);
          // A second sum of the same pending value materializes it (same bits).
          expect(
            same(np.sum(expr, { axis: 2 }).toArray() as Float64Array, want.toArray() as Float64Array),
          ).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps the expression right when an operand is written after the sum, without computing it then', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 }) });
    const X = np.array([1, 2, 3, 4, 5, 6]).reshape(3, 2);
    const C = np.array([0.5, 1, 2, 0]).reshape(2, 2);
    const expr = np.power(np.subtract(X.reshape(3, 1, 2), C.reshape(1, 2, 2)), 2);
    expect(np.sum(expr, { axis: 2 }).tolist()).toEqual([
      [1.25, 5],
      [15.25, 17],
      [45.25, 45],
    ]);
    // The write copies what the pending value reads (far smaller than it) instead of computing it.
    const computed = lazyStats.computedOnWrite;
    X.set(':', 0);
    expect(lazyStats.computedOnWrite).toBe(computed);
    expect(expr._lazy !== null && expr._lazy.result === null).toBe(true);
    expect(expr.tolist()).toEqual([
      [
        [0.25, 1],
        [1, 4],
      ],
      [
        [6.25, 9],
        [1, 16],
      ],
      [
        [20.25, 25],
        [9, 36],
      ],
    ]);
  });
});

it('a write to an operand of a summed broadcast copies the operand instead of computing the broadcast', () => {
  configure({ workers: 0, mapper: new DefaultMapper() });
  const X = np.array(Array.from({ length: 400 }, (_, i) => Math.sin(i))).reshape(200, 2);
  const C = np.array(Array.from({ length: 20 }, (_, i) => Math.cos(i))).reshape(10, 2);
  const e = np.multiply(X.reshape(200, 1, 2), C.reshape(1, 10, 2));
  const want = (e.copy().toArray() as Float64Array).slice();
  np.sum(e, { axis: 2 }).toArray();
  const before = lazyStats.computedOnWrite;
  np.multiply(C, 0.9, { out: C });
  expect(lazyStats.computedOnWrite).toBe(before);
  expect(Array.from(e.toArray() as Float64Array)).toEqual(Array.from(want));
});

/** Whether `a` has been computed (not pending, or its pending state holds its value). */
const computed = (a: np.ndarray) => a._lazy === null || a._lazy.result !== null;

it('a sum along another axis, or of a pending value no larger than its operands, takes the usual path', () => {
  configure({ workers: 0, mapper: new DefaultMapper() });
  const X = np.array([1, 2, 3, 4, 5, 6]).reshape(3, 2);
  const C = np.array([0.5, 1, 2, 0]).reshape(2, 2);
  const expr = np.multiply(X.reshape(3, 1, 2), C.reshape(1, 2, 2));
  expect(np.sum(expr, { axis: 1 }).tolist()).toEqual([
    [2.5, 2],
    [7.5, 4],
    [12.5, 6],
  ]);
  expect(computed(expr)).toBe(true);
  const y = np.multiply(X, 2);
  expect(np.sum(y, { axis: 1 }).tolist()).toEqual([6, 14, 22]);
  expect(computed(y)).toBe(true);
  const z = np.multiply(X.reshape(3, 1, 2), C.reshape(1, 2, 2));
  np.sum(z, { axis: 2 });
  expect(computed(z)).toBe(false);
});

it('inside np.fuse, a pending value summed along its last axis is computed (its operands may change after)', () => {
  configure({ workers: 0, mapper: new DefaultMapper() });
  const X = np.array([1.5, 2, 3, 4, 5, 6]).reshape(3, 2);
  const C = np.array([0.5, 1, 2, 0]).reshape(2, 2);
  const f = np.fuse(() => {
    const d = np.subtract(X.reshape(3, 1, 2), C.reshape(1, 2, 2));
    const e = np.multiply(d, 2);
    const s = np.sum(d, { axis: 2 });
    np.add(C, 1, { out: C });
    return { s, e, d };
  });
  const r = f();
  expect(r.s.tolist()).toEqual([
    [2, 1.5],
    [5.5, 5],
    [9.5, 9],
  ]);
  expect(r.d.tolist()).toEqual([
    [
      [1, 1],
      [-0.5, 2],
    ],
    [
      [2.5, 3],
      [1, 4],
    ],
    [
      [4.5, 5],
      [3, 6],
    ],
  ]);
});
