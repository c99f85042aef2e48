/**
 * pow(x, y) with a fixed algorithm in two forms that give the same bits (a lane program, see
 * wasm-lanes.ts): the JavaScript helper `fpow` and `f64x2` WebAssembly code (two operands).
 *
 * - |x|^y = e^W with W = y·ln|x|: ln|x| = Lh + Ll from wasm-logs.ts's `lnPair` (about 2^-65
 *   relative, Lh of 21 bits), W = yh·Lh (exact: yh the 21-bit high part of y) + (y − yh)·Lh + y·Ll
 *   (y capped at ±2^64 first: beyond, |W| > 2900 for every x ≠ 1 and the result is 0 or inf).
 * - e^W: W clamped to [−800, 800] (its low part dropped there); n = round(W/ln2), u = W − n·ln2 as
 *   a pair (wasm-expm1.ts's exact reduction) and e^u = s + t (its core); s + t rounded once, then
 *   scaled by 2^n as two exact powers of two, so overflow and gradual underflow round at the last
 *   multiplication. Exact results (integer powers of small integers, square roots of squares)
 *   come out exact.
 * - C99's (and NumPy's) special cases by selects: pow(x, ±0) = 1 and pow(1, y) = 1 even for NaN;
 *   otherwise NaN in, NaN out; x < 0 finite and y not an integer → NaN; the sign is negative for
 *   x < 0 (or −0) and y an odd integer; x = ±0, x = ±inf and y = ±inf give 0, inf (or 1 for
 *   |x| = 1 and y = ±inf) by whether |x| > 1 and y > 0 agree.
 *
 * Accuracy against mpmath: tests/codegen/wasm-math-more.test.ts, codegen/README.md.
 */
import { expCore, pow2Pair, reduceLn2 } from './wasm-expm1.js';
import { emitLanes, Lanes, lanesJS, type Ref } from './wasm-lanes.js';
import { lnPair } from './wasm-logs.js';
import type { WasmEmitter } from './wasm-math.js';

const YMAX = 2 ** 64;
const WMAX = 800;

function build(): { p: Lanes; r: Ref } {
  const p = new Lanes();
  const x = p.arg(0);
  const y = p.arg(1);
  const ax = p.abs(x);
  // The general case: e^(y·ln|x|).
  const [lh, ll] = lnPair(p, ax);
  const yc = p.min(p.max(y, p.c(-YMAX)), p.c(YMAX));
  // W = y·(lh + ll) = wh + wl: yh·lh is exact (21-bit pieces), |wl| ≤ 2^-19·|W|.
  const yh = p.hi32(yc);
  const wh = p.mul(yh, lh);
  const wl = p.add(p.mul(p.sub(yc, yh), lh), p.mul(yc, ll));
  const big = p.gt(p.abs(wh), p.c(WMAX));
  const wc = p.min(p.max(wh, p.c(-WMAX)), p.c(WMAX));
  const { n, uh, ul } = reduceLn2(p, wc, p.sel(big, p.c(0), wl));
  const [s, t] = expCore(p, uh, ul);
  const [a, b] = pow2Pair(p, n);
  const general = p.mul(p.mul(p.add(s, t), a), b);
  // Zero, infinite x or infinite y: 0 or inf (1 for |x| = 1, y = ±inf).
  const one = p.c(1);
  const inf = p.c(Infinity);
  const special = p.or(p.or(p.eq(ax, p.c(0)), p.eq(ax, inf)), p.eq(p.abs(y), inf));
  const toInf = p.or(p.and(p.gt(ax, one), p.gt(y, p.c(0))), p.and(p.lt(ax, one), p.lt(y, p.c(0))));
  const smag = p.sel(p.eq(ax, one), one, p.sel(toInf, inf, p.c(0)));
  const mag = p.sel(special, smag, general);
  // Signs: y an odd integer and x negative (−0 included); NaN for x < 0 finite, y not an integer.
  const yint = p.eq(p.floor(y), y);
  const half = p.mul(y, p.c(0.5));
  const yodd = p.and(yint, p.ne(p.floor(half), half));
  const xneg = p.signbit(x); // x < 0 or −0 (a NaN x gives NaN below anyway)
  const signed = p.sel(p.and(xneg, yodd), p.neg(mag), mag);
  const nan = p.c(Number.NaN);
  const domain = p.sel(p.and(p.and(p.lt(x, p.c(0)), p.gt(x, p.c(-Infinity))), p.not(yint)), nan, signed);
  const nans = p.sel(p.or(p.ne(x, x), p.ne(y, y)), nan, domain);
  const r = p.sel(p.or(p.eq(y, p.c(0)), p.eq(x, one)), one, nans);
  return { p, r };
}
const prog = build();

/** Source of the helper `fpow(x, y)`. */
export const POW_JS = lanesJS('fpow', 2, prog.p, prog.r);

/** pow of the two f64x2 on the stack (x deeper; leaves the result): {@link POW_JS}'s operations. */
export function emitPow(e: WasmEmitter): void {
  emitLanes(e, 2, prog.p, prog.r);
}
