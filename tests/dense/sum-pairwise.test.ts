/**
 * Axis sums add pairwise along the axis that is innermost in memory, as NumPy does (its
 * `pairwise_sum`), and in order along the others. Checked bit for bit against a plain recursive
 * reference on long axes (the existing reduction properties use axes of at most 4, which add in
 * order either way), over C-ordered arrays, transposes and strided views with negative steps,
 * with NaN, ±Inf and -0, at pool sizes 0, 1 and 2. NumPy's own bits: tests/dense/fixtures.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import { POOLS } from './ref.js';

/** NumPy's pairwise summation of v[0..n), written plainly. */
function pairwise(v: readonly number[]): number {
  const n = v.length;
  if (n < 8) {
    let acc = 0;
    for (const x of v) acc += x;
    return acc;
  }
  if (n <= 128) {
    const s = v.slice(0, 8);
    let k = 8;
    for (; k < n - (n % 8); k += 8) for (let j = 0; j < 8; j++) s[j]! += v[k + j]!;
    let acc = s[0]! + s[1]! + (s[2]! + s[3]!) + (s[4]! + s[5]! + (s[6]! + s[7]!));
    for (; k < n; k++) acc += v[k]!;
    return acc;
  }
  let half = Math.floor(n / 2);
  half -= half % 8;
  return pairwise(v.slice(0, half)) + pairwise(v.slice(half));
}

const value = fc.oneof(
  { weight: 20, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }) },
  { weight: 4, arbitrary: fc.integer({ min: -40, max: 40 }).map((e) => 1.5 * 2 ** e) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0),
  },
);

const caseArb = fc
  .record({
    rows: fc.integer({ min: 1, max: 5 }),
    cols: fc.integer({ min: 0, max: 300 }),
    step: fc.constantFrom(1, 2, -1, -3),
  })
  .chain((c) =>
    fc.record({
      c: fc.constant(c),
      vals: fc.array(value, { minLength: c.rows * c.cols, maxLength: c.rows * c.cols }),
    }),
  );

for (const workers of POOLS) {
  describe(`axis sums: pairwise along the innermost axis (workers=${workers})`, () => {
    it('row sums of C-ordered arrays and strided views, column sums of transposes: bit for bit', () => {
      configure({ workers });
      fc.assert(
        fc.property(caseArb, ({ c, vals }) => {
          const a = np.array(vals).reshape([c.rows, c.cols]);
          const row = (i: number) => vals.slice(i * c.cols, (i + 1) * c.cols);
          const want = Array.from({ length: c.rows }, (_, i) => pairwise(row(i)));
          const rows = Array.from(np.sum(a, { axis: 1 }).toArray());
          const cols = Array.from(np.sum(a.T, { axis: 0 }).toArray()); // a.T is Fortran-ordered
          // A strided view along the rows: still the innermost axis in memory.
          const v = a.get(`:, ${c.step > 0 ? '' : '-1'}::${c.step}`);
          const wantV = Array.from({ length: c.rows }, (_, i) => {
            const r = row(i);
            const picked: number[] = [];
            const back = -c.step;
            if (c.step > 0) for (let k = 0; k < r.length; k += c.step) picked.push(r[k]!);
            else for (let k = r.length - 1; k >= 0; k -= back) picked.push(r[k]!);
            return pairwise(picked);
          });
          const viewed = Array.from(np.sum(v, { axis: 1 }).toArray());
          for (let i = 0; i < c.rows; i++) {
            expect(Object.is(rows[i], want[i]), `row ${i}: ${rows[i]} vs ${want[i]}`).toBe(true);
            expect(Object.is(cols[i], want[i]), `transposed ${i}: ${cols[i]} vs ${want[i]}`).toBe(true);
            expect(Object.is(viewed[i], wantV[i]), `view ${i}: ${viewed[i]} vs ${wantV[i]}`).toBe(true);
          }
        }),
        { numRuns: 60 },
      );
    });

    it('column sums of C-ordered arrays add in row order', () => {
      configure({ workers });
      fc.assert(
        fc.property(caseArb, ({ c, vals }) => {
          const a = np.array(vals).reshape([c.rows, c.cols]);
          const got = Array.from(np.sum(a, { axis: 0 }).toArray());
          for (let j = 0; j < c.cols; j++) {
            let acc = 0;
            for (let i = 0; i < c.rows; i++) acc += vals[i * c.cols + j]!;
            expect(Object.is(got[j], acc), `column ${j}: ${got[j]} vs ${acc}`).toBe(true);
          }
        }),
        { numRuns: 40 },
      );
    });
  });
}
