/** Level 0 of the multigrid setup: `spectralRadius` on the nx = 1023 Poisson matrix, 3 calls, wall and process CPU.
 * Run: node --import tsx benchmarks/solvers/_sr.ts [workers=0] */
import * as np from 'cohortjs/numpy';
import { configure, fence } from 'cohortjs/runtime';
import { spectralRadius } from '../../examples/multigrid.js';
import { poisson2d } from '../../examples/poisson.js';

configure({ workers: Number(process.argv[2] ?? 0) });
const nx = 1023;
const A = poisson2d(nx);
const dinv = np.divide(1, A.diagonal());
fence();
for (let r = 0; r < 3; r++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const rho = spectralRadius(A, dinv);
  const c = process.cpuUsage(c0);
  console.log(
    `rho ${rho} wall ${(performance.now() - t0).toFixed(0)} cpu ${((c.user + c.system) / 1000).toFixed(0)} ms`,
  );
}
process.exit(0);
