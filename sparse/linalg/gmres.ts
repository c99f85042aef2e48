/**
 * Restarted GMRES (SciPy's `gmres`, same algorithm: modified Gram–Schmidt Arnoldi, Givens
 * rotations, the same inner tolerance `ptol` adaptation). The Arnoldi vectors and their updates
 * are deferred launches; the small least-squares problem lives on the host, so each inner step
 * reads its new Hessenberg column (col + 2 numbers) — that read is also the inner convergence
 * check, which GMRES needs to decide whether to take another step.
 */

import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, ValueError } from '../../runtime/index.js';
import { ssigOpts } from '../sig.js';
import type { Operand } from './interface.js';
import { epsOf, makeSystem, type Solver, type SolverOptions } from './system.js';
import { axmy, axpy } from './vec.js';

type ndarray = np.ndarray;

/** Options of {@link gmres}: the common ones plus `restart` and `callback_type`. */
export interface GmresOptions extends Omit<SolverOptions, 'callback'> {
  /** Krylov dimension between restarts (default 20, at most n). */
  restart?: number;
  /**
   * `'x'`: callback(xk) after each restart cycle; `'pr_norm'`: callback(‖r‖/‖b‖ estimate, a
   * number) after each inner step; `'legacy'` (default, as SciPy): like `'pr_norm'`, and
   * `maxiter` then counts inner steps.
   */
  callback_type?: 'x' | 'pr_norm' | 'legacy';
  /** See `callback_type`. */
  callback?: ((xk: ndarray) => void) | ((prNorm: number) => void);
}

/** LAPACK's `lartg` for real numbers: c, s, r with [c s; −s c]·[f; g] = [r; 0]. */
function lartg(f: number, g: number): [number, number, number] {
  if (g === 0) return [1, 0, f];
  if (f === 0) return [0, Math.sign(g), Math.abs(g)];
  const d = Math.hypot(f, g);
  const c = Math.abs(f) / d;
  const r = Math.sign(f) * d;
  return [c, g / r, r];
}

/**
 * Solves `A·x = b` (A square, possibly nonsymmetric) by restarted GMRES.
 * @param A - sparse array, 2-D ndarray or LinearOperator.
 * @param b - right-hand side.
 * @param opts - `{x0, rtol, atol, restart, maxiter, M, callback, callback_type}`; `maxiter` counts
 *   restart cycles (default 10·n).
 * @returns `[x, info]`: 0 converged, `maxiter` not converged.
 * @throws ValueError on an unknown `callback_type` or bad `restart`.
 * @example
 * const [x, info] = gmres(sparse.diags([[1], [2, 2], [-1]], [-1, 0, 1]), np.ones([2]));
 * info; // 0
 */
export const gmres = ssigOpts<Solver<GmresOptions>>(
  'gmres(A, b, x0 = None, *, rtol: number = 1e-05, atol: number = 0, restart: int = None, maxiter: int = None, M = None, callback: callable = None, callback_type: str = None, check_every: int = None)',
  2,
  gmresImpl as never,
);

function gmresImpl(A: Operand, b: ndarray | ArrayLike<number>, opts: GmresOptions = {}): [ndarray, number] {
  const s = makeSystem('gmres', A, b, { ...opts, callback: undefined });
  const callback = opts.callback;
  if (callback !== undefined && typeof callback !== 'function') {
    throw new ArgumentTypeError(argMessage('gmres', 'callback', 'a function', callback));
  }
  const ctype = callback ? (opts.callback_type ?? 'legacy') : undefined;
  if (opts.callback_type !== undefined && !['x', 'pr_norm', 'legacy'].includes(opts.callback_type)) {
    throw new ValueError(
      argMessage('gmres', 'callback_type', "'x', 'pr_norm' or 'legacy'", opts.callback_type),
    );
  }
  const restartOpt = opts.restart ?? 20;
  if (!Number.isInteger(restartOpt) || restartOpt < 1) {
    throw new ValueError(argMessage('gmres', 'restart', 'a positive integer', opts.restart));
  }
  const { x, maxiter, n } = s;
  const restart = Math.min(restartOpt, n);
  const psolve = (v: ndarray) => (s.M ? s.M.matvec(v) : v);
  const bnrm2 = Number(np.linalg.norm(s.b).item());
  const atol = Math.max(s.atol, s.rtol * bnrm2);
  if (bnrm2 === 0) return [s.b.copy(), 0];
  const eps = epsOf(s.dtype);
  const mbNrm2 = Number(np.linalg.norm(psolve(s.b)).item());
  let ptolMaxFactor = 1;
  let ptol = mbNrm2 * Math.min(ptolMaxFactor, atol / bnrm2);
  let presid = 0;
  // h[col][k]: column col of the Hessenberg matrix (SciPy's h[col, k]).
  const h = Array.from({ length: restart }, () => new Float64Array(restart + 1));
  const givens = Array.from({ length: restart }, () => [0, 0] as [number, number]);
  let innerIter = 0;
  let r: ndarray = s.b;
  let rnorm = Number.NaN;
  for (let iteration = 0; iteration < maxiter; iteration++) {
    if (iteration === 0) {
      r = s.hasX0 ? np.subtract(s.b, s.A.matvec(x)) : s.b.copy();
      if (Number(np.linalg.norm(r).item()) < atol) return [x, 0];
    }
    const v: ndarray[] = [];
    const v0 = psolve(r).astype(s.dtype);
    const v0n = Number(np.linalg.norm(v0).item());
    v.push(np.multiply(v0, 1 / v0n));
    const S = new Float64Array(restart + 1);
    S[0] = v0n;
    let breakdown = false;
    let col = 0;
    for (col = 0; col < restart; col++) {
      const w = psolve(s.A.matvec(v[col]!)).copy();
      const h0f = np.linalg.norm(w);
      const hk: ndarray[] = [];
      for (let k = 0; k <= col; k++) {
        const t = np.dot(v[k]!, w);
        hk.push(t);
        axmy(w, t, v[k]!);
      }
      const h1f = np.linalg.norm(w);
      // The one read of this step: the new Hessenberg column.
      const h0 = Number(h0f.item());
      const hc = h[col]!;
      for (let k = 0; k <= col; k++) hc[k] = Number(hk[k]!.item());
      const h1 = Number(h1f.item());
      hc[col + 1] = h1;
      if (h1 <= eps * h0) {
        hc[col + 1] = 0;
        breakdown = true;
        v.push(w);
      } else {
        v.push(np.multiply(w, 1 / h1));
      }
      for (let k = 0; k < col; k++) {
        const [c, sn] = givens[k]!;
        const n0 = hc[k]!;
        const n1 = hc[k + 1]!;
        hc[k] = c * n0 + sn * n1;
        hc[k + 1] = -sn * n0 + c * n1;
      }
      const [c, sn, mag] = lartg(hc[col]!, hc[col + 1]!);
      givens[col] = [c, sn];
      hc[col] = mag;
      hc[col + 1] = 0;
      const tmp = -sn * S[col]!;
      S[col] = c * S[col]!;
      S[col + 1] = tmp;
      presid = Math.abs(tmp);
      innerIter++;
      if (ctype === 'legacy' || ctype === 'pr_norm') (callback as (v: number) => void)(presid / bnrm2);
      if (ctype === 'legacy' && innerIter === maxiter) break;
      if (presid <= ptol || breakdown) break;
    }
    if (col === restart) col = restart - 1;
    if (h[col]![col] === 0) S[col] = 0;
    const y = S.slice(0, col + 1);
    for (let k = col; k > 0; k--) {
      if (y[k] !== 0) {
        y[k]! /= h[k]![k]!;
        const t = y[k]!;
        for (let i = 0; i < k; i++) y[i]! -= t * h[k]![i]!;
      }
    }
    if (y[0] !== 0) y[0]! /= h[0]![0]!;
    for (let k = 0; k <= col; k++) if (y[k] !== 0) axpy(x, y[k]!, v[k]!);
    r = np.subtract(s.b, s.A.matvec(x));
    rnorm = Number(np.linalg.norm(r).item());
    if (ctype === 'legacy' && innerIter === maxiter) return [x, rnorm <= atol ? 0 : maxiter];
    if (ctype === 'x') (callback as (v: ndarray) => void)(x);
    if (rnorm <= atol) break;
    if (breakdown) break;
    if (presid <= ptol) ptolMaxFactor = Math.max(eps, 0.25 * ptolMaxFactor);
    else ptolMaxFactor = Math.min(1, 1.5 * ptolMaxFactor);
    ptol = presid * Math.min(ptolMaxFactor, atol / rnorm);
  }
  if (Number.isNaN(rnorm)) rnorm = Number(np.linalg.norm(np.subtract(s.b, s.A.matvec(x))).item());
  return [x, rnorm <= atol ? 0 : maxiter];
}
