/**
 * cuNumeric `examples/linreg.py`: linear regression by gradient descent — per step a GEMV
 * `X·w` and a transposed GEMV `error·X`. Features uniform in [−0.5, 0.5) (see logreg).
 */
import * as np from 'cohortjs/numpy';
import { type Program, uniform } from './_program.js';

const F = 32;
const ITERS = 20;
const LR = 1e-5;

export const linreg: Program = {
  name: 'linreg',
  what: 'cuNumeric linreg: GEMV both ways',
  sizes: { tiny: 40, small: 312, large: 125_000 },
  elements: (n) => n * F,
  workaround: '',
  blas: true,
  prepare(N) {
    const X = np.subtract(np.array(uniform(N * F, 1)).reshape(N, F), 0.5);
    const y = np.array(uniform(N, 2));
    return {
      inputs: [X, y],
      run: () => {
        const w = np.zeros([F]);
        for (let s = 0; s < ITERS; s++) {
          const scores = np.dot(X, w);
          const error = np.subtract(scores, y);
          const gradient = np.multiply(-(1.0 / N), np.dot(error, X));
          np.add(w, np.multiply(LR, gradient), { out: w });
        }
        return w;
      },
    };
  },
};
