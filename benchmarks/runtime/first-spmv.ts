/**
 * The issuing thread's cost of the first SpMV on a freshly assembled matrix (issue 17 item 3):
 * the 2-D Poisson matrix (nx = 1000: 1e6 rows, 4,996,000 nonzeros) assembled COO → CSR, the
 * assembly completed (`fence`), then `A.dot(x)` timed on the issuing thread (the call returns once
 * the launch is issued) and to completion (`fence`), for the first call and the steady state.
 * Also counts the source points the issuing thread scanned for images (`imageScanStats`).
 *
 * Run: node --import tsx benchmarks/runtime/first-spmv.ts   (BENCH_SMALL=1: nx = 100; COHORT_WORKERS;
 * FIRST_SPMV_SCAN=1: images scanned on the issuing thread, as before issue 17 item 3;
 * FIRST_SPMV_OLD_KERNEL=1: image tasks run the generic kernel of before issue 24's per-dtype ones)
 */
import * as np from 'cohortjs/numpy';
import { configure, fence, workerCount } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { imageScanStats } from '../../runtime/image.js';
import { setImageKernel, setImageTasks } from '../../runtime/image-task.js';
import { REFERENCE_IMAGE_KERNEL } from '../../tests/runtime/image-kernel-ref.js';
import { emit, SMALL } from '../lib/report.js';

if (process.env.COHORT_WORKERS === undefined) configure({ workers: 2 });
const nx = SMALL ? 100 : 1000;
const n = nx * nx;
const ROUNDS = SMALL ? 3 : 5;
// FIRST_SPMV_SCAN=1: images scanned on the issuing thread (the code before issue 17 item 3).
if (process.env.FIRST_SPMV_SCAN === '1') setImageTasks(false);
// FIRST_SPMV_OLD_KERNEL=1: the image tasks' kernel before issue 24 (tests/runtime/image-kernel-ref.ts).
if (process.env.FIRST_SPMV_OLD_KERNEL === '1') setImageKernel(REFERENCE_IMAGE_KERNEL);

/** COO entries of the 5-point Poisson matrix in row order. */
function pattern(): { row: Int32Array; col: Int32Array; val: Float64Array } {
  const cap = 5 * n;
  const row = new Int32Array(cap);
  const col = new Int32Array(cap);
  const val = new Float64Array(cap);
  let k = 0;
  const put = (i: number, j: number, v: number) => {
    row[k] = i;
    col[k] = j;
    val[k++] = v;
  };
  for (let i = 0; i < nx; i++)
    for (let j = 0; j < nx; j++) {
      const p = i * nx + j;
      if (i > 0) put(p, p - nx, -1);
      if (j > 0) put(p, p - 1, -1);
      put(p, p, 4);
      if (j < nx - 1) put(p, p + 1, -1);
      if (i < nx - 1) put(p, p + nx, -1);
    }
  return { row: row.slice(0, k), col: col.slice(0, k), val: val.slice(0, k) };
}

const { row, col, val } = pattern();
{
  // Warm-up on a small matrix: kernel shipping and compilation are once per process, not per matrix.
  const w = sparse.diags([np.full([99], -1), np.full([100], 2), np.full([99], -1)], [-1, 0, 1], {
    format: 'csr',
  }) as sparse.csr_array;
  w.dot(np.ones([100])).toArray();
}
const x = np.array(Float64Array.from({ length: n }, (_, i) => 1 + (i % 13) * 0.125));
const first: number[] = [];
const firstTotal: number[] = [];
const steady: number[] = [];
const scans: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const A = sparse
    .coo_array([np.array(val), [np.array(row), np.array(col)]], { shape: [n, n] })
    .tocsr() as sparse.csr_array;
  fence();
  const before = imageScanStats().points;
  const t0 = performance.now();
  let y = A.dot(x);
  const t1 = performance.now();
  fence();
  const t2 = performance.now();
  scans.push(imageScanStats().points - before);
  first.push(t1 - t0);
  firstTotal.push(t2 - t0);
  for (let k = 0; k < 3; k++) {
    const s0 = performance.now();
    y = A.dot(x);
    steady.push(performance.now() - s0);
    fence();
  }
  // Checked against the 5-point stencil at a few rows.
  const yh = y.toArray() as Float64Array;
  const xv = (k: number) => 1 + (k % 13) * 0.125;
  for (const i of [0, nx - 1, n >> 1, n - nx, n - 1]) {
    const r = Math.floor(i / nx);
    const c = i % nx;
    let want = 4 * xv(i);
    if (r > 0) want -= xv(i - nx);
    if (c > 0) want -= xv(i - 1);
    if (c < nx - 1) want -= xv(i + 1);
    if (r < nx - 1) want -= xv(i + nx);
    if (yh[i] !== want) {
      console.error(`SpMV: wrong result at row ${i}: ${yh[i]} vs ${want}`);
      process.exit(1);
    }
  }
}
const med = (a: number[]) => [...a].sort((p, q) => p - q)[a.length >> 1]!;
const fmt = (a: number[]) =>
  `median ${med(a).toFixed(2)} ms (${Math.min(...a).toFixed(2)}–${Math.max(...a).toFixed(2)})`;
const nnz = row.length;
console.log(
  `first SpMV on a fresh ${nnz.toLocaleString()}-nonzero matrix, ${workerCount()} workers, ${ROUNDS} rounds:`,
);
console.log(`  issuing thread, first call:  ${fmt(first)}`);
console.log(`  to completion, first call:   ${fmt(firstTotal)}`);
console.log(`  issuing thread, steady:      ${fmt(steady)}`);
console.log(
  `  per round: issue ${first.map((v) => v.toFixed(1)).join(', ')}; total ${firstTotal.map((v) => v.toFixed(1)).join(', ')}`,
);
console.log(`  image points scanned on the issuing thread per first call: ${scans.join(', ')}`);
emit({
  area: 'runtime',
  name: `first SpMV on a fresh ${nnz}-nonzero matrix: issuing-thread time`,
  ms: { [`cohort w=${workerCount()}`]: med(first) },
});
emit({
  area: 'runtime',
  name: `first SpMV on a fresh ${nnz}-nonzero matrix: to completion`,
  ms: { [`cohort w=${workerCount()}`]: med(firstTotal) },
});
