/**
 * Element-wise functions (NumPy ufuncs) with broadcasting, type promotion, `out` and `dtype`. Each
 * is bound to NumPy's signature (`add(x1, x2, /, out=None, *, dtype=None)`; cohort names the
 * operands `a`, `b` and `x`) and is one call of {@link ewise}. Operands are array_like: ndarrays
 * and JavaScript scalars pass as they are, typed arrays and nested arrays are converted.
 */
import { fx } from '../codegen/index.js';
import { ArgumentTypeError, type DType, ValueError } from '../runtime/index.js';
import { ewise, type Operand } from './ewise.js';
import { mixed } from './mixed.js';
import type { ndarray } from './ndarray.js';
import { scalarPower } from './power.js';
import { min as minReduce } from './reduce.js';
import { type ArrayInput, type ReflectedOp, type Reflecting, reflects, sig } from './sig.js';

/** Keyword options of ufuncs: `out` (an array to write into) and `dtype` (the computation dtype). */
export interface UfuncOptions {
  /** Write the result here (its shape must be the broadcast shape; same-kind casting). */
  out?: ndarray | null;
  /** Compute in this dtype (operands are cast to it first). */
  dtype?: DType | null;
}

/** A binary ufunc: `f(a, b, out?, {out, dtype})`. */
export type Bin = (
  a: ArrayInput,
  b: ArrayInput,
  out?: ndarray | null | UfuncOptions,
  opts?: UfuncOptions,
) => ndarray;
/**
 * A binary ufunc that also takes a sparse operand on either side (`np.add(a, S)`, `np.add(S, a)`):
 * the result is the other library's (dense for add and subtract, as SciPy).
 */
export interface MixedBin extends Bin {
  (a: ArrayInput, b: Reflecting, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
  (a: Reflecting, b: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions): ndarray;
  (a: Reflecting, b: Reflecting): unknown;
}
/** `np.multiply`: by a sparse operand on either side, the sparse library's product (`R`). */
export interface MixedMul extends Bin {
  <R>(a: ArrayInput, b: Reflecting<R>): R;
  <R>(a: Reflecting<R>, b: ArrayInput | Reflecting): R;
}
/** A unary ufunc: `f(x, out?, {out, dtype})`. */
export type Un = (x: ArrayInput, out?: ndarray | null | UfuncOptions, opts?: UfuncOptions) => ndarray;

/** Runs ufunc `name` on operands, computing in `dtype` when given. */
export function ufunc(
  name: string,
  operands: readonly Operand[],
  names: readonly string[],
  out: ndarray | null | undefined,
  dtype: DType | null | undefined,
): ndarray {
  if (dtype === undefined || dtype === null) return ewise(name, name, operands, names, out);
  const op = (fx as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!;
  return ewise(name, `${name}|${dtype}`, operands, names, out, {
    build: (l) => op(...l.map((x) => fx.castTo(dtype, x))) as ReturnType<typeof fx.castTo>,
  });
}

const bin = (name: string, check?: (a: Operand, b: Operand) => void): Bin =>
  sig<Bin>(`${name}(a: operand, b: operand, /, out: ndarray = None, *, dtype: dtype = None)`, ((
    a: Operand,
    b: Operand,
    out: ndarray | undefined,
    dtype: DType | undefined,
  ) => {
    if (check) check(a, b);
    return ufunc(name, [a, b], ['a', 'b'], out, dtype);
  }) as never);
/** A binary ufunc whose operands may also be sparse (handed over through REFLECT, mixed.ts). */
const mixedBin = <F>(name: ReflectedOp): F =>
  sig<F & Bin>(
    `${name}(a: operand_or_reflecting, b: operand_or_reflecting, /, out: ndarray = None, *, dtype: dtype = None)`,
    ((a: Operand, b: Operand, out: ndarray | undefined, dtype: DType | undefined) =>
      reflects(a) || reflects(b)
        ? mixed(name, name, a, b, out, dtype)
        : ufunc(name, [a, b], ['a', 'b'], out, dtype)) as never,
  );
const un = (name: string): Un =>
  sig<Un>(`${name}(x: operand, /, out: ndarray = None, *, dtype: dtype = None)`, ((
    x: Operand,
    out: ndarray | undefined,
    dtype: DType | undefined,
  ) => ufunc(name, [x], ['x'], out, dtype)) as never);

const integral = (o: Operand): boolean =>
  typeof o === 'number'
    ? Number.isInteger(o)
    : typeof o === 'boolean' || (o.dtype !== 'float64' && o.dtype !== 'float32');

/** NumPy: "Integers to negative integer powers are not allowed." (checked on the values). */
function checkPower(a: Operand, b: Operand): void {
  if (!integral(a) || !integral(b) || typeof b === 'boolean') return;
  if (typeof a === 'number' && typeof b === 'number') {
    if (b < 0) throw new ValueError('power: Integers to negative integer powers are not allowed.');
    return;
  }
  const negative =
    typeof b === 'number' ? b < 0 : b.dtype === 'int32' && b.size > 0 && Number(minReduce(b).item()) < 0;
  if (negative) throw new ValueError('power: Integers to negative integer powers are not allowed.');
}

/**
 * `a + b` element-wise.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.add(np.array([1, 2]), 1).tolist() // [2, 3]
 * @example np.add(np.ones([2, 2]), sparse.eye(2)).tolist() // [[2, 1], [1, 2]]
 */
export const add: MixedBin = mixedBin<MixedBin>('add');
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
export const subtract: MixedBin = mixedBin<MixedBin>('subtract');
/**
 * `a * b` element-wise.
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example String(np.multiply(np.array([1.5, 2]), 2)) // '[3. 4.]'
 * @example np.multiply(sparse.eye(2), [[2, 3], [4, 5]]).toarray().tolist() // [[2, 0], [0, 5]]
 */
export const multiply: MixedMul = mixedBin<MixedMul>('multiply');
/**
 * True division `a / b` (integer operands give float64).
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example String(np.divide(np.array([1, 3]), 2)) // '[0.5 1.5]'
 */
export const divide: MixedBin = mixedBin<MixedBin>('divide');
/**
 * `a ** b` element-wise (C `pow` special cases; integer powers wrap). A scalar exponent of 2, -1,
 * 0.5 or 1 takes NumPy's fast path (`a * a`, `1 / a`, `sqrt(a)`, a copy: dense/power.ts); other
 * float64 powers use cohort's own `pow` (within 1 ulp, the same bits in the fused Wasm and
 * JavaScript forms: codegen/README.md "Transcendentals").
 * @param a first operand (an array or a scalar)
 * @param b second operand, broadcast against `a`
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @throws {ValueError} for integers to a negative integer power (as NumPy)
 * @example String(np.power(np.array([1, 2, 3]), 2)) // '[1 4 9]'
 * @example np.power(np.array([4, 0.25]), 0.5).tolist() // [2, 0.5]
 */
export const power: Bin = powerUfunc('power');

/** `power` bound to the signature of `name` (`power`, or NumPy 2's `pow`). */
export function powerUfunc(name: string): Bin {
  return sig<Bin>(`${name}(a: operand, b: operand, /, out: ndarray = None, *, dtype: dtype = None)`, ((
    a: Operand,
    b: Operand,
    out: ndarray | undefined,
    dtype: DType | undefined,
  ) => {
    // A float dtype= computes in floats, where negative powers are allowed (as NumPy).
    if (dtype !== 'float64' && dtype !== 'float32') checkPower(a, b);
    return scalarPower(name, 'power', a, b, out, dtype) ?? ufunc('power', [a, b], ['a', 'b'], out, dtype);
  }) as never);
}
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

const INT_RANGE: Partial<Record<DType, [number, number]>> = {
  uint8: [0, 255],
  int32: [-2147483648, 2147483647],
  bool: [0, 1],
};

/**
 * A clip bound for an array: a missing bound is the dtype's extreme, and an integer-valued number
 * outside an integer dtype's range is clamped into it (NumPy 2 keeps the array's dtype and clips
 * `uint8` values with -1 and 300 to themselves).
 */
function bound(x: Operand, v: Operand | undefined, low: boolean): Operand {
  const dt = typeof x === 'object' ? x.dtype : undefined;
  const range = dt === undefined ? undefined : INT_RANGE[dt];
  if (v === undefined || v === null) {
    if (range !== undefined && dt !== 'bool') return low ? range[0] : range[1];
    return low ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (range !== undefined && typeof v === 'number' && Number.isInteger(v) && dt !== 'bool')
    return Math.min(Math.max(v, range[0]), range[1]);
  return v;
}

/**
 * Limits values to `[a_min, a_max]` (`min`/`max` are NumPy 2's keyword names for the bounds; a
 * missing bound does not limit). Integer bounds beyond an integer array's range are clamped to it,
 * so the result keeps the array's dtype.
 * @param a the values
 * @param a_min the lower bound (an array_like, broadcast), or null
 * @param a_max the upper bound (an array_like, broadcast), or null
 * @param out an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when a bound is given both as `a_min`/`a_max` and as `min`/`max`
 * @example
 * np.clip(np.array([1, 5, 9]), 2, 6).tolist() // [2, 5, 6]
 * np.clip(np.array([1, 2, 3], { dtype: 'uint8' }), -1, 300).tolist() // [1, 2, 3]
 */
export const clip = sig<
  (
    a: ArrayInput,
    a_min?: ArrayInput | null | ClipOptions,
    a_max?: ArrayInput | null | ClipOptions,
    out?: ndarray | null | ClipOptions,
    opts?: ClipOptions,
  ) => ndarray
>(
  'clip(a: operand, a_min: operand = None, a_max: operand = None, out: ndarray = None, *, min: operand = None, max: operand = None, dtype: dtype = None)',
  ((a: Operand, lo?: Operand, hi?: Operand, out?: ndarray, mn?: Operand, mx?: Operand, dtype?: DType) => {
    if (mn != null && lo != null) throw twice('a_min', 'min');
    if (mx != null && hi != null) throw twice('a_max', 'max');
    const l = bound(a, lo ?? mn, true);
    const h = bound(a, hi ?? mx, false);
    return ufunc('clip', [a, l, h], ['a', 'a_min', 'a_max'], out, dtype);
  }) as never,
);

/** Keyword options of {@link clip}. */
export interface ClipOptions extends UfuncOptions {
  /** The lower bound. */
  a_min?: ArrayInput | null;
  /** The upper bound. */
  a_max?: ArrayInput | null;
  /** The lower bound (NumPy 2's name for `a_min`). */
  min?: ArrayInput | null;
  /** The upper bound (NumPy 2's name for `a_max`). */
  max?: ArrayInput | null;
}

function twice(a: string, b: string): ArgumentTypeError {
  return new ArgumentTypeError(`clip: argument '${a}' given twice (as '${a}' and as '${b}')`);
}

/**
 * `condition ? x : y` element-wise, with broadcasting (NumPy's three-argument `where`).
 * @param condition where true, take `x`
 * @param x the values where true
 * @param y the values where false
 * @returns the result array
 * @example np.where(np.array([true, false]), 1, 2).tolist() // [1, 2]
 */
export const where = sig<(condition: ArrayInput, x: ArrayInput, y: ArrayInput) => ndarray>(
  'where(condition: operand, x: operand, y: operand, /)',
  ((c: Operand, x: Operand, y: Operand) =>
    ewise('where', 'where', [c, x, y], ['condition', 'x', 'y'])) as never,
);
