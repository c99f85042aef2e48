/**
 * What sharding costs a single process (issue 22: ranks() == 1 must add no work on the issue
 * path): CPU µs per `x.iadd(y.multiply(2))` on 1,024 float64s, after 20,000 warm-up calls.
 * CPU time (process.cpuUsage), not wall time, so that a loaded host blurs it less.
 *
 * Run by hand, A/B against another checkout in alternating fresh processes:
 * `COHORT_WORKERS=0 node --import tsx benchmarks/mpi/_alone-cost.ts [calls=300000]`.
 */
import * as np from 'cohortjs/numpy';

const x = np.zeros(1024);
const y = np.ones(1024);
const calls = Number(process.argv[2] ?? 300_000);
for (let i = 0; i < 20_000; i++) x.iadd(y.multiply(2));
const c0 = process.cpuUsage();
for (let i = 0; i < calls; i++) x.iadd(y.multiply(2));
x.sum().item();
const cu = process.cpuUsage(c0);
console.log(
  `x.iadd(y.multiply(2)), 1,024 elements: ${((cu.user + cu.system) / calls).toFixed(3)} CPU µs per call`,
);
