/**
 * Deferred stopping for the iterative solvers. SciPy's loop tests `norm(r) < atol` (and breakdown
 * conditions) on the host every iteration; here each test is a 0-d boolean array computed by the
 * runtime, folded into an `active` flag that masks every later update (`alpha ← where(active,
 * alpha, 0)`), so the iteration never waits on a value. The host reads the flag only every
 * `every` iterations (and, with workers, one iteration behind, so the pipeline never drains);
 * iterations issued after the stopping point change nothing, and the stopping iteration is found
 * by reading the per-iteration flags once. Results are therefore identical for every cadence.
 */
import * as np from '../../dense/index.js';
import { InternalError, workerCount } from '../../runtime/index.js';

type ndarray = np.ndarray;

/** The longest interval between reads of the adaptive cadence. */
export const MAX_AUTO_EVERY = 16;

/** Where and why an iteration stopped. */
export interface Stop {
  /** Iterations completed before the stop (the number of callbacks SciPy would have made). */
  iteration: number;
  /** The code given to the condition that fired (0: converged; negative: breakdown). */
  code: number;
}

interface StopEvent {
  /** Index (in issue order) of the iteration during which the test ran. */
  iteration: number;
  cond: ndarray;
  code: number | ndarray;
}

/** The stopping state of one solve (see the file comment). */
export class Stopper {
  private activeFlag: ndarray;
  private flags: ndarray[] = [];
  private events: StopEvent[] = [];
  private base = 0;
  /** With the adaptive cadence: the issued-iteration count at which the next read happens. */
  private next = 1;

  /**
   * @param every - read cadence in iterations; 0 for the adaptive one (every iteration at first,
   * then every ⌊k/4⌋ after k issued iterations, at most {@link MAX_AUTO_EVERY}).
   * @param lag - how many iterations behind the newest the read looks (0 or 1).
   */
  constructor(
    private readonly every: number,
    private readonly lag: number,
  ) {
    this.activeFlag = np.full([], true, { dtype: 'bool' });
  }

  /** The 0-d boolean "still iterating". */
  get active(): ndarray {
    return this.activeFlag;
  }

  /**
   * Stops the iteration (from this point of the current iteration on) when `cond` holds. The code
   * is found on the host after the stop is seen (by reading the conditions of that iteration), so
   * a test costs two 0-d launches.
   * @param cond - 0-d boolean array.
   * @param code - the stop code if this condition is the first to fire (a number or a 0-d array).
   */
  stopIf(cond: ndarray, code: number | ndarray): void {
    this.events.push({ iteration: this.base + this.flags.length, cond, code });
    this.activeFlag = np.logical_and(this.activeFlag, np.logical_not(cond));
  }

  /**
   * `v` while active, 0 once stopped: the gate on every scalar that updates the iterate.
   * @param v - a 0-d array.
   * @returns a 0-d array of v's dtype.
   */
  gate(v: ndarray): ndarray {
    return np.where(this.activeFlag, v, 0);
  }

  /** Records the end of an iteration (the flag says whether SciPy would call the callback). */
  endIteration(): void {
    this.flags.push(this.activeFlag);
  }

  /**
   * The read: every `every` iterations, looks at the flag `lag` iterations behind the newest.
   * @param force - read now, and the newest flag (end of the loop, or a callback is due).
   * @returns the stop when the iteration has stopped, else undefined.
   */
  poll(force = false): Stop | undefined {
    const issued = this.base + this.flags.length;
    if (!force) {
      if (this.every > 0) {
        if (issued % this.every !== 0) return undefined;
      } else {
        if (issued < this.next) return undefined;
        this.next = issued + Math.min(MAX_AUTO_EVERY, Math.max(1, Math.floor(issued / 4)));
      }
    }
    const idx = this.flags.length - 1 - (force ? 0 : this.lag);
    if (idx < 0) {
      // No iteration ended since the last read (maxiter = 0): a test made before the loop (‖b‖ = 0)
      // may still have fired, and SciPy returns on it whatever maxiter.
      if (!force) return undefined;
      const e = this.events.find((ev) => ev.cond.item());
      return e && { iteration: this.base, code: typeof e.code === 'number' ? e.code : Number(e.code.item()) };
    }
    if (this.flags[idx]!.item()) {
      this.base += idx + 1;
      this.flags = this.flags.slice(idx + 1);
      this.events = this.events.filter((e) => e.iteration >= this.base);
      return undefined;
    }
    for (let i = 0; i <= idx; i++) {
      if (this.flags[i]!.item()) continue;
      const iteration = this.base + i;
      for (const e of this.events) {
        if (e.iteration === iteration && e.cond.item()) {
          return { iteration, code: typeof e.code === 'number' ? e.code : Number(e.code.item()) };
        }
      }
    }
    throw new InternalError('Stopper: a stopped iteration with no condition that fired');
  }
}

/** Stop code: ‖b‖ = 0 (the solution is b itself, returned at once with info 0). */
export const B_ZERO = 1000;

/** Stop code: converged. */
export const CONVERGED = 0;

/**
 * A stopper for a solve: lag 1 with workers and no callback (the read looks one iteration behind,
 * so the issuing thread stays ahead of the pool), else 0.
 * @param every - read cadence.
 * @param callback - whether a callback was given.
 * @returns the stopper.
 */
export function stopperFor(every: number, callback: boolean): Stopper {
  return new Stopper(every, !callback && workerCount() > 0 ? 1 : 0);
}

/**
 * The `[x, info]` of a solve that stopped (or ran out of iterations).
 * @param x - the iterate.
 * @param b - the right-hand side (returned as the solution when ‖b‖ = 0).
 * @param stop - the stop, undefined when maxiter was exhausted.
 * @param maxiter - the iteration limit (info when it was exhausted).
 * @returns SciPy's `(x, info)`.
 */
export function outcome(x: ndarray, b: ndarray, stop: Stop | undefined, maxiter: number): [ndarray, number] {
  if (!stop) return [x, maxiter];
  if (stop.code === B_ZERO) return [b.copy(), 0];
  return [x, stop.code];
}
