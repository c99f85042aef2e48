/**
 * `eye` / `identity` fill their entries by a launch (issue 17: no serial construction loop on the
 * issuing thread): the same arrays as a plain loop at pool sizes 0, 1, 2, for any shape, offset,
 * dtype and format, and in several pieces on the pool for a large identity.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { configure, DefaultMapper, type DType, fence, traceStart, traceStop } from '../../runtime/index.js';
import * as sparse from '../../sparse/index.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

describe('eye as a launch', () => {
  for (const workers of [0, 1, 2]) {
    it(`equals a plain loop (pool size ${workers})`, () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 9 }),
          fc.integer({ min: 0, max: 9 }),
          fc.integer({ min: -9, max: 9 }),
          fc.constantFrom<DType>('float64', 'float32', 'int32', 'bool'),
          fc.constantFrom('coo', 'csr', 'csc', 'dia'),
          (m, n, k, dtype, format) => {
            fc.pre(Math.min(m + k, n - k, Math.min(m, n)) >= 0);
            const got = sparse.eye(m, n, { k, dtype, format }).toarray().toArray() as ArrayLike<number>;
            const want = new Array<number>(m * n).fill(0);
            for (let i = 0; i < m; i++) if (i + k >= 0 && i + k < n) want[i * n + i + k] = 1;
            expect(Array.from(got, Number)).toEqual(want);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it('a large identity: entries in several pieces on the pool', () => {
    const n = 400_000; // 6.4 MB of entries: above the one-piece limit
    configure({ workers: 2 });
    fence();
    traceStart();
    const A = sparse.eye(n, n, { k: 0, format: 'coo' }) as sparse.coo_array;
    const row = A.row.toArray();
    const col = A.col.toArray();
    const recs = traceStop().filter((r) => r.op === 'eye' && r.kind === 'task');
    expect(recs.length).toBeGreaterThanOrEqual(2);
    let bad = 0;
    for (let i = 0; i < n; i++) if (row[i] !== i || col[i] !== i) bad++;
    expect(bad).toBe(0);
    expect(Array.from(A.data.toArray() as ArrayLike<number>).every((v) => v === 1)).toBe(true);
    expect(A.nnz).toBe(n);
  });
});
