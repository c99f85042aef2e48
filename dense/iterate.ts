/** Iteration over an ndarray's first axis, as NumPy's `for x in a`. */
import { ArgumentTypeError } from '../runtime/index.js';
import type { ndarray } from './ndarray.js';

function* values(a: ndarray): Generator<number | boolean, void, undefined> {
  const flat = a.toArray();
  const bool = a.dtype === 'bool';
  for (let i = 0; i < flat.length; i++) yield bool ? flat[i] !== 0 : flat[i]!;
}

function* rows(a: ndarray): Generator<ndarray, void, undefined> {
  const n = a.shape[0]!;
  for (let i = 0; i < n; i++) yield a.get([i]);
}

/**
 * The iterator of `a`: a 1-D array's elements (read once, when iteration starts), an n-D array's
 * (n-1)-D views along the first axis.
 * @throws {ArgumentTypeError} for a 0-d array (NumPy: "iteration over a 0-d array")
 */
export function iterate(a: ndarray): Generator<ndarray | number | boolean, void, undefined> {
  if (a.ndim === 0) {
    throw new ArgumentTypeError(
      "iter: argument 'self' expected an array of at least 1 dimension, received a 0-d array " +
        '(iteration over a 0-d array)',
    );
  }
  return a.ndim === 1 ? values(a) : rows(a);
}
