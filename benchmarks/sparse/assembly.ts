/**
 * Building sparse matrices (issue 18), cohort next to SciPy in one run: COO → CSR of the 2-D
 * Poisson matrix (nx = 1000, 4,996,000 nonzeros) with its entries in row order and shuffled,
 * `A.T.tocsr()`, `A + A`, `kron(I, T) + kron(T, I)` → CSR, and SpGEMM `B @ B` of a random
 * 1e5 × 1e5 matrix of density 1e-4. Each timed run is completed (`fence`) and its nnz checked.
 *
 * Run: node --import tsx benchmarks/sparse/assembly.ts   (BENCH_SMALL=1: nx = 40; COHORT_WORKERS;
 * BENCH_ONLY=coo,transpose,add,kron,spgemm to run some)
 */
import * as np from 'cohortjs/numpy';
import { configure, fence, workerCount } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { emit, runPython, SMALL, table, timeMs } from '../lib/report.js';

if (process.env.COHORT_WORKERS === undefined) configure({ workers: 2 });
const nx = SMALL ? 40 : 1000;
const n = nx * nx;
const m = SMALL ? 2000 : 100_000;
const density = 1e-4 * (SMALL ? 25 : 1);
const only = process.env.BENCH_ONLY?.split(',');
const want = (k: string) => only === undefined || only.includes(k);
const cohort = `cohort w=${workerCount()}`;

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
function check(what: string, got: number, wantNnz: number): void {
  if (got !== wantNnz) throw new Error(`${what}: nnz ${got}, expected ${wantNnz}`);
}

const A = poisson(nx);
const nnz = A.nnz;
const coo = A.tocoo() as sparse.coo_array;
const row = coo.row.toArray() as Int32Array;
const col = coo.col.toArray() as Int32Array;
const val = coo.data.toArray() as Float64Array;
// A fixed shuffle of the entries (xorshift; the same every run).
const perm = Int32Array.from({ length: nnz }, (_, i) => i);
let s = 2463534242;
for (let i = nnz - 1; i > 0; i--) {
  s ^= s << 13;
  s ^= s >>> 17;
  s ^= s << 5;
  const j = (s >>> 0) % (i + 1);
  const t = perm[i]!;
  perm[i] = perm[j]!;
  perm[j] = t;
}
const rowS = np.array(Int32Array.from(perm, (p) => row[p]!));
const colS = np.array(Int32Array.from(perm, (p) => col[p]!));
const valS = np.array(Float64Array.from(perm, (p) => val[p]!));
const B = sparse.random(m, m, { density, format: 'csr', rng: 7 }) as sparse.csr_array;
const ggNnz = (B.dot(B) as sparse.sparray).nnz;

const co: Record<string, number> = {};
const time = (k: string, fn: () => number, wantNnz: number, reps = 5) => {
  if (!want(k)) return;
  co[k] = timeMs(
    () => {
      const z = fn();
      fence();
      check(k, z, wantNnz);
    },
    SMALL ? 1 : reps,
    SMALL ? 0 : 1,
  );
};
time('coo', () => sparse.coo_array([coo.data, [coo.row, coo.col]], { shape: [n, n] }).tocsr().nnz, nnz);
time('cooShuffled', () => sparse.coo_array([valS, [rowS, colS]], { shape: [n, n] }).tocsr().nnz, nnz);
time('transpose', () => A.T.tocsr().nnz, nnz);
time('add', () => (A.add(A) as sparse.sparray).nnz, nnz);
time('kron', () => poisson(nx).nnz, nnz, 3);
time('spgemm', () => (B.dot(B) as sparse.sparray).nnz, ggNnz, 3);

const py = runPython(
  `
import json, time, numpy as np, scipy.sparse as sp
nx = ${nx}; n = nx * nx; m = ${m}
def tri(k): return sp.diags_array([-np.ones(k - 1), 2 * np.ones(k), -np.ones(k - 1)], offsets=[-1, 0, 1], format='csr')
def poisson(k):
    t = tri(k); I = sp.identity(k, format='csr')
    return (sp.kron(I, t, format='csr') + sp.kron(t, I, format='csr')).tocsr()
A = poisson(nx); C = A.tocoo()
p = np.random.default_rng(1).permutation(C.nnz)
rs, cs, vs = C.row[p].copy(), C.col[p].copy(), C.data[p].copy()
B = sp.random_array((m, m), density=${density}, format='csr', rng=7)
def med(f, reps, warm=1):
    if ${SMALL ? 'True' : 'False'}: reps, warm = 1, 0
    for _ in range(warm): f()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter(); f(); ts.append((time.perf_counter() - t0) * 1e3)
    ts.sort(); return ts[len(ts) // 2]
print(json.dumps({
  'coo': med(lambda: sp.coo_array((C.data, (C.row, C.col)), shape=(n, n)).tocsr(), 5),
  'cooShuffled': med(lambda: sp.coo_array((vs, (rs, cs)), shape=(n, n)).tocsr(), 5),
  'transpose': med(lambda: A.T.tocsr(), 5),
  'add': med(lambda: A + A, 5),
  'kron': med(lambda: poisson(nx), 3),
  'spgemm': med(lambda: B @ B, 3),
}))
`,
  'SciPy',
);

const names: Record<string, string> = {
  coo: 'COO → CSR (row order)',
  cooShuffled: 'COO → CSR (shuffled)',
  transpose: 'A.T.tocsr()',
  add: 'A + A',
  kron: 'kron(I,T) + kron(T,I)',
  spgemm: `SpGEMM random ${m}², d=${density}`,
};
const rows = Object.keys(names)
  .filter((k) => co[k] !== undefined)
  .map((k) => {
    const ms: Record<string, number> = { [cohort]: co[k]! };
    if (py) ms.SciPy = py[k]!;
    return { name: names[k]!, ms };
  });
for (const r of rows)
  emit({ area: 'sparse-assembly', name: r.name, ms: r.ms, baseline: py ? 'SciPy' : cohort });
console.log(`Poisson nx=${nx}: ${n} rows, ${nnz} nonzeros; ${workerCount()} workers`);
console.log(table(rows, py ? 'SciPy' : cohort));
process.exit(0);
