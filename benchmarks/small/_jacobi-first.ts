/**
 * The first runs of cuNumeric's jacobi (benchmarks/programs/ports/jacobi.ts) in a fresh process:
 * issuing-thread time of each run's 20 iterations (`x = (b - R@x) / d`, nothing waited for) and
 * the run's total with its result read. Run 0 is what the programs benchmark counts (issue 24);
 * runs 1.. show the same process warm (issue 16 item 4: run 0 should be close to them).
 * `main` is the issuing thread's CPU time while issuing (Linux /proc/thread-self/schedstat), the
 * figure a loaded host inflates least.
 * Prints one JSON line: `{ startMs, issue: [...], main: [...], total: [...] }` (ms per run).
 *
 * Run: RUNS=4 N=2000 WORKERS=2 node --import tsx benchmarks/small/_jacobi-first.ts
 */
import { readFileSync } from 'node:fs';
import * as np from 'cohortjs/numpy';
import { configure, fence } from 'cohortjs/runtime';
import { PROGRAMS } from '../programs/ports/index.js';

/** The calling thread's CPU time in ms (Linux), or NaN elsewhere. */
function threadCpu(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

const N = Number(process.env.N ?? 2000);
const runs = Number(process.env.RUNS ?? 4);
configure({ workers: Number(process.env.WORKERS ?? 2) });
const prog = PROGRAMS.find((p) => p.name === 'jacobi');
if (prog === undefined) throw new Error('no jacobi program');
const s0 = performance.now();
const { inputs } = prog.prepare(N);
for (const x of inputs) np.sum(x as np.ndarray).item();
fence();
const startMs = performance.now() - s0;
const [R, b, d] = inputs as np.ndarray[];
const issue: number[] = [];
const main: number[] = [];
const total: number[] = [];
let check = Number.NaN;
for (let run = 0; run < runs; run++) {
  const m0 = threadCpu();
  const t0 = performance.now();
  let x = np.zeros([N]);
  for (let i = 0; i < 20; i++) x = np.divide(np.subtract(b, np.dot(R, x)), d);
  const t1 = performance.now();
  main.push(+(threadCpu() - m0).toFixed(2));
  const v = (x.toArray() as Float64Array)[0] as number;
  total.push(+(performance.now() - t0).toFixed(2));
  issue.push(+(t1 - t0).toFixed(2));
  if (run === 0) check = v;
  else if (v !== check) throw new Error(`run ${run}: x[0] = ${v}, run 0 gave ${check}`);
}
console.log(JSON.stringify({ startMs: +startMs.toFixed(1), issue, main, total }));
process.exit(0);
