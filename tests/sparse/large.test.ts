/**
 * Matrices large enough for the mapper to split launches into pieces (several per pool), checked
 * against plain host loops: COO → CSR (parallel bucket sort), SpMV, CSR + CSR, SpGEMM, toarray.
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { close, POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

function hostCsr(m: number, rows: Int32Array, cols: Int32Array, vals: Float64Array) {
  const byRow: Map<number, number>[] = Array.from({ length: m }, () => new Map());
  for (let k = 0; k < vals.length; k++) {
    const r = byRow[rows[k]!]!;
    r.set(cols[k]!, (r.get(cols[k]!) ?? 0) + vals[k]!);
  }
  return byRow;
}

describe.each(POOLS)('large matrices, pool size %i', (workers) => {
  it('COO → CSR, SpMV, add and SpGEMM agree with host loops', () => {
    configure({ workers });
    const m = 40000;
    const n = 30000;
    const nnz = 300000;
    let s = 12345;
    const rnd = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const rows = Int32Array.from({ length: nnz }, () => Math.floor(rnd() * m));
    const cols = Int32Array.from({ length: nnz }, () => Math.floor(rnd() * n));
    const vals = Float64Array.from({ length: nnz }, () => Math.round(rnd() * 8) - 4);
    const C = sp.coo_array([vals, [rows, cols]], { shape: [m, n] });
    const A = C.tocsr() as sp.CsrArray;
    expect(A.has_canonical_format).toBe(true);
    const ref = hostCsr(m, rows, cols, vals);
    const ptr = A.indptr.toArray();
    const idx = A.indices.toArray();
    const dat = A.data.toArray();
    expect(A.nnz).toBe(ref.reduce((t, r) => t + r.size, 0));
    for (const i of [0, 1, 777, m >> 1, m - 1]) {
      const want = [...ref[i]!.entries()].sort((a, b) => a[0] - b[0]);
      const got = Array.from(idx.subarray(ptr[i]!, ptr[i + 1]!), (j, t) => [j, dat[ptr[i]! + t]!]);
      expect(got).toEqual(want);
    }
    const x = Float64Array.from({ length: n }, (_, j) => (j % 7) - 3);
    const y = A.dot(np.array(x)).toArray();
    const yr = new Float64Array(m);
    ref.forEach((r, i) => {
      for (const [j, v] of r) yr[i]! += v * x[j]!;
    });
    close(y as ArrayLike<number>, yr);
    // COO SpMV (through its cached CSR) and CSC SpMV give the same.
    close(C.dot(np.array(x)).toArray() as ArrayLike<number>, yr);
    close(A.tocsc().dot(np.array(x)).toArray() as ArrayLike<number>, yr);
    // A + A == 2A without A's explicit zeros (SciPy drops zeros of a union); A - A is empty.
    const S = A.add(A) as sp.CsrArray;
    close(
      S.data.toArray() as ArrayLike<number>,
      Float64Array.from(
        dat.filter((v) => v !== 0),
        (v) => 2 * v,
      ),
    );
    expect(A.subtract(A).nnz).toBe(0);
    // SpGEMM on a slice of rows: (A[0:2000] @ Aᵀ) row sums == A[0:2000] @ (Aᵀ 1).
    const top = A.get('0:2000');
    const P = top.dot(A.T);
    const ones = np.ones([m]);
    const lhs = P.sum(1).toArray();
    const rhs = top.dot(A.T.dot(ones)).toArray();
    close(lhs as ArrayLike<number>, rhs as ArrayLike<number>);
  });
});
