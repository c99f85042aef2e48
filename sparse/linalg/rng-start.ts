/**
 * The `rng` argument of the ARPACK-style solvers (`eigsh eigs svds`, SciPy ≥ 1.15): the starting
 * vector, when none is given, is drawn from it instead of cohort's fixed one.
 */
import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage } from '../../runtime/index.js';

/**
 * A starting vector of n values uniform in [-1, 1), drawn from `rng`.
 * @param fn the public function (for errors)
 * @param rng an integer seed or a `np.random.default_rng(...)` generator
 * @param n the length
 * @returns the vector (float64)
 * @throws {ArgumentTypeError} for anything but a safe integer or a generator
 */
export function rngStart(fn: string, rng: unknown, n: number): np.ndarray {
  const g = typeof rng === 'number' && Number.isSafeInteger(rng) ? np.random.default_rng(rng) : rng;
  if (g === null || typeof g !== 'object' || typeof (g as { uniform?: unknown }).uniform !== 'function')
    throw new ArgumentTypeError(argMessage(fn, 'rng', 'an integer seed or a np.random.Generator', rng));
  return (g as { uniform(low: number, high: number, size: number[]): np.ndarray }).uniform(-1, 1, [n]);
}
