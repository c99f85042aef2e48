/**
 * `sparse.random(n, n, density)` (issue 17: generated on the pool) next to SciPy's
 * `scipy.sparse.random` with the same shape and density: 1e4² at 1e-2, 1e5² at 1e-4 and 1e-3.
 * Each case runs in a fresh process (for both sides): the first call (pool start, kernel
 * compilation included) and the median of three more, each to completion (`fence`) with its nnz
 * checked. Also prints the issuing thread's CPU time of the first and later calls.
 *
 * Run: node --import tsx benchmarks/sparse/random.ts   (COHORT_WORKERS, default 2; BENCH_SMALL=1:
 * small sizes, in one process)
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { configure, fence } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { emit, runPython, SMALL, table } from '../lib/report.js';

const CASES: [number, number][] = SMALL
  ? [
      [1000, 1e-2],
      [3000, 1e-3],
    ]
  : [
      [10_000, 1e-2],
      [100_000, 1e-4],
      [100_000, 1e-3],
    ];

interface Timing {
  first: number;
  later: number;
  cpuFirst?: number;
  cpuLater?: number;
}

/** One case in this process: the first call and the median of three more. */
function runCase(n: number, density: number): Timing {
  if (process.env.COHORT_WORKERS === undefined) configure({ workers: 2 });
  const want = Math.round(density * n * n);
  const call = (seed: number) => {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const A = sparse.random(n, n, { density, format: 'coo', rng: seed });
    fence();
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    if (A.nnz !== want) throw new Error(`nnz ${A.nnz}, expected ${want}`);
    // The issuing thread's CPU is not separable from the workers' in process.cpuUsage at w > 0:
    // at 0 workers it is all of it.
    return { ms, cpu: (cpu.user + cpu.system) / 1000 };
  };
  const first = call(1);
  const rest = [call(2), call(3), call(4)].sort((a, b) => a.ms - b.ms);
  return { first: first.ms, later: rest[1]!.ms, cpuFirst: first.cpu, cpuLater: rest[1]!.cpu };
}

if (process.env.RANDOM_BENCH_CASE !== undefined) {
  const [n, d] = process.env.RANDOM_BENCH_CASE.split(',').map(Number) as [number, number];
  console.log(JSON.stringify(runCase(n, d)));
  process.exit(0);
}

const self = fileURLToPath(import.meta.url);
// Small sizes (the benchmark tests): in this process, the first case's first call only is fresh.
const co: Timing[] = CASES.map(([n, d]) => {
  if (SMALL) return runCase(n, d);
  const r = spawnSync(process.execPath, ['--import', 'tsx', self], {
    encoding: 'utf8',
    env: { ...process.env, RANDOM_BENCH_CASE: `${n},${d}` },
  });
  if (r.status !== 0) throw new Error(`case ${n}, ${d} failed:\n${r.stderr.slice(-2000)}`);
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as Timing;
});

const py = CASES.map(([n, d]) =>
  runPython<Timing>(
    `
import json, time, scipy.sparse as sp
def call(seed):
    c0 = time.process_time(); t0 = time.perf_counter()
    A = sp.random(${n}, ${n}, density=${d}, format='coo', rng=seed)
    return ((time.perf_counter() - t0) * 1e3, (time.process_time() - c0) * 1e3)
first = call(1)
rest = sorted([call(2), call(3), call(4)])
print(json.dumps({'first': first[0], 'later': rest[1][0], 'cpuFirst': first[1], 'cpuLater': rest[1][1]}))
`,
    'SciPy',
  ),
);

const w = process.env.COHORT_WORKERS ?? '2';
const cohort = `cohort w=${w}`;
const rows: { name: string; ms: Record<string, number> }[] = [];
CASES.forEach(([n, d], i) => {
  for (const which of ['first', 'later'] as const) {
    const ms: Record<string, number> = { [cohort]: co[i]![which] };
    if (py[i]) ms.SciPy = py[i]![which];
    const name = `random ${n.toExponential(0)}², d=${d} (${which === 'first' ? 'first call' : 'median of 3'})`;
    rows.push({ name, ms });
    emit({ area: 'sparse-random', name, ms, baseline: py[i] ? 'SciPy' : cohort });
  }
});
console.log(`sparse.random vs scipy.sparse.random; cohort ${w} workers (fresh process per case)`);
console.log(table(rows, py[0] ? 'SciPy' : cohort));
console.log('process CPU ms (all threads; load-independent-ish), first call / median of 3:');
CASES.forEach(([n, d], i) => {
  const c = co[i]!;
  const p = py[i];
  const sp = p ? ` | SciPy ${p.cpuFirst?.toFixed(0)} / ${p.cpuLater?.toFixed(0)}` : '';
  console.log(`  ${n}², d=${d}: cohort ${c.cpuFirst?.toFixed(0)} / ${c.cpuLater?.toFixed(0)}${sp}`);
});
process.exit(0);
