/**
 * Element-wise functions (NumPy ufuncs) with broadcasting, type promotion and `{out}`. Each is one
 * call of {@link ewise}.
 */
import { ewise, type Operand, type OutOptions } from './ewise.js';
import type { ndarray } from './ndarray.js';

const o = (opts?: OutOptions) => opts?.out;

type Bin = (a: Operand, b: Operand, opts?: OutOptions) => ndarray;
type Un = (x: Operand, opts?: OutOptions) => ndarray;

const bin =
  (name: string): Bin =>
  (a, b, opts) =>
    ewise(name, name, [a, b], ['a', 'b'], o(opts));
const un =
  (name: string): Un =>
  (x, opts) =>
    ewise(name, name, [x], ['x'], o(opts));

/** `a + b` element-wise. @example np.add(np.array([1, 2]), 1).tolist() // [2, 3] */
export const add: Bin = bin('add');
/** `a - b` element-wise. @throws {DTypeError} for two bool operands (as NumPy) */
export const subtract: Bin = bin('subtract');
/** `a * b` element-wise. */
export const multiply: Bin = bin('multiply');
/** True division `a / b` (integer operands give float64). */
export const divide: Bin = bin('divide');
/** `a ** b` element-wise (C `pow` special cases; integer powers wrap). */
export const power: Bin = bin('power');
/** Element-wise maximum (NaN propagates). */
export const maximum: Bin = bin('maximum');
/** Element-wise minimum (NaN propagates). */
export const minimum: Bin = bin('minimum');
/** `a == b` → bool. */
export const equal: Bin = bin('equal');
/** `a != b` → bool. */
export const not_equal: Bin = bin('not_equal');
/** `a < b` → bool. */
export const less: Bin = bin('less');
/** `a <= b` → bool. */
export const less_equal: Bin = bin('less_equal');
/** `a > b` → bool. */
export const greater: Bin = bin('greater');
/** `a >= b` → bool. */
export const greater_equal: Bin = bin('greater_equal');
/** Logical and → bool. */
export const logical_and: Bin = bin('logical_and');
/** Logical or → bool. */
export const logical_or: Bin = bin('logical_or');
/** Logical xor → bool. */
export const logical_xor: Bin = bin('logical_xor');

/** `-x`. @example np.negative(np.array([1, -2])).tolist() // [-1, 2] */
export const negative: Un = un('negative');
/** `|x|`. */
export const abs: Un = un('abs');
/** Alias of {@link abs}. */
export const absolute: Un = abs;
/** Square root (integers give float64). */
export const sqrt: Un = un('sqrt');
/** `e^x`. */
export const exp: Un = un('exp');
/** Natural logarithm. */
export const log: Un = un('log');
/** Sine. */
export const sin: Un = un('sin');
/** Cosine. */
export const cos: Un = un('cos');
/** Hyperbolic tangent. */
export const tanh: Un = un('tanh');
/** Sign (-1, 0, 1; NaN stays NaN). */
export const sign: Un = un('sign');
/** Floor. */
export const floor: Un = un('floor');
/** Ceiling. */
export const ceil: Un = un('ceil');
/** NaN test → bool. */
export const isnan: Un = un('isnan');
/** Finite test → bool. */
export const isfinite: Un = un('isfinite');
/** Logical not → bool. */
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
