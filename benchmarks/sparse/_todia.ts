/**
 * CSR → DIA (`A.todia()`, issue 17 item 3), cohort next to SciPy in one run: the 2-D Poisson
 * matrix (nx = 1000: 5 diagonals, 4,996,000 nonzeros) and an 11-diagonal band of order 1e6
 * (offsets −5..5, 10,999,970 nonzeros). Each timed call is completed (`fence`) and its offsets
 * checked; the time until `todia()` returns (it waits for the diagonal scan, whose bitmap it
 * reads) is printed too.
 *
 * Run: node --import tsx benchmarks/sparse/_todia.ts   (BENCH_SMALL=1: nx = 40, n = 2000;
 * COHORT_WORKERS, default 2). Run by hand (the `_` keeps it out of `npm run bench`): with it, the
 * BENCH_SMALL run of tests/bench/bench-small.test.ts went past its 150 s bound twice at load ~10
 * (without it: passed at load 8).
 */
import * as np from 'cohortjs/numpy';
import { configure, fence, workerCount } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { emit, runPython, SMALL, table } from '../lib/report.js';

if (process.env.COHORT_WORKERS === undefined) configure({ workers: 2 });
const nx = SMALL ? 40 : 1000;
const nb = SMALL ? 2000 : 1_000_000;
const BAND = [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5];
const cohort = `cohort w=${workerCount()}`;
const reps = SMALL ? 1 : 5;

function tri(k: number): sparse.sparray {
  return sparse.diags([np.full([k - 1], -1), np.full([k], 2), np.full([k - 1], -1)], [-1, 0, 1], {
    format: 'csr',
  });
}
function poisson(k: number): sparse.csr_array {
  const t = tri(k);
  const i = sparse.identity(k, { format: 'csr' });
  return sparse
    .kron(i, t, { format: 'csr' })
    .add(sparse.kron(t, i, { format: 'csr' }))
    .tocsr() as sparse.csr_array;
}

const mats: Record<string, [sparse.sparray, number[]]> = {
  poisson: [poisson(nx), [-nx, -1, 0, 1, nx]],
  band: [
    sparse.diags(
      BAND.map((k) => 1 + Math.abs(k)),
      BAND,
      { shape: [nb, nb], format: 'csr' },
    ),
    BAND,
  ],
};

const co: Record<string, number> = {};
const ret: Record<string, number> = {};
for (const [k, [A, want]] of Object.entries(mats)) {
  fence();
  const total: number[] = [];
  const back: number[] = [];
  for (let r = 0; r < reps + (SMALL ? 0 : 1); r++) {
    const t0 = performance.now();
    const D = A.todia() as sparse.DiaArray;
    const t1 = performance.now();
    fence();
    const t2 = performance.now();
    const got = D.offsets.tolist() as number[];
    if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${k}: offsets ${got}`);
    if (r > 0 || SMALL) {
      total.push(t2 - t0);
      back.push(t1 - t0);
    }
    D.dispose();
  }
  const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1]!;
  co[k] = med(total);
  ret[k] = med(back);
}

const py = runPython(
  `
import json, time, numpy as np, scipy.sparse as sp
nx = ${nx}; nb = ${nb}
def tri(k): return sp.diags_array([-np.ones(k - 1), 2 * np.ones(k), -np.ones(k - 1)], offsets=[-1, 0, 1], format='csr')
def poisson(k):
    t = tri(k); I = sp.identity(k, format='csr')
    return (sp.kron(I, t, format='csr') + sp.kron(t, I, format='csr')).tocsr()
band = [${BAND.join(', ')}]
B = sp.diags_array([float(1 + abs(k)) for k in band], offsets=band, shape=(nb, nb), format='csr')
A = poisson(nx)
def med(f, reps, warm=1):
    if ${SMALL ? 'True' : 'False'}: reps, warm = 1, 0
    for _ in range(warm): f()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter(); f(); ts.append((time.perf_counter() - t0) * 1e3)
    ts.sort(); return ts[len(ts) // 2]
print(json.dumps({'poisson': med(lambda: A.todia(), ${reps}), 'band': med(lambda: B.todia(), ${reps})}))
`,
  'SciPy',
);

const names: Record<string, string> = {
  poisson: `Poisson nx=${nx} todia (5 diagonals)`,
  band: `band n=${nb} todia (11 diagonals)`,
};
const rows = Object.keys(names).map((k) => {
  const ms: Record<string, number> = { [cohort]: co[k]! };
  if (py) ms.SciPy = py[k]!;
  return { name: names[k]!, ms };
});
for (const r of rows) emit({ area: 'sparse-todia', name: r.name, ms: r.ms, baseline: py ? 'SciPy' : cohort });
console.log(
  `${workerCount()} workers; todia() returned after (median): ${Object.entries(ret)
    .map(([k, v]) => `${k} ${v.toFixed(1)} ms`)
    .join(', ')}`,
);
console.log(table(rows, py ? 'SciPy' : cohort));
process.exit(0);
