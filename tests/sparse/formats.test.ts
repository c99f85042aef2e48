/** Construction, toarray and every conversion, against the dense reference, at pool sizes 0, 1, 2. */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import {
  build,
  close,
  DTYPES,
  dense,
  dense_of,
  FORMATS,
  matArb,
  nested,
  POOLS,
  RUNS,
  transposeRef,
} from './ref.js';

afterAll(() => configure({ workers: 0 }));

describe.each(POOLS)('formats, pool size %i', (workers) => {
  it.each(FORMATS.flatMap((f) => DTYPES.map((d) => [f, d] as const)))(
    '%s %s: toarray, shape, dtype, nnz',
    (fmt, dtype) => {
      configure({ workers });
      fc.assert(
        fc.property(matArb(), (a) => {
          const A = build(a, fmt, dtype);
          expect(A.shape).toEqual([a.m, a.n]);
          expect(A.dtype).toBe(dtype);
          expect(A.format).toBe(fmt);
          if (fmt !== 'dia') expect(A.nnz).toBe(a.v.length);
          close(dense_of(A), dense(a, dtype), dtype);
          expect(A instanceof sp.sparray).toBe(true);
        }),
        RUNS,
      );
    },
  );

  it.each(FORMATS)('%s: converts to every format and transposes', (fmt) => {
    configure({ workers });
    fc.assert(
      fc.property(matArb(), (a) => {
        const A = build(a, fmt);
        const ref = dense(a);
        for (const to of FORMATS) {
          const B = A.asformat(to);
          expect(B.format).toBe(to);
          close(dense_of(B), ref, 'float64', `${fmt}->${to}`);
        }
        close(dense_of(A.tocsr()), ref);
        close(dense_of(A.tocsc()), ref);
        close(dense_of(A.tocoo()), ref);
        close(dense_of(A.todia()), ref);
        close(dense_of(A.T), transposeRef(ref, a.m, a.n));
        close(dense_of(A.transpose().T), ref);
        close(A.todense().toArray() as ArrayLike<number>, ref);
        const C = A.copy();
        expect(C).not.toBe(A);
        close(dense_of(C), ref);
        if (fmt === 'coo') expect(A.tocsr().has_canonical_format).toBe(true);
      }),
      RUNS,
    );
  });

  it('constructs from dense ndarrays, nested arrays and other sparse arrays', () => {
    configure({ workers });
    fc.assert(
      fc.property(matArb(6, { dups: false }), (a) => {
        const ref = dense(a);
        if (a.m === 0 || a.n === 0) return;
        const rows = nested(ref, a.m, a.n);
        const d = np.array(rows);
        for (const f of [sp.csr_array, sp.csc_array, sp.coo_array, sp.dia_array] as const) {
          close(dense_of(f(d)), ref);
          close(dense_of(f(rows)), ref);
          close(dense_of(new f(rows)), ref);
          close(dense_of(f(sp.coo_array(d))), ref);
        }
        // A transposed (strided) view is read through its strides.
        close(dense_of(sp.csr_array(d.T)), transposeRef(ref, a.m, a.n));
        const nz = ref.filter((x) => x !== 0).length;
        expect(sp.csr_array(d).nnz).toBe(nz);
        expect(sp.csr_array(d).has_canonical_format).toBe(true);
      }),
      RUNS,
    );
  });

  it('builds empty arrays from [m, n] and {shape}, including 0×n and n×0', () => {
    configure({ workers });
    for (const [m, n] of [
      [0, 0],
      [0, 3],
      [3, 0],
      [2, 5],
    ] as const) {
      for (const f of [sp.csr_array, sp.csc_array, sp.coo_array, sp.dia_array]) {
        const A = f([m, n]);
        expect(A.shape).toEqual([m, n]);
        expect(A.nnz).toBe(0);
        expect(Array.from(dense_of(A))).toEqual(new Array(m * n).fill(0));
        expect(f({ shape: [m, n], dtype: 'float32' }).dtype).toBe('float32');
      }
    }
  });
});

describe('factories', () => {
  it('are callable without new, with new, and support instanceof', () => {
    const A = sp.csr_array([
      [1, 0],
      [0, 2],
    ]);
    const B = new sp.csr_array([
      [1, 0],
      [0, 2],
    ]);
    expect(A instanceof sp.csr_array).toBe(true);
    expect(B instanceof sp.csr_array).toBe(true);
    expect(A instanceof sp.csc_array).toBe(false);
    expect(sp.csr_matrix).toBe(sp.csr_array);
    expect(sp.coo_array([[1]]) instanceof sp.coo_matrix).toBe(true);
    expect(sp.isspmatrix_csr(A)).toBe(true);
    expect(sp.isspmatrix_csc(A.T)).toBe(true);
    expect(sp.isspmatrix_coo(A.tocoo())).toBe(true);
    expect(sp.isspmatrix_dia(A.todia())).toBe(true);
    expect(sp.issparse(A)).toBe(true);
    expect(sp.issparse(np.ones([2]))).toBe(false);
    expect(sp.csr_array.name).toBe('csr_array');
  });

  it('shares the given arrays (copy=false) and copies with {copy: true}', () => {
    const data = np.array([1, 2, 3], { dtype: 'float64' });
    const indices = np.array([0, 1, 1], { dtype: 'int32' });
    const indptr = np.array([0, 2, 3], { dtype: 'int32' });
    const A = sp.csr_array([data, indices, indptr], { shape: [2, 2] });
    const B = sp.csr_array([data, indices, indptr], { shape: [2, 2], copy: true });
    expect(A.data.store.region).toBe(data.store.region);
    expect(B.data.store.region).not.toBe(data.store.region);
    expect(A.indptr.tolist()).toEqual([0, 2, 3]);
    expect(A.indices.tolist()).toEqual([0, 1, 1]);
    const C = sp.coo_array([
      [1, 2],
      [
        [0, 1],
        [1, 0],
      ],
    ]);
    expect(C.row.tolist()).toEqual([0, 1]);
    expect(C.col.tolist()).toEqual([1, 0]);
    expect(C.shape).toEqual([2, 2]);
    const D = sp.dia_array(
      [
        [
          [1, 2, 3],
          [4, 5, 6],
        ],
        [0, 1],
      ],
      { shape: [3, 3] },
    );
    expect(D.offsets.tolist()).toEqual([0, 1]);
    expect(D.data.shape).toEqual([2, 3]);
    expect(D.toarray().tolist()).toEqual([
      [1, 5, 0],
      [0, 2, 6],
      [0, 0, 3],
    ]);
    expect(D.nnz).toBe(5);
  });

  it('astype converts values and keeps the structure', () => {
    const A = sp.csr_array([
      [1.5, 0],
      [0, -2.25],
    ]);
    const B = A.astype('float32');
    expect(B.dtype).toBe('float32');
    expect(B.toarray().tolist()).toEqual([
      [1.5, 0],
      [0, -2.25],
    ]);
    expect(A.astype('int32').toarray().tolist()).toEqual([
      [1, 0],
      [0, -2],
    ]);
    expect(sp.csr_array([[1, 0]], { dtype: 'float32' }).dtype).toBe('float32');
  });
});
