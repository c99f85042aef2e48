/**
 * Generator.exponential/poisson/permutation/shuffle/choice: distributions (moments, frequencies),
 * permutation validity, and bitwise independence of the worker count (pool sizes 0, 1, 2).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../../dense/index.js';
import { configure } from '../../../runtime/index.js';
import { POOLS } from '../ref.js';

const n = 100000;
const within = (x: number, want: number, sd: number) => Math.abs(x - want) <= 6 * sd;

for (const workers of POOLS) {
  describe(`Generator Tier 2 (workers=${workers})`, () => {
    it('exponential and poisson have the right mean and variance', () => {
      configure({ workers });
      const g = np.random.default_rng(11);
      const e = g.exponential(3, [n]);
      expect(within(Number(e.mean().item()), 3, 3 / Math.sqrt(n))).toBe(true);
      expect(within(Number(e.var().item()), 9, 9 * Math.sqrt(8 / n))).toBe(true);
      expect(Number(e.min().item())).toBeGreaterThanOrEqual(0);
      for (const lam of [0.5, 4, 12, 300]) {
        const p = g.poisson(lam, [n]);
        expect(p.dtype).toBe('int32');
        expect(within(Number(p.mean().item()), lam, Math.sqrt(lam / n))).toBe(true);
        expect(within(Number(p.var().item()), lam, lam * Math.sqrt((2 + 1 / lam) / n))).toBe(true);
      }
    });
    it('permutation, shuffle and choice without replacement give permutations / distinct samples', () => {
      configure({ workers });
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 300 }), fc.nat(1000), (m, seed) => {
          const g = np.random.default_rng(seed);
          const p = Array.from(g.permutation(m).toArray());
          expect([...p].sort((a, b) => a - b)).toEqual([...Array(m).keys()]);
          const a = np.arange(m);
          g.shuffle(a);
          expect(Array.from(a.toArray()).sort((x, y) => x - y)).toEqual([...Array(m).keys()]);
          const k = Math.floor(m / 2);
          const c = Array.from(g.choice(m, [k], { replace: false }).toArray());
          expect(new Set(c).size).toBe(k);
          for (const x of c) expect(x >= 0 && x < m).toBe(true);
        }),
        { numRuns: 40 },
      );
    });
    it('choice with p follows the probabilities (with and without replacement)', () => {
      configure({ workers });
      const g = np.random.default_rng(5);
      const p = [0.1, 0, 0.2, 0.3, 0.4];
      const s = g.choice(5, [n], { p });
      const counts = np.bincount(s, { minlength: 5 }).toArray();
      p.forEach((q, i) => {
        expect(within(counts[i]! / n, q, Math.sqrt((q * (1 - q)) / n) + 1e-9)).toBe(true);
      });
      for (let r = 0; r < 20; r++) {
        const c = Array.from(
          g.choice([10, 20, 30, 40], [2], { replace: false, p: [0.5, 0, 0.5, 0] }).toArray(),
        );
        expect([...c].sort()).toEqual([10, 30]);
      }
    });
  });
}

describe('Generator Tier 2 details', () => {
  it('draws are bitwise the same at 0, 1 and 2 workers', () => {
    const seen = new Set<string>();
    for (const w of POOLS) {
      configure({ workers: w });
      const g = np.random.default_rng(99);
      const parts = [
        g.exponential(1, [70000]),
        g.poisson(7, [70000]),
        g.poisson(70, [1000]),
        g.permutation(70000),
        g.choice(50, [1000]),
        g.choice(9, [5], { replace: false, p: [0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.2] }),
        g.normal(1, 2, [1000]),
      ];
      seen.add(parts.map((p) => Buffer.from(p.toArray().buffer.slice(0)).toString('base64')).join('|'));
    }
    expect(seen.size).toBe(1);
  });
  it('errors name the method and argument', () => {
    const g = np.random.default_rng(0);
    expect(() => g.exponential(-1)).toThrow(/exponential.*'scale'/);
    expect(() => g.poisson(-1)).toThrow(/poisson.*'lam'/);
    expect(() => g.choice(3, [5], { replace: false })).toThrow(/choice: cannot take a larger sample/);
    expect(() => g.choice(3, [2], { p: [0.5, 0.6, 0] })).toThrow(/choice.*'p'.*sum to 1/);
    expect(() => g.choice(3, [2], { p: [0.5, 0.5] })).toThrow(/choice.*'p'/);
    expect(() => g.permutation(-2)).toThrow(/permutation.*'x'/);
    expect(() => g.choice(3, { sizes: 2 } as never)).toThrow(/choice.*sizes/);
    expect(
      g.choice(
        [
          [1, 2],
          [3, 4],
        ],
        [3],
        { axis: 1 },
      ).shape,
    ).toEqual([2, 3]);
    expect(g.choice(5).shape).toEqual([]);
  });
});
