import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, type DType } from '../../runtime/index.js';
import { close, POOLS } from './ref.js';

const load = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/dense/${name}`, import.meta.url), 'utf8'));
const dec = (v: number | string) =>
  v === 'nan'
    ? Number.NaN
    : v === 'inf'
      ? Number.POSITIVE_INFINITY
      : v === '-inf'
        ? Number.NEGATIVE_INFINITY
        : (v as number);
/** cohort's default integer is int32 where NumPy's is int64 (documented difference). */
const np2cohort = (d: string) => (d === 'int64' ? 'int32' : d);

describe('NumPy fixtures: promotion', () => {
  const f = load('promotion.json');
  it('array-array promotion matches NumPy for add, multiply, divide, maximum, less', () => {
    for (const row of f.arrays) {
      const a = np.ones([2], { dtype: row.a });
      const b = np.ones([2], { dtype: row.b });
      for (const op of ['add', 'multiply', 'divide', 'maximum', 'less']) {
        const r = (np as unknown as Record<string, (x: np.ndarray, y: np.ndarray) => np.ndarray>)[op]!(a, b);
        expect(`${row.a}+${row.b} ${op}: ${r.dtype}`).toBe(`${row.a}+${row.b} ${op}: ${np2cohort(row[op])}`);
      }
    }
  });
  it('array-scalar promotion follows NEP 50 weak scalars', () => {
    const s = { int: 2, float: 2.5, bool: true } as const;
    for (const row of f.scalars) {
      const r = np.add(np.ones([2], { dtype: row.a }), s[row.scalar as keyof typeof s]);
      expect(`${row.a}+${row.scalar}: ${r.dtype}`).toBe(`${row.a}+${row.scalar}: ${np2cohort(row.add)}`);
    }
  });
});

for (const workers of POOLS) {
  describe(`NumPy fixtures: float64 sums bit for bit (workers=${workers})`, () => {
    it('sums pairwise along the innermost axis in memory and in order along the others, as NumPy', () => {
      configure({ workers });
      const bits = (got: ArrayLike<number>, want: (number | string)[], what: string) => {
        expect(got.length).toBe(want.length);
        for (let k = 0; k < want.length; k++)
          if (!Object.is(got[k], dec(want[k]!))) throw new Error(`${what} [${k}]: ${got[k]} vs ${want[k]}`);
      };
      for (const c of load('sums.json')) {
        const a = np.array(c.data.map(dec)).reshape(c.shape);
        bits(np.sum(a, { axis: -1 }).toArray(), c.sum_last, `sum [${c.shape}] axis -1`);
        bits(np.sum(a, { axis: 0 }).toArray(), c.sum_first, `sum [${c.shape}] axis 0`);
        bits(a.T.sum({ axis: 0 }).toArray(), c.sumT_first, `sum of the transpose of [${c.shape}] axis 0`);
      }
    });
  });
}

for (const workers of POOLS) {
  describe(`NumPy fixtures: reductions (workers=${workers})`, () => {
    it('sum prod min max mean var std argmin argmax cumsum match NumPy', () => {
      configure({ workers });
      for (const c of load('reductions.json')) {
        const a = np.array(c.data.map(dec), { dtype: c.dtype as DType }).reshape(c.shape);
        const tol = c.dtype === 'float32' ? 1e-5 : 1e-12;
        for (const op of ['sum', 'prod', 'min', 'max', 'mean', 'var', 'std', 'argmin', 'argmax', 'cumsum']) {
          const fnc = (np as unknown as Record<string, (x: np.ndarray, o: object) => np.ndarray>)[op]!;
          const got = Array.from(fnc(a, { axis: c.axis }).toArray());
          const want = (c[op] as (number | string)[]).map(dec);
          expect(got.length).toBe(want.length);
          got.forEach((g, k) => {
            if (!close(g, want[k]!, tol))
              throw new Error(`${op} ${c.dtype} [${c.shape}] axis ${c.axis}: ${g} vs ${want[k]}`);
          });
        }
      }
    });
  });
}

describe('NumPy fixtures: printing', () => {
  it('String(a) matches str(a) of NumPy', () => {
    for (const c of load('printing.json')) {
      const a = np.array(c.data.map(dec), { dtype: c.dtype as DType }).reshape(c.shape);
      expect(String(a)).toBe(c.str);
    }
  });
});
