/**
 * The libraries under `mpirun` (issue 22, "Libraries"): the repo's examples and the operations
 * the issue names beyond the basic ones — a view/stencil write loop, dense GEMV (jacobi), DIA and
 * CSR SpMV, CSR × dense (SpMM), SpGEMM (the multigrid hierarchy's Galerkin products), the Krylov
 * solvers cg (multigrid-preconditioned), bicgstab and gmres, and a power iteration on a random
 * sparse matrix. Every rank prints each result as the bits of float64s, so that the test compares
 * them bitwise with the single-process run.
 */
import * as np from 'cohortjs/numpy';
import { commStats, rank, ranks } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { bicgstab, cg, gmres } from 'cohortjs/sparse/linalg';
import { run as jacobi } from '../../../examples/jacobi.js';
import { buildHierarchy, vcycleOperator } from '../../../examples/multigrid.js';
import { poisson2d, poissonProblem } from '../../../examples/poisson.js';
import { run as powerIteration } from '../../../examples/power-iteration.js';
import { run as stencil } from '../../../examples/stencil.js';

function bits(x: number): string {
  const b = new DataView(new ArrayBuffer(8));
  b.setFloat64(0, x);
  return b.getBigUint64(0).toString(16).padStart(16, '0');
}
/** x·x and three elements of a vector, as bits. */
function summary(x: np.ndarray): string {
  const n = x.size;
  const flat = x.reshape(-1);
  const at = [0, n >> 1, n - 1].map((i) => bits(flat.get([i]).item() as number));
  return `${bits(np.dot(flat, flat).item() as number)} ${at.join(' ')}`;
}

const lines: string[] = [];
const grid = stencil(200, 10);
lines.push(`stencil ${bits(np.sum(grid).item() as number)} ${summary(grid)}`);
lines.push(`jacobi ${summary(jacobi(600, 8).x)}`);

const nx = 63;
const A = poisson2d(nx);
const { b } = poissonProblem(nx);
const dia = A.todia();
lines.push(`dia spmv ${summary(dia.dot(b) as np.ndarray)}`);
const B = np.random.default_rng(7).random([nx * nx, 3]);
lines.push(`csr spmm ${summary(A.dot(B) as np.ndarray)}`);
const levels = buildHierarchy(A, nx, 'linear');
lines.push(
  `galerkin ${levels.map((l) => `${l.A.nnz}:${bits(np.sum(l.A.data).item() as number)}`).join(' ')}`,
);
let it = 0;
const [xmg, infoMg] = cg(A, b, { rtol: 1e-10, M: vcycleOperator(levels), callback: () => it++ });
lines.push(`mg-cg info ${infoMg} iterations ${it} ${summary(xmg)}`);
const [xb, infoB] = bicgstab(A, b, { rtol: 1e-8, maxiter: 60 });
lines.push(`bicgstab info ${infoB} ${summary(xb)}`);
const [xg, infoG] = gmres(A, b, { rtol: 1e-8, restart: 20, maxiter: 4 });
lines.push(`gmres info ${infoG} ${summary(xg)}`);
const p = powerIteration(20_000, 8, 0.001);
lines.push(`power ${bits(p.eigenvalue)} ${summary(p.x)}`);

const sumDup = sparse.coo_array(
  [
    np.ones([6]),
    [np.array([0, 1, 1, 4, 4, 4], { dtype: 'int32' }), np.array([0, 2, 2, 3, 3, 1], { dtype: 'int32' })],
  ],
  { shape: [5, 5] },
);
lines.push(`coo→csr ${summary(sumDup.tocsr().toarray())}`);
// A view handed out as scijs ndarray memory (to_ndarray; 8 MB, so sharded): every rank reads the latest data of
// the whole array, not only of its own shares.
const shared = np.arange(1_000_000, { dtype: 'float64' }).multiply(1.5).add(0.25);
const nd = shared.to_ndarray();
let ndSum = 0;
for (let i = 0; i < nd.size; i++) ndSum += nd.get(i) as number;
lines.push(`to_ndarray ${bits(ndSum)}`);
console.log(JSON.stringify({ rank: rank(), ranks: ranks(), results: lines, stats: commStats() }));
