/**
 * Where the multigrid setup's time goes, phase by phase (examples/multigrid.ts's buildHierarchy,
 * written out with a fence after each phase): wall and process CPU (all threads) per phase,
 * summed over levels. Fences change the overlap, so the total is an upper bound of the setup.
 *
 * Run: node --import tsx benchmarks/solvers/_mg-phases.ts [nx=1023] [workers=2]
 */
import * as np from 'cohortjs/numpy';
import { configure, fence } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { restriction1d, spectralRadius } from '../../examples/multigrid.js';
import { poisson2d } from '../../examples/poisson.js';

const nx = Number(process.argv[2] ?? 1023);
configure({ workers: Number(process.argv[3] ?? 2) });
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const acc = new Map<string, [number, number]>();
let t = performance.now();
let c = cpu();
const lap = (what: string) => {
  fence();
  const t1 = performance.now();
  const c1 = cpu();
  const a = acc.get(what) ?? [0, 0];
  acc.set(what, [a[0] + t1 - t, a[1] + c1 - c]);
  t = t1;
  c = c1;
};
const A0 = poisson2d(nx);
lap('poisson2d');
const T0 = performance.now();
let a = A0;
let m = nx;
for (;;) {
  const dinv = np.divide(1, a.diagonal());
  lap('diagonal');
  spectralRadius(a, dinv);
  lap('spectralRadius');
  if (m <= 7) break;
  const mc = Math.floor((m - 1) / 2);
  const r1 = restriction1d(mc, 'linear', m);
  lap('restriction1d');
  const R = sparse.kron(r1, r1, { format: 'csr' }) as sparse.csr_array;
  lap('kron');
  const P = R.T.tocsr() as sparse.csr_array;
  lap('R.T.tocsr');
  const RA = R.dot(a) as sparse.csr_array;
  lap('R·A');
  a = RA.dot(P).tocsr() as sparse.csr_array;
  lap('(R·A)·P');
  m = mc;
}
for (const [k, [w, cc]] of acc)
  console.log(`${k.padEnd(16)} wall ${w.toFixed(0).padStart(6)} ms  cpu ${cc.toFixed(0).padStart(6)} ms`);
console.log(`hierarchy total wall ${(performance.now() - T0).toFixed(0)} ms`);
process.exit(0);
