/**
 * Transposed SpMV without a transpose (sparse/core/spmv-transposed.ts): `CSC @ x`, `A.T @ x` and
 * `x @ A` of a CSR A run one launch keyed by y on the stored structure. Checked against the dense
 * reference on random structures (duplicates, unsorted rows, explicit zeros, empty rows and
 * columns, rectangular, float32/float64 values and vectors), bitwise equal at pool sizes 0, 1, 2
 * with pieces of a few outputs; one-off products build no transpose, a loop builds it at its
 * fourth product.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper, type DType, fence, traceStart, traceStop } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { build, close, dense, type Mat, matArb, POOLS } from './ref.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

const tiny = () => new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 });

/** Aᵀ x from the dense reference (float64 sums of the dtype-rounded entries). */
function refT(a: Mat, x: ArrayLike<number>, dtype: DType): Float64Array {
  const d = dense(a, dtype);
  const y = new Float64Array(a.n);
  for (let i = 0; i < a.m; i++) for (let j = 0; j < a.n; j++) y[j]! += d[i * a.n + j]! * x[i]!;
  return y;
}

/** A · x from the dense reference. */
function refA(a: Mat, x: ArrayLike<number>, dtype: DType): Float64Array {
  const d = dense(a, dtype);
  const y = new Float64Array(a.m);
  for (let i = 0; i < a.m; i++) for (let j = 0; j < a.n; j++) y[i]! += d[i * a.n + j]! * x[j]!;
  return y;
}

const caseArb = fc.record({
  a: matArb(9),
  dtype: fc.constantFrom<DType>('float64', 'float32'),
  xdtype: fc.constantFrom<DType>('float64', 'float32'),
  seed: fc.nat(),
  // Canonical structures (built from dense: rows sorted, flags known) take the search path.
  canon: fc.boolean(),
});

const vecOf = (len: number, seed: number, dtype: DType) =>
  np.array(
    Float64Array.from({ length: len }, (_, t) => (((seed + 13 * t) % 17) - 8) / 4),
    { dtype },
  );

/** The three transposed products of one case, as host arrays. */
function products(a: Mat, dtype: DType, xdtype: DType, seed: number, canon: boolean) {
  const d = () => np.array(dense(a, dtype), { dtype }).reshape([a.m, a.n]);
  const csr = (canon ? sp.csr_array(d()) : build(a, 'csr', dtype)) as sp.csr_array;
  const csc = (canon ? sp.csc_array(d()) : build(a, 'csc', dtype)) as sp.csc_array;
  const xm = vecOf(a.m, seed, xdtype);
  const xn = vecOf(a.n, seed + 1, xdtype);
  return {
    xm: Array.from(xm.toArray() as ArrayLike<number>),
    xn: Array.from(xn.toArray() as ArrayLike<number>),
    cscDot: csc.dot(xn) as np.ndarray,
    tDot: csr.T.dot(xm) as np.ndarray,
    rmat: csr.rmatmul(xm),
  };
}

describe('transposed SpMV on the stored structure', () => {
  for (const workers of POOLS) {
    it(`CSC @ x, A.T @ x, x @ A equal the dense reference (pool size ${workers})`, () => {
      configure({ workers, mapper: tiny() });
      fc.assert(
        fc.property(caseArb, ({ a, dtype, xdtype, seed, canon }) => {
          const p = products(a, dtype, xdtype, seed, canon);
          const out = dtype === 'float64' || xdtype === 'float64' ? 'float64' : 'float32';
          for (const y of [p.cscDot, p.tDot, p.rmat]) expect(y.dtype).toBe(out);
          close(p.cscDot.toArray() as ArrayLike<number>, refA(a, p.xn, dtype), out, 'csc @ x');
          close(p.tDot.toArray() as ArrayLike<number>, refT(a, p.xm, dtype), out, 'A.T @ x');
          close(p.rmat.toArray() as ArrayLike<number>, refT(a, p.xm, dtype), out, 'x @ A');
        }),
        { numRuns: 40 },
      );
    });
  }

  it('gives the same bits at pool sizes 0, 1, 2 and any piece count', () => {
    fc.assert(
      fc.property(caseArb, ({ a, dtype, xdtype, seed, canon }) => {
        const runs = [
          [0, new DefaultMapper()],
          [1, tiny()],
          [2, tiny()],
          [2, new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 64 })],
        ] as const;
        let first: string | undefined;
        for (const [workers, mapper] of runs) {
          configure({ workers, mapper });
          const p = products(a, dtype, xdtype, seed, canon);
          const bits = [p.cscDot, p.tDot, p.rmat]
            .map((y) =>
              Buffer.from(new Float64Array(y.astype('float64').toArray() as Float64Array).buffer).toString(
                'hex',
              ),
            )
            .join('|');
          if (first === undefined) first = bits;
          else expect(bits).toBe(first);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('builds no transpose for up to three products, then one; a built CSR form is used', () => {
    configure({ workers: 2, mapper: new DefaultMapper() });
    const n = 300_000;
    const A = sp.diags([np.full([n - 3], 2), np.full([n], -1), np.full([n - 1], 0.5)], [-3, 0, 1], {
      format: 'csr',
    }) as sp.csr_array;
    const x = np.linspace(0, 1, n);
    fence();
    traceStart();
    const y = A.T.dot(x) as np.ndarray;
    const z = A.rmatmul(x);
    fence();
    const ops = new Set(traceStop().map((r) => r.op));
    expect(ops.has('csr.spmv.t')).toBe(true);
    expect([...ops].filter((o) => o !== 'csr.spmv.t' && o !== 'image' && o !== 'check_format')).toEqual([]);
    // Against the transpose built explicitly.
    const want = (A.T.tocsr() as sp.csr_array).dot(x) as np.ndarray;
    close(y.toArray() as Float64Array, want.toArray() as Float64Array);
    close(z.toArray() as Float64Array, want.toArray() as Float64Array);
    // A third product still runs without a transpose; the fourth on the same structure (through
    // a fresh A.T, as a loop writes it) builds the transpose once and runs the plain SpMV.
    traceStart();
    const y3 = A.T.dot(x) as np.ndarray;
    fence();
    expect(traceStop().map((r) => r.op)).toContain('csr.spmv.t');
    traceStart();
    const y4 = A.T.dot(x) as np.ndarray;
    const y5 = A.rmatmul(x);
    fence();
    const later = traceStop().map((r) => r.op);
    expect(later).toContain('csr.spmv');
    expect(later).not.toContain('csr.spmv.t');
    close(y3.toArray() as Float64Array, want.toArray() as Float64Array);
    close(y4.toArray() as Float64Array, want.toArray() as Float64Array);
    close(y5.toArray() as Float64Array, want.toArray() as Float64Array);
    // A write to the values starts the count again (the transpose is stale).
    A.data.set('0', 3);
    traceStart();
    A.T.dot(x);
    fence();
    expect(traceStop().map((r) => r.op)).toContain('csr.spmv.t');
    // Once the CSR form of a CSC exists, its product is the plain SpMV.
    const B = A.copy() as sp.csr_array;
    const C = B.T as sp.csc_array;
    C.tocsr();
    fence();
    traceStart();
    C.dot(x);
    fence();
    const after = traceStop().map((r) => r.op);
    expect(after).toContain('csr.spmv');
    expect(after).not.toContain('csr.spmv.t');
  });
});
