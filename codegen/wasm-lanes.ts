/**
 * A straight-line lane program, written once and emitted twice: as the source of a JavaScript
 * helper (one `const` per step) and as `f64x2` WebAssembly code (one v128 local per step). Every
 * step is one IEEE operation that both forms compute alike (`+ - * /`, sqrt, floor, abs, negation,
 * NaN-propagating min/max, comparisons, selects) or one exact bit operation on a double (a power
 * of two from an integer, the exponent and mantissa of a positive double, the high word), so the
 * two forms give the same bits by construction — the same operations, in the same order, no FMA.
 * wasm-expm1.ts, wasm-logs.ts and wasm-pow.ts write their algorithms in it.
 *
 * Comparisons give masks (JavaScript booleans, Wasm all-ones lanes), used by `and`, `or`, `not` and
 * `sel`. Helpers in TypeScript (`twoSum`, `twoProd`, ...) build steps; the emitted programs have
 * no calls and no closures.
 */

import { localGet as get, localSet as set, simdOp as simd } from './wasm-asm.js';
import type { WasmEmitter } from './wasm-math.js';

/** A step of a lane program (its index). */
export type Ref = number;
type Op =
  | 'arg'
  | 'const'
  | 'add'
  | 'sub'
  | 'mul'
  | 'div'
  | 'min'
  | 'max'
  | 'abs'
  | 'neg'
  | 'floor'
  | 'sqrt'
  | 'lt'
  | 'le'
  | 'gt'
  | 'ge'
  | 'eq'
  | 'ne'
  | 'and'
  | 'or'
  | 'not'
  | 'sel'
  | 'pow2'
  | 'expo'
  | 'mant'
  | 'hi32'
  | 'signbit';
interface Step {
  op: Op;
  a: Ref[];
  v: number;
}

/** Builds one lane program: `arg(i)` are its arguments, the returned ref of `build` its value. */
export class Lanes {
  readonly steps: Step[] = [];
  private readonly consts = new Map<string, Ref>();
  private push(op: Op, a: Ref[], v = 0): Ref {
    this.steps.push({ op, a, v });
    return this.steps.length - 1;
  }
  arg(i: number): Ref {
    return this.push('arg', [], i);
  }
  c(v: number): Ref {
    const key = Object.is(v, -0) ? '-0' : String(v);
    let r = this.consts.get(key);
    if (r === undefined) {
      r = this.push('const', [], v);
      this.consts.set(key, r);
    }
    return r;
  }
  add = (a: Ref, b: Ref) => this.push('add', [a, b]);
  sub = (a: Ref, b: Ref) => this.push('sub', [a, b]);
  mul = (a: Ref, b: Ref) => this.push('mul', [a, b]);
  div = (a: Ref, b: Ref) => this.push('div', [a, b]);
  /** NaN if either is NaN; −0 below +0 (Math.min, f64x2.min). */
  min = (a: Ref, b: Ref) => this.push('min', [a, b]);
  max = (a: Ref, b: Ref) => this.push('max', [a, b]);
  abs = (a: Ref) => this.push('abs', [a]);
  neg = (a: Ref) => this.push('neg', [a]);
  floor = (a: Ref) => this.push('floor', [a]);
  sqrt = (a: Ref) => this.push('sqrt', [a]);
  lt = (a: Ref, b: Ref) => this.push('lt', [a, b]);
  le = (a: Ref, b: Ref) => this.push('le', [a, b]);
  gt = (a: Ref, b: Ref) => this.push('gt', [a, b]);
  ge = (a: Ref, b: Ref) => this.push('ge', [a, b]);
  eq = (a: Ref, b: Ref) => this.push('eq', [a, b]);
  ne = (a: Ref, b: Ref) => this.push('ne', [a, b]);
  and = (a: Ref, b: Ref) => this.push('and', [a, b]);
  or = (a: Ref, b: Ref) => this.push('or', [a, b]);
  not = (a: Ref) => this.push('not', [a]);
  /** m ? a : b (m a mask). */
  sel = (m: Ref, a: Ref, b: Ref) => this.push('sel', [m, a, b]);
  /** 2^k for an integer-valued k in [−1022, 1023]. */
  pow2 = (k: Ref) => this.push('pow2', [k]);
  /** k of x = 2^k·m with m in [√2/2, √2), for a positive normal finite x (an integer double). */
  expo = (x: Ref) => this.push('expo', [x]);
  /** m of x = 2^k·m with m in [√2/2, √2), for a positive normal finite x. */
  mant = (x: Ref) => this.push('mant', [x]);
  /** x with the low 32 bits of its representation cleared (21 significant bits remain). */
  hi32 = (x: Ref) => this.push('hi32', [x]);
  /** A mask: the sign bit of x is set (−0 included; unspecified for NaN). */
  signbit = (x: Ref) => this.push('signbit', [x]);

  // Exact transformations (no FMA: Dekker's product with Veltkamp's split).
  /** s + e = a + b exactly (Knuth). */
  twoSum(a: Ref, b: Ref): [Ref, Ref] {
    const s = this.add(a, b);
    const bb = this.sub(s, a);
    const e = this.add(this.sub(a, this.sub(s, bb)), this.sub(b, bb));
    return [s, e];
  }
  /** s + e = a + b exactly, for |a| ≥ |b| (or a = 0) (Dekker). */
  fastTwoSum(a: Ref, b: Ref): [Ref, Ref] {
    const s = this.add(a, b);
    return [s, this.sub(b, this.sub(s, a))];
  }
  /** h + l = a with h of 26 significant bits (|a| < 2^996). */
  split(a: Ref): [Ref, Ref] {
    const t = this.mul(this.c(134217729), a);
    const h = this.sub(t, this.sub(t, a));
    return [h, this.sub(a, h)];
  }
  /** p + e = a·b exactly (no underflow, no overflow). */
  twoProd(a: Ref, b: Ref): [Ref, Ref] {
    const p = this.mul(a, b);
    const [ah, al] = this.split(a);
    const [bh, bl] = this.split(b);
    const e = this.add(
      this.add(this.add(this.sub(this.mul(ah, bh), p), this.mul(ah, bl)), this.mul(al, bh)),
      this.mul(al, bl),
    );
    return [p, e];
  }
  /** p + e = a² exactly (one split). */
  twoSquare(a: Ref): [Ref, Ref] {
    const p = this.mul(a, a);
    const [h, l] = this.split(a);
    const e = this.add(this.add(this.sub(this.mul(h, h), p), this.mul(this.add(h, h), l)), this.mul(l, l));
    return [p, e];
  }
  /**
   * cs[0] + cs[1]·x + ... by Estrin's scheme (pairs c0 + c1·x, then pairs of those with x², x⁴,
   * ...): a shorter dependency chain than Horner's rule, the same operation count.
   */
  estrin(x: Ref, cs: readonly number[]): Ref {
    let terms: Ref[] = [];
    for (let k = 0; k < cs.length; k += 2)
      terms.push(
        k + 1 < cs.length ? this.add(this.c(cs[k]!), this.mul(this.c(cs[k + 1]!), x)) : this.c(cs[k]!),
      );
    let pw = x;
    while (terms.length > 1) {
      pw = this.mul(pw, pw);
      const next: Ref[] = [];
      for (let k = 0; k < terms.length; k += 2)
        next.push(k + 1 < terms.length ? this.add(terms[k]!, this.mul(terms[k + 1]!, pw)) : terms[k]!);
      terms = next;
    }
    return terms[0]!;
  }
  /** Horner's rule: cs[0] + x·(cs[1] + x·(...)). */
  horner(x: Ref, cs: readonly number[]): Ref {
    let acc = this.c(cs[cs.length - 1]!);
    for (let k = cs.length - 2; k >= 0; k--) acc = this.add(this.c(cs[k]!), this.mul(x, acc));
    return acc;
  }
}

const lit = (v: number): string => (Object.is(v, -0) ? '-0' : String(v));
const BIN: Partial<Record<Op, string>> = {
  add: '+',
  sub: '-',
  mul: '*',
  div: '/',
  lt: '<',
  le: '<=',
  gt: '>',
  ge: '>=',
  eq: '===',
  ne: '!==',
  and: '&&',
  or: '||',
};
const MATH: Partial<Record<Op, string>> = {
  min: 'min',
  max: 'max',
  abs: 'abs',
  floor: 'floor',
  sqrt: 'sqrt',
};

/**
 * The JavaScript helper `name(x0, ...)` of a lane program (scratch arrays `nameF`/`nameI` before
 * it when it uses bit operations).
 */
export function lanesJS(name: string, args: number, p: Lanes, result: Ref): string {
  const v = (r: Ref): string => {
    const s = p.steps[r]!;
    return s.op === 'const' ? `(${lit(s.v)})` : s.op === 'arg' ? `x${s.v}` : `v${r}`;
  };
  const F = `${name}F`;
  const I = `${name}I`;
  const U = `${name}U`;
  const P = `${name}P`;
  let bits = false;
  const body: string[] = [];
  p.steps.forEach((s, r) => {
    const [a = 0, b = 0, c = 0] = s.a;
    let e: string;
    if (s.op === 'const' || s.op === 'arg') return;
    const bin = BIN[s.op];
    const m = MATH[s.op];
    if (bin !== undefined) e = `${v(a)} ${bin} ${v(b)}`;
    else if (m !== undefined) e = `Math.${m}(${s.a.map(v).join(', ')})`;
    else if (s.op === 'neg') e = `-${v(a)}`;
    else if (s.op === 'not') e = `!${v(a)}`;
    else if (s.op === 'sel') e = `${v(a)} ? ${v(b)} : ${v(c)}`;
    else {
      // Bit steps read the double's words after a 64-bit store (never a 64-bit load after 32-bit
      // stores, which stalls store forwarding): powers of two come from a table P[i] = 2^(i − 1075).
      bits = true;
      const C = 0x3ff00000 - 0x3fe6a09e;
      if (s.op === 'pow2') e = `${P}[${v(a)} + 1075]`;
      else {
        body.push(`${F}[0] = ${v(a)};`);
        if (s.op === 'expo') e = `((${I}[1] + ${C}) >>> 20) - 1023`;
        else if (s.op === 'signbit') e = `${I}[1] < 0`;
        else if (s.op === 'mant') e = `${v(a)} * ${P}[${1075 + 1023} - ((${I}[1] + ${C}) >>> 20)]`;
        // hi32: x minus its low word's value, lo·ulp(x) (exact).
        else e = `${v(a)} - (${v(a)} < 0 ? -${U}[0] : ${U}[0]) * ${P}[((${I}[1] >>> 20) & 2047) || 1]`;
      }
    }
    body.push(`const v${r} = ${e};`);
  });
  const params = Array.from({ length: args }, (_, i) => `x${i}`).join(', ');
  const scratch = bits
    ? `const ${F} = new Float64Array(1), ${I} = new Int32Array(${F}.buffer), ${U} = new Uint32Array(${F}.buffer), ${P} = new Float64Array(2100); for (let i = 1075, q = 1; i < 2100; i++, q *= 2) ${P}[i] = q; for (let i = 1074, q = 0.5; i >= 0; i--, q /= 2) ${P}[i] = q; `
    : '';
  return `${scratch}function ${name}(${params}) { ${body.join(' ')} return ${v(result)}; }`;
}

const f2 = (v: number): number[] => [...simd(0x0c), ...new Uint8Array(new Float64Array([v, v]).buffer)];
const i2 = (v: bigint): number[] => [...simd(0x0c), ...new Uint8Array(new BigInt64Array([v, v]).buffer)];
const OPS: Partial<Record<Op, number>> = {
  add: 0xf0,
  sub: 0xf1,
  mul: 0xf2,
  div: 0xf3,
  min: 0xf4,
  max: 0xf5,
  abs: 0xec,
  neg: 0xed,
  sqrt: 0xef,
  floor: 0x75,
  eq: 0x47,
  ne: 0x48,
  lt: 0x49,
  gt: 0x4a,
  le: 0x4b,
  ge: 0x4c,
  and: 0x4e,
  or: 0x50,
  not: 0x4d,
};
const SHIFT = 6755399441055744; // 1.5·2^52
const SHIFT_BITS = 0x4338000000000000n;
/** Added to the bits of x so that the exponent field counts from √2/2: (0x3ff00000 − 0x3fe6a09e) << 32. */
const MANT_OFF = BigInt(0x3ff00000 - 0x3fe6a09e) << 32n;
const i64 = {
  add: simd(0xce),
  sub: simd(0xd1),
  shl: simd(0xcb),
  shrS: simd(0xcc),
  shrU: simd(0xcd),
  and: simd(0x4e),
};

/**
 * The `f64x2` code of a lane program: takes its `args` arguments from the stack (argument 0
 * deepest), leaves the result on the stack.
 */
export function emitLanes(e: WasmEmitter, args: number, p: Lanes, result: Ref): void {
  const V128 = 0x7b;
  const argLocal = Array.from({ length: args }, () => e.local(V128));
  for (let i = args - 1; i >= 0; i--) e.emit(set(argLocal[i]!));
  // Every step below sets a local: a chunk boundary for fuse-wasm's interleaving.
  e.cut?.();
  const loc = new Map<Ref, number>();
  /** A constant: a local set before the loop when the emitter offers one, else inline. */
  const k = (bytes: number[]): number[] => (e.constant ? get(e.constant(bytes.slice(2))) : bytes);
  const v = (r: Ref): number[] => {
    const s = p.steps[r]!;
    return s.op === 'const' ? k(f2(s.v)) : s.op === 'arg' ? get(argLocal[s.v]!) : get(loc.get(r)!);
  };
  p.steps.forEach((s, r) => {
    if (s.op === 'const' || s.op === 'arg') return;
    const [a = 0, b = 0, c = 0] = s.a;
    const code = OPS[s.op];
    if (code !== undefined) e.emit(...s.a.map(v), simd(code));
    else if (s.op === 'sel') e.emit(v(b), v(c), v(a), simd(0x52));
    else if (s.op === 'pow2')
      // bits(k + 1.5·2^52) − bits(1.5·2^52) = k (an i64), then (k + 1023) << 52.
      e.emit(v(a), k(f2(SHIFT)), simd(OPS.add!), k(i2(SHIFT_BITS - 1023n)), i64.sub, e2(52), i64.shl);
    else if (s.op === 'expo') e.emit(v(a), k(i2(MANT_OFF)), i64.add, e2(52), i64.shrU);
    else if (s.op === 'mant') e.emit(v(a), k(i2(MANT_OFF)), i64.add, k(i2(0x000fffffffffffffn)), i64.and);
    else if (s.op === 'signbit') e.emit(v(a), e2(63), i64.shrS);
    else e.emit(v(a), k(i2(-0x100000000n)), i64.and); // hi32
    if (s.op === 'expo') e.emit(k(i2(SHIFT_BITS - 1023n)), i64.add, k(f2(SHIFT)), simd(OPS.sub!));
    if (s.op === 'mant') e.emit(k(i2(BigInt(0x3fe6a09e) << 32n)), i64.add);
    const l = e.local(V128);
    loc.set(r, l);
    e.emit(set(l));
    e.cut?.();
  });
  e.emit(v(result));
}
/** i32.const (a shift count). */
const e2 = (n: number): number[] => [0x41, n];
