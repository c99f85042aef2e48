/**
 * Conjugate gradient squared (SciPy's `cgs`), deferred: every scalar of the iteration is a 0-d array.
 */

import * as np from '../../dense/index.js';
import { ssigOpts } from '../sig.js';
import { cgsHost } from './cgs-host.js';
import { hostScalars } from './host-scalars.js';
import type { Operand } from './interface.js';
import { B_ZERO, CONVERGED, outcome, stopperFor } from './stopper.js';
import { epsOf, makeSystem, type Solver, type SolverOptions } from './system.js';
import { absLess, axmy, axpy, xpay } from './vec.js';

type ndarray = np.ndarray;

/**
 * Solves `A·x = b` (A square, possibly nonsymmetric) by conjugate gradient squared.
 *
 * Same iteration as SciPy's `cgs`, including its recomputation of the true residual b − A·x every
 * iteration; breakdown codes −10 (ρ) and −11 (r̃ᵀ·v̂ = 0).
 * @param A - sparse array, 2-D ndarray or LinearOperator.
 * @param b - right-hand side.
 * @param opts - `{x0, rtol, atol, maxiter, M, callback, check_every}`.
 * @returns `[x, info]`: 0 converged, `maxiter` not converged, negative on breakdown.
 * @example
 * const [x, info] = cgs(sparse.diags([[1], [2, 2], [-1]], [-1, 0, 1]), np.ones([2]));
 * info; // 0
 */
export const cgs = ssigOpts<Solver<SolverOptions>>(
  'cgs(A, b, x0 = None, *, rtol: number = 1e-05, atol: number = 0, maxiter: int = None, M = None, callback: callable = None, check_every: int = None)',
  2,
  cgsImpl as never,
);

function cgsImpl(A: Operand, b: ndarray | ArrayLike<number>, opts: SolverOptions = {}): [ndarray, number] {
  const s = makeSystem('cgs', A, b, opts);
  const callback = opts.callback;
  // A small solve: scalars on the host, as SciPy's loop (same iterates; host-scalars.ts).
  if (s.exactCalls || hostScalars('cgs', s.n, s.dtype)) return cgsHost(s, callback);
  const { x, maxiter } = s;
  const bnrm = np.linalg.norm(s.b);
  const atol = np.maximum(np.multiply(bnrm, s.rtol), s.atol);
  const rhotol = epsOf(s.dtype) ** 2;
  const st = stopperFor(s.every, !!callback);
  st.stopIf(np.equal(bnrm, 0), B_ZERO);
  let r = s.hasX0 ? np.subtract(s.b, s.A.matvec(x)) : s.b.copy();
  const rt = r.copy();
  let p: ndarray | undefined;
  let u: ndarray | undefined;
  let q: ndarray | undefined;
  let rhoPrev: ndarray | undefined;
  for (let it = 0; it < maxiter; it++) {
    st.stopIf(np.less(np.linalg.norm(r), atol), CONVERGED);
    const rho = np.dot(rt, r);
    st.stopIf(absLess(rho, rhotol), -10);
    if (p === undefined || u === undefined || q === undefined || rhoPrev === undefined) {
      p = r.copy();
      u = r.copy();
    } else {
      const beta = st.gate(np.divide(rho, rhoPrev));
      u = r.copy();
      axpy(u, beta, q);
      xpay(p, beta, q);
      xpay(p, beta, u);
    }
    const phat = s.M ? s.M.matvec(p) : p;
    const vhat = s.A.matvec(phat);
    const rv = np.dot(rt, vhat);
    st.stopIf(np.equal(rv, 0), -11);
    const alpha = st.gate(np.divide(rho, rv));
    q = u.copy();
    axmy(q, alpha, vhat);
    const upq = np.add(u, q);
    const uhat = s.M ? s.M.matvec(upq) : upq;
    axpy(x, alpha, uhat);
    r = np.subtract(s.b, s.A.matvec(x));
    rhoPrev = rho;
    st.endIteration();
    const stop = st.poll(!!callback);
    if (stop) return outcome(x, s.b, stop, maxiter);
    callback?.(x);
  }
  return outcome(x, s.b, st.poll(true), maxiter);
}
