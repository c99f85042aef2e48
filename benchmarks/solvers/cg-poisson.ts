/**
 * Time per CG iteration on the 2-D 5-point Poisson matrix over a sweep of sizes (nx = 125 … 1000,
 * the largest with 1e6 unknowns and 4,996,000 nonzeros), exactly `iters` iterations each (rtol =
 * atol = 0), for cohort at 0, 1 and 2 workers next to SciPy's `cg` on the same matrix (python3,
 * when present) and a fused single-threaded plain-JS CG loop. Every run's result is checked
 * (info = iters, the same final residual as the plain-JS iterates). The sweep is drawn as the
 * chart "CG time per iteration vs problem size". The sweep uses `cg`'s default convergence-check
 * cadence (adaptive: every iteration at first, then every ⌊k/4⌋ ≤ 16 — the same iterates and
 * result bits as checking every iteration); the largest size also times `check_every: 1` (a read
 * every iteration, as SciPy does) and `check_every: 10`.
 *
 * Run: node --import tsx benchmarks/solvers/cg-poisson.ts   (BENCH_SMALL=1: nx = 16, 32; 10 iterations)
 */
import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { cg } from 'cohortjs/sparse/linalg';
import { emit, runPython, SMALL, timeMs } from '../lib/report.js';

const sizes = SMALL ? [16, 32] : [125, 250, 500, 1000];
const iters = SMALL ? 10 : 100;
const CHART = 'CG time per iteration vs problem size';

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

/** A fused, single-threaded plain-JS CG on the same CSR arrays; returns ms/iteration and ‖b − Ax‖/‖b‖. */
function plainCg(A: sparse.csr_array, n: number): { ms: number; residual: number } {
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
  let rr = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = indptr[i]!; j < indptr[i + 1]!; j++) s += data[j]! * xjs[indices[j]!]!;
    rr += (1 - s) ** 2;
  }
  return { ms: t / iters, residual: Math.sqrt(rr / n) };
}

/** ms per iteration of cohort's `cg` at `workers`, checked against the plain-JS residual. */
function cohortCg(
  A: sparse.csr_array,
  b: np.ndarray,
  workers: number,
  every: number | undefined,
  reference: number,
): number {
  configure({ workers });
  let last: [np.ndarray, number] | undefined;
  const t = timeMs(
    () => {
      last = cg(A, b, { rtol: 0, atol: 0, maxiter: iters, check_every: every });
    },
    3,
    1,
  );
  const [x, info] = last!;
  const r = (np.linalg.norm(np.subtract(b, A.dot(x))).item() as number) / Math.sqrt(b.size);
  if (info !== iters || !(Math.abs(r - reference) <= 1e-6 * reference)) {
    throw new Error(`cohort w=${workers}: bad result info=${info} residual=${r} (plain JS: ${reference})`);
  }
  return t / iters;
}

const py = runPython<Record<string, number>>(
  `
import json, time, numpy as np, scipy.sparse as sp, scipy.sparse.linalg as sla
out = {}
for nx in ${JSON.stringify(sizes)}:
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
    out[str(nx)] = times[len(times)//2] * 1000 / ${iters}
print(json.dumps(out))
`,
  'SciPy',
);

for (const nx of sizes) {
  const n = nx * nx;
  const A = poisson(nx);
  const b = np.ones([n]);
  const js = plainCg(A, n);
  const ms: Record<string, number> = { 'plain JS (fused, 1 thread)': js.ms };
  for (const w of [0, 1, 2]) ms[`cohort w=${w}`] = cohortCg(A, b, w, undefined, js.residual);
  if (py) ms.SciPy = py[String(nx)]!;
  const baseline = py ? 'SciPy' : undefined;
  report(`CG iteration, 2-D Poisson nx=${nx}`, n, A.nnz, ms);
  emit({ area: 'solvers', name: `CG iteration, 2-D Poisson nx=${nx}`, ms, baseline, chart: CHART, x: n });
  if (nx === sizes[sizes.length - 1]) {
    // The headline size also times fixed cadences: a read every iteration, and every 10.
    for (const every of [1, 10]) {
      const ev: Record<string, number> = {};
      for (const w of [0, 1, 2])
        ev[`cohort w=${w} check_every=${every}`] = cohortCg(A, b, w, every, js.residual);
      if (py) ev.SciPy = py[String(nx)]!;
      report(`CG iteration nx=${nx}, check_every=${every}`, n, A.nnz, ev);
      emit({
        area: 'solvers',
        name: `CG iteration, 2-D Poisson nx=${nx}, check_every=${every}`,
        ms: ev,
        baseline,
      });
    }
  }
}
configure({ workers: 0 });

function report(what: string, n: number, nnz: number, ms: Record<string, number>): void {
  console.log(`${what} (${n} unknowns, ${nnz} nonzeros), ${iters} iterations, ms per iteration:`);
  for (const [k, v] of Object.entries(ms)) {
    const ratio = ms.SciPy ? `  (${(ms.SciPy / v).toFixed(2)}x SciPy's speed)` : '';
    console.log(`  ${k.padEnd(34)} ${v.toFixed(3)} ms${ratio}`);
  }
}
