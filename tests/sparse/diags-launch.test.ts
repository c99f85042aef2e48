/**
 * `diags` copies contiguous 1-D ndarray diagonals into the DIA data by launches (issue 17: no read
 * back to the host, no serial copy on the issuing thread): the same array as from host numbers at
 * pool sizes 0, 1, 2, for any offsets, lengths (longer diagonals are cut, length 1 broadcast),
 * value and result dtypes, views (a strided view is read on the host) and formats.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper, type DType, fence, traceStart, traceStop } from '../../runtime/index.js';
import * as sparse from '../../sparse/index.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

const caseArb = fc
  .record({
    m: fc.integer({ min: 1, max: 9 }),
    n: fc.integer({ min: 1, max: 9 }),
    offs: fc.uniqueArray(fc.integer({ min: -8, max: 8 }), { minLength: 1, maxLength: 4 }),
    extra: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 }),
    src: fc.constantFrom<DType>('float64', 'float32', 'int32'),
    dst: fc.option(fc.constantFrom<DType>('float64', 'float32', 'int32', 'bool'), { nil: undefined }),
    strided: fc.boolean(),
    format: fc.constantFrom('dia', 'csr', 'coo'),
    seed: fc.nat(),
  })
  .filter(({ m, n, offs }) => offs.every((k) => Math.min(m + k, n - k, Math.min(m, n)) > 0));

describe('diags from ndarrays by launches', () => {
  for (const workers of [0, 1, 2]) {
    it(`equals diags of host numbers (pool size ${workers})`, () => {
      configure({ workers });
      fc.assert(
        fc.property(caseArb, ({ m, n, offs, extra, src, dst, strided, format, seed }) => {
          const K = Math.min(m, n);
          const hostDiags = offs.map((k, j) => {
            const len = Math.min(m + k, n - k, K);
            const l = extra[j] === 2 ? 1 : len + extra[j]!;
            return Array.from({ length: l }, (_, t) => ((seed + 7 * t + 3 * j) % 11) - 5 + (t % 2) * 0.5);
          });
          const arrays = hostDiags.map((d) => {
            const a = np.array(d).astype(src);
            if (!strided) return a;
            const twice = np.array(d.flatMap((v) => [v, -99])).astype(src);
            return twice.get(`::2`) as np.ndarray;
          });
          const asHost = arrays.map((a) => Array.from(a.toArray() as ArrayLike<number>));
          const opts = { shape: [m, n], format, ...(dst ? { dtype: dst } : {}) };
          const got = sparse.diags(arrays, offs, opts).toarray();
          const want = sparse
            .diags(asHost, offs, { ...opts, dtype: dst ?? (src === 'float32' ? 'float32' : 'float64') })
            .toarray();
          expect(got.dtype).toBe(want.dtype);
          expect(Array.from(got.toArray() as ArrayLike<number>)).toEqual(
            Array.from(want.toArray() as ArrayLike<number>),
          );
        }),
        { numRuns: 60 },
      );
    });
  }

  it('a long diagonal is copied in pieces on the pool', () => {
    configure({ workers: 2 });
    const n = 1_000_000;
    const d = np.arange(n, { dtype: 'float64' });
    fence();
    traceStart();
    const A = sparse.diags([d, d.get('1:') as np.ndarray], [0, 1], { format: 'dia' }) as sparse.dia_array;
    const data = A.data.toArray() as Float64Array;
    const recs = traceStop().filter((r) => r.op === 'diags' && r.kind === 'task');
    expect(recs.length).toBeGreaterThanOrEqual(2);
    let bad = 0;
    for (let t = 0; t < n; t++) if (data[t] !== t) bad++;
    for (let t = 1; t < n; t++) if (data[n + t] !== t) bad++;
    expect(bad).toBe(0);
  });
});
