/**
 * The first run of one ported program the way the programs' runner times it (fresh process,
 * inputs built and read, then `run()` with reading its result), with the process's CPU time (all
 * threads) and, optionally, a fence before the run, a trace of the first run and later runs.
 *
 * Run: node --import tsx scripts/first-run.ts NAME [size=large] [reps=1] [workers=2] [fence=0] [trace=0|1|all]
 */
import * as np from 'cohortjs/numpy';
import { configure, fence, summarizeTrace, traceStart, traceStop } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { PROGRAMS } from '../benchmarks/programs/ports/index.js';

const [name = 'jacobi', size = 'large', repsS = '1', workersS = '2', fenceS = '0', traceS = '0'] =
  process.argv.slice(2);
configure({ workers: Number(workersS) });
const prog = PROGRAMS.find((p) => p.name === name);
if (prog === undefined) throw new Error(`no program '${name}'`);
const n = Number.isNaN(Number(size)) ? prog.sizes[size as 'large'] : Number(size);
const s0 = performance.now();
const { inputs, run } = prog.prepare(n);
for (const x of inputs) {
  if (x instanceof np.ndarray) np.sum(x).item();
  else if (sparse.issparse(x)) np.sum((x as sparse.csr_array).data).item();
}
if (fenceS === '1') fence();
const setup = performance.now() - s0;
const f = (x: number) => Number(x.toFixed(1));
for (let r = 0; r < Number(repsS); r++) {
  if ((r === 0 && traceS === '1') || traceS === 'all') traceStart();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  run().toArray();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  console.log(
    `${name} n=${n} run ${r}: ${f(ms)} ms, cpu ${f((cpu.user + cpu.system) / 1000)} ms (setup ${f(setup)} ms)`,
  );
  if ((r === 0 && traceS === '1') || traceS === 'all') {
    const s = summarizeTrace(traceStop());
    console.table(s.ops.map((o) => ({ op: o.op, tasks: o.tasks, ms: f(o.ms), 'mean ms': f(o.meanMs) })));
    console.table(s.workers.map((w) => ({ worker: w.worker, tasks: w.tasks, busyMs: f(w.busyMs) })));
  }
}
process.exit(0);
