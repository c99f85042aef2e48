/**
 * `kron(A, B, format)` straight into CSR/CSC (`core/kron.ts`) on random factors — duplicates,
 * unsorted rows, explicit zeros, empty rows and columns, rectangular shapes, mixed dtypes —
 * against the COO path (`format: 'coo'`, the entry-by-entry product) and a dense reference, at
 * pool sizes 0, 1, 2; canonical results with sorted indices, like SciPy's `.asformat('csr')`;
 * and the int32 limit on the result's size.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, type DType, ValueError } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { build, dense, FORMATS, matArb, POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

/** Dense kron of row-major m×n and p×q. */
function kronDense(a: Float64Array, m: number, n: number, b: Float64Array, p: number, q: number): number[] {
  const out = new Array<number>(m * p * n * q).fill(0);
  for (let i = 0; i < m; i++)
    for (let j = 0; j < n; j++)
      for (let k = 0; k < p; k++)
        for (let l = 0; l < q; l++) out[(i * p + k) * (n * q) + j * q + l] = a[i * n + j]! * b[k * q + l]!;
  return out;
}

describe.each(POOLS)('kron → CSR/CSC, pool size %i', (workers) => {
  it('equals the dense Kronecker product and the COO path, canonical', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        matArb(5),
        matArb(5),
        fc.constantFrom(...FORMATS),
        fc.constantFrom(...FORMATS),
        fc.constantFrom<'csr' | 'csc'>('csr', 'csc'),
        fc.constantFrom<DType>('float64', 'float32'),
        (a, b, fa, fb, out, dt) => {
          const A = build(a, fa, dt);
          const B = build(b, fb, 'float64');
          const K = sp.kron(A, B, { format: out });
          expect(K.format).toBe(out);
          expect(K.shape).toEqual([a.m * b.m, a.n * b.n]);
          expect(K.dtype).toBe('float64');
          expect(K.has_canonical_format).toBe(true);
          const want = kronDense(dense(a, dt), a.m, a.n, dense(b), b.m, b.n);
          const got = Array.from(K.toarray().toArray() as Float64Array);
          for (let k = 0; k < want.length; k++)
            expect(Math.abs(got[k]! - want[k]!) <= 1e-12 * (1 + Math.abs(want[k]!))).toBe(true);
          const C = sp.kron(A, B);
          expect(C.format).toBe('coo');
          expect(Array.from(C.toarray().toArray() as Float64Array)).toEqual(got);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps products of canonical factors bitwise and in order (no sort)', () => {
    configure({ workers });
    const A = sp.csr_array(
      np.array([
        [1.5, 0, -2],
        [0, 0, 0],
        [3, 0.25, 0],
      ]),
    );
    const B = sp.csr_array(
      np.array([
        [0, 7],
        [1e-300, 0],
      ]),
    );
    const K = sp.kron(A, B, { format: 'csr' }) as sp.csr_array;
    expect(Array.from(K.indptr.toArray() as Int32Array)).toEqual([0, 2, 4, 4, 4, 6, 8]);
    expect(Array.from(K.indices.toArray() as Int32Array)).toEqual([1, 5, 0, 4, 1, 3, 0, 2]);
    expect(Array.from(K.data.toArray() as Float64Array)).toEqual([
      10.5, -14, 1.5e-300, -2e-300, 21, 1.75, 3e-300, 2.5e-301,
    ]);
  });

  it('the default COO keeps every stored product (SciPy nnz), in row order when it can', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        matArb(4),
        matArb(4),
        fc.constantFrom(...FORMATS),
        fc.constantFrom(...FORMATS),
        (a, b, fa, fb) => {
          const A = build(a, fa, 'float64');
          const B = build(b, fb, 'float64');
          const C = sp.kron(A, B) as sp.coo_array;
          // SciPy multiplies the factors' COO forms: duplicates and stored zeros stay products.
          expect(C.nnz).toBe(A.tocoo().nnz * B.tocoo().nnz);
          // (+ 0: a product of a zero and a negative is −0 in the reference, absent in C.)
          const want = kronDense(dense(a), a.m, a.n, dense(b), b.m, b.n).map((x) => x + 0);
          expect(Array.from(C.toarray().toArray() as Float64Array, (x) => x + 0)).toEqual(want);
          // Row order whenever the factors' compressed rows hold exactly their entries.
          const rows = Array.from(C.coords[0].toArray() as Int32Array);
          const exact = A.tocsr().nnz === A.tocoo().nnz && B.tocsr().nnz === B.tocoo().nnz;
          if (exact) for (let k = 1; k < rows.length; k++) expect(rows[k]! >= rows[k - 1]!).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a result beyond int32 indices', () => {
    configure({ workers });
    const v = sp.csr_array(
      [
        new Float64Array(50000).fill(1),
        new Int32Array(50000),
        Int32Array.from({ length: 50001 }, (_, i) => i),
      ],
      {
        shape: [50000, 1],
      },
    );
    expect(() => sp.kron(v, v.T, { format: 'csr' })).toThrow(ValueError);
    expect(() => sp.kron(v, v.T, { format: 'csr' })).toThrow(
      /kron: argument 'B' expected a product with at most 2147483647 stored entries/,
    );
    expect(() => sp.kron(v, v.T)).toThrow(ValueError);
  });
});
