/**
 * `minres` with host scalars (host-scalars.ts): the iteration of minres.ts with its scalar
 * recurrences (Lanczos coefficients, Givens rotations, the norm and condition estimates) as
 * float64 numbers, in the order and with the operations of the deferred 0-d kernels (`hypot` as
 * √(a·a + b·b), not Math.hypot; `safeDiv` as 0 where the divisor is 0). The tests run on the host
 * where the deferred loop issues them: before the loop, the non-symmetry test in the iteration, and
 * `istop` after the callback; each returns (or throws) before the updates its gate would mask.
 * (minres.ts's `rhs1`, `rhs2` feed no test or update, as in SciPy: they are left out here.)
 */
import * as np from '../../dense/index.js';
import { ValueError } from '../../runtime/index.js';
import { num, rootOf } from './host-scalars.js';
import { epsOf, type System } from './system.js';
import { axpy } from './vec.js';

type ndarray = np.ndarray;

/** `a / b`, or 0 where b is 0 (vec.ts's safeDiv on numbers). */
const safeDiv = (a: number, b: number): number => (b === 0 ? 0 : a / b);

/** √(a·a + b·b), as minres.ts computes it on 0-d arrays. */
const hypot = (a: number, b: number): number => Math.sqrt(a * a + b * b);

/** istop of an iteration that ran out of iterations (info = maxiter). */
export const ITERATION_LIMIT = 6;

/** The error of a negative ‖r‖²_M in the Lanczos step. */
export const nonsymmetricA = (): ValueError =>
  new ValueError('minres: non-symmetric matrix (negative ‖r‖²_M in the Lanczos step)');

/** The error of a negative r₀ᵀ·M·r₀. */
export const indefiniteM = (): ValueError => new ValueError('minres: indefinite preconditioner M');

/**
 * Runs MINRES on a system whose scalars stay on the host; the same iterates, callbacks, `info`
 * and errors as the deferred loop of minres.ts.
 * @param sys - the system (float64).
 * @param shift - solve (A − shift·I)·x = b.
 * @param callback - called after each iteration with the iterate.
 * @returns `[x, info]`.
 * @throws ValueError for a non-symmetric A or an indefinite M.
 */
export function minresHost(
  sys: System,
  shift: number,
  callback: ((xk: ndarray) => void) | undefined,
): [ndarray, number] {
  const { maxiter, rtol, dtype, x } = sys;
  const eps = epsOf(dtype);
  const psolve = (v: ndarray) => (sys.M ? sys.M.matvec(v) : v);

  let r1 = sys.x0Given ? np.subtract(sys.b, sys.A.matvec(x)) : sys.b.copy();
  let y = psolve(r1);
  const beta1sq = num(np.dot(r1, y));
  if (beta1sq < 0) throw indefiniteM();
  if (beta1sq === 0) return [x, 0];
  if (rootOf(np.dot(sys.b, sys.b)) === 0) return [sys.b.copy(), 0];
  const beta1 = Math.sqrt(beta1sq);

  let oldb = 0;
  let beta = beta1;
  let dbar = 0;
  let epsln = 0;
  let phibar = beta1;
  let tnorm2 = 0;
  let gmax = 0;
  let gmin = Number.MAX_VALUE;
  let cs = -1;
  let sn = 0;
  let w = np.zeros([sys.n], { dtype });
  let w2 = np.zeros([sys.n], { dtype });
  let r2 = r1;

  for (let itn = 1; itn <= maxiter; itn++) {
    // Lanczos step.
    const v = np.multiply(y, safeDiv(1, beta));
    y = sys.A.matvec(v);
    if (shift !== 0) y = np.subtract(y, np.multiply(v, shift));
    if (itn >= 2) y = np.subtract(y, np.multiply(r1, safeDiv(beta, oldb)));
    const alfa = num(np.dot(v, y));
    y = np.subtract(y, np.multiply(r2, safeDiv(alfa, beta)));
    r1 = r2;
    r2 = y;
    y = psolve(r2);
    oldb = beta;
    const betasq = num(np.dot(r2, y));
    if (betasq < 0) throw nonsymmetricA();
    beta = Math.sqrt(Math.max(betasq, 0));
    tnorm2 = tnorm2 + (alfa * alfa + oldb * oldb + beta * beta);
    const early = itn === 1 && safeDiv(beta, beta1) <= 10 * eps;

    // The plane rotation, the update of x, and the recurrences of the estimates.
    const oldeps = epsln;
    const delta = cs * dbar + sn * alfa;
    const gbar = sn * dbar - cs * alfa;
    epsln = sn * beta;
    dbar = -(cs * beta);
    const root = hypot(gbar, dbar);
    const gamma = Math.max(hypot(gbar, beta), eps);
    cs = gbar / gamma;
    sn = beta / gamma;
    const phi = cs * phibar;
    phibar = sn * phibar;
    const denom = 1 / gamma;
    const w1 = w2;
    w2 = w;
    w = np.multiply(np.subtract(np.subtract(v, np.multiply(w1, oldeps)), np.multiply(w2, delta)), denom);
    axpy(x, phi, w);
    gmax = Math.max(gmax, gamma);
    gmin = Math.min(gmin, gamma);

    // The stopping tests, in SciPy's order (later ones override earlier ones).
    const anorm = Math.sqrt(tnorm2);
    const ynorm = rootOf(np.dot(x, x));
    const epsx = anorm * ynorm * eps;
    const rnorm = phibar;
    const test1 = ynorm === 0 || anorm === 0 ? Infinity : safeDiv(rnorm, anorm * ynorm);
    const test2 = anorm === 0 ? Infinity : safeDiv(root, anorm);
    const acond = gmax / gmin;
    let istop = 0;
    if (test2 + 1 <= 1) istop = 2;
    if (test1 + 1 <= 1) istop = 1;
    if (itn >= maxiter) istop = ITERATION_LIMIT;
    if (acond >= 0.1 / eps) istop = 4;
    if (epsx >= beta1) istop = 3;
    if (test2 <= rtol) istop = 2;
    if (test1 <= rtol) istop = 1;
    if (early) istop = -1;
    // SciPy calls the callback before testing istop.
    callback?.(x);
    if (istop !== 0) return [x, istop === ITERATION_LIMIT ? maxiter : 0];
  }
  return [x, maxiter];
}
