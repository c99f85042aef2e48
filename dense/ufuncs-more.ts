/**
 * NumPy's Tier 2 element-wise functions: `round` (half to even, with `decimals`), `mod` (Python's
 * sign rule), `log10`, `log2`, `isinf`. Each is one element-wise expression of the fused builder
 * (dense/ewise.ts), so they fuse with their neighbours into one kernel and one launch.
 */
import { fx } from '../codegen/index.js';
import type { DType } from '../runtime/index.js';
import { ewise, type Operand } from './ewise.js';
import type { ndarray } from './ndarray.js';
import { type ArrayInput, sig } from './sig.js';
import { type Bin, type Un, ufunc } from './ufuncs.js';

const un = (name: string): Un =>
  sig<Un>(`${name}(x: operand, /, out: ndarray = None, *, dtype: dtype = None)`, ((
    x: Operand,
    out: ndarray | undefined,
    dtype: DType | undefined,
  ) => ufunc(name, [x], ['x'], out, dtype)) as never);

/**
 * Base-10 logarithm (integer input gives float64).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.log10(np.array([1, 10, 1000])).tolist() // [0, 1, 3]
 */
export const log10: Un = un('log10');
/**
 * Base-2 logarithm (integer input gives float64).
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.log2(np.array([1, 8, 0.5])).tolist() // [0, 3, -1]
 */
export const log2: Un = un('log2');
/**
 * Infinity test (either sign) → bool.
 * @param x operand (an array or a scalar)
 * @param opts `out`: an array to write the result into
 * @returns the result array
 * @throws {ArgumentTypeError} when `x` is not array_like
 * @example np.isinf(np.array([1, np.inf, -np.inf, np.nan])).tolist() // [false, true, true, false]
 */
export const isinf: Un = un('isinf');

const modLine = (name: string): Bin =>
  sig<Bin>(`${name}(a: operand, b: operand, /, out: ndarray = None, *, dtype: dtype = None)`, ((
    a: Operand,
    b: Operand,
    out: ndarray | undefined,
    dtype: DType | undefined,
  ) => ufunc('mod', [a, b], ['a', 'b'], out, dtype)) as never);

/**
 * Remainder of division with Python's sign rule: the result has the sign of the divisor
 * (`np.mod(-3, 2)` is 1). Integer division by zero gives 0 and float division by zero NaN, as
 * NumPy (which also warns). Two bool operands give bool zeros (NumPy: int8 zeros).
 * @param a the dividend (an array or a scalar)
 * @param b the divisor, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.mod(np.array([-3, -1, 4, 5]), 3).tolist() // [0, 2, 1, 2]
 * @example np.mod(np.array([5.5, -5.5]), -2).tolist() // [-0.5, -1.5]
 */
export const mod: Bin = modLine('mod');
/**
 * NumPy's other name for {@link mod}.
 * @param a the dividend (an array or a scalar)
 * @param b the divisor, broadcast against `a`
 * @param opts `out`: an array to write the result into; `dtype`: the computation dtype
 * @returns the result array
 * @throws {ShapeError} when the operands do not broadcast
 * @example np.remainder(np.array([-7, 7]), 4).tolist() // [1, 3]
 */
export const remainder: Bin = modLine('remainder');

/** Keyword options of {@link round}. */
export interface RoundOptions {
  /** Decimal places (negative: to the left of the point). Default 0. */
  decimals?: number;
  /** Write the result here. */
  out?: ndarray | null;
}

/** `round(a, decimals)` as NumPy computes it: scale by 10^decimals, rint, unscale. */
export function roundImpl(a: Operand, decimals: number, out: ndarray | null | undefined): ndarray {
  const dt = typeof a === 'object' ? a.dtype : typeof a === 'boolean' ? 'bool' : 'float64';
  const integral = dt !== 'float64' && dt !== 'float32';
  if (integral && decimals >= 0) return ewise('round', 'copy', [a], ['a'], out, { build: (l) => l[0]! });
  if (decimals === 0) return ewise('round', 'rint', [a], ['a'], out);
  const f = 10 ** Math.abs(decimals);
  // Integer input with decimals < 0 rounds in float64 and casts back (NumPy keeps the dtype).
  const key = `round|${decimals < 0 ? 'n' : 'p'}|${integral ? dt : 'f'}`;
  return ewise('round', key, [a, f], ['a', 'decimals'], out, {
    build: ([x, s]) => {
      const xf = integral ? fx.castTo('float64', x!) : x!;
      const r =
        decimals > 0
          ? fx.divide(fx.rint(fx.multiply(xf, s!)), s!)
          : fx.multiply(fx.rint(fx.divide(xf, s!)), s!);
      return integral ? fx.castTo(dt, r) : r;
    },
  });
}

/**
 * Rounds to `decimals` decimal places, halves to even (`np.round(2.5)` is 2) — NumPy's
 * `round`/`around`: scaled by `10**decimals`, rounded, scaled back, so results carry that
 * computation's floating-point error as NumPy's do. Integer arrays with `decimals >= 0` are copied.
 * @param a the values
 * @param decimals decimal places (negative: tens, hundreds, ...)
 * @param out an array to write the result into
 * @returns the result array (the dtype of `a`)
 * @throws {ArgumentTypeError} when `decimals` is not an integer
 * @example np.round(np.array([0.5, 1.5, 2.5, -0.5])).tolist() // [0, 2, 2, -0]
 * @example np.round(np.array([1.234, 5.678]), 2).tolist() // [1.23, 5.68]
 * @example np.round(np.array([1234, 1250]), -2).tolist() // [1200, 1200]
 */
export const round = sig<
  (
    a: ArrayInput,
    decimals?: number | RoundOptions,
    out?: ndarray | null | RoundOptions,
    opts?: RoundOptions,
  ) => ndarray
>('round(a: operand, decimals: int = 0, out: ndarray = None)', ((
  a: Operand,
  decimals: number,
  out: ndarray | undefined,
) => roundImpl(a, decimals, out)) as never);
/**
 * NumPy's older name for {@link round}.
 * @param a the values
 * @param decimals decimal places (negative: tens, hundreds, ...)
 * @param out an array to write the result into
 * @returns the result array (the dtype of `a`)
 * @throws {ArgumentTypeError} when `decimals` is not an integer
 * @example np.around(np.array([0.125, 0.135]), 2).tolist() // [0.12, 0.14]
 */
export const around = sig<typeof round>('around(a: operand, decimals: int = 0, out: ndarray = None)', ((
  a: Operand,
  decimals: number,
  out: ndarray | undefined,
) => roundImpl(a, decimals, out)) as never);
