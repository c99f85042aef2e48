/**
 * Element-wise functions (NumPy ufuncs) with broadcasting, type promotion and `{out}`. Each is one
 * call of {@link ewise}.
 */
import { ewise, type Operand, type OutOptions } from './ewise.js';
import type { ndarray } from './ndarray.js';

const o = (opts?: OutOptions) => opts?.out;

/** A binary ufunc: `f(a, b, {out})`, broadcasting `a` against `b`. */
export type Bin = (a: Operand, b: Operand, opts?: OutOptions) => ndarray;
/** A unary ufunc: `f(x, {out})`. */
export type Un = (x: Operand, opts?: OutOptions) => ndarray;

const bin =
  (name: string): Bin =>
  (a, b, opts) =>
    ewise(name, name, [a, b], ['a', 'b'], o(opts));
const un =
  (name: string): Un =>
  (x, opts) =>
    ewise(name, name, [x], ['x'], o(opts));

/**
 * `a + b` element-wise.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.add(np.array([1, 2]), 1).tolist() // [2, 3]
 */
export const add: Bin = bin('add');
/**
 * `a - b` element-wise.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {DTypeError} for two bool operands (as NumPy)
 * @throws {ShapeError} when the operands do not broadcast
 * @example String(np.subtract(np.array([5, 7]), np.array([1, 2]))) // '[4 5]'
 */
export const subtract: Bin = bin('subtract');
/**
 * `a * b` element-wise.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example String(np.multiply(np.array([1.5, 2]), 2)) // '[3. 4.]'
 */
export const multiply: Bin = bin('multiply');
/**
 * True division `a / b` (integer operands give float64).
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example String(np.divide(np.array([1, 3]), 2)) // '[0.5 1.5]'
 */
export const divide: Bin = bin('divide');
/**
 * `a ** b` element-wise (C `pow` special cases; integer powers wrap).
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example String(np.power(np.array([1, 2, 3]), 2)) // '[1 4 9]'
 */
export const power: Bin = bin('power');
/**
 * Element-wise maximum (NaN propagates).
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example String(np.maximum(np.array([1, 5]), 3)) // '[3 5]'
 */
export const maximum: Bin = bin('maximum');
/**
 * Element-wise minimum (NaN propagates).
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example String(np.minimum(np.array([1, 5]), 3)) // '[1 3]'
 */
export const minimum: Bin = bin('minimum');
/**
 * `a == b` → bool.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example String(np.equal(np.array([1, 2]), 2)) // '[False  True]'
 */
export const equal: Bin = bin('equal');
/**
 * `a != b` → bool.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.not_equal(np.array([1, 2]), 2).tolist() // [true, false]
 */
export const not_equal: Bin = bin('not_equal');
/**
 * `a < b` → bool.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.less(np.array([1, 2, 3]), 2).tolist() // [true, false, false]
 */
export const less: Bin = bin('less');
/**
 * `a <= b` → bool.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.less_equal(np.array([1, 2, 3]), 2).tolist() // [true, true, false]
 */
export const less_equal: Bin = bin('less_equal');
/**
 * `a > b` → bool.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.greater(np.array([1, 2, 3]), 2).tolist() // [false, false, true]
 */
export const greater: Bin = bin('greater');
/**
 * `a >= b` → bool.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.greater_equal(np.array([1, 2, 3]), 2).tolist() // [false, true, true]
 */
export const greater_equal: Bin = bin('greater_equal');
/**
 * Logical and → bool.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.logical_and(np.array([true, true]), np.array([true, false])).tolist() // [true, false]
 */
export const logical_and: Bin = bin('logical_and');
/**
 * Logical or → bool.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.logical_or(np.array([0, 1]), np.array([0, 0])).tolist() // [false, true]
 */
export const logical_or: Bin = bin('logical_or');
/**
 * Logical xor → bool.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.logical_xor(np.array([true, true]), np.array([true, false])).tolist() // [false, true]
 */
export const logical_xor: Bin = bin('logical_xor');

/**
 * `-x`.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example np.negative(np.array([1, -2])).tolist() // [-1, 2]
 */
export const negative: Un = un('negative');
/**
 * `|x|`.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example String(np.abs(np.array([-1.5, 2]))) // '[1.5 2. ]'
 */
export const abs: Un = un('abs');
/**
 * Alias of {@link abs}.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example np.absolute(np.array([-3, 3])).tolist() // [3, 3]
 */
export const absolute: Un = abs;
/**
 * Square root (integers give float64).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example String(np.sqrt(np.array([1, 4, 9]))) // '[1. 2. 3.]'
 */
export const sqrt: Un = un('sqrt');
/**
 * `e^x`.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example np.exp(np.array([0, 1])).tolist() // [1, 2.718281828459045]
 */
export const exp: Un = un('exp');
/**
 * Natural logarithm.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example np.log(np.array([1, np.e])).tolist() // [0, 1]
 */
export const log: Un = un('log');
/**
 * Sine.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example np.sin(np.array([0, np.pi / 2])).tolist() // [0, 1]
 */
export const sin: Un = un('sin');
/**
 * Cosine.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example np.cos(np.array([0, np.pi])).tolist() // [1, -1]
 */
export const cos: Un = un('cos');
/**
 * Hyperbolic tangent.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example np.tanh(np.array([0, 1])).tolist() // [0, 0.7615941559557649]
 */
export const tanh: Un = un('tanh');
/**
 * Sign (-1, 0, 1; NaN stays NaN).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example String(np.sign(np.array([-2.5, 0, 3, np.nan]))) // '[-1.  0.  1. nan]'
 */
export const sign: Un = un('sign');
/**
 * Floor.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example String(np.floor(np.array([-1.5, 1.5]))) // '[-2.  1.]'
 */
export const floor: Un = un('floor');
/**
 * Ceiling.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example String(np.ceil(np.array([-1.5, 1.5]))) // '[-1.  2.]'
 */
export const ceil: Un = un('ceil');
/**
 * NaN test → bool.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example np.isnan(np.array([1, np.nan])).tolist() // [false, true]
 */
export const isnan: Un = un('isnan');
/**
 * Finite test → bool.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example np.isfinite(np.array([1, np.inf, np.nan])).tolist() // [true, false, false]
 */
export const isfinite: Un = un('isfinite');
/**
 * Logical not → bool.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a number or a boolean
 * @example np.logical_not(np.array([0, 2])).tolist() // [true, false]
 */
export const logical_not: Un = un('logical_not');

/**
 * Limits values to `[a_min, a_max]`.
 * @example np.clip(np.array([1, 5, 9]), 2, 6).tolist() // [2, 5, 6]
 */
export function clip(x: Operand, a_min: Operand, a_max: Operand, opts?: OutOptions): ndarray {
  return ewise('clip', 'clip', [x, a_min, a_max], ['x', 'a_min', 'a_max'], o(opts));
}

/**
 * `condition ? x : y` element-wise, with broadcasting.
 * @example np.where(np.array([true, false]), 1, 2).tolist() // [1, 2]
 */
export function where(condition: Operand, x: Operand, y: Operand, opts?: OutOptions): ndarray {
  return ewise('where', 'where', [condition, x, y], ['condition', 'x', 'y'], o(opts));
}
