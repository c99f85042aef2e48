/**
 * LSQR (SciPy's `lsqr`, Paige–Saunders): least squares min ‖A·x − b‖ (with optional damping) by
 * Golub–Kahan bidiagonalization, step for step as SciPy's: the same recurrences, norm and condition
 * estimates, and the same order of the stopping tests (istop 0–7). The vectors are runtime
 * launches; the scalar recurrences run on the host (two norms read per iteration, as SciPy's).
 */

import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage } from '../../runtime/index.js';
import { ssigOpts } from '../sig.js';
import { num } from './host-scalars.js';
import type { Operand } from './interface.js';
import { bidiagStart, lsqSystem, mv, rmv, symOrtho } from './lsq-common.js';
import { axpy, scaleInPlace, xpay } from './vec.js';

type ndarray = np.ndarray;

/** Options of {@link lsqr} (SciPy's keyword arguments). */
export interface LsqrOptions {
  /** Damping: solve min ‖A·x − b‖² + damp²·‖x‖². Default 0. */
  damp?: number;
  /** Stopping tolerance on the least-squares residual (relative). Default 1e-6. */
  atol?: number;
  /** Stopping tolerance on ‖A·x − b‖ relative to ‖b‖. Default 1e-6. */
  btol?: number;
  /** Stop when the condition estimate exceeds this (0: never). Default 1e8. */
  conlim?: number;
  /** Iteration limit (default 2·n). */
  iter_lim?: number;
  /** Print a summary when the solve ends. Default false. */
  show?: boolean;
  /** Also estimate the diagonal of (AᵀA + damp²I)⁻¹ (`var`). Default false. */
  calc_var?: boolean;
  /** Initial guess (default zeros). */
  x0?: ndarray | ArrayLike<number> | null;
}

/** SciPy's return tuple: `[x, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm, var]`. */
export type LsqrResult = [ndarray, number, number, number, number, number, number, number, number, ndarray];

const EPS = 2 ** -52;

/**
 * Finds the least-squares solution of `A·x = b` (A m×n, any shape) by LSQR.
 *
 * `istop`: 0 x = 0 is the exact solution; 1 A·x − b small enough (atol, btol); 2 least-squares
 * solution good enough (atol); 3 condition estimate above conlim; 4–6 the same to machine
 * precision; 7 iteration limit.
 * @param A - sparse array, 2-D ndarray or LinearOperator with `rmatvec`.
 * @param b - right-hand side of length m.
 * @param opts - `{damp, atol, btol, conlim, iter_lim, show, calc_var, x0}`.
 * @returns `[x, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm, var]` as SciPy.
 * @throws ValueError when A has no `rmatvec` or an option is negative; ShapeError on shapes.
 * @example
 * const [x, istop, itn] = lsqr(sparse.csr_array([[1, 0], [1, 1], [0, 1]]), np.array([1, 1, 1]));
 * [istop, itn]; // [2, 1]
 * x.tolist().map((v) => Math.round(v * 1e6) / 1e6); // [0.666667, 0.666667]
 */
export const lsqr = ssigOpts<(A: Operand, b: ndarray | ArrayLike<number>, opts?: LsqrOptions) => LsqrResult>(
  'lsqr(A, b, damp: number = 0, atol: number = 1e-06, btol: number = 1e-06, conlim: number = 100000000.0, iter_lim: int = None, show: bool = False, calc_var: bool = False, x0 = None)',
  2,
  lsqrImpl as never,
);

function lsqrImpl(A: Operand, b: ndarray | ArrayLike<number>, opts: LsqrOptions = {}): LsqrResult {
  const damp = opts.damp ?? 0;
  const atol = opts.atol ?? 1e-6;
  const btol = opts.btol ?? 1e-6;
  const conlim = opts.conlim ?? 1e8;
  const s = lsqSystem('lsqr', A, b, opts.x0, { damp, atol, btol, conlim });
  const { n } = s;
  const iterLim = opts.iter_lim ?? 2 * n;
  if (!Number.isInteger(iterLim) || iterLim < 0) {
    throw new ArgumentTypeError(argMessage('lsqr', 'iter_lim', 'a non-negative integer', opts.iter_lim));
  }
  const calcVar = opts.calc_var === true;
  const x = s.x;
  let v: ndarray;
  let variance = np.zeros([n]);
  let itn = 0;
  let istop = 0;
  const ctol = conlim > 0 ? 1 / conlim : 0;
  let anorm = 0;
  let acond = 0;
  const dampsq = damp ** 2;
  let ddnorm = 0;
  let res2 = 0;
  let xnorm = 0;
  let xxnorm = 0;
  let z = 0;
  let cs2 = -1;
  let sn2 = 0;
  const start = bidiagStart('lsqr', s, () => x.copy());
  let u = start.u;
  v = start.v;
  const bnorm = start.normb;
  let beta = start.beta;
  let alfa = start.alpha;
  const w = v.copy();
  let rhobar = alfa;
  let phibar = beta;
  let rnorm = beta;
  let r1norm = rnorm;
  let r2norm = rnorm;
  let arnorm = alfa * beta;
  const result = (): LsqrResult => {
    if (opts.show === true) console.log(`LSQR finished: istop = ${istop}, itn = ${itn}, r1norm = ${r1norm}`);
    return [x, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm, variance];
  };
  if (arnorm === 0) return result();
  while (itn < iterLim) {
    itn++;
    // u = A·v − α·u; β = ‖u‖
    const au = mv(s.A, v);
    u = np.subtract(au, np.multiply(u, alfa));
    beta = num(np.linalg.norm(u));
    if (beta > 0) {
      scaleInPlace(u, 1 / beta);
      anorm = Math.sqrt(anorm ** 2 + alfa ** 2 + beta ** 2 + dampsq);
      v = np.subtract(rmv('lsqr', s.A, u), np.multiply(v, beta));
      alfa = num(np.linalg.norm(v));
      if (alfa > 0) scaleInPlace(v, 1 / alfa);
    }
    let rhobar1: number;
    let psi: number;
    if (damp > 0) {
      rhobar1 = Math.sqrt(rhobar ** 2 + dampsq);
      const cs1 = rhobar / rhobar1;
      const sn1 = damp / rhobar1;
      psi = sn1 * phibar;
      phibar = cs1 * phibar;
    } else {
      rhobar1 = rhobar;
      psi = 0;
    }
    const [cs, sn, rho] = symOrtho(rhobar1, beta);
    const theta = sn * alfa;
    rhobar = -cs * alfa;
    const phi = cs * phibar;
    phibar = sn * phibar;
    const tau = sn * phi;
    const t1 = phi / rho;
    const t2 = -theta / rho;
    const dk = np.multiply(w, 1 / rho);
    axpy(x, t1, w);
    // w = v + t2·w
    xpay(w, t2, v);
    ddnorm += num(np.linalg.norm(dk)) ** 2;
    if (calcVar) variance = np.add(variance, np.multiply(dk, dk));
    const delta = sn2 * rho;
    const gambar = -cs2 * rho;
    const rhs = phi - delta * z;
    const zbar = rhs / gambar;
    xnorm = Math.sqrt(xxnorm + zbar ** 2);
    const gamma = Math.sqrt(gambar ** 2 + theta ** 2);
    cs2 = gambar / gamma;
    sn2 = theta / gamma;
    z = rhs / gamma;
    xxnorm += z ** 2;
    acond = anorm * Math.sqrt(ddnorm);
    const res1 = phibar ** 2;
    res2 += psi ** 2;
    rnorm = Math.sqrt(res1 + res2);
    arnorm = alfa * Math.abs(tau);
    if (damp > 0) {
      const r1sq = rnorm ** 2 - dampsq * xxnorm;
      r1norm = Math.sqrt(Math.abs(r1sq));
      if (r1sq < 0) r1norm = -r1norm;
    } else r1norm = rnorm;
    r2norm = rnorm;
    const test1 = rnorm / bnorm;
    const test2 = arnorm / (anorm * rnorm + EPS);
    const test3 = 1 / (acond + EPS);
    const tt1 = test1 / (1 + (anorm * xnorm) / bnorm);
    const rtol = btol + (atol * anorm * xnorm) / bnorm;
    if (itn >= iterLim) istop = 7;
    if (1 + test3 <= 1) istop = 6;
    if (1 + test2 <= 1) istop = 5;
    if (1 + tt1 <= 1) istop = 4;
    if (test3 <= ctol) istop = 3;
    if (test2 <= atol) istop = 2;
    if (test1 <= rtol) istop = 1;
    if (istop !== 0) break;
  }
  return result();
}
