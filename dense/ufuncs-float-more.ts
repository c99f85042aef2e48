/**
 * More of NumPy's float element-wise functions: `rint fix sinc spacing nextafter ldexp isneginf
 * isposinf i0`, and the two-output `divmod modf frexp` (arrays pairs). `spacing nextafter ldexp
 * i0` and frexp's halves are codegen operations (codegen/fuse-ops-bits.ts); the others are
 * compositions of existing ufuncs after NumPy's own definitions (`fix` is `trunc`, `sinc` is
 * `sin(πx)/(πx)` with NumPy's ε at 0, `isposinf` is `isinf & ~signbit`), so all of them fuse.
 * Integer and bool input gives float64 where NumPy gives a float (NumPy: float16 for 8-bit input).
 */
import { type FuseNode, fx } from '../codegen/index.js';
import type { DType } from '../runtime/index.js';
import { ewise, type Operand } from './ewise.js';
import type { ndarray } from './ndarray.js';
import { where } from './select.js';
import { type ArrayInput, sig } from './sig.js';
import {
  type Bin,
  divide,
  logical_and,
  logical_not,
  multiply,
  not_equal,
  sin,
  type Un,
  ufunc,
} from './ufuncs.js';
import { floor_divide, signbit, trunc } from './ufuncs-math.js';
import { isinf, mod } from './ufuncs-more.js';

/** A leaf as a float: integers and bools are read as float64 (NumPy's float loops). */
const asFloat = (p: FuseNode): FuseNode =>
  'dtype' in p && (p.dtype === 'float32' || p.dtype === 'float64') ? p : fx.castTo('float64', p);

type Fn1 = (x: ArrayInput, out?: ndarray | null) => ndarray;

/**
 * Rounds to the nearest integer, halves to even (C's `rint`); a float result (float64 for integer
 * input, as NumPy).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @example np.rint([-1.5, 0.5, 1.5, 2.7]).tolist() // [-2, 0, 2, 3]
 */
export const rint: Un = sig<Un>('rint(x: operand, /, out: ndarray = None, *, dtype: dtype = None)', ((
  x: Operand,
  out: ndarray | undefined,
  dtype: DType | undefined,
) =>
  dtype
    ? ufunc('rint', [x], ['x'], out, dtype)
    : ewise('rint', 'rint|float', [x], ['x'], out, { build: ([p]) => fx.rint(asFloat(p!)) })) as never);

/**
 * Rounds toward zero (NumPy's `fix`: `trunc`; integers keep their dtype).
 * @param x an array_like
 * @param out an array to write the result into
 * @returns the result array
 * @example np.fix([2.1, 2.9, -2.1, -2.9]).tolist() // [2, 2, -2, -2]
 */
export const fix = sig<(x: ArrayInput, out?: ndarray | null | { out?: ndarray | null }) => ndarray>(
  'fix(x: operand, out: ndarray = None)',
  ((x: Operand, out: ndarray | undefined) => trunc(x as never, out ?? null)) as never,
);

/**
 * The normalized sinc function `sin(πx)/(πx)`, 1 at 0 (NumPy's formula: πx replaced by the
 * dtype's ε where it is 0).
 * @param x an array_like
 * @returns a float array (float32 stays float32)
 * @example np.sinc([0, 0.5, 1]).tolist() // [1, 0.6366197723675814, 3.8981718325193755e-17]
 */
export const sinc = sig<(x: ArrayInput) => ndarray>('sinc(x: operand)', ((x: Operand) => {
  const y = multiply(Math.PI, x as never) as ndarray;
  const eps = y.dtype === 'float32' ? 1.1920928955078125e-7 : 2.220446049250313e-16;
  const z = where(not_equal(y, 0), y, eps);
  return divide(sin(z), z);
}) as never);

/**
 * The distance from `x` to the next float away from zero in x's dtype (NaN for ±inf).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @example np.spacing([1, -1]).tolist() // [2.220446049250313e-16, -2.220446049250313e-16]
 */
export const spacing: Un = sig<Un>('spacing(x: operand, /, out: ndarray = None, *, dtype: dtype = None)', ((
  x: Operand,
  out: ndarray | undefined,
  dtype: DType | undefined,
) => ufunc('spacing', [x], ['x'], out, dtype)) as never);

/**
 * The next float after `x1` toward `x2`, in the dtype of the operands.
 * @param x1 the values
 * @param x2 the directions
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @example np.nextafter([1, 0], [2, -1]).tolist() // [1.0000000000000002, -5e-324]
 */
export const nextafter: Bin = sig<Bin>(
  'nextafter(x1: operand, x2: operand, /, out: ndarray = None, *, dtype: dtype = None)',
  ((a: Operand, b: Operand, out: ndarray | undefined, dtype: DType | undefined) =>
    ufunc('nextafter', [a, b], ['x1', 'x2'], out, dtype)) as never,
);

/**
 * `x1 * 2**x2`, exactly rounded once, in x1's float dtype (float64 for integers); `x2` integers.
 * @param x1 the mantissas
 * @param x2 integer exponents
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {DTypeError} for float exponents
 * @example np.ldexp(5, np.arange(4)).tolist() // [5, 10, 20, 40]
 */
export const ldexp: Bin = sig<Bin>(
  'ldexp(x1: operand, x2: operand, /, out: ndarray = None, *, dtype: dtype = None)',
  ((a: Operand, b: Operand, out: ndarray | undefined, dtype: DType | undefined) =>
    ufunc('ldexp', [a, b], ['x1', 'x2'], out, dtype)) as never,
);

/**
 * True where `x` is negative infinity (`isinf(x) & signbit(x)`).
 * @param x an array_like
 * @param out a bool array to write the result into
 * @returns a bool array
 * @example np.isneginf([-Infinity, 0, Infinity]).tolist() // [true, false, false]
 */
export const isneginf = sig<(x: ArrayInput, out?: ndarray | null | { out?: ndarray | null }) => ndarray>(
  'isneginf(x: operand, out: ndarray = None)',
  ((x: Operand, out: ndarray | undefined) =>
    logical_and(isinf(x as never), signbit(x as never), out ?? null)) as Fn1 as never,
);

/**
 * True where `x` is positive infinity (`isinf(x) & ~signbit(x)`).
 * @param x an array_like
 * @param out a bool array to write the result into
 * @returns a bool array
 * @example np.isposinf([-Infinity, 0, Infinity]).tolist() // [false, false, true]
 */
export const isposinf = sig<(x: ArrayInput, out?: ndarray | null | { out?: ndarray | null }) => ndarray>(
  'isposinf(x: operand, out: ndarray = None)',
  ((x: Operand, out: ndarray | undefined) =>
    logical_and(isinf(x as never), logical_not(signbit(x as never)), out ?? null)) as Fn1 as never,
);

/**
 * The modified Bessel function of the first kind, order 0 (float32 stays float32; float64 otherwise).
 * Power series up to |x| = 30, the asymptotic series beyond: within a few ulp of NumPy's values.
 * @param x an array_like
 * @returns a float64 array
 * @example np.i0([0, 1]).tolist() // [1, 1.2660658777520082]
 */
export const i0 = sig<(x: ArrayInput) => ndarray>('i0(x: operand)', ((x: Operand) =>
  ufunc('i0', [x], ['x'], null, undefined)) as never);

/**
 * Python's `divmod`: `[floor_divide(x1, x2), mod(x1, x2)]` in one call.
 * @param x1 dividends
 * @param x2 divisors
 * @returns the quotients and remainders
 * @example np.divmod([7, -7], 2).map((r) => r.tolist()) // [[3, -4], [1, 1]]
 */
export const divmod = sig<(x1: ArrayInput, x2: ArrayInput) => [ndarray, ndarray]>(
  'divmod(x1: operand, x2: operand, /)',
  ((a: Operand, b: Operand) => [floor_divide(a as never, b as never), mod(a as never, b as never)]) as never,
);

/**
 * The fractional and integral parts of `x`, both with x's sign (C's `modf`: ±0 fraction for ±inf).
 * @param x an array_like
 * @returns `[fractional, integral]` (float arrays; float64 for integer input)
 * @example np.modf([-2.5, 3.25]).map((r) => r.tolist()) // [[-0.5, 0.25], [-2, 3]]
 */
export const modf = sig<(x: ArrayInput) => [ndarray, ndarray]>('modf(x: operand, /)', ((x: Operand) => [
  ewise('modf', 'modf|frac', [x, 0], ['x', 'zero'], null, {
    build: ([p, z]) => {
      const q = asFloat(p!);
      return fx.copysign(fx.where(fx.isinf(q), z!, fx.subtract(q, fx.trunc(q))), q);
    },
  }),
  ewise('modf', 'modf|int', [x], ['x'], null, { build: ([p]) => fx.trunc(asFloat(p!)) }),
]) as never);

/**
 * Splits `x` into mantissas in [0.5, 1) and int32 exponents: `x = m * 2**e` (m = x and e = 0 for
 * 0, ±inf and NaN).
 * @param x an array_like
 * @returns `[mantissa, exponent]` (float; int32 exponents)
 * @example np.frexp([8, 0.75, 0]).map((r) => r.tolist()) // [[0.5, 0.75, 0], [4, 0, 0]]
 */
export const frexp = sig<(x: ArrayInput) => [ndarray, ndarray]>('frexp(x: operand, /)', ((x: Operand) => [
  ewise('frexp', 'frexp_m', [x], ['x']),
  ewise('frexp', 'frexp|e', [x], ['x'], null, { build: ([p]) => fx.castTo('int32', fx.frexp_e(p!)) }),
]) as never);
