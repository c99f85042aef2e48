/**
 * Sparse kernels on the 2-D 5-point Poisson matrix (nx = 1000: 1e6 rows, 4,996,000 nonzeros):
 * SpMV `A @ x`, SpMM with 16 columns, SpGEMM `A @ A`, CSR + CSR and COO → CSR — cohort next to
 * SciPy (python3, when present) and a plain single-threaded JS CSR loop, with ratios. Every timed
 * run is checked against the plain-JS result.
 *
 * Run: node --import tsx benchmarks/sparse/sparse.ts   (BENCH_SMALL=1: nx = 20; COHORT_WORKERS)
 */
import * as np from 'cohortjs/numpy';
import { configure, fence, workerCount } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { emit, runPython, SMALL, table, timeMs } from '../lib/report.js';

if (process.env.COHORT_WORKERS === undefined) configure({ workers: 2 });
const nx = SMALL ? 20 : 1000;
const n = nx * nx;
const K = 16;
const cohort = `cohort w=${workerCount()}`;

function poisson(m: number): sparse.csr_array {
  const t = sparse.diags([np.full([m - 1], -1), np.full([m], 2), np.full([m - 1], -1)], [-1, 0, 1], {
    format: 'csr',
  });
  const i = sparse.identity(m, { format: 'csr' });
  return sparse
    .kron(t, i, { format: 'csr' })
    .add(sparse.kron(i, t, { format: 'csr' }))
    .tocsr() as sparse.csr_array;
}

const A = poisson(nx);
const indptr = A.indptr.toArray() as Int32Array;
const indices = A.indices.toArray() as Int32Array;
const data = A.data.toArray() as Float64Array;
const nnz = A.nnz;
const xh = Float64Array.from({ length: n }, (_, i) => 1 + (i % 13) * 0.125);
const x = np.array(xh);
const Bh = Float64Array.from({ length: n * K }, (_, t) => ((t * 7) % 11) - 5);
const B = np.array(Bh).reshape([n, K]);
const coo = A.tocoo() as sparse.coo_array;
const rowH = coo.row.toArray() as Int32Array;

function fail(what: string, detail: string): never {
  throw new Error(`${what}: wrong result (${detail})`);
}
function checkClose(what: string, got: ArrayLike<number>, want: ArrayLike<number>): void {
  if (got.length !== want.length) fail(what, `length ${got.length} vs ${want.length}`);
  const step = want.length > 100_000 ? 997 : 1; // every element at small sizes
  for (let i = 0; i < want.length; i += step) {
    if (Math.abs(got[i]! - want[i]!) > 1e-9 * (1 + Math.abs(want[i]!)))
      fail(what, `[${i}] ${got[i]} vs ${want[i]}`);
  }
}

// ---- plain single-threaded JS --------------------------------------------------------------
const js: Record<string, number> = {};
let yRef = new Float64Array(n);
js.spmv = timeMs(() => {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let p = indptr[i]!; p < indptr[i + 1]!; p++) s += data[p]! * xh[indices[p]!]!;
    y[i] = s;
  }
  yRef = y;
});
let cRef = new Float64Array(n * K);
js.spmm = timeMs(
  () => {
    const c = new Float64Array(n * K);
    for (let i = 0; i < n; i++)
      for (let p = indptr[i]!; p < indptr[i + 1]!; p++) {
        const v = data[p]!;
        const b0 = indices[p]! * K;
        for (let j = 0; j < K; j++) c[i * K + j]! += v * Bh[b0 + j]!;
      }
    cRef = c;
  },
  3,
  1,
);
let ggNnz = 0;
js.spgemm = timeMs(
  () => {
    const ptr = new Int32Array(n + 1);
    const cols: number[] = [];
    const vals: number[] = [];
    const acc = new Float64Array(n);
    const mark = new Int32Array(n).fill(-1);
    const list = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      let len = 0;
      for (let p = indptr[i]!; p < indptr[i + 1]!; p++) {
        const r = indices[p]!;
        const a = data[p]!;
        for (let q = indptr[r]!; q < indptr[r + 1]!; q++) {
          const j = indices[q]!;
          if (mark[j] !== i) {
            mark[j] = i;
            acc[j] = 0;
            list[len++] = j;
          }
          acc[j]! += a * data[q]!;
        }
      }
      const row = list.subarray(0, len).sort();
      for (const j of row) {
        if (acc[j] === 0) continue;
        cols.push(j);
        vals.push(acc[j]!);
      }
      ptr[i + 1] = cols.length;
    }
    ggNnz = cols.length;
  },
  3,
  1,
);
js.add = timeMs(
  () => {
    const ptr = new Int32Array(n + 1);
    const ci = new Int32Array(2 * nnz);
    const cv = new Float64Array(2 * nnz);
    let w = 0;
    for (let i = 0; i < n; i++) {
      let p = indptr[i]!;
      let q = indptr[i]!;
      const e = indptr[i + 1]!;
      while (p < e || q < e) {
        const ja = p < e ? indices[p]! : 2147483647;
        const jb = q < e ? indices[q]! : 2147483647;
        let v = 0;
        let j = 0;
        if (ja === jb) {
          v = data[p++]! + data[q++]!;
          j = ja;
        } else if (ja < jb) {
          v = data[p++]!;
          j = ja;
        } else {
          v = data[q++]!;
          j = jb;
        }
        if (v !== 0) {
          ci[w] = j;
          cv[w++] = v;
        }
      }
      ptr[i + 1] = w;
    }
    if (w !== nnz) fail('plain JS add', `nnz ${w}`);
  },
  5,
  1,
);
js.coo2csr = timeMs(
  () => {
    const ptr = new Int32Array(n + 1);
    for (let p = 0; p < nnz; p++) ptr[rowH[p]! + 1]!++;
    for (let i = 0; i < n; i++) ptr[i + 1]! += ptr[i]!;
    const next = ptr.slice(0, n);
    const ci = new Int32Array(nnz);
    const cv = new Float64Array(nnz);
    for (let p = 0; p < nnz; p++) {
      const q = next[rowH[p]!]!++;
      ci[q] = indices[p]!;
      cv[q] = data[p]!;
    }
    if (ptr[n] !== nnz) fail('plain JS coo2csr', 'count');
  },
  5,
  1,
);

// ---- cohort ---------------------------------------------------------------------------------
const co: Record<string, number> = {};
let y = A.dot(x);
// A loop of SpMVs reaches its steady state (the pool of recycled result blocks grown, collections
// spaced out: runtime/README.md, Memory) after ~30 steps; both sides warm up that long.
co.spmv = timeMs(
  () => {
    y = A.dot(x);
    fence();
  },
  41,
  30,
);
checkClose('cohort SpMV', y.toArray() as ArrayLike<number>, yRef);
let C = A.dot(B);
co.spmm = timeMs(
  () => {
    C = A.dot(B);
    fence();
  },
  5,
  2,
);
checkClose('cohort SpMM', C.toArray() as ArrayLike<number>, cRef);
let G = A.dot(A) as sparse.sparray;
co.spgemm = timeMs(
  () => {
    G = A.dot(A) as sparse.sparray;
    fence();
  },
  3,
  1,
);
if (G.nnz !== ggNnz) fail('cohort SpGEMM', `nnz ${G.nnz} vs ${ggNnz}`);
let S = A.add(A) as sparse.sparray;
co.add = timeMs(
  () => {
    S = A.add(A) as sparse.sparray;
    fence();
  },
  5,
  1,
);
if (S.nnz !== nnz) fail('cohort add', `nnz ${S.nnz}`);
let R = coo.tocsr();
co.coo2csr = timeMs(
  () => {
    // A fresh COO each time (its CSR conversion is cached per object).
    R = sparse.coo_array([coo.data, [coo.row, coo.col]], { shape: [n, n] }).tocsr();
    fence();
  },
  5,
  1,
);
if (R.nnz !== nnz) fail('cohort COO→CSR', `nnz ${R.nnz}`);

// ---- SciPy ----------------------------------------------------------------------------------
const py = runPython(
  `
import json, time, numpy as np, scipy.sparse as sp
nx = ${nx}; n = nx * nx; K = ${K}
t = sp.diags_array([-np.ones(nx - 1), 2 * np.ones(nx), -np.ones(nx - 1)], offsets=[-1, 0, 1], format='csr')
I = sp.identity(nx, format='csr')
A = (sp.kron(t, I, format='csr') + sp.kron(I, t, format='csr')).tocsr()
x = 1 + (np.arange(n) % 13) * 0.125
B = (((np.arange(n * K) * 7) % 11) - 5).astype(float).reshape(n, K)
C = A.tocoo()
def med(f, reps, warm=2):
    for _ in range(warm): f()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter(); f(); ts.append((time.perf_counter() - t0) * 1e3)
    ts.sort(); return ts[len(ts) // 2]
print(json.dumps({
  'spmv': med(lambda: A @ x, 41, 30),
  'spmm': med(lambda: A @ B, 5),
  'spgemm': med(lambda: A @ A, 3, 1),
  'add': med(lambda: A + A, 5, 1),
  'coo2csr': med(lambda: sp.coo_array((C.data, (C.row, C.col)), shape=(n, n)).tocsr(), 5, 1),
}))
`,
  'SciPy',
);

const names: Record<string, string> = {
  spmv: `SpMV nx=${nx}`,
  spmm: `SpMM ${K} columns`,
  spgemm: 'SpGEMM A @ A',
  add: 'CSR + CSR',
  coo2csr: 'COO → CSR',
};
const rows = Object.keys(names).map((k) => {
  const ms: Record<string, number> = { [cohort]: co[k]! };
  if (py) ms.SciPy = py[k]!;
  ms['plain JS'] = js[k]!;
  return { name: names[k]!, ms };
});
for (const r of rows) emit({ area: 'sparse', name: r.name, ms: r.ms, baseline: py ? 'SciPy' : 'plain JS' });
console.log(`Poisson nx=${nx}: ${n} rows, ${nnz} nonzeros, ${workerCount()} workers`);
console.log(table(rows, py ? 'SciPy' : 'plain JS'));
if (py) console.log(`SpMV: cohort is ${(py.spmv! / co.spmv!).toFixed(2)}× SciPy's speed (target ≥ 1.5×)`);
process.exit(0);
