/**
 * Issue 20 next to SciPy in one run, on the same data (cohort writes it with `io.save_npz`, SciPy
 * loads it):
 * - `csgraph.connected_components` (weak and strong) of a random directed graph of 1e6 nodes and
 *   ~1.5e6 edges (near the giant-component threshold, so components of every size);
 * - BSR SpMV (3×3 blocks, a block-Poisson matrix of 3·nx² rows, as from a 3-dof PDE) against
 *   SciPy's `bsr_array @ x`, and the same matrix's CSR SpMV in cohort;
 * - `sddmm(A, U, Vᵀ)` against SciPy's `A.multiply(U @ V.T)` evaluated only on A's pattern
 *   (`(U[row] * V[col]).sum(1)`, the cheapest SciPy spelling; SciPy has no SDDMM).
 * Each timed run reads its result back and checks it (component counts equal SciPy's; SpMV sums).
 *
 * Run: node --import tsx benchmarks/sparse/formats.ts after `npm run build` (BENCH_SMALL=1: small
 * sizes; COHORT_WORKERS; BENCH_ONLY=cc,bsr,sddmm to run some)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as io from 'cohortjs/io';
import * as np from 'cohortjs/numpy';
import { configure, workerCount } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { emit, runPython, SMALL, table, timeMs } from '../lib/report.js';

if (process.env.COHORT_WORKERS === undefined) configure({ workers: 2 });
const only = process.env.BENCH_ONLY?.split(',');
const want = (k: string) => only === undefined || only.includes(k);
const cohort = `cohort w=${workerCount()}`;
const dir = mkdtempSync(join(tmpdir(), 'cohort-bench-formats-'));

const nodes = SMALL ? 2000 : 1_000_000;
const edges = Math.round(1.5 * nodes);
const nx = SMALL ? 10 : 400; // BSR: 3·nx² rows
const sd = { m: SMALL ? 500 : 200_000, k: 16, deg: 10 }; // sddmm: m × m, rank k, ~deg per row

/** A deterministic random directed graph (xorshift), as CSR with unit weights. */
function graph(): sparse.csr_array {
  const r = new Int32Array(edges);
  const c = new Int32Array(edges);
  let s = 88172645;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % nodes;
  };
  for (let e = 0; e < edges; e++) {
    r[e] = next();
    c[e] = next();
  }
  const G = sparse.coo_array([new Float64Array(edges).fill(1), [r, c]], { shape: [nodes, nodes] }).tocsr();
  G.sum_duplicates();
  return G;
}

/** kron(Poisson nx², dense 3×3 block): a BSR-shaped matrix. */
function blockPoisson(): sparse.csr_array {
  const k = nx;
  const tri = sparse.diags([np.full([k - 1], -1), np.full([k], 2), np.full([k - 1], -1)], [-1, 0, 1], {
    format: 'csr',
  });
  const I = sparse.identity(k, { format: 'csr' });
  const P = sparse
    .kron(I, tri, { format: 'csr' })
    .add(sparse.kron(tri, I, { format: 'csr' })) as sparse.sparray;
  const blk = sparse.csr_array(
    np.array([
      [4, 1, 0.5],
      [1, 3, 0.25],
      [0.5, 0.25, 2],
    ]),
  );
  return sparse.kron(P, blk, { format: 'csr' }).tocsr();
}

const co: Record<string, number> = {};
const checks: Record<string, number> = {};
const reps = SMALL ? 1 : 5;
const warm = SMALL ? 0 : 1;

if (want('cc')) {
  const G = graph();
  io.save_npz(join(dir, 'g.npz'), G);
  for (const connection of ['weak', 'strong'] as const) {
    let count = 0;
    co[`cc_${connection}`] = timeMs(
      () => {
        const [n, labels] = sparse.csgraph.connected_components(G, { connection });
        if ((labels.toArray() as Int32Array).length !== nodes) throw new Error('labels');
        count = n;
      },
      reps,
      warm,
    );
    checks[`cc_${connection}`] = count;
  }
}

if (want('bsr')) {
  const A = blockPoisson();
  const B = A.tobsr([3, 3]);
  io.save_npz(join(dir, 'a.npz'), A);
  const x = np.linspace(-1, 1, A.shape[1]);
  const y = np.zeros([A.shape[0]]);
  let sum = 0;
  co.bsr = timeMs(
    () => {
      B.dot(x, { out: y });
      sum = Number(y.sum().item());
    },
    reps * 4,
    warm,
  );
  checks.bsr = sum;
  co.bsr_csr = timeMs(
    () => {
      A.dot(x, { out: y });
      sum = Number(y.sum().item());
    },
    reps * 4,
    warm,
  );
}

if (want('sddmm')) {
  const S = sparse.random_array([sd.m, sd.m], { density: sd.deg / sd.m, random_state: 5, format: 'csr' });
  io.save_npz(join(dir, 's.npz'), S);
  const U = np.reshape(np.linspace(-1, 1, sd.m * sd.k), [sd.m, sd.k]);
  const V = np.reshape(np.linspace(1, -1, sd.m * sd.k), [sd.m, sd.k]);
  let sum = 0;
  co.sddmm = timeMs(
    () => {
      sum = Number(sparse.sddmm(S, U, V.T).sum().item());
    },
    reps,
    warm,
  );
  checks.sddmm = sum;
}

const py = runPython(
  `
import json, time, numpy as np, scipy.sparse as sp
from scipy.sparse.csgraph import connected_components
d = ${JSON.stringify(dir)}; only = ${only ? JSON.stringify(only) : 'None'}
want = lambda k: only is None or k in only
def med(f, reps, warm):
    for _ in range(warm): f()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter(); f(); ts.append((time.perf_counter() - t0) * 1e3)
    ts.sort(); return ts[len(ts) // 2]
out = {}
if want('cc'):
    G = sp.load_npz(d + '/g.npz')
    for c in ['weak', 'strong']:
        out['cc_' + c] = med(lambda: connected_components(G, connection=c), ${reps}, ${warm})
        out['count_' + c] = connected_components(G, connection=c)[0]
if want('bsr'):
    A = sp.load_npz(d + '/a.npz'); B = A.tobsr(blocksize=(3, 3))
    x = np.linspace(-1, 1, A.shape[1])
    out['bsr'] = med(lambda: B @ x, ${reps * 4}, ${warm}); out['bsr_csr'] = med(lambda: A @ x, ${reps * 4}, ${warm})
    out['sum_bsr'] = float((B @ x).sum())
if want('sddmm'):
    S = sp.load_npz(d + '/s.npz').tocoo(); m, k = ${sd.m}, ${sd.k}
    U = np.linspace(-1, 1, m * k).reshape(m, k); V = np.linspace(1, -1, m * k).reshape(m, k)
    f = lambda: sp.csr_array((S.data * (U[S.row] * V[S.col]).sum(1), (S.row, S.col)), shape=S.shape)
    out['sddmm'] = med(f, ${reps}, ${warm}); out['sum_sddmm'] = float(f().sum())
print(json.dumps(out))
`,
  'SciPy',
);
rmSync(dir, { recursive: true, force: true });

if (py) {
  for (const c of ['weak', 'strong'])
    if (checks[`cc_${c}`] !== undefined && checks[`cc_${c}`] !== py[`count_${c}`])
      throw new Error(
        `connected_components ${c}: ${checks[`cc_${c}`]} components, SciPy ${py[`count_${c}`]}`,
      );
  for (const k of ['bsr', 'sddmm'])
    if (
      checks[k] !== undefined &&
      Math.abs(checks[k]! - py[`sum_${k}`]!) > 1e-8 * (1 + Math.abs(py[`sum_${k}`]!))
    )
      throw new Error(`${k}: sum ${checks[k]}, SciPy ${py[`sum_${k}`]}`);
}

const names: Record<string, string> = {
  cc_weak: `connected_components weak, ${nodes} nodes`,
  cc_strong: `connected_components strong, ${nodes} nodes`,
  bsr: `BSR 3×3 SpMV, ${3 * nx * nx} rows`,
  bsr_csr: '  same matrix as CSR SpMV',
  sddmm: `sddmm ${sd.m}², k=${sd.k}, ~${sd.deg}/row`,
};
const rows = Object.keys(names)
  .filter((k) => co[k] !== undefined)
  .map((k) => {
    const ms: Record<string, number> = { [cohort]: co[k]! };
    if (py?.[k] !== undefined) ms.SciPy = py[k]!;
    return { name: names[k]!, ms };
  });
for (const r of rows)
  emit({ area: 'sparse-formats', name: r.name, ms: r.ms, baseline: py ? 'SciPy' : cohort });
console.log(`components (weak/strong): ${checks.cc_weak}/${checks.cc_strong}; ${workerCount()} workers`);
console.log(table(rows, py ? 'SciPy' : cohort));
process.exit(0);
