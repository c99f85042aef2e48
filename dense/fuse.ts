/** `fuse`: CuPy's `cupy.fuse` for cohort — a function whose element-wise intermediates are its own. */
import { ArgumentTypeError, argMessage } from '../runtime/index.js';
import { runFused } from './lazy-fused.js';
import { sig } from './sig.js';

/**
 * Makes a fused function, as CuPy's `cupy.fuse`: `fuse(f)` returns a function that runs `f`, in
 * which element-wise operations fuse as everywhere in cohort, and in which an intermediate result
 * that `f` passes on to another operation is *consumed*: it stops being kept up to date against
 * later writes to its operands. So an in-place update such as `p = z + beta·p`
 * (`np.add(z, np.multiply(p, beta), { out: p })`) is one launch over memory, where outside a fused
 * function the pending `p·beta` must first be computed into a temporary (the program might still
 * read it after `p` changes: JavaScript cannot tell that it was dropped).
 *
 * Launches fuse too: an update of a 1-D array followed by a reduction that reads it element for
 * element (`np.subtract(r, np.multiply(q, a), { out: r }); return np.dot(r, r)`) runs as ONE
 * launch that updates and reduces block by block (runtime `withFusedLaunches`), with the bits of
 * the unfused code.
 *
 * What `f` returns (arrays, also inside plain arrays and objects) are ordinary arrays. Another
 * intermediate that escapes `f` keeps the value it had when consumed; reading it after one of its
 * operands was overwritten raises a `ValueError` (never a wrong value) — and so does returning
 * one whose operand `f` overwrote after consuming it (return a `.copy()` made before instead).
 * Only intermediates made by this very call are consumed: arrays passed in, and those of an
 * enclosing fused function, are tracked as everywhere else.
 * @param fn - the function to fuse
 * @returns a function taking the same arguments and returning what `fn` returns
 * @throws {ArgumentTypeError} when `fn` is not a function
 * @example
 * const axpy = np.fuse((y, a, x) => np.add(y, np.multiply(x, a), { out: y }));
 * const y = np.ones([3]);
 * axpy(y, 2, np.array([1, 2, 3]));
 * y.tolist() // [3, 5, 7]
 */
export const fuse: <A extends unknown[], R>(fn: (...args: A) => R) => (...args: A) => R = sig(
  'fuse(fn, /)',
  ((fn: (...args: unknown[]) => unknown) => fuseImpl(fn)) as never,
);

function fuseImpl<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  if (typeof fn !== 'function') throw new ArgumentTypeError(argMessage('fuse', 'fn', 'a function', fn));
  return (...args: A) => runFused(() => fn(...args));
}
