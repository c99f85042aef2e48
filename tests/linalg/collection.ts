/**
 * The Krylov test collection (issue 23): the Matrix Market files and SciPy's results that
 * scripts/fixtures_krylov.py committed under tests/fixtures/linalg/, read back with cohortjs/io.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mmread } from 'cohortjs/io';
import * as np from 'cohortjs/numpy';
import * as sparse from 'cohortjs/sparse';
import {
  bicg,
  bicgstab,
  cg,
  cgs,
  gmres,
  LinearOperator,
  lgmres,
  lsmr,
  lsqr,
  minres,
  type Operand,
  qmr,
  spsolve,
  tfqmr,
} from 'cohortjs/sparse/linalg';

/** The operator calls of one solve. */
export interface Calls {
  matvec: number;
  rmatvec: number;
  psolve: number;
  rpsolve: number;
}

/** SciPy's result of one solve. */
export interface CollectionRun {
  /** `info` (lsqr/lsmr: `istop`). */
  info: number;
  /** Callback calls (lsqr/lsmr: `itn`). */
  iterations: number;
  iterations_min: number;
  iterations_max: number;
  /** ‖b − A·x‖ / ‖b‖. */
  residual: number;
  /** The largest ‖b − A·x‖ / ‖b‖ of the perturbed solves too. */
  residual_max: number;
  calls: Calls;
  /** Whether SciPy made the same calls in every perturbed solve. */
  calls_stable: boolean;
  /** Every info SciPy returned under rounding-level perturbations of b. */
  infos: number[];
}

export interface CollectionMatrix {
  kind: 'spd' | 'nonsymmetric' | 'indefinite';
  n: number;
  nnz: number;
  cond: number;
  /** The maxiter of the square solvers' runs (null: SciPy's default). */
  maxiter: number | null;
  runs: Record<string, Record<'plain' | 'jacobi' | 'exact' | 'inverse', CollectionRun | undefined>>;
}

export const collection: { scipy: string; rtol: number; matrices: Record<string, CollectionMatrix> } =
  JSON.parse(readFileSync(new URL('../fixtures/linalg/collection.json', import.meta.url), 'utf8'));

/** A matrix of the collection as CSR (read from its .mtx file). */
export function collectionMatrix(name: string): sparse.csr_array {
  let a = matrices.get(name);
  if (a === undefined) {
    const coo = mmread(fileURLToPath(new URL(`../fixtures/linalg/collection/${name}.mtx`, import.meta.url)));
    a = (coo as sparse.coo_array).tocsr();
    matrices.set(name, a);
  }
  return a;
}

/** The matrices read so far (each file is read once). */
const matrices = new Map<string, sparse.csr_array>();

/** A⁻¹ (dense) of the matrices, computed once each. */
const inverses = new Map<string, [np.ndarray, np.ndarray]>();

/**
 * An operator over A that counts its calls (SciPy's counting LinearOperator of the fixtures). With
 * `probe`, built without dtype (probed by one matvec at construction, left out of the count).
 */
export function countingOperator(A: sparse.csr_array, calls: Calls, probe = false): LinearOperator {
  const At = A.T.tocsr();
  const op = new LinearOperator({
    shape: A.shape as [number, number],
    ...(probe ? {} : { dtype: 'float64' as const }),
    matvec: (v) => {
      calls.matvec++;
      return A.dot(v) as np.ndarray;
    },
    rmatvec: (v) => {
      calls.rmatvec++;
      return At.dot(v) as np.ndarray;
    },
  });
  calls.matvec = 0;
  return op;
}

/** The Jacobi preconditioner diag(1/aᵢᵢ), counting its calls. */
export function jacobiOperator(A: sparse.csr_array, calls: Calls): LinearOperator {
  const d = np.divide(1, A.diagonal());
  return new LinearOperator({
    shape: A.shape as [number, number],
    dtype: 'float64',
    matvec: (v) => {
      calls.psolve++;
      return np.multiply(d, v);
    },
    rmatvec: (v) => {
      calls.rpsolve++;
      return np.multiply(d, v);
    },
  });
}

/** ‖b − A·x‖ / ‖b‖ on the host in float64 (independent of the library's kernels). */
export function relResidual(A: sparse.csr_array, b: ArrayLike<number>, x: ArrayLike<number>): number {
  const data = A.data.toArray() as ArrayLike<number>;
  const indices = A.indices.toArray() as ArrayLike<number>;
  const indptr = A.indptr.toArray() as ArrayLike<number>;
  let s = 0;
  let bb = 0;
  for (let i = 0; i < b.length; i++) {
    let ax = 0;
    for (let p = indptr[i]!; p < indptr[i + 1]!; p++) ax += data[p]! * x[indices[p]!]!;
    s += (b[i]! - ax) ** 2;
    bb += b[i]! ** 2;
  }
  return Math.sqrt(s / bb);
}

export type Kind = 'plain' | 'jacobi' | 'exact' | 'inverse';
export type Run = (
  A: Operand,
  b: np.ndarray,
  M: Operand | undefined,
  cb: () => void,
  x0?: np.ndarray,
  maxiter?: number,
) => [np.ndarray, number];

const square =
  (f: unknown, extra: Record<string, unknown> = {}): Run =>
  (A, b, M, cb, x0, maxiter) =>
    (f as (...a: unknown[]) => [np.ndarray, number])(A, b, {
      rtol: collection.rtol,
      ...(M ? { M } : {}),
      ...(x0 ? { x0 } : {}),
      ...(maxiter ? { maxiter } : {}),
      callback: cb,
      ...extra,
    });

/** A least-squares solver as the fixtures call it: atol = btol = rtol; `[x, istop, itn]` → `[x, istop]`. */
const leastSquares =
  (f: unknown): Run =>
  (A, b, _M, cb) => {
    const out = (f as (...a: unknown[]) => [np.ndarray, number, number])(A, b, {
      atol: collection.rtol,
      btol: collection.rtol,
    });
    for (let i = 0; i < out[2]; i++) cb();
    return [out[0], out[1]];
  };

export const RUNS: Record<string, Run> = {
  cg: square(cg),
  cgs: square(cgs),
  bicg: square(bicg),
  bicgstab: square(bicgstab),
  gmres: square(gmres, { callback_type: 'x' }),
  minres: square(minres),
  qmr: square(qmr),
  tfqmr: square(tfqmr),
  lgmres: square(lgmres),
  lsqr: leastSquares(lsqr),
  lsmr: leastSquares(lsmr),
};

/** The least-squares solvers: their `info` is `istop` (compared exactly, not by sign). */
export const LEAST_SQUARES = new Set(['lsqr', 'lsmr']);

/** Exact preconditioner: A⁻¹ as a dense matrix (one sparse LU of A), counting its calls. */
function exactOperator(name: string, A: sparse.csr_array, calls: Calls): LinearOperator {
  const n = A.shape[0]!;
  let pair = inverses.get(name);
  if (pair === undefined) {
    const inv = spsolve(A.tocsc(), np.eye(n)) as np.ndarray;
    pair = [inv, inv.T.copy()];
    inverses.set(name, pair);
  }
  const [inv, invT] = pair;
  return new LinearOperator({
    shape: [n, n],
    dtype: 'float64',
    matvec: (v) => {
      calls.psolve++;
      return np.dot(inv, v);
    },
    rmatvec: (v) => {
      calls.rpsolve++;
      return np.dot(invT, v);
    },
  });
}

/** One solve of the collection: cohort's result next to SciPy's. */
/**
 * One solve of the collection: cohort's result next to SciPy's. With `arrays`, A and the Jacobi M
 * are given as sparse arrays (so the deferred loops run where the mapper splits launches; no call
 * counts), else as counting operators.
 */
export function solveOne(mname: string, sname: string, kind: Kind, arrays = false) {
  const A = collectionMatrix(mname);
  const n = A.shape[0]!;
  const b = np.ones([n]);
  const calls: Calls = { matvec: 0, rmatvec: 0, psolve: 0, rpsolve: 0 };
  let M: Operand | undefined;
  if (kind === 'jacobi') {
    M = arrays
      ? sparse.diags([np.divide(1, A.diagonal())], [0], { format: 'csr' })
      : jacobiOperator(A, calls);
  } else if (kind === 'exact' || kind === 'inverse') M = exactOperator(mname, A, calls);
  let iterations = 0;
  // 'inverse' is SciPy's test_precond_inverse: an operator built without dtype, x0 = 0·b.
  const op = arrays ? A : countingOperator(A, calls, kind === 'inverse');
  const x0 = kind === 'inverse' ? np.zeros([n]) : undefined;
  const [x, info] = RUNS[sname]!(
    op,
    b,
    M,
    () => {
      iterations++;
    },
    x0,
    collection.matrices[mname]!.maxiter ?? undefined,
  );
  const xs = x.toArray() as ArrayLike<number>;
  let xx = 0;
  for (let i = 0; i < xs.length; i++) xx += xs[i]! ** 2;
  const data = A.data.toArray() as ArrayLike<number>;
  let aa = 0;
  for (let i = 0; i < data.length; i++) aa += data[i]! ** 2;
  return {
    info,
    iterations,
    residual: relResidual(A, b.toArray() as ArrayLike<number>, xs),
    /** ‖A‖_F·‖x‖/‖b‖: the scale of lsqr's and lsmr's stopping test. */
    scale: (Math.sqrt(aa) * Math.sqrt(xx)) / Math.sqrt(n),
    calls,
  };
}
