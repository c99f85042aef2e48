/**
 * `A.T.tocsr()` of the 2-D Poisson matrix (nx = 1000, 5M nonzeros) at 2 workers (COHORT_WORKERS):
 * prints the wall ms of each call (REPS, the first included) and their median, for A/B runs of the
 * transpose in alternating fresh processes.
 *
 * Run: REPS=9 node --import tsx benchmarks/sparse/_transpose-calls.ts
 */
import * as np from 'cohortjs/numpy';
import { configure, fence } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';

if (process.env.COHORT_WORKERS === undefined) configure({ workers: 2 });
const nx = 1000;
const t = sparse.diags([np.full([nx - 1], -1), np.full([nx], 2), np.full([nx - 1], -1)], [-1, 0, 1], {
  format: 'csr',
});
const I = sparse.identity(nx, { format: 'csr' });
const A = sparse
  .kron(I, t, { format: 'csr' })
  .add(sparse.kron(t, I, { format: 'csr' }))
  .tocsr() as sparse.csr_array;
fence();
const ms: number[] = [];
for (let r = 0; r < Number(process.env.REPS ?? 9); r++) {
  const t0 = performance.now();
  const z = A.T.tocsr();
  fence();
  ms.push(performance.now() - t0);
  if (z.nnz !== A.nnz) throw new Error('nnz');
}
const s = [...ms].sort((a, b) => a - b);
console.log(ms.map((x) => x.toFixed(1)).join(' '), '| median', s[s.length >> 1]!.toFixed(1));
