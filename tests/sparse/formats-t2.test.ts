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
