/**
 * cuNumeric `examples/jacobi.py`: Jacobi iteration x = (b − R·x) / d on a dense, diagonally
 * dominant N×N system (A = rand + N·I) — a loop of dense GEMVs.
 */
import * as np from 'cohortjs/numpy';
import { type Program, uniform } from './_program.js';

const ITERS = 20;

export const jacobi: Program = {
  name: 'jacobi',
  what: 'cuNumeric jacobi: dense GEMV loop',
  sizes: { tiny: 12, small: 100, large: 2000 },
  elements: (n) => n * n,
  workaround: '',
  blas: true,
  prepare(N) {
    const A = np.add(np.array(uniform(N * N, 1)).reshape(N, N), np.multiply(np.eye(N), N));
    const b = np.array(uniform(N, 2));
    const d = np.diag(A);
    const R = np.subtract(A, np.diag(d));
    return {
      inputs: [R, b, d],
      run: () => {
        let x = np.zeros([N]);
        for (let i = 0; i < ITERS; i++) x = np.divide(np.subtract(b, np.dot(R, x)), d);
        return x;
      },
    };
  },
};
