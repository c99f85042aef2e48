/**
 * Issue 20: element, row, column, slice, fancy and boolean indexing of sparse arrays in `get` and
 * `set`, against a dense reference on random structures (duplicates, explicit zeros, empty rows)
 * in every format, pool sizes 0, 1, 2; SciPy's semantics for the results (a number, a dense vector
 * of pairs, a 2-D sparse array) and for assignment (the last repeated position wins, zeros stored).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, IndexError } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { build, dense, FORMATS, matArb, POOLS, RUNS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

/** A random selector of an axis of length n: its index part and the positions it names. */
function selArb(n: number): fc.Arbitrary<{ part: sp.IndexPart; pos: number[]; int: boolean }> {
  const all = Array.from({ length: n }, (_, k) => k);
  const sliceArb = fc
    .tuple(
      fc.option(fc.integer({ min: -n - 1, max: n + 1 }), { nil: null }),
      fc.option(fc.integer({ min: -n - 1, max: n + 1 }), { nil: null }),
      fc.option(fc.constantFrom(1, 2, 3, -1, -2), { nil: null }),
    )
    .map(([a, b, s]) => {
      const sl = np.slice(a, b, s);
      const [start, step, len] = sl.resolve('test', n);
      const pos = Array.from({ length: len }, (_, k) => start + k * step);
      const text = sl.toString();
      return { part: Math.random() < 0.5 ? sl : text, pos, int: false };
    });
  const arbs: fc.Arbitrary<{ part: sp.IndexPart; pos: number[]; int: boolean }>[] = [
    fc.constant({ part: ':', pos: all, int: false }),
    sliceArb,
  ];
  if (n > 0) {
    arbs.push(
      fc.integer({ min: -n, max: n - 1 }).map((i) => ({ part: i, pos: [i < 0 ? i + n : i], int: true })),
      fc
        .array(fc.integer({ min: -n, max: n - 1 }), { maxLength: 5 })
        .map((xs) => ({ part: xs, pos: xs.map((i) => (i < 0 ? i + n : i)), int: false })),
      fc
        .array(fc.boolean(), { minLength: n, maxLength: n })
        .map((m) => ({ part: m, pos: all.filter((k) => m[k]), int: false })),
    );
  }
  return fc.oneof(...arbs);
}

function gatherRef(d: Float64Array, n: number, rows: number[], cols: number[]): number[][] {
  return rows.map((i) => cols.map((j) => d[i * n + j]!));
}

describe.each(POOLS)('sparse indexing, pool size %i', (workers) => {
  it('get: every combination of selectors per axis, every format', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        matArb(6).chain((a) =>
          fc.tuple(fc.constant(a), selArb(a.m), selArb(a.n), fc.constantFrom(...FORMATS)),
        ),
        ([a, r, c, fmt]) => {
          const A = build(a, fmt);
          const d = dense(a);
          const index = [r.part, c.part] as sp.IndexLike;
          if (
            Array.isArray(r.part) &&
            Array.isArray(c.part) &&
            r.pos.length !== c.pos.length &&
            r.pos.length !== 1 &&
            c.pos.length !== 1
          ) {
            expect(() => A.get(index)).toThrow(IndexError); // NumPy: shape mismatch
            return;
          }
          const got = A.get(index);
          if (r.int && c.int) {
            expect(got).toBe(d[r.pos[0]! * a.n + c.pos[0]!]);
            return;
          }
          if (Array.isArray(r.part) && Array.isArray(c.part)) {
            // two index arrays: the values at the pairs (a length-1 array broadcasts), as NumPy
            const k = Math.max(r.pos.length, c.pos.length);
            const R = r.pos.length === 1 ? Array(k).fill(r.pos[0]) : r.pos;
            const C = c.pos.length === 1 ? Array(k).fill(c.pos[0]) : c.pos;
            const want = r.pos.length === 0 || c.pos.length === 0 ? [] : R.map((i, t) => d[i * a.n + C[t]!]);
            expect((got as unknown as np.ndarray).tolist()).toEqual(want);
            return;
          }
          const S = got as sp.sparray;
          expect(S.format).toBe(fmt === 'dia' ? 'csr' : fmt);
          expect(S.shape).toEqual([r.pos.length, c.pos.length]);
          expect(S.toarray().tolist()).toEqual(gatherRef(d, a.n, r.pos, c.pos));
        },
      ),
      RUNS,
    );
  });

  it('set: assigned positions take the values (the last repeat wins), others are kept, zeros stored', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        matArb(5).chain((a) =>
          fc.tuple(
            fc.constant(a),
            selArb(a.m),
            selArb(a.n),
            fc.constantFrom('csr', 'csc', 'coo'),
            fc.constantFrom(0, 2.5, -1),
          ),
        ),
        ([a, r, c, fmt, base]) => {
          if (Array.isArray(r.part) && Array.isArray(c.part)) return; // pairs: tested below
          const A = build(a, fmt);
          const d = dense(a);
          const rows = r.pos;
          const cols = c.pos;
          // values: base + a distinct number per selected cell, broadcast as a 2-D array
          const vals = rows.map((_, i) => cols.map((_, j) => (base === 0 ? 0 : base + i * cols.length + j)));
          const stored = new Set<number>();
          for (let k = 0; k < a.i.length; k++) stored.add(a.i[k]! * a.n + a.j[k]!);
          A.set([r.part, c.part] as sp.IndexLike, rows.length * cols.length === 0 ? 0 : np.array(vals));
          rows.forEach((i, x) => {
            cols.forEach((j, y) => {
              d[i * a.n + j] = vals[x]![y]!;
              stored.add(i * a.n + j);
            });
          });
          expect(A.toarray().toArray()).toEqual(d);
          expect(A.nnz).toBe(stored.size); // SciPy stores assigned zeros and keeps explicit ones
          expect(A.format).toBe(fmt);
        },
      ),
      RUNS,
    );
  });

  it('pairs: A.get([rows, cols]) gathers, A.set([rows, cols], v) assigns (repeats: the last wins)', () => {
    configure({ workers });
    const A = sp.csr_array([
      [1, 0, 2],
      [0, 0, 3],
      [4, 5, 0],
    ]);
    expect(
      A.get([
        [0, 2, 2, -1],
        [0, 1, 2, -2],
      ]).tolist(),
    ).toEqual([1, 5, 0, 5]);
    expect(A.get([[1], [0, 1, 2]]).tolist()).toEqual([0, 0, 3]); // a length-1 list broadcasts
    expect(
      A.get([
        [[0], [2]],
        [1, 2],
      ])
        .toarray()
        .tolist(),
    ).toEqual([
      [0, 2],
      [5, 0],
    ]); // outer (np.ix_)
    const B = A.tocsc();
    B.set(
      [
        [0, 0, 2],
        [1, 1, 2],
      ],
      [8, 9, 6],
    );
    expect(B.toarray().tolist()).toEqual([
      [1, 9, 2],
      [0, 0, 3],
      [4, 5, 6],
    ]);
    expect(B.format).toBe('csc');
    const C = sp.csr_array([2, 2], { dtype: 'float64' });
    C.set([0, 0], 0);
    expect(C.nnz).toBe(1); // SciPy stores an assigned zero
    C.eliminate_zeros();
    expect(C.nnz).toBe(0);
  });
});

describe('sparse indexing errors', () => {
  const A = sp.csr_array([
    [1, 0, 2],
    [0, 0, 3],
  ]);
  it('names the function, the argument, what was expected and what was received', () => {
    configure({ workers: 0 });
    expect(() => A.get([2, 0])).toThrow(
      "get: argument 'index' expected an index in [-2, 2) on axis 0, received 2",
    );
    expect(() => A.get([0, -4])).toThrow(
      "get: argument 'index' expected an index in [-3, 3) on axis 1, received -4",
    );
    expect(() =>
      A.get([
        [0, 1],
        [0, 1, 2],
      ]),
    ).toThrow(
      "get: argument 'index' expected row and column index arrays of one length (or broadcastable), not 2 and 3",
    );
    expect(() => A.get([[true, false, true]])).toThrow(
      'get: argument \'index\' expected a boolean mask of length 2 on axis 0, received "length 3"',
    );
    expect(() => A.get('0, [1, x]')).toThrow(IndexError);
    expect(() => A.get('0:1, 1, 2')).toThrow(/at most two index parts/);
    expect(() => A.get(new Map() as never)).toThrow(IndexError);
    expect(() => A.set(':, 1', [1, 2, 3])).toThrow(/set: argument 'index' expected values of shape \[2, 1\]/);
    expect(() => A.set([5, 0], 1)).toThrow(/set: argument 'index' expected an index in \[-2, 2\) on axis 0/);
    // the array is unchanged after a failed assignment and keeps working
    expect(A.toarray().tolist()).toEqual([
      [1, 0, 2],
      [0, 0, 3],
    ]);
  });
});
