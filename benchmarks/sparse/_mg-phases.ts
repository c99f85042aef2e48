/**
 * The multigrid setup (`_mg-setup.ts`) phase by phase, each completed (`fence`): per level, the
 * diagonal and spectral radius, `kron(r1, r1)`, `R.T.tocsr()`, `R @ A`, `(R A) @ P`. Wall ms per
 * phase summed over the levels, and the process CPU per phase (with the pool, CPU includes the
 * workers' time only in the wall figure). First call (REP 1) and second printed apart.
 *
 * Run: node --import tsx benchmarks/sparse/_mg-phases.ts   (NX=1023; COHORT_WORKERS=0/1/2)
 */
import * as np from 'cohortjs/numpy';
import { configure, fence, workerCount } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { restriction1d, spectralRadius } from '../../examples/multigrid.js';
import { poisson2d } from '../../examples/poisson.js';

if (process.env.COHORT_WORKERS === undefined) configure({ workers: 2 });
const nx = Number(process.env.NX ?? 1023);
const A0 = poisson2d(nx);
fence();
for (let rep = 1; rep <= 2; rep++) {
  const wall: Record<string, number> = {};
  const time = <T>(k: string, f: () => T): T => {
    const t0 = performance.now();
    const r = f();
    fence();
    wall[k] = (wall[k] ?? 0) + performance.now() - t0;
    return r;
  };
  let a = A0;
  let m = nx;
  while (m > 7) {
    const dinv = time('diagonal', () => np.divide(1, a.diagonal()));
    time('spectral radius', () => spectralRadius(a, dinv));
    const mc = Math.floor((m - 1) / 2);
    const r1 = restriction1d(mc, 'linear', m);
    const R = time('kron', () => sparse.kron(r1, r1, { format: 'csr' }) as sparse.csr_array);
    const P = time('R.T.tocsr', () => R.T.tocsr() as sparse.csr_array);
    const RA = time('R @ A', () => R.dot(a) as sparse.csr_array);
    a = time('(RA) @ P', () => RA.dot(P).tocsr() as sparse.csr_array);
    m = mc;
  }
  console.log(
    `rep ${rep}, nx=${nx}, ${workerCount()} workers:`,
    Object.entries(wall)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', '),
    'ms',
  );
}
process.exit(0);
