/**
 * The multigrid setup of `npm start` (issue 18): `buildHierarchy` on the 2-D Poisson matrix
 * (nx = 1023 unless `NX`), timed in a fresh process, first call included; prints the setup time
 * and the levels' nnz. Mostly Galerkin products `R A P` (SpGEMM) and `R.T.tocsr()`.
 *
 * Run: node --import tsx benchmarks/sparse/_mg-setup.ts   (NX=255; COHORT_WORKERS=0/1/2; REPS=3)
 */
import { configure, fence, workerCount } from 'cohortjs/runtime';
import { buildHierarchy } from '../../examples/multigrid.js';
import { poisson2d } from '../../examples/poisson.js';

if (process.env.COHORT_WORKERS === undefined) configure({ workers: 2 });
const nx = Number(process.env.NX ?? 1023);
const reps = Number(process.env.REPS ?? 3);
const A = poisson2d(nx);
fence();
const times: number[] = [];
const cpu: number[] = [];
let nnzs = '';
for (let r = 0; r < reps; r++) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const levels = buildHierarchy(A, nx, 'linear');
  nnzs = levels.map((l) => l.A.nnz).join(' ');
  fence();
  times.push(performance.now() - t0);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
}
console.log(
  `multigrid setup nx=${nx}, ${workerCount()} workers: ${times.map((t) => t.toFixed(0)).join(', ')} ms (first call first); issuing-thread CPU ${cpu.map((t) => t.toFixed(0)).join(', ')} ms; levels nnz ${nnzs}`,
);
process.exit(0);
