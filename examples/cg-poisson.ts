/**
 * CG on 2-D Poisson (the shape of Legate Sparse's `pde` example): −Δu = f on the unit square with
 * u = sin(πx)·sin(πy); prints the iterations, the time per iteration and the error against the
 * exact solution (O(h²) when the solve is converged).
 *
 * Run: node --import tsx examples/cg-poisson.ts [nx=500] [rtol=1e-10]
 */
import * as np from 'cohortjs/numpy';
import { cg } from 'cohortjs/sparse/linalg';
import { poisson2d, poissonProblem } from './poisson.js';

const nx = Number(process.argv[2] ?? 500);
const rtol = Number(process.argv[3] ?? 1e-10);
const A = poisson2d(nx);
const { b, exact } = poissonProblem(nx);
console.log(`2-D Poisson: ${nx}x${nx} grid, ${A.shape[0]} unknowns, ${A.nnz} nonzeros`);
let iterations = 0;
const t0 = performance.now();
const [x, info] = cg(A, b, { rtol, check_every: 10, callback: () => iterations++ });
const err = np.max(np.abs(np.subtract(x, exact))).item() as number;
const ms = performance.now() - t0;
const res =
  (np.linalg.norm(np.subtract(b, A.dot(x))).item() as number) / (np.linalg.norm(b).item() as number);
console.log(
  `cg: info ${info}, ${iterations} iterations, ${(ms / 1000).toFixed(2)} s, ${(ms / Math.max(iterations, 1)).toFixed(3)} ms/iteration`,
);
console.log(
  `relative residual ${res.toExponential(2)}, max error vs exact solution ${err.toExponential(3)} (h² = ${(1 / (nx + 1) ** 2).toExponential(2)})`,
);
