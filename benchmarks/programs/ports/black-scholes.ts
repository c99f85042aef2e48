/**
 * cuNumeric `examples/black_scholes.py`: European call and put prices of N options (Black–Scholes
 * with the polynomial approximation of the normal CDF), ~40 element-wise operations with exp,
 * log and sqrt. Float64 (the original's `--precision 64`).
 */
import * as np from 'cohortjs/numpy';
import { type Program, uniform } from './_program.js';

function cnd(d: np.ndarray): np.ndarray {
  const A1 = 0.31938153;
  const A2 = -0.356563782;
  const A3 = 1.781477937;
  const A4 = -1.821255978;
  const A5 = 1.330274429;
  const RSQRT2PI = 0.3989422804014327;
  const K = np.divide(1.0, np.add(1.0, np.multiply(0.2316419, np.absolute(d))));
  const poly = np.multiply(
    K,
    np.add(
      A1,
      np.multiply(K, np.add(A2, np.multiply(K, np.add(A3, np.multiply(K, np.add(A4, np.multiply(K, A5))))))),
    ),
  );
  const c = np.multiply(np.multiply(RSQRT2PI, np.exp(np.multiply(np.multiply(-0.5, d), d))), poly);
  return np.where(np.greater(d, 0), np.subtract(1.0, c), c);
}

export const blackScholes: Program = {
  name: 'black_scholes',
  what: 'cuNumeric black_scholes: ~40 fused element-wise ops, exp/log/sqrt',
  sizes: { tiny: 50, small: 10_000, large: 4_000_000 },
  elements: (n) => n,
  workaround: '',
  prepare(N) {
    const range = (seed: number, lo: number, hi: number) =>
      np.add(np.multiply(np.array(uniform(N, seed)), hi - lo), lo);
    const S = range(1, 5, 30);
    const X = range(2, 1, 100);
    const T = range(3, 0.25, 10);
    const R = 0.02;
    const V = 0.3;
    return {
      inputs: [S, X, T],
      run: () => {
        const sqrtT = np.sqrt(T);
        const d1 = np.add(
          np.log(np.divide(S, X)),
          np.divide(np.multiply(R + 0.5 * V * V, T), np.multiply(V, sqrtT)),
        );
        const d2 = np.subtract(d1, np.multiply(V, sqrtT));
        const cndD1 = cnd(d1);
        const cndD2 = cnd(d2);
        const expRT = np.exp(np.multiply(-R, T));
        const call = np.subtract(np.multiply(S, cndD1), np.multiply(np.multiply(X, expRT), cndD2));
        const put = np.subtract(
          np.multiply(np.multiply(X, expRT), np.subtract(1.0, cndD2)),
          np.multiply(S, np.subtract(1.0, cndD1)),
        );
        return np.concatenate([call, put]);
      },
    };
  },
};
