/**
 * A full reduction of a cheap pending value folds it without storing it (dense/lazy.ts
 * `reduceLazy`, with `COHORT_FOLD_UNSTORED=1`; the test turns it on): the temporary of
 * `np.sum(np.multiply(y, y))` never gets a region.
 * The array stays pending, marked folded, and is stored at its next use — as an operand, a second
 * reduction, a read — so a value used again is computed twice at most, never at every use. Values
 * and bits are those of storing first (the naive loop, and `setFoldUnstored(false)`), also after
 * a write to an operand, at pool sizes 0 and 2.
 */

import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { setFoldUnstored } from '../../dense/lazy.js';

afterAll(() => configure({ workers: 0 }));

/** Finite doubles, no -0 (the naive values below are computed from the JavaScript inputs). */
const finite = fc.double({ min: -1e3, max: 1e3, noNaN: true }).map((v) => (v === 0 ? 0 : v));

const bits = (v: number): string => Buffer.from(Float64Array.of(v).buffer).toString('hex');

function run(xs: number[], ys: number[], fold: boolean) {
  const was = setFoldUnstored(fold);
  try {
    const x = np.array(xs, { dtype: 'float64' });
    const y = np.array(ys, { dtype: 'float64' });
    const a = np.multiply(x, y);
    const s1 = np.sum(a).item() as number;
    const pendingAfterSum = a._store === null;
    const s2 = np.sum(a).item() as number; // a second reduction stores it
    const storedAfterSecond = a._store !== null;
    const c = np.multiply(x, 2);
    np.sum(c).item();
    const foldedC = c._folded;
    x.iadd(1); // a write to c's operand: c is computed first, with the old x
    const cv = Array.from(c.toArray() as Float64Array);
    const d = np.add(y, 3);
    np.sum(d).item();
    const e = np.multiply(d, d); // d is stored at this use, e computed from it
    const ev = Array.from(e.toArray() as Float64Array);
    return {
      s1: bits(s1),
      s2: bits(s2),
      pendingAfterSum,
      storedAfterSecond,
      foldedC,
      cv,
      ev,
      dStored: d._store !== null,
    };
  } finally {
    setFoldUnstored(was);
  }
}

describe('reductions fold cheap temporaries without storing them', () => {
  for (const workers of [0, 2]) {
    it(`keeps the values and bits of storing first, at ${workers} workers`, () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc
            .integer({ min: 1, max: 70_000 })
            .chain((n) =>
              fc.tuple(
                fc.array(finite, { minLength: n, maxLength: n }),
                fc.array(finite, { minLength: n, maxLength: n }),
              ),
            ),
          ([xs, ys]) => {
            const on = run(xs, ys, true);
            const off = run(xs, ys, false);
            expect(off.foldedC).toBe(false);
            expect(on.s1).toBe(off.s1);
            expect(on.s2).toBe(off.s2);
            expect(on.cv).toEqual(off.cv);
            expect(on.ev).toEqual(off.ev);
            expect(on.cv).toEqual(xs.map((v) => v * 2));
            expect(on.ev).toEqual(ys.map((v) => (v + 3) * (v + 3)));
          },
        ),
        { numRuns: 15 },
      );
    }, 60_000);
  }

  it('leaves the temporary pending after the sum and stores it at its next use (1e5 elements)', () => {
    configure({ workers: 2 });
    const xs = Array.from({ length: 100_000 }, (_, i) => (i % 97) - 40);
    const on = run(xs, xs, true);
    expect(on.pendingAfterSum).toBe(true);
    expect(on.storedAfterSecond).toBe(true);
    expect(on.foldedC).toBe(true);
    expect(on.dStored).toBe(true);
  });
});
