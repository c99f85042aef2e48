// Type-checked by the packaging test against the installed package's declarations (strict, no
// skipLibCheck), under moduleResolution nodenext, bundler and node10.
import { configure } from 'cohortjs';
import { type OdeResult, solve_ivp } from 'cohortjs/integrate';
import { load_npz } from 'cohortjs/io';
import * as np from 'cohortjs/numpy';
import { type Mapper, workerCount } from 'cohortjs/runtime';
import * as sp from 'cohortjs/sparse';
import { cg } from 'cohortjs/sparse/linalg';

configure({ workers: 1 });
const A = sp.csr_array([
  [2, 0],
  [0, 4],
]);
const x = np.array([1, 1]);
const y: np.ndarray = A.dot(x);
const C: sp.csr_array | sp.csc_array = A.matmul(A);
const indptr: np.ndarray = A.tocoo().tocsr().indptr;
const total: number = y.sum().item() + indptr.size + C.nnz + workerCount();
const [sol, info]: [np.ndarray, number] = cg(A, x);
// @ts-expect-error A.dot(vector) is an ndarray (were it `any`, this would compile)
const wrong: sp.sparray = A.dot(x);
const load: (path: string) => sp.sparray = load_npz;
const ode: OdeResult = solve_ivp((_t, u) => A.dot(u), [0, 1], [1, 1], { method: 'DOP853', rtol: 1e-6 });
const mapper: Mapper | undefined = undefined;

export { info, load, mapper, ode, sol, total, wrong };
