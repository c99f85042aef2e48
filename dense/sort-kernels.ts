/**
 * Kernels of `sort`/`argsort` (dense/sort.ts), registered as source text (they have inner
 * functions). Values become unsigned integer keys whose order is NumPy's sort order — NaN last,
 * and for `sort` −0 before +0 (for `argsort` ±0 are one key, so equal zeros keep their input
 * order, as NumPy's stable sort) — one 32-bit word (float32, int32, uint8, bool) or two (float64,
 * `K0` low, `K1` high). Runs are sorted by an LSD radix sort (11/11/10-bit digits per word, passes
 * whose digit is the same for every key skipped; insertion sort below 64 keys), stable, carrying
 * the element indices for `argsort`; runs are then merged pairwise (stable: ties take the left
 * run), each output piece finding its start in both runs by a binary search (merge path), so a
 * merge round is as parallel as any element-wise launch.
 */
import { registerKernel, type TaskContext } from '../runtime/index.js';
import { SORT_DECODE, SORT_MERGE, SORT_RUNS } from './kernel-names.js';

/**
 * SORT_RUNS — arg 0: a [C] int32 placeholder (the launch domain: one point per run), arg 1: the
 * values, contiguous (broadcast), args 2..: the keys K0 [C, m] (and K1 for two words) and the
 * indices [C, m] when wanted, written by the run's piece. scalars: [words, m, n, kind, wantIdx,
 * lines, canon] — kind 0 float64, 1 float32, 2 int32, 3 uint8/bool; element j of run c is value
 * `c*m + j` when that is below n, else padding (the largest key, index `c*m + j`); lines: the
 * index stored is `j` (sorting each line of an [R, m] array) rather than `c*m + j`.
 */
const runsSource = `function sortRuns(t) {
  const s = t.scalars;
  const W = s[0], m = s[1], n = s[2], kind = s[3], wantIdx = s[4], lines = s[5], canon = s[6];
  const X = t.arrays[1];
  const xo = t.offsets[1];
  const u32 = (a) => new Uint32Array(a.buffer, a.byteOffset, a.length);
  const K0 = u32(t.arrays[2]);
  const o0 = t.offsets[2];
  const K1 = W === 2 ? u32(t.arrays[3]) : null;
  const o1 = W === 2 ? t.offsets[3] : 0;
  const IX = wantIdx ? t.arrays[2 + W] : null;
  const oi = wantIdx ? t.offsets[2 + W] : 0;
  const F = new Float64Array(1);
  const FU = new Uint32Array(F.buffer);
  const G = new Float32Array(1);
  const GU = new Uint32Array(G.buffer);
  const b0 = new Uint32Array(m);
  const b1 = W === 2 ? new Uint32Array(m) : null;
  const bi = wantIdx ? new Int32Array(m) : null;
  const cnt = new Int32Array(W * 3 * 2048);
  function insertion(a0, a1, ai, len) {
    for (let i = 1; i < len; i++) {
      const x0 = a0[i], x1 = a1 ? a1[i] : 0, xi = ai ? ai[i] : 0;
      let j = i - 1;
      while (j >= 0 && (a1 ? a1[j] > x1 || (a1[j] === x1 && a0[j] > x0) : a0[j] > x0)) {
        a0[j + 1] = a0[j];
        if (a1) a1[j + 1] = a1[j];
        if (ai) ai[j + 1] = ai[j];
        j--;
      }
      a0[j + 1] = x0;
      if (a1) a1[j + 1] = x1;
      if (ai) ai[j + 1] = xi;
    }
  }
  function radix(a0, a1, ai, len) {
    cnt.fill(0);
    for (let i = 0; i < len; i++) {
      const x = a0[i];
      cnt[x & 2047]++;
      cnt[2048 + ((x >>> 11) & 2047)]++;
      cnt[4096 + (x >>> 22)]++;
      if (a1) {
        const y = a1[i];
        cnt[6144 + (y & 2047)]++;
        cnt[8192 + ((y >>> 11) & 2047)]++;
        cnt[10240 + (y >>> 22)]++;
      }
    }
    let s0 = a0, s1 = a1, si = ai, d0 = b0, d1 = b1, di = bi;
    for (let p = 0; p < W * 3; p++) {
      const base = p * 2048;
      const sh = (p % 3) * 11;
      const mask = p % 3 === 2 ? 1023 : 2047;
      let trivial = false;
      for (let k = 0; k <= mask; k++) {
        const c = cnt[base + k];
        if (c === len) trivial = true;
        if (c !== 0) break;
      }
      if (trivial) continue;
      let sum = 0;
      for (let k = 0; k <= mask; k++) {
        const c = cnt[base + k];
        cnt[base + k] = sum;
        sum += c;
      }
      const src = p < 3 ? s0 : s1;
      if (si) {
        if (s1) for (let i = 0; i < len; i++) { const q = cnt[base + ((src[i] >>> sh) & mask)]++; d0[q] = s0[i]; d1[q] = s1[i]; di[q] = si[i]; }
        else for (let i = 0; i < len; i++) { const q = cnt[base + ((src[i] >>> sh) & mask)]++; d0[q] = s0[i]; di[q] = si[i]; }
      } else if (s1) for (let i = 0; i < len; i++) { const q = cnt[base + ((src[i] >>> sh) & mask)]++; d0[q] = s0[i]; d1[q] = s1[i]; }
      else for (let i = 0; i < len; i++) { const q = cnt[base + ((src[i] >>> sh) & mask)]++; d0[q] = s0[i]; }
      let tmp = s0; s0 = d0; d0 = tmp;
      tmp = s1; s1 = d1; d1 = tmp;
      tmp = si; si = di; di = tmp;
    }
    if (s0 !== a0) {
      a0.set(s0.subarray(0, len));
      if (a1) a1.set(s1.subarray(0, len));
      if (ai) ai.set(si.subarray(0, len));
    }
  }
  for (let c = t.lo[0]; c < t.hi[0]; c++) {
    const a0 = K0.subarray(o0 + c * m, o0 + c * m + m);
    const a1 = K1 ? K1.subarray(o1 + c * m, o1 + c * m + m) : null;
    const ai = IX ? IX.subarray(oi + c * m, oi + c * m + m) : null;
    const g0 = c * m;
    const valid = Math.max(0, Math.min(m, n - g0));
    for (let j = 0; j < valid; j++) {
      const v = X[xo + g0 + j];
      if (kind === 0) {
        if (v !== v) { a0[j] = 0xffffffff; a1[j] = 0xffffffff; continue; }
        F[0] = canon && v === 0 ? 0 : v;
        const hi = FU[1];
        if (hi >= 0x80000000) { a1[j] = ~hi >>> 0; a0[j] = ~FU[0] >>> 0; }
        else { a1[j] = (hi | 0x80000000) >>> 0; a0[j] = FU[0]; }
      } else if (kind === 1) {
        if (v !== v) { a0[j] = 0xffffffff; continue; }
        G[0] = canon && v === 0 ? 0 : v;
        const w = GU[0];
        a0[j] = w >= 0x80000000 ? ~w >>> 0 : (w | 0x80000000) >>> 0;
      } else if (kind === 2) a0[j] = (v ^ 0x80000000) >>> 0;
      else a0[j] = v;
    }
    for (let j = valid; j < m; j++) { a0[j] = 0xffffffff; if (a1) a1[j] = 0xffffffff; }
    if (ai) for (let j = 0; j < m; j++) ai[j] = lines ? j : g0 + j;
    if (m < 64) insertion(a0, a1, ai, m);
    else radix(a0, a1, ai, m);
  }
}`;

/**
 * SORT_MERGE — args: the outputs (K0, then K1 for two words, then indices when wanted; 1-D [N],
 * aligned, the launch domain), then the inputs in the same order (broadcast). scalars: [run, N,
 * words, wantIdx]. Merges consecutive pairs of sorted runs of length `run` (the last may be short
 * or alone); each piece finds where its output range starts and ends in both runs (merge path).
 */
const mergeSource = `function sortMerge(t) {
  const s = t.scalars;
  const run = s[0], N = s[1], W = s[2], wantIdx = s[3];
  const no = 1 + (W === 2 ? 1 : 0) + (wantIdx ? 1 : 0);
  // Keys are compared as int32 with the top bit flipped (the same order as unsigned), so every
  // value stays a small integer for the JIT.
  const O0 = t.arrays[0], oo0 = t.offsets[0];
  const O1 = W === 2 ? t.arrays[1] : null, oo1 = W === 2 ? t.offsets[1] : 0;
  const OI = wantIdx ? t.arrays[no - 1] : null, ooi = wantIdx ? t.offsets[no - 1] : 0;
  const I0 = t.arrays[no], io0 = t.offsets[no];
  const I1 = W === 2 ? t.arrays[no + 1] : null, io1 = W === 2 ? t.offsets[no + 1] : 0;
  const II = wantIdx ? t.arrays[2 * no - 1] : null, ioi = wantIdx ? t.offsets[2 * no - 1] : 0;
  // key at input position q (relative) strictly below key at position r
  function lt(q, r) {
    if (I1) {
      const a = I1[io1 + q] ^ -2147483648, b = I1[io1 + r] ^ -2147483648;
      return a < b || (a === b && (I0[io0 + q] ^ -2147483648) < (I0[io0 + r] ^ -2147483648));
    }
    return (I0[io0 + q] ^ -2147483648) < (I0[io0 + r] ^ -2147483648);
  }
  const lo = t.lo[0], hi = t.hi[0];
  if (hi <= lo) return;
  for (let gs = Math.floor(lo / (2 * run)) * 2 * run; gs < hi; gs += 2 * run) {
    const aS = gs, aE = Math.min(gs + run, N), bS = aE, bE = Math.min(gs + 2 * run, N);
    const lenA = aE - aS, lenB = bE - bS;
    const k0 = Math.max(lo, gs) - gs, k1 = Math.min(hi, bE) - gs;
    // smallest i with B[k-i-1] < A[i] (taken A's are <= untaken B's; taken B's < untaken A's)
    function corank(k) {
      let l = Math.max(0, k - lenB), h = Math.min(k, lenA);
      while (l < h) {
        const i = (l + h) >>> 1;
        if (lt(bS + k - i - 1, aS + i)) h = i;
        else l = i + 1;
      }
      return l;
    }
    let i = aS + corank(k0);
    let j = bS + (k0 - (i - aS));
    const end = gs + k1;
    // the merge loop keeps the current key of each run in locals (no calls per element)
    const F = -2147483648;
    let ah = 0, al = 0, bh = 0, bl = 0;
    if (i < aE) { al = I0[io0 + i] ^ F; ah = I1 ? I1[io1 + i] ^ F : 0; }
    if (j < bE) { bl = I0[io0 + j] ^ F; bh = I1 ? I1[io1 + j] ^ F : 0; }
    for (let k = gs + k0; k < end; k++) {
      if (i < aE && (j >= bE || !(bh < ah || (bh === ah && bl < al)))) {
        O0[oo0 + k] = al ^ F;
        if (O1) O1[oo1 + k] = ah ^ F;
        if (OI) OI[ooi + k] = II[ioi + i];
        i++;
        if (i < aE) { al = I0[io0 + i] ^ F; ah = I1 ? I1[io1 + i] ^ F : 0; }
      } else {
        O0[oo0 + k] = bl ^ F;
        if (O1) O1[oo1 + k] = bh ^ F;
        if (OI) OI[ooi + k] = II[ioi + j];
        j++;
        if (j < bE) { bl = I0[io0 + j] ^ F; bh = I1 ? I1[io1 + j] ^ F : 0; }
      }
    }
  }
}`;

/**
 * SORT_DECODE — arg 0: the values out (1-D, the launch domain), arg 1: K0, arg 2: K1 (two words),
 * aligned. scalars: [kind]. Turns keys back into values (NaN keys into NaN).
 */
const decodeSource = `function sortDecode(t) {
  const kind = t.scalars[0];
  const O = t.arrays[0], oo = t.offsets[0];
  const u32 = (a) => new Uint32Array(a.buffer, a.byteOffset, a.length);
  const K0 = u32(t.arrays[1]), o0 = t.offsets[1];
  const lo = t.lo[0], hi = t.hi[0];
  if (kind === 0) {
    const K1 = u32(t.arrays[2]), o1 = t.offsets[2];
    const F = new Float64Array(1);
    const FU = new Uint32Array(F.buffer);
    for (let k = lo; k < hi; k++) {
      const h = K1[o1 + k], l = K0[o0 + k];
      if (h >= 0x80000000) { FU[1] = h ^ 0x80000000; FU[0] = l; }
      else { FU[1] = ~h; FU[0] = ~l; }
      O[oo + k] = F[0];
    }
  } else if (kind === 1) {
    const G = new Float32Array(1);
    const GU = new Uint32Array(G.buffer);
    for (let k = lo; k < hi; k++) {
      const w = K0[o0 + k];
      GU[0] = w >= 0x80000000 ? w ^ 0x80000000 : ~w;
      O[oo + k] = G[0];
    }
  } else if (kind === 2) for (let k = lo; k < hi; k++) O[oo + k] = K0[o0 + k] ^ 0x80000000;
  else for (let k = lo; k < hi; k++) O[oo + k] = K0[o0 + k];
}`;

const compile = (src: string) => new Function(`return (${src});`)() as (t: TaskContext) => void;
registerKernel(SORT_RUNS, compile(runsSource), { source: runsSource });
registerKernel(SORT_MERGE, compile(mergeSource), { source: mergeSource });
registerKernel(SORT_DECODE, compile(decodeSource), { source: decodeSource });
