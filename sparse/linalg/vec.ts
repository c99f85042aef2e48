/**
 * The few vector and scalar steps the Krylov solvers are made of, written once on the public dense
 * API (so a faster public primitive — a fused update, say — changes one place). All deferred.
 */
import * as np from '../../dense/index.js';

type ndarray = np.ndarray;

/**
 * `y ← y + a·x` in place (a: number or 0-d array).
 * @param tmp - optional workspace shaped like x (saves allocating the product each call).
 */
export function axpy(y: ndarray, a: ndarray | number, x: ndarray, tmp?: ndarray): void {
  np.add(y, np.multiply(x, a, tmp ? { out: tmp } : undefined), { out: y });
}

/**
 * `y ← y − a·x` in place.
 * @param tmp - optional workspace shaped like x.
 */
export function axmy(y: ndarray, a: ndarray | number, x: ndarray, tmp?: ndarray): void {
  np.subtract(y, np.multiply(x, a, tmp ? { out: tmp } : undefined), { out: y });
}

/** `p ← z + beta·p` in place. */
export function xpay(p: ndarray, beta: ndarray | number, z: ndarray): void {
  np.multiply(p, beta, { out: p });
  np.add(p, z, { out: p });
}

/** `a / b`, or 0 where b is 0 (keeps masked iterations finite). */
export function safeDiv(a: ndarray | number, b: ndarray): ndarray {
  const zero = np.equal(b, 0);
  return np.where(zero, 0, np.divide(a, np.where(zero, 1, b)));
}

/** `|v| < tol` as a 0-d boolean. */
export function absLess(v: ndarray, tol: number | ndarray): ndarray {
  return np.less(np.abs(v), tol);
}

/** A 0-d array holding `v` in `dtype`. */
export function scalar(v: number, dtype: np.DType): ndarray {
  return np.full([], v, { dtype });
}
