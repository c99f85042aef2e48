/**
 * `sparse.random` / `rand` / `random_array` generated on the pool (issue 17): exact nnz, distinct
 * in-range positions in canonical (row-major) order, formats and dtypes, seeds reproducible and
 * bitwise equal at pool sizes 0, 1, 2, several pieces on the pool; statistical checks with fixed
 * seeds (chi-square of row, column and within-block counts, the values' mean) that a biased
 * sampler fails; `data_rvs` on the host; typed errors.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import {
  AllocationError,
  configure,
  DefaultMapper,
  type DType,
  fence,
  traceStart,
  traceStop,
  ValueError,
} from '../../runtime/index.js';
import * as sparse from '../../sparse/index.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

/** SciPy's nnz for shapes and densities around halves, and its value ranges per dtype (scripts/fixtures_sparse_random.py). */
const FIX = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/sparse/random.json'), 'utf8')) as {
  cases: { m: number; n: number; density: number; nnz: number }[];
  dtypes: Record<
    string,
    { dtype: string; format: string; min: number; max: number; low: number; high: number }
  >;
};

interface Entries {
  row: Int32Array;
  col: Int32Array;
  data: ArrayLike<number>;
}

/** The entries in row-major order (a COO as it is; other formats through canonical CSR). */
function entries(A: sparse.sparray): Entries {
  const c = (A.format === 'coo' ? A : A.tocsr().tocoo()) as sparse.coo_array;
  return {
    row: c.row.toArray() as Int32Array,
    col: c.col.toArray() as Int32Array,
    data: c.data.toArray() as ArrayLike<number>,
  };
}

/** Checks nnz, ranges and strictly increasing row-major order; returns the entries. */
function checkStructure(A: sparse.sparray, m: number, n: number, k: number): Entries {
  expect(A.shape).toEqual([m, n]);
  // (DIA's nnz counts every stored in-bounds element of its diagonals, as SciPy's does.)
  if (A.format !== 'dia') expect(A.nnz).toBe(k);
  const e = entries(A);
  expect(e.row.length).toBe(k);
  let bad = 0;
  for (let p = 0; p < k; p++) {
    const r = e.row[p]!;
    const c = e.col[p]!;
    if (r < 0 || r >= m || c < 0 || c >= n) bad++;
    if (p > 0 && r * n + c <= e.row[p - 1]! * n + e.col[p - 1]!) bad++;
  }
  expect(bad).toBe(0);
  return e;
}

/** Python's round (SciPy's k = int(round(density·m·n))): halves to even. */
function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  return d > 0.5 || (d === 0.5 && f % 2 === 1) ? f + 1 : f;
}

const chiBound = (df: number) => df + 6 * Math.sqrt(2 * df) + 10;

function chi(obs: ArrayLike<number>, expected: number): number {
  let s = 0;
  for (let i = 0; i < obs.length; i++) s += (obs[i]! - expected) ** 2 / expected;
  return s;
}

describe.each([0, 1, 2])('sparse.random, pool size %i', (workers) => {
  it('exact nnz, distinct positions in range, canonical order, formats and dtypes (property)', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1, 0.5, 0.25)),
        fc.constantFrom<DType>('float64', 'float32', 'int32', 'uint8', 'bool'),
        fc.constantFrom('coo', 'csr', 'csc', 'dia', 'lil', 'dok', 'bsr'),
        fc.integer({ min: 0, max: 2 ** 40 }),
        (m, n, density, dt, format, seed) => {
          // Formats that may drop stored zeros (uint8 values are 0 with probability 1/255) take floats.
          const dtype: DType = ['coo', 'csr', 'csc'].includes(format) || dt !== 'uint8' ? dt : 'float64';
          const A = sparse.random(m, n, { density, dtype, format: format as never, rng: seed });
          const k = roundHalfEven(density * m * n);
          expect(A.format).toBe(format);
          expect(A.dtype).toBe(dtype);
          const e = checkStructure(A, m, n, k);
          const C = sparse.random(m, n, density, 'coo', dtype, { rng: seed }) as sparse.coo_array;
          if (k > 0) expect(C.has_canonical_format).toBe(true);
          // The same seed gives the same array in every format.
          const d = entries(C);
          expect(Array.from(d.row)).toEqual(Array.from(e.row));
          expect(Array.from(d.col)).toEqual(Array.from(e.col));
          expect(Array.from(d.data as ArrayLike<number>)).toEqual(Array.from(e.data));
          for (let p = 0; p < k; p++) {
            const v = Number(e.data[p]);
            if (dtype === 'float64') expect(v >= 0 && v < 1).toBe(true);
            if (dtype === 'float32') expect(v >= 0 && v <= 1).toBe(true);
            if (dtype === 'uint8') expect(v >= 0 && v < 255).toBe(true);
            if (dtype === 'bool') expect(v).toBe(1);
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('bitwise the same arrays as at pool size 0 (sparse, dense and full blocks; every dtype)', () => {
    const cases: [number, number, number, DType][] = [
      [700, 900, 0.03, 'float64'], // 18,900 entries: 5 blocks, Floyd
      [300, 400, 0.4, 'float32'], // 48,000: 12 dense blocks (selection sampling)
      [100, 50, 1, 'int32'], // every position
      [2000, 3, 0.7, 'uint8'],
      [50, 5000, 0.05, 'bool'],
    ];
    const run = (w: number) => {
      configure({ workers: w });
      return cases.map(([m, n, d, dtype], i) =>
        entries(sparse.random(m, n, { density: d, dtype, rng: 17 + i })),
      );
    };
    const ref = run(0);
    const got = run(workers);
    for (let i = 0; i < cases.length; i++) {
      expect(Buffer.from(got[i]!.row.buffer, got[i]!.row.byteOffset, got[i]!.row.byteLength)).toEqual(
        Buffer.from(ref[i]!.row.buffer, ref[i]!.row.byteOffset, ref[i]!.row.byteLength),
      );
      expect(Array.from(got[i]!.col)).toEqual(Array.from(ref[i]!.col));
      expect(Array.from(got[i]!.data)).toEqual(Array.from(ref[i]!.data));
    }
  });

  it('seeds: reproducible, aliases rng/random_state, different seeds differ', () => {
    configure({ workers });
    const a = entries(sparse.random(200, 300, { density: 0.1, rng: 5 }));
    const b = entries(sparse.random(200, 300, { density: 0.1, random_state: 5 }));
    const c = entries(sparse.rand(200, 300, { density: 0.1, rng: 6 }));
    const d = entries(sparse.random_array([200, 300], { density: 0.1, rng: 5 }));
    expect(Array.from(b.col)).toEqual(Array.from(a.col));
    expect(Array.from(b.data)).toEqual(Array.from(a.data));
    expect(Array.from(d.data)).toEqual(Array.from(a.data));
    expect(Array.from(c.col)).not.toEqual(Array.from(a.col));
    expect(Array.from(c.data)).not.toEqual(Array.from(a.data));
    // No seed: entropy, so two calls differ.
    const e1 = entries(sparse.random(100, 100, { density: 0.2 }));
    const e2 = entries(sparse.random(100, 100, { density: 0.2 }));
    expect(Array.from(e1.data)).not.toEqual(Array.from(e2.data));
  });

  it('rng as a generator: the seed is drawn from it (the same generator state, the same array)', () => {
    configure({ workers });
    const a = entries(sparse.random(50, 40, { density: 0.2, rng: np.random.default_rng(9) }));
    const b = entries(sparse.random_array([50, 40], { density: 0.2, rng: np.random.default_rng(9) }));
    expect(Array.from(b.col)).toEqual(Array.from(a.col));
    expect(Array.from(b.data)).toEqual(Array.from(a.data));
    const g = np.random.default_rng(9);
    const c = entries(sparse.random(50, 40, { density: 0.2, rng: g }));
    const d = entries(sparse.random(50, 40, { density: 0.2, rng: g })); // g advanced
    expect(Array.from(c.data)).toEqual(Array.from(a.data));
    expect(Array.from(d.data)).not.toEqual(Array.from(c.data));
    expect(() => sparse.random(3, 3, { rng: 'x' as never })).toThrow(/random: argument 'rng' expected/);
    expect(() => sparse.random(3, 3, { rng: 1.5 })).toThrow(ValueError);
  });
});

describe('sparse.random against SciPy (fixtures)', () => {
  it("SciPy's number of entries (Python's rounding) for every fixture shape and density", () => {
    configure({ workers: 1 });
    for (const c of FIX.cases) {
      const A = sparse.random(c.m, c.n, { density: c.density, rng: 1 });
      expect([c.m, c.n, c.density, A.nnz]).toEqual([c.m, c.n, c.density, c.nnz]);
    }
  });

  it("SciPy's dtype, format and value range per dtype (integers in [iinfo.min, iinfo.max))", () => {
    configure({ workers: 2 });
    for (const [dtype, f] of Object.entries(FIX.dtypes)) {
      const A = sparse.random(300, 300, { density: 0.5, dtype: dtype as DType, format: 'csr', rng: 2 });
      expect([A.dtype, A.format]).toEqual([f.dtype, f.format]);
      const v = Array.from((A as sparse.csr_array).data.toArray() as ArrayLike<number>, Number);
      let lo = Infinity;
      let hi = -Infinity;
      for (const x of v) {
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
      }
      expect(lo).toBeGreaterThanOrEqual(f.low);
      if (dtype === 'bool') expect(lo).toBe(1);
      else if (dtype === 'float32') expect(hi).toBeLessThanOrEqual(f.high);
      else expect(hi).toBeLessThan(f.high);
      // 45,000 draws reach SciPy's observed extremes' neighbourhood (uint8: exactly 0 and 254).
      if (dtype === 'uint8') expect([lo, hi]).toEqual([f.min, f.max]);
      else if (dtype !== 'bool') {
        const span = f.high - f.low;
        expect(lo - f.low).toBeLessThan(span * 1e-3);
        expect(f.high - hi).toBeLessThan(span * 1e-3);
      }
    }
  });
});

describe('sparse.random: statistics (fixed seeds)', () => {
  it('row, column and within-block counts are uniform (chi-square), values have mean 1/2', () => {
    configure({ workers: 2 });
    for (const [m, n, density, seed] of [
      [2000, 1500, 0.01, 1], // sparse blocks (Floyd)
      [600, 500, 0.3, 2], // dense blocks (selection sampling)
      [20_000, 20_000, 2e-4, 3], // 80,000 entries in 20 blocks of 20M positions
    ] as const) {
      const k = Math.round(density * m * n);
      const A = sparse.random(m, n, { density, rng: seed });
      const e = checkStructure(A, m, n, k);
      const rows = new Float64Array(m);
      const cols = new Float64Array(n);
      // Within each block of 4096·(m·n/k) positions: which of 16 equal parts holds the entry
      // (a sampler biased to a block's start or end, or to low offsets, fails this).
      const L = Math.ceil((m * n) / Math.ceil(k / 4096));
      const parts = new Float64Array(16);
      let sum = 0;
      for (let p = 0; p < k; p++) {
        rows[e.row[p]!]!++;
        cols[e.col[p]!]!++;
        const lin = e.row[p]! * n + e.col[p]!;
        parts[Math.floor(((lin % L) / L) * 16)]!++;
        sum += Number(e.data[p]);
      }
      // Row counts are hypergeometric (variance below the multinomial's): chi-square ≤ its bound.
      expect(chi(rows, k / m)).toBeLessThan(chiBound(m - 1));
      expect(chi(cols, k / n)).toBeLessThan(chiBound(n - 1));
      // The last block is shorter: compare parts only when blocks are equal or k is one block.
      if ((m * n) % L === 0 || k <= 4096) expect(chi(parts, k / 16)).toBeLessThan(chiBound(15));
      const mean = sum / k;
      expect(Math.abs(mean - 0.5)).toBeLessThan(5 * Math.sqrt(1 / 12 / k));
    }
  });

  it('integer dtypes: uniform over [iinfo.min, iinfo.max) as SciPy draws them', () => {
    configure({ workers: 1 });
    const k = 40_000;
    const i32 = entries(sparse.random(200, 400, { density: 0.5, dtype: 'int32', rng: 9 }));
    const u8 = entries(sparse.random(200, 400, { density: 0.5, dtype: 'uint8', rng: 9 }));
    let s32 = 0;
    let s8 = 0;
    let min = Infinity;
    let max = -Infinity;
    const hist = new Float64Array(255);
    for (let p = 0; p < k; p++) {
      s32 += i32.data[p]!;
      min = Math.min(min, i32.data[p]!);
      max = Math.max(max, i32.data[p]!);
      s8 += u8.data[p]!;
      hist[u8.data[p]!]!++;
    }
    const sd32 = 2 ** 32 / Math.sqrt(12);
    expect(Math.abs(s32 / k - -0.5)).toBeLessThan((5 * sd32) / Math.sqrt(k));
    expect(min).toBeLessThan(-2_000_000_000);
    expect(max).toBeGreaterThan(2_000_000_000);
    expect(Math.abs(s8 / k - 127)).toBeLessThan((5 * 73.6) / Math.sqrt(k));
    expect(chi(hist, k / 255)).toBeLessThan(chiBound(254));
  });
});

describe('sparse.random: data_rvs on the host, the launch on the pool, errors', () => {
  it('data_rvs / data_sampler: called with k, values placed in row-major order of the positions', () => {
    for (const workers of [0, 2]) {
      configure({ workers });
      let asked = -1;
      const A = sparse.random(30, 40, {
        density: 0.25,
        rng: 3,
        data_rvs: (k) => {
          asked = k;
          return Float64Array.from({ length: k }, (_, i) => i + 1);
        },
      });
      expect(asked).toBe(300);
      const e = checkStructure(A, 30, 40, 300);
      expect(Array.from(e.data)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
      // The same positions as without data_rvs.
      const B = entries(sparse.random(30, 40, { density: 0.25, rng: 3 }));
      expect(Array.from(B.col)).toEqual(Array.from(e.col));
      const C = entries(
        sparse.random_array([30, 40], { density: 0.25, rng: 3, data_sampler: (k) => new Array(k).fill(7) }),
      );
      expect(Array.from(C.row)).toEqual(Array.from(e.row));
      expect(Array.from(C.data).every((v) => v === 7)).toBe(true);
      // Cast as NumPy casts: bool is nonzero (NaN too), int32 truncates.
      const D = entries(
        sparse.random(1, 4, { density: 1, rng: 1, dtype: 'bool', data_rvs: () => [0.7, 0, Number.NaN, -2] }),
      );
      expect(Array.from(D.data)).toEqual([1, 0, 1, 1]);
      const E = entries(
        sparse.random(1, 3, { density: 1, rng: 1, dtype: 'int32', data_rvs: () => [2.9, -2.9, 7] }),
      );
      expect(Array.from(E.data)).toEqual([2, -2, 7]);
    }
    expect(() => sparse.random(3, 3, { density: 0.5, data_rvs: () => [1, 2] })).toThrow(
      /random: argument 'data_rvs' expected a function returning 4 values/,
    );
    // A sampler returning an ndarray, as SciPy's docstring samplers do (rng.standard_normal(k) ** 2).
    const rng = np.random.default_rng(4);
    const S = sparse.random(3, 4, { density: 0.25, rng, data_rvs: (k) => rng.standard_normal(k).power(2) });
    expect(S.nnz).toBe(3);
    expect((S.min().item() as number) >= 0).toBe(true);
    expect(
      sparse
        .random_array([3, 4], { density: 0.25, data_sampler: (k) => np.full(k, 36) })
        .sum()
        .item(),
    ).toBe(108);
    expect(() => sparse.random(3, 3, { density: 0.5, data_rvs: () => np.ones([2, 2]) })).toThrow(
      /^random: argument 'data_rvs' expected a function returning 4 values, received/,
    );
    // random_array names its own argument.
    expect(() => sparse.random_array([3, 3], { density: 0.5, data_sampler: () => [1] })).toThrow(
      /^random_array: argument 'data_sampler' expected a function returning 4 values, received \[1\]$/,
    );
    // k = round(density·m·n) as Python rounds: 0.5·9 = 4.5 → 4, 0.5·3·5 = 7.5 → 8.
    expect(sparse.random(3, 3, { density: 0.5, rng: 1 }).nnz).toBe(4);
    expect(sparse.random(3, 5, { density: 0.5, rng: 1 }).nnz).toBe(8);
  });

  it('a large array is made in several pieces on the pool', () => {
    configure({ workers: 2 });
    fence();
    traceStart();
    const A = sparse.random(3000, 3000, { density: 0.05, rng: 1 }) as sparse.coo_array;
    const e = checkStructure(A, 3000, 3000, 450_000);
    const recs = traceStop().filter((r) => r.op === 'random' && r.kind === 'task');
    expect(recs.length).toBeGreaterThanOrEqual(2);
    expect(e.row.length).toBe(450_000);
  });

  it('bad arguments: typed errors naming the function and argument', () => {
    configure({ workers: 0 });
    expect(() => sparse.random(2, 2, { density: 1.5 })).toThrow(ValueError);
    expect(() => sparse.random(2, 2, { density: -0.1 })).toThrow(
      "random: argument 'density' expected a number in [0, 1], received -0.1",
    );
    expect(() => sparse.random(2, 2, { density: Number.NaN })).toThrow(ValueError);
    expect(() => sparse.random(-1, 2)).toThrow(/random: argument 'm' expected a non-negative integer/);
    expect(() => sparse.random(2, 2.5)).toThrow(/random: argument 'n' expected an integer/);
    expect(() => sparse.random(1e6, 1e6, { density: 0.5 })).toThrow(AllocationError);
    expect(() => sparse.random(1e6, 1e6, { density: 0.5 })).toThrow(
      /^random: argument 'density' expected at most 2147483647 entries \(density·m·n; int32 indices\), received "500000000000 entries"$/,
    );
    expect(sparse.random(2 ** 31 - 1, 2 ** 31 - 1, { density: 0 }).nnz).toBe(0);
    expect(() => sparse.random(2 ** 31 - 1, 2 ** 31 - 1, { density: 1e-12 })).toThrow(
      /random: argument 'm·n' expected at most 2\^53 positions/,
    );
    expect(() => sparse.random(2, 2, { rng: 1.5 })).toThrow(
      /random: argument 'rng' expected an integer seed/,
    );
    expect(() => sparse.random(2, 2, { dens: 0.1 } as never)).toThrow(/unknown option 'dens'/);
    expect(() => sparse.rand(2, 2, { data_rvs: () => [] } as never)).toThrow(/unknown option 'data_rvs'/);
    // Far beyond the old 2^24 − 1 cap of the host Set: sampled, not refused.
    expect(sparse.random(1e5, 1e5, { density: 1.7e-3, rng: 1 }).nnz).toBe(17_000_000);
  });
});
