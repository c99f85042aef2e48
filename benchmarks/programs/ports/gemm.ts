/**
 * cuNumeric `examples/gemm.py`: repeated N×N matrix products, the operands rotated
 * (`A, B, C = B, C, A`) after each, the product written into C (`out=`).
 */
import * as np from 'cohortjs/numpy';
import { type Program, uniform } from './_program.js';

const ITERS = 3;

export const gemm: Program = {
  name: 'gemm',
  what: 'cuNumeric gemm: dense matrix products (Wasm micro-kernel)',
  sizes: { tiny: 9, small: 100, large: 2000 },
  elements: (n) => n * n,
  workaround: '',
  blas: true,
  prepare(N) {
    const A0 = np.array(uniform(N * N, 1)).reshape(N, N);
    const B0 = np.array(uniform(N * N, 2)).reshape(N, N);
    return {
      inputs: [A0, B0],
      run: () => {
        let A = A0;
        let B = B0;
        let C = np.zeros([N, N]);
        for (let i = 0; i < ITERS; i++) {
          np.dot(A, B, C);
          [A, B, C] = [B, C, A];
        }
        return B;
      },
    };
  },
};
