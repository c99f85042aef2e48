/**
 * sin and cos with a fixed algorithm, in two forms that give the same bits (as wasm-math.ts's exp
 * and log): the JavaScript helper `ftrig(x, c)` (c = 0: sin, 1: cos) that fused JavaScript kernels
 * define in their body, and `f64x2` WebAssembly code inlined by fuse-wasm.ts. Same IEEE operations
 * in the same order, no FMA, no library call.
 *
 * - Reduction, |x| < 1.6e6: n = round(x·2/π) by the 1.5·2^52 shifter; π/2 = P1 + P2 + P3 + P3T
 *   with P1, P2, P3 of 33 significant bits, so n·P1, n·P2, n·P3 are exact for |n| ≤ 2^20;
 *   r1 = x − n·P1 (exact), then r1 − n·P2 − n·P3 by two exact two-sums whose errors are added
 *   to −n·P3T: r + y = x − n·π/2 to ~2^-100 relative even where x is closest to a multiple of π/2.
 * - Reduction, |x| ≥ 1.6e6 (Payne–Hanek): x = m·2^e, x·2/π from 1300 bits of 2/π in BigInt
 *   arithmetic, the fraction's top 192 bits times π/2 (192 bits) rounded to r + y. The Wasm form
 *   calls the JavaScript helper (import `e.trig`) for such lanes, so both forms run this same code.
 * - sin(r + y) = r + ((r·z)·S(z) + y·(1 − z/2)), cos(r + y) = w + (((1 − w) − z/2) + (z²·C(z) − r·y))
 *   with z = r², w = 1 − z/2 and S, C the Taylor polynomials to r^17 and r^18 (truncation
 *   < 2^-62 relative on |r| ≤ π/4); the quadrant n mod 4 picks ±sin or ±cos.
 * - |x| < 2^-27: sin x = x, cos x = 1 (so ±0 and subnormals keep their sign); ±inf, NaN → NaN.
 *
 * Accuracy against mpmath: tests/codegen/wasm-trig.test.ts, codegen/README.md.
 */

import { localGet as get, localSet as set, simdOp as simd, localTee as tee } from './wasm-asm.js';
import type { WasmEmitter } from './wasm-math.js';

const INVPIO2 = 0.6366197723675814;
const SHIFT = 6755399441055744;
const P1 = 1.5707963267341256;
const P2 = 6.077100506303966e-11;
const P3 = 2.0222662487111665e-21;
const P3T = 8.4784276603689e-32;
/** Beyond this |x|, n may exceed 2^20: the BigInt reduction. */
export const TRIG_LIMIT = 1.6e6;
const TINY = 2 ** -27;
const fact = (k: number): number => {
  let f = 1;
  for (let i = 2; i <= k; i++) f *= i;
  return f;
};
/** sin: -1/3!, 1/5!, ..., 1/17!; cos: 1/4!, -1/6!, ..., -1/18! (each rounded once). */
const S = Array.from({ length: 8 }, (_, k) => (k % 2 === 0 ? -1 : 1) / fact(2 * k + 3));
const C = Array.from({ length: 8 }, (_, k) => (k % 2 === 0 ? 1 : -1) / fact(2 * k + 4));
const lit = (v: number): string => String(v);
const horner = (cs: readonly number[], z: string): string =>
  cs.slice(0, -1).reduceRight((acc, c) => `${lit(c)} + ${z} * (${acc})`, lit(cs[cs.length - 1]!));

/** 2/π · 2^1300, truncated (1300 bits). */
const TWO_OVER_PI =
  '0xa2f9836e4e441529fc2757d1f534ddc0db6295993c439041fe5163abdebbc561b7246e3a424dd2e006492eea09d1921cfe1deb1cb129a73ee88235f52ebb4484e99c7026b45f7e413991d639835339f49c845f8bbdf9283b1ff897ffde05980fef2f118b5a0a6d1f6d367ecf27cb09b74f463f669e5fea2d7527bac7ebe5f17b3d0739f78a5292ea6bfb5fb11f8d5d0856033046fc7b6babf0cfbc209af4361da9e39';
/** π/2 · 2^192, truncated. */
const PIO2_192 = '0x1921fb54442d18469898cc51701b839a252049c1114cf98e8';

/**
 * Source of the JavaScript helper `ftrig(x, c)` (and the functions it uses). Kernels define it in
 * their body; the Wasm form's wrapper defines it too and passes it as the import `e.trig`.
 */
export const TRIG_JS = [
  `const ftF = new Float64Array(1), ftI = new Int32Array(ftF.buffer), ftPi = BigInt('${TWO_OVER_PI}'), ftP2 = BigInt('${PIO2_192}');`,
  // sin(r + y), cos(r + y), then the quadrant: shared by both reductions.
  `function ftq(r, y, q) { const z = r * r; const hz = 0.5 * z; const sn = r + ((r * z) * (${horner(S, 'z')}) + y * (1 - hz)); const w = 1 - hz; const cs = w + (((1 - w) - hz) + ((z * z) * (${horner(C, 'z')}) - r * y)); const v = q & 1 ? cs : sn; return q & 2 ? -v : v; }`,
  `function ftbig(x, c) { if (x - x !== 0) return NaN; ftF[0] = Math.abs(x); const hi = ftI[1]; const m = (BigInt((hi & 0xfffff) | 0x100000) << 32n) | BigInt(ftI[0] >>> 0); const sh = BigInt(1300 + 1075 - (hi >>> 20)); const p = m * ftPi; let n = Number((p >> sh) & 3n); let f = (p >> (sh - 192n)) & ((1n << 192n) - 1n); if (f >= 1n << 191n) { f -= 1n << 192n; n = (n + 1) & 3; } const R = f * ftP2; const r = Number(R) * ${2 ** -384}; const y = Number(R - BigInt(r * ${2 ** 384})) * ${2 ** -384}; const v = ftq(r, y, (n + c) & 3); return c === 0 && x < 0 ? -v : v; }`,
  `function ftrig(x, c) { const ax = Math.abs(x); if (ax >= ${TRIG_LIMIT}) return ftbig(x, c); const t = x * ${lit(INVPIO2)} + ${SHIFT}; const n = t - ${SHIFT}; const r1 = x - n * ${lit(P1)}; const b2 = -(n * ${lit(P2)}); const s2 = r1 + b2; const v2 = s2 - r1; const e2 = (r1 - (s2 - v2)) + (b2 - v2); const b3 = -(n * ${lit(P3)}); const s3 = s2 + b3; const v3 = s3 - s2; const e3 = (s2 - (s3 - v3)) + (b3 - v3); const lo = (e2 + e3) - n * ${lit(P3T)}; const r = s3 + lo; const y = lo - (r - s3); const v = ftq(r, y, (n + c) & 3); return ax < ${TINY} ? (c === 0 ? x : 1) : v; }`,
].join(' ');

/** The helper of {@link TRIG_JS} as a function on the host (tests, references). */
export const ftrig: (x: number, c: 0 | 1) => number = new Function(`${TRIG_JS}\nreturn ftrig;`)();

const V128 = 0x7b;
const f2 = (v: number): number[] => [...simd(0x0c), ...new Uint8Array(new Float64Array([v, v]).buffer)];
const i2 = (v: bigint): number[] => [...simd(0x0c), ...new Uint8Array(new BigInt64Array([v, v]).buffer)];
const f64c = (v: number): number[] => [0x44, ...new Uint8Array(new Float64Array([v]).buffer)];
const W = {
  add: simd(0xf0),
  sub: simd(0xf1),
  mul: simd(0xf2),
  abs: simd(0xec),
  neg: simd(0xed),
  lt: simd(0x49),
  ge: simd(0x4c),
  and: simd(0x4e),
  xor: simd(0x51),
  bitselect: simd(0x52),
  anyTrue: simd(0x53),
  i64shl: simd(0xcb),
  i64shrS: simd(0xcc),
  i64sub: simd(0xd1),
  extract: (k: number) => [0xfd, 0x21, k],
  replace: (k: number) => [0xfd, 0x22, k],
  i32c: (v: number) => [0x41, v], // 0 ≤ v < 64
};
/** Horner's form of `cs` in z (the value on the stack is multiplied in): as {@link horner}. */
const hornerW = (cs: readonly number[], z: number): number[] => {
  const out = [...f2(cs[cs.length - 1]!)];
  for (let k = cs.length - 2; k >= 0; k--) out.push(...get(z), ...W.mul, ...f2(cs[k]!), ...W.add);
  return out;
};

/**
 * sin (`c` = 0) or cos (1) of the f64x2 on the stack, leaving the result on the stack: the same
 * operations, in the same order, as {@link TRIG_JS}'s `ftrig`; lanes with |x| ≥ {@link TRIG_LIMIT}
 * call the import `e.trig` (that same JavaScript function).
 */
export function emitTrig(e: WasmEmitter, c: 0 | 1): void {
  const names = 'x ax t n r1 b s2 v e2 s3 e3 lo r y z hz sn w cs q res'.split(' ');
  const l: Record<string, number> = Object.fromEntries(names.map((nm) => [nm, e.local(V128)]));
  const { x, ax, t, n, r1, b, s2, v, e2, s3, e3, lo, r, y, z, hz, sn, w, cs, q, res } = l as Record<
    string,
    number
  >;
  e.emit(tee(x), W.abs, set(ax));
  e.emit(get(x), f2(INVPIO2), W.mul, f2(SHIFT), W.add, tee(t), f2(SHIFT), W.sub, set(n));
  e.emit(get(x), get(n), f2(P1), W.mul, W.sub, set(r1));
  // Two exact two-sums: s2 + e2 = r1 − n·P2, s3 + e3 = s2 − n·P3.
  e.emit(get(n), f2(P2), W.mul, W.neg, set(b));
  e.emit(get(r1), get(b), W.add, set(s2), get(s2), get(r1), W.sub, set(v));
  e.emit(get(r1), get(s2), get(v), W.sub, W.sub, get(b), get(v), W.sub, W.add, set(e2));
  e.emit(get(n), f2(P3), W.mul, W.neg, set(b));
  e.emit(get(s2), get(b), W.add, set(s3), get(s3), get(s2), W.sub, set(v));
  e.emit(get(s2), get(s3), get(v), W.sub, W.sub, get(b), get(v), W.sub, W.add, set(e3));
  e.emit(get(e2), get(e3), W.add, get(n), f2(P3T), W.mul, W.sub, set(lo));
  e.emit(get(s3), get(lo), W.add, set(r), get(lo), get(r), get(s3), W.sub, W.sub, set(y));
  e.emit(get(r), get(r), W.mul, set(z), f2(0.5), get(z), W.mul, set(hz));
  // sn = r + ((r·z)·S(z) + y·(1 − hz))
  e.emit(get(r), get(r), get(z), W.mul, hornerW(S, z), W.mul);
  e.emit(get(y), f2(1), get(hz), W.sub, W.mul, W.add, W.add, set(sn));
  // cs = w + (((1 − w) − hz) + ((z·z)·C(z) − r·y)), w = 1 − hz
  e.emit(f2(1), get(hz), W.sub, set(w));
  e.emit(get(w), f2(1), get(w), W.sub, get(hz), W.sub);
  e.emit(get(z), get(z), W.mul, hornerW(C, z), W.mul, get(r), get(y), W.mul, W.sub, W.add, W.add, set(cs));
  // q = (n + c) mod 4 in int64 lanes (n = bits(t) − bits(SHIFT)); bit 0 picks cos, bit 1 negates.
  e.emit(get(t), i2(0x4338000000000000n - BigInt(c)), W.i64sub, set(q));
  e.emit(get(cs), get(sn), get(q), W.i32c(63), W.i64shl, W.i32c(63), W.i64shrS, W.bitselect);
  e.emit(get(q), W.i32c(62), W.i64shl, i2(-0x8000000000000000n), W.and, W.xor, set(res));
  // |x| < 2^-27: x (sin) or 1 (cos).
  e.emit(c === 0 ? get(x) : f2(1), get(res), get(ax), f2(TINY), W.lt, W.bitselect, set(res));
  // Lanes beyond the limit (and ±inf): the JavaScript helper.
  e.emit(get(ax), f2(TRIG_LIMIT), W.ge, W.anyTrue, 0x04, 0x40);
  for (const k of [0, 1]) {
    e.emit(get(ax), W.extract(k), f64c(TRIG_LIMIT), 0x66, 0x04, 0x40); // f64.ge; if
    e.emit(get(res), get(x), W.extract(k), 0x41, c, e.call('trig'), W.replace(k), set(res), 0x0b);
  }
  e.emit(0x0b, get(res));
}

/**
 * What the JavaScript wrapper of a fused kernel's Wasm form defines and passes as imports: for a
 * kernel whose JavaScript source calls `ftrig`, the helper itself (`prelude`) and `, trig: ftrig`
 * (`imports`, appended to `{ mem }`); otherwise nothing.
 * @param jsSource - the kernel's JavaScript source (its helpers show which imports it needs)
 * @returns the wrapper's prelude and extra import entries
 * @example wasmImports('function f(x) { return ftrig(x, 0); }').imports // ', trig: ftrig'
 */
export function wasmImports(jsSource: string): { prelude: string; imports: string } {
  return jsSource.includes('ftrig(')
    ? { prelude: TRIG_JS, imports: ', trig: ftrig' }
    : { prelude: '', imports: '' };
}
