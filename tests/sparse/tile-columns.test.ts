/**
 * Dense results of sparse operations cut in both dimensions: with tiny pieces the mapper tiles a
 * 2-D output by rows and columns, so two pieces of the same rows run at the same time. Each must
 * write only its own columns (the toarray kernel once zeroed and filled whole rows: at 2 workers
 * about one first `toarray()` in 300 came back with entries added twice).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { matArb, POOLS } from './ref.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

describe.each(POOLS)('dense results tiled by rows and columns, pool size %i', (workers) => {
  it('toarray and sparse + dense equal a naive loop, repeated on fresh matrices', () => {
    configure({
      workers,
      mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 }),
    });
    fc.assert(
      fc.property(matArb(9), (a) => {
        const want = new Float64Array(a.m * a.n);
        for (let k = 0; k < a.v.length; k++) want[a.i[k]! * a.n + a.j[k]!]! += a.v[k]!;
        const C = sp.coo_array([Float64Array.from(a.v), [Int32Array.from(a.i), Int32Array.from(a.j)]], {
          shape: [a.m, a.n],
        });
        for (let rep = 0; rep < 5; rep++) {
          const R = C.tocsr() as sp.csr_array;
          expect(Array.from(R.toarray().toArray() as Float64Array)).toEqual(Array.from(want));
          expect(Array.from((C.tocsc() as sp.csc_array).toarray().toArray() as Float64Array)).toEqual(
            Array.from(want),
          );
          // SpMM into a wide, short C (k up to 40 columns): C's rows follow the row structure.
          const k = 3 + ((a.m * 7 + a.n) % 38);
          const Bv = Array.from({ length: a.n * k }, (_, q) => ((q * 37) % 11) - 5);
          const P = R.dot(np.array(Bv).reshape(a.n, k)) as np.ndarray;
          const wantP = new Array<number>(a.m * k).fill(0);
          for (let r = 0; r < a.m; r++)
            for (let c = 0; c < k; c++) {
              let acc = 0;
              for (let q = 0; q < a.n; q++) acc += want[r * a.n + q]! * Bv[q * k + c]!;
              wantP[r * k + c] = acc;
            }
          expect(Array.from(P.toArray() as Float64Array)).toEqual(wantP);
          const D = np.ones([a.m, a.n]);
          const S = R.add(D) as np.ndarray;
          expect(Array.from(S.toArray() as Float64Array)).toEqual(Array.from(want, (x) => x + 1));
        }
      }),
      { numRuns: 120 },
    );
  });
});
