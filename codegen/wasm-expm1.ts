/**
 * expm1 with a fixed algorithm in two forms that give the same bits (a lane program, see
 * wasm-lanes.ts): the JavaScript helper `fexpm1` and `f64x2` WebAssembly code. Also the exp core
 * that wasm-pow.ts uses.
 *
 * - Reduction: n = round(x/ln2) by the 1.5·2^52 shifter; u = x − n·ln2 as a pair uh + ul
 *   (ln2 = LN2_H + LN2_L with LN2_H of 42 bits, so n·LN2_H and x − n·LN2_H are exact), |u| ≤ ln2/2.
 * - Core: e^u = 1 + u + q(u) with q(u) = u²·(1/2 + u·P(u)), P a Chebyshev fit (mpmath, degree 9 on
 *   |u| ≤ 0.354, relative error 2^-54) of (e^u − 1 − u − u²/2)/u³; kept as the pair s + t with
 *   s = 1 + uh rounded and t = its exact error + q + ul·(1 + uh).
 * - expm1 x = 2^n·(s + t) − 1: 2^n·s − 1 as an exact two-sum h + l, then h + (l + 2^n·t) rounds
 *   once (2^n as two exact powers of two, 2^(n>>1)·2^(n−(n>>1))); for n = 0 (u = x) it is x + q(x).
 * - Specials by selects: x > 709.782712893384 → inf (so +inf too); the argument is clamped to
 *   [−45, 710] first (expm1 = −1 below, −inf too); |x| < 2^-54 gives x (±0, subnormals); NaN → NaN.
 *
 * Accuracy against mpmath: tests/codegen/wasm-math-more.test.ts, codegen/README.md.
 */
import { emitLanes, Lanes, lanesJS, type Ref } from './wasm-lanes.js';
import type { WasmEmitter } from './wasm-math.js';

/** ln 2 = LN2_H + LN2_L (+ 1.9e-31): LN2_H has 42 significant bits. */
export const LN2_H = 0.6931471805598903;
export const LN2_L = 5.497923018708371e-14;
export const INVLN2 = Math.LOG2E;
export const SHIFT = 6755399441055744;
/** (e^u − 1 − u − u²/2)/u³ ≈ Σ P[k]·u^k on |u| ≤ 0.354 (scripts/fixtures_math.py's `coefficients`). */
const P = [
  0.16666666666666669, 0.041666666666666664, 0.008333333333329501, 0.0013888888888886153,
  0.00019841269865799753, 2.4801587319105573e-5, 2.7557264277923565e-6, 2.755727998305497e-7,
  2.510233538496783e-8, 2.0912629078313632e-9,
];

/** n and the pair uh + ul = x − n·ln2 (x clamped so that |n| ≤ 2^20; exact reduction). */
export function reduceLn2(p: Lanes, xh: Ref, xl: Ref | null): { n: Ref; uh: Ref; ul: Ref } {
  const n = p.sub(p.add(p.mul(xh, p.c(INVLN2)), p.c(SHIFT)), p.c(SHIFT));
  const rh = p.sub(xh, p.mul(n, p.c(LN2_H)));
  const nl = p.mul(n, p.c(LN2_L));
  const rl = xl === null ? p.neg(nl) : p.sub(xl, nl);
  const [uh, ul] = p.twoSum(rh, rl);
  return { n, uh, ul };
}

/** e^(uh + ul) ≈ s + t for |uh| ≤ 0.354, |ul| ≤ 2^-40 (s = 1 + uh rounded, |t| < 0.07). */
export function expCore(p: Lanes, uh: Ref, ul: Ref, q = expCoreQ(p, uh)): [Ref, Ref] {
  const [s, e] = p.fastTwoSum(p.c(1), uh);
  const t = p.add(e, p.add(q, p.add(ul, p.mul(ul, uh))));
  return [s, t];
}

/** q(u) = e^u − 1 − u = u²·(1/2 + u·P(u)). */
export function expCoreQ(p: Lanes, u: Ref): Ref {
  return p.mul(p.mul(u, u), p.add(p.c(0.5), p.mul(u, p.estrin(u, P))));
}

/** 2^n as two exact factors [2^(n>>1), 2^(n−(n>>1))] for an integer n in [−2044, 2046]. */
export function pow2Pair(p: Lanes, n: Ref): [Ref, Ref] {
  const n1 = p.floor(p.mul(n, p.c(0.5)));
  return [p.pow2(n1), p.pow2(p.sub(n, n1))];
}

const OVER = 709.782712893384;
const TINY = 2 ** -54;

function build(): { p: Lanes; r: Ref } {
  const p = new Lanes();
  const x = p.arg(0);
  const xc = p.min(p.max(x, p.c(-45)), p.c(710));
  const { n, uh, ul } = reduceLn2(p, xc, null);
  const q = expCoreQ(p, uh);
  const [s, t] = expCore(p, uh, ul, q);
  const [a, b] = pow2Pair(p, n);
  const [h, l] = p.twoSum(p.mul(p.mul(s, a), b), p.c(-1));
  const v = p.add(h, p.add(l, p.mul(p.mul(t, a), b)));
  // n = 0 (|x| ≤ ln2/2): u = x exactly, expm1 x = u + q without the 1 + u detour.
  const v0 = p.add(uh, q);
  const big = p.sel(p.gt(x, p.c(OVER)), p.c(Infinity), p.sel(p.eq(n, p.c(0)), v0, v));
  const r = p.sel(p.lt(p.abs(x), p.c(TINY)), x, big);
  return { p, r };
}
const prog = build();

/** Source of the helper `fexpm1`. */
export const EXPM1_JS = lanesJS('fexpm1', 1, prog.p, prog.r);

/** expm1 of the f64x2 on the stack (leaves the result): {@link EXPM1_JS}'s operations. */
export function emitExpm1(e: WasmEmitter): void {
  emitLanes(e, 1, prog.p, prog.r);
}
