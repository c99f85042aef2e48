/** Comparisons for tests: `isclose`, `allclose`, `array_equal`. */
import { fx } from '../codegen/index.js';
import { optionsArg } from './errors.js';
import { ewise, type Operand } from './ewise.js';
import { ndarray } from './ndarray.js';
import { all } from './reduce.js';

/** Options of {@link isclose}. */
export interface CloseOptions {
  rtol?: number;
  atol?: number;
  equal_nan?: boolean;
}

/**
 * `|a - b| <= atol + rtol·|b|` element-wise (infinities equal when they match; NaN equal only with
 * `equal_nan`).
 * @param a an array or a scalar
 * @param b an array or a scalar, broadcast against `a`
 * @param opts `rtol` (1e-5), `atol` (1e-8), `equal_nan` (false)
 * @returns a bool array
 * @example np.isclose(np.array([1, 2]), np.array([1, 2.1])).tolist() // [true, false]
 */
export function isclose(a: Operand, b: Operand, opts: CloseOptions = {}): ndarray {
  opts = optionsArg('isclose', opts);
  const rtol = opts.rtol ?? 1e-5;
  const atol = opts.atol ?? 1e-8;
  const eqnan = opts.equal_nan ?? false;
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
 * @example np.allclose(np.array([1, 2]), np.array([1, 2 + 1e-9])) // true
 */
export function allclose(a: Operand, b: Operand, opts: CloseOptions = {}): boolean {
  opts = optionsArg('allclose', opts);
  return Boolean(all(isclose(a, b, opts)).item());
}

/**
 * True when both have the same shape and elements (NaN ≠ NaN unless `equal_nan`).
 * @param a an array
 * @param b an array
 * @param opts `equal_nan` (default false)
 * @returns whether shapes and elements are equal
 * @example np.array_equal(np.array([1, 2]), np.array([1, 2])) // true
 */
export function array_equal(a: ndarray, b: ndarray, opts: { equal_nan?: boolean } = {}): boolean {
  opts = optionsArg('array_equal', opts);
  if (!(a instanceof ndarray) || !(b instanceof ndarray)) return false;
  if (a.ndim !== b.ndim || a.shape.some((e, d) => e !== b.shape[d])) return false;
  if (a.size === 0) return true;
  const eq = opts.equal_nan
    ? ewise('array_equal', 'eqnan', [a, b], ['a', 'b'], null, {
        build: ([x, y]) => fx.logical_or(fx.equal(x!, y!), fx.logical_and(fx.isnan(x!), fx.isnan(y!))),
      })
    : ewise('array_equal', 'equal', [a, b], ['a', 'b']);
  return Boolean(all(eq).item());
}
