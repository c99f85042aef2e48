/**
 * Matrix products with an inner dimension of 1–4 (`SMALL_K`, dense/linalg.ts) run as the
 * element-wise expression `((0 + A[:, 0]·B[0, :]) + A[:, 1]·B[1, :]) + …` instead of the GEMM
 * kernel: the same order (each element summed in k order from +0), so the same bits — checked
 * against a naive loop in that order and against the GEMM kernel itself (the same product padded
 * to k + 1 with a zero column, which adds +0 to every sum), on random shapes, views (transposed B,
 * column slices of A, reversed rows), signed zeros, `out=`, integer operands, and fused into a
 * following expression (kmeans' `dd + cd − 2·(X @ C.T)`), at pool sizes 0, 1 and 2.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { SMALL_K } from '../../dense/linalg.js';
import { configure, DefaultMapper } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

const same = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((x, i) => Object.is(x, b[i]));

/** C = A @ B summed in k order from +0, A m×k and B k×n row-major. */
function naive(A: number[], B: number[], m: number, k: number, n: number): Float64Array {
  const C = new Float64Array(m * n);
  for (let i = 0; i < m; i++)
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let q = 0; q < k; q++) s += A[i * k + q]! * B[q * n + j]!;
      C[i * n + j] = s;
    }
  return C;
}

/** Values with signed zeros, small integers and fractions (products round, sums cancel). */
const value = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 0.1, -2.5, 3),
  fc.double({ min: -100, max: 100, noNaN: true }),
);

describe.each(POOLS)('matrix products with a small inner dimension at pool size %i', (workers) => {
  it('equal the k-order sum from +0 and the GEMM kernel bit for bit, on views and with out=', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 }) });
    fc.assert(
      fc.property(
        fc
          .record({
            m: fc.integer({ min: 1, max: 70 }),
            k: fc.integer({ min: 1, max: SMALL_K }),
            n: fc.integer({ min: 1, max: 45 }),
            layout: fc.constantFrom('plain', 'bT', 'aSlice', 'aReversed'),
          })
          .chain((s) =>
            fc.record({
              s: fc.constant(s),
              a: fc.array(value, { minLength: s.m * s.k, maxLength: s.m * s.k }),
              b: fc.array(value, { minLength: s.k * s.n, maxLength: s.k * s.n }),
            }),
          ),
        ({ s: { m, k, n, layout }, a, b }) => {
          const want = naive(a, b, m, k, n);
          // float64 even when every value drawn is an integer (then np.array would make int32).
          const f64 = (v: number[]) => np.array(v, { dtype: 'float64' });
          let A = f64(a).reshape(m, k);
          let B = f64(b).reshape(k, n);
          if (layout === 'bT') B = np.array(f64(b).reshape(k, n).T.tolist(), { dtype: 'float64' }).T; // strides (1, k)
          if (layout === 'aSlice') {
            // A as columns 1..k of a wider matrix (row stride k + 2).
            const wide = np.zeros([m, k + 2]);
            wide.set(`:, 1:${k + 1}`, A);
            A = wide.get(`:, 1:${k + 1}`);
          }
          if (layout === 'aReversed') {
            // A's rows in reverse order through a negative row stride; the reference reversed too.
            A = np.array(f64(a).reshape(m, k).get('::-1').tolist(), { dtype: 'float64' }).get('::-1');
          }
          const got = np.matmul(A, B).toArray() as Float64Array;
          expect(same(got, want)).toBe(true);
          // The GEMM kernel on the same product padded with zero columns up to SMALL_K + 1 (past
          // the element-wise form): + (+0) changes no sum.
          const pad = SMALL_K + 1 - k;
          const Ap = np.concatenate([A, np.zeros([m, pad])], { axis: 1 });
          const Bp = np.concatenate([B, np.zeros([pad, n])], { axis: 0 });
          expect(same(np.matmul(Ap, Bp).toArray() as Float64Array, want)).toBe(true);
          // out=: written in place.
          const out = np.full([m, n], 7.5);
          np.dot(A, B, out);
          expect(same(out.toArray() as Float64Array, want)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('inside np.fuse, stays right when an operand is written in place after the product', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 }) });
    const A = np.array(Array.from({ length: 12 }, (_, i) => i + 0.5)).reshape(3, 4);
    const B = np.array(Array.from({ length: 8 }, (_, i) => i - 1.25)).reshape(4, 2);
    const want = np.matmul(A, B).tolist();
    const f = np.fuse(() => {
      const C = np.matmul(A, B);
      const D = np.add(C, 1);
      np.multiply(A, 2, { out: A });
      return { C, D };
    });
    const r = f();
    expect(r.C.tolist()).toEqual(want);
    expect(r.D.tolist()).toEqual((want as number[][]).map((row) => row.map((v) => v + 1)));
  });

  it('fuses into a following element-wise expression (kmeans) and keeps integer results exact', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 }) });
    const N = 3001;
    const X = np.array(Array.from({ length: N * 2 }, (_, i) => ((i * 37) % 101) / 7 - 5)).reshape(N, 2);
    const C = np.array([0.5, -1, 2, 0.25, -3, 1.5, 0, -0]).reshape(4, 2);
    const dd = np.sum(np.multiply(X, X), { axis: 1 });
    const cd = np.sum(np.multiply(C, C), { axis: 1 });
    const pairwise = np.subtract(np.add(dd.reshape(N, 1), cd.reshape(1, 4)), np.multiply(2, np.dot(X, C.T)));
    const xs = X.toArray() as Float64Array;
    const cs = C.toArray() as Float64Array;
    const ds = dd.toArray() as Float64Array;
    const es = cd.toArray() as Float64Array;
    const want = new Float64Array(N * 4);
    for (let i = 0; i < N; i++)
      for (let j = 0; j < 4; j++) {
        const p = 0 + xs[2 * i]! * cs[2 * j]! + xs[2 * i + 1]! * cs[2 * j + 1]!;
        want[i * 4 + j] = ds[i]! + es[j]! - 2 * p;
      }
    expect(same(pairwise.toArray() as Float64Array, want)).toBe(true);
    // int32 operands: NumPy's integer product (exact here), dtype kept.
    const I = np.array([1, -2, 3, 4, 5, -6], { dtype: 'int32' }).reshape(3, 2);
    const J = np.array([7, 8, -9, 10], { dtype: 'int32' }).reshape(2, 2);
    const r = np.matmul(I, J);
    expect(r.dtype).toBe('int32');
    expect(r.tolist()).toEqual([
      [25, -12],
      [-15, 64],
      [89, -20],
    ]);
  });
});
