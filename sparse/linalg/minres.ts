/**
 * MINRES (SciPy's `minres`, Paige–Saunders, same recurrences and stopping tests), deferred: all
 * the scalar recurrences (Lanczos coefficients, Givens rotations, the norm and condition
 * estimates behind the stopping tests) are 0-d arrays, so an iteration never waits on a value.
 */

import * as np from '../../dense/index.js';
import { argMessage, ValueError } from '../../runtime/index.js';
import { ssigOpts } from '../sig.js';
import { hostScalars } from './host-scalars.js';
import type { Operand } from './interface.js';
import { ITERATION_LIMIT, indefiniteM, minresHost, nonsymmetricA } from './minres-host.js';
import { B_ZERO, CONVERGED, stopperFor } from './stopper.js';
import { epsOf, makeSystem, type Solver, type SolverOptions } from './system.js';
import { axpy, safeDiv } from './vec.js';

type ndarray = np.ndarray;

/** Options of {@link minres}: the common ones plus `shift` (solve (A − shift·I)·x = b). */
export interface MinresOptions extends Omit<SolverOptions, 'atol'> {
  /** Solve `(A − shift·I)·x = b`. Default 0. */
  shift?: number;
}

const NONSYM_A = -100;
const INDEFINITE_M = -101;

const hypot = (a: ndarray, b: ndarray) => np.sqrt(np.add(np.multiply(a, a), np.multiply(b, b)));

/**
 * Solves `(A − shift·I)·x = b` for symmetric (possibly indefinite) A by MINRES; M, if given, must
 * be symmetric positive definite.
 *
 * Stops, as SciPy's `minres`, when ‖r‖/(‖A‖·‖x‖) ≤ rtol or ‖A·r‖/(‖A‖·‖r‖) ≤ rtol (estimates), on
 * an ill-conditioning or eps-accuracy test, or after `maxiter` iterations (default 5·n).
 * @param A - symmetric sparse array, 2-D ndarray or LinearOperator.
 * @param b - right-hand side.
 * @param opts - `{x0, rtol, shift, maxiter, M, callback, check_every}`.
 * @returns `[x, info]`: 0 converged, `maxiter` when the iteration limit was reached.
 * @throws ValueError when the iteration reveals a non-symmetric A or an indefinite M.
 * @example
 * const [x, info] = minres(sparse.diags([[1], [2, -1], [1]], [-1, 0, 1]), np.ones([2]));
 * info; // 0
 */
export const minres = ssigOpts<Solver<MinresOptions>>(
  'minres(A, b, x0 = None, *, rtol: number = 1e-05, shift: number = 0, maxiter: int = None, M = None, callback: callable = None, check_every: int = None)',
  2,
  minresImpl as never,
);

function minresImpl(A: Operand, b: ndarray | ArrayLike<number>, opts: MinresOptions = {}): [ndarray, number] {
  const sys = makeSystem('minres', A, b, opts, (n) => 5 * n);
  const { maxiter, dtype, rtol } = sys;
  const callback = opts.callback;
  const shift = opts.shift ?? 0;
  if (typeof shift !== 'number' || !Number.isFinite(shift)) {
    throw new ValueError(argMessage('minres', 'shift', 'a finite number', shift));
  }
  // A small solve: scalars on the host, as SciPy's loop (same iterates; host-scalars.ts).
  if (sys.exactCalls || hostScalars('minres', sys.n, sys.dtype)) return minresHost(sys, shift, callback);
  const eps = epsOf(dtype);
  const psolve = (v: ndarray) => (sys.M ? sys.M.matvec(v) : v);
  const dot = (a: ndarray, c: ndarray) => np.dot(a, c);
  const num = (v: number) => np.full([], v, { dtype });
  const x = sys.x;
  const st = stopperFor(sys.every, !!callback);

  let r1 = sys.x0Given ? np.subtract(sys.b, sys.A.matvec(x)) : sys.b.copy();
  let y = psolve(r1);
  const beta1sq = dot(r1, y);
  st.stopIf(np.less(beta1sq, 0), INDEFINITE_M);
  st.stopIf(np.equal(beta1sq, 0), CONVERGED);
  st.stopIf(np.equal(np.linalg.norm(sys.b), 0), B_ZERO);
  const beta1 = np.sqrt(beta1sq);

  let oldb = num(0);
  let beta = beta1;
  let dbar = num(0);
  let epsln = num(0);
  let phibar = beta1;
  let rhs1 = beta1;
  let rhs2 = num(0);
  let tnorm2 = num(0);
  let gmax = num(0);
  let gmin = num(dtype === 'float32' ? 3.4028234663852886e38 : Number.MAX_VALUE);
  let cs = num(-1);
  let sn = num(0);
  let w = np.zeros([sys.n], { dtype });
  let w2 = np.zeros([sys.n], { dtype });
  let r2 = r1;

  for (let itn = 1; itn <= maxiter; itn++) {
    const s = safeDiv(1, beta);
    const v = np.multiply(y, s);
    y = sys.A.matvec(v);
    if (shift !== 0) y = np.subtract(y, np.multiply(v, shift));
    if (itn >= 2) y = np.subtract(y, np.multiply(r1, safeDiv(beta, oldb)));
    const alfa = dot(v, y);
    y = np.subtract(y, np.multiply(r2, safeDiv(alfa, beta)));
    r1 = r2;
    r2 = y;
    y = psolve(r2);
    oldb = beta;
    const betasq = dot(r2, y);
    st.stopIf(np.less(betasq, 0), NONSYM_A);
    beta = np.sqrt(np.maximum(betasq, 0));
    tnorm2 = np.add(
      tnorm2,
      np.add(np.add(np.multiply(alfa, alfa), np.multiply(oldb, oldb)), np.multiply(beta, beta)),
    );
    const early = itn === 1 ? np.less_equal(safeDiv(beta, beta1), 10 * eps) : undefined;

    const oldeps = epsln;
    const delta = np.add(np.multiply(cs, dbar), np.multiply(sn, alfa));
    const gbar = np.subtract(np.multiply(sn, dbar), np.multiply(cs, alfa));
    epsln = np.multiply(sn, beta);
    dbar = np.negative(np.multiply(cs, beta));
    const root = hypot(gbar, dbar);
    const gamma = np.maximum(hypot(gbar, beta), eps);
    cs = np.divide(gbar, gamma);
    sn = np.divide(beta, gamma);
    const phi = np.multiply(cs, phibar);
    phibar = np.multiply(sn, phibar);
    const denom = np.divide(1, gamma);
    const w1 = w2;
    w2 = w;
    w = np.multiply(np.subtract(np.subtract(v, np.multiply(w1, oldeps)), np.multiply(w2, delta)), denom);
    axpy(x, st.gate(phi), w);
    gmax = np.maximum(gmax, gamma);
    gmin = np.minimum(gmin, gamma);
    const z = np.divide(rhs1, gamma);
    rhs1 = np.subtract(rhs2, np.multiply(delta, z));
    rhs2 = np.negative(np.multiply(epsln, z));

    const anorm = np.sqrt(tnorm2);
    const ynorm = np.linalg.norm(x);
    const epsx = np.multiply(np.multiply(anorm, ynorm), eps);
    const rnorm = phibar;
    const degenerate = np.logical_or(np.equal(ynorm, 0), np.equal(anorm, 0));
    const test1 = np.where(degenerate, Infinity, safeDiv(rnorm, np.multiply(anorm, ynorm)));
    const test2 = np.where(np.equal(anorm, 0), Infinity, safeDiv(root, anorm));
    const acond = np.divide(gmax, gmin);
    // SciPy assigns istop in this order, later tests overriding earlier ones.
    const tests: [ndarray | boolean, number][] = [
      [np.less_equal(np.add(test2, 1), 1), 2],
      [np.less_equal(np.add(test1, 1), 1), 1],
      [itn >= maxiter, ITERATION_LIMIT],
      [np.greater_equal(acond, 0.1 / eps), 4],
      [np.greater_equal(epsx, beta1), 3],
      [np.less_equal(test2, rtol), 2],
      [np.less_equal(test1, rtol), 1],
    ];
    let istop: ndarray = np.zeros([], { dtype: 'int32' });
    for (const [cond, code] of tests) {
      if (cond === false) continue;
      istop = cond === true ? np.full([], code, { dtype: 'int32' }) : np.where(cond, code, istop);
    }
    if (early) istop = np.where(early, -1, istop);
    // This iteration ran (SciPy calls the callback before testing istop).
    st.endIteration();
    const stop = st.poll(!!callback);
    if (stop) return finish(stop.code);
    callback?.(x);
    st.stopIf(np.not_equal(istop, 0), istop);
  }
  st.endIteration();
  const stop = st.poll(true);
  return finish(stop ? stop.code : ITERATION_LIMIT);

  function finish(code: number): [ndarray, number] {
    if (code === NONSYM_A) throw nonsymmetricA();
    if (code === INDEFINITE_M) throw indefiniteM();
    if (code === B_ZERO) return [sys.b.copy(), 0];
    return [x, code === ITERATION_LIMIT ? maxiter : 0];
  }
}
