/**
 * Column sums with many entries per column run as a `reduce` launch (issue 17: per-block buffers
 * folded in block order, runtime/reduction.ts) instead of one serial piece: bitwise the same at
 * pool sizes 0, 1, 2, close to a plain loop, in every dtype; CSR `sum(axis=0)` and CSC
 * `sum(axis=1)` take this path. The trace shows several pieces on the pool.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper, type DType, fence, traceStart, traceStop } from '../../runtime/index.js';
import * as sparse from '../../sparse/index.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

interface Mat {
  m: number;
  n: number;
  row: Int32Array;
  col: Int32Array;
  val: Float64Array;
}

/** A tall matrix: 70k–120k entries over 3–60 columns (at least 64 entries per column). */
const matArb: fc.Arbitrary<Mat> = fc
  .record({
    m: fc.integer({ min: 2000, max: 40_000 }),
    n: fc.integer({ min: 3, max: 60 }),
    nnz: fc.integer({ min: 70_000, max: 120_000 }),
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  })
  .map(({ m, n, nnz, seed }) => {
    let h = seed;
    const next = () => {
      h ^= h << 13;
      h ^= h >>> 17;
      h ^= h << 5;
      return h >>> 0;
    };
    const row = new Int32Array(nnz);
    const col = new Int32Array(nnz);
    const val = new Float64Array(nnz);
    for (let k = 0; k < nnz; k++) {
      row[k] = next() % m;
      col[k] = next() % n;
      val[k] = ((next() % 2001) - 1000) / 7;
    }
    return { m, n, row, col, val };
  });

function build(a: Mat, dt: DType, fmt: 'csr' | 'csc'): sparse.sparray {
  const vals = np.array(a.val).astype(dt);
  const coo = sparse.coo_array([vals, [np.array(a.row), np.array(a.col)]], { shape: [a.m, a.n] });
  return fmt === 'csr' ? coo.tocsr() : coo.tocsc();
}

describe('column sums as a reduce launch', () => {
  it('bitwise the same at pool sizes 0, 1, 2 and close to a plain loop', () => {
    fc.assert(
      fc.property(matArb, fc.constantFrom<DType>('float64', 'float32', 'int32'), (a, dt) => {
        const ref = new Float64Array(a.n);
        const cast = np.array(a.val).astype(dt).toArray();
        for (let k = 0; k < a.row.length; k++) ref[a.col[k]!] += Number(cast[k]);
        let first: ArrayLike<number> | null = null;
        for (const workers of [0, 1, 2]) {
          configure({ workers });
          const csr = build(a, dt, 'csr').sum({ axis: 0 }).toArray() as ArrayLike<number>;
          const cscT = build({ ...a, m: a.n, n: a.m, row: a.col, col: a.row }, dt, 'csc')
            .sum({ axis: 1 })
            .toArray() as ArrayLike<number>;
          expect(Array.from(cscT)).toEqual(Array.from(csr));
          if (first === null) first = csr;
          else expect(Array.from(csr)).toEqual(Array.from(first));
        }
        for (let j = 0; j < a.n; j++) {
          const tol = dt === 'float32' ? 1e-3 * (1 + Math.abs(ref[j]!)) : 1e-9 * (1 + Math.abs(ref[j]!));
          if (dt === 'int32') expect(first![j]).toBe(ref[j]);
          else expect(Math.abs(first![j]! - ref[j]!)).toBeLessThanOrEqual(tol);
        }
      }),
      { numRuns: 4 },
    );
  });

  it('the sums run in several pieces on the pool', () => {
    configure({ workers: 2 });
    // 1.28M entries, so the default mapper cuts several pieces.
    const big = sparse.random(200_000, 16, { density: 0.4, format: 'csr', rng: 3 }) as sparse.csr_array;
    fence();
    traceStart();
    const s = big.sum({ axis: 0 });
    s.toArray();
    const recs = traceStop().filter((r) => r.op === 'sum' && r.kind === 'task');
    // Several pieces (which worker runs each is a claim: work sharing), not one serial piece.
    expect(recs.length).toBeGreaterThanOrEqual(2);
    expect(recs.some((r) => r.worker >= 0)).toBe(true);
  });
});
