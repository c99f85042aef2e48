/**
 * The operator methods of {@link ndarray}: arithmetic and comparisons (`a.add(b)`, `a.less(b)`,
 * `a.clip(lo, hi)`, ...), their in-place forms (`a.iadd(b)`, ...) and the products `a.dot(b)` and
 * `a.matmul(b)`. Each forwards to its module function (dense/ufuncs.ts, linalg-api.ts); an operand
 * of another library implementing `REFLECT` (a sparse array) is handed the operation.
 *
 * Declared on the class's type here, TSDoc and all (a module augmentation of ndarray.ts), and
 * installed on `ndarray.prototype` by ndarray.ts (`installMethods`): `ndarray` stays one class.
 */
import { dot, matmul } from './linalg-api.js';
import type { Methods, ndarray } from './ndarray.js';
import { type ArrayInput, REFLECT, type Reflecting, reflects } from './sig.js';
import type { UfuncOptions } from './ufuncs.js';
import * as ew from './ufuncs.js';

declare module './ndarray.js' {
  interface ndarray {
    // ---- element-wise (operators as methods) ----------------------------------------------------

    /**
     * `this + b`.
     * @param b the other operand (an array or a scalar)
     * @param out an array to write the result into (or the options object)
     * @param opts `out` and `dtype` (compute in that dtype)
     * @returns the result array
     * @example np.array([1, 2]).add(10).tolist() // [11, 12]
     */
    add(b: ArrayInput | Reflecting, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
    /**
     * `this - b`.
     * @param b the other operand (an array or a scalar)
     * @param out an array to write the result into (or the options object)
     * @param opts `out` and `dtype` (compute in that dtype)
     * @returns the result array
     * @example np.array([1, 2]).subtract(1).tolist() // [0, 1]
     */
    subtract(b: ArrayInput | Reflecting, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
    /**
     * `this * b`.
     * @param b the other operand (an array or a scalar)
     * @param out an array to write the result into (or the options object)
     * @param opts `out` and `dtype` (compute in that dtype)
     * @returns the result array
     * @example np.array([1, 2]).multiply(3).tolist() // [3, 6]
     */
    multiply<R>(b: Reflecting<R>): R;
    multiply(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
    /**
     * `this / b` (true division).
     * @param b the other operand (an array or a scalar)
     * @param out an array to write the result into (or the options object)
     * @param opts `out` and `dtype` (compute in that dtype)
     * @returns the result array
     * @example String(np.array([1, 2]).divide(4)) // '[0.25 0.5 ]'
     */
    divide(b: ArrayInput | Reflecting, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
    /**
     * `this ** b`.
     * @param b the other operand (an array or a scalar)
     * @param out an array to write the result into (or the options object)
     * @param opts `out` and `dtype` (compute in that dtype)
     * @returns the result array
     * @example np.array([2, 3]).power(2).tolist() // [4, 9]
     */
    power(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
    /**
     * `-this`.
     * @param out an array to write the result into (or the options object)
     * @param opts `out` and `dtype` (compute in that dtype)
     * @returns the result array
     * @example np.array([1, -2]).negative().tolist() // [-1, 2]
     */
    negative(out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
    /**
     * `|this|`.
     * @param out an array to write the result into (or the options object)
     * @param opts `out` and `dtype` (compute in that dtype)
     * @returns the result array
     * @example np.array([-1, 2]).abs().tolist() // [1, 2]
     */
    abs(out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
    /**
     * `this == b`.
     * @param b the other operand (an array or a scalar)
     * @param out an array to write the result into (or the options object)
     * @param opts `out` and `dtype` (compute in that dtype)
     * @returns the result array
     * @example np.array([1, 2]).equal(2).tolist() // [false, true]
     */
    equal(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
    /**
     * `this != b`.
     * @param b the other operand (an array or a scalar)
     * @param out an array to write the result into (or the options object)
     * @param opts `out` and `dtype` (compute in that dtype)
     * @returns the result array
     * @example np.array([1, 2]).not_equal(2).tolist() // [true, false]
     */
    not_equal(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
    /**
     * `this < b`.
     * @param b the other operand (an array or a scalar)
     * @param out an array to write the result into (or the options object)
     * @param opts `out` and `dtype` (compute in that dtype)
     * @returns the result array
     * @example np.array([1, 2]).less(2).tolist() // [true, false]
     */
    less(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
    /**
     * `this <= b`.
     * @param b the other operand (an array or a scalar)
     * @param out an array to write the result into (or the options object)
     * @param opts `out` and `dtype` (compute in that dtype)
     * @returns the result array
     * @example np.array([1, 2]).less_equal(2).tolist() // [true, true]
     */
    less_equal(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
    /**
     * `this > b`.
     * @param b the other operand (an array or a scalar)
     * @param out an array to write the result into (or the options object)
     * @param opts `out` and `dtype` (compute in that dtype)
     * @returns the result array
     * @example np.array([1, 2]).greater(1).tolist() // [false, true]
     */
    greater(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
    /**
     * `this >= b`.
     * @param b the other operand (an array or a scalar)
     * @param out an array to write the result into (or the options object)
     * @param opts `out` and `dtype` (compute in that dtype)
     * @returns the result array
     * @example np.array([1, 2]).greater_equal(2).tolist() // [false, true]
     */
    greater_equal(b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
    /**
     * Limits values to `[a_min, a_max]`.
     * @param a_min the lower bound
     * @param a_max the upper bound
     * @param out an array to write the result into (or the options object)
     * @param opts `out` and `dtype` (compute in that dtype)
     * @returns the result array
     * @example np.array([1, 5, 9]).clip(2, 6).tolist() // [2, 5, 6]
     */
    clip(
      a_min?: ArrayInput | null | ew.ClipOptions,
      a_max?: ArrayInput | null | ew.ClipOptions,
      out?: ndarray | null | ew.ClipOptions,
      opts?: ew.ClipOptions,
    ): ndarray;

    /**
     * `this += b` in place (result cast to this dtype, same-kind rule).
     * @returns this
     * @param b the other operand (an array or a scalar)
     * @throws {DTypeError} when the result cannot be cast to this dtype (same-kind rule)
     * @example np.array([1, 2]).iadd(1).tolist() // [2, 3]
     */
    iadd(b: ArrayInput): this;
    /**
     * `this -= b` in place.
     * @returns this
     * @param b the other operand (an array or a scalar)
     * @example np.array([1, 2]).isub(1).tolist() // [0, 1]
     */
    isub(b: ArrayInput): this;
    /**
     * `this *= b` in place.
     * @returns this
     * @param b the other operand (an array or a scalar)
     * @example np.array([1, 2]).imul(3).tolist() // [3, 6]
     */
    imul(b: ArrayInput): this;
    /**
     * `this /= b` in place (float arrays only, as NumPy).
     * @returns this
     * @param b the other operand (an array or a scalar)
     * @throws {DTypeError} on an integer array (the float64 quotient cannot be cast back)
     * @example np.array([1, 3], { dtype: 'float64' }).idiv(2).tolist() // [0.5, 1.5]
     */
    idiv(b: ArrayInput): this;

    // ---- linear algebra -------------------------------------------------------------------------

    /**
     * `dot(this, b)`.
     * @param b the other array
     * @returns the product
     * @example np.array([1, 2]).dot(np.array([3, 4])).item() // 11
     */
    dot(b: ArrayInput | Reflecting): ndarray;
    /**
     * `this
     * @ b`.
     * @param b the other array
     * @returns the product
     * @example np.array([[1, 2]]).matmul(np.array([[3], [4]])).tolist() // [[11]]
     */
    matmul(b: ArrayInput | Reflecting): ndarray;
  }
}

/**
 * @internal The implementations, which ndarray.ts installs on `ndarray.prototype` when it defines the
 * class. A function, not a constant: that can happen before this module has run (when it is the
 * first one imported, ndarray.ts runs first, as its dependency), and a function declaration exists
 * from the start.
 */
export function operatorMethods(): Methods<
  | 'add'
  | 'subtract'
  | 'multiply'
  | 'divide'
  | 'power'
  | 'negative'
  | 'abs'
  | 'equal'
  | 'not_equal'
  | 'less'
  | 'less_equal'
  | 'greater'
  | 'greater_equal'
  | 'clip'
  | 'iadd'
  | 'isub'
  | 'imul'
  | 'idiv'
  | 'dot'
  | 'matmul'
> {
  return {
    add(b, out, opts) {
      if (reflects(b)) return b[REFLECT]('add', this) as ndarray;
      return ew.add(this, b, out, opts);
    },
    subtract(b, out, opts) {
      if (reflects(b)) return b[REFLECT]('subtract', this) as ndarray;
      return ew.subtract(this, b, out, opts);
    },
    // Typed by hand: the declaration's two overloads give no parameter types to an implementation.
    multiply(b: ArrayInput | Reflecting, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions) {
      if (reflects(b)) return b[REFLECT]('multiply', this) as never;
      return ew.multiply(this, b, out, opts) as never;
    },
    divide(b, out, opts) {
      if (reflects(b)) return b[REFLECT]('divide', this) as ndarray;
      return ew.divide(this, b, out, opts);
    },
    power(b, out, opts) {
      return ew.power(this, b, out, opts);
    },
    negative(out, opts) {
      return ew.negative(this, out, opts);
    },
    abs(out, opts) {
      return ew.abs(this, out, opts);
    },
    equal(b, out, opts) {
      return ew.equal(this, b, out, opts);
    },
    not_equal(b, out, opts) {
      return ew.not_equal(this, b, out, opts);
    },
    less(b, out, opts) {
      return ew.less(this, b, out, opts);
    },
    less_equal(b, out, opts) {
      return ew.less_equal(this, b, out, opts);
    },
    greater(b, out, opts) {
      return ew.greater(this, b, out, opts);
    },
    greater_equal(b, out, opts) {
      return ew.greater_equal(this, b, out, opts);
    },
    clip(a_min, a_max, out, opts) {
      return ew.clip(this, a_min, a_max, out, opts);
    },
    iadd(b) {
      ew.add(this, b, this);
      return this;
    },
    isub(b) {
      ew.subtract(this, b, this);
      return this;
    },
    imul(b) {
      ew.multiply(this, b, this);
      return this;
    },
    idiv(b) {
      ew.divide(this, b, this);
      return this;
    },
    dot(b) {
      if (reflects(b)) return b[REFLECT]('dot', this) as ndarray;
      return dot(this, b);
    },
    matmul(b) {
      if (reflects(b)) return b[REFLECT]('matmul', this) as ndarray;
      return matmul(this, b);
    },
  };
}
