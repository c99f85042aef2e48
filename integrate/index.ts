/**
 * `cohortjs/integrate`: SciPy's `scipy.integrate.solve_ivp` with the explicit Runge–Kutta methods
 * (RK23, RK45, DOP853) on a dense state; the right-hand side may use any cohort operation (sparse
 * products, fused element-wise expressions), which run deferred and in parallel.
 */
export type { EventFunction } from './events.js';
export { OdeResult, type SolveIvpOptions, solve_ivp } from './ivp.js';
export type { OdeSolution } from './solution.js';
