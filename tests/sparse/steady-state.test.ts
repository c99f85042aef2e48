/**
 * Legate Sparse's figure 1 loop (power iteration) reaches a steady state: after warm-up, an
 * iteration computes no partition and no image and solves no constraint — the SpMV's plan (its
 * images of `indptr` and `indices`) and the dense library's tilings are replayed from the trace
 * — at pool sizes 1, 2; at pool size 0 every launch is
 * one piece, planned without the solver.
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, partitionStats, resetPartitionStats } from '../../runtime/index.js';
import { chainedImagesUsed } from '../../sparse/core/products.js';
import * as sp from '../../sparse/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

describe.each(POOLS)('power iteration, pool size %i', (workers) => {
  it('recomputes no partition per iteration', () => {
    configure({ workers });
    const n = 20000;
    const A = sp.random(n, n, { density: 5e-4, format: 'csr', rng: 7 });
    let x = np.ones([n]);
    const step = () => {
      const y = A.dot(x);
      x = y.divide(np.linalg.norm(y));
    };
    for (let i = 0; i < 3; i++) step();
    resetPartitionStats();
    const iters = 5;
    for (let i = 0; i < iters; i++) step();
    x.toArray();
    const s = partitionStats();
    expect(Object.values(s.created).reduce((a, b) => a + b, 0)).toBe(0);
    expect(s.imageComputations).toBe(0);
    if (workers === 0) {
      // One piece: the fast path plans it without partitions or images (runtime/one-piece.ts).
      expect(s.imageHits).toBe(0);
      expect(s.solves).toBe(0);
      expect(s.onePiece).toBeGreaterThan(0);
    } else {
      // The SpMV's plan (its images of indptr → indices, indptr → data, indices → x included)
      // is replayed from the trace (runtime/plan-memo.ts): not solved, no image even looked up.
      expect(s.solves).toBe(0);
      expect(s.imageHits).toBe(0);
      expect(s.replays).toBeGreaterThanOrEqual(iters);
      expect(chainedImagesUsed()).toBe(true);
    }
    // The estimate agrees with a plain loop on the host.
    const lam = Number(np.dot(x, A.dot(x)).item());
    const c = A.tocsr() as sp.CsrArray;
    const ptr = c.indptr.toArray();
    const idx = c.indices.toArray();
    const val = c.data.toArray();
    let h = new Float64Array(n).fill(1);
    const mv = (v: Float64Array) => {
      const y = new Float64Array(n);
      for (let i = 0; i < n; i++) for (let p = ptr[i]!; p < ptr[i + 1]!; p++) y[i]! += val[p]! * v[idx[p]!]!;
      return y;
    };
    for (let i = 0; i < 3 + iters; i++) {
      const y = mv(h);
      const nrm = Math.hypot(...y.subarray(0, 0)) || Math.sqrt(y.reduce((a, b) => a + b * b, 0));
      h = y.map((v) => v / nrm);
    }
    const hy = mv(h);
    const ref = h.reduce((a, v, i) => a + v * hy[i]!, 0);
    expect(Math.abs(lam - ref)).toBeLessThan(1e-9 * Math.abs(ref));
  });
});
