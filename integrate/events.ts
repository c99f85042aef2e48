/**
 * Event detection of `solve_ivp` (SciPy's `prepare_events`, `find_active_events`,
 * `handle_events`): sign changes of g(t, y) between the ends of each step, located on the step's
 * interpolant by Brent's method (xtol = rtol = 4·eps, as SciPy's `brentq`), terminal events after a
 * given count.
 */
import * as np from '../dense/index.js';
import { argMessage, ValueError } from '../runtime/index.js';

type ndarray = np.ndarray;

/** An event function `g(t, y, ...args)`, optionally with SciPy's `terminal` and `direction` attributes. */
export type EventFunction = ((t: number, y: ndarray, ...args: never[]) => number | np.ArrayInput) & {
  terminal?: boolean | number;
  direction?: number;
};

const EPS = 2 ** -52;

/** The events as a list with their maximum counts (Infinity: not terminal) and directions. */
export function prepareEvents(events: unknown): {
  evs: EventFunction[];
  maxEvents: number[];
  direction: number[];
} {
  const evs = (typeof events === 'function' ? [events] : events) as EventFunction[];
  if (!Array.isArray(evs) || evs.some((e) => typeof e !== 'function')) {
    throw new ValueError(argMessage('solve_ivp', 'events', 'a function or an array of functions', events));
  }
  const maxEvents = evs.map((e) => {
    const term = e.terminal;
    if (term === undefined || term === null || term === false || term === 0) return Number.POSITIVE_INFINITY;
    if (term === true) return 1;
    if (typeof term === 'number' && Number.isInteger(term) && term > 0) return term;
    throw new ValueError(
      'solve_ivp: the `terminal` attribute of each event must be a boolean or positive integer.',
    );
  });
  const direction = evs.map((e) => Number(e.direction ?? 0));
  return { evs, maxEvents, direction };
}

/** The value of an event function as a number. */
export function eventValue(e: EventFunction, t: number, y: ndarray, args: unknown[]): number {
  const v = (e as (...a: unknown[]) => unknown)(t, y, ...args);
  if (typeof v === 'number') return v;
  const a = v instanceof np.ndarray ? v : np.asarray(v as np.ArrayInput);
  return Number(a.item());
}

/** Indices of the events whose sign change between g and gNew matches their direction. */
export function findActiveEvents(g: number[], gNew: number[], direction: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < g.length; i++) {
    const up = g[i]! <= 0 && gNew[i]! >= 0;
    const down = g[i]! >= 0 && gNew[i]! <= 0;
    const d = direction[i]!;
    if ((up && d > 0) || (down && d < 0) || ((up || down) && d === 0)) out.push(i);
  }
  return out;
}

/**
 * A root of f in [a, b] (f(a), f(b) of opposite signs or zero) by Brent's method: bisection,
 * secant and inverse quadratic interpolation, to |error| ≤ xtol + rtol·|root|.
 */
export function brentRoot(
  f: (t: number) => number,
  a0: number,
  b0: number,
  xtol: number,
  rtol: number,
): number {
  let a = a0;
  let b = b0;
  let fa = f(a);
  let fb = f(b);
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (fa > 0 === fb > 0)
    throw new ValueError('solve_ivp: an event function does not change sign within the step');
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let iter = 0; iter < 200; iter++) {
    if (fb > 0 === fc > 0) {
      c = a;
      fc = fa;
      d = e = b - a;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol = 0.5 * (xtol + rtol * Math.abs(b));
    const m = 0.5 * (c - b);
    if (Math.abs(m) <= tol || fb === 0) return b;
    if (Math.abs(e) >= tol && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qq = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qq * (qq - r) - (b - a) * (r - 1));
        q = (qq - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * m * q - Math.abs(tol * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol ? d : m > 0 ? tol : -tol;
    fb = f(b);
  }
  return b;
}

/**
 * Roots of the active events within the step [tOld, t]; when a terminal event reaches its count,
 * the roots in the direction of integration up to it, and `terminate`.
 */
export function handleEvents(
  sol: (t: number) => ndarray,
  evs: EventFunction[],
  active: number[],
  count: number[],
  maxEvents: number[],
  tOld: number,
  t: number,
  args: unknown[],
): { indices: number[]; roots: number[]; terminate: boolean } {
  let pairs = active.map((i) => ({
    i,
    root: brentRoot((s) => eventValue(evs[i]!, s, sol(s), args), tOld, t, 4 * EPS, 4 * EPS),
  }));
  let terminate = false;
  if (pairs.some(({ i }) => count[i]! >= maxEvents[i]!)) {
    pairs = pairs.slice().sort((x, y) => (t > tOld ? x.root - y.root : y.root - x.root));
    const cut = pairs.findIndex(({ i }) => count[i]! >= maxEvents[i]!);
    pairs = pairs.slice(0, cut + 1);
    terminate = true;
  }
  return { indices: pairs.map((p) => p.i), roots: pairs.map((p) => p.root), terminate };
}
