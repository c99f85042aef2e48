/**
 * An unfused reference for fused kernels: every operation evaluated on its own and its result stored
 * in a temporary of its dtype (a typed array), as a dense library without fusion would. Written
 * independently of codegen's emitter.
 */

import { BIT_HELPERS } from '../../codegen/fuse-ops-bits.js';
import type { CodegenDType, FuseNode } from '../../codegen/index.js';
import { typeTree } from '../../codegen/index.js';
import { mathJS } from '../../codegen/wasm-math.js';

/** i0 is cohort's own series (fuse-ops-bits.ts), as exp/log are cohort's fixed algorithms. */
const i0 = new Function(`${BIT_HELPERS.fi0}; return fi0;`)() as (x: number) => number;

const CTOR = {
  float64: Float64Array,
  float32: Float32Array,
  int32: Int32Array,
  uint8: Uint8Array,
  bool: Uint8Array,
};

/** Stores `x` into a one-element temporary of `dtype` and reads it back (NumPy cast; bool is `!= 0`). */
export function toDtype(x: number, dtype: CodegenDType): number {
  if (dtype === 'bool') return x !== 0 ? 1 : 0;
  const t = new CTOR[dtype](1);
  t[0] = x;
  return t[0]!;
}

const isInt = (d: CodegenDType) => d === 'int32' || d === 'uint8' || d === 'bool';

function intPow(a: number, b: number, dtype: CodegenDType): number {
  if (b < 0) return a === 1 ? 1 : a === -1 ? (Math.abs(b) % 2 === 1 ? -1 : 1) : 0;
  const bits = dtype === 'uint8' ? 8 : 32;
  const wrap = (v: bigint) => (dtype === 'uint8' ? BigInt.asUintN(bits, v) : BigInt.asIntN(bits, v));
  // Square-and-multiply, wrapping at every step (a ** b itself may not fit: b up to 2^31).
  let r = 1n;
  let base = wrap(BigInt(a));
  let e = BigInt(b);
  while (e > 0n) {
    if (e & 1n) r = wrap(r * base);
    base = wrap(base * base);
    e >>= 1n;
  }
  return Number(r);
}

function apply(op: string, a: number[], t: CodegenDType): number {
  const [x = 0, y = 0, z = 0] = a;
  const nan = (...v: number[]) => v.some(Number.isNaN);
  const b = (c: boolean) => (c ? 1 : 0);
  switch (op) {
    case 'add':
      return t === 'bool' ? b(x !== 0 || y !== 0) : x + y;
    case 'subtract':
      return x - y;
    case 'multiply':
      if (t === 'bool') return b(x !== 0 && y !== 0);
      return t === 'int32' ? Number(BigInt.asIntN(32, BigInt(x) * BigInt(y))) : x * y;
    case 'divide':
      return x / y;
    case 'power':
      if (isInt(t)) return t === 'bool' ? b(x !== 0 || y === 0) : intPow(x, y, t);
      if (x === 1) return 1;
      if (x === -1 && (y === Infinity || y === -Infinity)) return 1;
      return x ** y;
    case 'maximum':
      return nan(x, y) ? Number.NaN : x > y ? x : y;
    case 'minimum':
      return nan(x, y) ? Number.NaN : x < y ? x : y;
    case 'clip': {
      const m = nan(x, y) ? Number.NaN : x > y ? x : y;
      return nan(m, z) ? Number.NaN : m < z ? m : z;
    }
    case 'equal':
      return b(x === y);
    case 'not_equal':
      return b(x !== y);
    case 'less':
      return b(x < y);
    case 'less_equal':
      return b(x <= y);
    case 'greater':
      return b(x > y);
    case 'greater_equal':
      return b(x >= y);
    case 'logical_and':
      return b(x !== 0 && y !== 0);
    case 'logical_or':
      return b(x !== 0 || y !== 0);
    case 'logical_xor':
      return b((x !== 0) !== (y !== 0));
    case 'logical_not':
      return b(x === 0);
    case 'isnan':
      return b(Number.isNaN(x));
    case 'isfinite':
      return b(Number.isFinite(x));
    case 'isinf':
      return b(x === Infinity || x === -Infinity);
    case 'rint': {
      if (!Number.isFinite(x)) return x;
      const fl = Math.floor(x);
      const d = x - fl;
      const r = d > 0.5 ? fl + 1 : d < 0.5 ? fl : fl % 2 === 0 ? fl : fl + 1;
      return r === 0 && (x < 0 || Object.is(x, -0)) ? -0 : r;
    }
    case 'mod': {
      if (t === 'bool') return 0;
      if (y === 0) return isInt(t) ? 0 : Number.NaN;
      let m = x % y;
      if (m !== 0 && Math.sign(m) !== Math.sign(y)) m += y;
      return m === 0 ? (y < 0 && !isInt(t) ? -0 : 0) : m;
    }
    case 'negative':
      return -x;
    case 'abs':
      return Math.abs(x);
    case 'sign':
      return Number.isNaN(x) ? x : x > 0 ? 1 : x < 0 ? -1 : 0;
    case 'floor':
      return Math.floor(x);
    case 'ceil':
      return Math.ceil(x);
    case 'where':
      return x !== 0 ? y : z;
    case 'cast':
      return x;
    case 'exp':
      return mathJS.fexp!(x); // cohort's fixed algorithm (codegen/wasm-math.ts), not V8's
    case 'log':
      return mathJS.flog!(x);
    case 'arcsin':
      return Math.asin(x);
    case 'arccos':
      return Math.acos(x);
    case 'arctan':
      return Math.atan(x);
    case 'arcsinh':
      return Math.asinh(x);
    case 'arccosh':
      return Math.acosh(x);
    case 'arctanh':
      return Math.atanh(x);
    case 'fabs':
      return Math.abs(x);
    case 'exp2':
      return 2 ** x;
    case 'deg2rad':
      return t === 'float32' ? x * Math.fround(Math.fround(Math.PI) / 180) : x * (Math.PI / 180);
    case 'rad2deg':
      return t === 'float32' ? x * Math.fround(180 / Math.fround(Math.PI)) : x * (180 / Math.PI);
    case 'square':
      return t === 'int32' ? Math.imul(x, x) : x * x;
    case 'reciprocal':
      return isInt(t) ? (x === 0 ? (t === 'int32' ? -2147483648 : 0) : Math.trunc(1 / x)) : 1 / x;
    case 'trunc':
      return Math.trunc(x);
    case 'positive':
      return x;
    case 'signbit':
      return b(x < 0 || Object.is(x, -0) || (Number.isNaN(x) && signOfNaN(x)));
    case 'arctan2':
      return Math.atan2(x, y);
    case 'hypot':
      return Math.hypot(x, y);
    case 'copysign': {
      const neg = y < 0 || Object.is(y, -0) || (Number.isNaN(y) && signOfNaN(y));
      return neg ? -Math.abs(x) : Math.abs(x);
    }
    case 'logaddexp':
    case 'logaddexp2': {
      const two = op === 'logaddexp2';
      if (x === y) return x + (two ? 1 : Math.LN2);
      const hi = x > y ? x : y;
      const d = x > y ? y - x : x - y;
      if (Number.isNaN(d)) return d;
      return hi + (two ? Math.log1p(2 ** d) / Math.LN2 : Math.log1p(Math.exp(d)));
    }
    case 'heaviside':
      return Number.isNaN(x) ? x : x < 0 ? 0 : x > 0 ? 1 : y;
    case 'floor_divide': {
      if (t === 'bool' || isInt(t)) return y === 0 ? 0 : Math.floor(x / y);
      if (y === 0) return x / y;
      // Python's float floor division (CPython's float_floor_div, the same algorithm as NumPy's).
      const m = x % y;
      let q = (x - m) / y;
      if (m !== 0 && y < 0 !== m < 0) q -= 1;
      if (q === 0) return x / y < 0 || Object.is(x / y, -0) ? -0 : 0;
      const f = Math.floor(q);
      return q - f > 0.5 ? f + 1 : f;
    }
    case 'fmod':
      return t === 'bool' || isInt(t) ? (y === 0 ? 0 : x % y) : x % y;
    case 'fmax':
      return Number.isNaN(y) ? x : Number.isNaN(x) ? y : x > y ? x : y;
    case 'fmin':
      return Number.isNaN(y) ? x : Number.isNaN(x) ? y : x < y ? x : y;
    case 'float_power':
      if (x === 1) return 1;
      if (x === -1 && (y === Infinity || y === -Infinity)) return 1;
      return x ** y;
    case 'bitwise_and':
      return Number(BigInt(x) & BigInt(y));
    case 'bitwise_or':
      return Number(BigInt(x) | BigInt(y));
    case 'bitwise_xor':
      return Number(BigInt(x) ^ BigInt(y));
    case 'bitwise_not':
      return t === 'bool' ? b(x === 0) : Number(~BigInt(x));
    case 'left_shift':
    case 'right_shift': {
      const bits = t === 'int32' ? 32 : 8;
      if (y < 0 || y >= bits) return op === 'left_shift' ? 0 : x < 0 ? -1 : 0;
      return Number(op === 'left_shift' ? BigInt(x) << BigInt(y) : BigInt(x) >> BigInt(y));
    }
    case 'gcd':
    case 'lcm': {
      let p = Math.abs(x);
      let q = Math.abs(y);
      const [x0, y0] = [p, q];
      while (q) [p, q] = [q, p % q];
      if (op === 'gcd') return p;
      return x0 === 0 || y0 === 0 ? 0 : Number((BigInt(x0 / p) * BigInt(y0)) % 2n ** 32n);
    }
    case 'nextafter':
      return nextAfter(x, y, t);
    case 'spacing':
      return x === Infinity || x === -Infinity
        ? Number.NaN
        : nextAfter(x, x < 0 ? -Infinity : Infinity, t) - x;
    case 'ldexp': {
      // Exact: scale by powers of two one step at a time (each step exact until the last).
      let v = x;
      let n = y;
      while (n > 0 && Number.isFinite(v) && v !== 0) [v, n] = [v * 2, n - 1];
      while (n < 0 && v !== 0 && Number.isFinite(v) && Math.abs(v) >= 2 ** -1021) [v, n] = [v / 2, n + 1];
      return n < 0 && v !== 0 ? v * 2 ** n : v;
    }
    case 'frexp_m':
    case 'frexp_e': {
      if (x === 0 || !Number.isFinite(x)) return op === 'frexp_m' ? x : 0;
      let m = Math.abs(x);
      let e = 0;
      while (m >= 1) [m, e] = [m / 2, e + 1];
      while (m < 0.5) [m, e] = [m * 2, e - 1];
      return op === 'frexp_m' ? Math.sign(x) * m : e;
    }
    case 'i0':
      return i0(x);
    default:
      return (Math as unknown as Record<string, (v: number) => number>)[op]!(x);
  }
}

/** The neighbour of x toward y in dtype t, by stepping its bits (a DataView, big-endian words). */
function nextAfter(x: number, y: number, t: CodegenDType): number {
  if (Number.isNaN(x) || Number.isNaN(y)) return x + y; // C's nextafter: the NaN operand, its sign kept
  if (x === y) return y;
  const f32 = t === 'float32';
  if (x === 0) return (y > 0 ? 1 : -1) * (f32 ? 2 ** -149 : 2 ** -1074);
  const dv = new DataView(new ArrayBuffer(8));
  const up = x < y === x > 0; // away from zero
  if (f32) {
    dv.setFloat32(0, x);
    dv.setUint32(0, dv.getUint32(0) + (up ? 1 : -1));
    return dv.getFloat32(0);
  }
  dv.setFloat64(0, x);
  dv.setBigUint64(0, dv.getBigUint64(0) + (up ? 1n : -1n));
  return dv.getFloat64(0);
}

/** The sign bit of a NaN (JavaScript cannot compare it; a typed array shows it). */
function signOfNaN(x: number): boolean {
  const f = new Float64Array([x]);
  return new Uint32Array(f.buffer)[1]! >>> 31 === 1;
}

/**
 * Evaluates `node` for one element, one operation at a time through typed temporaries.
 * @param inputs - value of each input at this element
 * @param scalars - scalar parameters
 */
export function evalUnfused(
  node: FuseNode,
  inputs: readonly number[],
  scalars: readonly number[],
): { value: number; dtype: CodegenDType } {
  const typed = typeTree(node);
  const go = (t: ReturnType<typeof typeTree>): number => {
    const n = t.node;
    if (n.op === 'input') return toDtype(inputs[n.index]!, n.dtype);
    if (n.op === 'scalar') return scalars[n.index]!;
    const args = t.args.map((a, i) => (n.op === 'where' && i === 0 ? go(a) : toDtype(go(a), t.compute)));
    return toDtype(apply(n.op, args, t.compute), t.dtype);
  };
  return { value: go(typed), dtype: typed.dtype };
}

/**
 * A fused or full sum of `v[lo..hi)` in codegen's documented lane order (`SUM_LANES`), written
 * plainly: eight running sums from +0 over the first multiple of eight elements, joined
 * ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)), then the rest in order.
 */
export function laneSum(v: ArrayLike<number>, lo: number, hi: number): number {
  const a = [0, 0, 0, 0, 0, 0, 0, 0];
  const full = lo + 8 * Math.floor((hi - lo) / 8);
  for (let t = lo; t < full; t++) a[(t - lo) % 8] += v[t]!;
  let acc = a[0]! + a[1]! + (a[2]! + a[3]!) + (a[4]! + a[5]! + (a[6]! + a[7]!));
  for (let t = full; t < hi; t++) acc += v[t]!;
  return acc;
}
