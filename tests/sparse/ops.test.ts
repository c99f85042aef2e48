/** Products, element-wise operations and reductions against the dense reference, pool sizes 0, 1, 2. */
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
  matmulRef,
  POOLS,
  pairArb,
  RUNS,
  transposeRef,
} from './ref.js';

afterAll(() => configure({ workers: 0 }));

const fmtArb = fc.constantFrom(...FORMATS);
const vecOf = (n: number, seed: number) =>
  Float64Array.from({ length: n }, (_, k) => ((k * 7 + seed) % 5) - 2 + 0.5 * (k % 2));

describe.each(POOLS)('operations, pool size %i', (workers) => {
  it.each(DTYPES)(
    '%s: SpMV and SpMM give the same bits on the Wasm path (arrays in the heap) and the JavaScript one',
    (dtype) => {
      configure({ workers });
      fc.assert(
        fc.property(matArb(), fc.integer({ min: 1, max: 3 }), fc.constantFrom('csr', 'dia'), (a, k, fmt) => {
          const A = build(a, fmt as 'csr' | 'dia', dtype);
          const x = vecOf(a.n, k);
          // x in its own SharedArrayBuffer: wrapped without a copy, so outside the heap.
          const xs = new Float64Array(new SharedArrayBuffer(8 * a.n));
          xs.set(x);
          const viaWasm = A.dot(np.array(x)).toArray() as ArrayLike<number>;
          const viaJs = A.dot(np.asarray(xs)).toArray() as ArrayLike<number>;
          expect(Array.from(viaWasm).map((v) => (Object.is(v, -0) ? '-0' : v))).toEqual(
            Array.from(viaJs).map((v) => (Object.is(v, -0) ? '-0' : v)),
          );
          const B = Float64Array.from({ length: a.n * k }, (_, t) => (t % 3) - 1.25);
          const Bs = new Float64Array(new SharedArrayBuffer(8 * B.length));
          Bs.set(B);
          if (fmt === 'dia') return; // (SpMM is CSR's)
          const cw = A.matmul(np.array(B).reshape([a.n, k])).toArray() as ArrayLike<number>;
          const cj = A.matmul(np.asarray(Bs).reshape([a.n, k])).toArray() as ArrayLike<number>;
          expect(Array.from(cw)).toEqual(Array.from(cj));
          close(viaWasm, matmulRef(dense(a, dtype), a.m, a.n, x, 1), dtype, 'A@x');
        }),
        RUNS,
      );
      // A column index out of range (only check_format(true) rejects it): the Wasm kernel reads
      // NaN as the JavaScript one does, never a neighbouring array of the heap.
      const before = np.full([64], 42);
      const Abad = sp.csr_array(
        [
          np.array([1.5, 2, 1]),
          np.array([0, 5, 1], { dtype: 'int32' }),
          np.array([0, 2, 3], { dtype: 'int32' }),
        ],
        { shape: [2, 3] },
      );
      const xb = [1, 2, 3];
      const xbs = new Float64Array(new SharedArrayBuffer(24));
      xbs.set(xb);
      const after = np.full([64], 42);
      expect(Array.from(Abad.dot(np.array(xb)).toArray() as ArrayLike<number>)).toEqual([Number.NaN, 2]);
      expect(Array.from(Abad.dot(np.asarray(xbs)).toArray() as ArrayLike<number>)).toEqual([Number.NaN, 2]);
      expect(before.size + after.size).toBe(128);

      const n = 200_000;
      const A = sp.random(n, n, { density: 2e-5, format: 'csr', dtype, random_state: 3 });
      const x = vecOf(n, 1);
      const xs = new Float64Array(new SharedArrayBuffer(8 * n));
      xs.set(x);
      const yw = A.dot(np.array(x)).toArray() as Float64Array;
      const yj = A.dot(np.asarray(xs)).toArray() as Float64Array;
      expect(Buffer.compare(Buffer.from(yw.buffer), Buffer.from(yj.buffer))).toBe(0);
    },
  );

  it.each(FORMATS.flatMap((f) => DTYPES.map((d) => [f, d] as const)))(
    '%s %s: SpMV, SpMM (also into {out}), dense @ sparse',
    (fmt, dtype) => {
      configure({ workers });
      fc.assert(
        fc.property(matArb(), fc.integer({ min: 0, max: 4 }), (a, k) => {
          const A = build(a, fmt, dtype);
          const ref = dense(a, dtype);
          const x = vecOf(a.n, k);
          close(
            A.dot(np.array(x)).toArray() as ArrayLike<number>,
            matmulRef(ref, a.m, a.n, x, 1),
            dtype,
            'A@x',
          );
          const B = Float64Array.from({ length: a.n * k }, (_, t) => (t % 3) - 1);
          const C = A.matmul(np.array(B).reshape([a.n, k]));
          expect(C.shape).toEqual([a.m, k]);
          close(C.toArray() as ArrayLike<number>, matmulRef(ref, a.m, a.n, B, k), dtype, 'A@B');
          const y = vecOf(a.m, k + 1);
          close(
            sp.matmul(np.array(y), A).toArray() as ArrayLike<number>,
            matmulRef(y, 1, a.m, ref, a.n),
            dtype,
            'y@A',
          );
          const Y = Float64Array.from({ length: k * a.m }, (_, t) => (t % 4) - 2);
          const R = A.rmatmul(np.array(Y).reshape([k, a.m]));
          expect(R.shape).toEqual([k, a.n]);
          close(R.toArray() as ArrayLike<number>, matmulRef(Y, k, a.m, ref, a.n), dtype, 'Y@A');
          // A strided x (every other element of a longer vector) is read correctly.
          const x2 = np.array(Float64Array.from({ length: 2 * a.n }, (_, t) => x[t >> 1]!)).get('::2');
          close(
            A.dot(x2).toArray() as ArrayLike<number>,
            matmulRef(ref, a.m, a.n, x, 1),
            dtype,
            'A@x strided',
          );
          // Into {out}: a whole array, a view of one, x itself; in order with earlier reads.
          const xb = vecOf(a.n, k + 3);
          const out = np.full([a.m], 99, { dtype: 'float64' });
          expect(A.dot(np.array(x), { out })).toBe(out);
          const first = out.copy();
          A.dot(np.array(xb), { out });
          close(first.toArray() as ArrayLike<number>, matmulRef(ref, a.m, a.n, x, 1), dtype, 'first');
          close(out.toArray() as ArrayLike<number>, matmulRef(ref, a.m, a.n, xb, 1), dtype, 'second');
          // Into every other element of a longer vector (not a whole region: computed, then copied).
          const wide = np.full([2 * a.m], 7, { dtype: 'float64' });
          A.matmul(np.array(x), { out: wide.get('::2') });
          const w = wide.toArray() as ArrayLike<number>;
          close(
            Array.from({ length: a.m }, (_, t) => w[2 * t]!),
            matmulRef(ref, a.m, a.n, x, 1),
            dtype,
            'view',
          );
          for (let t = 0; t < a.m; t++) expect(w[2 * t + 1]).toBe(7);
          if (a.m === a.n) {
            const v = np.array(x);
            A.dot(v, { out: v });
            close(v.toArray() as ArrayLike<number>, matmulRef(ref, a.m, a.n, x, 1), dtype, 'x aliased');
          }
          const CB = np.zeros([a.m, k]);
          A.dot(np.array(B).reshape([a.n, k]), { out: CB });
          close(CB.toArray() as ArrayLike<number>, matmulRef(ref, a.m, a.n, B, k), dtype, 'A@B into');
        }),
        RUNS,
      );
    },
  );

  it('A.dot(x, {out}) rejects an out of the wrong shape or dtype, or for a sparse result', () => {
    configure({ workers });
    const A = sp.csr_array([
      [1, 2],
      [3, 4],
    ]);
    const keep = A.dot(np.array([1, 1]));
    expect(() => A.dot(np.ones([2]), { out: np.zeros([3]) })).toThrow(
      /dot: argument 'out' expected shape \[2\]/,
    );
    expect(() => A.dot(np.ones([2]), { out: np.zeros([2], { dtype: 'float32' }) })).toThrow(
      /dot: argument 'out' expected dtype float64/,
    );
    expect(() => A.dot(2, { out: np.zeros([2]) })).toThrow(/dot: argument 'out' expected no out/);
    expect(() => A.matmul(A, { out: np.zeros([2, 2]) })).toThrow(/matmul: argument 'out'/);
    expect(() => A.dot(np.ones([2]), { out: [0, 0] as never })).toThrow(
      /dot: argument 'out' expected an ndarray/,
    );
    expect(keep.tolist()).toEqual([3, 7]);
    expect(A.dot(np.ones([2])).tolist()).toEqual([3, 7]);
  });

  it('SpGEMM A @ B in every format pair', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        fc
          .tuple(
            fc.integer({ min: 0, max: 6 }),
            fc.integer({ min: 0, max: 6 }),
            fc.integer({ min: 0, max: 6 }),
          )
          .chain(([m, k, n]) =>
            fc.tuple(matArb(6, { mn: [m, k] }), matArb(6, { mn: [k, n] }), fmtArb, fmtArb),
          ),
        ([a, b, fa, fb]) => {
          const C = build(a, fa).dot(build(b, fb));
          expect(sp.issparse(C)).toBe(true);
          expect(C.shape).toEqual([a.m, b.n]);
          close(dense_of(C), matmulRef(dense(a), a.m, a.n, dense(b), b.n));
          if (fa === 'csc' && fb === 'csc') expect(C.format).toBe('csc');
          else expect(C.format).toBe('csr');
        },
      ),
      RUNS,
    );
  });

  it('add, subtract, multiply (sparse ⊕ sparse), in every format pair and dtype', () => {
    configure({ workers });
    fc.assert(
      fc.property(pairArb(), fmtArb, fmtArb, fc.constantFrom(...DTYPES), ([a, b], fa, fb, dt) => {
        const A = build(a, fa, dt);
        const B = build(b, fb, dt);
        const ra = dense(a, dt);
        const rb = dense(b, dt);
        const S = A.add(B);
        const D = A.subtract(B);
        const P = A.multiply(B);
        close(
          dense_of(S),
          ra.map((v, t) => v + rb[t]!),
          dt,
          'add',
        );
        close(
          dense_of(D),
          ra.map((v, t) => v - rb[t]!),
          dt,
          'subtract',
        );
        close(
          dense_of(P),
          ra.map((v, t) => v * rb[t]!),
          dt,
          'multiply',
        );
        for (const R of [S, D, P]) {
          expect(R.dtype).toBe(dt);
          expect(R.has_canonical_format).toBe(true);
          // SciPy drops the zeros a union produces.
          expect(Array.from(R.tocsr().data.toArray() as ArrayLike<number>).includes(0)).toBe(false);
        }
      }),
      RUNS,
    );
  });

  it('sparse with dense and scalars: multiply (broadcast), add, subtract, divide, neg, abs, power', () => {
    configure({ workers });
    fc.assert(
      fc.property(matArb(), fmtArb, fc.constantFrom(-2, 0.5, 3), (a, fmt, s) => {
        const A = build(a, fmt);
        const ref = dense(a);
        const D = Float64Array.from({ length: a.m * a.n }, (_, t) => (t % 5) - 2);
        const Dn = np.array(D).reshape([a.m, a.n]);
        close(
          dense_of(A.multiply(Dn)),
          ref.map((v, t) => v * D[t]!),
          'float64',
          'A*D',
        );
        const row = Float64Array.from({ length: a.n }, (_, t) => t - 1);
        close(
          dense_of(A.multiply(np.array(row))),
          ref.map((v, t) => v * row[t % Math.max(a.n, 1)]!),
          'float64',
          'A*row',
        );
        if (a.m > 0) {
          const col = Float64Array.from({ length: a.m }, (_, t) => t + 1);
          const Cn = np.array(col).reshape([a.m, 1]);
          close(
            dense_of(A.multiply(Cn)),
            ref.map((v, t) => v * col[Math.floor(t / a.n)]!),
            'float64',
            'A*col',
          );
        }
        close(
          A.add(Dn).toArray() as ArrayLike<number>,
          ref.map((v, t) => v + D[t]!),
          'float64',
          'A+D',
        );
        close(
          A.subtract(Dn).toArray() as ArrayLike<number>,
          ref.map((v, t) => v - D[t]!),
          'float64',
          'A-D',
        );
        close(
          dense_of(A.multiply(s)),
          ref.map((v) => v * s),
          'float64',
          'A*s',
        );
        close(
          dense_of(A.dot(s)),
          ref.map((v) => v * s),
          'float64',
          'A.dot(s)',
        );
        close(
          dense_of(A.divide(s)),
          ref.map((v) => v / s),
          'float64',
          'A/s',
        );
        close(
          dense_of(A.neg()),
          ref.map((v) => -v),
          'float64',
          '-A',
        );
        close(
          dense_of(A.abs()),
          ref.map((v) => Math.abs(v)),
          'float64',
          '|A|',
        );
        close(
          dense_of(A.power(2)),
          ref.map((v) => v * v),
          'float64',
          'A**2',
        );
        close(dense_of(A.add(0)), ref, 'float64', 'A+0');
        const Q = A.divide(Dn);
        close(
          Q.toArray() as ArrayLike<number>,
          ref.map((v, t) => v / D[t]!),
          'float64',
          'A/D',
        );
      }),
      RUNS,
    );
  });

  it('sum, mean (axis), diagonal(k), count_nonzero', () => {
    configure({ workers });
    fc.assert(
      fc.property(matArb(), fmtArb, fc.constantFrom(...DTYPES), (a, fmt, dt) => {
        const A = build(a, fmt, dt);
        const ref = dense(a, dt);
        const rows = Array.from({ length: a.m }, (_, i) =>
          ref.slice(i * a.n, (i + 1) * a.n).reduce((s, v) => s + v, 0),
        );
        const cols = Array.from({ length: a.n }, (_, j) =>
          rows.length === 0
            ? 0
            : Array.from({ length: a.m }, (_, i) => ref[i * a.n + j]!).reduce((s, v) => s + v, 0),
        );
        const total = ref.reduce((s, v) => s + v, 0);
        close([Number(A.sum().item())], [total], dt, 'sum');
        close(A.sum(1).toArray() as ArrayLike<number>, rows, dt, 'sum(1)');
        close(A.sum({ axis: 0 }).toArray() as ArrayLike<number>, cols, dt, 'sum(0)');
        close(A.sum(-1).toArray() as ArrayLike<number>, rows, dt, 'sum(-1)');
        if (a.m * a.n > 0) close([Number(A.mean().item())], [total / (a.m * a.n)], dt, 'mean');
        if (a.n > 0)
          close(
            A.mean(1).toArray() as ArrayLike<number>,
            rows.map((v) => v / a.n),
            dt,
            'mean(1)',
          );
        if (a.m > 0)
          close(
            A.mean(0).toArray() as ArrayLike<number>,
            cols.map((v) => v / a.m),
            dt,
            'mean(0)',
          );
        for (let k = -a.m; k <= a.n; k++) {
          const d: number[] = [];
          for (let i = Math.max(0, -k); i < a.m && i + k < a.n; i++) d.push(ref[i * a.n + i + k]!);
          close(A.diagonal(k).toArray() as ArrayLike<number>, d, dt, `diagonal(${k})`);
        }
        expect(A.count_nonzero()).toBe(ref.filter((v) => v !== 0).length);
      }),
      RUNS,
    );
  });

  it('in place: sum_duplicates, sort_indices, eliminate_zeros, setdiag keep SciPy semantics', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        matArb(),
        fc.constantFrom('csr', 'csc', 'coo') as fc.Arbitrary<'csr' | 'csc' | 'coo'>,
        fc.integer({ min: -3, max: 3 }),
        (a, fmt, k) => {
          const ref = dense(a);
          const A = build(a, fmt);
          A.sort_indices();
          if (fmt !== 'coo') {
            expect(A.has_sorted_indices).toBe(true);
            expect(A.nnz).toBe(a.v.length);
          }
          close(dense_of(A), ref);
          A.sum_duplicates();
          expect(A.has_canonical_format).toBe(true);
          close(dense_of(A), ref);
          const B = build(a, fmt);
          B.eliminate_zeros();
          expect(Array.from((B as sp.CsrArray).data.toArray() as ArrayLike<number>).includes(0)).toBe(false);
          close(dense_of(B), ref);
          const C = build(a, fmt);
          const inside = (k >= 0 && k < a.n) || (k < 0 && -k < a.m);
          if (!inside) return;
          const len = Math.max(0, k >= 0 ? Math.min(a.m, a.n - k) : Math.min(a.m + k, a.n));
          const vals = Array.from({ length: Math.max(0, len - 1) }, (_, t) => t + 10);
          C.setdiag(vals, k);
          const exp = ref.slice();
          for (let t = 0; t < vals.length; t++) {
            const i = t + Math.max(0, -k);
            exp[i * a.n + i + k] = vals[t]!;
          }
          close(dense_of(C), exp, 'float64', 'setdiag');
          C.setdiag(5, k);
          for (let t = 0; t < len; t++) {
            const i = t + Math.max(0, -k);
            exp[i * a.n + i + k] = 5;
          }
          close(dense_of(C), exp, 'float64', 'setdiag scalar');
        },
      ),
      RUNS,
    );
  });

  it('row slicing get("i0:i1")', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        matArb(),
        fmtArb,
        fc.integer({ min: -8, max: 8 }),
        fc.integer({ min: -8, max: 8 }),
        (a, fmt, s0, s1) => {
          const A = build(a, fmt);
          const ref = dense(a);
          const norm = (v: number) => Math.min(Math.max(v < 0 ? v + a.m : v, 0), a.m);
          const i0 = norm(s0);
          const i1 = Math.max(i0, norm(s1));
          const S = A.get(`${s0}:${s1}`);
          expect(S.shape).toEqual([i1 - i0, a.n]);
          close(dense_of(S), ref.slice(i0 * a.n, i1 * a.n));
          close(dense_of(A.get(`${s0}:${s1}, :`)), ref.slice(i0 * a.n, i1 * a.n));
          close(dense_of(A.get(':')), ref);
        },
      ),
      RUNS,
    );
  });

  it('tril, triu, kron, hstack, vstack, block_diag', () => {
    configure({ workers });
    fc.assert(
      fc.property(matArb(5), matArb(4), fmtArb, fc.integer({ min: -3, max: 3 }), (a, b, fmt, k) => {
        const A = build(a, fmt);
        const B = build(b, fmt);
        const ra = dense(a);
        const rb = dense(b);
        close(
          dense_of(sp.tril(A, k)),
          ra.map((v, t) => ((t % a.n) - Math.floor(t / a.n) <= k ? v : 0)),
          'float64',
          'tril',
        );
        close(
          dense_of(sp.triu(A, k)),
          ra.map((v, t) => ((t % a.n) - Math.floor(t / a.n) >= k ? v : 0)),
          'float64',
          'triu',
        );
        const K = sp.kron(A, B);
        expect(K.shape).toEqual([a.m * b.m, a.n * b.n]);
        const kr = new Float64Array(a.m * b.m * a.n * b.n);
        const N = a.n * b.n;
        for (let i = 0; i < a.m; i++)
          for (let j = 0; j < a.n; j++)
            for (let p = 0; p < b.m; p++)
              for (let q = 0; q < b.n; q++)
                kr[(i * b.m + p) * N + j * b.n + q] = ra[i * a.n + j]! * rb[p * b.n + q]!;
        close(dense_of(K), kr, 'float64', 'kron');
        const bd = sp.block_diag([A, B]);
        expect(bd.shape).toEqual([a.m + b.m, a.n + b.n]);
        const bdr = new Float64Array((a.m + b.m) * (a.n + b.n));
        const W = a.n + b.n;
        for (let i = 0; i < a.m; i++) for (let j = 0; j < a.n; j++) bdr[i * W + j] = ra[i * a.n + j]!;
        for (let i = 0; i < b.m; i++)
          for (let j = 0; j < b.n; j++) bdr[(a.m + i) * W + a.n + j] = rb[i * b.n + j]!;
        close(dense_of(bd), bdr, 'float64', 'block_diag');
        close(dense_of(sp.vstack([A, A])), [...ra, ...ra], 'float64', 'vstack');
        const hs = sp.hstack([A, A]);
        expect(hs.shape).toEqual([a.m, 2 * a.n]);
        const hr = new Float64Array(a.m * 2 * a.n);
        for (let i = 0; i < a.m; i++)
          for (let j = 0; j < a.n; j++) hr[i * 2 * a.n + j] = hr[i * 2 * a.n + a.n + j] = ra[i * a.n + j]!;
        close(dense_of(hs), hr, 'float64', 'hstack');
        close(dense_of(A.T.T), ra);
        close(dense_of(sp.csr_array(A).T), transposeRef(ra, a.m, a.n));
      }),
      RUNS,
    );
  });
});
