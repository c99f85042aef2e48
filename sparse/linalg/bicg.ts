/**
 * Biconjugate gradients (SciPy's `bicg`), deferred: every scalar of the iteration is a 0-d array.
 */

import * as np from '../../dense/index.js';
import { ValueError } from '../../runtime/index.js';
import { ssigOpts } from '../sig.js';
import { bicgHost } from './bicg-host.js';
import { hostScalars } from './host-scalars.js';
import { matvecInto, type Operand } from './interface.js';
import { B_ZERO, CONVERGED, outcome, stopperFor } from './stopper.js';
import { epsOf, makeSystem, type Solver, type SolverOptions } from './system.js';
import { absLess, axmy, axpy, xpay } from './vec.js';

type ndarray = np.ndarray;

/**
 * Solves `A·x = b` (A square, possibly nonsymmetric) by biconjugate gradients. Needs `Aᵀ·x`
 * (`rmatvec`) of A and of M.
 *
 * Same iteration, stopping rule and breakdown codes as SciPy's `bicg`: info −10 when ρ breaks down
 * (|ρ| < eps²), −11 when pᵀ·A·p̃ is 0.
 * @param A - sparse array, 2-D ndarray or LinearOperator with `rmatvec`.
 * @param b - right-hand side.
 * @param opts - `{x0, rtol, atol, maxiter, M, callback, check_every}`.
 * @returns `[x, info]`: 0 converged, `maxiter` not converged, negative on breakdown.
 * @throws ValueError when A or M has no `rmatvec`.
 * @example
 * const [x, info] = bicg(sparse.diags([[1], [2, 2], [-1]], [-1, 0, 1]), np.ones([2]));
 * info; // 0
 */
export const bicg = ssigOpts<Solver<SolverOptions>>(
  'bicg(A, b, x0 = None, *, rtol: number = 1e-05, atol: number = 0, maxiter: int = None, M = None, callback: callable = None, check_every: int = None)',
  2,
  bicgImpl as never,
);

function bicgImpl(A: Operand, b: ndarray | ArrayLike<number>, opts: SolverOptions = {}): [ndarray, number] {
  const s = makeSystem('bicg', A, b, opts);
  const callback = opts.callback;
  const rmat = (v: ndarray, M = s.A) => {
    try {
      return M.rmatvec(v);
    } catch (e) {
      throw e instanceof ValueError ? new ValueError(`bicg: needs rmatvec (${(e as Error).message})`) : e;
    }
  };
  // A small solve: scalars on the host, as SciPy's loop (same iterates; host-scalars.ts).
  if (s.exactCalls || hostScalars('bicg', s.n, s.dtype)) return bicgHost(s, rmat, callback);
  const { x, maxiter } = s;
  const bnrm = np.linalg.norm(s.b);
  const atol = np.maximum(np.multiply(bnrm, s.rtol), s.atol);
  const rhotol = epsOf(s.dtype) ** 2;
  const st = stopperFor(s.every, !!callback);
  const qBuf = np.empty([s.n], { dtype: s.dtype });
  st.stopIf(np.equal(bnrm, 0), B_ZERO);
  const r = s.hasX0 ? np.subtract(s.b, s.A.matvec(x)) : s.b.copy();
  const rt = r.copy();
  let p: ndarray | undefined;
  let pt: ndarray | undefined;
  let rhoPrev: ndarray | undefined;
  for (let it = 0; it < maxiter; it++) {
    st.stopIf(np.less(np.linalg.norm(r), atol), CONVERGED);
    const z = s.M ? s.M.matvec(r) : r;
    const zt = s.M ? rmat(rt, s.M) : rt;
    const rho = np.dot(rt, z);
    st.stopIf(absLess(rho, rhotol), -10);
    if (p === undefined || pt === undefined || rhoPrev === undefined) {
      p = z.copy();
      pt = zt.copy();
    } else {
      const beta = st.gate(np.divide(rho, rhoPrev));
      xpay(p, beta, z);
      xpay(pt, beta, zt);
    }
    const q = matvecInto(s.A, p, qBuf);
    const qt = rmat(pt);
    const rv = np.dot(pt, q);
    st.stopIf(np.equal(rv, 0), -11);
    const alpha = st.gate(np.divide(rho, rv));
    axpy(x, alpha, p);
    axmy(r, alpha, q);
    axmy(rt, alpha, qt);
    rhoPrev = rho;
    st.endIteration();
    const stop = st.poll(!!callback);
    if (stop) return outcome(x, s.b, stop, maxiter);
    callback?.(x);
  }
  return outcome(x, s.b, st.poll(true), maxiter);
}
