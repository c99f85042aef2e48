/**
 * CSR → CSC (the CSR of the transpose, `core/transpose.ts`) on random structures — duplicates,
 * unsorted rows, explicit zeros, empty rows and columns, rectangular shapes, int32/float32/float64
 * — against a host reference (each column's entries in A's storage order, stably), bitwise, at
 * pool sizes 0, 1, 2; and canonical flags carried over from A.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { configure, DefaultMapper } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { type Mat, matArb, POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

const CTORS = { int32: Int32Array, float32: Float32Array, float64: Float64Array } as const;
type VDType = keyof typeof CTORS;

/** A's CSR arrays with rows grouped stably (storage order kept within rows). */
function csrOf(a: Mat) {
  const ks = a.v.map((_, k) => k).sort((x, y) => a.i[x]! - a.i[y]! || x - y);
  const ptr = new Int32Array(a.m + 1);
  for (const r of a.i) ptr[r + 1]!++;
  for (let r = 0; r < a.m; r++) ptr[r + 1]! += ptr[r]!;
  return {
    ptr,
    idx: Int32Array.from(ks, (k) => a.j[k]!),
    vals: ks.map((k) => a.v[k]!),
    rowOf: ks.map((k) => a.i[k]!),
  };
}

describe.each(POOLS)('transpose, pool size %i', (workers) => {
  it('tocsc() holds each column of A in row order, duplicates kept, bitwise', () => {
    configure({ workers });
    fc.assert(
      fc.property(matArb(9), fc.constantFrom<VDType>('int32', 'float32', 'float64'), (a, dtype) => {
        const c = csrOf(a);
        const vals = CTORS[dtype].from(c.vals.map((v) => (dtype === 'int32' ? Math.trunc(v) : v)));
        const A = sp.csr_array([vals, c.idx, c.ptr], { shape: [a.m, a.n] });
        const T = A.tocsc() as sp.csc_array;
        // Reference: walk A's storage order, bucket by column.
        const cols: [number, number][][] = Array.from({ length: a.n }, () => []);
        for (let p = 0; p < c.idx.length; p++) cols[c.idx[p]!]!.push([c.rowOf[p]!, vals[p]!]);
        const ptr = [0];
        for (const col of cols) ptr.push(ptr[ptr.length - 1]! + col.length);
        expect(Array.from(T.indptr.toArray() as Int32Array)).toEqual(ptr);
        expect(Array.from(T.indices.toArray() as Int32Array)).toEqual(cols.flat().map((e) => e[0]));
        const got = Array.from(T.data.toArray() as ArrayLike<number>);
        const want = cols.flat().map((e) => e[1]);
        expect(got.length).toBe(want.length);
        for (let k = 0; k < want.length; k++) expect(Object.is(got[k], want[k]), `data[${k}]`).toBe(true);
        expect(T.dtype).toBe(dtype);
        // Flags: a canonical A gives a canonical transpose; converting back gives A's matrix.
        if (A.has_canonical_format) expect(T.has_canonical_format).toBe(true);
        expect(T.tocsr().toarray().toArray()).toEqual(A.toarray().toArray());
      }),
      { numRuns: 60 },
    );
  });
  it('sorted rows in tiny pieces: rows outside a piece are skipped, the result unchanged', () => {
    // Pieces of a few result rows each, so that the fill skips rows by their first and last
    // index (A's rows sorted and distinct: `has_sorted_indices`); unsorted A walks every row.
    configure({
      workers,
      mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 }),
    });
    try {
      fc.assert(
        fc.property(matArb(12), fc.constantFrom<VDType>('int32', 'float64'), (a, dtype) => {
          const c = csrOf(a);
          const vals = CTORS[dtype].from(c.vals.map((v) => (dtype === 'int32' ? Math.trunc(v) : v)));
          const A0 = sp.csr_array([vals, c.idx, c.ptr], { shape: [a.m, a.n] });
          const A = A0.tocoo().tocsr() as sp.csr_array; // canonical: rows sorted, no duplicates
          expect(A.has_sorted_indices).toBe(true);
          const ptr = A.indptr.toArray() as Int32Array;
          const idx = A.indices.toArray() as Int32Array;
          const dat = A.data.toArray() as ArrayLike<number>;
          const cols: [number, number][][] = Array.from({ length: a.n }, () => []);
          for (let i = 0; i < a.m; i++)
            for (let p = ptr[i]!; p < ptr[i + 1]!; p++) cols[idx[p]!]!.push([i, dat[p]!]);
          const T = A.tocsc() as sp.csc_array;
          const tp = [0];
          for (const col of cols) tp.push(tp[tp.length - 1]! + col.length);
          expect(Array.from(T.indptr.toArray() as Int32Array)).toEqual(tp);
          expect(Array.from(T.indices.toArray() as Int32Array)).toEqual(cols.flat().map((e) => e[0]));
          const got = Array.from(T.data.toArray() as ArrayLike<number>);
          const want = cols.flat().map((e) => e[1]);
          expect(got.length).toBe(want.length);
          for (let k = 0; k < want.length; k++) expect(Object.is(got[k], want[k]), `data[${k}]`).toBe(true);
          expect(T.has_canonical_format).toBe(true);
          // The unsorted storage of the same matrix transposes to the same matrix.
          expect((A0.tocsc() as sp.csc_array).toarray().toArray()).toEqual(T.toarray().toArray());
        }),
        { numRuns: 60 },
      );
    } finally {
      configure({ workers, mapper: new DefaultMapper() });
    }
  });
});
