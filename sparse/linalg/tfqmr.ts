/**
 * Transpose-free QMR (SciPy's `tfqmr`), step for step: the same even/odd steps, the same
 * quasi-residual bound τ·√(k+1) as the convergence test (relative to the initial residual, as
 * SciPy), info −1 when r̃ᵀ·v = 0. Vectors are runtime launches; the scalars are read on the host.
 */

import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage } from '../../runtime/index.js';
import { ssigOpts } from '../sig.js';
import { num } from './host-scalars.js';
import type { Operand } from './interface.js';
import { makeSystem, type Solver, type SolverOptions } from './system.js';
import { axmy, axpy, xpay } from './vec.js';

type ndarray = np.ndarray;

/** Options of {@link tfqmr}: the common ones plus `show`. */
export interface TfqmrOptions extends Omit<SolverOptions, 'check_every'> {
  /** Print a line when the solve ends (SciPy's `show`). Default false. */
  show?: boolean;
}

/**
 * Solves `A·x = b` (A square, possibly nonsymmetric) by the transpose-free quasi-minimal residual
 * method (no `Aᵀ` needed).
 *
 * As SciPy's `tfqmr`: converged when τ·√(k+1) < max(atol, rtol·‖r₀‖) — note ‖r₀‖, the initial
 * residual, not ‖b‖; default `maxiter` min(10000, 10·n); info −1 on the breakdown r̃ᵀ·v = 0.
 * @param A - sparse array, 2-D ndarray or LinearOperator.
 * @param b - right-hand side.
 * @param opts - `{x0, rtol, atol, maxiter, M, callback, show}`.
 * @returns `[x, info]`: 0 converged, `maxiter` not converged, −1 on breakdown.
 * @throws ShapeError, ValueError, ArgumentTypeError on bad arguments.
 * @example
 * const [x, info] = tfqmr(sparse.csr_array([[3, 2, 0], [1, -1, 0], [0, 5, 1]]), np.array([2, 4, -1]), { rtol: 1e-10 });
 * info; // 0
 * x.tolist().map((v) => Math.round(v * 1e6) / 1e6); // [2, -2, 9]
 */
export const tfqmr = ssigOpts<Solver<TfqmrOptions>>(
  'tfqmr(A, b, x0 = None, *, rtol: number = 1e-05, atol: number = 0, maxiter: int = None, M = None, callback: callable = None, show: bool = False)',
  2,
  tfqmrImpl as never,
);

function tfqmrImpl(A: Operand, b: ndarray | ArrayLike<number>, opts: TfqmrOptions = {}): [ndarray, number] {
  const s = makeSystem('tfqmr', A, b, opts, (n) => Math.min(10000, 10 * n));
  if (opts.show !== undefined && typeof opts.show !== 'boolean') {
    throw new ArgumentTypeError(argMessage('tfqmr', 'show', 'true or false', opts.show));
  }
  const show = opts.show === true;
  const callback = opts.callback;
  const { x, maxiter } = s;
  if (num(np.linalg.norm(s.b)) === 0) return [s.b.copy(), 0];
  const psolve = (v: ndarray) => (s.M ? s.M.matvec(v) : v);
  // SciPy tests `x0 is None` here, not x.any().
  const r = s.x0Given ? np.subtract(s.b, s.A.matvec(x)) : s.b.copy();
  let u = r;
  const w = r.copy();
  const rstar = r;
  let v = psolve(s.A.matvec(r));
  let uhat = v;
  let d: ndarray | undefined;
  let theta = 0;
  let eta = 0;
  let rho = num(np.dot(rstar, r));
  let rhoLast = rho;
  const r0norm = Math.sqrt(rho);
  let tau = r0norm;
  if (r0norm === 0) return [x, 0];
  const atol = Math.max(s.atol, s.rtol * r0norm);
  let alpha = 0;
  let uNext: ndarray = u;
  for (let iter = 0; iter < maxiter; iter++) {
    const even = iter % 2 === 0;
    if (even) {
      const vtrstar = num(np.dot(rstar, v));
      if (vtrstar === 0) return [x, -1];
      alpha = rho / vtrstar;
      uNext = u.copy();
      axmy(uNext, alpha, v);
    }
    axmy(w, alpha, uhat);
    // d = u + (θ²/α)·η·d (d = u on the first step, where θ = η = 0).
    if (d === undefined) d = u.copy();
    else xpay(d, (theta ** 2 / alpha) * eta, u);
    theta = num(np.linalg.norm(w)) / tau;
    const c = Math.sqrt(1 / (1 + theta ** 2));
    tau *= theta * c;
    eta = c ** 2 * alpha;
    const z = psolve(d);
    axpy(x, eta, z);
    callback?.(x);
    if (tau * Math.sqrt(iter + 1) < atol) {
      if (show) console.log(`TFQMR: Linear solve converged due to reach TOL iterations ${iter + 1}`);
      return [x, 0];
    }
    if (!even) {
      rho = num(np.dot(rstar, w));
      const beta = rho / rhoLast;
      // u = w + β·u; v = β·û + β²·v; û = M·A·u; v += û
      const un = u.copy();
      xpay(un, beta, w);
      u = un;
      const vn = np.multiply(uhat, beta);
      axpy(vn, beta ** 2, v);
      uhat = psolve(s.A.matvec(u));
      np.add(vn, uhat, { out: vn });
      v = vn;
    } else {
      uhat = psolve(s.A.matvec(uNext));
      u = uNext;
      rhoLast = rho;
    }
  }
  if (show) console.log(`TFQMR: Linear solve not converged due to reach MAXIT iterations ${maxiter}`);
  return [x, maxiter];
}
