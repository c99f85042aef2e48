/**
 * SpMV of a banded CSR (`diags` of constant diagonals, core/band.ts): x's pieces are y's grown by
 * the band (the runtime's `bloat`) instead of the image of the indices. Results equal a host loop
 * over the CSR's own arrays in row order, bit for bit, at pool sizes 0, 1, 2 with tiny pieces, for
 * square and rectangular shapes, float32/float64 values and x, x strided or still being written by
 * a pending launch, and `out=`; no image task runs; a write to `indices` forgets the band (images again).
 * Bands carried through DIA → CSR, transposes, kron (B square) and the merges bound every stored
 * entry, and those products equal the host loop too.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper, fence, traceStart, traceStop } from '../../runtime/index.js';
import { bandOf } from '../../sparse/core/band.js';
import type { Csr } from '../../sparse/core/types.js';
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
    strided: fc.boolean(),
  })
  .map((c) => ({ ...c, offs: c.offs.filter((k) => Math.min(c.m + k, c.n - k, c.m, c.n) > 0) }))
  .filter((c) => c.offs.length > 0);

describe('banded SpMV (x bloated from y)', () => {
  for (const workers of POOLS) {
    it(`equals the row-order host loop, pool size ${workers}, tiny pieces`, () => {
      configure({ workers, mapper: tiny() });
      fc.assert(
        fc.property(caseArb, ({ m, n, offs, vals, adt, xdt, pending, out, strided }) => {
          const A = sp.diags(
            offs.map((_, d) => vals[d]!),
            offs,
            { shape: [m, n], format: 'csr', dtype: adt },
          ) as sp.csr_array;
          const host = Array.from({ length: n }, (_, j) => ((j * 7) % 11) - 4.5);
          // Contiguous, or every other element of a twice-as-long array (a strided view).
          const base = strided
            ? (np
                .array(
                  host.flatMap((v) => [v, 99]),
                  { dtype: xdt },
                )
                .get('::2') as np.ndarray)
            : np.array(host, { dtype: xdt });
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

  it('bands carried by DIA → CSR, transposes, kron and merges bound every entry', () => {
    configure({ workers: 2, mapper: tiny() });
    const structOf = (A: sp.sparray) => (A as unknown as { _csr(): Csr })._csr();
    const dia = (m: number, n: number, offs: number[], seed: number) =>
      sp.diags(
        offs.map((k, d) => {
          const len = Math.min(m + k, n - k, m, n);
          return np.array(Array.from({ length: len }, (_, t) => ((seed + 3 * t + 5 * d) % 7) - 3));
        }),
        offs,
        { shape: [m, n], format: 'dia' },
      );
    const offsArb = (m: number, n: number) =>
      fc
        .uniqueArray(fc.integer({ min: -(m - 1), max: n - 1 }), { minLength: 1, maxLength: 4 })
        .map((o) => o.filter((k) => Math.min(m + k, n - k, m, n) > 0));
    const arb = fc
      .record({
        m: fc.integer({ min: 1, max: 12 }),
        n: fc.integer({ min: 1, max: 12 }),
        q: fc.integer({ min: 1, max: 4 }),
      })
      .chain(({ m, n, q }) =>
        fc.record({
          m: fc.constant(m),
          n: fc.constant(n),
          q: fc.constant(q),
          o1: offsArb(m, n),
          o2: offsArb(m, n),
          oq: offsArb(q, q),
          seed: fc.nat(20),
        }),
      )
      .filter(({ o1, o2, oq }) => o1.length > 0 && o2.length > 0 && oq.length > 0);
    let banded = 0;
    fc.assert(
      fc.property(arb, ({ m, n, q, o1, o2, oq, seed }) => {
        const D1 = dia(m, n, o1, seed);
        const D2 = dia(m, n, o2, seed + 1);
        const A = D1.tocsr() as sp.csr_array;
        const B = D2.tocsr() as sp.csr_array;
        const forms = [
          A,
          (D1.tocsc() as sp.csc_array).T.tocsr() as sp.csr_array,
          A.T.tocsr() as sp.csr_array,
          sp.kron(A, dia(q, q, oq, seed + 2).tocsr(), { format: 'csr' }) as sp.csr_array,
          A.add(B).tocsr() as sp.csr_array,
          A.subtract(B).tocsr() as sp.csr_array,
          A.multiply(B).tocsr() as sp.csr_array,
        ];
        expect(bandOf(structOf(A))).toBeDefined();
        for (const R of forms) {
          const h = bandOf(structOf(R));
          const ptr = R.indptr.toArray() as Int32Array;
          const idx = R.indices.toArray() as Int32Array;
          if (h !== undefined) {
            banded++;
            for (let i = 0; i + 1 < ptr.length; i++)
              for (let p = ptr[i]!; p < ptr[i + 1]!; p++)
                expect(Math.abs(idx[p]! - i)).toBeLessThanOrEqual(h);
          }
          const cols = R.shape[1];
          const xs = Array.from({ length: cols }, (_, j) => ((j * 5) % 9) - 4);
          const got = Array.from((R.dot(np.array(xs)) as np.ndarray).toArray() as Float64Array);
          const want = hostSpmv(R, xs, 'float64');
          for (let i = 0; i < got.length; i++) expect(Object.is(got[i], want[i])).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
    // Every form carries a band (through sum_duplicates too: the DIA's offsets come unsorted).
    expect(banded).toBe(40 * 7);
  });
});
