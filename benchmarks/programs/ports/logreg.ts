/**
 * cuNumeric `examples/logreg.py`: logistic regression by gradient ascent — per step a GEMV
 * `X·w`, a sigmoid, and a transposed GEMV `error·X`. Features are uniform in [−0.5, 0.5)
 * rather than normal (the same numbers on both sides without files).
 */
import * as np from 'cohortjs/numpy';
import { type Program, uniform } from './_program.js';

const F = 32;
const ITERS = 20;
const LR = 1e-5;

export const logreg: Program = {
  name: 'logreg',
  what: 'cuNumeric logreg: GEMV both ways, sigmoid',
  sizes: { tiny: 40, small: 312, large: 125_000 },
  elements: (n) => n * F,
  workaround: '',
  blas: true,
  prepare(N) {
    const X = np.subtract(np.array(uniform(N * F, 1)).reshape(N, F), 0.5);
    const target = np.floor(np.multiply(2.0, np.array(uniform(N, 2))));
    return {
      inputs: [X, target],
      run: () => {
        const w = np.zeros([F]);
        for (let s = 0; s < ITERS; s++) {
          const scores = np.dot(X, w);
          const predictions = np.divide(1.0, np.add(1.0, np.exp(np.negative(scores))));
          const error = np.subtract(target, predictions);
          const gradient = np.dot(error, X);
          np.add(w, np.multiply(LR, gradient), { out: w });
        }
        return w;
      },
    };
  },
};
