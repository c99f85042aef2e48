/**
 * `sparse.random`'s fill (CONVENTIONS.md 5): one piece covers blocks `[lo, hi)` of the row-major
 * position space `[0, m·n)`; block b holds positions `[b·L, min((b + 1)·L, total))` and receives
 * `off[b + 1] − off[b]` entries (drawn on the host from the multivariate hypergeometric,
 * sparse/random-split.ts). The block makes its count of distinct positions, uniform among the
 * block's subsets of that size, in increasing order, and writes their rows and columns (and
 * values) at `off[b]`:
 *
 * - every position when the count is the block's length;
 * - selection sampling (Knuth's algorithm S: position t is taken with probability
 *   still-needed / still-left) when the block is dense (length < 6 × count): sorted as produced;
 * - otherwise Floyd's sampling (one uniform integer per entry) into an open-addressing set whose
 *   hash is monotone in the position, read back in slot order and finished by an insertion sort.
 *
 * Random numbers: a xoshiro128** stream per block and per purpose (positions, values), its 128-bit
 * state made by Philox2x32-10 from the counters (block, 0..3) under a key derived from the seed:
 * a block's numbers depend only on (seed, block), never on which piece or worker runs it. Uniform
 * integers below R are exact (rejection of the incomplete top range of 2^32 or 2^53).
 *
 * Values by `vmode`: 0 uniform doubles in [0, 1) with 53 random bits (float32 stores round them);
 * 1 int32 uniform in [−2^31, 2^31 − 1); 2 uint8 uniform in [0, 255) (SciPy draws integer dtypes
 * in `[iinfo.min, iinfo.max)`); 3 bool: a uniform double ≠ 0 (SciPy casts uniform values);
 * −1 no values (the caller's `data_rvs` filled them on the host).
 *
 * Shipped as source text (a string, so that no transpiler helper such as `__name` for its inner
 * functions reaches the worker): no free variables.
 */
export const RANDOM_FILL_SOURCE = `function randomFill(off, n, L, total, kp, kv, vmode, row, col, data, lo, hi) {
  const w = new Uint32Array(2);
  function mulhi(x, y) {
    const x0 = x & 0xffff, x1 = x >>> 16, y0 = y & 0xffff, y1 = y >>> 16;
    const t0 = x1 * y0 + ((x0 * y0) >>> 16);
    const w1 = (t0 & 0xffff) + x0 * y1;
    return (x1 * y1 + Math.floor(t0 / 65536) + Math.floor(w1 / 65536)) >>> 0;
  }
  function philox(key, c0, c1) {
    let a = c0 >>> 0, b = c1 >>> 0, k = key >>> 0;
    for (let r = 0; r < 10; r++) {
      const hi = mulhi(0xd256d193, a);
      const lo = Math.imul(0xd256d193, a) >>> 0;
      a = (hi ^ k ^ b) >>> 0;
      b = lo;
      k = (k + 0x9e3779b9) >>> 0;
    }
    w[0] = a;
    w[1] = b;
  }
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  function seed(key, blk) {
    philox(key, blk, 0);
    s0 = w[0] | 0; s1 = w[1] | 0;
    philox(key, blk, 1);
    s2 = w[0] | 0; s3 = w[1] | 0;
    if ((s0 | s1 | s2 | s3) === 0) s0 = 1;
  }
  function next() {
    const x = Math.imul(s1, 5);
    const r = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3;
    s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    return r;
  }
  function u53() {
    const a = next() >>> 5, b = next() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }
  function below(R) {
    // Exact: reject the top 2^32 mod R (or 2^53 mod R) values; the bound is computed only when
    // r is near the top. r mod R by the quotient (V8 calls fmod for %), corrected by one.
    if (R <= 4294967296) {
      let r = next();
      if (r > 4294967296 - R) {
        const lim = Math.floor(4294967296 / R) * R;
        while (r >= lim) r = next();
      }
      const m = r - Math.floor(r / R) * R;
      return m < 0 ? m + R : m >= R ? m - R : m;
    }
    let r = (next() >>> 5) * 67108864 + (next() >>> 6);
    if (r > 9007199254740992 - R) {
      let lim = Math.floor(9007199254740992 / R) * R;
      if (lim > 9007199254740992) lim -= R;
      while (r >= lim) r = (next() >>> 5) * 67108864 + (next() >>> 6);
    }
    const m = r - Math.floor(r / R) * R;
    return m < 0 ? m + R : m >= R ? m - R : m;
  }
  // Selection sampling of c among len positions starting at (r0, c0): increasing as produced.
  function selection(len, c, r0, c0, o) {
    let need = c, q = o, rr = r0, cc = c0;
    for (let t = 0; t < len && need > 0; t++) {
      if (need === len - t || below(len - t) < need) {
        row[q] = rr; col[q] = cc; q++; need--;
      }
      cc++;
      if (cc === n) { cc = 0; rr++; }
    }
  }
  let table = new Float64Array(16);
  let sorted = new Float64Array(8);
  // Floyd's sampling of c among len positions, sorted into sorted[0, c): for j = len − c … len − 1
  // take t uniform in [0, j]; if t is taken, take j instead (never taken before: every earlier
  // pick is < j). The set is an open-addressing table whose hash is monotone, slot ⌊v·2c/len⌋,
  // probing forward into an overflow area (no wrap-around): reading the slots in order gives the
  // values almost sorted (only a cluster's later arrivals can precede smaller ones), and an
  // insertion sort finishes — linear time, no separate sort (the built-in typed-array sort was
  // ~10× slower than the whole sampling).
  function floydSorted(len, c) {
    const cap = 2 * c, size = cap + c + 1;
    if (table.length < size) table = new Float64Array(size);
    if (sorted.length < c) sorted = new Float64Array(c);
    table.fill(-1, 0, size);
    const scale = cap / len;
    for (let j = len - c; j < len; j++) {
      let v = below(j + 1);
      let h = Math.floor(v * scale);
      while (table[h] !== -1) {
        if (table[h] === v) {
          v = j;
          h = Math.floor(v * scale);
          while (table[h] !== -1) h++;
          break;
        }
        h++;
      }
      table[h] = v;
    }
    let q = 0;
    for (let h = 0; q < c; h++) {
      const v = table[h];
      if (v === -1) continue;
      let e = q - 1;
      while (e >= 0 && sorted[e] > v) { sorted[e + 1] = sorted[e]; e--; }
      sorted[e + 1] = v;
      q++;
    }
  }
  // Rows and columns of start (r0, c0) + sorted[e].
  function place(c, r0, c0, o) {
    for (let e = 0; e < c; e++) {
      const p = c0 + sorted[e];
      let rr = Math.floor(p / n);
      let cc = p - rr * n;
      if (cc < 0) { rr--; cc += n; } else if (cc >= n) { rr++; cc -= n; }
      row[o + e] = r0 + rr;
      col[o + e] = cc;
    }
  }
  function values(o, c) {
    if (vmode === 0) for (let e = 0; e < c; e++) data[o + e] = u53();
    else if (vmode === 1) for (let e = 0; e < c; e++) data[o + e] = below(4294967295) - 2147483648;
    else if (vmode === 2) for (let e = 0; e < c; e++) data[o + e] = below(255);
    else for (let e = 0; e < c; e++) data[o + e] = u53() !== 0 ? 1 : 0;
  }
  for (let blk = lo; blk < hi; blk++) {
    const o = off[blk], c = off[blk + 1] - o;
    if (c <= 0) continue;
    const start = blk * L;
    const len = Math.min(L, total - start);
    let r0 = Math.floor(start / n);
    let c0 = start - r0 * n;
    if (c0 < 0) { r0--; c0 += n; } else if (c0 >= n) { r0++; c0 -= n; }
    seed(kp, blk);
    if (c === len || len < 6 * c) selection(len, c, r0, c0, o);
    else {
      floydSorted(len, c);
      place(c, r0, c0, o);
    }
    if (vmode < 0) continue;
    seed(kv, blk);
    values(o, c);
  }
}`;
