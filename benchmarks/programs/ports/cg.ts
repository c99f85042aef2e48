/**
 * cuNumeric `examples/cg.py` (`run_preconditioned_cg`): Jacobi-preconditioned CG on the dense
 * N²×N² 2-D Laplacian built from `diag` — per step two dense GEMVs (A·p and the diagonal M·r)
 * and dot products. A fixed number of steps (no convergence test), so both sides do equal work.
 */
import * as np from 'cohortjs/numpy';
import { type Program, uniform } from './_program.js';

/** Steps: 25, or fewer on tiny systems (CG is exact after N² steps; beyond that 0/0). */
export const cgSteps = (N: number): number => Math.min(25, Math.floor((N * N) / 2));

export const cg: Program = {
  name: 'cg',
  what: 'cuNumeric cg: dense preconditioned CG (GEMV, dots)',
  sizes: { tiny: 4, small: 10, large: 45 },
  elements: (n) => n ** 4,
  workaround: '',
  blas: true,
  prepare(N) {
    const n = N * N;
    let A = np.add(np.zeros([n, n]), np.multiply(4, np.eye(n)));
    const offOne = np.full([n - 1], -1, 'float64');
    const offN = np.full([N * (N - 1)], -1, 'float64');
    A = np.add(A, np.diag(offOne, 1));
    A = np.add(A, np.diag(offOne, -1));
    A = np.add(A, np.diag(offN, N));
    A = np.add(A, np.diag(offN, -N));
    const b = np.array(uniform(n, 1));
    const M = np.diag(np.full([n], 1.0 / (4 * n)));
    const steps = cgSteps(N);
    return {
      inputs: [A, b, M],
      run: () => {
        let x = np.zeros([n]);
        let r = np.subtract(b, np.dot(A, x));
        let z = np.dot(M, r);
        let p = z;
        let rzold = np.dot(r, z);
        for (let i = 0; i < steps; i++) {
          const Ap = np.dot(A, p);
          const alpha = np.divide(rzold, np.dot(p, Ap));
          x = np.add(x, np.multiply(alpha, p));
          r = np.subtract(r, np.multiply(alpha, Ap));
          z = np.dot(M, r);
          const rznew = np.dot(r, z);
          const beta = np.divide(rznew, rzold);
          p = np.add(z, np.multiply(beta, p));
          rzold = rznew;
        }
        return x;
      },
    };
  },
};
