/**
 * `OdeSolution`: the continuous solution of `solve_ivp(..., {dense_output: true})` (SciPy's
 * `OdeSolution`): the per-step interpolants of the method, and the step a time falls in.
 */
import * as np from '../dense/index.js';
import { argMessage, ValueError } from '../runtime/index.js';

type ndarray = np.ndarray;

/**
 * The continuous solution: call it with a time (→ the state, shape `[n]`) or an array of times
 * (→ shape `[n, points]`). Between the steps it uses the method's own interpolant (SciPy's);
 * outside `[t_min, t_max]` it extrapolates with the first or last one, as SciPy does.
 */
export interface OdeSolution {
  (t: number | np.ArrayInput): ndarray;
  /** The step boundaries (the integration's time points), in the direction of integration. */
  readonly ts: number[];
  /** The smaller end of the interval. */
  readonly t_min: number;
  /** The larger end of the interval. */
  readonly t_max: number;
  /** Number of steps (interpolants). */
  readonly n_segments: number;
}

/**
 * Makes the continuous solution from the step boundaries and one interpolant per step.
 * @param ts - n_segments + 1 times, strictly monotone (or two equal ones: an empty integration).
 * @param interpolants - the interpolant of each step.
 * @returns the callable solution.
 */
export function odeSolution(ts: number[], interpolants: ((t: number) => ndarray)[]): OdeSolution {
  const nseg = interpolants.length;
  if (ts.length !== nseg + 1)
    throw new ValueError("OdeSolution: numbers of time stamps and interpolants don't match");
  const ascending = ts[ts.length - 1]! >= ts[0]!;
  const sorted = ascending ? ts : [...ts].reverse();
  const single = (t: number) => {
    // SciPy's segment choice: a time equal to a boundary goes to the earlier segment (in the
    // direction of integration).
    let ind = 0;
    if (ascending) while (ind < sorted.length && sorted[ind]! < t) ind++;
    else while (ind < sorted.length && sorted[ind]! <= t) ind++;
    let seg = Math.min(Math.max(ind - 1, 0), nseg - 1);
    if (!ascending) seg = nseg - 1 - seg;
    return interpolants[seg]!(t);
  };
  const sol = (t: number | np.ArrayInput): ndarray => {
    if (typeof t === 'number') return single(t).copy();
    const a = t instanceof np.ndarray ? t : np.asarray(t);
    if (a.ndim === 0) return single(Number(a.item())).copy();
    if (a.ndim !== 1)
      throw new ValueError(argMessage('OdeSolution', 't', 'a number or a 1-D array', a.shape));
    const pts = Array.from(a.astype('float64').toArray() as Float64Array);
    if (pts.length === 0) return np.zeros([single(ts[0]!).size, 0]);
    return np.stack(
      pts.map((p) => single(p)),
      { axis: 1 },
    );
  };
  return Object.assign(sol, {
    ts: [...ts],
    t_min: ascending ? ts[0]! : ts[ts.length - 1]!,
    t_max: ascending ? ts[ts.length - 1]! : ts[0]!,
    n_segments: nseg,
  });
}
