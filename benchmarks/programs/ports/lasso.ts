/**
 * HeAT `heat/regression/lasso.py` (its lasso benchmark's `fit`): coordinate descent — per
 * coordinate a GEMV `X·θ`, a scalar read of θⱼ, a mean over a column view, a soft threshold on the
 * host and a scalar write; θ₀ (the intercept column of ones) is not regularized. θ and y are 1-D
 * here (HeAT keeps them as n×1 columns: the same numbers). `max_iter` sweeps, no tolerance test.
 */
import * as np from 'cohortjs/numpy';
import { type Program, uniform } from './_program.js';

const F = 20;
const MAX_ITER = 2;
const LAM = 0.1;

export const lasso: Program = {
  name: 'lasso',
  what: 'HeAT lasso: coordinate descent (GEMV, column views, scalar reads)',
  sizes: { tiny: 30, small: 500, large: 200_000 },
  elements: (n) => n * F,
  workaround: '',
  blas: true,
  prepare(N) {
    const X = np.subtract(np.array(uniform(N * F, 1)).reshape(N, F), 0.5);
    X.set(':, 0', 1.0);
    const truth = np.subtract(np.array(uniform(F, 2)), 0.5);
    const y = np.add(np.dot(X, truth), np.multiply(0.01, np.array(uniform(N, 3))));
    const soft = (rho: number) => (rho < -LAM ? rho + LAM : rho > LAM ? rho - LAM : 0.0);
    return {
      inputs: [X, y],
      run: () => {
        const theta = np.zeros([F]);
        for (let i = 0; i < MAX_ITER; i++) {
          for (let j = 0; j < F; j++) {
            const Xj = X.get(`:, ${j}`);
            const yEst = np.dot(X, theta);
            const thetaJ = theta.item(j) as number;
            const rho = np
              .mean(np.multiply(Xj, np.add(np.subtract(y, yEst), np.multiply(thetaJ, Xj))))
              .item() as number;
            theta.set(`${j}`, j === 0 ? rho : soft(rho));
          }
        }
        return theta;
      },
    };
  },
};
