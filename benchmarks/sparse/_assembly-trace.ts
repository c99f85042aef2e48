/**
 * The task timeline of one case of `assembly.ts` (Poisson nx = 1000; SpGEMM random 1e5², d = 1e-4):
 * per task its op, worker (-1: the issuing thread), and run time, for the last of REPS calls, so
 * the phases of an assembly (count, scan, fill, ...) can be told apart.
 *
 * Run: CASE=transpose|add|kron|coo|cooShuffled|spgemm REPS=3 COHORT_WORKERS=2 node --import tsx benchmarks/sparse/_assembly-trace.ts
 */
import * as np from 'cohortjs/numpy';
import { configure, fence, traceStart, traceStop } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';

if (process.env.COHORT_WORKERS === undefined) configure({ workers: 2 });
const which = process.env.CASE ?? 'transpose';
const nx = 1000;
const n = nx * nx;
const t = sparse.diags([np.full([nx - 1], -1), np.full([nx], 2), np.full([nx - 1], -1)], [-1, 0, 1], {
  format: 'csr',
});
const I = sparse.identity(nx, { format: 'csr' });
const poisson = () =>
  sparse
    .kron(I, t, { format: 'csr' })
    .add(sparse.kron(t, I, { format: 'csr' }))
    .tocsr() as sparse.csr_array;
let f: () => number;
if (which === 'spgemm') {
  const B = sparse.random(100_000, 100_000, { density: 1e-4, format: 'csr', rng: 7 }) as sparse.csr_array;
  f = () => (B.dot(B) as sparse.sparray).nnz;
} else if (which === 'kron') f = () => poisson().nnz;
else {
  const A = poisson();
  if (which === 'transpose') f = () => A.T.tocsr().nnz;
  else if (which === 'add') f = () => (A.add(A) as sparse.sparray).nnz;
  else {
    const coo = A.tocoo() as sparse.coo_array;
    let row = coo.row;
    let col = coo.col;
    let val = coo.data;
    if (which === 'cooShuffled') {
      const r = row.toArray() as Int32Array;
      const c = col.toArray() as Int32Array;
      const v = val.toArray() as Float64Array;
      const m = r.length;
      const perm = Int32Array.from({ length: m }, (_, i) => i);
      let s = 2463534242;
      for (let i = m - 1; i > 0; i--) {
        s ^= s << 13;
        s ^= s >>> 17;
        s ^= s << 5;
        const j = (s >>> 0) % (i + 1);
        const x = perm[i]!;
        perm[i] = perm[j]!;
        perm[j] = x;
      }
      row = np.array(Int32Array.from(perm, (p) => r[p]!));
      col = np.array(Int32Array.from(perm, (p) => c[p]!));
      val = np.array(Float64Array.from(perm, (p) => v[p]!));
    }
    f = () => sparse.coo_array([val, [row, col]], { shape: [n, n] }).tocsr().nnz;
  }
}
fence();
const reps = Number(process.env.REPS ?? 3);
for (let r = 0; r < reps; r++) {
  const last = r === reps - 1;
  if (last) traceStart();
  const t0 = performance.now();
  f();
  fence();
  const ms = performance.now() - t0;
  if (!last) continue;
  const recs = traceStop().sort((a, b) => a.start - b.start);
  const t00 = recs.length > 0 ? Math.min(t0 + performance.timeOrigin, recs[0]!.issued) : 0;
  console.log(`${which}: ${ms.toFixed(1)} ms wall (call ${r + 1})`);
  for (const x of recs)
    console.log(
      `${x.op.padEnd(16)} ${x.kind.padEnd(7)} w${String(x.worker).padStart(2)} issued +${(x.issued - t00).toFixed(1).padStart(6)} start +${(x.start - t00).toFixed(1).padStart(6)} run ${(x.end - x.start).toFixed(2).padStart(7)} ms`,
    );
}
process.exit(0);
