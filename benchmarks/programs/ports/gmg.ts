/**
 * legate.sparse `examples/gmg.py`: CG on the 2-D Poisson matrix preconditioned by a geometric
 * multigrid V-cycle — linear-interpolation restriction R (the 1-D [¼ ½ ¼] stencil, kron'ed),
 * P = Rᵀ, Galerkin coarse operators R·A·P (SpGEMM), weighted-Jacobi smoothing with
 * ω = (4/3)/ρ(A·D⁻¹) from 15 power steps, the coarsest level (≤ 7×7) smoothed once, as the
 * original's `coarse = pre`. The hierarchy is built before the timer; `cg` then runs a fixed
 * `maxiter` (rtol = atol = 0). The power steps start from a fixed hashed vector (the original's
 * `np.random.rand`).
 */
import * as np from 'cohortjs/numpy';
import * as sparse from 'cohortjs/sparse';
import { cg, LinearOperator } from 'cohortjs/sparse/linalg';
import { type Program, uniform } from './_program.js';

const MAXITER = 10;

function poisson2D(N: number): sparse.csr_array {
  const t = sparse.diags([np.full([N - 1], -1), np.full([N], 2), np.full([N - 1], -1)], [-1, 0, 1]);
  const i = sparse.identity(N);
  return sparse.kron(t, i).add(sparse.kron(i, t)).tocsr() as sparse.csr_array;
}

/** 1-D linear restriction from 2·nc + 1 fine points to nc coarse ones. */
function restriction1d(nc: number): sparse.csr_array {
  const rows: number[] = [];
  const cols: number[] = [];
  const vals: number[] = [];
  for (let i = 0; i < nc; i++) {
    rows.push(i, i, i);
    cols.push(2 * i, 2 * i + 1, 2 * i + 2);
    vals.push(0.25, 0.5, 0.25);
  }
  const ij = [np.array(rows, { dtype: 'int32' }), np.array(cols, { dtype: 'int32' })];
  return new sparse.coo_array([np.array(vals), ij], { shape: [nc, 2 * nc + 1] }).tocsr() as sparse.csr_array;
}

function maxEigenvalue(A: sparse.csr_array, iters = 15): number {
  let x1 = np.array(uniform(A.shape[1]!, 7));
  for (let k = 0; k < iters; k++) {
    x1 = A.dot(x1) as np.ndarray;
    x1 = np.divide(x1, np.linalg.norm(x1));
  }
  return np.dot(x1, A.dot(x1) as np.ndarray).item() as number;
}

interface Level {
  A: sparse.csr_array;
  omega: number;
  dinv: np.ndarray;
  R?: sparse.csr_array;
  P?: sparse.csr_array;
}

function hierarchy(A0: sparse.csr_array, nx: number): Level[] {
  const levels: Level[] = [];
  let A = A0;
  let m = nx;
  for (;;) {
    const dinv = np.divide(1.0, A.diagonal());
    const scaled = A.dot(sparse.diags([dinv], [0], { format: 'csr' })).tocsr() as sparse.csr_array;
    const level: Level = { A, dinv, omega: 4.0 / 3.0 / maxEigenvalue(scaled) };
    levels.push(level);
    if (m <= 7) return levels;
    const mc = (m - 1) / 2;
    const r1 = restriction1d(mc);
    level.R = sparse.kron(r1, r1, { format: 'csr' }) as sparse.csr_array;
    level.P = level.R.T.tocsr() as sparse.csr_array;
    A = level.R.dot(A).dot(level.P).tocsr() as sparse.csr_array;
    m = mc;
  }
}

function cycle(levels: Level[], l: number, r: np.ndarray): np.ndarray {
  const { A, omega, dinv, R, P } = levels[l]!;
  const pre = np.multiply(np.multiply(omega, r), dinv);
  if (R === undefined || P === undefined) return pre;
  const fineR = np.subtract(r, A.dot(pre) as np.ndarray);
  const coarseX = cycle(levels, l + 1, R.dot(fineR) as np.ndarray);
  const x = np.add(pre, P.dot(coarseX) as np.ndarray);
  return np.add(x, np.multiply(np.multiply(omega, np.subtract(r, A.dot(x) as np.ndarray)), dinv));
}

export const gmg: Program = {
  name: 'gmg',
  what: 'legate.sparse gmg: multigrid-preconditioned CG (SpMV, SpGEMM setup)',
  sizes: { tiny: 15, small: 127, large: 1023 },
  elements: (n) => n * n,
  workaround: '',
  prepare(nx) {
    const A = poisson2D(nx);
    const levels = hierarchy(A, nx);
    const b = np.array(uniform(nx * nx, 1));
    const n = nx * nx;
    const M = new LinearOperator({ shape: [n, n], matvec: (r) => cycle(levels, 0, r), dtype: 'float64' });
    return {
      inputs: [A, b],
      run: () => cg(A, b, { rtol: 0, atol: 0, maxiter: MAXITER, M })[0],
    };
  },
};
