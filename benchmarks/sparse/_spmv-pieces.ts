/**
 * Where a 2-worker CSR SpMV spends its time (issue 24): the spmv program's loop (11-band CSR from
 * `diags`, `y = A.dot(x)` ITERS times) in this fresh process, traced. Prints, per run, wall and
 * CPU ms per SpMV, the process's minor page faults per SpMV (fresh result pages being touched),
 * and the pieces' lengths (min / median / max ms) with the GB/s of a median piece (bytes: indptr,
 * indices, data, the x it reads and the y it writes).
 *
 * MODE=fresh (default, the program's way: a fresh y per product) or MODE=out (`A.dot(x, {out: y})`
 * into one y). BANDS=11 (the spmv program) or 5 (power's matrix).
 *
 * Run: node --import tsx benchmarks/sparse/_spmv-pieces.ts [n=1e6] [workers=2] [iters=20] [runs=3]
 */
import * as np from 'cohortjs/numpy';
import { configure, fence, traceStart, traceStop } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';

const n = Number(process.argv[2] ?? 1e6);
const workers = Number(process.argv[3] ?? 2);
const iters = Number(process.argv[4] ?? 20);
const runs = Number(process.argv[5] ?? 3);
const mode = process.env.MODE ?? 'fresh';
const bands = Number(process.env.BANDS ?? 11);
configure({ workers });

const offsets = Array.from({ length: bands }, (_, k) => k - (bands >> 1));
const A = sparse.diags(
  offsets.map(() => 1),
  offsets,
  { shape: [n, n], format: 'csr', dtype: 'float64' },
) as sparse.csr_array;
const x = np.ones([n]);
np.sum(A.data).item();
np.sum(x).item();
fence();
const nnz = A.nnz;
const out = np.zeros([n]);
const f = (v: number) => v.toFixed(2);
console.log(`n ${n}, nnz ${nnz}, ${workers} workers, ${iters} products per run, mode ${mode}`);
for (let r = 0; r < runs; r++) {
  traceStart();
  const faults0 = process.resourceUsage().minorPageFault;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let y = out;
  for (let i = 0; i < iters; i++)
    y = mode === 'out' ? (A.dot(x, { out }) as np.ndarray) : (A.dot(x) as np.ndarray);
  y.get(0);
  fence();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const faults = process.resourceUsage().minorPageFault - faults0;
  const pieces = traceStop().filter((q) => q.op === 'csr.spmv');
  const lens = pieces.map((q) => q.end - q.start).sort((a, b) => a - b);
  const med = lens[lens.length >> 1] ?? 0;
  const rows = n / Math.max(1, pieces.length / iters);
  const bytes = rows * 4 + (nnz / n) * rows * 12 + rows * 16;
  console.log(
    `run ${r}: ${f(wall / iters)} ms wall, ${f((c.user + c.system) / 1000 / iters)} ms CPU, ${(faults / iters).toFixed(0)} faults per SpMV; ` +
      `${pieces.length / iters} pieces per SpMV of ${f(lens[0] ?? 0)} / ${f(med)} / ${f(lens[lens.length - 1] ?? 0)} ms, ` +
      `${f(bytes / med / 1e6)} GB/s at the median`,
  );
}
process.exit(0);
