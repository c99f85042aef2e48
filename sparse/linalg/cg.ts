/**
 * Conjugate gradients (SciPy's `cg`), deferred: every scalar of the iteration is a 0-d array.
 */

import * as np from '../../dense/index.js';
import { ssigOpts } from '../sig.js';
import { cgHost } from './cg-host.js';
import { hostScalars } from './host-scalars.js';
import { matvecInto, type Operand } from './interface.js';
import { cgOneTask } from './one-task-solvers.js';
import { B_ZERO, CONVERGED, outcome, stopperFor } from './stopper.js';
import { makeSystem, type Solver, type SolverOptions } from './system.js';
import { axmy, axmyDot, axpy, xpay } from './vec.js';

type ndarray = np.ndarray;

/**
 * Solves `A·x = b` for symmetric positive definite A by the conjugate gradient method.
 *
 * Same iteration, stopping rule (‖b − A·x‖ < max(rtol·‖b‖, atol), tested at the top of each
 * iteration on the recursive residual) and results as SciPy's `cg`. With no preconditioner the
 * residual norm is taken as √(r·r), the value the iteration computes anyway.
 * @param A - the system matrix: sparse array, 2-D ndarray or LinearOperator (n×n).
 * @param b - right-hand side, shape `[n]` or `[n, 1]`.
 * @param opts - `{x0, rtol, atol, maxiter, M, callback, check_every}` (see {@link SolverOptions}).
 * @returns `[x, info]`: info 0 converged, `maxiter` when it ran out of iterations.
 * @throws ShapeError, ValueError, ArgumentTypeError on bad arguments.
 * @example
 * const A = sparse.diags([[-1, -1], [2, 2, 2], [-1, -1]], [-1, 0, 1]);
 * const [x, info] = cg(A, np.ones([3]));
 * info; // 0
 * x.tolist(); // [1.5, 2, 1.5]
 */
export const cg = ssigOpts<Solver<SolverOptions>>(
  'cg(A, b, x0 = None, *, rtol: number = 1e-05, atol: number = 0, maxiter: int = None, M = None, callback: callable = None, check_every: int = None)',
  2,
  cgImpl as never,
);

function cgImpl(A: Operand, b: ndarray | ArrayLike<number>, opts: SolverOptions = {}): [ndarray, number] {
  const s = makeSystem('cg', A, b, opts);
  const callback = opts.callback;
  // A small solve the mapper runs as one task: the whole loop in one kernel (one-task-solvers.ts).
  const one = cgOneTask(s, callback);
  if (one !== undefined) return one;
  // A small solve: scalars on the host, as SciPy's loop (same iterates; host-scalars.ts).
  if (s.exactCalls || hostScalars('cg', s.n, s.dtype)) return cgHost(s, callback);
  const { x, maxiter } = s;
  const bnrm = np.linalg.norm(s.b);
  const atol = np.maximum(np.multiply(bnrm, s.rtol), s.atol);
  const st = stopperFor(s.every, !!callback);
  const qBuf = np.empty([s.n], { dtype: s.dtype });
  st.stopIf(np.equal(bnrm, 0), B_ZERO);
  const r = s.hasX0 ? np.subtract(s.b, s.A.matvec(x)) : s.b.copy();
  let p: ndarray | undefined;
  let rhoPrev: ndarray | undefined;
  /** Without M, `r·r` of the next iteration, computed with the update of r (one launch). */
  let rrNext: ndarray | undefined;
  for (let it = 0; it < maxiter; it++) {
    const z = s.M ? s.M.matvec(r) : r;
    const rho = rrNext ?? np.dot(r, z);
    const rnorm = s.M ? np.linalg.norm(r) : np.sqrt(rho);
    st.stopIf(np.less(rnorm, atol), CONVERGED);
    if (p === undefined || rhoPrev === undefined) p = z.copy();
    else xpay(p, st.gate(np.divide(rho, rhoPrev)), z);
    const q = matvecInto(s.A, p, qBuf);
    const alpha = st.gate(np.divide(rho, np.dot(p, q)));
    axpy(x, alpha, p);
    if (s.M) axmy(r, alpha, q);
    else rrNext = axmyDot(r, alpha, q);
    rhoPrev = rho;
    st.endIteration();
    const stop = st.poll(!!callback);
    if (stop) return outcome(x, s.b, stop, maxiter);
    callback?.(x);
  }
  return outcome(x, s.b, st.poll(true), maxiter);
}
