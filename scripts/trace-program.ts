/**
 * Where one ported program's time goes (benchmarks/programs/ports): the program run `reps` times
 * in one process (the first run is what the programs' runner times), each run's wall and CPU time
 * (all threads), and the
 * task timeline of the last run summed per op and per worker (runtime `traceStart`/`traceStop`).
 *
 * Run: node --import tsx scripts/trace-program.ts NAME [size=large] [reps=3] [workers=2]
 */
import * as np from 'cohortjs/numpy';
import { configure, fence, summarizeTrace, traceStart, traceStop } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { PROGRAMS } from '../benchmarks/programs/ports/index.js';

const name = process.argv[2] ?? 'jacobi';
const size = (process.argv[3] ?? 'large') as 'tiny' | 'small' | 'large';
const reps = Number(process.argv[4] ?? 3);
const workers = Number(process.argv[5] ?? 2);
configure({ workers });
const prog = PROGRAMS.find((p) => p.name === name);
if (prog === undefined) throw new Error(`no program '${name}'`);
const n = Number.isNaN(Number(size)) ? prog.sizes[size] : Number(size);
const { inputs, run } = prog.prepare(n);
for (const x of inputs) {
  if (x instanceof np.ndarray) np.sum(x).item();
  else if (sparse.issparse(x)) np.sum((x as sparse.csr_array).data).item();
}
fence();
const f = (x: number) => Number(x.toFixed(2));
for (let r = 0; r < reps; r++) {
  const last = r === reps - 1;
  if (last) traceStart();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  run().toArray();
  fence();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  // CPU time of every thread of the process (the issuing thread and the workers): less sensitive
  // to other processes on the machine than the wall time.
  console.log(`${name} n=${n} run ${r}: ${f(wall)} ms, cpu ${f((cpu.user + cpu.system) / 1000)} ms`);
  if (last) {
    const s = summarizeTrace(traceStop());
    console.table(s.ops.map((o) => ({ op: o.op, tasks: o.tasks, ms: f(o.ms), 'mean ms': f(o.meanMs) })));
    console.table(
      s.workers.map((w) => ({ worker: w.worker, tasks: w.tasks, busyMs: f(w.busyMs), busy: f(w.busy) })),
    );
  }
}
process.exit(0);
