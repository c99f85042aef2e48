import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs an example at a small size, as a user would (tsx resolves `cohort/*` by tsconfig paths). */
function run(file: string, ...args: string[]): string {
  const r = spawnSync('node', ['--import', 'tsx', `examples/${file}`, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, COHORT_WORKERS: '1' },
  });
  expect(r.stderr).not.toMatch(/Error/);
  expect(r.status).toBe(0);
  return r.stdout;
}

describe('solver examples run and report sensible numbers', () => {
  it('cg-poisson: converges, error O(h²)', () => {
    const out = run('cg-poisson.ts', '31');
    expect(out).toMatch(/cg: info 0, \d+ iterations/);
    const err = Number(/max error vs exact solution ([\d.e+-]+)/.exec(out)![1]);
    expect(err).toBeLessThan(5 / 32 ** 2);
  });
  it('runge-kutta: solve_ivp reaches the end, its error is small', () => {
    const out = run('runge-kutta.ts', '200', '50');
    expect(out).toMatch(/The solver successfully reached the end of the integration interval/);
    expect(Number(/(\d+) steps, \d+ evaluations/.exec(out)![1])).toBeGreaterThan(10);
    const err = Number(/relative max error vs exact e\^\(λt\)·u0: ([\d.e+-]+)/.exec(out)![1]);
    expect(err).toBeLessThan(1e-6);
  });
  it('multigrid on an even grid coarsens (no dense inverse of the whole grid)', () => {
    const out = run('multigrid.ts', '40');
    const mg = Number(/multigrid-preconditioned CG:\s+(\d+) iterations/.exec(out)![1]);
    const plain = Number(/plain CG:\s+(\d+) iterations/.exec(out)![1]);
    expect(mg * 4).toBeLessThan(plain);
  });
  it('main: multigrid beats plain CG (small grid)', () => {
    const out = run('main.ts', '63');
    const mg = Number(/multigrid-preconditioned CG:\s+(\d+) iterations/.exec(out)![1]);
    const plain = Number(/plain CG:\s+(\d+) iterations/.exec(out)![1]);
    expect(mg * 5).toBeLessThan(plain);
  });
});
