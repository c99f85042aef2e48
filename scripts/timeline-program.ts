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

/** Per op: tasks inline and on the pool, and the summed length of each (ms), longest first. */
function byOp(recs: ReturnType<typeof traceStop>): string {
  const ops = new Map<string, { inline: number; pooled: number; inlineMs: number; pooledMs: number }>();
  for (const q of recs) {
    const o = ops.get(q.op) ?? { inline: 0, pooled: 0, inlineMs: 0, pooledMs: 0 };
    if (q.worker < 0) {
      o.inline++;
      o.inlineMs += q.end - q.start;
    } else {
      o.pooled++;
      o.pooledMs += q.end - q.start;
    }
    ops.set(q.op, o);
  }
  const rows = [...ops].sort((a, b) => b[1].inlineMs + b[1].pooledMs - (a[1].inlineMs + a[1].pooledMs));
  const lines = ['op           inline tasks, ms    pool tasks, ms'];
  for (const [op, o] of rows)
    lines.push(
      `${op.padEnd(12)} ${String(o.inline).padStart(6)} ${f(o.inlineMs)}  ${String(o.pooled).padStart(6)} ${f(o.pooledMs)}`,
    );
  return lines.join('\n');
}

/**
 * How the pool shared the work (issue 24): of the launches cut into pieces (consecutive tasks of
 * one op issued together), how many ran on more than one worker; and for each one-piece task run
 * right after such a launch, the time from the end of that launch's last piece to its start.
 */
function spread(recs: ReturnType<typeof traceStop>): string {
  let multi = 0;
  let both = 0;
  const gaps: number[] = [];
  for (let i = 0; i < recs.length; ) {
    let j = i + 1;
    while (j < recs.length && recs[j]!.op === recs[i]!.op && recs[j]!.issued - recs[j - 1]!.issued < 0.5) j++;
    const n = j - i;
    if (n > 1 && recs[i]!.worker >= 0) {
      multi++;
      if (new Set(recs.slice(i, j).map((q) => q.worker)).size > 1) both++;
      const next = recs[j];
      if (next !== undefined && next.worker >= 0 && (j + 1 >= recs.length || recs[j + 1]!.op !== next.op)) {
        gaps.push(next.start - Math.max(...recs.slice(i, j).map((q) => q.end)));
      }
    }
    i = j;
  }
  gaps.sort((a, b) => a - b);
  const med = gaps.length > 0 ? gaps[gaps.length >> 1]!.toFixed(3) : '-';
  return `launches in pieces: ${multi}, run on more than one worker: ${both}; one-piece task after them: median ${med} ms from their last piece's end to its start (${gaps.length})`;
}
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
  console.log(spread(recs));
  console.log(byOp(recs));
}
process.exit(0);
