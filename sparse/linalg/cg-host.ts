/**
 * `cg` with host scalars (host-scalars.ts): the iteration of cg.ts, with `rho`, `alpha`, `beta`
 * and the residual norm as float64 numbers and the stopping test on the host each iteration.
 */
import * as np from '../../dense/index.js';
import type { System } from './system.js';
import { axmy, axmyDot, axpy, matvecDot, xpay } from './vec.js';

type ndarray = np.ndarray;

/** A 0-d result's value (ready: the mapper ran its launch inline). */
const num = (a: ndarray): number => a.item() as number;

/**
 * Runs CG on a system whose scalars stay on the host; the same iterates and `info` as the
 * deferred loop of cg.ts.
 * @param s - the system (float64).
 * @param callback - called after each iteration with the iterate.
 * @returns `[x, info]`.
 */
export function cgHost(s: System, callback: ((xk: ndarray) => void) | undefined): [ndarray, number] {
  const { x, maxiter } = s;
  const bnrm = num(np.linalg.norm(s.b));
  const atol = Math.max(bnrm * s.rtol, s.atol);
  if (bnrm === 0) return [s.b.copy(), 0];
  const qBuf = np.empty([s.n], { dtype: s.dtype });
  const r = s.hasX0 ? np.subtract(s.b, s.A.matvec(x)) : s.b.copy();
  let p: ndarray | undefined;
  let rhoPrev = 0;
  let rrNext: number | undefined;
  for (let it = 0; it < maxiter; it++) {
    // SciPy's order: the test on ‖r‖, then the preconditioner (not called on the last pass).
    if (s.M) {
      if (num(np.linalg.norm(r)) < atol) return [x, 0];
    } else if (Math.sqrt(rrNext ?? num(np.dot(r, r))) < atol) return [x, 0];
    const z = s.M ? s.M.matvec(r) : r;
    const rho = rrNext ?? num(np.dot(r, z));
    if (p === undefined) p = z.copy();
    else xpay(p, rho / rhoPrev, z);
    const [q, pq] = matvecDot(s.A, p, qBuf);
    const alpha = rho / num(pq);
    axpy(x, alpha, p);
    if (s.M) axmy(r, alpha, q);
    else rrNext = num(axmyDot(r, alpha, q));
    rhoPrev = rho;
    callback?.(x);
  }
  return [x, maxiter];
}
