/**
 * A sparse linear ODE du/dt = A·u integrated with fixed-step classical RK4 (the shape of Legate
 * Sparse's quantum-simulation example: repeated SpMV + vector updates). Here A is the 1-D heat
 * operator (−tridiag(−1, 2, −1)/h², Dirichlet) and u(0) one of its eigenvectors, sin(πx), so the
 * exact solution is e^{λt}·u(0) with λ = −(4/h²)·sin²(πh/2), and the printed error is RK4's alone.
 *
 * Run: node --import tsx examples/runge-kutta.ts [n=100000] [steps=200]
 */
import * as np from 'cohortjs/numpy';
import * as sparse from 'cohortjs/sparse';

const n = Number(process.argv[2] ?? 100_000);
const steps = Number(process.argv[3] ?? 200);
const h = 1 / (n + 1);
const A = sparse
  .diags([np.full([n - 1], 1), np.full([n], -2), np.full([n - 1], 1)], [-1, 0, 1], { format: 'csr' })
  .multiply(1 / (h * h));
const lambda = -(4 / (h * h)) * Math.sin((Math.PI * h) / 2) ** 2;
// RK4 is stable for |λ|·dt ≤ 2.78; the stiffest mode has |λ| ≈ 4/h².
const dt = (2.5 * h * h) / 4;
const u0 = np.sin(np.multiply(np.linspace(h, 1 - h, n), Math.PI));
const u = u0.copy();
const t0 = performance.now();
for (let s = 0; s < steps; s++) {
  const k1 = A.dot(u);
  const k2 = A.dot(np.add(u, np.multiply(k1, dt / 2)));
  const k3 = A.dot(np.add(u, np.multiply(k2, dt / 2)));
  const k4 = A.dot(np.add(u, np.multiply(k3, dt)));
  const incr = np.add(np.add(k1, np.multiply(np.add(k2, k3), 2)), k4);
  np.add(u, np.multiply(incr, dt / 6), { out: u });
}
const t = steps * dt;
const exact = np.multiply(u0, Math.exp(lambda * t));
const err = (np.max(np.abs(np.subtract(u, exact))).item() as number) / Math.exp(lambda * t);
const ms = performance.now() - t0;
console.log(
  `heat equation, n = ${n}, ${steps} RK4 steps of dt = ${dt.toExponential(3)} (t = ${t.toExponential(3)})`,
);
console.log(
  `${(ms / steps).toFixed(3)} ms per step; relative max error vs exact e^(λt)·u0: ${err.toExponential(3)}`,
);
