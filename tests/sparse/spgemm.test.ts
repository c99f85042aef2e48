/**
 * SpGEMM `A @ B` (symbolic count, numeric fill, zeros dropped by a filter pass only when a sum
 * cancels): bitwise against a naive Gustavson over the canonical CSR of the operands (sums in A's
 * then B's entry order, in float64, rounded to the dtype; zero results dropped; columns
 * ascending), for non-canonical operands (duplicates, unsorted entries, explicit zeros, empty
 * rows and columns, rectangular shapes; int32/float32/float64) at pool sizes 0, 1, 2 with pieces
 * small enough that the symbolic count and the numeric fill split these matrices (the fill's flag
 * is a reduction of rows/256-row blocks, `fillBlock` in core/assemble.ts, so small fills split
 * too; the large case, 5000 rows with rows of C longer than 32 entries, takes the Wasm kernels'
 * bitmap sort and per-piece scratch). Results equal the reference, hence
 * each other across pool sizes; the result is canonical.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { configure, DefaultMapper } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { type Mat, matArb, POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

const CTORS = { int32: Int32Array, float32: Float32Array, float64: Float64Array } as const;
type VDType = keyof typeof CTORS;

function build(a: Mat, dtype: VDType, fmt: 'coo' | 'csr' | 'csc'): sp.sparray {
  const v = CTORS[dtype].from(a.v.map((x) => (dtype === 'int32' ? Math.trunc(x * 2) : x)));
  const c = sp.coo_array([v, [Int32Array.from(a.i), Int32Array.from(a.j)]], { shape: [a.m, a.n] });
  return fmt === 'coo' ? c : fmt === 'csr' ? c.tocsr() : c.tocsc();
}

function csrOf(A: sp.sparray) {
  const c = A.tocsr() as sp.csr_array;
  return {
    ptr: c.indptr.toArray() as Int32Array,
    idx: c.indices.toArray() as Int32Array,
    val: Array.from(c.data.toArray() as ArrayLike<number>),
  };
}

/** Naive Gustavson over canonical CSR, float64 sums rounded by a typed store, zeros dropped. */
function reference(A: sp.sparray, B: sp.sparray, m: number, dtype: VDType) {
  const a = csrOf(A);
  const b = csrOf(B);
  const ptr = [0];
  const idx: number[] = [];
  const val: number[] = [];
  const round = new CTORS[dtype](1);
  for (let i = 0; i < m; i++) {
    const acc = new Map<number, number>();
    for (let p = a.ptr[i]!; p < a.ptr[i + 1]!; p++)
      for (let q = b.ptr[a.idx[p]!]!; q < b.ptr[a.idx[p]! + 1]!; q++) {
        const j = b.idx[q]!;
        const x = a.val[p]! * b.val[q]!;
        acc.set(j, acc.has(j) ? acc.get(j)! + x : x);
      }
    for (const j of [...acc.keys()].sort((x, y) => x - y)) {
      round[0] = acc.get(j)!;
      if (round[0] === 0) continue;
      idx.push(j);
      val.push(round[0]);
    }
    ptr.push(idx.length);
  }
  return { ptr, idx, val };
}

const shapes = fc
  .tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }))
  .chain(([m, k, n]) =>
    fc.tuple(
      matArb(9, { mn: [m, k] }),
      matArb(9, { mn: [k, n] }),
      fc.constantFrom<VDType>('int32', 'float32', 'float64'),
      fc.constantFrom('coo' as const, 'csr' as const, 'csc' as const),
    ),
  );

describe.each(POOLS)('SpGEMM, pool size %i', (workers) => {
  it('equals a naive Gustavson bitwise, canonical, zeros dropped', () => {
    configure({
      workers,
      mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 }),
    });
    fc.assert(
      fc.property(shapes, ([a, b, dtype, fmt]) => {
        const A = build(a, dtype, fmt);
        const B = build(b, dtype, 'csr');
        const C = A.dot(B) as sp.sparray;
        const want = reference(A, B, a.m, dtype);
        const c = C.tocsr() as sp.csr_array;
        expect(C.shape).toEqual([a.m, b.n]);
        expect(c.dtype).toBe(dtype);
        expect(c.has_canonical_format).toBe(true);
        expect(Array.from(c.indptr.toArray() as Int32Array)).toEqual(want.ptr);
        expect(Array.from(c.indices.toArray() as Int32Array)).toEqual(want.idx);
        const got = Array.from(c.data.toArray() as ArrayLike<number>);
        expect(got.length).toBe(want.val.length);
        for (let k = 0; k < got.length; k++) expect(Object.is(got[k], want.val[k]), `data[${k}]`).toBe(true);
      }),
      { numRuns: 80 },
    );
    configure({ workers, mapper: new DefaultMapper() });
  });

  it('large: rows longer than 32 (the bitmap sort), a fill in several pieces, float32/float64', () => {
    configure({
      workers,
      mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 }),
    });
    let s = 12345 + workers;
    const rnd = () => {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      return s;
    };
    const randMat = (m: number, n: number, per: number): Mat => {
      const mat: Mat = { m, n, i: [], j: [], v: [] };
      for (let r = 0; r < m; r++)
        for (let k = rnd() % (2 * per); k > 0; k--) {
          mat.i.push(r);
          mat.j.push(rnd() % n);
          // Some exact cancellations (±1 products) and values that vanish in float32.
          const pick = rnd() % 8;
          mat.v.push(pick === 0 ? 1 : pick === 1 ? -1 : pick === 2 ? 1e-30 : ((rnd() % 2001) - 1000) / 64);
        }
      return mat;
    };
    for (const dtype of ['float64', 'float32'] as const) {
      const a = randMat(5000, 700, 6);
      const b = randMat(700, 3000, 14);
      const A = build(a, dtype, 'csr');
      const B = build(b, dtype, 'csr');
      const c = (A.dot(B) as sp.sparray).tocsr() as sp.csr_array;
      const want = reference(A, B, a.m, dtype);
      expect(c.has_canonical_format).toBe(true);
      expect(Array.from(c.indptr.toArray() as Int32Array)).toEqual(want.ptr);
      expect(Array.from(c.indices.toArray() as Int32Array)).toEqual(want.idx);
      const got = c.data.toArray() as ArrayLike<number>;
      expect(got.length).toBe(want.val.length);
      let bad = -1;
      for (let k = 0; k < got.length && bad < 0; k++) if (!Object.is(got[k], want.val[k])) bad = k;
      expect(bad).toBe(-1);
    }
    configure({ workers, mapper: new DefaultMapper() });
  });

  it('drops sums that cancel (the filter pass)', () => {
    configure({ workers });
    // Row 0 of A B is [1·1 + 1·(-1)] = 0 in column 0, 2 in column 1.
    const A = sp.csr_array([Float64Array.of(1, 1), Int32Array.of(0, 1), Int32Array.of(0, 2)], {
      shape: [1, 2],
    });
    const B = sp.csr_array(
      [Float64Array.of(1, 1, -1, 1), Int32Array.of(0, 1, 0, 1), Int32Array.of(0, 2, 4)],
      {
        shape: [2, 2],
      },
    );
    const C = A.dot(B) as sp.csr_array;
    expect(C.nnz).toBe(1);
    expect(Array.from(C.indices.toArray() as Int32Array)).toEqual([1]);
    expect(Array.from(C.data.toArray() as Float64Array)).toEqual([2]);
    expect(C.has_canonical_format).toBe(true);
  });
});
