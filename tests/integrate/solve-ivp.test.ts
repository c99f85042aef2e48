/**
 * Issue 20, `integrate.solve_ivp`: RK23, RK45 and DOP853 against SciPy (scripts/fixtures_integrate.py)
 * — the same number of steps and of right-hand-side evaluations, the same status and message, and
 * the same t and y to rounding — on exponential decay, Van der Pol, a sparse linear system (the 1-D
 * heat operator as a CSR array), backwards integration and a blow-up, with the options t_eval,
 * max_step, first_step, per-component atol, args, vectorized, dense_output (the continuous
 * solution against SciPy's at points across the span) and events (terminal, counted, directed); pool sizes 0 and 2.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { solve_ivp } from '../../integrate/index.js';
import { configure } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';

afterAll(() => configure({ workers: 0 }));

interface Case {
  problem: string;
  method: 'RK23' | 'RK45' | 'DOP853';
  t_span: [number, number];
  y0: number[];
  options: Record<string, unknown>;
  t: number[];
  y: number[][];
  nfev: number;
  status: number;
  message: string;
  sol_t?: number[];
  sol_y?: number[][];
  sol_ts?: number[];
  events?: [string, boolean | number, number][];
  t_events?: number[][];
  y_events?: number[][][];
}
const EVENT_FUNS: Record<string, (t: number, y: np.ndarray) => number> = {
  y0_minus_1: (_t, y) => (y.toArray() as Float64Array)[0]! - 1,
  height: (_t, y) => (y.toArray() as Float64Array)[0]!,
  apex: (_t, y) => (y.toArray() as Float64Array)[1]!,
  x_zero: (_t, y) => (y.toArray() as Float64Array)[0]!,
};
const FIX = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/integrate/ivp.json'), 'utf8')) as {
  heat_n: number;
  cases: Case[];
};

function heat(n: number): sp.csr_array {
  return sp
    .diags([1, -2, 1], [-1, 0, 1], { shape: [n, n], format: 'csr' })
    .multiply((n + 1) ** 2 / 100) as sp.csr_array;
}

function problem(name: string): (t: number, y: np.ndarray, ...args: never[]) => np.ArrayInput {
  const host = (y: np.ndarray) => Array.from(y.toArray() as Float64Array);
  switch (name) {
    case 'decay':
      return (_t, y) => np.multiply(y, -0.5);
    case 'vdp':
      return (_t, y) => {
        const [a, b] = host(y) as [number, number];
        return [b, (1 - a * a) * b - a];
      };
    case 'vdp_vec':
      return (_t, y) => {
        expect(y.shape).toEqual([2, 1]);
        const [a, b] = host(y) as [number, number];
        return [[b], [(1 - a * a) * b - a]];
      };
    case 'heat': {
      const A = heat(FIX.heat_n);
      return (_t, y) => A.dot(y) as np.ndarray;
    }
    case 'cannon':
      return (_t, y) => [(y.toArray() as Float64Array)[1]!, -9.81];
    case 'blowup':
      return (_t, y) => np.multiply(y, y);
    case 'forced':
      return ((t: number, y: np.ndarray, k: number) => np.add(np.multiply(y, -k), Math.sin(t))) as never;
  }
  throw new Error(name);
}

function closeTo(got: ArrayLike<number>, want: ArrayLike<number>, rtol: number, atol: number): string | null {
  if (got.length !== want.length) return `length ${got.length} vs ${want.length}`;
  for (let i = 0; i < got.length; i++) {
    if (!(Math.abs(got[i]! - want[i]!) <= atol + rtol * Math.abs(want[i]!)))
      return `[${i}] ${got[i]} vs ${want[i]}`;
  }
  return null;
}

for (const workers of [0, 2]) {
  describe(`solve_ivp against SciPy, pool size ${workers}`, () => {
    for (const c of FIX.cases) {
      const label = `${c.method} ${c.problem} ${JSON.stringify(c.t_span)} ${Object.keys(c.options).join(',') || 'defaults'}`;
      it(label, () => {
        configure({ workers });
        const events = c.events?.map(([name, terminal, direction]) =>
          Object.assign((t: number, y: np.ndarray) => EVENT_FUNS[name]!(t, y), { terminal, direction }),
        );
        const r = solve_ivp(problem(c.problem), c.t_span, c.y0, {
          method: c.method,
          ...c.options,
          events,
        } as never);
        expect(r.status).toBe(c.status);
        expect(r.message).toBe(c.message);
        expect(r.success).toBe(c.status >= 0);
        expect(r.nfev).toBe(c.nfev);
        expect(r.t.shape).toEqual([c.t.length]);
        expect(r.y.shape).toEqual([c.y0.length, c.t.length]);
        expect(closeTo(r.t.toArray() as Float64Array, c.t, 1e-6, 1e-12)).toBeNull();
        // The error estimates cancel to ~1e-10 of the stages, so their last digits are rounding
        // noise (our summation order differs from NumPy's BLAS; DOP853's first error norm on Van
        // der Pol is 1.6e-17 in SciPy, 2.1e-16 here): step sizes then differ by ~1e-7 relative
        // and grow along a limit cycle (fixture script), states by ~1e-6 — below the methods' own
        // error (rtol 1e-3 by default). nfev and the step count are equal.
        expect(closeTo(r.y.toArray() as Float64Array, c.y.flat(), 1e-5, 1e-7)).toBeNull();
        if (c.events) {
          expect(r.t_events!.length).toBe(c.events.length);
          c.t_events!.forEach((te, i) => {
            expect(closeTo(r.t_events![i]!.toArray() as Float64Array, te, 1e-6, 1e-12)).toBeNull();
            expect(
              closeTo(r.y_events![i]!.toArray() as Float64Array, c.y_events![i]!.flat(), 1e-5, 1e-7),
            ).toBeNull();
          });
        } else {
          expect(r.t_events).toBeNull();
        }
        if (c.sol_t) {
          const sol = r.sol!;
          expect(closeTo(Float64Array.from(sol.ts), c.sol_ts!, 1e-6, 1e-12)).toBeNull();
          const ys = sol(c.sol_t);
          expect(ys.shape).toEqual([c.y0.length, c.sol_t.length]);
          expect(closeTo(ys.toArray() as Float64Array, c.sol_y!.flat(), 1e-5, 1e-7)).toBeNull();
          expect(
            closeTo(
              sol(c.sol_t[3]!).toArray() as Float64Array,
              c.sol_y!.map((row) => row[3]!),
              1e-5,
              1e-7,
            ),
          ).toBeNull();
          expect([sol.t_min, sol.t_max]).toEqual([Math.min(...c.t_span), Math.max(...c.t_span)]);
        } else {
          expect(r.sol).toBeNull();
        }
      });
    }
  });
}
