/**
 * The few vector and scalar steps the Krylov solvers are made of, written once on the public dense
 * API (so a faster public primitive — a fused update, say — changes one place). All deferred.
 */
import * as np from '../../dense/index.js';
import { type LinearOperator, matvecInto, writesInto } from './interface.js';

type ndarray = np.ndarray;

// Fused functions (np.fuse): each update is one pass over memory and leaves no pending
// intermediate behind (outside one, the dropped `a·x` would be computed when x is next written).
const axpyF = np.fuse((y: ndarray, a: ndarray | number, x: ndarray) =>
  np.add(y, np.multiply(x, a), { out: y }),
);
const axmyF = np.fuse((y: ndarray, a: ndarray | number, x: ndarray) =>
  np.subtract(y, np.multiply(x, a), { out: y }),
);
const xpayF = np.fuse((p: ndarray, beta: ndarray | number, z: ndarray) =>
  np.add(z, np.multiply(p, beta), { out: p }),
);

// An update and the dot of its result run as one launch, block by block (the runtime's
// launch-pair fusion inside np.fuse): one pass over y instead of two, the same bits.
const axmyDotF = np.fuse((y: ndarray, a: ndarray | number, x: ndarray) => {
  np.subtract(y, np.multiply(x, a), { out: y });
  return np.dot(y, y);
});

// The product of an iteration and a dot with it as one launch (host-scalar solves: one inline
// piece, one launch and one 0-d result fewer per iteration; the same kernels on the same ranges,
// so the same bits). Two orders of the dot's operands, as the solvers write them.
const matvecDotF = np.fuse((A: LinearOperator, p: ndarray, q: ndarray, w: ndarray) => {
  matvecInto(A, p, q);
  return np.dot(w, q);
});
const matvecDotLastF = np.fuse((A: LinearOperator, p: ndarray, q: ndarray, w: ndarray) => {
  matvecInto(A, p, q);
  return np.dot(q, w);
});

/**
 * `q ← A·p` and returns `w·q` (0-d; `q·w` with `wFirst` false — the operands in the solver's
 * order): one launch when A is a sparse array's operator (the SpMV and the dot run block by
 * block), else the operator's product into `q` (or a fresh one) and a dot.
 * @param A - the operator.
 * @param p - the vector.
 * @param q - the destination (not `p`, not `w`), shape `[n]`, A's dtype.
 * @param w - the other operand of the dot (default `p`).
 * @param wFirst - whether `w` is the dot's first operand.
 * @returns `[the product, the dot]`.
 */
export function matvecDot(
  A: LinearOperator,
  p: ndarray,
  q: ndarray,
  w: ndarray = p,
  wFirst = true,
): [ndarray, ndarray] {
  if (writesInto(A, p, q)) return [q, (wFirst ? matvecDotF : matvecDotLastF)(A, p, q, w)];
  const y = matvecInto(A, p, q);
  return [y, wFirst ? np.dot(w, y) : np.dot(y, w)];
}

/** `y ← y + a·x` in place (a: number or 0-d array); one launch. */
export function axpy(y: ndarray, a: ndarray | number, x: ndarray): void {
  axpyF(y, a, x);
}

/** `y ← y − a·x` in place; one launch. */
export function axmy(y: ndarray, a: ndarray | number, x: ndarray): void {
  axmyF(y, a, x);
}

/** `y ← y − a·x` in place, and returns `y·y` (0-d, deferred); one launch. */
export function axmyDot(y: ndarray, a: ndarray | number, x: ndarray): ndarray {
  return axmyDotF(y, a, x);
}

/** `p ← z + beta·p` in place; one launch. */
export function xpay(p: ndarray, beta: ndarray | number, z: ndarray): void {
  xpayF(p, beta, z);
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

const scaleF = np.fuse((y: ndarray, a: ndarray | number) => np.multiply(y, a, { out: y }));

/** `y ← a·y` in place; one launch. */
export function scaleInPlace(y: ndarray, a: ndarray | number): void {
  scaleF(y, a);
}
