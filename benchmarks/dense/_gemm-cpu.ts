/**
 * The float64 matrix product `dot(A, B, C)` of two N×N matrices through the runtime at a pool size,
 * timed in CPU time of all threads (less sensitive to other processes than wall time on a shared
 * host): each call's wall and CPU milliseconds and GFlop per CPU-second, the first call included.
 *
 * Run: node --import tsx benchmarks/dense/_gemm-cpu.ts [workers=2] [N=2000] [calls=2] (the leading _ keeps it out of `npm run bench`)
 */
import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import { uniform } from '../programs/ports/_program.js';

const [workers = 2, N = 2000, calls = 2] = process.argv.slice(2).map(Number);
configure({ workers });
const A = np.array(uniform(N * N, 1)).reshape(N, N);
const B = np.array(uniform(N * N, 2)).reshape(N, N);
const C = np.zeros([N, N]);
for (const a of [A, B, C]) np.sum(a).item();
const out: string[] = [];
for (let r = 0; r < calls; r++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  np.dot(A, B, C);
  np.sum(C).item();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1000;
  out.push(
    `wall ${wall.toFixed(0)} ms, CPU ${cpu.toFixed(0)} ms, ${((2 * N ** 3) / cpu / 1e6).toFixed(2)} GFlop/CPU-s`,
  );
}
console.log(`dot ${N}² at ${workers} workers: ${out.join(' | ')}`);
process.exit(0);
