/**
 * `bicg` with host scalars (host-scalars.ts): the iteration of bicg.ts, with `rho`, `alpha`,
 * `beta` and the residual norm as float64 numbers, and the stopping tests (convergence, breakdowns
 * −10 and −11) on the host where the deferred loop issues them: a test that fires returns before
 * the updates its gate would mask. The update of r returns r·r with it (`axmyDot`), whose root is
 * the next test's ‖r‖ (rootOf).
 */
import * as np from '../../dense/index.js';
import { num, rootOf } from './host-scalars.js';
import { type LinearOperator, matvecInto } from './interface.js';
import { epsOf, type System } from './system.js';
import { axmy, axmyDot, axpy, xpay } from './vec.js';

type ndarray = np.ndarray;

/**
 * Runs BiCG on a system whose scalars stay on the host; the same iterates and `info` as the
 * deferred loop of bicg.ts.
 * @param s - the system (float64).
 * @param rmat - `Mᵀ·v` of an operator (A by default), with bicg's error when it has none.
 * @param callback - called after each iteration with the iterate.
 * @returns `[x, info]`.
 */
export function bicgHost(
  s: System,
  rmat: (v: ndarray, M?: LinearOperator) => ndarray,
  callback: ((xk: ndarray) => void) | undefined,
): [ndarray, number] {
  const { x, maxiter } = s;
  const bnrm = num(np.linalg.norm(s.b));
  if (bnrm === 0) return [s.b.copy(), 0];
  const atol = Math.max(bnrm * s.rtol, s.atol);
  const rhotol = epsOf(s.dtype) ** 2;
  const qBuf = np.empty([s.n], { dtype: s.dtype });
  const r = s.hasX0 ? np.subtract(s.b, s.A.matvec(x)) : s.b.copy();
  const rt = r.copy();
  let p: ndarray | undefined;
  let pt: ndarray | undefined;
  let rhoPrev = 0;
  let rr = np.dot(r, r);
  for (let it = 0; it < maxiter; it++) {
    if (rootOf(rr) < atol) return [x, 0];
    const z = s.M ? s.M.matvec(r) : r;
    const zt = s.M ? rmat(rt, s.M) : rt;
    const rho = num(np.dot(rt, z));
    if (Math.abs(rho) < rhotol) return [x, -10];
    if (p === undefined || pt === undefined) {
      p = z.copy();
      pt = zt.copy();
    } else {
      const beta = rho / rhoPrev;
      xpay(p, beta, z);
      xpay(pt, beta, zt);
    }
    const q = matvecInto(s.A, p, qBuf);
    const qt = rmat(pt);
    const rv = num(np.dot(pt, q));
    if (rv === 0) return [x, -11];
    const alpha = rho / rv;
    axpy(x, alpha, p);
    rr = axmyDot(r, alpha, q);
    axmy(rt, alpha, qt);
    rhoPrev = rho;
    callback?.(x);
  }
  return [x, maxiter];
}
