/**
 * NumPy's integer and bitwise ufuncs: `bitwise_and bitwise_or bitwise_xor bitwise_not` (and its
 * names `invert`, `bitwise_invert`), `left_shift right_shift` (and NumPy 2's `bitwise_left_shift`,
 * `bitwise_right_shift`), `gcd`, `lcm`. Each is one node of the fused expression builder
 * (codegen/fuse-ops-bits.ts), so they fuse with their neighbours. Integer and bool operands only
 * (gcd/lcm: integers only), as NumPy: a float operand is a `DTypeError` naming the function.
 * Shifts of bools compute in uint8 (NumPy: int8; the same values for shifts by 0–6).
 */
import { type FuseNode, fx } from '../codegen/index.js';
import type { DType } from '../runtime/index.js';
import { ewise, type Operand } from './ewise.js';
import type { ndarray } from './ndarray.js';
import { sig } from './sig.js';
import type { Bin, Un } from './ufuncs.js';

/** Runs codegen op `op` under the public name `fn` (aliases report the name the user called). */
function call(fn: string, op: string, xs: Operand[], names: string[], out?: ndarray, dtype?: DType): ndarray {
  if (!dtype) return ewise(fn, op, xs, names, out);
  const f = (fx as unknown as Record<string, (...a: FuseNode[]) => FuseNode>)[op]!;
  return ewise(fn, `${op}|${dtype}`, xs, names, out, {
    build: (l) => f(...l.map((x) => fx.castTo(dtype, x))),
  });
}

const un = (name: string, op = name): Un =>
  sig<Un>(`${name}(x: operand, /, out: ndarray = None, *, dtype: dtype = None)`, ((
    x: Operand,
    out: ndarray | undefined,
    dtype: DType | undefined,
  ) => call(name, op, [x], ['x'], out, dtype)) as never);

const bin = (name: string, op = name): Bin =>
  sig<Bin>(`${name}(x1: operand, x2: operand, /, out: ndarray = None, *, dtype: dtype = None)`, ((
    a: Operand,
    b: Operand,
    out: ndarray | undefined,
    dtype: DType | undefined,
  ) => call(name, op, [a, b], ['x1', 'x2'], out, dtype)) as never);

/**
 * Bit-wise AND of integers (logical AND of bools).
 * @param x1 operand (an integer or bool array, or a scalar)
 * @param x2 operand
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {DTypeError} for float operands
 * @example np.bitwise_and(np.array([13, 17]), 7).tolist() // [5, 1]
 */
export const bitwise_and: Bin = bin('bitwise_and');
/**
 * Bit-wise OR of integers (logical OR of bools).
 * @param x1 operand (an integer or bool array, or a scalar)
 * @param x2 operand
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {DTypeError} for float operands
 * @example np.bitwise_or(np.array([1, 4]), 2).tolist() // [3, 6]
 */
export const bitwise_or: Bin = bin('bitwise_or');
/**
 * Bit-wise XOR of integers (logical XOR of bools).
 * @param x1 operand (an integer or bool array, or a scalar)
 * @param x2 operand
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {DTypeError} for float operands
 * @example np.bitwise_xor(np.array([31, 3]), 5).tolist() // [26, 6]
 */
export const bitwise_xor: Bin = bin('bitwise_xor');
/**
 * Bit-wise NOT (two's complement: `~x`; uint8 `255 - x`; logical NOT of bools).
 * @param x operand (an integer or bool array, or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {DTypeError} for a float operand
 * @example np.bitwise_not(np.array([0, -3])).tolist() // [-1, 2]
 */
export const bitwise_not: Un = un('bitwise_not');
/**
 * NumPy's usual name for {@link bitwise_not}.
 * @param x operand (an integer or bool array, or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {DTypeError} for a float operand
 * @example np.invert(np.array([true, false])).tolist() // [false, true]
 */
export const invert: Un = un('invert', 'bitwise_not');
/**
 * The array API's name for {@link bitwise_not}.
 * @param x operand (an integer or bool array, or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {DTypeError} for a float operand
 * @example np.bitwise_invert(np.array([1], { dtype: 'uint8' })).tolist() // [254]
 */
export const bitwise_invert: Un = un('bitwise_invert', 'bitwise_not');
/**
 * `x1 << x2` in x1's dtype (wrapping); a count outside [0, bits) gives 0.
 * @param x1 the values (integers or bools)
 * @param x2 the shift counts
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {DTypeError} for float operands
 * @example np.left_shift(5, np.array([1, 2, 3])).tolist() // [10, 20, 40]
 */
export const left_shift: Bin = bin('left_shift');
/**
 * The array API's name for {@link left_shift}.
 * @param x1 the values (integers or bools)
 * @param x2 the shift counts
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {DTypeError} for float operands
 * @example np.bitwise_left_shift(np.array([1], { dtype: 'uint8' }), 7).tolist() // [128]
 */
export const bitwise_left_shift: Bin = bin('bitwise_left_shift', 'left_shift');
/**
 * `x1 >> x2` (arithmetic: the sign is kept); a count outside [0, bits) gives 0 or -1.
 * @param x1 the values (integers or bools)
 * @param x2 the shift counts
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {DTypeError} for float operands
 * @example np.right_shift(np.array([10, -10]), 1).tolist() // [5, -5]
 */
export const right_shift: Bin = bin('right_shift');
/**
 * The array API's name for {@link right_shift}.
 * @param x1 the values (integers or bools)
 * @param x2 the shift counts
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {DTypeError} for float operands
 * @example np.bitwise_right_shift(np.array([-8]), 40).tolist() // [-1]
 */
export const bitwise_right_shift: Bin = bin('bitwise_right_shift', 'right_shift');
/**
 * Greatest common divisor of `|x1|` and `|x2|` (0 when both are 0).
 * @param x1 integers
 * @param x2 integers
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {DTypeError} for float or bool operands
 * @example np.gcd(np.array([12, 20, 0]), 8).tolist() // [4, 4, 8]
 */
export const gcd: Bin = bin('gcd');
/**
 * Lowest common multiple of `|x1|` and `|x2|` (0 when either is 0), wrapping in the dtype.
 * @param x1 integers
 * @param x2 integers
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {DTypeError} for float or bool operands
 * @example np.lcm(np.array([4, -6, 0]), 6).tolist() // [12, 6, 0]
 */
export const lcm: Bin = bin('lcm');
