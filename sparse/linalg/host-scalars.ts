/**
 * Small solves keep their scalars on the host, as SciPy's loops do (issue 16). When the mapper
 * runs a solve's vector operations as single inline pieces, every value is ready as soon as it is
 * issued: deferring the scalars (0-d arrays, the stopping flag, the gates of stopper.ts) buys no
 * overlap and costs a launch each. Then `rho`, `alpha`, the residual norm and the stopping test
 * are plain float64 numbers read from the reductions, and an iteration is its handful of vector
 * launches (SpMV, dots, fused updates) — the same kernels, the same iterates bit for bit (the host
 * does the same IEEE operations the 0-d kernels did), the same `info`.
 *
 * The choice is the mapper's, made from sizes alone (never from timing), so every run of a
 * program makes it the same way.
 */
import type * as np from '../../dense/index.js';
import { currentMapper, type DType, workerCount } from '../../runtime/index.js';

/**
 * Whether a solve of `n` unknowns in `dtype` keeps its scalars on the host: float64 (the host's
 * arithmetic) and vector launches the mapper runs as one piece.
 * @param op - the solver's name (the mapper sees it).
 * @param n - unknowns.
 * @param dtype - the system's dtype.
 * @returns true for host scalars.
 */
export function hostScalars(op: string, n: number, dtype: DType): boolean {
  if (dtype !== 'float64') return false;
  const workers = workerCount();
  if (workers === 0) return true;
  // The widest vector step of an iteration: y ← y + a·x reads two vectors and writes one.
  const bytes = 3 * 8 * n;
  return currentMapper().pieces({ op, volume: n, bytes, workers }) === 1;
}

/**
 * A 0-d result's value (ready: in host mode the mapper ran its launch inline).
 * @param a - a 0-d array.
 * @returns its value.
 */
export const num = (a: np.ndarray): number => a.item() as number;

/**
 * `np.linalg.norm(v)` of a vector as a number, in one launch instead of two: the norm is
 * `Math.sqrt` of `dot(v, v)` (dense/linalg.ts), so the host takes the root of the dot itself —
 * or of the dot that `axmyDot` (vec.ts) returns with the update of v.
 * @param vv - `v·v` as a 0-d array.
 * @returns ‖v‖₂.
 */
export const rootOf = (vv: np.ndarray): number => Math.sqrt(num(vv));
