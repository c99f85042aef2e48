/**
 * Where a CG iteration's time goes: the task timeline (runtime `traceStart`/`traceStop`) of
 * `iters` CG iterations on the 2-D Poisson matrix, summed per op (run time per iteration, pieces)
 * and per worker (busy share of the span). A worker's idle share is time spent waiting for inputs
 * (reductions are barriers), for the issuing thread, or for the OS to wake it.
 *
 * Run: node --import tsx scripts/trace-cg.ts [nx=1000] [iters=50] [workers=2]
 */
import * as np from 'cohortjs/numpy';
import { configure, fence, summarizeTrace, traceStart, traceStop } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { cg } from 'cohortjs/sparse/linalg';

const [nx, iters, workers] = [1000, 50, 2].map((d, k) => Number(process.argv[2 + k] ?? d));
configure({ workers });
const t = sparse.diags([np.full([nx - 1], -1), np.full([nx], 2), np.full([nx - 1], -1)], [-1, 0, 1], {
  format: 'csr',
});
const eye = sparse.identity(nx, { format: 'csr' });
const A = sparse
  .kron(t, eye, { format: 'csr' })
  .add(sparse.kron(eye, t, { format: 'csr' }))
  .tocsr();
const b = np.ones([nx * nx]);
const solve = () => {
  const [x] = cg(A, b, { rtol: 0, atol: 0, maxiter: iters });
  x.get('0').item();
  fence();
};
solve(); // warm-up: kernels compiled, partitions cached, heap grown
solve();
traceStart();
const t0 = performance.now();
solve();
const wall = performance.now() - t0;
const s = summarizeTrace(traceStop());
const f = (x: number) => Number(x.toFixed(3));
console.log(
  `CG nx=${nx}, ${iters} iterations, workers=${workers}: ${f(wall / iters)} ms/iteration (traced); ` +
    `mean issue→start ${f(s.meanLatencyMs)} ms`,
);
console.table(
  s.ops.map((o) => ({
    op: o.op,
    'tasks/iter': f(o.tasks / iters),
    'ms/iter': f(o.ms / iters),
    'mean ms': f(o.meanMs),
  })),
);
console.table(
  s.workers.map((w) => ({
    worker: w.worker,
    tasks: w.tasks,
    'busy ms/iter': f(w.busyMs / iters),
    busy: f(w.busy),
  })),
);
process.exit(0);
