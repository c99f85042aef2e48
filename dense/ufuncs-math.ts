/**
 * The rest of NumPy's element-wise math: inverse and hyperbolic trigonometry, `expm1 log1p cbrt
 * exp2`, angle conversion, `square reciprocal trunc fabs positive signbit`, and the binary
 * `arctan2 hypot copysign logaddexp logaddexp2 heaviside floor_divide fmod fmax fmin float_power`,
 * with NumPy 2's short names (`asin`, `atan2`, `pow`, ...). Each is one node of the fused
 * expression builder (codegen/fuse-ops.ts), so they fuse with their neighbours into one kernel.
 * Float-only operations give float64 for integer and bool input (NumPy: float16 for 8-bit input;
 * cohort has no float16); `square`, `reciprocal`, `floor_divide` and `fmod` of bools compute in
 * uint8 (NumPy: int8, the same values).
 */
import type { DType } from '../runtime/index.js';
import type { Operand } from './ewise.js';
import type { ndarray } from './ndarray.js';
import { scalarPower } from './power.js';
import { sig } from './sig.js';
import { type Bin, powerUfunc, type Un, ufunc } from './ufuncs.js';

const un = (name: string, op = name): Un =>
  sig<Un>(`${name}(x: operand, /, out: ndarray = None, *, dtype: dtype = None)`, ((
    x: Operand,
    out: ndarray | undefined,
    dtype: DType | undefined,
  ) => ufunc(op, [x], ['x'], out, dtype)) as never);

const bin = (name: string, op = name): Bin =>
  sig<Bin>(`${name}(a: operand, b: operand, /, out: ndarray = None, *, dtype: dtype = None)`, ((
    a: Operand,
    b: Operand,
    out: ndarray | undefined,
    dtype: DType | undefined,
  ) => ufunc(op, [a, b], ['a', 'b'], out, dtype)) as never);

/**
 * Inverse sine, in [-π/2, π/2] (NaN outside [-1, 1]).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.arcsin(np.array([0, 1, -1])).tolist() // [0, 1.5707963267948966, -1.5707963267948966]
 */
export const arcsin: Un = un('arcsin');
/**
 * Inverse cosine, in [0, π] (NaN outside [-1, 1]).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.arccos(np.array([1, -1])).tolist() // [0, 3.141592653589793]
 */
export const arccos: Un = un('arccos');
/**
 * Inverse tangent, in [-π/2, π/2].
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.arctan(np.array([0, 1])).tolist() // [0, 0.7853981633974483]
 */
export const arctan: Un = un('arctan');
/**
 * Hyperbolic sine.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.sinh(np.array([0, 1])).tolist() // [0, 1.1752011936438014]
 */
export const sinh: Un = un('sinh');
/**
 * Hyperbolic cosine.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.cosh(np.array([0, 1])).tolist() // [1, 1.5430806348152437]
 */
export const cosh: Un = un('cosh');
/**
 * Tangent.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.tan(np.array([0, np.pi / 4])).tolist() // [0, 0.9999999999999999]
 */
export const tan: Un = un('tan');
/**
 * Inverse hyperbolic sine.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.arcsinh(np.array([0, 1])).tolist() // [0, 0.881373587019543]
 */
export const arcsinh: Un = un('arcsinh');
/**
 * Inverse hyperbolic cosine (NaN below 1).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.arccosh(np.array([1, 2])).tolist() // [0, 1.3169578969248166]
 */
export const arccosh: Un = un('arccosh');
/**
 * Inverse hyperbolic tangent (±inf at ±1, NaN beyond).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.arctanh(np.array([0, 0.5, 1])).tolist() // [0, 0.5493061443340548, Infinity]
 */
export const arctanh: Un = un('arctanh');
/**
 * `exp(x) - 1`, accurate near zero.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.expm1(np.array([1e-10, 0])).tolist() // [1.00000000005e-10, 0]
 */
export const expm1: Un = un('expm1');
/**
 * `log(1 + x)`, accurate near zero.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.log1p(np.array([1e-10, 0, -1])).tolist() // [9.999999999500001e-11, 0, -Infinity]
 */
export const log1p: Un = un('log1p');
/**
 * Cube root (negative for negative input).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.cbrt(np.array([27, -8, 0])).tolist() // [3, -2, 0]
 */
export const cbrt: Un = un('cbrt');
/**
 * `2 ** x`.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.exp2(np.array([3, 0.5, -1])).tolist() // [8, 1.4142135623730951, 0.5]
 */
export const exp2: Un = un('exp2');
/**
 * Degrees to radians (`x * (π / 180)`, as NumPy computes it).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.deg2rad(np.array([180, 90])).tolist() // [3.141592653589793, 1.5707963267948966]
 */
export const deg2rad: Un = un('deg2rad');
/**
 * NumPy's other name for {@link deg2rad}.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.radians(np.array([360])).tolist() // [6.283185307179586]
 */
export const radians: Un = un('radians', 'deg2rad');
/**
 * Radians to degrees (`x * (180 / π)`).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.rad2deg(np.array([np.pi, np.pi / 2])).tolist() // [180, 90]
 */
export const rad2deg: Un = un('rad2deg');
/**
 * NumPy's other name for {@link rad2deg}.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.degrees(np.array([np.pi])).tolist() // [180]
 */
export const degrees: Un = un('degrees', 'rad2deg');
/**
 * Absolute value as a float (integer input gives float64).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.fabs(np.array([-1.5, 2])).tolist() // [1.5, 2]
 */
export const fabs: Un = un('fabs');
/**
 * `x * x`, in the dtype of `x` (integers wrap around as NumPy's do).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.square(np.array([-3, 4])).tolist() // [9, 16]
 */
export const square: Un = un('square');
/**
 * `1 / x`, in the dtype of `x` (integer division for integers: 0 unless |x| is 1).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.reciprocal(np.array([2, 0.5, 0])).tolist() // [0.5, 2, Infinity]
 */
export const reciprocal: Un = un('reciprocal');
/**
 * Rounds toward zero (integers unchanged).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.trunc(np.array([-1.7, 1.7, 0.2])).tolist() // [-1, 1, 0]
 */
export const trunc: Un = un('trunc');
/**
 * `+x`: a copy (booleans are refused, as NumPy does).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like, or is boolean
 * @example np.positive(np.array([-1, 2])).tolist() // [-1, 2]
 */
export const positive: Un = un('positive');
/**
 * True where the sign bit is set (negative numbers, -0, negative NaNs).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns a bool array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.signbit(np.array([-1, -0, 0, 2], np.float64)).tolist() // [true, true, false, false]
 */
export const signbit: Un = un('signbit');

/**
 * The angle of the point (b, a): `arctan(a / b)` in the right quadrant, in [-π, π].
 * @param a the y coordinates (an array or a scalar)
 * @param b the x coordinates, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.arctan2(np.array([1, -1]), -1).tolist() // [2.356194490192345, -2.356194490192345]
 */
export const arctan2: Bin = bin('arctan2');
/**
 * `sqrt(a² + b²)` without overflow in the squares.
 * @param a first leg (an array or a scalar)
 * @param b second leg, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.hypot(np.array([3, 1e300]), np.array([4, 1e300])).tolist() // [5, 1.4142135623730952e+300]
 */
export const hypot: Bin = bin('hypot');
/**
 * The magnitude of `a` with the sign of `b` (its sign bit: -0 and negative NaNs count).
 * @param a magnitudes (an array or a scalar)
 * @param b signs, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array (float)
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.copysign(np.array([1, -2, 3]), np.array([-1, 1, -0], np.float64)).tolist() // [-1, 2, -3]
 */
export const copysign: Bin = bin('copysign');
/**
 * `log(exp(a) + exp(b))` without overflow.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.logaddexp(np.array([1000, 0]), np.array([1000, 0])).tolist() // [1000.6931471805599, 0.6931471805599453]
 */
export const logaddexp: Bin = bin('logaddexp');
/**
 * `log2(2**a + 2**b)` without overflow.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.logaddexp2(np.array([1, 3]), np.array([1, 1])).tolist() // [2, 3.321928094887362]
 */
export const logaddexp2: Bin = bin('logaddexp2');
/**
 * The Heaviside step: 0 for negative `a`, 1 for positive, `b` where `a` is zero (NaN stays NaN).
 * @param a the argument (an array or a scalar)
 * @param b the value at zero, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array (float)
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.heaviside(np.array([-1.5, 0, 2]), 0.5).tolist() // [0, 0.5, 1]
 */
export const heaviside: Bin = bin('heaviside');
/**
 * Floor division, Python's `//` (NumPy's algorithm: `floor_divide(1, 0.1)` is 9, as in Python).
 * Integer division by zero gives 0, float division by zero `a / b` (as NumPy, which also warns).
 * @param a the dividend (an array or a scalar)
 * @param b the divisor, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.floor_divide(np.array([7, -7, 7]), np.array([2, 2, -2])).tolist() // [3, -4, -4]
 * @example np.floor_divide(1, 0.1).item() // 9
 */
export const floor_divide: Bin = bin('floor_divide');
/**
 * C's remainder: the result has the sign of the dividend (`fmod(-3, 2)` is -1; {@link mod} gives 1).
 * Integer division by zero gives 0, float NaN.
 * @param a the dividend (an array or a scalar)
 * @param b the divisor, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.fmod(np.array([-3, 3, -3.5]), 2).tolist() // [-1, 1, -1.5]
 */
export const fmod: Bin = bin('fmod');
/**
 * Element-wise maximum ignoring NaNs (NaN only where both are; {@link maximum} propagates them).
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.fmax(np.array([np.nan, 1, np.nan]), np.array([0, np.nan, np.nan])).tolist() // [0, 1, NaN]
 */
export const fmax: Bin = bin('fmax');
/**
 * Element-wise minimum ignoring NaNs (NaN only where both are).
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.fmin(np.array([np.nan, 1]), np.array([0, 2])).tolist() // [0, 1]
 */
export const fmin: Bin = bin('fmin');
/**
 * `a ** b` computed in float64 whatever the operands (so negative integer powers work).
 * @param a bases (an array or a scalar)
 * @param b exponents, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array (float64)
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.float_power(np.array([2, 4]), -1).tolist() // [0.5, 0.25]
 */
export const float_power: Bin = sig<Bin>(
  'float_power(a: operand, b: operand, /, out: ndarray = None, *, dtype: dtype = None)',
  ((a: Operand, b: Operand, out: ndarray | undefined, dtype: DType | undefined) =>
    scalarPower('float_power', 'float_power', a, b, out, dtype) ??
    ufunc('float_power', [a, b], ['a', 'b'], out, dtype)) as never,
);
/**
 * NumPy 2's name for {@link divide}.
 * @param a the dividend (an array or a scalar)
 * @param b the divisor, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.true_divide(np.array([1, 3]), 2).tolist() // [0.5, 1.5]
 */
export const true_divide: Bin = bin('true_divide', 'divide');

/**
 * NumPy 2's short name for {@link arcsin}.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.asin(np.array([1])).tolist() // [1.5707963267948966]
 */
export const asin: Un = un('asin', 'arcsin');
/**
 * NumPy 2's short name for {@link arccos}.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.acos(np.array([1])).tolist() // [0]
 */
export const acos: Un = un('acos', 'arccos');
/**
 * NumPy 2's short name for {@link arctan}.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.atan(np.array([0])).tolist() // [0]
 */
export const atan: Un = un('atan', 'arctan');
/**
 * NumPy 2's short name for {@link arcsinh}.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.asinh(np.array([0])).tolist() // [0]
 */
export const asinh: Un = un('asinh', 'arcsinh');
/**
 * NumPy 2's short name for {@link arccosh}.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.acosh(np.array([1])).tolist() // [0]
 */
export const acosh: Un = un('acosh', 'arccosh');
/**
 * NumPy 2's short name for {@link arctanh}.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.atanh(np.array([0])).tolist() // [0]
 */
export const atanh: Un = un('atanh', 'arctanh');
/**
 * NumPy 2's short name for {@link arctan2}.
 * @param a the y coordinates (an array or a scalar)
 * @param b the x coordinates, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.atan2(np.array([1]), 1).tolist() // [0.7853981633974483]
 */
export const atan2: Bin = bin('atan2', 'arctan2');
/**
 * NumPy 2's short name for {@link power}.
 * @param a bases (an array or a scalar)
 * @param b exponents, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.pow(np.array([2, 3]), 2).tolist() // [4, 9]
 */
export const pow: Bin = powerUfunc('pow');
