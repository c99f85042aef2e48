/** The one error class of `cohortjs/sparse/linalg` beyond runtime/errors.ts (SciPy has it too). */
import type * as np from '../../dense/index.js';
import { CohortError } from '../../runtime/index.js';

/**
 * `eigsh` did not converge within `maxiter` restarts (SciPy's `ArpackNoConvergence`); carries the
 * eigenpairs that did converge.
 * @example
 * const e = new ArpackNoConvergence('eigsh: no convergence', [1, 2]);
 * e.name // 'ArpackNoConvergence'
 * e.eigenvalues // [1, 2]
 */
export class ArpackNoConvergence extends CohortError {
  override name = 'ArpackNoConvergence';
  /** The converged eigenvalues (ascending), possibly fewer than k. */
  readonly eigenvalues: number[];
  /** Their eigenvectors (n×j), or undefined when none converged / none were asked for. */
  readonly eigenvectors: np.ndarray | undefined;

  /**
   * @param message - the error message.
   * @param eigenvalues - converged eigenvalues.
   * @param eigenvectors - their eigenvectors.
   */
  constructor(message: string, eigenvalues: number[], eigenvectors?: np.ndarray) {
    super(message);
    this.eigenvalues = eigenvalues;
    this.eigenvectors = eigenvectors;
  }
}
