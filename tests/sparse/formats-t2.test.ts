/**
 * Issue 20, sparse Tier 2 formats: `bsr_array` (block structure, SpMV/SpMM on the pool, tobsr with
 * SciPy's block-size estimate, transpose, tocsr), `lil_array` / `dok_array` (incremental
 * construction: stored rows, key order, zeros deleting entries, casts) and `sddmm` — against SciPy
 * fixtures (scripts/fixtures_sparse_formats.py) and naive references, pool sizes 0, 1, 2.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { bsrSpmv, bsrSpmvUnrolled } from '../../sparse/kernels/bsr.js';
import { build, close, dense, FORMATS, type Mat, matArb, matmulRef, POOLS, RUNS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

interface BsrCase {
  input: Mat;
  blocksize: [number, number] | null;
  out: Record<string, number[]>;
}
interface Seq {
  shape: [number, number];
  dtype: 'float64' | 'int32';
  ops: { index: string; value: number | number[] }[];
  lil: { rows: number[][]; data: number[][]; nnz: number }[];
  dok: { keys: number[][]; values: number[]; nnz: number }[];
  dense: number[];
  dok_T_keys: number[][];
  lil_T_rows: number[][];
}
const FIX = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/sparse/formats_t2.json'), 'utf8'),
) as {
  bsr: BsrCase[];
  bsr_tuples: {
    data: number[][][];
    indices: number[];
    indptr: number[];
    shape: [number, number] | null;
    out_shape: number[];
    dense: number[];
  }[];
  sequences: Seq[];
  conversions: {
    input: Mat;
    lil_rows: number[][];
    lil_data: number[][];
    dok_keys: number[][];
    dok_values: number[];
    dense: number[];
  }[];
  sddmm: { input: Mat; k: number; B: number[]; C: number[]; dense: number[] }[];
};

const vals = (x: np.ndarray): number[] => Array.from(x.toArray() as ArrayLike<number>, Number);
const csrOf = (a: Mat) => build(a, 'csr');

describe.each(POOLS)('BSR against SciPy, pool size %i', (workers) => {
  it('tobsr (given and estimated block sizes), SpMV, SpMM, tocsr, transpose', () => {
    configure({ workers });
    for (const c of FIX.bsr) {
      const tag = `${c.input.m}x${c.input.n} blocksize ${c.blocksize}`;
      const A = csrOf(c.input).tocsr();
      A.sum_duplicates(); // SciPy's fixture converts a canonical COO
      const B = c.blocksize ? A.tobsr(c.blocksize) : A.tobsr();
      const o = c.out;
      expect(B.format).toBe('bsr');
      expect(B.blocksize, tag).toEqual(o.blocksize);
      expect(vals(B.indptr), `${tag} indptr`).toEqual(o.indptr);
      expect(vals(B.indices), `${tag} indices`).toEqual(o.indices);
      close(vals(B.data), o.data!, 'float64', `${tag} data`);
      expect(B.nnz, tag).toBe(o.nnz![0] ?? o.nnz);
      close(vals(B.dot(np.array(o.x!))), o.spmv!, 'float64', `${tag} spmv`);
      const X = np.array(o.X!).reshape([c.input.n, 3]);
      close(vals(B.dot(X)), o.spmm!, 'float64', `${tag} spmm`);
      close(vals(B.toarray()), o.dense!, 'float64', `${tag} dense`);
      const T = B.T as sp.BsrArray;
      expect(T.blocksize, `${tag} T`).toEqual(o.T_blocksize);
      close(vals(T.toarray()), o.T_dense!, 'float64', `${tag} T dense`);
      const C = B.tocsr();
      expect(vals(C.indptr), `${tag} csr indptr`).toEqual(o.csr_indptr);
      expect(vals(C.indices), `${tag} csr indices`).toEqual(o.csr_indices);
      close(vals(C.data), o.csr_data!, 'float64', `${tag} csr data`);
      // The constructor reaches the same structure from any format.
      for (const f of FORMATS) {
        const D = sp.bsr_array(A.asformat(f), c.blocksize ? { blocksize: c.blocksize } : {});
        close(vals(D.toarray()), o.dense!, 'float64', `${tag} from ${f}`);
      }
    }
  });

  it('the (data, indices, indptr) form, shape inferred or given', () => {
    configure({ workers });
    for (const t of FIX.bsr_tuples) {
      const B = sp.bsr_array(
        [np.array(t.data), Int32Array.from(t.indices), Int32Array.from(t.indptr)],
        t.shape ? { shape: t.shape } : {},
      );
      expect(B.shape).toEqual(t.out_shape);
      close(vals(B.toarray()), t.dense, 'float64', 'tuple');
      const x = np.arange(B.shape[1], { dtype: 'float64' });
      close(vals(B.dot(x)), vals(np.matmul(B.toarray(), x)), 'float64', 'tuple spmv');
    }
  });
});

describe.each(POOLS)('LIL and DOK against SciPy, pool size %i', (workers) => {
  it.each(['lil', 'dok'] as const)('%s: a sequence of assignments', (fmt) => {
    configure({ workers });
    for (const s of FIX.sequences) {
      const A =
        fmt === 'lil' ? sp.lil_array(s.shape, { dtype: s.dtype }) : sp.dok_array(s.shape, { dtype: s.dtype });
      s.ops.forEach((op, k) => {
        A.set(op.index, op.value);
        const tag = `${s.shape} ${s.dtype} after ${op.index} = ${op.value}`;
        if (A instanceof sp.LilArray) {
          expect(A.rows, tag).toEqual(s.lil[k]!.rows);
          expect(A.data, tag).toEqual(s.lil[k]!.data);
          expect(A.nnz, tag).toBe(s.lil[k]!.nnz);
        } else {
          const D = A as sp.DokArray;
          expect(D.keys(), tag).toEqual(s.dok[k]!.keys);
          expect(D.values(), tag).toEqual(s.dok[k]!.values);
          expect(D.nnz, tag).toBe(s.dok[k]!.nnz);
        }
      });
      expect(A.dtype).toBe(s.dtype);
      expect(vals(A.toarray())).toEqual(s.dense);
      if (A instanceof sp.LilArray) expect((A.T as sp.LilArray).rows).toEqual(s.lil_T_rows);
      else expect((A.T as sp.DokArray).keys()).toEqual(s.dok_T_keys);
    }
  });

  it('tolil / todok from COO with duplicates and explicit zeros', () => {
    configure({ workers });
    for (const c of FIX.conversions) {
      const A = build(c.input, 'coo');
      const L = A.tolil();
      expect(L.rows).toEqual(c.lil_rows);
      expect(L.data).toEqual(c.lil_data);
      const D = A.todok();
      expect(D.keys()).toEqual(c.dok_keys);
      expect(D.values()).toEqual(c.dok_values);
      for (const X of [L, D, sp.lil_array(A), sp.dok_array(A), L.tocsr(), D.tocoo(), L.todok(), D.tolil()])
        expect(vals(X.toarray())).toEqual(c.dense);
    }
  });
});

describe.each(POOLS)('sddmm, pool size %i', (workers) => {
  it('against SciPy (A.multiply(B @ C))', () => {
    configure({ workers });
    for (const c of FIX.sddmm) {
      const { m, n } = c.input;
      const B = np.array(c.B).reshape([m, c.k]);
      const C = np.array(c.C).reshape([c.k, n]);
      for (const f of FORMATS) {
        const S = sp.sddmm(build(c.input, f), B, C);
        expect(S.format).toBe('csr');
        close(vals(S.toarray()), c.dense, 'float64', `sddmm ${m}x${n} k=${c.k} ${f}`);
      }
    }
  });

  it('property: each stored entry is A_ij times the dot of row i of B and column j of C', () => {
    configure({ workers });
    fc.assert(
      fc.property(matArb(6), fc.integer({ min: 0, max: 4 }), (a, k) => {
        const B = Float64Array.from({ length: a.m * k }, (_, p) => ((p * 7) % 5) - 2);
        const C = Float64Array.from({ length: k * a.n }, (_, p) => ((p * 3) % 4) - 1.5);
        const A = build(a, 'csr') as sp.CsrArray;
        const S = sp.sddmm(A, np.array(B).reshape([a.m, k]), np.array(C).reshape([k, a.n]));
        // Same structure as A (shared), values per stored entry, duplicates kept.
        expect(vals(S.indices)).toEqual(vals(A.indices));
        const ip = vals(A.indptr);
        const want: number[] = [];
        for (let i = 0; i < a.m; i++)
          for (let p = ip[i]!; p < ip[i + 1]!; p++) {
            const j = vals(A.indices)[p]!;
            let s = 0;
            for (let l = 0; l < k; l++) s += B[i * k + l]! * C[l * a.n + j]!;
            want.push(vals(A.data)[p]! * s);
          }
        close(vals(S.data), want, 'float64', 'sddmm data');
      }),
      RUNS,
    );
  });
});

/** A random matrix whose shape is a multiple of a random block size. */
const blockedArb = fc
  .tuple(
    fc.integer({ min: 1, max: 3 }),
    fc.integer({ min: 1, max: 3 }),
    fc.integer({ min: 0, max: 4 }),
    fc.integer({ min: 0, max: 4 }),
  )
  .chain(([R, C, mb, nb]) => matArb(12, { mn: [R * mb, C * nb] }).map((a) => ({ a, R, C })));

describe.each(POOLS)('properties against naive loops, pool size %i', (workers) => {
  it('BSR from every format: dense values, SpMV and SpMM against the naive product', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        blockedArb,
        fc.constantFrom(...FORMATS),
        fc.integer({ min: 1, max: 3 }),
        ({ a, R, C }, f, k) => {
          const ref = dense(a);
          const B = sp.bsr_array(build(a, f), { blocksize: [R, C] });
          expect(B.blocksize).toEqual([R, C]);
          close(vals(B.toarray()), ref, 'float64', 'bsr dense');
          const x = Float64Array.from({ length: a.n }, (_, j) => (j % 3) - 1 + j / 8);
          close(vals(B.dot(np.array(x))), matmulRef(ref, a.m, a.n, x, 1), 'float64', 'bsr spmv');
          const X = Float64Array.from({ length: a.n * k }, (_, p) => ((p * 5) % 7) - 3);
          close(
            vals(B.dot(np.array(X).reshape([a.n, k]))),
            matmulRef(ref, a.m, a.n, X, k),
            'float64',
            'bsr spmm',
          );
          // out= reuses a vector; rmatmul and arithmetic go through the CSR form.
          const y = np.zeros([a.m]);
          B.dot(np.array(x), { out: y });
          close(vals(y), matmulRef(ref, a.m, a.n, x, 1), 'float64', 'bsr spmv out');
          close(
            vals((B.multiply(2) as sp.sparray).toarray()),
            ref.map((v) => 2 * v),
            'float64',
            'bsr * 2',
          );
          close(vals(B.sum(0)), vals(np.sum(np.array(ref).reshape([a.m, a.n]), 0)), 'float64', 'bsr sum');
        },
      ),
      RUNS,
    );
  });

  it('LIL and DOK: random assignments against a dense model (zeros delete, last wins)', () => {
    configure({ workers });
    const op = fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(0, 0, 1, -2.5, 3, 7));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(op, { maxLength: 40 }),
        (m, n, ops) => {
          const L = sp.lil_array([m, n]);
          const D = sp.dok_array([m, n]);
          const model = new Float64Array(m * n);
          const order: number[] = [];
          for (const [pi, pj, v] of ops) {
            // negative indices count from the end, as SciPy
            const i = pi % m;
            const j = pj % n;
            const [si, sj] = pi % 2 === 0 ? [i, j] : [i - m, j - n];
            L.set([si, sj], v);
            D.set([si, sj], v);
            const key = i * n + j;
            if (v === 0) {
              const at = order.indexOf(key);
              if (at >= 0) order.splice(at, 1);
            } else if (!order.includes(key)) order.push(key);
            model[key] = v;
            expect(L.get([si, sj])).toBe(v);
            expect(D.get([si, sj])).toBe(v);
          }
          expect(vals(L.toarray())).toEqual(Array.from(model));
          expect(vals(D.toarray())).toEqual(Array.from(model));
          expect(D.keys()).toEqual(order.map((k) => [Math.floor(k / n), k % n]));
          expect(L.nnz).toBe(order.length);
          // Rows stay sorted: the CSR form is canonical.
          expect(L.tocsr().has_canonical_format).toBe(true);
          expect(L.rows.every((r) => r.every((c, t) => t === 0 || c > r[t - 1]!))).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('LIL / DOK / BSR behave like CSR for slicing, products and conversions', () => {
    configure({ workers });
    fc.assert(
      fc.property(matArb(6), (a) => {
        const ref = dense(a);
        const S = build(a, 'csr');
        for (const X of [S.tolil(), S.todok(), S.tobsr([1, 1]), S.tobsr()]) {
          close(vals(X.toarray()), ref, 'float64', `${X.format} dense`);
          if (a.m > 1) {
            const r = X.get(`1:${a.m}, :`) as sp.sparray;
            expect(r.format).toBe(X.format === 'bsr' ? 'csr' : X.format);
            close(vals(r.toarray()), ref.slice(a.n), 'float64', `${X.format} row slice`);
          }
          const x = np.arange(a.n, { dtype: 'float64' });
          close(vals(X.dot(x)), vals(S.dot(x)), 'float64', `${X.format} spmv`);
          close(vals((X.T as sp.sparray).toarray()), vals((S.T as sp.sparray).toarray()), 'float64', 'T');
          expect(X.copy().format).toBe(X.format);
          close(vals(X.copy().toarray()), ref, 'float64', `${X.format} copy`);
        }
      }),
      RUNS,
    );
  });
});

describe('worker-count invariance', () => {
  it('BSR SpMV and sddmm are bitwise the same at 0, 1 and 2 workers', () => {
    const m = 300;
    const results: number[][] = [];
    for (const workers of POOLS) {
      configure({ workers });
      const A = sp.random_array([m, m], { density: 0.05, random_state: 3, format: 'csr' });
      const B = A.tobsr([3, 3]);
      const x = np.linspace(-1, 1, m);
      const U = np.reshape(np.linspace(0, 1, m * 4), [m, 4]);
      results.push([...vals(B.dot(x)), ...vals(sp.sddmm(A, U, U.T).data)]);
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
  });
});

describe('cases ported from SciPy test_bsr.py / test_base.py (TestLIL) / test_dok.py', () => {
  it('bsr from (data, indices, indptr) equals the Kronecker reference (test_bsr constructor1)', () => {
    configure({ workers: 2 });
    const blk = [
      [0, 1, 2],
      [3, 0, 5],
    ];
    const data = [1, 2, 4, 5].map((s) => blk.map((r) => r.map((v) => s * v)));
    const A = sp.bsr_array([np.array(data), Int32Array.from([0, 2, 2, 3]), Int32Array.from([0, 2, 2, 4])], {
      shape: [6, 12],
    });
    const coarse = [
      [1, 0, 2, 0],
      [0, 0, 0, 0],
      [0, 0, 4, 5],
    ];
    const want: number[] = [];
    for (let i = 0; i < 6; i++)
      for (let j = 0; j < 12; j++) want.push(coarse[(i / 2) | 0]![(j / 3) | 0]! * blk[i % 2]![j % 3]!);
    expect(vals(A.toarray())).toEqual(want);
    expect(A.nnz).toBe(24);
  });

  it('bsr matvec / matvecs with 4×5 blocks (test_bsr_matvec, test_bsr_matvecs)', () => {
    configure({ workers: 2 });
    const dense8x15 = np.arange(2 * 3 * 4 * 5, { dtype: 'float64' }).reshape([8, 15]);
    const A = sp.bsr_array(dense8x15, { blocksize: [4, 5] });
    const x = np.arange(15, { dtype: 'float64' });
    expect(vals(A.dot(x))).toEqual(vals(np.matmul(dense8x15, x)));
    const X = np.arange(15 * 6, { dtype: 'float64' }).reshape([15, 6]);
    expect(vals(A.dot(X))).toEqual(vals(np.matmul(dense8x15, X)));
  });

  it('bsr eliminate_zeros drops all-zero blocks only (test_bsr eliminate_zeros)', () => {
    const data = [
      [
        [0, 0],
        [0, 0],
      ],
      [
        [1, 0],
        [0, 0],
      ],
      [
        [0, 0],
        [0, 0],
      ],
    ];
    const A = sp.bsr_array([np.array(data), Int32Array.from([0, 1, 0]), Int32Array.from([0, 2, 3])], {
      shape: [4, 4],
    });
    const before = vals(A.toarray());
    A.eliminate_zeros();
    expect(A.nnz).toBe(4);
    expect(vals(A.indices)).toEqual([1]);
    expect(vals(A.toarray())).toEqual(before);
  });

  it('lil sequence and slice assignment (TestLIL test_lil_sequence_assignment, test_lil_slice_assignment)', () => {
    const A = sp.lil_array([4, 3]);
    const B = sp.eye(3, 4, { format: 'csr' });
    A.set('0, [0, 1, 2]', (B.get('[0, 1, 2], 0') as sp.sparray).toarray().reshape([3]));
    A.set('1, [0, 1, 2]', (B.get('[0, 1, 2], 1') as sp.sparray).toarray().reshape([3]));
    A.set('2, [0, 1, 2]', (B.get('[0, 1, 2], 2') as sp.sparray).toarray().reshape([3]));
    expect(vals(A.toarray())).toEqual(vals((B.T as sp.sparray).toarray()));
    const C = sp.lil_array([2, 3]);
    C.set('1, 1:3', [10, 20]);
    expect(vals(C.toarray())).toEqual([0, 0, 0, 0, 10, 20]);
    const D = sp.lil_array([4, 3]);
    D.set([0, 0], 5);
    D.set([1, 2], 3);
    D.set([2, 1], 7);
    D.set(':, :', D.add(D) as sp.sparray);
    expect(vals(D.toarray())).toEqual([10, 0, 0, 0, 0, 6, 0, 14, 0, 0, 0, 0]);
    D.set(
      ':2, :2',
      sp.csc_array([
        [1, 0],
        [0, 4],
      ]),
    );
    expect(vals(D.toarray()).slice(0, 2)).toEqual([1, 0]);
    expect(D.rows[0]).toEqual([0]); // the assigned zero at (0, 1) is not stored
  });

  it('dok: setting zero removes the key, dict-style get with a default (test_dok)', () => {
    const D = sp.dok_array([3, 3]);
    D.set([0, 1], 2);
    D.set([0, 1], 0);
    expect(D.nnz).toBe(0);
    expect(D.keys()).toEqual([]);
    D.set([2, 2], 1.5);
    expect(D.get([2, 2], 9)).toBe(1.5);
    expect(D.get([1, 1], 9)).toBe(9);
    expect(D.get([1, 1])).toBe(0);
  });
});

describe('errors name the function, the argument, what was expected and received', () => {
  const dense4 = np.eye(4);
  it('bsr_array', () => {
    expect(() => sp.bsr_array(dense4, { blocksize: [3, 3] })).toThrow(
      /^bsr_array: argument 'blocksize' expected a divisor of the shape \[4, 4\], received \[3, 3\]/,
    );
    expect(() => sp.bsr_array(dense4, { blocksize: [0, 2] })).toThrow(
      /^bsr_array: argument 'blocksize' expected two positive integers \[R, C\]/,
    );
    expect(() => sp.bsr_array([4, 6], { blocksize: [4, 4] })).toThrow(
      /argument 'blocksize' expected a divisor/,
    );
    expect(() => sp.bsr_array([4, 4], { foo: 1 } as never)).toThrow(/bsr_array.*foo/);
    const data = np.ones([2, 2, 2]);
    expect(() =>
      sp.bsr_array([data, Int32Array.from([0, 1]), Int32Array.from([0, 2])], { blocksize: [1, 2] }),
    ).toThrow(/argument 'blocksize' expected \[2, 2\] \(data's blocks\), received \[1, 2\]/);
    expect(() => sp.bsr_array([data, Int32Array.from([0]), Int32Array.from([0, 2])])).toThrow(
      /argument 'indices' expected 2 block indices \(as data\), received 1/,
    );
    expect(() => sp.bsr_array([data, Int32Array.from([0, 1]), Int32Array.from([1, 2])])).toThrow(
      /argument 'indptr' expected indptr\[0\] == 0/,
    );
    expect(() => sp.bsr_array([data, Int32Array.from([0, 1]), Int32Array.from([0, 1])])).toThrow(
      /argument 'indptr' expected indptr\[-1\] == 2 \(blocks\), received 1/,
    );
    expect(() =>
      sp.bsr_array([data, Int32Array.from([0, 1]), Int32Array.from([0, 2])], { shape: [3, 4] }),
    ).toThrow(/argument 'shape' expected \[2, a multiple of 2\]/);
    expect(() =>
      sp.bsr_array([Float64Array.from([1]), Int32Array.from([0]), Int32Array.from([0, 1])], {
        shape: [1, 1],
      }),
    ).toThrow(/BSR data must be 3-D/);
    const bad = sp.bsr_array([data, Int32Array.from([0, 5]), Int32Array.from([0, 2])], { shape: [2, 4] });
    expect(() => bad.check_format()).toThrow(
      /argument 'indices' expected block indices in \[0, 2\), received "5 at position 1"/,
    );
    expect(() => sp.csr_array(dense4).tobsr([3, 1])).toThrow(
      /^tobsr: argument 'blocksize' expected a divisor/,
    );
  });

  it('lil_array and dok_array', () => {
    for (const f of [sp.lil_array, sp.dok_array]) {
      const A = f([2, 3]);
      const name = A.format === 'lil' ? 'lil_array' : 'dok_array';
      expect(() => f([Float64Array.from([1]), [Int32Array.from([0]), Int32Array.from([0])]])).toThrow(
        new RegExp(`^${name}: argument 'arg1' expected a sparse array, a dense array_like or a shape`),
      );
      expect(() => A.set([2, 0], 1)).toThrow(
        /^set: argument 'index' expected a row index in \[-2, 2\), received 2/,
      );
      expect(() => A.set([0, -4], 1)).toThrow(/^set: argument 'index' expected a column index in \[-3, 3\)/);
      expect(() => A.get([0, 3])).toThrow(/^get: argument 'index' expected a column index/);
      expect(() => A.set(':, 0', [1, 2, 3])).toThrow(/values of shape \[2, 1\]/);
      A.dispose();
      expect(() => A.toarray()).toThrow(new RegExp(`${name}: the array was disposed`));
    }
    expect(() => sp.dok_array([2, 2]).get(':, 0' as never, 1)).toThrow(
      /^get: argument 'default' expected no default/,
    );
    expect(() => sp.dok_array([2 ** 30, 2 ** 30])).toThrow(
      /^dok_array: argument 'shape' expected m·n ≤ 2\^53/,
    );
  });

  it('sddmm', () => {
    const A = sp.csr_array([
      [1, 0],
      [0, 2],
    ]);
    expect(() => sp.sddmm(np.eye(2) as never, np.eye(2), np.eye(2))).toThrow(
      /^sddmm: argument 'A' expected a sparse array/,
    );
    expect(() => sp.sddmm(A, np.ones([3, 2]), np.eye(2))).toThrow(
      /^sddmm: argument 'B' expected a 2-D array with 2 rows \(A is \[2, 2\]\), received "shape \[3,2\]"/,
    );
    expect(() => sp.sddmm(A, np.ones([2, 3]), np.ones([2, 2]))).toThrow(
      /^sddmm: argument 'C' expected shape \[3, 2\] \(B is \[2, 3\]\), received "shape \[2,2\]"/,
    );
    expect(() => (sp.sddmm as (...a: unknown[]) => unknown)(A, np.eye(2), np.eye(2), np.eye(2))).toThrow(
      /sddmm/,
    );
  });
});

describe('the unrolled BSR SpMV loop', () => {
  it('is bitwise the same as the generic loop for every block size up to 8 × 8', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.nat(),
        (R, C, MB, NB, seed) => {
          let s = seed | 1;
          const rnd = () => {
            s ^= s << 13;
            s ^= s >>> 17;
            s ^= s << 5;
            return (s >>> 0) / 4294967296;
          };
          const pos = new Int32Array(MB + 1);
          const crd: number[] = [];
          for (let I = 0; I < MB; I++) {
            const k = Math.floor(rnd() * 4);
            for (let q = 0; q < k; q++) crd.push(Math.floor(rnd() * NB));
            pos[I + 1] = crd.length;
          }
          const vals = Float64Array.from({ length: crd.length * R * C }, () => rnd() * 2 - 1);
          const x = Float64Array.from({ length: NB * C }, () => rnd() * 10 - 5);
          const y1 = new Float64Array(MB * R).fill(Number.NaN);
          const y2 = new Float64Array(MB * R).fill(Number.NaN);
          bsrSpmv(pos, Int32Array.from(crd), vals, R, C, x, y1, 0, MB);
          const f = new Function(`return (${bsrSpmvUnrolled(R, C)});`)() as typeof bsrSpmv;
          f(pos, Int32Array.from(crd), vals, R, C, x, y2, 0, MB);
          expect(Array.from(y2)).toEqual(Array.from(y1));
        },
      ),
      RUNS,
    );
  });
});
