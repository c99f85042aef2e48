/**
 * Transcendentals with fixed algorithms, in two forms that give the same bits: JavaScript helper
 * source (defined inside a fused kernel, see fuse-ops.ts) and WebAssembly `f64x2` code (inlined
 * in fuse-wasm.ts's loops). Both do the same IEEE operations in the same order — no FMA, no
 * library calls — so a kernel's Wasm and JavaScript forms agree bit for bit, on every worker and
 * at every worker count. Results may differ from V8's `Math.exp`/`Math.log` in the last bit.
 *
 * - `exp`: argument reduction x = k·ln2 + r (k by the 1.5·2^52 rounding shifter, ln2 split in a
 *   hi part with trailing zeros and a lo part), Remez rational form of fdlibm's `e_exp.c` for
 *   e^r, scaling by 2^k as two exact powers of two 2^(k>>1)·2^(k-(k>>1)) so that overflow,
 *   gradual underflow and the subnormal range round once, at the last multiplication. The
 *   argument is clamped to [-800, 800] first (so ±inf give inf and 0; NaN stays NaN).
 * - `log`: x = 2^k·(1+f) with 1+f in [√2/2, √2) from the bits (subnormals scaled by 2^54 first),
 *   s = f/(2+f) and fdlibm's `e_log.c` polynomial in s², recombined as
 *   k·ln2hi − ((f²/2 − (s·(f²/2 + R) + k·ln2lo)) − f). Special values by selects: log(±0) = −inf,
 *   log(x < 0) = NaN, log(inf) = inf, log(NaN) = NaN.
 *
 * sin/cos (wasm-trig.ts), tanh (wasm-tanh.ts), expm1 (wasm-expm1.ts), log1p/log2/log10
 * (wasm-logs.ts) and pow (wasm-pow.ts) are in their own files; {@link MATH_JS} and
 * {@link WASM_MATH} list them all. The last three are lane programs (wasm-lanes.ts): written once,
 * emitted in both forms.
 *
 * Accuracy against a high-precision reference: tests/codegen/wasm-math.test.ts and
 * wasm-math-more.test.ts (fixtures from scripts/fixtures_math.py, mpmath); max errors are listed
 * in codegen/README.md.
 */

// exp
const INVLN2 = Math.LOG2E; // 1.4426950408889634
const LN2HI = 0.6931471803691238;
const LN2LO = 1.9082149292705877e-10;
const SHIFT = 6755399441055744; // 1.5 * 2^52: x + SHIFT - SHIFT rounds x to an integer
const EP = [
  0.16666666666666602, -0.0027777777777015593, 0.00006613756321437934, -0.0000016533902205465252,
  4.1381367970572385e-8,
] as const;
// log
const LG = [
  0.6666666666666735, 0.3999999999940942, 0.2857142874366239, 0.22222198432149784, 0.1818357216161805,
  0.15313837699209373, 0.14798198605116586,
] as const;
const TWO54 = 18014398509481984;
const MIN_NORMAL = 2.2250738585072014e-308;

import { localGet as get, localSet as set, simdOp as simd, localTee as tee } from './wasm-asm.js';
import { EXPM1_JS, emitExpm1 } from './wasm-expm1.js';
import { emitLog1p, emitLog2, emitLog10, LOG1P_JS, LOG2_JS, LOG10_JS } from './wasm-logs.js';
import { emitPow, POW_JS } from './wasm-pow.js';
import { emitTanh, TANH_JS } from './wasm-tanh.js';
import { emitTrig, TRIG_JS } from './wasm-trig.js';

const lit = (v: number): string => (Object.is(v, -0) ? '-0' : String(v));

/**
 * Source of the JavaScript helpers, by name (each may define scratch arrays before its function).
 * Kernels include the ones they use in their own body (no free variables but globals).
 */
export const MATH_JS: Readonly<Record<string, string>> = {
  fexp: `const fexpF = new Float64Array(1), fexpI = new Int32Array(fexpF.buffer); function fexp(x) { x = Math.min(Math.max(x, -800), 800); const t = x * ${lit(INVLN2)} + ${SHIFT}; const k = t - ${SHIFT}; const hi = x - k * ${lit(LN2HI)}; const lo = k * ${lit(LN2LO)}; const r = hi - lo; const z = r * r; const c = r - z * (${lit(EP[0])} + z * (${lit(EP[1])} + z * (${lit(EP[2])} + z * (${lit(EP[3])} + z * ${lit(EP[4])})))); const y = 1 - ((lo - (r * c) / (2 - c)) - hi); const k1 = k >> 1; fexpI[0] = 0; fexpI[1] = (k1 + 1023) << 20; const a = fexpF[0]; fexpI[1] = (k - k1 + 1023) << 20; return y * a * fexpF[0]; }`,
  ftrig: TRIG_JS,
  ftanh: TANH_JS,
  fexpm1: EXPM1_JS,
  flog1p: LOG1P_JS,
  flog2: LOG2_JS,
  flog10: LOG10_JS,
  fpow: POW_JS,
  flog: `const flogF = new Float64Array(1), flogI = new Int32Array(flogF.buffer); function flog(x) { const sub = x < ${lit(MIN_NORMAL)}; flogF[0] = sub ? x * ${TWO54} : x; const hx = flogI[1] + ${0x3ff00000 - 0x3fe6a09e}; const k = (hx >>> 20) - (sub ? ${1023 + 54} : 1023); flogI[1] = (hx & 0xfffff) + ${0x3fe6a09e}; const f = flogF[0] - 1; const s = f / (2 + f); const z = s * s; const w = z * z; const R = z * (${lit(LG[0])} + w * (${lit(LG[2])} + w * (${lit(LG[4])} + w * ${lit(LG[6])}))) + w * (${lit(LG[1])} + w * (${lit(LG[3])} + w * ${lit(LG[5])})); const hfsq = 0.5 * f * f; const v = k * ${lit(LN2HI)} - ((hfsq - (s * (hfsq + R) + k * ${lit(LN2LO)})) - f); return x > 0 && x < Infinity ? v : x === 0 ? -Infinity : x < 0 ? NaN : x; }`,
};

/** The helpers of {@link MATH_JS} as functions on the host (tests, references). */
export const mathJS: Readonly<Record<string, (x: number, y?: number) => number>> = Object.freeze(
  Object.fromEntries(
    Object.keys(MATH_JS).map((name) => [
      name,
      // Every helper's source, as a kernel defines those it uses (ftanh calls fexp).
      new Function(`${Object.values(MATH_JS).join('\n')}\nreturn ${name};`)(),
    ]),
  ),
);

/** What fuse-wasm gives the emitters: instruction output, fresh locals, imported functions. */
export interface WasmEmitter {
  emit(...xs: (number | number[])[]): void;
  /** A fresh local of the given value type, its index. */
  local(type: number): number;
  /**
   * The `call` instruction of an imported JavaScript function: `trig` is `(f64, i32) → f64`,
   * wasm-trig.ts's `ftrig` (the module then imports `e.trig`).
   */
  call(name: 'trig'): number[];
  /**
   * A local holding the v128 constant of these 16 bytes, set once before the kernel's loop (the
   * same local for the same bytes): inline `v128.const` is rebuilt at every use in the loop.
   */
  constant?(bytes: readonly number[]): number;
  /**
   * Ends a chunk of straight-line code (fuse-wasm.ts interleaves the chunks of several pairs):
   * offered to emitters marked `chunked` in {@link WASM_MATH}, which call it only where the
   * operand stack is as it was when they started, less their argument.
   */
  cut?(): void;
}

const V128 = 0x7b;
/** v128.const of two equal float64 lanes. */
const f2 = (v: number): number[] => {
  const b = new Uint8Array(new Float64Array([v, v]).buffer);
  return [...simd(0x0c), ...b];
};
/** v128.const of two equal int64 lanes. */
const i2 = (v: bigint): number[] => {
  const b = new Uint8Array(new BigInt64Array([v, v]).buffer);
  return [...simd(0x0c), ...b];
};
const W = {
  add: simd(0xf0),
  sub: simd(0xf1),
  mul: simd(0xf2),
  div: simd(0xf3),
  min: simd(0xf4),
  max: simd(0xf5),
  /** `b < a ? b : a` and `a < b ? b : a`: one x64 instruction each (min/max take ~7 for NaN and ±0). */
  pmin: simd(0xf6),
  pmax: simd(0xf7),
  ne: simd(0x48),
  lt: simd(0x49),
  gt: simd(0x4a),
  and: simd(0x4e),
  bitselect: simd(0x52),
  i64add: simd(0xce),
  i64sub: simd(0xd1),
  i64shl: simd(0xcb),
  i64shrS: simd(0xcc),
  i64shrU: simd(0xcd),
  i32c: (v: number) => [0x41, ...sleb(v)],
};
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

/**
 * The emitter's constant makers: a `v128.const` of two equal float64 (`f`) or int64 (`i`) lanes,
 * as a local set once before the loop when the emitter offers {@link WasmEmitter.constant} (V8
 * rebuilds an inline `v128.const` from two 64-bit immediates at every use: four instructions
 * each, ~14 of them in an exp), else inline.
 */
function constants(e: WasmEmitter): { f: (v: number) => number[]; i: (v: bigint) => number[] } {
  const hoist = (c: number[]): number[] => (e.constant ? get(e.constant(c.slice(2))) : c);
  return { f: (v) => hoist(f2(v)), i: (v) => hoist(i2(v)) };
}

/**
 * exp of the f64x2 on the stack (leaves the result on the stack): the same operations, in the
 * same order, as {@link MATH_JS}'s `fexp`.
 */
export function emitExp(e: WasmEmitter): void {
  const { f: f2, i: i2 } = constants(e);
  const cut = () => e.cut?.();
  const x = e.local(V128);
  const t = e.local(V128);
  const k = e.local(V128);
  const hi = e.local(V128);
  const lo = e.local(V128);
  const r = e.local(V128);
  const z = e.local(V128);
  const c = e.local(V128);
  const y = e.local(V128);
  const kb = e.local(V128);
  const k1 = e.local(V128);
  // x = min(max(x, -800), 800): pmax/pmin give Math.max/min's values here (the bounds are
  // neither NaN nor ±0; a NaN x stays NaN).
  e.emit(f2(-800), W.pmax, f2(800), W.pmin, set(x));
  cut();
  e.emit(get(x), f2(INVLN2), W.mul, f2(SHIFT), W.add, tee(t), f2(SHIFT), W.sub, set(k));
  cut();
  e.emit(get(x), get(k), f2(LN2HI), W.mul, W.sub, set(hi));
  cut();
  e.emit(get(k), f2(LN2LO), W.mul, set(lo));
  cut();
  e.emit(get(hi), get(lo), W.sub, tee(r), get(r), W.mul, set(z));
  cut();
  // c = r - z*(P1 + z*(P2 + z*(P3 + z*(P4 + z*P5))))
  e.emit(f2(EP[4]), get(z), W.mul, f2(EP[3]), W.add, set(c));
  cut();
  for (const p of [EP[2], EP[1], EP[0]]) {
    e.emit(get(z), get(c), W.mul, f2(p), W.add, set(c));
    cut();
  }
  e.emit(get(r), get(z), get(c), W.mul, W.sub, set(c));
  cut();
  // y = 1 - ((lo - (r*c)/(2 - c)) - hi)
  e.emit(
    f2(1),
    get(lo),
    get(r),
    get(c),
    W.mul,
    f2(2),
    get(c),
    W.sub,
    W.div,
    W.sub,
    get(hi),
    W.sub,
    W.sub,
    set(y),
  );
  cut();
  // k as int64 lanes: bits(t) - bits(SHIFT); k1 = k >> 1; scale by 2^k1 then 2^(k - k1).
  e.emit(get(t), i2(0x4338000000000000n), W.i64sub, set(kb));
  cut();
  e.emit(get(kb), W.i32c(1), W.i64shrS, set(k1));
  cut();
  e.emit(get(y), get(k1), i2(1023n), W.i64add, W.i32c(52), W.i64shl, W.mul, set(y));
  cut();
  e.emit(get(y), get(kb), get(k1), W.i64sub, i2(1023n), W.i64add, W.i32c(52), W.i64shl, W.mul);
}

/**
 * log of the f64x2 on the stack (leaves the result on the stack): the same operations, in the
 * same order, as {@link MATH_JS}'s `flog`.
 */
export function emitLog(e: WasmEmitter): void {
  const { f: f2, i: i2 } = constants(e);
  const cut = () => e.cut?.();
  const x = e.local(V128);
  const sub = e.local(V128);
  const hx = e.local(V128);
  const k = e.local(V128);
  const f = e.local(V128);
  const s = e.local(V128);
  const z = e.local(V128);
  const w = e.local(V128);
  const R = e.local(V128);
  const hf = e.local(V128);
  const v = e.local(V128);
  e.emit(tee(x), f2(MIN_NORMAL), W.lt, set(sub));
  cut();
  // x' = sub ? x * 2^54 : x; hx = bits(x') + (0x3ff00000 - 0x3fe6a09e) << 32
  e.emit(get(x), f2(TWO54), W.mul, get(x), get(sub), W.bitselect);
  e.emit(i2(BigInt(0x3ff00000 - 0x3fe6a09e) << 32n), W.i64add, set(hx));
  cut();
  // k = (hx >>> 52) - (sub ? 1077 : 1023), as a double via the shifter's bits.
  e.emit(get(hx), W.i32c(52), W.i64shrU, i2(1077n), i2(1023n), get(sub), W.bitselect, W.i64sub);
  e.emit(i2(0x4338000000000000n), W.i64add, f2(SHIFT), W.sub, set(k));
  cut();
  // f = bits((hx & 0xfffff << 32 | low) + 0x3fe6a09e << 32) - 1
  e.emit(get(hx), i2(0x000fffffffffffffn), simd(0x4e), i2(BigInt(0x3fe6a09e) << 32n), W.i64add);
  e.emit(f2(1), W.sub, set(f));
  cut();
  e.emit(get(f), f2(2), get(f), W.add, W.div, tee(s), get(s), W.mul, tee(z), get(z), W.mul, set(w));
  cut();
  // R = z*(Lg1 + w*(Lg3 + w*(Lg5 + w*Lg7))) + w*(Lg2 + w*(Lg4 + w*Lg6))
  e.emit(get(z));
  e.emit(f2(LG[0]), get(w), f2(LG[2]), get(w), f2(LG[4]), get(w), f2(LG[6]), W.mul, W.add, W.mul, W.add);
  e.emit(W.mul, W.add, W.mul, set(R));
  cut();
  e.emit(get(R), get(w), f2(LG[1]), get(w), f2(LG[3]), get(w), f2(LG[5]), W.mul, W.add, W.mul, W.add, W.mul);
  e.emit(W.add, set(R));
  cut();
  // hfsq = 0.5*f*f; v = k*ln2hi - ((hfsq - (s*(hfsq + R) + k*ln2lo)) - f)
  e.emit(f2(0.5), get(f), W.mul, get(f), W.mul, set(hf));
  cut();
  e.emit(get(k), f2(LN2HI), W.mul);
  e.emit(get(hf), get(s), get(hf), get(R), W.add, W.mul, get(k), f2(LN2LO), W.mul, W.add, W.sub);
  e.emit(get(f), W.sub, W.sub, set(v));
  cut();
  // Specials: x > 0 && x < inf ? v : x == 0 ? -inf : x < 0 ? NaN : x
  e.emit(get(v));
  e.emit(f2(Number.NaN), get(x), get(x), f2(0), W.lt, W.bitselect); // x < 0 ? NaN : x
  e.emit(f2(-Infinity), get(x), f2(0), W.ne, W.bitselect); // x != 0 ? that : -inf
  // stack: v, special
  e.emit(get(x), f2(0), W.gt, get(x), f2(Infinity), W.lt, W.and);
  // bitselect(v, special, mask): wants (a, b, mask) = (v, special, mask)
  e.emit(W.bitselect);
}

/** Names of the operations this module gives both forms of, with their helper names. */
export const WASM_MATH: Readonly<
  Record<string, { js: string; emit: (e: WasmEmitter) => void; arity?: 2; chunked?: true }>
> = {
  exp: { js: 'fexp', emit: emitExp, chunked: true },
  log: { js: 'flog', emit: emitLog, chunked: true },
  sin: { js: 'ftrig', emit: (e) => emitTrig(e, 0) },
  cos: { js: 'ftrig', emit: (e) => emitTrig(e, 1) },
  tanh: { js: 'ftanh', emit: (e) => emitTanh(e, emitExp), chunked: true },
  expm1: { js: 'fexpm1', emit: emitExpm1, chunked: true },
  log1p: { js: 'flog1p', emit: emitLog1p, chunked: true },
  log2: { js: 'flog2', emit: emitLog2, chunked: true },
  log10: { js: 'flog10', emit: emitLog10, chunked: true },
  power: { js: 'fpow', emit: emitPow, arity: 2, chunked: true },
  float_power: { js: 'fpow', emit: emitPow, arity: 2, chunked: true },
};
