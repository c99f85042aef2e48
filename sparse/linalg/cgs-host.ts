/**
 * `cgs` with host scalars (host-scalars.ts): the iteration of cgs.ts, with `rho`, `alpha`, `beta`
 * and the residual norm as float64 numbers, and the stopping tests (convergence, breakdowns −10
 * and −11) on the host where the deferred loop issues them: a test that fires returns before the
 * updates its gate would mask.
 */
import * as np from '../../dense/index.js';
import { num, rootOf } from './host-scalars.js';
import { epsOf, type System } from './system.js';
import { axmy, axpy, xpay } from './vec.js';

type ndarray = np.ndarray;

/**
 * Runs CGS on a system whose scalars stay on the host; the same iterates and `info` as the
 * deferred loop of cgs.ts.
 * @param s - the system (float64).
 * @param callback - called after each iteration with the iterate.
 * @returns `[x, info]`.
 */
export function cgsHost(s: System, callback: ((xk: ndarray) => void) | undefined): [ndarray, number] {
  const { x, maxiter } = s;
  const bnrm = num(np.linalg.norm(s.b));
  if (bnrm === 0) return [s.b.copy(), 0];
  const atol = Math.max(bnrm * s.rtol, s.atol);
  const rhotol = epsOf(s.dtype) ** 2;
  let r = s.hasX0 ? np.subtract(s.b, s.A.matvec(x)) : s.b.copy();
  const rt = r.copy();
  let p: ndarray | undefined;
  let u: ndarray;
  let q: ndarray | undefined;
  let rhoPrev = 0;
  for (let it = 0; it < maxiter; it++) {
    if (rootOf(np.dot(r, r)) < atol) return [x, 0];
    const rho = num(np.dot(rt, r));
    if (Math.abs(rho) < rhotol) return [x, -10];
    if (p === undefined || q === undefined) {
      p = r.copy();
      u = r.copy();
    } else {
      const beta = rho / rhoPrev;
      u = r.copy();
      axpy(u, beta, q);
      xpay(p, beta, q);
      xpay(p, beta, u);
    }
    const phat = s.M ? s.M.matvec(p) : p;
    const vhat = s.A.matvec(phat);
    const rv = num(np.dot(rt, vhat));
    if (rv === 0) return [x, -11];
    const alpha = rho / rv;
    q = u.copy();
    axmy(q, alpha, vhat);
    const upq = np.add(u, q);
    const uhat = s.M ? s.M.matvec(upq) : upq;
    axpy(x, alpha, uhat);
    r = np.subtract(s.b, s.A.matvec(x));
    rhoPrev = rho;
    callback?.(x);
  }
  return [x, maxiter];
}
