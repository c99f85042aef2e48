/**
 * log1p, log2 and log10 with fixed algorithms in two forms that give the same bits (lane programs,
 * see wasm-lanes.ts): the JavaScript helpers `flog1p`, `flog2`, `flog10` and `f64x2` WebAssembly
 * code. Also the double-double logarithm that wasm-pow.ts uses (`lnPair`).
 *
 * - x = 2^k·(1 + f) with 1 + f in [√2/2, √2) from the bits (subnormals scaled by 2^54 first);
 *   ln(1 + f) = 2·atanh s = f − hfsq + s·(hfsq + R) with s = f/(2 + f), hfsq = f²/2, R = z·V(z),
 *   z = s², V = 2/3 + z·R1(z) and R1 a Chebyshev fit (mpmath, degree 7, relative error 2^-57).
 * - log2 and log10: f − hfsq split into a 21-bit hi and the rest lo, so hi times the 21-bit high
 *   part of 1/ln b is exact; the integer part (k, or k·log10 2 with log10 2 in a 42-bit high part)
 *   added last with its rounding error carried to the final sum. log2(2^k) = k, log10(10^k) = k.
 * - log1p: u + du = 1 + x exactly (a two-sum), ln u as above with du/u added to the low part.
 * - lnPair (pow): s = sh + sl with sh of 21 bits, ln m = (2/3)·s·T, T = 3 + z + (3/2)·z²·R1(z)
 *   (the z term exact), assembled in 21-bit products; about 2^-65 relative.
 * - Specials by selects: log(±0) = −inf, log(x < 0) = NaN, log(inf) = inf, NaN → NaN; log1p(−1) =
 *   −inf, log1p(x < −1) = NaN, log1p(±0) = ±0.
 *
 * Accuracy against mpmath (max 1 ulp): tests/codegen/wasm-math-more.test.ts, codegen/README.md.
 */
import { LN2_H, LN2_L } from './wasm-expm1.js';
import { emitLanes, Lanes, lanesJS, type Ref } from './wasm-lanes.js';
import type { WasmEmitter } from './wasm-math.js';

/** V(z) = 2/3 + z·R1(z) on z ≤ 0.0301 (scripts/fixtures_math.py `--coefficients`). */
const R1 = [
  0.4, 0.28571428571429486, 0.2222222222158344, 0.1818181835165175, 0.15384593242579514, 0.13334897308547064,
  0.11703780772949368, 0.11748603365608093,
];
/** 2/3, 1/ln2, 1/ln10 as double-doubles; log10(2) = LG2_H + LG2_L with LG2_H of 42 bits. */
const TWO3 = [0.6666666666666666, 3.700743415417188e-17] as const;
const IL2 = [Math.LOG2E, 2.0355273740931033e-17] as const;
const IL10 = [Math.LOG10E, 1.098319650216765e-17] as const;
const LG2 = [0.30102999566395283, 2.8363394551044964e-14] as const;
const MIN_NORMAL = 2.2250738585072014e-308;
/** (3/2)·R1, each rounded once; 2/3 = CP_H + CP_L with CP_H of 21 bits. */
const R1X15 = R1.map((c) => 1.5 * c);
const CP_H = hi32Of(TWO3[0]);
const CP_L = TWO3[0] - CP_H + TWO3[1];
const TWO54 = 18014398509481984;

/**
 * ln x = Lh + Ll (double-double, about 2^-65 relative) for a positive finite x (garbage
 * otherwise), Lh of 21 significant bits: x = 2^k·m, s = (m − 1)/(m + 1) = sh + sl with sh of 21
 * bits (so sh·th and sh² are exact), ln m = (2/3)·s·T with T = 3 + z + (3/2)·z²·R1(z), z = s²
 * (the coefficient of z is exactly 1: z enters as the exact sh² plus sl·(sh + s)), T = Th + Tl
 * with Th of 21 bits, the product (2/3)·s·T in 21-bit pieces, then k·ln2 added as a pair.
 */
export function lnPair(p: Lanes, x: Ref): [Ref, Ref] {
  const [xs, off] = normal(p, x);
  const k = p.sub(p.expo(xs), off);
  const m = p.mant(xs);
  const f = p.sub(m, p.c(1));
  const d = p.add(m, p.c(1));
  const th = p.hi32(d);
  const tl = p.sub(m, p.sub(th, p.c(1))); // th + tl = m + 1 exactly
  const inv = p.div(p.c(1), d);
  const s = p.mul(f, inv);
  const sh = p.hi32(s);
  const sl = p.mul(p.sub(p.sub(f, p.mul(sh, th)), p.mul(sh, tl)), inv);
  const qh = p.mul(sh, sh);
  const ql = p.mul(sl, p.add(sh, s));
  const z = p.mul(s, s);
  const r = p.add(p.mul(p.mul(z, z), p.estrin(z, R1X15)), ql);
  const Th = p.hi32(p.add(p.add(p.c(3), qh), r));
  const Tl = p.sub(r, p.sub(p.sub(Th, p.c(3)), qh));
  const u = p.mul(sh, Th);
  const v = p.add(p.mul(sl, Th), p.mul(Tl, s));
  const ph = p.hi32(p.add(u, v));
  const pl = p.sub(v, p.sub(ph, u));
  const zh = p.mul(p.c(CP_H), ph);
  const zl = p.add(p.mul(p.c(CP_L), ph), p.mul(pl, p.c(TWO3[0])));
  const [h, l] = p.twoSum(p.mul(k, p.c(LN2_H)), zh);
  const lo = p.add(l, p.add(zl, p.mul(k, p.c(LN2_L))));
  const Lh = p.hi32(p.add(h, lo));
  return [Lh, p.sub(lo, p.sub(Lh, h))];
}

/** Special values of a logarithm of x: v where 0 < x < inf, −inf at ±0, NaN below 0, x else. */
function logSpecials(p: Lanes, x: Ref, v: Ref): Ref {
  const special = p.sel(p.eq(x, p.c(0)), p.c(-Infinity), p.sel(p.lt(x, p.c(0)), p.c(Number.NaN), x));
  return p.sel(p.and(p.gt(x, p.c(0)), p.lt(x, p.c(Infinity))), v, special);
}

/**
 * The single-double logarithm of a positive normal x (garbage otherwise): x = 2^k·(1 + f) and
 * ln(1 + f) = f − hfsq + s·(hfsq + R) with s = f/(2 + f), hfsq = f²/2, R = z·V(z), z = s² (V as
 * above: 2·atanh s = 2s + s·R, and 2s = f − s·f).
 */
function logParts(p: Lanes, xs: Ref): { k: Ref; f: Ref; s: Ref; hfsq: Ref; R: Ref } {
  const k = p.expo(xs);
  const f = p.sub(p.mant(xs), p.c(1));
  const s = p.div(f, p.add(p.c(2), f));
  const z = p.mul(s, s);
  const R = p.mul(z, p.estrin(z, [TWO3[0], ...R1]));
  const hfsq = p.mul(p.mul(p.c(0.5), f), f);
  return { k, f, s, hfsq, R };
}

/** x scaled into the normal range (subnormals by 2^54) and the exponent offset it needs. */
function normal(p: Lanes, x: Ref): [Ref, Ref] {
  const sub = p.lt(x, p.c(MIN_NORMAL));
  return [p.sel(sub, p.mul(x, p.c(TWO54)), x), p.sel(sub, p.c(54), p.c(0))];
}

/**
 * log2 and log10: ln(1 + f) split as hi + lo with hi of 21 bits (so hi·(1/ln b)'s 21-bit high
 * part is exact), the integer part k·log_b(2) added last with its rounding error carried.
 */
function buildLog(base: 2 | 10): { p: Lanes; r: Ref } {
  const p = new Lanes();
  const x = p.arg(0);
  const [xs, off] = normal(p, x);
  const { k: k0, f, s, hfsq, R } = logParts(p, xs);
  const k = p.sub(k0, off);
  const hi = p.hi32(p.sub(f, hfsq));
  const lo = p.add(p.sub(p.sub(f, hi), hfsq), p.mul(s, p.add(hfsq, R)));
  const inv = base === 2 ? IL2 : IL10;
  const ih = hi32Of(inv[0]);
  const il = inv[0] - ih + inv[1];
  const valHi = p.mul(hi, p.c(ih));
  let valLo = p.add(p.mul(p.add(lo, hi), p.c(il)), p.mul(lo, p.c(ih)));
  const y = base === 2 ? k : p.mul(k, p.c(LG2[0]));
  if (base === 10) valLo = p.add(p.mul(k, p.c(LG2[1])), valLo);
  const w = p.add(y, valHi);
  const r = p.add(p.add(valLo, p.add(p.sub(y, w), valHi)), w);
  return { p, r: logSpecials(p, x, r) };
}

/** log1p: u + du = 1 + x exactly; ln u as log, plus the correction du/u. */
function buildLog1p(): { p: Lanes; r: Ref } {
  const p = new Lanes();
  const x = p.arg(0);
  const [u, du] = p.twoSum(p.c(1), x);
  const { k, f, s, hfsq, R } = logParts(p, u);
  const c = p.div(du, u);
  const t = p.add(p.mul(k, p.c(LN2_L)), c);
  const v = p.sub(p.mul(k, p.c(LN2_H)), p.sub(p.sub(hfsq, p.add(p.mul(s, p.add(hfsq, R)), t)), f));
  // u = 1 + x: −inf at x = −1 (u = 0), NaN below; log1p(±0) = ±0.
  const r = p.sel(p.eq(x, p.c(0)), x, logSpecials(p, u, v));
  return { p, r };
}

/** x with the low 32 bits of its representation cleared (on the host, for constants). */
function hi32Of(v: number): number {
  const b = new Float64Array([v]);
  new Uint32Array(b.buffer)[0] = 0;
  return b[0]!;
}

const log2 = buildLog(2);
const log10 = buildLog(10);
const log1p = buildLog1p();

/** Sources of the helpers `flog2`, `flog10`, `flog1p`. */
export const LOG2_JS = lanesJS('flog2', 1, log2.p, log2.r);
export const LOG10_JS = lanesJS('flog10', 1, log10.p, log10.r);
export const LOG1P_JS = lanesJS('flog1p', 1, log1p.p, log1p.r);

/** log2, log10, log1p of the f64x2 on the stack (leave the result): the helpers' operations. */
export const emitLog2 = (e: WasmEmitter): void => emitLanes(e, 1, log2.p, log2.r);
export const emitLog10 = (e: WasmEmitter): void => emitLanes(e, 1, log10.p, log10.r);
export const emitLog1p = (e: WasmEmitter): void => emitLanes(e, 1, log1p.p, log1p.r);
