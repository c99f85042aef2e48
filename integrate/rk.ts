/**
 * The explicit Runge–Kutta stepper of `solve_ivp` (SciPy's `RungeKutta` with its step-size control):
 * the state and the stages are dense ndarrays, every stage combination is one deferred, fused
 * element-wise expression on the public dense API, and the only reads are the error norm of each
 * attempted step (the controller needs it on the host to pick the next step).
 */
import * as np from '../dense/index.js';
import * as dop from './dop853-tableau.js';
import { RK23, RK45, type Tableau } from './tableaus.js';

type ndarray = np.ndarray;

/** Step-size safety factor and the bounds of one step's change (SciPy's rk.py constants). */
const SAFETY = 0.9;
const MIN_FACTOR = 0.2;
const MAX_FACTOR = 10;
/** SciPy's `OdeSolver.TOO_SMALL_STEP`. */
export const TOO_SMALL_STEP = 'Required step size is less than spacing between numbers.';

const DOP853: Tableau = {
  order: 8,
  errorOrder: 7,
  nStages: dop.N_STAGES,
  C: dop.C.slice(0, dop.N_STAGES),
  A: dop.A_ROWS.slice(0, dop.N_STAGES),
  B: dop.B,
  E: dop.E5,
  P: [],
};

/** The methods of this stepper. */
export const TABLEAUS: Record<string, Tableau> = { RK23, RK45, DOP853 };

/** Σ c_j·K_j over the nonzero coefficients (deferred: one fused expression); null when all are 0. */
export function combine(K: ndarray[], coef: readonly [number, number][]): ndarray | null {
  let acc: ndarray | null = null;
  for (const [j, c] of coef) {
    if (c === 0) continue;
    const term = np.multiply(K[j]!, c);
    acc = acc === null ? term : np.add(acc, term);
  }
  return acc;
}

const dense = (v: readonly number[]): [number, number][] => v.map((c, j) => [j, c]);

/** SciPy's RMS norm: ‖x‖₂ / √n. */
export function rmsNorm(x: ndarray): number {
  return Number(np.linalg.norm(x).item()) / Math.sqrt(x.size);
}

/** The next float64 after `t` in direction `dir` (±1): numpy's `nextafter(t, dir·inf)`. */
export function nextAfter(t: number, dir: number): number {
  if (Number.isNaN(t)) return t;
  if (t === 0) return dir > 0 ? Number.MIN_VALUE : -Number.MIN_VALUE;
  const f = new Float64Array([t]);
  const b = new BigInt64Array(f.buffer);
  b[0] = b[0]! + (t > 0 === dir > 0 ? 1n : -1n);
  return f[0]!;
}

/** A right-hand side with evaluation counting (SciPy's `OdeSolver.fun`). */
export type Rhs = (t: number, y: ndarray) => ndarray;

/** Options of the stepper (validated by `solve_ivp`). */
export interface StepperOptions {
  maxStep: number;
  rtol: number | ndarray;
  atol: number | ndarray;
  firstStep: number | null;
}

/** One explicit Runge–Kutta integration from t0 towards tBound (SciPy's `RungeKutta`). */
export class RkStepper {
  readonly tab: Tableau;
  readonly isDop853: boolean;
  t: number;
  y: ndarray;
  f: ndarray;
  tOld: number | null = null;
  yOld: ndarray | null = null;
  hPrevious = 0;
  hAbs: number;
  status: 'running' | 'finished' | 'failed' = 'running';
  nfev = 0;
  readonly direction: number;
  readonly n: number;
  /** The stages of the last accepted step: K[0..nStages-1] and f at the new point. */
  K: ndarray[] = [];
  private readonly rawFun: Rhs;
  private readonly errorExponent: number;

  constructor(
    method: string,
    fun: Rhs,
    t0: number,
    y0: ndarray,
    readonly tBound: number,
    readonly opts: StepperOptions,
  ) {
    this.tab = TABLEAUS[method]!;
    this.isDop853 = method === 'DOP853';
    this.rawFun = fun;
    this.t = t0;
    this.y = y0;
    this.n = y0.size;
    this.direction = tBound !== t0 ? Math.sign(tBound - t0) : 1;
    this.errorExponent = -1 / (this.tab.errorOrder + 1);
    this.f = this.fun(t0, y0);
    this.hAbs = opts.firstStep ?? this.initialStep();
  }

  /** The right-hand side, counted. */
  fun(t: number, y: ndarray): ndarray {
    this.nfev++;
    return this.rawFun(t, y);
  }

  private scaleOf(...ys: ndarray[]): ndarray {
    const mag = ys.length === 1 ? np.abs(ys[0]!) : np.maximum(np.abs(ys[0]!), np.abs(ys[1]!));
    return np.add(this.opts.atol, np.multiply(mag, this.opts.rtol));
  }

  /** SciPy's `select_initial_step` (Hairer–Nørsett–Wanner §II.4). */
  private initialStep(): number {
    if (this.n === 0) return Number.POSITIVE_INFINITY;
    const interval = Math.abs(this.tBound - this.t);
    if (interval === 0) return 0;
    const scale = this.scaleOf(this.y);
    const d0 = rmsNorm(np.divide(this.y, scale));
    const d1 = rmsNorm(np.divide(this.f, scale));
    let h0 = d0 < 1e-5 || d1 < 1e-5 ? 1e-6 : (0.01 * d0) / d1;
    h0 = Math.min(h0, interval);
    const y1 = np.add(this.y, np.multiply(this.f, h0 * this.direction));
    const f1 = this.fun(this.t + h0 * this.direction, y1);
    const d2 = rmsNorm(np.divide(np.subtract(f1, this.f), scale)) / h0;
    const h1 =
      d1 <= 1e-15 && d2 <= 1e-15
        ? Math.max(1e-6, h0 * 1e-3)
        : (0.01 / Math.max(d1, d2)) ** (1 / (this.tab.errorOrder + 1));
    return Math.min(100 * h0, h1, interval, this.opts.maxStep);
  }

  /** One Runge–Kutta step of size h from (t, y): y_new and the stages (K[nStages] = f(t+h, y_new)). */
  private rkStep(t: number, h: number): { yNew: ndarray; K: ndarray[] } {
    const { A, B, C, nStages } = this.tab;
    const K: ndarray[] = [this.f];
    for (let s = 1; s < nStages; s++) {
      const dy = combine(K, A[s]!);
      const ys = dy === null ? this.y : np.add(this.y, np.multiply(dy, h));
      K.push(this.fun(t + C[s]! * h, ys));
    }
    const yNew = np.add(this.y, np.multiply(combine(K, dense(B))!, h));
    // y_new is used by every later step and by the result: evaluate it once, now, not per use.
    const yNewMat = yNew.copy();
    K.push(this.fun(t + h, yNewMat));
    return { yNew: yNewMat, K };
  }

  private errorNorm(K: ndarray[], h: number, scale: ndarray): number {
    if (!this.isDop853) return rmsNorm(np.divide(np.multiply(combine(K, dense(this.tab.E))!, h), scale));
    const e5 = Number(np.linalg.norm(np.divide(combine(K, dense(dop.E5))!, scale)).item()) ** 2;
    const e3 = Number(np.linalg.norm(np.divide(combine(K, dense(dop.E3))!, scale)).item()) ** 2;
    if (e5 === 0 && e3 === 0) return 0;
    return (Math.abs(h) * e5) / Math.sqrt((e5 + 0.01 * e3) * this.n);
  }

  /** Advances one accepted step (SciPy's `OdeSolver.step` and `RungeKutta._step_impl`). */
  step(): string | null {
    if (this.n === 0 || this.t === this.tBound) {
      this.tOld = this.t;
      this.t = this.tBound;
      this.status = 'finished';
      return null;
    }
    const t = this.t;
    const minStep = 10 * Math.abs(nextAfter(t, this.direction) - t);
    let hAbs = this.hAbs > this.opts.maxStep ? this.opts.maxStep : Math.max(this.hAbs, minStep);
    let rejected = false;
    for (;;) {
      if (hAbs < minStep) {
        this.status = 'failed';
        return TOO_SMALL_STEP;
      }
      let tNew = t + hAbs * this.direction;
      if (this.direction * (tNew - this.tBound) > 0) tNew = this.tBound;
      const h = tNew - t;
      hAbs = Math.abs(h);
      const { yNew, K } = this.rkStep(t, h);
      const errNorm = this.errorNorm(K, h, this.scaleOf(this.y, yNew));
      if (errNorm < 1) {
        let factor =
          errNorm === 0 ? MAX_FACTOR : Math.min(MAX_FACTOR, SAFETY * errNorm ** this.errorExponent);
        if (rejected) factor = Math.min(1, factor);
        this.hPrevious = h;
        this.yOld = this.y;
        this.tOld = t;
        this.t = tNew;
        this.y = yNew;
        this.hAbs = hAbs * factor;
        this.f = K[K.length - 1]!;
        this.K = K;
        if (this.direction * (this.t - this.tBound) >= 0) this.status = 'finished';
        return null;
      }
      hAbs *= Math.max(MIN_FACTOR, SAFETY * errNorm ** this.errorExponent);
      rejected = true;
    }
  }

  /**
   * The interpolant over the last accepted step: a function of t giving y(t) (deferred). DOP853's
   * costs three more evaluations of the right-hand side, as SciPy's.
   */
  denseOutput(): (t: number) => ndarray {
    const tOld = this.tOld!;
    const t1 = this.t;
    const yOld = this.yOld;
    const y1 = this.y;
    if (this.n === 0 || t1 === tOld || yOld === null) return () => y1;
    const h = this.isDop853 ? this.hPrevious : t1 - tOld;
    if (!this.isDop853) {
      const P = this.tab.P;
      const K = this.K;
      return (t: number) => {
        const x = (t - tOld) / h;
        // y = y_old + h·Σ_i K_i·(Σ_j P_ij x^{j+1})
        const w: [number, number][] = P.map((row, i) => {
          let p = 1;
          let s = 0;
          for (const c of row) {
            p *= x;
            s += c * p;
          }
          return [i, s];
        });
        const q = combine(K, w);
        return q === null ? yOld : np.add(yOld, np.multiply(q, h));
      };
    }
    const K = [...this.K];
    for (let s = dop.N_STAGES + 1; s < dop.N_STAGES_EXTENDED; s++) {
      const dy = combine(K, dop.A_ROWS[s]!)!;
      K.push(this.fun(tOld + dop.C[s]! * h, np.add(yOld, np.multiply(dy, h))).copy());
    }
    const fOld = K[0]!;
    const dy = np.subtract(y1, yOld).copy();
    const F: ndarray[] = [
      dy,
      np.subtract(np.multiply(fOld, h), dy).copy(),
      np.subtract(np.multiply(dy, 2), np.multiply(np.add(this.f, fOld), h)).copy(),
      ...dop.D_ROWS.map((row) => np.multiply(combine(K, row)!, h).copy()),
    ];
    return (t: number) => {
      const x = (t - tOld) / h;
      // SciPy's nested evaluation, y = ((F6·x + F5)(1−x) + F4)·x …, expanded into weights of the F_k.
      const w = new Array<number>(F.length).fill(0);
      for (let i = 0; i < F.length; i++) {
        w[F.length - 1 - i]! += 1;
        const m = i % 2 === 0 ? x : 1 - x;
        for (let k = 0; k < F.length; k++) w[k]! *= m;
      }
      const q = combine(F, dense(w));
      return q === null ? yOld : np.add(yOld, q);
    };
  }
}
