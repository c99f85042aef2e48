/**
 * Quasi-minimal residual (SciPy's `qmr`), step for step: the same two-sided Lanczos recurrences,
 * update order, breakdown tests (ρ, ξ, δ, ε, β, γ against eps) and `info` codes. The vectors are
 * launches on the runtime; the scalars are read on the host each iteration (the breakdown tests
 * decide the next step), as in SciPy's loop.
 */

import * as np from '../../dense/index.js';
import { argMessage, ShapeError, ValueError } from '../../runtime/index.js';
import { ssigOpts } from '../sig.js';
import { num } from './host-scalars.js';
import { aslinearoperator, type LinearOperator, type Operand } from './interface.js';
import { epsOf, makeSystem, type SolverOptions, type X0 } from './system.js';
import { axmy, axpy, scaleInPlace } from './vec.js';

type ndarray = np.ndarray;

/** Options of {@link qmr}: the common ones with a left and a right preconditioner instead of M. */
export interface QmrOptions extends Omit<SolverOptions, 'M' | 'check_every'> {
  /** Left preconditioner (needs `rmatvec`); default the identity. */
  M1?: Operand;
  /** Right preconditioner (needs `rmatvec`); default the identity. */
  M2?: Operand;
}

/** `qmr`'s public type. */
export interface QmrSolver {
  (A: Operand, b: ndarray | ArrayLike<number>, opts?: QmrOptions): [ndarray, number];
  (A: Operand, b: ndarray | ArrayLike<number>, x0: X0 | undefined, opts?: QmrOptions): [ndarray, number];
}

/**
 * Solves `A·x = b` (A square, possibly nonsymmetric) by the quasi-minimal residual method. Needs
 * `Aᵀ·x` (`rmatvec`) of A and of the preconditioners.
 *
 * Same iteration and breakdown codes as SciPy's `qmr`: −10 (ρ), −11 (β), −12 (γ), −13 (δ),
 * −14 (ε), −15 (ξ), each when its value falls below eps in magnitude.
 * @param A - sparse array, 2-D ndarray or LinearOperator with `rmatvec`.
 * @param b - right-hand side.
 * @param opts - `{x0, rtol, atol, maxiter, M1, M2, callback}`.
 * @returns `[x, info]`: 0 converged, `maxiter` not converged, negative on breakdown.
 * @throws ValueError when A, M1 or M2 has no `rmatvec`; ShapeError on mismatched shapes.
 * @example
 * const [x, info] = qmr(sparse.csr_array([[3, 2, 0], [1, -1, 0], [0, 5, 1]]), np.array([2, 4, -1]));
 * info; // 0
 * x.tolist().map((v) => Math.round(v * 1e6) / 1e6); // [2, -2, 9]
 */
export const qmr = ssigOpts<QmrSolver>(
  'qmr(A, b, x0 = None, *, rtol: number = 1e-05, atol: number = 0, maxiter: int = None, M1 = None, M2 = None, callback: callable = None)',
  2,
  qmrImpl as never,
);

function precond(name: string, M: Operand | undefined | null, n: number): LinearOperator | undefined {
  if (M === undefined || M === null) return undefined;
  const op = aslinearoperator(M);
  if (op.shape[0] !== n || op.shape[1] !== n) {
    throw new ShapeError(argMessage('qmr', name, `shape [${n}, ${n}] (that of A)`, [...op.shape]));
  }
  return op;
}

function needsRmatvec<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw e instanceof ValueError ? new ValueError(`qmr: needs rmatvec (${(e as Error).message})`) : e;
  }
}

function qmrImpl(A: Operand, b: ndarray | ArrayLike<number>, opts: QmrOptions = {}): [ndarray, number] {
  const s = makeSystem('qmr', A, b, { ...opts, M: undefined });
  const { x, maxiter, n } = s;
  const callback = opts.callback;
  const M1 = precond('M1', opts.M1, n);
  const M2 = precond('M2', opts.M2, n);
  // SciPy's identity preconditioners return their argument itself; later steps overwrite it.
  const m1 = (v: ndarray) => (M1 ? M1.matvec(v) : v);
  const m2 = (v: ndarray) => (M2 ? M2.matvec(v) : v);
  const m1t = (v: ndarray) => (M1 ? needsRmatvec(() => M1.rmatvec(v)) : v);
  const m2t = (v: ndarray) => (M2 ? needsRmatvec(() => M2.rmatvec(v)) : v);
  const bnrm = num(np.linalg.norm(s.b));
  const atol = Math.max(s.atol, s.rtol * bnrm);
  if (bnrm === 0) return [s.b.copy(), 0];
  const tol = epsOf(s.dtype);
  const r = s.hasX0 ? np.subtract(s.b, s.A.matvec(x)) : s.b.copy();
  let vtilde = r.copy();
  let y = m1(vtilde);
  let rho = num(np.linalg.norm(y));
  const wtilde = r.copy();
  let z = m2t(wtilde);
  let xi = num(np.linalg.norm(z));
  let gamma = 1;
  let eta = -1;
  let theta = 0;
  let epsilon = 0;
  let p: ndarray | undefined;
  let q: ndarray | undefined;
  let d: ndarray | undefined;
  let sv: ndarray | undefined;
  for (let it = 0; it < maxiter; it++) {
    if (num(np.linalg.norm(r)) < atol) return [x, 0];
    if (Math.abs(rho) < tol) return [x, -10];
    if (Math.abs(xi) < tol) return [x, -15];
    const v = np.multiply(vtilde, 1 / rho);
    y = np.multiply(y, 1 / rho);
    const w = np.multiply(wtilde, 1 / xi);
    z = np.multiply(z, 1 / xi);
    const delta = num(np.dot(z, y));
    if (Math.abs(delta) < tol) return [x, -13];
    let ytilde = m2(y);
    let ztilde = m1t(z);
    if (p === undefined || q === undefined) {
      p = ytilde.copy();
      q = ztilde.copy();
    } else {
      ytilde = ytilde === y ? ytilde.copy() : ytilde;
      ztilde = ztilde === z ? ztilde.copy() : ztilde;
      axmy(ytilde, (xi * delta) / epsilon, p);
      p = ytilde;
      axmy(ztilde, rho * (delta / epsilon), q);
      q = ztilde;
    }
    const ptilde = s.A.matvec(p);
    epsilon = num(np.dot(q, ptilde));
    if (Math.abs(epsilon) < tol) return [x, -14];
    const beta = epsilon / delta;
    if (Math.abs(beta) < tol) return [x, -11];
    vtilde = ptilde.copy();
    axmy(vtilde, beta, v);
    y = m1(vtilde);
    const rhoPrev = rho;
    rho = num(np.linalg.norm(y));
    np.multiply(w, -beta, { out: wtilde });
    np.add(
      wtilde,
      needsRmatvec(() => s.A.rmatvec(q!)),
      { out: wtilde },
    );
    z = m2t(wtilde);
    xi = num(np.linalg.norm(z));
    const gammaPrev = gamma;
    const thetaPrev = theta;
    theta = rho / (gammaPrev * Math.abs(beta));
    gamma = 1 / Math.sqrt(1 + theta ** 2);
    if (Math.abs(gamma) < tol) return [x, -12];
    eta *= -(rhoPrev / beta) * (gamma / gammaPrev) ** 2;
    if (d === undefined || sv === undefined) {
      d = np.multiply(p, eta);
      sv = np.multiply(ptilde, eta);
    } else {
      const k = (thetaPrev * gamma) ** 2;
      scaleInPlace(d, k);
      axpy(d, eta, p);
      scaleInPlace(sv, k);
      axpy(sv, eta, ptilde);
    }
    np.add(x, d, { out: x });
    np.subtract(r, sv, { out: r });
    callback?.(x);
  }
  return [x, maxiter];
}
