/**
 * cuNumeric `examples/gemm.py`: repeated N×N matrix products, the operands rotated
 * (`A, B, C = B, C, A`) after each. cohort's `dot` has no `out=`, so C is a fresh result.
 */
import * as np from 'cohortjs/numpy';
import { type Program, uniform } from './_program.js';

const ITERS = 3;

export const gemm: Program = {
  name: 'gemm',
  what: 'cuNumeric gemm: dense matrix products (Wasm micro-kernel)',
  sizes: { tiny: 9, small: 100, large: 2000 },
  elements: (n) => n * n,
  workaround: "dot(A, B, out=C): no 'out' on dot; a fresh C each product",
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
          C = np.dot(A, B);
          [A, B, C] = [B, C, A];
        }
        return B;
      },
    };
  },
};
