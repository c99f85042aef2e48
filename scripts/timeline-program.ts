/**
 * The task timeline of one run of a ported program (benchmarks/programs/ports): every task's op,
 * worker, and its issue, start and end times in ms from the run's first issue — where a first run
 * waits (worker wake-up, a kernel's first call, a dependence finished on the other worker) and
 * which worker ran which piece. Run `RUN` (default 0, the run the programs' runner times) after
 * RUN untraced runs; wall and CPU time (all threads) of each run.
 *
 * Run: node --import tsx scripts/timeline-program.ts NAME [RUN=0] [size=large] [workers=2] [max=200]
 */
import * as np from 'cohortjs/numpy';
import { configure, fence, traceStart, traceStop } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { PROGRAMS } from '../benchmarks/programs/ports/index.js';

const name = process.argv[2] ?? 'jacobi';
const runIdx = Number(process.argv[3] ?? 0);
const size = (process.argv[4] ?? 'large') as 'tiny' | 'small' | 'large';
const workers = Number(process.argv[5] ?? 2);
const max = Number(process.argv[6] ?? 200);
configure({ workers });
const prog = PROGRAMS.find((p) => p.name === name);
if (prog === undefined) throw new Error(`no program '${name}'`);
const { inputs, run } = prog.prepare(prog.sizes[size]);
for (const x of inputs) {
  if (x instanceof np.ndarray) np.sum(x).item();
  else if (sparse.issparse(x)) np.sum((x as sparse.csr_array).data).item();
}
fence();
const f = (x: number) => x.toFixed(2).padStart(8);
for (let r = 0; r <= runIdx; r++) {
  if (r === runIdx) traceStart();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  run().toArray();
  fence();
  const c = process.cpuUsage(c0);
  console.log(
    `${name} run ${r}: ${f(performance.now() - t0)} ms wall, ${f((c.user + c.system) / 1000)} ms CPU`,
  );
  if (r !== runIdx) continue;
  const recs = traceStop();
  const base = Math.min(...recs.map((q) => q.issued));
  console.log('op           worker   issued    start      end   length');
  for (const q of recs.slice(0, max)) {
    const w = q.worker < 0 ? 'inline' : `w${q.worker}`;
    console.log(
      `${q.op.padEnd(12)} ${w.padStart(6)} ${f(q.issued - base)} ${f(q.start - base)} ${f(q.end - base)} ${f(q.end - q.start)}`,
    );
  }
  if (recs.length > max) console.log(`… ${recs.length - max} more tasks`);
}
process.exit(0);
