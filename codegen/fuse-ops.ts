/**
 * JavaScript for one element-wise operation: conversions between dtypes and each operation's
 * expression in its compute dtype, with NumPy's semantics (integer wrap-around, NaN propagation of
 * maximum/minimum, C's `pow` special cases). Helpers it needs are named in `helpers`, and their
 * source, defined inside the kernel, is in {@link HELPERS} — the kernel keeps no free variables.
 */
import type { CodegenDType } from './dtypes.js';
import { isFloat } from './fuse-expr.js';
import { BIT_HELPERS, bitOpJS } from './fuse-ops-bits.js';
import { MATH_JS } from './wasm-math.js';

/** Source of the helper functions a kernel may define in its own body. */
export const HELPERS: Readonly<Record<string, string>> = {
  fmax: 'function fmax(a, b) { return a > b || a !== a ? a : b; }',
  fmin: 'function fmin(a, b) { return a < b || a !== a ? a : b; }',
  ipow: 'function ipow(a, b) { if (b < 0) return a === 1 ? 1 : a === -1 ? (b & 1 ? -1 : 1) : 0; let r = 1; while (b > 0) { if (b & 1) r = Math.imul(r, a); a = Math.imul(a, a); b >>>= 1; } return r; }',
  fsign: 'function fsign(a) { return a > 0 ? 1 : a < 0 ? -1 : a === a ? 0 : a; }',
  // exp, log, expm1, log1p, log2, log10, pow, sin, cos, tanh: the fixed algorithms of wasm-math.ts
  // (and the files it imports), so the Wasm form gives the same bits.
  ...MATH_JS,
  ...BIT_HELPERS,
  // Round half to even (C's rint in the default rounding mode): Math.round rounds halves up.
  rint: 'function rint(a) { const r = Math.round(a); return r - a === 0.5 && r % 2 !== 0 ? r - 1 : r; }',
  // Python's float modulo (NumPy's npy_divmod): the result takes the divisor's sign.
  fmod: 'function fmod(a, b) { if (b === 0) return a % b; const m = a % b; if (m === 0) return b < 0 ? -0 : 0; return (b < 0) !== (m < 0) ? m + b : m; }',
  // Integer modulo with the divisor's sign; 0 for a zero divisor (as NumPy, which also warns).
  imod: 'function imod(a, b) { if (b === 0) return 0; const m = a % b; return m !== 0 && (b < 0) !== (m < 0) ? m + b : m; }',
  // NumPy's fmax/fmin: a NaN operand is ignored (NaN only when both are).
  nfmax: 'function nfmax(a, b) { return a > b || b !== b ? a : b; }',
  nfmin: 'function nfmin(a, b) { return a < b || b !== b ? a : b; }',
  // The sign bit, NaN's included (read through a typed array: JavaScript cannot compare it).
  sgnbit:
    'const sgnF = new Float64Array(1), sgnU = new Uint32Array(sgnF.buffer); function sgnbit(a) { if (a !== a) { sgnF[0] = a; return sgnU[1] >>> 31; } return a < 0 || (a === 0 && 1 / a < 0) ? 1 : 0; }',
  // NumPy's npy_floor_divide: (a - fmod(a, b)) / b, corrected to Python's sign rule, snapped to the
  // nearest integer; a / b for a zero divisor; a signed zero takes the sign of a / b.
  fdiv: 'function fdiv(a, b) { if (b === 0) return a / b; const m = a % b; let d = (a - m) / b; if (m !== 0 && (b < 0) !== (m < 0)) d -= 1; if (d !== 0) { let fl = Math.floor(d); if (d - fl > 0.5) fl += 1; return fl; } const q = a / b; return q < 0 || (q === 0 && 1 / q < 0) ? -0 : 0; }',
  // NumPy's npy_logaddexp / npy_logaddexp2 (equal arguments first: infinities of one sign).
  lae: 'function lae(x, y) { if (x === y) return x + 0.6931471805599453; const d = x - y; if (d > 0) return x + Math.log1p(Math.exp(-d)); if (d <= 0) return y + Math.log1p(Math.exp(d)); return d; }',
  lae2: 'function lae2(x, y) { if (x === y) return x + 1; const d = x - y; if (d > 0) return x + 1.4426950408889634 * Math.log1p(Math.pow(2, -d)); if (d <= 0) return y + 1.4426950408889634 * Math.log1p(Math.pow(2, d)); return d; }',
};

/** JavaScript's Math function of each float-only unary operation that has one. */
const MATH_UNARY: Readonly<Record<string, string>> = {
  arcsin: 'asin',
  arccos: 'acos',
  arctan: 'atan',
  sinh: 'sinh',
  cosh: 'cosh',
  tan: 'tan',
  arcsinh: 'asinh',
  arccosh: 'acosh',
  arctanh: 'atanh',
  cbrt: 'cbrt',
  fabs: 'abs',
};

/**
 * Converts a value of dtype `from` to dtype `to` as NumPy's cast does (float → int truncates toward
 * zero and wraps modulo 2^32 / 2^8 like a typed-array store; anything → bool is `!= 0`, NaN true).
 * @param x - JavaScript expression
 * @param from - its dtype
 * @param to - target dtype
 * @returns the converted expression
 */
export function castJS(x: string, from: CodegenDType, to: CodegenDType): string {
  if (from === to) return x;
  switch (to) {
    case 'float64':
      return x;
    case 'float32':
      return from === 'bool' || from === 'uint8' ? x : `Math.fround(${x})`;
    case 'int32':
      return from === 'bool' || from === 'uint8' ? x : `(${x} | 0)`;
    case 'uint8':
      return from === 'bool' ? x : `(${x} & 255)`;
    case 'bool':
      return `(${x} !== 0 ? 1 : 0)`;
  }
}

const wrap = (x: string, t: CodegenDType): string =>
  t === 'float32'
    ? `Math.fround(${x})`
    : t === 'int32'
      ? `((${x}) | 0)`
      : t === 'uint8'
        ? `((${x}) & 255)`
        : x;

/**
 * The expression of `op` on arguments already converted to the compute dtype `t`, rounded to `t`.
 * @param op - operation name
 * @param a - argument expressions (variables)
 * @param t - compute dtype
 * @param helpers - collects the helpers used
 * @returns the expression
 */
export function opJS(op: string, a: readonly string[], t: CodegenDType, helpers: Set<string>): string {
  const [x = '', y = '', z = ''] = a;
  const f = isFloat(t);
  const use = (h: string): string => {
    helpers.add(h);
    return h;
  };
  const b01 = (cond: string) => `(${cond} ? 1 : 0)`;
  switch (op) {
    case 'add':
      return t === 'bool' ? `(${x} | ${y})` : wrap(`${x} + ${y}`, t);
    case 'subtract':
      return wrap(`${x} - ${y}`, t);
    case 'multiply':
      if (t === 'bool') return `(${x} & ${y})`;
      return t === 'int32' ? `Math.imul(${x}, ${y})` : wrap(`${x} * ${y}`, t);
    case 'divide':
      return wrap(`${x} / ${y}`, t);
    case 'power':
      if (f) return wrap(`${use('fpow')}(${x}, ${y})`, t);
      return t === 'bool' ? `(${x} | (${y} === 0 ? 1 : 0))` : wrap(`${use('ipow')}(${x}, ${y})`, t);
    case 'maximum':
      // Integer results pass through wrap too: a weak scalar -0 must reach float consumers as +0,
      // as it does unfused (through an Int32Array store).
      return f ? `${use('fmax')}(${x}, ${y})` : wrap(`Math.max(${x}, ${y})`, t);
    case 'minimum':
      return f ? `${use('fmin')}(${x}, ${y})` : wrap(`Math.min(${x}, ${y})`, t);
    case 'clip':
      return f
        ? `${use('fmin')}(${use('fmax')}(${x}, ${y}), ${z})`
        : wrap(`Math.min(Math.max(${x}, ${y}), ${z})`, t);
    case 'equal':
      return b01(`${x} === ${y}`);
    case 'not_equal':
      return b01(`${x} !== ${y}`);
    case 'less':
      return b01(`${x} < ${y}`);
    case 'less_equal':
      return b01(`${x} <= ${y}`);
    case 'greater':
      return b01(`${x} > ${y}`);
    case 'greater_equal':
      return b01(`${x} >= ${y}`);
    case 'logical_and':
      return b01(`${x} !== 0 && ${y} !== 0`);
    case 'logical_or':
      return b01(`${x} !== 0 || ${y} !== 0`);
    case 'logical_xor':
      return b01(`(${x} !== 0) !== (${y} !== 0)`);
    case 'logical_not':
      return b01(`${x} === 0`);
    case 'isnan':
      return b01(`${x} !== ${x}`);
    case 'isfinite':
      return b01(`${x} - ${x} === 0`);
    case 'isinf':
      return f ? b01(`(${x} === Infinity || ${x} === -Infinity)`) : '0';
    case 'rint':
      return f ? wrap(`${use('rint')}(${x})`, t) : x;
    case 'mod':
      if (f) return wrap(`${use('fmod')}(${x}, ${y})`, t);
      return t === 'bool' ? '0' : wrap(`${use('imod')}(${x}, ${y})`, t);
    case 'negative':
      return wrap(`-${x}`, t);
    case 'abs':
      return t === 'bool' || t === 'uint8' ? x : wrap(`Math.abs(${x})`, t);
    case 'sign':
      return f ? `${use('fsign')}(${x})` : t === 'bool' ? x : `Math.sign(${x})`;
    case 'floor':
    case 'ceil':
      return f ? `Math.${op}(${x})` : x;
    case 'exp':
      return wrap(`${use('fexp')}(${x})`, t);
    case 'log':
      return wrap(`${use('flog')}(${x})`, t);
    case 'sin':
      return wrap(`${use('ftrig')}(${x}, 0)`, t);
    case 'cos':
      return wrap(`${use('ftrig')}(${x}, 1)`, t);
    case 'expm1':
      return wrap(`${use('fexpm1')}(${x})`, t);
    case 'tanh':
      use('fexp'); // ftanh calls it
      return wrap(`${use('ftanh')}(${x})`, t);
    case 'sqrt':
      return wrap(`Math.sqrt(${x})`, t);
    case 'log1p':
    case 'log2':
    case 'log10':
      return wrap(`${use(`f${op}`)}(${x})`, t);
    case 'exp2':
      return wrap(`Math.pow(2, ${x})`, t);
    // NumPy multiplies by the constant of the dtype: π/180 and 180/π in double, and for float32
    // the single-precision quotients of single-precision π (a float32 product is exact in double).
    case 'deg2rad':
      return wrap(`${x} * ${t === 'float32' ? Math.fround(Math.fround(Math.PI) / 180) : Math.PI / 180}`, t);
    case 'rad2deg':
      return wrap(`${x} * ${t === 'float32' ? Math.fround(180 / Math.fround(Math.PI)) : 180 / Math.PI}`, t);
    case 'square':
      return t === 'int32' ? `Math.imul(${x}, ${x})` : wrap(`${x} * ${x}`, t);
    case 'reciprocal':
      if (f) return wrap(`1 / ${x}`, t);
      // C integer division 1 / x; NumPy gives INT_MIN (int32) and 0 (uint8) for a zero.
      return `(${x} === 0 ? ${t === 'int32' ? -2147483648 : 0} : (1 / ${x}) | 0)`;
    case 'trunc':
      return f ? `Math.trunc(${x})` : x;
    case 'positive':
      return x;
    case 'signbit':
      return f ? `${use('sgnbit')}(${x})` : b01(`${x} < 0`);
    case 'arctan2':
      return wrap(`Math.atan2(${x}, ${y})`, t);
    case 'hypot':
      return wrap(`Math.hypot(${x}, ${y})`, t);
    case 'copysign':
      return wrap(`(${use('sgnbit')}(${y}) ? -Math.abs(${x}) : Math.abs(${x}))`, t);
    case 'logaddexp':
      return wrap(`${use('lae')}(${x}, ${y})`, t);
    case 'logaddexp2':
      return wrap(`${use('lae2')}(${x}, ${y})`, t);
    case 'heaviside':
      return wrap(`(${x} !== ${x} ? ${x} : ${x} < 0 ? 0 : ${x} > 0 ? 1 : ${y})`, t);
    case 'floor_divide':
      if (f) return wrap(`${use('fdiv')}(${x}, ${y})`, t);
      return wrap(`(${y} === 0 ? 0 : Math.floor(${x} / ${y}))`, t);
    case 'fmod':
      return f ? wrap(`${x} % ${y}`, t) : wrap(`(${y} === 0 ? 0 : ${x} % ${y})`, t);
    case 'fmax':
      return f ? `${use('nfmax')}(${x}, ${y})` : wrap(`Math.max(${x}, ${y})`, t);
    case 'fmin':
      return f ? `${use('nfmin')}(${x}, ${y})` : wrap(`Math.min(${x}, ${y})`, t);
    case 'float_power':
      return wrap(`${use('fpow')}(${x}, ${y})`, t);
    case 'where':
      // An int32 branch may be a weak scalar -0; an int32 array never holds -0 (unfused, the
      // result is stored to an Int32Array first), so normalize like the store does.
      return t === 'int32' ? `((${x} !== 0 ? ${y} : ${z}) | 0)` : `(${x} !== 0 ? ${y} : ${z})`;
    case 'cast':
      return x;
    default: {
      const bit = bitOpJS(op, a, t, use);
      if (bit !== undefined) return bit;
      if (op in MATH_UNARY) return wrap(`Math.${MATH_UNARY[op]}(${x})`, t);
      throw new Error(`cohort codegen internal error: no JavaScript for '${op}'`);
    }
  }
}
