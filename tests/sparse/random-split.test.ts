/**
 * The host half of `sparse.random` (sparse/random-split.ts): the hypergeometric probabilities in
 * Loader's form against exact sums of logarithms, the chop-down sampler's distribution (chi-square
 * on small populations, mean and variance on populations up to 2^52), and the block counts'
 * marginals (means, variances, chi-square over many blocks). Fixed seeds: each check is a fixed
 * draw that a biased sampler fails.
 */
import { describe, expect, it } from 'vitest';
import {
  blockCounts,
  blockLayout,
  hypergeometric,
  hyperPmf,
  philoxUniform,
  seedKey,
} from '../../sparse/random-split.js';

/** ln C(n, r) by summing logarithms (exact up to rounding; small n only). */
function lnChoose(n: number, r: number): number {
  let s = 0;
  for (let i = 1; i <= r; i++) s += Math.log(n - r + i) - Math.log(i);
  return s;
}

function exactPmf(x: number, N: number, K: number, c: number): number {
  if (x < Math.max(0, c - (N - K)) || x > Math.min(c, K)) return 0;
  return Math.exp(lnChoose(K, x) + lnChoose(N - K, c - x) - lnChoose(N, c));
}

/** A stream of uniforms from Philox under `seed`. */
function stream(seed: number): () => number {
  const key = seedKey(seed, 7);
  let i = 0;
  return () => philoxUniform(key, i++, 3);
}

/** Pearson's statistic over bins merged until each expects ≥ 5; returns [statistic, df]. */
function chiSquare(observed: readonly number[], expected: readonly number[]): [number, number] {
  let stat = 0;
  let bins = 0;
  let o = 0;
  let e = 0;
  for (let i = 0; i < observed.length; i++) {
    o += observed[i]!;
    e += expected[i]!;
    if (e >= 5) {
      stat += ((o - e) * (o - e)) / e;
      bins++;
      o = 0;
      e = 0;
    }
  }
  if (e > 0) {
    stat += ((o - e) * (o - e)) / e;
    bins++;
  }
  return [stat, bins - 1];
}

/** A generous upper bound for a chi-square statistic with df degrees of freedom (~6 sd). */
const bound = (df: number) => df + 6 * Math.sqrt(2 * df) + 10;

describe('hypergeometric probabilities (Loader form)', () => {
  it('match exact sums of logarithms on small populations and sum to 1', () => {
    for (const [N, K, c] of [
      [10, 3, 4],
      [50, 20, 15],
      [200, 199, 100],
      [1000, 10, 500],
      [3000, 1500, 1500],
      [37, 1, 36],
    ] as const) {
      let sum = 0;
      for (let x = 0; x <= c; x++) {
        const p = hyperPmf(x, N, K, c);
        const q = exactPmf(x, N, K, c);
        sum += p;
        if (q > 1e-300) expect(Math.abs(p - q) / q).toBeLessThan(1e-11);
        else expect(p).toBeLessThan(1e-290);
      }
      expect(Math.abs(sum - 1)).toBeLessThan(1e-12);
    }
  });

  it('stay normalized on populations near 2^52 (where log-factorial differences lose every digit)', () => {
    for (const [N, K, c] of [
      [2 ** 52, 2 ** 51, 1e6],
      [2 ** 52 - 3, 12345678901, 4096],
      [1e15, 3e14, 1e5],
    ] as const) {
      const mu = (c * K) / N;
      const sd = Math.sqrt(mu * (1 - K / N));
      let sum = 0;
      for (
        let x = Math.max(0, Math.floor(mu - 12 * sd - 20));
        x <= Math.min(c, Math.ceil(mu + 12 * sd + 20));
        x++
      )
        sum += hyperPmf(x, N, K, c);
      expect(Math.abs(sum - 1)).toBeLessThan(1e-11);
    }
  });
});

describe('hypergeometric sampler (chop-down from the mode)', () => {
  it('follows the exact distribution on small populations (chi-square)', () => {
    for (const [N, K, c, seed] of [
      [50, 20, 15, 1],
      [10, 3, 4, 2],
      [400, 390, 200, 3],
      [1000, 30, 900, 4],
    ] as const) {
      const draws = 10000;
      const u = stream(seed);
      const obs = new Array<number>(c + 1).fill(0);
      for (let i = 0; i < draws; i++) {
        const x = hypergeometric(N, K, c, u);
        expect(x).toBeGreaterThanOrEqual(Math.max(0, c - (N - K)));
        expect(x).toBeLessThanOrEqual(Math.min(c, K));
        obs[x]!++;
      }
      const exp = obs.map((_, x) => draws * exactPmf(x, N, K, c));
      const [stat, df] = chiSquare(obs, exp);
      expect(stat).toBeLessThan(bound(df));
    }
  });

  it('has the right mean and variance on huge populations', () => {
    for (const [N, K, c, seed] of [
      [1e15, 3e14, 1e5, 5],
      [2 ** 52, 2 ** 40, 2e9, 6],
      [1e9, 5e8, 16384, 7],
      [1e6, 999_000, 500_000, 8],
    ] as const) {
      const draws = 4000;
      const u = stream(seed);
      let s = 0;
      let s2 = 0;
      for (let i = 0; i < draws; i++) {
        const x = hypergeometric(N, K, c, u);
        s += x;
        s2 += x * x;
      }
      const mean = s / draws;
      const v = s2 / draws - mean * mean;
      const p = K / N;
      const mu = c * p;
      const sigma2 = ((c * p * (1 - p) * (N - c)) / (N - 1)) * (draws / (draws - 1));
      expect(Math.abs(mean - mu)).toBeLessThan(5 * Math.sqrt(sigma2 / draws));
      expect(Math.abs(v / sigma2 - 1)).toBeLessThan(0.12);
    }
  });

  it('returns the only value of a one-point support without drawing', () => {
    const none = () => {
      throw new Error('drew');
    };
    expect(hypergeometric(10, 10, 4, none)).toBe(4);
    expect(hypergeometric(10, 0, 4, none)).toBe(0);
    expect(hypergeometric(10, 6, 10, none)).toBe(6);
    expect(hypergeometric(10, 6, 0, none)).toBe(0);
  });
});

describe('block counts (multivariate hypergeometric by recursive halving)', () => {
  it('layouts depend on (m·n, k) only and cover the positions', () => {
    for (const [total, k] of [
      [1, 1],
      [100, 0],
      [1e10, 1e7],
      [4097, 4097],
      [2 ** 53, 1],
    ] as const) {
      const { B, L } = blockLayout(total, k);
      if (k === 0) {
        expect(B).toBe(0);
        continue;
      }
      expect(B * L).toBeGreaterThanOrEqual(total);
      expect((B - 1) * L).toBeLessThan(total);
      expect(B).toBeGreaterThanOrEqual(Math.min(total, Math.ceil(k / 4096)));
    }
  });

  it('marginals: each block count has the hypergeometric mean and variance', () => {
    const total = 103;
    const k = 50;
    const B = 7;
    const L = 15; // the last block holds 13 positions
    const seeds = 3000;
    const s = new Float64Array(B);
    const s2 = new Float64Array(B);
    for (let seed = 0; seed < seeds; seed++) {
      const c = blockCounts(total, k, B, L, seedKey(seed, 0));
      let sum = 0;
      for (let b = 0; b < B; b++) {
        const len = Math.min(total, (b + 1) * L) - b * L;
        expect(c[b]).toBeLessThanOrEqual(len);
        sum += c[b]!;
        s[b]! += c[b]!;
        s2[b]! += c[b]! * c[b]!;
      }
      expect(sum).toBe(k);
    }
    for (let b = 0; b < B; b++) {
      const len = Math.min(total, (b + 1) * L) - b * L;
      const p = len / total;
      const mu = k * p;
      const sigma2 = (k * p * (1 - p) * (total - k)) / (total - 1);
      const mean = s[b]! / seeds;
      expect(Math.abs(mean - mu)).toBeLessThan(5 * Math.sqrt(sigma2 / seeds));
      expect(Math.abs((s2[b]! / seeds - mean * mean) / sigma2 - 1)).toBeLessThan(0.15);
    }
  });

  it('many blocks: counts sum to k and pass a chi-square against the block lengths', () => {
    const total = 1e9 + 7;
    const k = 4_000_000;
    const { B, L } = blockLayout(total, k);
    expect(B).toBeGreaterThan(900);
    const c = blockCounts(total, k, B, L, seedKey(11, 0));
    let sum = 0;
    const exp: number[] = [];
    for (let b = 0; b < B; b++) {
      sum += c[b]!;
      exp.push((k * (Math.min(total, (b + 1) * L) - b * L)) / total);
    }
    expect(sum).toBe(k);
    const [stat, df] = chiSquare(Array.from(c), exp);
    expect(stat).toBeLessThan(bound(df));
    // Not too uniform either (a sampler returning the mean would pass the bound above).
    expect(stat).toBeGreaterThan(df - 6 * Math.sqrt(2 * df));
  });
});
