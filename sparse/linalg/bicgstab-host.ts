/**
 * `bicgstab` with host scalars (host-scalars.ts): the iteration of bicgstab.ts, with `rho`,
 * `alpha`, `omega`, `beta` and the residual norms as float64 numbers, and each stopping test
 * (convergence at the top and after the half step, breakdowns −10 and −11) on the host where the
 * deferred loop issues it: a test that fires returns before the updates its gate would mask.
 * Each update of r returns r·r with it (`axmyDot`), whose root is the next test's ‖r‖ (rootOf).
 */
import * as np from '../../dense/index.js';
import { num, rootOf } from './host-scalars.js';
import { epsOf, type System } from './system.js';
import { axmy, axmyDot, axpy, matvecDot, xpay } from './vec.js';

type ndarray = np.ndarray;

/**
 * Runs BiCGSTAB on a system whose scalars stay on the host; the same iterates and `info` as the
 * deferred loop of bicgstab.ts.
 * @param s - the system (float64).
 * @param callback - called after each iteration with the iterate.
 * @returns `[x, info]`.
 */
export function bicgstabHost(s: System, callback: ((xk: ndarray) => void) | undefined): [ndarray, number] {
  const { x, maxiter } = s;
  const bnrm = num(np.linalg.norm(s.b));
  if (bnrm === 0) return [s.b.copy(), 0];
  const atol = Math.max(bnrm * s.rtol, s.atol);
  const rhotol = epsOf(s.dtype) ** 2;
  const vBuf = np.empty([s.n], { dtype: s.dtype });
  const tBuf = np.empty([s.n], { dtype: s.dtype });
  const r = s.hasX0 ? np.subtract(s.b, s.A.matvec(x)) : s.b.copy();
  const rt = r.copy();
  let p: ndarray | undefined;
  let v: ndarray | undefined;
  let rhoPrev = 0;
  let alpha = 0;
  let omega = 0;
  let rr = np.dot(r, r);
  for (let it = 0; it < maxiter; it++) {
    if (rootOf(rr) < atol) return [x, 0];
    const rho = num(np.dot(rt, r));
    if (Math.abs(rho) < rhotol) return [x, -10];
    if (p === undefined || v === undefined) {
      p = r.copy();
    } else {
      if (Math.abs(omega) < rhotol) return [x, -11];
      const beta = (rho / rhoPrev) * (alpha / omega);
      axmy(p, omega, v);
      xpay(p, beta, r);
    }
    const phat = s.M ? s.M.matvec(p) : p;
    const [vp, rtv] = matvecDot(s.A, phat, vBuf, rt);
    v = vp;
    const rv = num(rtv);
    if (rv === 0) return [x, -11];
    alpha = rho / rv;
    rr = axmyDot(r, alpha, v);
    axpy(x, alpha, phat);
    if (rootOf(rr) < atol) return [x, 0];
    const shat = s.M ? s.M.matvec(r) : r;
    const [t, tr] = matvecDot(s.A, shat, tBuf, r, false);
    omega = num(tr) / num(np.dot(t, t));
    axpy(x, omega, shat);
    rr = axmyDot(r, omega, t);
    rhoPrev = rho;
    callback?.(x);
  }
  return [x, maxiter];
}
