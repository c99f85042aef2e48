/**
 * Run under `node --import tsx` (as users' TypeScript programs and the benchmarks run when dist/
 * is absent): loads the library from source, runs a broad workload on one worker (so kernels are
 * registered and shipped), then prints one JSON line: how many kernels were registered and which
 * of them name, in their shipped source or warm-up, a transpiler helper a worker does not have,
 * and the workload's result. With the argument `bundle` it loads the package's bundle instead
 * (dist/bundle/, what `cohortjs` resolves to once built: scripts/bundle.mjs) and runs the same
 * workload, whose kernels are then the bundle's function texts (count 0: the bundle's kernel
 * table is not reachable from here; a kernel naming a missing helper fails in the worker).
 */
import type * as Lib from '../../../index.js';
import { kernelById } from '../../../runtime/kernels.js';

const fromBundle = process.argv[2] === 'bundle';
const lib = (await import(fromBundle ? '../../../dist/bundle/index.js' : '../../../index.js')) as typeof Lib;
const { configure, DefaultMapper, fence, linalg, np, sp } = lib;
type ndarray = InstanceType<typeof np.ndarray>;
type csr = InstanceType<typeof sp.csr_array>;

configure({ workers: 1 });
const sum = (x: ndarray) => np.sum(x).item() as number;
const n = 40;
const rng = np.random.default_rng(7);
const a = rng.random([n, n]);
const v = rng.random([n]);
let acc = 0;
// Dense: element-wise chains (fused), reductions, products both ways, scans, sorting, indexing.
acc += sum(np.add(np.multiply(a, 2.5), np.exp(np.negative(a))));
acc += sum(np.dot(a, v)) + sum(np.dot(v, a)) + sum(np.matmul(a, a)) + (np.dot(v, v).item() as number);
acc += sum(np.cumsum(v)) + sum(np.sort(v)) + sum(np.argsort(v)) + sum(np.argmin(a, 1));
acc += sum(np.where(np.greater(a, 0.5), a, 0)) + sum(np.power(v, 3)) + sum(np.sqrt(a));
acc +=
  sum(np.bincount(np.floor(np.multiply(v, 5)).astype('int32'))) + sum(np.nonzero(np.greater(v, 0.5))[0]!);
acc += sum(np.linalg.solve(np.add(a, np.multiply(np.eye(n), n)), v)) + sum(np.max(a, 0));
// Sparse: construction, conversions, assembly, products, solvers.
const A = sp.diags([-1, 4, -1], [-1, 0, 1], { shape: [n, n], format: 'csr' });
const R = sp.random(n, n, { density: 0.2, format: 'csr', rng: 3 });
const C = sp.coo_array([v, [np.arange(n).astype('int32'), np.arange(n).astype('int32')]], { shape: [n, n] });
acc += sum(A.dot(v) as ndarray) + sum(A.T.dot(v) as ndarray) + sum(R.tocsc().dot(v) as ndarray);
acc += sum((A.add(R) as csr).data) + sum((A.multiply(R) as csr).data);
acc += sum((A.transpose() as csr).tocsr().data) + sum(C.tocsr().data) + sum(A.todia().data);
acc +=
  sum((sp.kron(A, sp.eye(2, { format: 'csr' }), { format: 'csr' }) as csr).data) +
  sum((sp.tril(R, { format: 'csr' }) as csr).data);
acc += sum((A.dot(R) as csr).data) + sum(linalg.cg(A, v)[0]) + sum(linalg.spsolve(A.tocsc(), v));
// Gang solves (two workers, sparse/linalg/gang*.ts): their kernels join module-level helpers'
// texts by name (one-task-kernels.ts `sourceOf`), which a bundler may rename.
configure({ workers: 2, mapper: new DefaultMapper({ oneTaskSolveBytes: 2 ** 40, gangSolveBytes: 1 }) });
const P = sp.diags([-1, 4, -1], [-1, 0, 1], { shape: [3000, 3000], format: 'csr' });
const pb = np.ones([3000]);
acc += sum(linalg.cg(P, pb)[0]) + sum(linalg.bicgstab(P, pb)[0]);
fence();
configure({ workers: 1, mapper: new DefaultMapper() });
if (!Number.isFinite(acc)) throw new Error(`workload result ${acc}`);

/** Helpers esbuild (tsx) and tsc may inject into a function's text; none exists in a worker. */
const HELPERS = /\b(__name|__publicField|__async|__spreadValues|__objRest|__awaiter|__generator)\(/;
const bad: string[] = [];
let count = 0;
for (let id = 0; !fromBundle && kernelById(id) !== undefined; id++) {
  const k = kernelById(id);
  count++;
  for (const text of [k.source, k.warm ?? '']) {
    const m = HELPERS.exec(text);
    if (m !== null) bad.push(`${k.name}: ${m[1]}`);
  }
}
console.log(JSON.stringify({ count, bad, acc }));
process.exit(0);
