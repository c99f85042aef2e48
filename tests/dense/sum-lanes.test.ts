/**
 * A full float64 sum (`np.sum`, `np.mean`, and `np.var`'s squared deviations) folds each reduction block of 4096 elements in
 * codegen's lane order (`SUM_LANES`: eight running sums from +0 over the first multiple of eight
 * elements, joined as ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)), then the rest in order)
 * and the blocks from 0 in order — checked against that order written plainly, bit for bit, on
 * data whose sums depend on the order (magnitudes from 1e-8 to 1e8, ±0, NaN, ±Inf), contiguous
 * and strided, at pool sizes 0, 1, 2. A fused `sum(f(x))` gives the same bits as `f(x)` stored
 * and summed (tests/dense/reduce-fused.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DEFAULT_REDUCTION_BLOCK } from '../../runtime/index.js';
import { laneSum } from '../codegen/fusion-reference.js';
import { POOLS } from './ref.js';

/** Blocks of DEFAULT_REDUCTION_BLOCK, each in lane order, joined from 0 in block order. */
function blockSum(v: ArrayLike<number>): number {
  let s = 0;
  for (let b = 0; b < v.length; b += DEFAULT_REDUCTION_BLOCK)
    s += laneSum(v, b, Math.min(v.length, b + DEFAULT_REDUCTION_BLOCK));
  return s;
}

const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
// Finite values whose sums round (fast-check's doubles favour integers and bounds, whose sums are
// exact), and the special values, rarely: a long array holding one would make every sum NaN or ±∞
// (and the order untestable), so they come in short arrays (the second property).
const finite = fc
  .tuple(fc.integer({ min: 1, max: 2 ** 30 }), fc.integer({ min: -8, max: 8 }))
  .map(([i, e]) => Math.sin(i) * 10 ** e);
const value = fc.oneof(
  { weight: 16, arbitrary: finite },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, Number.NaN, Infinity, -Infinity) },
);

describe.each(POOLS)('np.sum in lane order at pool size %i', (workers) => {
  it('equals the documented order, contiguous and strided', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        fc.oneof(
          // Lengths drawn uniformly (fast-check's default size keeps arrays to ~10 elements).
          fc
            .integer({ min: 1, max: 3 * DEFAULT_REDUCTION_BLOCK + 77 })
            .chain((n) => fc.array(finite, { minLength: n, maxLength: n })),
          fc.array(value, { minLength: 1, maxLength: 40 }),
        ),
        fc.integer({ min: 2, max: 3 }),
        (vals, step) => {
          const a = np.array(vals);
          const got = np.sum(a).item() as number;
          if (!same(got, blockSum(vals))) expect(got).toBe(blockSum(vals));
          // Every `step`-th element: a strided view, the same order over its elements.
          const picked = vals.filter((_, i) => i % step === 0);
          const strided = np.sum(a.get(`::${step}`)).item() as number;
          if (!same(strided, blockSum(picked))) expect(strided).toBe(blockSum(picked));
          // var: the squared deviations from the mean summed in the same order, over n.
          const m = np.mean(a).item() as number;
          const dev = vals.map((x) => (x - m) * (x - m));
          const v = np.var(a).item() as number;
          if (!same(v, blockSum(dev) / vals.length)) expect(v).toBe(blockSum(dev) / vals.length);
          const ms = np.mean(a.get(`::${step}`)).item() as number;
          const devs = picked.map((x) => (x - ms) * (x - ms));
          const vs = np.var(a.get(`::${step}`)).item() as number;
          if (!same(vs, blockSum(devs) / picked.length)) expect(vs).toBe(blockSum(devs) / picked.length);
          a.dispose();
        },
      ),
      { numRuns: 40 },
    );
  });
});

it('the lane order is not the index order (the test above can tell them apart)', () => {
  const v = [1e16, 1, -1e16, 1, 0, 0, 0, 0, 1];
  let serial = 0;
  for (const x of v) serial += x;
  expect(laneSum(v, 0, v.length)).not.toBe(serial);
});
