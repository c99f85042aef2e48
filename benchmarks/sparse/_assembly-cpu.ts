/**
 * One case of `assembly.ts` timed by CPU time of the issuing thread with the pool off (all work
 * inline on one thread): a figure that a loaded shared machine disturbs far less than wall time,
 * for A/B comparisons of kernels. Prints the CPU ms of each call, the first included.
 *
 * Run: CASE=spgemm|coo|coorows|transpose|add|kron REPS=4 (coo: shuffled entries; coorows: in row order) node --import tsx benchmarks/sparse/_assembly-cpu.ts
 */
import * as np from 'cohortjs/numpy';
import { configure, fence } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';

configure({ workers: 0 });
const which = process.env.CASE ?? 'spgemm';
let f: () => number;
if (which === 'spgemm') {
  const B = sparse.random(100_000, 100_000, { density: 1e-4, format: 'csr', rng: 7 }) as sparse.csr_array;
  f = () => (B.dot(B) as sparse.sparray).nnz;
} else {
  const nx = 1000,
    n = nx * nx;
  const t = sparse.diags([np.full([nx - 1], -1), np.full([nx], 2), np.full([nx - 1], -1)], [-1, 0, 1], {
    format: 'csr',
  });
  const I = sparse.identity(nx, { format: 'csr' });
  const A = sparse
    .kron(I, t, { format: 'csr' })
    .add(sparse.kron(t, I, { format: 'csr' }))
    .tocsr() as sparse.csr_array;
  if (which === 'transpose') f = () => A.T.tocsr().nnz;
  else if (which === 'add') f = () => (A.add(A) as sparse.sparray).nnz;
  else if (which === 'kron')
    f = () =>
      sparse
        .kron(I, t, { format: 'csr' })
        .add(sparse.kron(t, I, { format: 'csr' }))
        .tocsr().nnz;
  else if (which === 'coorows') {
    const coo = A.tocoo() as sparse.coo_array;
    f = () => sparse.coo_array([coo.data, [coo.row, coo.col]], { shape: [n, n] }).tocsr().nnz;
  } else {
    const coo = A.tocoo() as sparse.coo_array;
    const row = coo.row.toArray() as Int32Array,
      col = coo.col.toArray() as Int32Array,
      val = coo.data.toArray() as Float64Array;
    const nnz = A.nnz;
    const perm = new Int32Array(nnz);
    for (let i = 0; i < nnz; i++) perm[i] = i;
    let s = 2463534242;
    for (let i = nnz - 1; i > 0; i--) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      const j = (s >>> 0) % (i + 1);
      const x = perm[i]!;
      perm[i] = perm[j]!;
      perm[j] = x;
    }
    const r2 = new Int32Array(nnz),
      c2 = new Int32Array(nnz),
      v2 = new Float64Array(nnz);
    for (let i = 0; i < nnz; i++) {
      r2[i] = row[perm[i]!]!;
      c2[i] = col[perm[i]!]!;
      v2[i] = val[perm[i]!]!;
    }
    const rs = np.array(r2),
      cs = np.array(c2),
      vs = np.array(v2);
    f = () => sparse.coo_array([vs, [rs, cs]], { shape: [n, n] }).tocsr().nnz;
  }
}
fence();
const out: string[] = [];
for (let r = 0; r < Number(process.env.REPS ?? 4); r++) {
  const c0 = process.cpuUsage();
  f();
  fence();
  const c = process.cpuUsage(c0);
  out.push(((c.user + c.system) / 1000).toFixed(0));
}
console.log(which, 'cpu ms', out.join(' '));
process.exit(0);
