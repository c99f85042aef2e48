/**
 * `splu` + one solve on the 2-D 5-point Poisson matrix (nx = 300: 90,000 unknowns, 448,800
 * nonzeros), next to SciPy's SuperLU (`scipy.sparse.linalg.splu`, its default COLAMD order) on the
 * same matrix. cohort's factorization is the left-looking Gilbert–Peierls LU of
 * sparse/linalg/lu.ts on the calling thread (no supernodes, no BLAS), with nested dissection of
 * A + Aᵀ as the column order; the figures include reading A to the host. Both sides print the
 * factor's entries (nnz of L + U) and the residual ‖b − A·x‖/‖b‖ of the solve. Also spilu-
 * preconditioned GMRES on a nonsymmetric convection–diffusion matrix: iterations and time next to
 * SciPy's.
 *
 * Run: node --import tsx benchmarks/solvers/splu-poisson.ts   (BENCH_SMALL=1: nx = 40)
 */
import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { gmres, LinearOperator, spilu, splu } from 'cohortjs/sparse/linalg';
import { emit, runPython, SMALL } from '../lib/report.js';

const nx = SMALL ? 40 : 300;
const reps = SMALL ? 3 : 2;

function poisson(m: number): sparse.csc_array {
  const t = sparse.diags([np.full([m - 1], -1), np.full([m], 2), np.full([m - 1], -1)], [-1, 0, 1], {
    format: 'csr',
  });
  const i = sparse.identity(m, { format: 'csr' });
  return sparse
    .kron(t, i, { format: 'csr' })
    .add(sparse.kron(i, t, { format: 'csr' }))
    .tocsc() as sparse.csc_array;
}

/** -Δu + c·∇u (upwind), scaled by h²: nonsymmetric. */
function convdiff(m: number): sparse.csc_array {
  const h = 1 / (m + 1);
  const t = sparse.diags([np.full([m - 1], -1), np.full([m], 2), np.full([m - 1], -1)], [-1, 0, 1], {
    format: 'csr',
  });
  const up = sparse.diags([np.full([m - 1], -h), np.full([m], h)], [-1, 0], { format: 'csr' });
  const i = sparse.identity(m, { format: 'csr' });
  const a = sparse
    .kron(i, t)
    .add(sparse.kron(t, i))
    .add(sparse.kron(i, up).multiply(80))
    .add(sparse.kron(up, i).multiply(40));
  return a.tocsc() as sparse.csc_array;
}

configure({ workers: 0 });
const A = poisson(nx);
const n = nx * nx;
const b = np.ones([n]);
const fac: number[] = [];
const sol: number[] = [];
let nnz = 0;
let resid = 0;
for (let r = 0; r < reps; r++) {
  const t0 = performance.now();
  const lu = splu(A);
  const t1 = performance.now();
  const x = lu.solve(b);
  const t2 = performance.now();
  fac.push(t1 - t0);
  sol.push(t2 - t1);
  nnz = lu.nnz;
  resid = (np.linalg.norm(A.dot(x).subtract(b)).item() as number) / Math.sqrt(n);
}
const med = (v: number[]) => [...v].sort((p, q) => p - q)[v.length >> 1]!;
console.log(
  `cohort splu nx=${nx}: factor ${fac.map((v) => v.toFixed(0)).join('/')} ms, solve ${sol.map((v) => v.toFixed(0)).join('/')} ms, nnz(L+U) ${nnz}, residual ${resid.toExponential(2)}`,
);

const C = convdiff(SMALL ? 40 : 200);
const nc = C.shape[0];
const bc = np.ones([nc]);
let ilu = spilu(C);
const tg0 = performance.now();
ilu = spilu(C);
const M = new LinearOperator({ shape: [nc, nc], matvec: (v: np.ndarray) => ilu.solve(v) });
let its = 0;
const [xg, info] = gmres(C, bc, { M, rtol: 1e-8, callback: () => its++, callback_type: 'pr_norm' } as never);
const tg = performance.now() - tg0;
const rg = (np.linalg.norm(C.dot(xg).subtract(bc)).item() as number) / Math.sqrt(nc);
console.log(
  `cohort spilu+gmres n=${nc}: ${tg.toFixed(0)} ms, ${its} inner iterations, info ${info}, residual ${rg.toExponential(2)}`,
);

const py = runPython<Record<string, number>>(`
import json, time
import numpy as np, scipy.sparse as sp, scipy.sparse.linalg as sla
def poisson(m):
    t = sp.diags([-np.ones(m-1), 2*np.ones(m), -np.ones(m-1)], [-1, 0, 1], format='csr')
    i = sp.identity(m, format='csr')
    return (sp.kron(t, i) + sp.kron(i, t)).tocsc()
def convdiff(m):
    h = 1/(m+1)
    t = sp.diags([-np.ones(m-1), 2*np.ones(m), -np.ones(m-1)], [-1, 0, 1], format='csr')
    up = sp.diags([-h*np.ones(m-1), h*np.ones(m)], [-1, 0], format='csr')
    i = sp.identity(m, format='csr')
    return (sp.kron(i, t) + sp.kron(t, i) + 80*sp.kron(i, up) + 40*sp.kron(up, i)).tocsc()
A = poisson(${nx}); n = A.shape[0]; b = np.ones(n)
fac = []; sol = []
for r in range(${reps}):
    t0 = time.perf_counter(); lu = sla.splu(A); t1 = time.perf_counter(); x = lu.solve(b); t2 = time.perf_counter()
    fac.append((t1-t0)*1e3); sol.append((t2-t1)*1e3)
C = convdiff(${SMALL ? 40 : 200}); bc = np.ones(C.shape[0])
t0 = time.perf_counter()
ilu = sla.spilu(C)
M = sla.LinearOperator(C.shape, ilu.solve)
its = [0]
def cb(r): its[0] += 1
xg, info = sla.gmres(C, bc, M=M, rtol=1e-8, callback=cb, callback_type='pr_norm')
tg = (time.perf_counter()-t0)*1e3
print(json.dumps({'factor': float(np.median(fac)), 'solve': float(np.median(sol)), 'nnz': int(lu.L.nnz + lu.U.nnz),
  'resid': float(np.linalg.norm(A@x-b)/np.sqrt(n)), 'gmres_ms': tg, 'gmres_its': its[0], 'gmres_info': int(info)}))
`);
if (py) {
  console.log(
    `SciPy SuperLU nx=${nx}: factor ${py.factor!.toFixed(1)} ms, solve ${py.solve!.toFixed(1)} ms, nnz(L+U) ${py.nnz}, residual ${py.resid!.toExponential(2)}`,
  );
  console.log(
    `SciPy spilu+gmres: ${py.gmres_ms!.toFixed(1)} ms, ${py.gmres_its} inner iterations, info ${py.gmres_info}`,
  );
}
const ms: Record<string, number> = { 'cohort (calling thread)': med(fac) + med(sol) };
if (py) ms.SciPy = py.factor! + py.solve!;
emit({ area: 'solvers', name: `splu + solve, 2-D Poisson nx=${nx}`, ms, baseline: py ? 'SciPy' : undefined });
const gm: Record<string, number> = { 'cohort (calling thread)': tg };
if (py) gm.SciPy = py.gmres_ms!;
emit({
  area: 'solvers',
  name: `spilu + gmres, convection-diffusion n=${nc}`,
  ms: gm,
  baseline: py ? 'SciPy' : undefined,
});
