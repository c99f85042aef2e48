/**
 * BiCGSTAB (SciPy's `bicgstab`), deferred: every scalar of the iteration is a 0-d array.
 */

import * as np from '../../dense/index.js';
import { ssigOpts } from '../sig.js';
import { bicgstabHost } from './bicgstab-host.js';
import { hostScalars } from './host-scalars.js';
import { matvecInto, type Operand } from './interface.js';
import { bicgstabOneTask } from './one-task-solvers.js';
import { B_ZERO, CONVERGED, outcome, stopperFor } from './stopper.js';
import { epsOf, makeSystem, type Solver, type SolverOptions } from './system.js';
import { absLess, axmy, axpy, xpay } from './vec.js';

type ndarray = np.ndarray;

/**
 * Solves `A·x = b` (A square, possibly nonsymmetric) by the stabilized biconjugate gradient method.
 *
 * Same iteration, stopping rules (including the early exit on ‖s‖) and breakdown codes as SciPy's
 * `bicgstab`: −10 when ρ breaks down, −11 when ω breaks down or r̃ᵀ·v = 0.
 * @param A - sparse array, 2-D ndarray or LinearOperator.
 * @param b - right-hand side.
 * @param opts - `{x0, rtol, atol, maxiter, M, callback, check_every}`.
 * @returns `[x, info]`: 0 converged, `maxiter` not converged, negative on breakdown.
 * @example
 * const [x, info] = bicgstab(sparse.diags([[1], [2, 2], [-1]], [-1, 0, 1]), np.ones([2]));
 * info; // 0
 */
export const bicgstab = ssigOpts<Solver<SolverOptions>>(
  'bicgstab(A, b, x0 = None, *, rtol: number = 1e-05, atol: number = 0, maxiter: int = None, M = None, callback: callable = None, check_every: int = None)',
  2,
  bicgstabImpl as never,
);

function bicgstabImpl(
  A: Operand,
  b: ndarray | ArrayLike<number>,
  opts: SolverOptions = {},
): [ndarray, number] {
  const s = makeSystem('bicgstab', A, b, opts);
  const callback = opts.callback;
  // A small solve the mapper runs as one task: the whole loop in one kernel (one-task-solvers.ts).
  const one = bicgstabOneTask(s, callback);
  if (one !== undefined) return one;
  // A small solve: scalars on the host, as SciPy's loop (same iterates; host-scalars.ts).
  if (s.exactCalls || hostScalars('bicgstab', s.n, s.dtype)) return bicgstabHost(s, callback);
  const { x, maxiter } = s;
  const bnrm = np.linalg.norm(s.b);
  const atol = np.maximum(np.multiply(bnrm, s.rtol), s.atol);
  const rhotol = epsOf(s.dtype) ** 2;
  const st = stopperFor(s.every, !!callback);
  const vBuf = np.empty([s.n], { dtype: s.dtype });
  const tBuf = np.empty([s.n], { dtype: s.dtype });
  st.stopIf(np.equal(bnrm, 0), B_ZERO);
  const r = s.hasX0 ? np.subtract(s.b, s.A.matvec(x)) : s.b.copy();
  const rt = r.copy();
  let p: ndarray | undefined;
  let v: ndarray | undefined;
  let rhoPrev: ndarray | undefined;
  let alpha: ndarray | undefined;
  let omega: ndarray | undefined;
  for (let it = 0; it < maxiter; it++) {
    st.stopIf(np.less(np.linalg.norm(r), atol), CONVERGED);
    const rho = np.dot(rt, r);
    st.stopIf(absLess(rho, rhotol), -10);
    if (
      p === undefined ||
      v === undefined ||
      rhoPrev === undefined ||
      alpha === undefined ||
      omega === undefined
    ) {
      p = r.copy();
    } else {
      st.stopIf(absLess(omega, rhotol), -11);
      const beta = st.gate(np.multiply(np.divide(rho, rhoPrev), np.divide(alpha, omega)));
      axmy(p, st.gate(omega), v);
      xpay(p, beta, r);
    }
    const phat = s.M ? s.M.matvec(p) : p;
    v = matvecInto(s.A, phat, vBuf);
    const rv = np.dot(rt, v);
    st.stopIf(np.equal(rv, 0), -11);
    alpha = np.divide(rho, rv);
    const ga = st.gate(alpha);
    axmy(r, ga, v);
    // SciPy: `s = r; if ‖s‖ < atol: x += alpha·phat; return` — and x += alpha·phat anyway below.
    axpy(x, ga, phat);
    st.stopIf(np.less(np.linalg.norm(r), atol), CONVERGED);
    const shat = s.M ? s.M.matvec(r) : r;
    const t = matvecInto(s.A, shat, tBuf);
    omega = np.divide(np.dot(t, r), np.dot(t, t));
    const go = st.gate(omega);
    axpy(x, go, shat);
    axmy(r, go, t);
    rhoPrev = rho;
    st.endIteration();
    const stop = st.poll(!!callback);
    if (stop) return outcome(x, s.b, stop, maxiter);
    callback?.(x);
  }
  return outcome(x, s.b, st.poll(true), maxiter);
}
