/** Small helpers around the runtime's error classes for the dense library. */
import { ArgumentTypeError, argMessage, describe, ShapeError, ValueError } from '../runtime/index.js';

/** Formats a shape as `[3,4]` (the style of CONVENTIONS.md 12). */
export function fmtShape(shape: readonly number[]): string {
  return `[${shape.join(',')}]`;
}

/** `fn: argument 'arg' with shape [2] cannot broadcast to [3,4]`. */
export function broadcastError(
  fn: string,
  arg: string,
  shape: readonly number[],
  to: readonly number[],
): ShapeError {
  return new ShapeError(
    `${fn}: argument '${arg}' with shape ${fmtShape(shape)} cannot broadcast to ${fmtShape(to)}`,
  );
}

export { argMessage, describe };

/**
 * The options object of `fn` (Python's keyword arguments): `{}` when omitted or null. Anything but
 * a plain object (a number, a string, an array) raises, so that a port of `np.sum(a, 0)` does not
 * silently ignore its axis.
 * @throws {ArgumentTypeError} when `opts` is not a plain object
 */
export function optionsArg<T extends object>(fn: string, opts: T | null | undefined): T {
  if (opts === undefined || opts === null) return {} as T;
  const proto = typeof opts === 'object' ? Object.getPrototypeOf(opts) : undefined;
  if (proto !== Object.prototype && proto !== null) {
    throw new ArgumentTypeError(argMessage(fn, 'options', 'an options object such as { axis: 0 }', opts));
  }
  return opts;
}

/**
 * NumPy's `np.linalg.LinAlgError` (a `ValueError`, as in NumPy): a singular matrix in `solve`/`inv`,
 * a matrix that is not positive definite in `cholesky`, an iteration that did not converge.
 * @example new LinAlgError('solve: Singular matrix') instanceof ValueError // true
 */
export class LinAlgError extends ValueError {
  override name = 'LinAlgError';
}
