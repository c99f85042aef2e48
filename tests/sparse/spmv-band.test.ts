/**
 * SpMV of a banded CSR (`diags` of constant diagonals, core/band.ts): x's pieces are y's grown by
 * the band (the runtime's `bloat`) instead of the image of the indices. Results equal a host loop
 * over the CSR's own arrays in row order, bit for bit, at pool sizes 0, 1, 2 with tiny pieces, for
 * square and rectangular shapes, float32/float64 values and x, x still being written by a pending
 * launch, and `out=`; no image task runs; a write to `indices` forgets the band (images again).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper, fence, traceStart, traceStop } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

const tiny = () => new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 });

/** `A @ x` on the host over A's stored arrays, each row summed in storage order, rounded as `dtype`. */
function hostSpmv(A: sp.csr_array, x: ArrayLike<number>, dtype: string): number[] {
  const ptr = A.indptr.toArray() as Int32Array;
  const idx = A.indices.toArray() as Int32Array;
  const val = A.data.toArray() as ArrayLike<number>;
  const out = dtype === 'float32' ? new Float32Array(ptr.length - 1) : new Float64Array(ptr.length - 1);
  for (let i = 0; i + 1 < ptr.length; i++) {
    let t = 0;
    for (let p = ptr[i]!; p < ptr[i + 1]!; p++) t += val[p]! * x[idx[p]!]!;
    out[i] = t;
  }
  return Array.from(out);
}

const caseArb = fc
  .record({
    m: fc.integer({ min: 1, max: 40 }),
    n: fc.integer({ min: 1, max: 40 }),
    offs: fc.uniqueArray(fc.integer({ min: -12, max: 12 }), { minLength: 1, maxLength: 5 }),
    vals: fc.array(fc.constantFrom(-2, -1, 0.5, 1, 3, 0.1), { minLength: 5, maxLength: 5 }),
    adt: fc.constantFrom('float64', 'float32'),
    xdt: fc.constantFrom('float64', 'float32'),
    pending: fc.boolean(),
    out: fc.boolean(),
  })
  .map((c) => ({ ...c, offs: c.offs.filter((k) => Math.min(c.m + k, c.n - k, c.m, c.n) > 0) }))
  .filter((c) => c.offs.length > 0);

describe('banded SpMV (x bloated from y)', () => {
  for (const workers of POOLS) {
    it(`equals the row-order host loop, pool size ${workers}, tiny pieces`, () => {
      configure({ workers, mapper: tiny() });
      fc.assert(
        fc.property(caseArb, ({ m, n, offs, vals, adt, xdt, pending, out }) => {
          const A = sp.diags(
            offs.map((_, d) => vals[d]!),
            offs,
            { shape: [m, n], format: 'csr', dtype: adt },
          ) as sp.csr_array;
          const host = Array.from({ length: n }, (_, j) => ((j * 7) % 11) - 4.5);
          const base = np.array(host, { dtype: xdt });
          // A pending launch still writing x, or x as it is.
          const x = pending ? (base.multiply(1).astype(xdt) as np.ndarray) : base;
          const rdt = adt === 'float64' || xdt === 'float64' ? 'float64' : 'float32';
          const y = out ? np.full([m], Number.NaN, { dtype: rdt }) : undefined;
          const got = (y !== undefined ? A.dot(x, { out: y }) : A.dot(x)) as np.ndarray;
          expect(got.dtype).toBe(rdt);
          const xs = Array.from(x.toArray() as ArrayLike<number>);
          const want = hostSpmv(A, xs, rdt);
          const g = Array.from(got.toArray() as ArrayLike<number>);
          expect(g.length).toBe(m);
          for (let i = 0; i < m; i++) expect(Object.is(g[i], want[i])).toBe(true);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('runs no image task, and images again once indices are written', () => {
    configure({ workers: 2, mapper: tiny() });
    const n = 40_000;
    const A = sp.diags([1, -2, 1], [-1, 0, 1], { shape: [n, n], format: 'csr' }) as sp.csr_array;
    const x = np.arange(n, { dtype: 'float64' });
    fence();
    traceStart();
    const y1 = A.dot(x) as np.ndarray;
    const a1 = y1.toArray() as Float64Array;
    const first = traceStop();
    expect(first.filter((r) => r.op === 'csr.spmv').length).toBeGreaterThan(1);
    expect(first.filter((r) => r.op === 'image').length).toBe(0);
    expect(a1[0]).toBe(-2 * 0 + 1);
    expect(a1[n - 1]).toBe(n - 2 - 2 * (n - 1));
    for (let i = 1; i < n - 1; i++) if (a1[i] !== 0) throw new Error(`row ${i}: ${a1[i]}`);
    // Row 0's second entry moves from column 1 to column n − 1: far outside the band.
    A.indices.set(1, n - 1);
    traceStart();
    const a2 = (A.dot(x) as np.ndarray).toArray() as Float64Array;
    const second = traceStop();
    expect(second.filter((r) => r.op === 'image').length).toBeGreaterThan(0);
    expect(a2[0]).toBe(-2 * 0 + (n - 1));
    expect(Array.from(a2.subarray(1))).toEqual(Array.from(a1.subarray(1)));
  });
});
