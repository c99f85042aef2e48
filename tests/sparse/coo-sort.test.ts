/**
 * COO → CSR through the parallel pass of `core/coo-sort.ts`: the constructor's index checks and
 * the row-order fast path, against a host reference (rows grouped stably, columns sorted,
 * duplicates summed in entry order in the dtype's arithmetic), for entries in random, row and
 * canonical order — duplicates, explicit zeros, empty rows and columns, rectangular shapes,
 * int32/float32/float64 — at pool sizes 0, 1, 2 with small chunks (one per worker even for tiny
 * arrays, so the chunk boundaries are exercised) and tiny pieces (the fill, whose flag is a
 * reduction of rows/256-row blocks, splits even these small matrices at pool sizes 1 and 2).
 * Results are bitwise the reference, hence equal across pool sizes; the canonical flags are the
 * structure's. The CSR owns its storage (writes through it change nothing in the COO).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, DefaultMapper, type DType, IndexError } from '../../runtime/index.js';
import { setRowBlocksPerWorker } from '../../sparse/core/coo-scatter.js';
import { setMinChunk } from '../../sparse/core/coo-sort.js';
import * as sp from '../../sparse/index.js';
import { type Mat, matArb, POOLS } from './ref.js';

let saved = 0;
let savedBlocks = 0;
beforeAll(() => {
  saved = setMinChunk(1);
  savedBlocks = setRowBlocksPerWorker(64);
});
afterAll(() => {
  setMinChunk(saved);
  setRowBlocksPerWorker(savedBlocks);
  configure({ workers: 0 });
});

const CTORS = { int32: Int32Array, float32: Float32Array, float64: Float64Array } as const;
type VDType = keyof typeof CTORS;

/** The canonical CSR SciPy gives: per row, columns ascending, duplicates summed in entry order. */
function reference(a: Mat, dtype: VDType) {
  const add = (x: number, y: number) =>
    dtype === 'int32' ? (x + y) | 0 : dtype === 'float32' ? Math.fround(x + y) : x + y;
  const rows: Map<number, number>[] = Array.from({ length: a.m }, () => new Map());
  for (let k = 0; k < a.v.length; k++) {
    const r = rows[a.i[k]!]!;
    const v = dtype === 'int32' ? Math.trunc(a.v[k]!) : a.v[k]!;
    const old = r.get(a.j[k]!);
    r.set(a.j[k]!, old === undefined ? v : add(old, v));
  }
  const ptr = [0];
  const idx: number[] = [];
  const val: number[] = [];
  for (const r of rows) {
    for (const [j, v] of [...r.entries()].sort((x, y) => x[0] - y[0])) {
      idx.push(j);
      val.push(v);
    }
    ptr.push(idx.length);
  }
  return { ptr, idx, val };
}

/** The entries reordered: 0 as given, 1 stably by row, 2 by (row, col). */
function reorder(a: Mat, order: number): Mat {
  const ks = a.v.map((_, k) => k);
  if (order === 1) ks.sort((x, y) => a.i[x]! - a.i[y]! || x - y);
  if (order === 2) ks.sort((x, y) => a.i[x]! - a.i[y]! || a.j[x]! - a.j[y]! || x - y);
  return { ...a, i: ks.map((k) => a.i[k]!), j: ks.map((k) => a.j[k]!), v: ks.map((k) => a.v[k]!) };
}

const dtypeArb = fc.constantFrom<VDType>('int32', 'float32', 'float64');

describe.each(POOLS)('COO → CSR, pool size %i', (workers) => {
  it('equals the host reference bitwise, with correct flags, in any entry order', () => {
    // Tiny pieces: the row launches cut these small matrices into several pieces, so pieces start
    // and end inside row blocks of the counting sort.
    configure({
      workers,
      mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 }),
    });
    fc.assert(
      fc.property(
        matArb(9),
        fc.integer({ min: 0, max: 2 }),
        dtypeArb,
        fc.constantFrom(1, 2, 64),
        (m0, order, dtype, blocks) => {
          // Row blocks of the counting sort: of several rows (1, 2 per worker) or of one row (64).
          setRowBlocksPerWorker(blocks);
          const a = reorder(m0, order);
          const vals = CTORS[dtype].from(a.v.map((v) => (dtype === 'int32' ? Math.trunc(v) : v)));
          const C = sp.coo_array([vals, [Int32Array.from(a.i), Int32Array.from(a.j)]], { shape: [a.m, a.n] });
          expect(C.has_canonical_format).toBe(false);
          const R = C.tocsr() as sp.csr_array;
          const want = reference(a, dtype);
          expect(R.dtype).toBe(dtype as DType);
          expect(R.has_canonical_format).toBe(true);
          expect(Array.from(R.indptr.toArray() as Int32Array)).toEqual(want.ptr);
          expect(Array.from(R.indices.toArray() as Int32Array)).toEqual(want.idx);
          const got = Array.from(R.data.toArray() as ArrayLike<number>);
          for (let k = 0; k < got.length; k++)
            expect(Object.is(got[k], want.val[k]), `data[${k}]`).toBe(true);
          expect(got.length).toBe(want.val.length);
          // SpMV on the result (a row-order result is recorded in range without a check, so this
          // runs the guarded Wasm kernel at once): exact, the values being small dyadic numbers.
          if (dtype !== 'int32' && a.n > 0) {
            const x = Float64Array.from({ length: a.n }, (_, k) => k + 1);
            const y = Array.from((R.dot(Array.from(x)) as { toArray(): ArrayLike<number> }).toArray());
            const wy = want.ptr.slice(0, -1).map((b, i) => {
              let t = 0;
              for (let p = b; p < want.ptr[i + 1]!; p++) t += want.val[p]! * x[want.idx[p]!]!;
              return t;
            });
            expect(y).toEqual(wy);
          }
          // The CSC of the same entries (the bucket sort by column) agrees with the transpose.
          const T = C.tocsc() as sp.csc_array;
          expect(T.toarray().toArray()).toEqual(R.toarray().toArray());
          // Raw order (tril of a COO keeps each row's entries in COO order): same dense values.
          const L = sp.tril(C, { k: 0 }) as sp.sparray;
          expect(L.toarray().toArray()).toEqual(sp.tril(R, { k: 0 }).toarray().toArray());
        },
      ),
      { numRuns: 60 },
    );
    configure({ workers, mapper: new DefaultMapper() });
  });

  it('gives canonical CSR from entries in row order (duplicates and zeros kept as values)', () => {
    configure({ workers });
    fc.assert(
      fc.property(matArb(9), (m0) => {
        const a = reorder(m0, 1);
        const C = sp.coo_array([Float64Array.from(a.v), [Int32Array.from(a.i), Int32Array.from(a.j)]], {
          shape: [a.m, a.n],
        });
        const R = sp.csr_array(C);
        expect(R.has_canonical_format).toBe(true);
        expect(R.toarray().toArray()).toEqual(C.toarray().toArray());
      }),
      { numRuns: 30 },
    );
  });

  it('gives a CSR that shares no storage with the COO, in every entry order', () => {
    // The row-order paths copy (canonical order) or canonicalize straight from the COO's arrays
    // (duplicates, unsorted columns): the result must own its arrays either way.
    configure({
      workers,
      mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 }),
    });
    fc.assert(
      fc.property(matArb(9), fc.integer({ min: 0, max: 2 }), dtypeArb, (m0, order, dtype) => {
        const a = reorder(m0, order);
        if (a.v.length === 0) return;
        const vals = CTORS[dtype].from(a.v.map((v) => (dtype === 'int32' ? Math.trunc(v) : v)));
        const C = sp.coo_array([vals, [Int32Array.from(a.i), Int32Array.from(a.j)]], { shape: [a.m, a.n] });
        const R = sp.csr_array(C.tocsr());
        const before = C.toarray().toArray();
        const dataBefore = Array.from(C.data.toArray() as ArrayLike<number>);
        const colBefore = Array.from(C.col.toArray() as Int32Array);
        R.data.set(0, 100);
        R.indices.set(0, 0);
        expect(Array.from(C.data.toArray() as ArrayLike<number>)).toEqual(dataBefore);
        expect(Array.from(C.col.toArray() as Int32Array)).toEqual(colBefore);
        expect(C.toarray().toArray()).toEqual(before);
        // And the other way: the COO's CSR form is rebuilt after a write to the COO.
        const R2 = C.tocsr();
        C.data.set(0, 50);
        const want = reference({ ...a, v: a.v.map((v, k) => (k === 0 ? 50 : v)) }, dtype);
        const R3 = C.tocsr() as sp.csr_array;
        expect(Array.from(R3.data.toArray() as ArrayLike<number>)).toEqual(want.val);
        expect(R2.toarray().toArray()).toEqual(before);
      }),
      { numRuns: 40 },
    );
    configure({ workers, mapper: new DefaultMapper() });
  });

  it('sorts a shuffled COO of 20,000 rows (more than one 4096-row fill block) like the host reference', () => {
    configure({ workers });
    const m = 20_000;
    const n = 300;
    const nnz = 90_000;
    let s = 12345;
    const rnd = (k: number) => {
      s = (s * 1103515245 + 12345) >>> 0;
      return s % k;
    };
    const a: Mat = { m, n, i: [], j: [], v: [] };
    for (let k = 0; k < nnz; k++) {
      a.i.push(rnd(m));
      a.j.push(rnd(n));
      a.v.push((rnd(9) - 4) / 2);
    }
    for (const blocks of [1, 64]) {
      setRowBlocksPerWorker(blocks);
      const C = sp.coo_array([Float64Array.from(a.v), [Int32Array.from(a.i), Int32Array.from(a.j)]], {
        shape: [m, n],
      });
      const R = C.tocsr() as sp.csr_array;
      const want = reference(a, 'float64');
      expect(R.has_canonical_format).toBe(true);
      expect(Array.from(R.indptr.toArray() as Int32Array)).toEqual(want.ptr);
      expect(Array.from(R.indices.toArray() as Int32Array)).toEqual(want.idx);
      expect(Array.from(R.data.toArray() as Float64Array)).toEqual(want.val);
    }
    setRowBlocksPerWorker(64);
  });

  it('rejects rows written out of range after construction, at the conversion', () => {
    configure({ workers });
    const C = sp.coo_array([Float64Array.of(1, 2, 3), [Int32Array.of(2, 0, 1), Int32Array.of(0, 1, 2)]], {
      shape: [3, 3],
    });
    C.row.set(1, 5);
    expect(() => C.tocsr()).toThrow(IndexError);
    expect(() => C.tocsr()).toThrow(/tocsr: argument 'row'.*indices in \[0, 3\).*index 5/);
    C.row.set(1, -1);
    expect(() => C.tocsr()).toThrow(/tocsr: argument 'row'.*index -1/);
  });

  it('rejects rows written out of range after construction when the entries stay in row order', () => {
    configure({ workers });
    const mk = () =>
      sp.coo_array([Float64Array.of(1, 2, 3, 4), [Int32Array.of(0, 1, 1, 2), Int32Array.of(0, 1, 2, 0)]], {
        shape: [3, 3],
      });
    const C = mk();
    C.row.set(3, 7); // still non-decreasing
    expect(() => C.tocsr()).toThrow(/tocsr: argument 'row'.*indices in \[0, 3\).*index 7/);
    const D = mk();
    D.row.set(0, -1);
    expect(() => D.tocsr()).toThrow(IndexError);
    expect(() => sp.tril(D)).toThrow(/index -1/);
  });

  it('infers the shape and rejects out-of-range indices from the parallel pass', () => {
    configure({ workers });
    const row = Int32Array.from({ length: 40 }, (_, k) => (k * 7) % 13);
    const col = Int32Array.from({ length: 40 }, (_, k) => (k * 5) % 11);
    const v = new Float64Array(40).fill(1);
    expect(sp.coo_array([v, [row, col]]).shape).toEqual([13, 11]);
    const bad = row.slice();
    bad[37] = -2;
    expect(() => sp.coo_array([v, [bad, col]])).toThrow(IndexError);
    expect(() => sp.coo_array([v, [bad, col]])).toThrow(/row.*index -2/);
    expect(() => sp.coo_array([v, [row, col]], { shape: [12, 11] })).toThrow(/row.*indices < 12.*index 12/);
    expect(() => sp.csr_array([v, [row, col]], { shape: [13, 10] })).toThrow(/col.*indices < 10.*index 10/);
  });
});
