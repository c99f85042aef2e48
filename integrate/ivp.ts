/**
 * `solve_ivp`: SciPy's initial value problem driver for the explicit Runge–Kutta methods (RK23,
 * RK45, DOP853) on a dense state. The right-hand side is any function of (t, y) returning an
 * array_like — typically a sparse product `A.dot(y)` plus dense element-wise terms, all deferred.
 */
import * as np from '../dense/index.js';
import { ArgumentTypeError, argMessage, ValueError } from '../runtime/index.js';
import { type EventFunction, eventValue, findActiveEvents, handleEvents, prepareEvents } from './events.js';
import { type Rhs as CountedRhs, RkStepper } from './rk.js';
import { isig } from './sig.js';
import { type OdeSolution, odeSolution } from './solution.js';

type ndarray = np.ndarray;
/** A right-hand side as the user writes it: `(t, y, ...args) => dy/dt`. */
type Rhs = (t: number, y: ndarray, ...args: never[]) => np.ArrayInput;

/** The methods cohort implements. */
const METHODS = ['RK23', 'RK45', 'DOP853'];
/** SciPy's other methods (implicit; not implemented). */
const IMPLICIT = ['Radau', 'BDF', 'LSODA'];
const MESSAGES: Record<number, string> = {
  0: 'The solver successfully reached the end of the integration interval.',
  1: 'A termination event occurred.',
};

/** Options of {@link solve_ivp} (SciPy's keyword arguments and the Runge–Kutta solvers' options). */
export interface SolveIvpOptions {
  /** `'RK45'` (default), `'RK23'` or `'DOP853'`. */
  method?: 'RK23' | 'RK45' | 'DOP853';
  /** Times at which to store the solution (sorted in the direction of integration, inside t_span). */
  t_eval?: np.ArrayInput;
  /** Also return the continuous solution `sol` (the method's interpolants; default false). */
  dense_output?: boolean;
  /**
   * Event functions g(t, y) (one or an array): their zeros are located on each step's interpolant
   * (SciPy's semantics: `terminal` — true or a count — stops the integration, `direction` picks
   * the sign change).
   */
  events?: EventFunction | EventFunction[] | null;
  /** Whether `fun` takes y as an n×1 column (and returns one). Default false. */
  vectorized?: boolean;
  /** Extra arguments passed to `fun` after (t, y). */
  args?: unknown[];
  /** Initial step size (default: chosen by SciPy's algorithm). */
  first_step?: number;
  /** Largest step size (default Infinity). */
  max_step?: number;
  /** Relative tolerance, a number or one per component (default 1e-3). */
  rtol?: number | np.ArrayInput;
  /** Absolute tolerance, a number or one per component (default 1e-6). */
  atol?: number | np.ArrayInput;
}

/**
 * The result of {@link solve_ivp} (SciPy's `OdeResult`).
 * @example
 * const r = solve_ivp((t, y) => np.negative(y), [0, 1], [1, 2]);
 * [r.y.shape[0], r.t.shape[0] === r.y.shape[1], r.status, r.sol, r.njev]; // [2, true, 0, null, 0]
 * const d = solve_ivp((t, y) => np.negative(y), [0, 1], [1], { dense_output: true, rtol: 1e-8 });
 * Math.abs(d.sol!(0.5).item() - Math.exp(-0.5)) < 1e-7; // true
 */
export class OdeResult {
  /**
   * @param t - time points, shape `[n_points]`.
   * @param y - the solution at `t`, shape `[n, n_points]`.
   * @param nfev - number of evaluations of the right-hand side.
   * @param status - −1 integration step failed, 0 the end of t_span was reached.
   * @param message - why the solver stopped.
   * @param sol - the continuous solution (with `dense_output`), else null.
   * @param t_events - per event, the times it occurred (with `events`), else null.
   * @param y_events - per event, the states at those times (`[count, n]`), else null.
   */
  constructor(
    readonly t: ndarray,
    readonly y: ndarray,
    readonly nfev: number,
    readonly status: number,
    readonly message: string,
    readonly sol: OdeSolution | null = null,
    readonly t_events: ndarray[] | null = null,
    readonly y_events: ndarray[] | null = null,
  ) {}
  /** Jacobian evaluations: 0 for the explicit methods. */
  readonly njev = 0;
  /** LU decompositions: 0 for the explicit methods. */
  readonly nlu = 0;
  /**
   * True when status ≥ 0.
   * @returns whether the integration reached the end of the interval.
   * @example
   * solve_ivp((t, y) => np.negative(y), [0, 1], [1]).success // true
   */
  get success(): boolean {
    return this.status >= 0;
  }
}

function tolerance(name: string, v: unknown, n: number, dflt: number): number | ndarray {
  if (v === undefined || v === null) return dflt;
  if (typeof v === 'number') {
    if (Number.isNaN(v)) throw new ValueError(argMessage('solve_ivp', name, 'a number', v));
    return v;
  }
  let a: ndarray;
  try {
    a = np.asarray(v as np.ArrayInput).astype('float64');
  } catch {
    throw new ArgumentTypeError(argMessage('solve_ivp', name, 'a number or an array of n numbers', v));
  }
  if (a.ndim === 0) return Number(a.item());
  if (a.ndim !== 1 || a.size !== n) {
    throw new ValueError(argMessage('solve_ivp', name, `a number or an array of shape [${n}]`, a.shape));
  }
  return a;
}

const minOf = (t: number | ndarray) => (typeof t === 'number' ? t : Number(np.min(t).item()));

/**
 * Solves an initial value problem dy/dt = fun(t, y), y(t0) = y0 with an explicit Runge–Kutta
 * method and SciPy's adaptive step-size control (same steps, same `nfev` as SciPy up to rounding).
 * The state is a dense float64 ndarray; `fun` may use any cohort operation (sparse products run
 * on the worker pool). Each attempted step reads one number (the error norm) on the host.
 * @param fun - right-hand side `(t, y, ...args) => dy/dt` (an ndarray or array_like of y's shape).
 * @param t_span - `[t0, tf]`; tf < t0 integrates backwards.
 * @param y0 - initial state (1-D, finite).
 * @param opts - `{method, t_eval, vectorized, args, first_step, max_step, rtol, atol}`;
 *   `dense_output: true` adds `sol`, the continuous solution; `events` adds `t_events`/`y_events`
 *   and stops at terminal events (status 1).
 * @returns an {@link OdeResult}: `t`, `y` (n × points), `nfev`, `status`, `message`, `success`.
 * @throws ValueError on a bad method, t_span, y0, t_eval, tolerance or step option.
 * @throws ArgumentTypeError on options of the wrong type, unknown options or an implicit method (`'Radau'`, `'BDF'`, `'LSODA'`: not implemented).
 * @example
 * const r = solve_ivp((t, y) => np.multiply(y, -0.5), [0, 10], [2, 4, 8], { t_eval: [0, 10] });
 * [r.status, r.nfev, r.t.tolist()]; // [0, 44, [0, 10]]
 * r.y.shape; // [3, 2]
 * np.allclose(r.y.get(':, 1'), [2 * Math.exp(-5), 4 * Math.exp(-5), 8 * Math.exp(-5)], { rtol: 1e-2 }); // true
 */
export const solve_ivp = isig<{
  (
    fun: Rhs,
    t_span: [number, number] | readonly number[],
    y0: np.ArrayInput,
    opts?: SolveIvpOptions,
  ): OdeResult;
  (
    fun: Rhs,
    t_span: [number, number] | readonly number[],
    y0: np.ArrayInput,
    method?: SolveIvpOptions['method'],
    t_eval?: np.ArrayInput | null,
    opts?: SolveIvpOptions,
  ): OdeResult;
}>(
  'solve_ivp(fun: callable, t_span, y0: array_like, method: str = "RK45", t_eval: array_like = None, dense_output: bool = False, events = None, vectorized: bool = False, args = None, *, first_step: number = None, max_step: number = None, rtol = None, atol = None)',
  solveIvpImpl as never,
);

function solveIvpImpl(
  fun: (t: number, y: ndarray, ...args: unknown[]) => np.ArrayInput,
  tSpan: unknown,
  y0In: ndarray,
  method: string,
  tEvalIn: ndarray | undefined,
  denseOutput: boolean,
  events: unknown,
  vectorized: boolean,
  args: unknown,
  firstStep: number | undefined,
  maxStep: number | undefined,
  rtolIn: unknown,
  atolIn: unknown,
): OdeResult {
  if (IMPLICIT.includes(method)) {
    throw new ArgumentTypeError(
      argMessage(
        'solve_ivp',
        'method',
        `one of ${METHODS.join(', ')} (implicit methods are not implemented)`,
        method,
      ),
    );
  }
  if (!METHODS.includes(method)) {
    throw new ValueError(argMessage('solve_ivp', 'method', `one of ${METHODS.join(', ')}`, method));
  }
  if (
    !(Array.isArray(tSpan) || ArrayBuffer.isView(tSpan)) ||
    (tSpan as ArrayLike<unknown>).length !== 2 ||
    !Array.from(tSpan as ArrayLike<unknown>).every((v) => typeof v === 'number' && Number.isFinite(v))
  ) {
    throw new ValueError(argMessage('solve_ivp', 't_span', 'two finite numbers [t0, tf]', tSpan));
  }
  const [t0, tf] = Array.from(tSpan as ArrayLike<number>);
  if (args !== undefined && args !== null && !Array.isArray(args)) {
    throw new ArgumentTypeError(argMessage('solve_ivp', 'args', 'an array of extra arguments', args));
  }
  const extra = (args ?? []) as unknown[];
  const y0 = y0In.dtype === 'float64' ? y0In.copy() : y0In.astype('float64');
  if (y0.ndim !== 1) throw new ValueError(argMessage('solve_ivp', 'y0', 'a 1-D array', y0.shape));
  if (y0.size > 0 && !np.all(np.isfinite(y0)).item()) {
    throw new ValueError(argMessage('solve_ivp', 'y0', 'finite components', 'a non-finite value'));
  }
  const n = y0.size;
  const maxS = maxStep ?? Number.POSITIVE_INFINITY;
  if (!(maxS > 0)) throw new ValueError(argMessage('solve_ivp', 'max_step', 'a positive number', maxStep));
  let rtol = tolerance('rtol', rtolIn, n, 1e-3);
  const atol = tolerance('atol', atolIn, n, 1e-6);
  // SciPy raises rtol to 100·eps (with a warning) where it is smaller.
  if (minOf(rtol) < 100 * 2 ** -52) {
    rtol = typeof rtol === 'number' ? 100 * 2 ** -52 : np.maximum(rtol, 100 * 2 ** -52);
  }
  if (minOf(atol) < 0) throw new ValueError(argMessage('solve_ivp', 'atol', 'non-negative values', atolIn));
  if (firstStep !== undefined) {
    if (!(firstStep > 0))
      throw new ValueError(argMessage('solve_ivp', 'first_step', 'a positive number', firstStep));
    if (firstStep > Math.abs(tf! - t0!)) {
      throw new ValueError(
        argMessage('solve_ivp', 'first_step', `at most |tf − t0| = ${Math.abs(tf! - t0!)}`, firstStep),
      );
    }
  }

  const tEval = tEvalIn === undefined ? null : checkTEval(tEvalIn, t0!, tf!);
  const rhs: CountedRhs = (t, y) => {
    const arg = vectorized ? y.reshape([n, 1]) : y;
    const out = fun(t, arg, ...extra);
    let f = out instanceof np.ndarray ? out : np.asarray(out);
    if (f.dtype !== 'float64') f = f.astype('float64');
    if (vectorized) f = f.ravel();
    if (f.size !== n || f.ndim !== 1) {
      throw new ValueError(argMessage('solve_ivp', 'fun', `to return ${n} values`, f.shape));
    }
    return f;
  };
  const solver = new RkStepper(method, rhs, t0!, y0, tf!, {
    maxStep: maxS,
    rtol,
    atol,
    firstStep: firstStep ?? null,
  });

  const ts: number[] = [];
  const ys: ndarray[] = [];
  if (tEval === null) {
    ts.push(t0!);
    ys.push(y0);
  }
  const interpolants: ((t: number) => ndarray)[] = [];
  const ti: number[] = [t0!];
  // t_eval points already stored: the next is tEval[next] (in the direction of integration).
  let next = 0;
  const ev = events === undefined || events === null ? null : prepareEvents(events);
  const count = ev ? ev.evs.map(() => 0) : [];
  const tEvents: number[][] = ev ? ev.evs.map(() => []) : [];
  const yEvents: ndarray[][] = ev ? ev.evs.map(() => []) : [];
  let g = ev ? ev.evs.map((e) => eventValue(e, t0!, y0, extra)) : [];
  let status: number | null = null;
  let message: string | null = null;
  while (status === null) {
    message = solver.step();
    if (solver.status === 'finished') status = 0;
    else if (solver.status === 'failed') {
      status = -1;
      break;
    }
    let t = solver.t;
    let y = solver.y;
    let sol: ((t: number) => ndarray) | null = null;
    if (denseOutput) {
      sol = solver.denseOutput();
      interpolants.push(sol);
    }
    if (ev) {
      const gNew = ev.evs.map((e) => eventValue(e, t, y, extra));
      const active = findActiveEvents(g, gNew, ev.direction);
      if (active.length > 0) {
        const s = sol ?? solver.denseOutput();
        sol = s;
        for (const i of active) count[i]!++;
        const r = handleEvents(s, ev.evs, active, count, ev.maxEvents, solver.tOld!, t, extra);
        r.indices.forEach((e, j) => {
          tEvents[e]!.push(r.roots[j]!);
          yEvents[e]!.push(s(r.roots[j]!));
        });
        if (r.terminate) {
          status = 1;
          t = r.roots[r.roots.length - 1]!;
          y = s(t);
        }
      }
      g = gNew;
    }
    if (tEval === null) {
      // SciPy drops a repeated time (a zero-length last step) with its interpolant.
      if (ts.length > 1 && ts[ts.length - 1] === t && denseOutput) interpolants.pop();
      else {
        ts.push(t);
        ys.push(y);
      }
    } else {
      // Every t_eval point up to t (t included) is interpolated within this step.
      let end = next;
      while (end < tEval.length && solver.direction * (tEval[end]! - t) <= 0) end++;
      if (end > next) {
        sol ??= solver.denseOutput();
        for (let i = next; i < end; i++) {
          ts.push(tEval[i]!);
          ys.push(sol(tEval[i]!));
        }
        next = end;
      }
      if (denseOutput) ti.push(t);
    }
  }
  const tOut = np.array(Float64Array.from(ts));
  const yOut = ys.length === 0 ? np.zeros([n, 0]) : np.stack(ys, { axis: 1 });
  const solution = denseOutput ? odeSolution(tEval === null ? ts : ti, interpolants) : null;
  const tEv = ev ? tEvents.map((v) => np.array(Float64Array.from(v))) : null;
  const yEv = ev ? yEvents.map((v) => (v.length === 0 ? np.zeros([0]) : np.stack(v))) : null;
  const msg = MESSAGES[status] ?? message ?? '';
  return new OdeResult(tOut, yOut, solver.nfev, status, msg, solution, tEv, yEv);
}

/** SciPy's t_eval checks; returns the points in the direction of integration order. */
function checkTEval(a: ndarray, t0: number, tf: number): Float64Array {
  if (a.ndim !== 1) throw new ValueError(argMessage('solve_ivp', 't_eval', 'a 1-D array', a.shape));
  const v = Float64Array.from(a.astype('float64').toArray() as Float64Array);
  const lo = Math.min(t0, tf);
  const hi = Math.max(t0, tf);
  if (v.some((x) => !(x >= lo && x <= hi))) {
    throw new ValueError(
      argMessage('solve_ivp', 't_eval', `values within t_span [${t0}, ${tf}]`, Array.from(v)),
    );
  }
  for (let i = 1; i < v.length; i++) {
    const d = v[i]! - v[i - 1]!;
    if ((tf > t0 && d <= 0) || (tf < t0 && d >= 0)) {
      throw new ValueError(
        argMessage('solve_ivp', 't_eval', 'values sorted in the direction of integration', Array.from(v)),
      );
    }
  }
  return v;
}
