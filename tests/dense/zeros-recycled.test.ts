/**
 * Arrays on recycled heap memory (a block that held a disposed array's values): every creation
 * that asks for zeros reads zeros — `zeros`, `eye`, `diag`, a `full` of 0 — whatever the block
 * held, at every pool size, with the diagonal written after the zeroing. `full` with another value
 * takes the block without zeroing it first (it writes every element: dense/creation.ts) and keeps
 * a -0's sign, as NumPy's `full(3, -0.0)` does.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

/** Leaves a block of `n` float64 holding `v` in the heap's free lists. */
function dirtyBlock(n: number, v: number): void {
  const junk = np.full([n], v, 'float64');
  junk.toArray();
  junk.dispose();
}

/** How many elements of the n × n row-major `a` differ (Object.is) from `ref(i, j)`. */
function mismatches(a: Float64Array, n: number, ref: (i: number, j: number) => number): number {
  let bad = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (!Object.is(a[i * n + j], ref(i, j))) bad++;
  return bad;
}

describe.each(POOLS)('zeros on recycled memory at pool size %i', (workers) => {
  it('zeros, eye, diag and full(0) read zeros where the block held other values', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64 * 1024, inlineBytes: 0 }) });
    fc.assert(
      fc.property(
        fc.integer({ min: 363, max: 600 }),
        fc.double({ noNaN: true, min: -1e9, max: 1e9 }),
        (n, v) => {
          const bad = v === 0 ? 3.5 : v;
          dirtyBlock(n * n, bad);
          const z = np.zeros([n, n]);
          expect(z.store.region.recycled).toBe(true);
          const zs = z.toArray() as Float64Array;
          expect(zs.every((x) => Object.is(x, 0))).toBe(true);
          z.dispose();
          dirtyBlock(n * n, bad);
          const e = np.eye(n, { k: 1 });
          expect(mismatches(e.toArray() as Float64Array, n, (i, j) => (j === i + 1 ? 1 : 0))).toBe(0);
          e.dispose();
          dirtyBlock(n * n, bad);
          const d = np.diag(np.arange(1, n, { dtype: 'float64' }), -1);
          expect(mismatches(d.toArray() as Float64Array, n, (i, j) => (i === j + 1 ? i : 0))).toBe(0);
          d.dispose();
          dirtyBlock(n * n, bad);
          const f = np.full([n, n], 0, 'float64');
          expect((f.toArray() as Float64Array).every((x) => Object.is(x, 0))).toBe(true);
          f.dispose();
        },
      ),
      { numRuns: 6 },
    );
  });

  it('full with another value writes every element, -0 included', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64 * 1024, inlineBytes: 0 }) });
    for (const v of [-0, 7.25, Number.NaN, -3]) {
      dirtyBlock(300_000, 1.5);
      const f = np.full([300_000], v, 'float64');
      expect(f.store.region.recycled).toBe(true);
      const fs = f.toArray() as Float64Array;
      expect(fs.every((x) => Object.is(x, v))).toBe(true);
      f.dispose();
    }
    expect(Object.is(np.full([3], -0, 'float64').toArray()[2], -0)).toBe(true);
  });
});
