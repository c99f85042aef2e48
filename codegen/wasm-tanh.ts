/**
 * tanh with a fixed algorithm in two forms that give the same bits (see wasm-math.ts): the
 * JavaScript helper `ftanh` and `f64x2` WebAssembly code inlined by fuse-wasm.ts.
 *
 * - |x| < 0.55: tanh x = a + (a·z)·T(z), a = |x|, z = a², T the Taylor series of (tanh a − a)/a³
 *   to 20 terms (coefficients 2^2n(2^2n − 1)·B_2n/(2n)! rounded once, from mpmath; truncation and
 *   coefficient rounding < 2^-57 relative on the interval).
 * - |x| ≥ 0.55: tanh a = 1 − 2/(e^{2a} + 1) with wasm-math.ts's exp (1 − q loses nothing there:
 *   q ≤ 1/2); e^{2a} = inf gives 1.
 * - The sign of x is put back on the result; |x| < 2^-27 gives x itself (±0, subnormals); NaN → NaN.
 *
 * Accuracy against mpmath: tests/codegen/wasm-math.test.ts (codegen/README.md).
 */

import { localGet as get, localSet as set, simdOp as simd, localTee as tee } from './wasm-asm.js';
import type { WasmEmitter } from './wasm-math.js';

/** (tanh a − a)/a³ = Σ T[k]·a^{2k}. */
const T = [
  -0.3333333333333333, 0.13333333333333333, -0.05396825396825397, 0.021869488536155203, -0.008863235529902197,
  0.003592128036572481, -0.0014558343870513183, 0.000590027440945586, -0.00023912911424355248,
  9.691537956929451e-5, -3.927832388331683e-5, 1.5918905069328964e-5, -6.451689215655431e-6,
  2.6147711512907546e-6, -1.0597268320104654e-6, 4.294911078273806e-7, -1.7406618963571648e-7,
  7.054636946400968e-8, -2.859136662305254e-8, 1.1587644432798853e-8,
];
const SPLIT = 0.55;
const TINY = 2 ** -27;

const horner = (z: string): string =>
  T.slice(0, -1).reduceRight((acc, c) => `${c} + ${z} * (${acc})`, String(T[T.length - 1]));

/** Source of the helper `ftanh` (it calls `fexp`, which the kernel defines too). */
export const TANH_JS = `function ftanh(x) { const a = Math.abs(x); const z = a * a; const p = a + (a * z) * (${horner('z')}); const q = 1 - 2 / (fexp(2 * a) + 1); const v = a < ${SPLIT} ? p : q; return a < ${TINY} ? x : x < 0 ? -v : v; }`;

const f2 = (v: number): number[] => [...simd(0x0c), ...new Uint8Array(new Float64Array([v, v]).buffer)];
const i2 = (v: bigint): number[] => [...simd(0x0c), ...new Uint8Array(new BigInt64Array([v, v]).buffer)];
const W = {
  add: simd(0xf0),
  sub: simd(0xf1),
  mul: simd(0xf2),
  div: simd(0xf3),
  abs: simd(0xec),
  lt: simd(0x49),
  and: simd(0x4e),
  xor: simd(0x51),
  bitselect: simd(0x52),
};

/**
 * tanh of the f64x2 on the stack (leaves the result on the stack): the operations of
 * {@link TANH_JS}'s `ftanh`, in its order; `emitExp` is wasm-math.ts's exp (passed in, so that
 * this module does not import wasm-math's values).
 */
export function emitTanh(e: WasmEmitter, emitExp: (e: WasmEmitter) => void): void {
  const V128 = 0x7b;
  const cut = () => e.cut?.();
  const x = e.local(V128);
  const a = e.local(V128);
  const z = e.local(V128);
  const p = e.local(V128);
  const q = e.local(V128);
  const ex = e.local(V128);
  e.emit(tee(x), W.abs, tee(a), get(a), W.mul, set(z));
  cut();
  // p = a + (a·z)·T(z)
  e.emit(get(a), get(a), get(z), W.mul, f2(T[T.length - 1]!));
  for (let k = T.length - 2; k >= 0; k--) e.emit(get(z), W.mul, f2(T[k]!), W.add);
  e.emit(W.mul, W.add, set(p));
  cut();
  // q = 1 − 2/(exp(2a) + 1) (exp's statements are chunks of their own)
  e.emit(f2(2), get(a), W.mul);
  emitExp(e);
  e.emit(set(ex));
  cut();
  e.emit(f2(1), f2(2), get(ex), f2(1), W.add, W.div, W.sub, set(q));
  cut();
  // v = a < SPLIT ? p : q; the sign of x on v (v ≥ 0); a < TINY ? x : that.
  e.emit(get(p), get(q), get(a), f2(SPLIT), W.lt, W.bitselect);
  e.emit(get(x), i2(-0x8000000000000000n), W.and, W.xor, set(q));
  cut();
  e.emit(get(x), get(q), get(a), f2(TINY), W.lt, W.bitselect);
}
