/**
 * Time per CG iteration on the 2-D 5-point Poisson matrix (nx = 1000: 1e6 unknowns, 4,996,000
 * nonzeros), exactly 100 iterations (rtol = atol = 0, maxiter = 100), next to SciPy's `cg` on the
 * same matrix (python3, when present) and a fused single-threaded plain-JS CG loop. Every run's
 * result is checked (info = 100, a finite residual that decreased).
 *
 * Run: node --import tsx benchmarks/solvers/cg-poisson.ts   (BENCH_SMALL=1: nx = 100)
 */
import * as np from 'cohort/numpy';
import { configure } from 'cohort/runtime';
import * as sparse from 'cohort/sparse';
import { cg } from 'cohort/sparse/linalg';
import { emit, runPython, SMALL, timeMs } from '../lib/report.js';

const nx = SMALL ? 100 : 1000;
const iters = 100;
const n = nx * nx;

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
const b = np.ones([n]);
const bnorm = Math.sqrt(n);

// The plain-JS CG below computes the same iterates: its final true residual is the reference
// every cohort run must reproduce.
let reference = Number.NaN;
function check(x: np.ndarray, info: number, what: string): void {
  const r = (np.linalg.norm(np.subtract(b, A.dot(x))).item() as number) / bnorm;
  if (info !== iters || !(Math.abs(r - reference) <= 1e-6 * reference)) {
    throw new Error(`${what}: bad result info=${info} residual=${r} (plain JS: ${reference})`);
  }
}

const ms: Record<string, number> = {};
// A fused, single-threaded plain-JS CG on the same CSR arrays (the JS baseline).
{
  const indptr = A.indptr.toArray() as Int32Array;
  const indices = A.indices.toArray() as Int32Array;
  const data = A.data.toArray() as Float64Array;
  let xjs = new Float64Array(n);
  const t = timeMs(
    () => {
      const x = new Float64Array(n);
      const r = new Float64Array(n).fill(1);
      const p = Float64Array.from(r);
      const q = new Float64Array(n);
      let rho = n;
      for (let k = 0; k < iters; k++) {
        let pq = 0;
        for (let i = 0; i < n; i++) {
          let s = 0;
          for (let j = indptr[i]!; j < indptr[i + 1]!; j++) s += data[j]! * p[indices[j]!]!;
          q[i] = s;
          pq += p[i]! * s;
        }
        const alpha = rho / pq;
        let rr = 0;
        for (let i = 0; i < n; i++) {
          x[i]! += alpha * p[i]!;
          const ri = r[i]! - alpha * q[i]!;
          r[i] = ri;
          rr += ri * ri;
        }
        const beta = rr / rho;
        rho = rr;
        for (let i = 0; i < n; i++) p[i] = r[i]! + beta * p[i]!;
      }
      xjs = x;
    },
    3,
    1,
  );
  ms['plain JS (fused, 1 thread)'] = t / iters;
  let rr = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = indptr[i]!; j < indptr[i + 1]!; j++) s += data[j]! * xjs[indices[j]!]!;
    rr += (1 - s) ** 2;
  }
  reference = Math.sqrt(rr) / bnorm;
}

for (const workers of [0, 1, 2]) {
  configure({ workers });
  for (const every of [1, 10]) {
    let last: [np.ndarray, number] | undefined;
    const t = timeMs(
      () => {
        last = cg(A, b, { rtol: 0, atol: 0, maxiter: iters, check_every: every });
      },
      3,
      1,
    );
    check(last![0], last![1], `cohort w=${workers}`);
    ms[`cohort w=${workers}${every === 1 ? '' : ` check_every=${every}`}`] = t / iters;
  }
}
configure({ workers: 0 });

const py = runPython(`
import json, time, numpy as np, scipy.sparse as sp, scipy.sparse.linalg as sla
nx = ${nx}
t = sp.diags([-np.ones(nx-1), 2*np.ones(nx), -np.ones(nx-1)], [-1, 0, 1], format='csr')
i = sp.identity(nx, format='csr')
A = (sp.kron(t, i) + sp.kron(i, t)).tocsr()
b = np.ones(nx*nx)
times = []
for rep in range(4):
    t0 = time.perf_counter()
    x, info = sla.cg(A, b, rtol=0.0, atol=0.0, maxiter=${iters})
    times.append(time.perf_counter() - t0)
    assert info == ${iters}
times = sorted(times[1:])
print(json.dumps({"ms": times[len(times)//2] * 1000 / ${iters}}))
`);
if (py) ms.SciPy = py.ms!;

console.log(
  `CG on 2-D Poisson nx=${nx} (${n} unknowns, ${A.nnz} nonzeros), ${iters} iterations, ms per iteration:`,
);
for (const [k, v] of Object.entries(ms)) {
  const ratio = ms.SciPy ? `  (${(ms.SciPy / v).toFixed(2)}x SciPy's speed)` : '';
  console.log(`  ${k.padEnd(34)} ${v.toFixed(3)} ms${ratio}`);
}
if (!ms.SciPy) console.log('  SciPy: python3 with scipy not available');
emit({
  area: 'solvers',
  name: `CG iteration, 2-D Poisson nx=${nx}`,
  ms,
  baseline: ms.SciPy ? 'SciPy' : undefined,
});
