/**
 * Issue 20, `integrate.solve_ivp`: SciPy's calling conventions (positional or by name), every
 * validation branch with its message, and the options cohort does not implement rejected — never
 * ignored.
 */
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { solve_ivp } from '../../integrate/index.js';
import { ArgumentTypeError, ValueError } from '../../runtime/index.js';

const decay = (_t: number, y: np.ndarray) => np.multiply(y, -1);

describe('solve_ivp arguments', () => {
  it('takes method and t_eval positionally or by name', () => {
    const a = solve_ivp(decay, [0, 1], [1], 'RK23', [0, 1]);
    const b = solve_ivp(decay, [0, 1], [1], { method: 'RK23', t_eval: [0, 1] });
    expect(a.nfev).toBe(b.nfev);
    expect(a.y.tolist()).toEqual(b.y.tolist());
    expect(a.t.tolist()).toEqual([0, 1]);
  });

  it('integrates an empty system and a zero-length interval as SciPy', () => {
    const e = solve_ivp(decay, [0, 1], [] as number[]);
    expect([e.status, e.t.tolist(), e.y.shape, e.nfev]).toEqual([0, [0, 1], [0, 2], 1]);
    const z = solve_ivp(decay, [2, 2], [1, 2]);
    expect([z.status, z.t.tolist(), z.y.shape, z.nfev]).toEqual([0, [2, 2], [2, 2], 1]);
  });

  it("returns SciPy's failure on a too small step", () => {
    const r = solve_ivp((_t, y) => np.multiply(y, y), [0, 2], [1]);
    expect(r.status).toBe(-1);
    expect(r.success).toBe(false);
    expect(r.message).toBe('Required step size is less than spacing between numbers.');
  });

  it('rejects what it does not implement, and bad events', () => {
    expect(() => solve_ivp(decay, [0, 1], [1], { dense_output: 1 as never })).toThrow(ArgumentTypeError);
    expect(() => solve_ivp(decay, [0, 1], [1], { events: 3 as never })).toThrow(
      /solve_ivp: argument 'events' expected a function or an array of functions/,
    );
    const half = Object.assign(() => 1, { terminal: 1.5 });
    expect(() => solve_ivp(decay, [0, 1], [1], { events: half })).toThrow(
      /the `terminal` attribute of each event must be a boolean or positive integer/,
    );
    expect(() => solve_ivp(decay, [0, 1], [1], { method: 'BDF' as never })).toThrow(
      /solve_ivp: argument 'method' expected one of RK23, RK45, DOP853 \(implicit methods are not implemented\), received "BDF"/,
    );
    expect(() => solve_ivp(decay, [0, 1], [1], { jac: 1 } as never)).toThrow(
      /^solve_ivp: unknown option 'jac'/,
    );
    expect(() => solve_ivp(decay, [0, 1], [1], { tol: 1e-3 } as never)).toThrow(ArgumentTypeError);
  });

  it("checks its arguments with SciPy's rules", () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ method: 'RK4' }, /argument 'method' expected one of RK23, RK45, DOP853, received "RK4"/],
      [{ max_step: 0 }, /argument 'max_step' expected a positive number, received 0/],
      [{ first_step: -1 }, /argument 'first_step' expected a positive number/],
      [{ first_step: 5 }, /argument 'first_step' expected at most \|tf − t0\| = 1/],
      [{ atol: -1 }, /argument 'atol' expected non-negative values/],
      [{ atol: [1, 2, 3] }, /argument 'atol' expected a number or an array of shape \[1\]/],
      [{ rtol: 'x' }, /argument 'rtol' expected a number or an array of n numbers/],
      [{ t_eval: [0, 2] }, /argument 't_eval' expected values within t_span \[0, 1\]/],
      [{ t_eval: [0.5, 0.2] }, /argument 't_eval' expected values sorted in the direction of integration/],
      [{ t_eval: [[0.5]] }, /argument 't_eval' expected a 1-D array/],
      [{ args: 3 }, /argument 'args' expected an array of extra arguments/],
    ];
    for (const [opts, msg] of bad)
      expect(() => solve_ivp(decay, [0, 1], [1], opts as never), JSON.stringify(opts)).toThrow(msg);
    expect(() => solve_ivp(decay, [0, 1] as never, [[1]])).toThrow(/argument 'y0' expected a 1-D array/);
    expect(() => solve_ivp(decay, [0, 1], [Number.NaN])).toThrow(ValueError);
    expect(() => solve_ivp(decay, [0] as never, [1])).toThrow(
      /argument 't_span' expected two finite numbers/,
    );
    expect(() => solve_ivp(1 as never, [0, 1], [1])).toThrow(/argument 'fun' expected a function/);
    expect(() => solve_ivp(() => [1, 2], [0, 1], [1])).toThrow(/argument 'fun' expected to return 1 values/);
  });

  it('raises rtol to 100 eps as SciPy (same steps as rtol = 100 eps)', () => {
    const a = solve_ivp(decay, [0, 0.1], [1], { rtol: 1e-20, atol: 1e-20 });
    const b = solve_ivp(decay, [0, 0.1], [1], { rtol: 100 * 2 ** -52, atol: 1e-20 });
    expect(a.nfev).toBe(b.nfev);
  });
});
