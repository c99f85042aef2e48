/** Comparisons for tests: `isclose`, `allclose`, `array_equal`. */
import { fx } from '../codegen/index.js';
import { ewise, type Operand } from './ewise.js';
import type { ndarray } from './ndarray.js';
import { all } from './reduce.js';
import { type ArrayInput, sig } from './sig.js';

/** Options of {@link isclose}. */
export interface CloseOptions {
  /** Relative tolerance (default 1e-5). */
  rtol?: number;
  /** Absolute tolerance (default 1e-8). */
  atol?: number;
  /** NaNs compare equal (default false). */
  equal_nan?: boolean;
}

/** `isclose`/`allclose`: `f(a, b, rtol?, atol?, equal_nan?, {…})`. */
export type CloseFn<R> = (
  a: ArrayInput,
  b: ArrayInput,
  rtol?: number | CloseOptions,
  atol?: number | CloseOptions,
  equal_nan?: boolean | CloseOptions,
  opts?: CloseOptions,
) => R;

const CLOSE_LINE = (fn: string) =>
  `${fn}(a: operand, b: operand, rtol: number = 1e-05, atol: number = 1e-08, equal_nan: bool = False)`;

/**
 * `|a - b| <= atol + rtol·|b|` element-wise (infinities equal when they match; NaN equal only with
 * `equal_nan`).
 * @param a an array or a scalar
 * @param b an array or a scalar, broadcast against `a`
 * @param opts `rtol` (1e-5), `atol` (1e-8), `equal_nan` (false)
 * @returns a bool array
 * @example np.isclose(np.array([1, 2]), np.array([1, 2.1])).tolist() // [true, false]
 */
export const isclose = sig<CloseFn<ndarray>>(CLOSE_LINE('isclose'), ((
  a: Operand,
  b: Operand,
  rtol: number,
  atol: number,
  eqnan: boolean,
) => iscloseImpl(a, b, rtol, atol, eqnan)) as never);

function iscloseImpl(a: Operand, b: Operand, rtol: number, atol: number, eqnan: boolean): ndarray {
  const label = `isclose${eqnan ? 'n' : ''}`;
  return ewise('isclose', label, [a, b, rtol, atol], ['a', 'b', 'rtol', 'atol'], null, {
    build: ([x, y, r, t]) => {
      const X = fx.castTo('float64', x!);
      const Y = fx.castTo('float64', y!);
      const close = fx.less_equal(
        fx.abs(fx.subtract(X, Y)),
        fx.add(fx.castTo('float64', t!), fx.multiply(fx.castTo('float64', r!), fx.abs(Y))),
      );
      const same = fx.equal(X, Y); // equal infinities
      const base = fx.logical_or(same, fx.logical_and(fx.isfinite(fx.subtract(X, Y)), close));
      return eqnan ? fx.logical_or(base, fx.logical_and(fx.isnan(X), fx.isnan(Y))) : base;
    },
  });
}

/**
 * True when every element is close (see {@link isclose}).
 * @param a an array or a scalar
 * @param b an array or a scalar, broadcast against `a`
 * @param opts as for {@link isclose}
 * @returns whether every element is close
 * @example
 * np.allclose(np.array([1, 2]), np.array([1, 2 + 1e-9])) // true
 * np.allclose(np.array([1, 2]), [1, 2]) // true
 */
export const allclose = sig<CloseFn<boolean>>(CLOSE_LINE('allclose'), ((
  a: Operand,
  b: Operand,
  rtol: number,
  atol: number,
  eqnan: boolean,
) => Boolean(all(iscloseImpl(a, b, rtol, atol, eqnan)).item())) as never);

/**
 * True when both have the same shape and elements (NaN ≠ NaN unless `equal_nan`).
 * @param a an array
 * @param b an array
 * @param opts `equal_nan` (default false)
 * @returns whether shapes and elements are equal
 * @example
 * np.array_equal(np.array([1, 2]), np.array([1, 2])) // true
 * np.array_equal([1, 2], [1, 2]) // true
 */
export const array_equal = sig<
  (a1: ArrayInput, a2: ArrayInput, equal_nan?: boolean | { equal_nan?: boolean }) => boolean
>('array_equal(a1: array_like, a2: array_like, equal_nan: bool = False)', ((
  a: ndarray,
  b: ndarray,
  equal_nan: boolean,
) => arrayEqual(a, b, equal_nan)) as never);

function arrayEqual(a: ndarray, b: ndarray, equalNan: boolean): boolean {
  if (a.ndim !== b.ndim || a.shape.some((e, d) => e !== b.shape[d])) return false;
  if (a.size === 0) return true;
  const eq = equalNan
    ? ewise('array_equal', 'eqnan', [a, b], ['a', 'b'], null, {
        build: ([x, y]) => fx.logical_or(fx.equal(x!, y!), fx.logical_and(fx.isnan(x!), fx.isnan(y!))),
      })
    : ewise('array_equal', 'equal', [a, b], ['a', 'b']);
  return Boolean(all(eq).item());
}
