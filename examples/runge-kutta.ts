/**
 * A sparse linear ODE du/dt = A·u integrated with `solve_ivp` (adaptive explicit Runge–Kutta,
 * SciPy's step-size control) — the shape of Legate Sparse's quantum-simulation example: repeated
 * SpMV + vector updates. Here A is the 1-D heat operator (tridiag(1, −2, 1)/h², Dirichlet) and u(0)
 * one of its eigenvectors, sin(πx), so the exact solution is e^{λt}·u(0) with
 * λ = −(4/h²)·sin²(πh/2), and the printed error is the integrator's alone. The problem is stiff, so
 * the explicit method's steps are limited by stability (|λ_max|·dt ≈ 3 for RK45), not accuracy: the
 * number of steps grows like 1/h².
 *
 * Run: node --import tsx examples/runge-kutta.ts [n=100000] [periods=200] [method=RK45]
 * (the interval is `periods` times the stability limit of classical RK4, 2.5·h²/4)
 */
import { solve_ivp } from 'cohortjs/integrate';
import * as np from 'cohortjs/numpy';
import * as sparse from 'cohortjs/sparse';

const n = Number(process.argv[2] ?? 100_000);
const periods = Number(process.argv[3] ?? 200);
const method = (process.argv[4] ?? 'RK45') as 'RK23' | 'RK45' | 'DOP853';
const h = 1 / (n + 1);
const A = sparse
  .diags([np.full([n - 1], 1), np.full([n], -2), np.full([n - 1], 1)], [-1, 0, 1], { format: 'csr' })
  .multiply(1 / (h * h));
const lambda = -(4 / (h * h)) * Math.sin((Math.PI * h) / 2) ** 2;
const tEnd = (periods * 2.5 * h * h) / 4;
const u0 = np.sin(np.multiply(np.linspace(h, 1 - h, n), Math.PI));
const t0 = performance.now();
const r = solve_ivp((_t, u) => A.dot(u), [0, tEnd], u0, { method, rtol: 1e-8, atol: 1e-12 });
const u = r.y.get(':, -1');
const exact = np.multiply(u0, Math.exp(lambda * tEnd));
const err = (np.max(np.abs(np.subtract(u, exact))).item() as number) / Math.exp(lambda * tEnd);
const ms = performance.now() - t0;
const steps = r.t.size - 1;
console.log(`heat equation, n = ${n}, ${method} to t = ${tEnd.toExponential(3)}: ${r.message}`);
console.log(`${steps} steps, ${r.nfev} evaluations of A·u, ${(ms / steps).toFixed(3)} ms per step`);
console.log(`relative max error vs exact e^(λt)·u0: ${err.toExponential(3)}`);
