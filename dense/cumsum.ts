/** `cumsum`: a scan along one axis (the flattened array when no axis), see scan.ts. */
import { ArgumentTypeError, argMessage } from '../runtime/index.js';
import { optionsArg } from './errors.js';
import { ndarray } from './ndarray.js';
import { scan } from './scan.js';

/**
 * Cumulative sum along `axis` (of the flattened array when `axis` is null/omitted). Integer and
 * bool input sums in int32.
 * @param a the array
 * @param opts `axis` (null or omitted: the flattened array)
 * @returns a new array
 * @example np.cumsum(np.array([1, 2, 3])).tolist() // [1, 3, 6]
 */
export function cumsum(a: ndarray, opts: { axis?: number | null } = {}): ndarray {
  opts = optionsArg('cumsum', opts);
  if (!(a instanceof ndarray)) throw new ArgumentTypeError(argMessage('cumsum', 'a', 'an ndarray', a));
  return scan('cumsum', 'sum', a, opts.axis);
}
