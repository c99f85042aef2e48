/**
 * LSMR (SciPy's `lsmr`, Fong–Saunders): least squares by Golub–Kahan bidiagonalization, minimizing
 * ‖Aᵀ·r‖ monotonically; step for step as SciPy's (the same rotations, estimates of ‖r‖, ‖Aᵀr‖,
 * ‖A‖, cond(A), and the same stopping tests, istop 0–7). Vectors are runtime launches; the scalar
 * recurrences run on the host.
 */

import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage } from '../../runtime/index.js';
import { ssigOpts } from '../sig.js';
import { num } from './host-scalars.js';
import type { Operand } from './interface.js';
import { bidiagStart, lsqSystem, mv, rmv, symOrtho } from './lsq-common.js';
import { axpy, scaleInPlace, xpay } from './vec.js';

type ndarray = np.ndarray;

/** Options of {@link lsmr} (SciPy's keyword arguments). */
export interface LsmrOptions {
  /** Damping: solve min ‖A·x − b‖² + damp²·‖x‖². Default 0. */
  damp?: number;
  /** Stopping tolerance on the least-squares residual (relative). Default 1e-6. */
  atol?: number;
  /** Stopping tolerance on ‖A·x − b‖ relative to ‖b‖. Default 1e-6. */
  btol?: number;
  /** Stop when the condition estimate exceeds this (0: never). Default 1e8. */
  conlim?: number;
  /** Iteration limit (default min(m, n)). */
  maxiter?: number;
  /** Print a summary when the solve ends. Default false. */
  show?: boolean;
  /** Initial guess (default zeros). */
  x0?: ndarray | ArrayLike<number> | null;
}

/** SciPy's return tuple: `[x, istop, itn, normr, normar, norma, conda, normx]`. */
export type LsmrResult = [ndarray, number, number, number, number, number, number, number];

/**
 * Finds the least-squares solution of `A·x = b` (A m×n, any shape) by LSMR.
 *
 * `istop` as {@link lsqr}'s: 0 x = 0 (or x0) is the solution; 1 A·x − b small enough; 2
 * least-squares solution good enough; 3 condition estimate above conlim; 4–6 the same to machine
 * precision; 7 iteration limit.
 * @param A - sparse array, 2-D ndarray or LinearOperator with `rmatvec`.
 * @param b - right-hand side of length m.
 * @param opts - `{damp, atol, btol, conlim, maxiter, show, x0}`.
 * @returns `[x, istop, itn, normr, normar, norma, conda, normx]` as SciPy.
 * @throws ValueError when A has no `rmatvec` or an option is negative; ShapeError on shapes.
 * @example
 * const [x, istop, itn] = lsmr(sparse.csr_array([[1, 0], [1, 1], [0, 1]]), np.array([1, 1, 1]));
 * [istop, itn]; // [2, 1]
 * x.tolist().map((v) => Math.round(v * 1e6) / 1e6); // [0.666667, 0.666667]
 */
export const lsmr = ssigOpts<(A: Operand, b: ndarray | ArrayLike<number>, opts?: LsmrOptions) => LsmrResult>(
  'lsmr(A, b, damp: number = 0, atol: number = 1e-06, btol: number = 1e-06, conlim: number = 100000000.0, maxiter: int = None, show: bool = False, x0 = None)',
  2,
  lsmrImpl as never,
);

function lsmrImpl(A: Operand, b: ndarray | ArrayLike<number>, opts: LsmrOptions = {}): LsmrResult {
  const damp = opts.damp ?? 0;
  const atol = opts.atol ?? 1e-6;
  const btol = opts.btol ?? 1e-6;
  const conlim = opts.conlim ?? 1e8;
  const s = lsqSystem('lsmr', A, b, opts.x0, { damp, atol, btol, conlim });
  const { m, n, x } = s;
  const maxiter = opts.maxiter ?? Math.min(m, n);
  if (!Number.isInteger(maxiter) || maxiter < 0) {
    throw new ArgumentTypeError(argMessage('lsmr', 'maxiter', 'a non-negative integer', opts.maxiter));
  }
  const start = bidiagStart('lsmr', s, () => np.zeros([n]));
  let { u, v, beta, alpha } = start;
  const normb = start.normb;
  let itn = 0;
  let zetabar = alpha * beta;
  let alphabar = alpha;
  let rho = 1;
  let rhobar = 1;
  let cbar = 1;
  let sbar = 0;
  const h = v.copy();
  const hbar = np.zeros([n]);
  let betadd = beta;
  let betad = 0;
  let rhodold = 1;
  let tautildeold = 0;
  let thetatilde = 0;
  let zeta = 0;
  let d = 0;
  let normA2 = alpha * alpha;
  let maxrbar = 0;
  let minrbar = 1e100;
  let normA = Math.sqrt(normA2);
  let condA = 1;
  let normx = 0;
  let istop = 0;
  const ctol = conlim > 0 ? 1 / conlim : 0;
  let normr = beta;
  let normar = alpha * beta;
  const result = (): LsmrResult => {
    if (opts.show === true) console.log(`LSMR finished: istop = ${istop}, itn = ${itn}, normr = ${normr}`);
    return [x, istop, itn, normr, normar, normA, condA, normx];
  };
  if (normar === 0) return result();
  if (normb === 0) {
    scaleInPlace(x, 0);
    return result();
  }
  while (itn < maxiter) {
    itn++;
    // u = A·v − α·u; β = ‖u‖
    scaleInPlace(u, -alpha);
    np.add(u, mv(s.A, v), { out: u });
    beta = num(np.linalg.norm(u));
    if (beta > 0) {
      scaleInPlace(u, 1 / beta);
      scaleInPlace(v, -beta);
      np.add(v, rmv('lsmr', s.A, u), { out: v });
      alpha = num(np.linalg.norm(v));
      if (alpha > 0) scaleInPlace(v, 1 / alpha);
    }
    const [chat, shat, alphahat] = symOrtho(alphabar, damp);
    const rhoold = rho;
    let c: number;
    let sn: number;
    [c, sn, rho] = symOrtho(alphahat, beta);
    const thetanew = sn * alpha;
    alphabar = c * alpha;
    const rhobarold = rhobar;
    const zetaold = zeta;
    const thetabar = sbar * rho;
    const rhotemp = cbar * rho;
    [cbar, sbar, rhobar] = symOrtho(cbar * rho, thetanew);
    zeta = cbar * zetabar;
    zetabar = -sbar * zetabar;
    // hbar = h − (θ̄ρ/(ρ_old ρ̄_old))·hbar; x += (ζ/(ρ ρ̄))·hbar; h = v − (θ_new/ρ)·h
    xpay(hbar, -((thetabar * rho) / (rhoold * rhobarold)), h);
    axpy(x, zeta / (rho * rhobar), hbar);
    xpay(h, -(thetanew / rho), v);
    const betaacute = chat * betadd;
    const betacheck = -shat * betadd;
    const betahat = c * betaacute;
    betadd = -sn * betaacute;
    const thetatildeold = thetatilde;
    const [ctildeold, stildeold, rhotildeold] = symOrtho(rhodold, thetabar);
    thetatilde = stildeold * rhobar;
    rhodold = ctildeold * rhobar;
    betad = -stildeold * betad + ctildeold * betahat;
    tautildeold = (zetaold - thetatildeold * tautildeold) / rhotildeold;
    const taud = (zeta - thetatilde * tautildeold) / rhodold;
    d = d + betacheck * betacheck;
    normr = Math.sqrt(d + (betad - taud) ** 2 + betadd * betadd);
    normA2 = normA2 + beta * beta;
    normA = Math.sqrt(normA2);
    normA2 = normA2 + alpha * alpha;
    maxrbar = Math.max(maxrbar, rhobarold);
    if (itn > 1) minrbar = Math.min(minrbar, rhobarold);
    condA = Math.max(maxrbar, rhotemp) / Math.min(minrbar, rhotemp);
    normar = Math.abs(zetabar);
    normx = num(np.linalg.norm(x));
    const test1 = normr / normb;
    const test2 = normA * normr !== 0 ? normar / (normA * normr) : Number.POSITIVE_INFINITY;
    const test3 = 1 / condA;
    const t1 = test1 / (1 + (normA * normx) / normb);
    const rtol = btol + (atol * normA * normx) / normb;
    if (itn >= maxiter) istop = 7;
    if (1 + test3 <= 1) istop = 6;
    if (1 + test2 <= 1) istop = 5;
    if (1 + t1 <= 1) istop = 4;
    if (test3 <= ctol) istop = 3;
    if (test2 <= atol) istop = 2;
    if (test1 <= rtol) istop = 1;
    if (istop > 0) break;
  }
  return result();
}
