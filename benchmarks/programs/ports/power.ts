/**
 * legate.sparse `examples/spectral_norm.py`: `normest`, the 2-norm of a sparse matrix by power
 * iteration (y = M·x, ‖y‖, x = y/‖y‖), here on an n×n CSR matrix with 5 bands of uniform values
 * (the original's 100×100 random dense matrix, scaled up). tol = 0, so all `max_it` = 10 steps
 * run on both sides; the loop test still reads `res` every step, as the original does.
 */
import * as np from 'cohortjs/numpy';
import * as sparse from 'cohortjs/sparse';
import { type Program, uniform } from './_program.js';

const MAX_IT = 10;
const BANDS = [-7, -1, 0, 1, 7];

export const power: Program = {
  name: 'power',
  what: 'legate.sparse spectral_norm: power iteration (SpMV, norms, a read per step)',
  sizes: { tiny: 30, small: 10_000, large: 1_000_000 },
  elements: (n) => n * BANDS.length,
  workaround: '',
  prepare(n) {
    const M = sparse.diags(
      BANDS.map((k, q) => np.array(uniform(n - Math.abs(k), 10 + q))),
      BANDS,
      { shape: [n, n], format: 'csr' },
    );
    const x0 = np.array(uniform(n, 1));
    return {
      inputs: [M, x0],
      run: () => {
        let y = M.dot(x0) as np.ndarray;
        let pnorm = np.sqrt(np.sum(np.power(y, 2)));
        let x = np.divide(y, pnorm);
        let res = 1;
        let it = 0;
        while (res > 0 && it < MAX_IT) {
          y = M.dot(x) as np.ndarray;
          const ynorm = np.sqrt(np.sum(np.power(y, 2)));
          res = Math.abs((pnorm.item() as number) - (ynorm.item() as number));
          pnorm = ynorm.copy();
          x = np.divide(y, ynorm);
          it++;
        }
        const v = M.dot(x) as np.ndarray;
        return np.concatenate([x, np.sqrt(np.sum(np.power(v, 2))).reshape(1)]);
      },
    };
  },
};
