/**
 * JavaScript for the integer/bitwise and bit-level float operations of the fused expression
 * builder: `bitwise_and/or/xor/not`, shifts, `gcd`, `lcm`, and `nextafter spacing ldexp frexp_m
 * frexp_e i0` (opJS in fuse-ops.ts delegates here). NumPy's semantics: shifts by a count outside
 * [0, bits) give 0 (left) or the sign fill (right), as NumPy's npy_lshift/npy_rshift; `gcd`/`lcm`
 * are non-negative, wrapping in the dtype; `ldexp` scales exactly (no double rounding); `frexp`'s
 * mantissa is in [0.5, 1) (x itself for 0, ±inf, NaN; exponent 0 there); `i0` is the modified
 * Bessel function of order 0 (power series to 30, the asymptotic series beyond — within a few
 * ulp; NumPy evaluates Chebyshev series, so last bits can differ).
 */
import type { CodegenDType } from './dtypes.js';

/** The unary operations defined here (listed in fuse-expr.ts's UNARY_OPS). */
export const BIT_UNARY_OPS = ['bitwise_not', 'spacing', 'i0', 'frexp_m', 'frexp_e'] as const;
/** The binary operations defined here. */
export const BIT_BINARY_OPS = [
  'bitwise_and',
  'bitwise_or',
  'bitwise_xor',
  'left_shift',
  'right_shift',
  'gcd',
  'lcm',
  'nextafter',
  'ldexp',
] as const;
/** Integer/bool-only operations (a float operand is refused at typing). */
export const BIT_INT_ONLY = [
  'bitwise_and',
  'bitwise_or',
  'bitwise_xor',
  'bitwise_not',
  'left_shift',
  'right_shift',
  'gcd',
  'lcm',
];
/** Float-only operations (integer and bool operands compute in float64). */
export const BIT_FLOAT_ONLY = ['spacing', 'nextafter', 'frexp_m', 'frexp_e', 'i0'];

/** Source of the helpers the operations below may define in a kernel. */
export const BIT_HELPERS: Readonly<Record<string, string>> = {
  igcd: 'function igcd(a, b) { a = Math.abs(a); b = Math.abs(b); while (b !== 0) { const t = a % b; a = b; b = t; } return a; }',
  ilcm: 'function ilcm(a, b) { a = Math.abs(a); b = Math.abs(b); if (a === 0 || b === 0) return 0; let x = a, y = b; while (y !== 0) { const t = x % y; x = y; y = t; } return Math.imul(a / x, b); }',
  // Steps of one unit in the last place through the bits (little-endian words, as sgnbit).
  nxt: 'const nxF = new Float64Array(1), nxU = new Uint32Array(nxF.buffer); function nxt(a, b) { if (a !== a || b !== b) return a + b; if (a === b) return b; if (a === 0) return b > 0 ? 5e-324 : -5e-324; nxF[0] = a; let lo = nxU[0], hi = nxU[1]; if ((a < b) === (a > 0)) { lo = (lo + 1) >>> 0; if (lo === 0) hi = (hi + 1) >>> 0; } else { if (lo === 0) hi = (hi - 1) >>> 0; lo = (lo - 1) >>> 0; } nxU[0] = lo; nxU[1] = hi; return nxF[0]; }',
  nxt32:
    'const nxG = new Float32Array(1), nxV = new Uint32Array(nxG.buffer); function nxt32(a, b) { if (a !== a || b !== b) return a + b; if (a === b) return b; if (a === 0) return b > 0 ? 1.401298464324817e-45 : -1.401298464324817e-45; nxG[0] = a; nxV[0] = (a < b) === (a > 0) ? nxV[0] + 1 : nxV[0] - 1; return nxG[0]; }',
  // x * 2^n without intermediate overflow or double rounding: at most two pre-scalings, then one
  // multiplication by an exact power of two (the only rounding, as C's scalbn).
  ldx: 'function ldx(x, n) { if (n > 1023) { x *= 8.98846567431158e307; n -= 1023; if (n > 1023) { x *= 8.98846567431158e307; n -= 1023; if (n > 1023) n = 1023; } } else if (n < -1022) { x *= 2.004168360008973e-292; n += 969; if (n < -1022) { x *= 2.004168360008973e-292; n += 969; if (n < -1022) n = -1022; } } return x * Math.pow(2, n); }',
  frxe: 'const frF = new Float64Array(1), frU = new Uint32Array(frF.buffer); function frxe(x) { if (x === 0 || x !== x || x === Infinity || x === -Infinity) return 0; frF[0] = x; const e = (frU[1] >>> 20) & 2047; if (e !== 0) return e - 1022; frF[0] = x * 18014398509481984; return ((frU[1] >>> 20) & 2047) - 1076; }',
  frxm: 'function frxm(x) { if (x === 0 || x !== x || x === Infinity || x === -Infinity) return x; const e = frxe(x); return e < -1000 ? x * 18014398509481984 * Math.pow(2, -e - 54) : x * Math.pow(2, -e); }',
  fi0: 'function fi0(x) { x = Math.abs(x); if (x !== x || x === Infinity) return x; let term = 1, sum = 1; if (x <= 30) { const q = (x * x) / 4; for (let k = 1; k < 200; k++) { term *= q / (k * k); sum += term; if (term < sum * 1e-17) break; } return sum; } const r = 1 / (8 * x); for (let k = 1; k < 100; k++) { const m = 2 * k - 1; term = (term * m * m * r) / k; sum += term; if (term < sum * 1e-17) break; } const s = sum / Math.sqrt(2 * Math.PI * x); if (x < 700) return Math.exp(x) * s; const h = Math.exp(x / 2); return h * s * h; }',
};

/**
 * The expression of one of these operations, or undefined when `op` is not one of them.
 * @param op - operation name
 * @param a - argument expressions
 * @param t - compute dtype
 * @param use - records a helper and returns its name
 * @returns the expression, rounded to `t`
 */
export function bitOpJS(
  op: string,
  a: readonly string[],
  t: CodegenDType,
  use: (h: string) => string,
): string | undefined {
  const [x = '', y = ''] = a;
  const bits = t === 'int32' ? 32 : 8;
  const w = (e: string): string =>
    t === 'float32'
      ? `Math.fround(${e})`
      : t === 'int32'
        ? `((${e}) | 0)`
        : t === 'uint8'
          ? `((${e}) & 255)`
          : t === 'bool'
            ? `((${e}) !== 0 ? 1 : 0)`
            : e;
  switch (op) {
    case 'bitwise_and':
      return `(${x} & ${y})`;
    case 'bitwise_or':
      return `(${x} | ${y})`;
    case 'bitwise_xor':
      return `(${x} ^ ${y})`;
    case 'bitwise_not':
      return t === 'bool' ? `(${x} ^ 1)` : w(`~${x}`);
    case 'left_shift':
      return `((${y}) >>> 0 < ${bits} ? ${w(`${x} << ${y}`)} : 0)`;
    case 'right_shift':
      return `((${y}) >>> 0 < ${bits} ? ${x} >> ${y} : ${x} < 0 ? -1 : 0)`;
    case 'gcd':
      return w(`${use('igcd')}(${x}, ${y})`);
    case 'lcm':
      return w(`${use('ilcm')}(${x}, ${y})`);
    case 'nextafter':
      return t === 'float32' ? `${use('nxt32')}(${x}, ${y})` : `${use('nxt')}(${x}, ${y})`;
    case 'spacing': {
      const inf = `(${x} < 0 ? -Infinity : Infinity)`;
      const n = t === 'float32' ? use('nxt32') : use('nxt');
      return `(${x} === Infinity || ${x} === -Infinity ? NaN : ${w(`${n}(${x}, ${inf}) - ${x}`)})`;
    }
    case 'ldexp':
      return w(`${use('ldx')}(${x}, ${y})`);
    case 'frexp_m':
      use('frxe');
      return w(`${use('frxm')}(${x})`);
    case 'frexp_e':
      return `${use('frxe')}(${x})`;
    case 'i0':
      return w(`${use('fi0')}(${x})`);
    default:
      return undefined;
  }
}
