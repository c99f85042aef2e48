/**
 * The host half of `sparse.random` (issue 17): the block layout of the position space and each
 * block's count of entries, drawn exactly from the multivariate hypergeometric distribution.
 *
 * Layout: `[0, m·n)` in row-major order is cut into `B` blocks of `L` positions (the last one
 * shorter), `B = ceil(k / 4096)` clamped so that blocks are non-empty: a function of (m, n, k)
 * only, never of the pool or the mapper.
 *
 * Counts: the k distinct positions of a uniform k-subset fall among the blocks as a multivariate
 * hypergeometric vector. It is drawn by recursive halving: a range of blocks holding N positions
 * and c entries gives its first half (N₁ positions) `x ~ Hypergeometric(N, N₁, c)` entries and its
 * second half the rest — B − 1 univariate draws, each an exact sampler (inversion from the mode,
 * below). The uniform of the split at block `bm` comes from Philox2x32-10 keyed by the seed at
 * counter (bm, attempt): the counts depend only on (seed, m, n, k).
 *
 * Univariate sampler: inversion ("chop-down") from the mode. The probability at the mode is
 * computed with Loader's saddle-point form (`stirlerr` and the deviance `bd0`, accurate to ~1e-14
 * relative even for populations near 2^53, where differences of log-factorials lose every digit),
 * and the walk alternates left and right of the mode with the exact ratios of neighbouring
 * probabilities, subtracting each from the uniform until it goes negative; if rounding leaves a
 * remainder after the whole support, the draw is repeated with the next counter. Cost: about
 * 0.8 standard deviations of steps per draw, ~√(c)/2 — for the leaf splits (c ≈ 8192) some 35
 * steps, so the host does O(B · 100) work, not O(k).
 */

const LN_2PI = 1.8378770664093453;
const LN_SQRT_2PI = 0.9189385332046728;

/** ln(n!) for n ≤ 16 by summing logarithms (the small-argument branch of {@link stirlerr}). */
const LOG_FACT: number[] = [0];
for (let i = 1; i <= 16; i++) LOG_FACT.push(LOG_FACT[i - 1]! + Math.log(i));

/** δ(n) = ln(n!) − [(n + ½) ln n − n + ln √(2π)], for integers n ≥ 1. */
export function stirlerr(n: number): number {
  if (n <= 15) return LOG_FACT[n]! - (n + 0.5) * Math.log(n) + n - LN_SQRT_2PI;
  const nn = n * n;
  const S0 = 1 / 12;
  const S1 = 1 / 360;
  const S2 = 1 / 1260;
  const S3 = 1 / 1680;
  const S4 = 1 / 1188;
  if (n > 500) return (S0 - S1 / nn) / n;
  if (n > 80) return (S0 - (S1 - S2 / nn) / nn) / n;
  if (n > 35) return (S0 - (S1 - (S2 - S3 / nn) / nn) / nn) / n;
  return (S0 - (S1 - (S2 - (S3 - S4 / nn) / nn) / nn) / nn) / n;
}

/** The deviance x ln(x / μ) + μ − x, without cancellation when x ≈ μ (a series in (x − μ)/(x + μ)). */
export function bd0(x: number, mu: number): number {
  if (Math.abs(x - mu) < 0.1 * (x + mu)) {
    let v = (x - mu) / (x + mu);
    let s = (x - mu) * v;
    let ej = 2 * x * v;
    v *= v;
    for (let j = 1; j < 1000; j++) {
      ej *= v;
      const s1 = s + ej / (2 * j + 1);
      if (s1 === s) return s1;
      s = s1;
    }
    return s;
  }
  return x * Math.log(x / mu) + mu - x;
}

/** Binomial probability P(X = x), X ~ Bin(n, p), q = 1 − p given separately (Loader's form). */
function binom(x: number, n: number, p: number, q: number): number {
  if (p === 0) return x === 0 ? 1 : 0;
  if (q === 0) return x === n ? 1 : 0;
  if (x < 0 || x > n) return 0;
  if (x === 0) return n === 0 ? 1 : Math.exp(p < 0.1 ? -bd0(n, n * q) - n * p : n * Math.log(q));
  if (x === n) return Math.exp(q < 0.1 ? -bd0(n, n * p) - n * q : n * Math.log(p));
  const lc = stirlerr(n) - stirlerr(x) - stirlerr(n - x) - bd0(x, n * p) - bd0(n - x, n * q);
  const lf = LN_2PI + Math.log(x) + Math.log1p(-x / n);
  return Math.exp(lc - 0.5 * lf);
}

/**
 * P(X = x) for X ~ Hypergeometric(N, K, c): x of the c draws (without replacement) among the K
 * marked items of N. As a ratio of binomial probabilities at p = c/N (exact identity), each in
 * Loader's form.
 */
export function hyperPmf(x: number, N: number, K: number, c: number): number {
  if (x < Math.max(0, c - (N - K)) || x > Math.min(c, K)) return 0;
  if (c === 0 || c === N || K === 0 || K === N) return 1;
  const p = c / N;
  const q = (N - c) / N;
  return (binom(x, K, p, q) * binom(c - x, N - K, p, q)) / binom(c, N, p, q);
}

/**
 * One exact draw of X ~ Hypergeometric(N, K, c) (integers, N ≤ 2^53) by inversion from the mode.
 * @param uniform - returns the next uniform in [0, 1) (called once per attempt)
 */
export function hypergeometric(N: number, K: number, c: number, uniform: () => number): number {
  const lo = Math.max(0, c - (N - K));
  const hi = Math.min(c, K);
  if (lo === hi) return lo;
  // The mode ⌊(c + 1)(K + 1) / (N + 2)⌋ (any start in the support is correct; the mode is fastest).
  const mode = Math.min(hi, Math.max(lo, Math.floor(((c + 1) / (N + 2)) * (K + 1))));
  const pm = hyperPmf(mode, N, K, c);
  const NK = N - K;
  for (;;) {
    let u = uniform() - pm;
    if (u < 0) return mode;
    let xl = mode;
    let pl = pm;
    let xr = mode;
    let pr = pm;
    for (;;) {
      let moved = false;
      if (xl > lo && pl > 0) {
        pl *= (xl / (K - xl + 1)) * ((NK - c + xl) / (c - xl + 1));
        xl--;
        u -= pl;
        if (u < 0) return xl;
        moved = true;
      }
      if (xr < hi && pr > 0) {
        pr *= ((K - xr) / (xr + 1)) * ((c - xr) / (NK - c + xr + 1));
        xr++;
        u -= pr;
        if (u < 0) return xr;
        moved = true;
      }
      if (!moved) break;
    }
  }
}

function mulhi(x: number, y: number): number {
  const x0 = x & 0xffff;
  const x1 = x >>> 16;
  const y0 = y & 0xffff;
  const y1 = y >>> 16;
  const t0 = x1 * y0 + ((x0 * y0) >>> 16);
  const w1 = (t0 & 0xffff) + x0 * y1;
  return (x1 * y1 + Math.floor(t0 / 65536) + Math.floor(w1 / 65536)) >>> 0;
}

/** A uniform double in [0, 1) (53 bits) from Philox2x32-10 at counter (c0, c1) under `key`. */
export function philoxUniform(key: number, c0: number, c1: number): number {
  let a = c0 >>> 0;
  let b = c1 >>> 0;
  let k = key >>> 0;
  for (let r = 0; r < 10; r++) {
    const h = mulhi(0xd256d193, a);
    const l = Math.imul(0xd256d193, a) >>> 0;
    a = (h ^ k ^ b) >>> 0;
    b = l;
    k = (k + 0x9e3779b9) >>> 0;
  }
  return ((a >>> 5) * 67108864 + (b >>> 6)) / 9007199254740992;
}

/** A 32-bit key from an integer seed (both 32-bit halves) and a purpose tag. */
export function seedKey(seed: number, tag: number): number {
  let x = (Math.floor(seed) ^ Math.floor(seed / 4294967296) ^ Math.imul(tag + 1, 0x9e3779b9)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/** Target entries per block. */
export const BLOCK_ENTRIES = 4096;

/** The blocks of `[0, total)` for k entries: B blocks of L positions (the last one shorter). */
export function blockLayout(total: number, k: number): { B: number; L: number } {
  if (k === 0 || total === 0) return { B: 0, L: 0 };
  const want = Math.min(total, Math.ceil(k / BLOCK_ENTRIES));
  const L = Math.ceil(total / want);
  return { B: Math.ceil(total / L), L };
}

/**
 * Each block's count (into `counts`, length B): a multivariate hypergeometric draw of k entries
 * over blocks of L positions (total positions `total`), by recursive halving.
 */
export function blockCounts(total: number, k: number, B: number, L: number, key: number): Float64Array {
  const counts = new Float64Array(B);
  const start = (b: number) => Math.min(total, b * L);
  const stack: number[] = [0, B, k];
  while (stack.length > 0) {
    const c = stack.pop()!;
    const b1 = stack.pop()!;
    const b0 = stack.pop()!;
    if (b1 - b0 === 1) {
      counts[b0] = c;
      continue;
    }
    const bm = (b0 + b1) >>> 1;
    let x = 0;
    if (c > 0) {
      const N = start(b1) - start(b0);
      const K = start(bm) - start(b0);
      let attempt = 0;
      x = hypergeometric(N, K, c, () => philoxUniform(key, bm, attempt++));
    }
    stack.push(b0, bm, x, bm, b1, c - x);
  }
  return counts;
}
