/**
 * Small problems at SciPy/NumPy speed (issue 16), measured the way a user meets them: every case
 * in a fresh process, the first solve counted, every result read. Next to SciPy/NumPy in the same
 * run, each also in a fresh process:
 * - `cg` per iteration on the 2-D Poisson matrix, nx = 32 … 1000 (first solve, fixed iterations;
 *   and a second solve of the same system in the same process: the warm cost). Solves below the
 *   mapper's `oneTaskSolveBytes` run as one task (sparse/linalg/README.md, "One-task solves");
 * - a hand-written CG loop (Legate Sparse's listing: `A.dot(p)`, 0-d `rr.divide(p.dot(Ap))`, …);
 * - `x.iadd(y.multiply(2))` on 1,024 elements: the first 10,000 calls and the next 20,000;
 * - a fresh fused `x*2.5 + y*0.5 - z` and `a*x + y` on 1e7 elements, each result read.
 *
 * Run: node --import tsx benchmarks/small/small.ts   (BENCH_SMALL=1: tiny sizes)
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { emit, runPython, SMALL } from '../lib/report.js';

const here = import.meta.dirname;
const WORKERS = Number(process.env.COHORT_WORKERS ?? 2);
const sizes = SMALL ? [16] : [32, 64, 125, 250, 500, 1000];
const iters = SMALL ? 10 : 100;
const [first, next] = SMALL ? [200, 400] : [10_000, 20_000];
const fusedN = SMALL ? 100_000 : 10_000_000;
const fusedReps = SMALL ? 3 : 7;
const CHART = 'Small problems: first cg solve, ms per iteration vs unknowns';

/** Runs one case of _case.ts in a fresh process. */
function cohortCase(...args: (string | number)[]): Record<string, number> {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(here, '_case.ts'), ...args.map(String), String(WORKERS)],
    {
      encoding: 'utf8',
      env: { ...process.env, COHORT_INLINE_LAUNCH_BYTES: '', COHORT_ONE_TASK_SOLVE_BYTES: '' },
    },
  );
  if (r.status !== 0)
    throw new Error(`case ${args.join(' ')} failed (exit ${r.status})\n${r.stderr.slice(-2000)}`);
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as Record<string, number>;
}

/** A Python snippet in a fresh process; its last line is a JSON object. */
function py(code: string, what: string): Record<string, number> | undefined {
  return runPython<Record<string, number>>(code, what);
}

const POISSON = `
import json, time, numpy as np, scipy.sparse as sp, scipy.sparse.linalg as sla
def poisson(nx):
    t = sp.diags([-np.ones(nx-1), 2*np.ones(nx), -np.ones(nx-1)], [-1, 0, 1], format='csr')
    i = sp.identity(nx, format='csr')
    return (sp.kron(t, i) + sp.kron(i, t)).tocsr()
`;

const rows: { name: string; ms: Record<string, number>; x?: number }[] = [];
function show(name: string, ms: Record<string, number>, unit: 'ms' | 'µs', base: string): void {
  const b = ms[base];
  const cells = Object.entries(ms).map(([k, v]) => {
    const ratio = b !== undefined && k !== base ? ` (${(b / v).toFixed(2)}× ${base}'s speed)` : '';
    return `${k} ${v.toFixed(unit === 'ms' ? 3 : 2)} ${unit}${ratio}`;
  });
  console.log(`${name.padEnd(44)} ${cells.join(' | ')}`);
}

const cohortName = `cohort w=${WORKERS}`;
for (const nx of sizes) {
  const c = cohortCase('cg', nx, iters);
  const s = py(
    `${POISSON}
A = poisson(${nx}); b = np.ones(${nx * nx})
t0 = time.perf_counter()
x, info = sla.cg(A, b, rtol=0.0, atol=0.0, maxiter=${iters})
ms = (time.perf_counter() - t0) * 1000 / ${iters}
assert info == ${iters}
print(json.dumps({"ms": ms}))`,
    'SciPy cg',
  );
  const ms: Record<string, number> = { [cohortName]: c.ms! };
  if (s) ms.SciPy = s.ms!;
  const name = `first cg solve, nx=${nx} (${nx * nx} unknowns), per iteration`;
  show(name, ms, 'ms', 'SciPy');
  rows.push({ name, ms, x: nx * nx });
  emit({ area: 'small', name, ms, baseline: s ? 'SciPy' : undefined, chart: CHART, x: nx * nx });
  const warm: Record<string, number> = { [cohortName]: c.warm! };
  if (s) warm.SciPy = s.ms!;
  const wname = `second cg solve, nx=${nx}, per iteration`;
  show(wname, warm, 'ms', 'SciPy');
  emit({ area: 'small', name: wname, ms: warm, baseline: s ? 'SciPy' : undefined });
}

{
  const nx = 32;
  const c = cohortCase('handcg', nx, iters);
  const s = py(
    `${POISSON}
A = poisson(${nx}); b = np.ones(${nx * nx})
t0 = time.perf_counter()
x, info = sla.cg(A, b, rtol=0.0, atol=0.0, maxiter=${iters})
print(json.dumps({"ms": (time.perf_counter() - t0) * 1000 / ${iters}}))`,
    'SciPy cg',
  );
  const ms: Record<string, number> = { [`${cohortName}, hand-written loop`]: c.ms! };
  if (s) ms['SciPy cg'] = s.ms!;
  const name = `hand-written CG loop, nx=${nx}, per iteration`;
  show(name, ms, 'ms', 'SciPy cg');
  emit({ area: 'small', name, ms, baseline: s ? 'SciPy cg' : undefined });
}

{
  const c = cohortCase('small', first, next);
  const s = py(
    `
import json, time, numpy as np
x = np.zeros(1024); y = np.ones(1024)
t0 = time.perf_counter()
for i in range(${first}): x += y * 2
t1 = time.perf_counter()
for i in range(${next}): x += y * 2
t2 = time.perf_counter()
assert x[0] == ${2 * (first + next)}
print(json.dumps({"first": (t1 - t0) * 1e6 / ${first}, "next": (t2 - t1) * 1e6 / ${next}}))`,
    'NumPy',
  );
  for (const part of ['first', 'next'] as const) {
    const label = part === 'first' ? `the first ${first} calls` : `the next ${next} calls`;
    const us: Record<string, number> = { [cohortName]: c[part]! };
    if (s) us.NumPy = s[part]!;
    const name = `x.iadd(y.multiply(2)), 1,024 elements, ${label}`;
    show(name, us, 'µs', 'NumPy');
    const ms = Object.fromEntries(Object.entries(us).map(([k, v]) => [k, v / 1000]));
    emit({ area: 'small', name, ms, baseline: s ? 'NumPy' : undefined });
  }
}

{
  const c = cohortCase('fused', fusedN, fusedReps);
  const s = py(
    `
import json, time, numpy as np
n = ${fusedN}
x = np.random.default_rng(1).random(n); y = np.random.default_rng(2).random(n); z = np.random.default_rng(3).random(n)
chain, axpy = [], []
for k in range(${fusedReps}):
    t0 = time.perf_counter(); w = x*2.5 + y*0.5 - z; w[n-1]; chain.append(time.perf_counter() - t0)
    t0 = time.perf_counter(); u = x*2.5 + y; u[n-1]; axpy.append(time.perf_counter() - t0)
chain.sort(); axpy.sort()
print(json.dumps({"chain": chain[len(chain)//2]*1000, "axpy": axpy[len(axpy)//2]*1000}))`,
    'NumPy',
  );
  for (const [part, what] of [
    ['chain', 'x*2.5 + y*0.5 - z'],
    ['axpy', 'a*x + y'],
  ] as const) {
    const ms: Record<string, number> = { [cohortName]: c[part]! };
    if (s) ms.NumPy = s[part]!;
    const name = `fresh ${what}, ${fusedN} elements, result read`;
    show(name, ms, 'ms', 'NumPy');
    emit({ area: 'small', name, ms, baseline: s ? 'NumPy' : undefined });
  }
}
