/**
 * Butcher tableaus of the explicit embedded Runge–Kutta pairs of `solve_ivp` (Hairer, Nørsett &
 * Wanner, "Solving Ordinary Differential Equations I", §II.4–5): Bogacki–Shampine 3(2) and
 * Dormand–Prince 5(4), with their error estimators and dense-output polynomials. DOP853's are in
 * dop853-tableau.ts.
 */

/** An embedded explicit Runge–Kutta pair (SciPy's `RungeKutta` class attributes). */
export interface Tableau {
  /** Order of the propagated solution. */
  order: number;
  /** Order of the error estimator (the exponent of the step-size controller is −1/(this + 1)). */
  errorOrder: number;
  /** Stages per step (not counting f at the new point). */
  nStages: number;
  /** Nodes c_i, length nStages. */
  C: number[];
  /** Rows of the Runge–Kutta matrix, row i listing `[j, a_ij]` for j < i (row 0 empty). */
  A: [number, number][][];
  /** Weights of the solution, length nStages. */
  B: number[];
  /** Error estimator weights over the nStages stages and f(t + h, y_new), length nStages + 1. */
  E: number[];
  /** Dense output: row i (over the nStages + 1 stages) holds the coefficients of x, x², … */
  P: number[][];
}

/** Bogacki–Shampine 3(2): RK23. */
export const RK23: Tableau = {
  order: 3,
  errorOrder: 2,
  nStages: 3,
  C: [0, 1 / 2, 3 / 4],
  A: [[], [[0, 1 / 2]], [[1, 3 / 4]]],
  B: [2 / 9, 1 / 3, 4 / 9],
  E: [5 / 72, -1 / 12, -1 / 9, 1 / 8],
  P: [
    [1, -4 / 3, 5 / 9],
    [0, 1, -2 / 3],
    [0, 4 / 3, -8 / 9],
    [0, -1, 1],
  ],
};

/** Dormand–Prince 5(4): RK45, with Shampine's free-parameter choice for the quartic interpolant. */
export const RK45: Tableau = {
  order: 5,
  errorOrder: 4,
  nStages: 6,
  C: [0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1],
  A: [
    [],
    [[0, 1 / 5]],
    [
      [0, 3 / 40],
      [1, 9 / 40],
    ],
    [
      [0, 44 / 45],
      [1, -56 / 15],
      [2, 32 / 9],
    ],
    [
      [0, 19372 / 6561],
      [1, -25360 / 2187],
      [2, 64448 / 6561],
      [3, -212 / 729],
    ],
    [
      [0, 9017 / 3168],
      [1, -355 / 33],
      [2, 46732 / 5247],
      [3, 49 / 176],
      [4, -5103 / 18656],
    ],
  ],
  B: [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84],
  E: [-71 / 57600, 0, 71 / 16695, -71 / 1920, 17253 / 339200, -22 / 525, 1 / 40],
  P: [
    [1, -8048581381 / 2820520608, 8663915743 / 2820520608, -12715105075 / 11282082432],
    [0, 0, 0, 0],
    [0, 131558114200 / 32700410799, -68118460800 / 10900136933, 87487479700 / 32700410799],
    [0, -1754552775 / 470086768, 14199869525 / 1410260304, -10690763975 / 1880347072],
    [0, 127303824393 / 49829197408, -318862633887 / 49829197408, 701980252875 / 199316789632],
    [0, -282668133 / 205662961, 2019193451 / 616988883, -1453857185 / 822651844],
    [0, 40617522 / 29380423, -110615467 / 29380423, 69997945 / 29380423],
  ],
};
