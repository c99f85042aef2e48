/**
 * legate.sparse `examples/dot_microbenchmark.py` (op `spmv`): y = A·x repeated on an n×n banded
 * CSR matrix with 11 unit diagonals (offsets −5 … 5), x = ones.
 */
import * as np from 'cohortjs/numpy';
import * as sparse from 'cohortjs/sparse';
import type { Program } from './_program.js';

const NNZ_PER_ROW = 11;
const ITERS = 20;

export const spmv: Program = {
  name: 'spmv',
  what: 'legate.sparse SpMV microbenchmark: banded CSR, 11 nonzeros per row',
  sizes: { tiny: 40, small: 10_000, large: 1_000_000 },
  elements: (n) => n * NNZ_PER_ROW,
  workaround: '',
  prepare(n) {
    const offsets = Array.from({ length: NNZ_PER_ROW }, (_, k) => k - (NNZ_PER_ROW >> 1));
    const A = sparse.diags(
      offsets.map(() => 1),
      offsets,
      { shape: [n, n], format: 'csr', dtype: 'float64' },
    );
    const x = np.ones([n]);
    return {
      inputs: [A, x],
      run: () => {
        let y = np.zeros([n]);
        for (let i = 0; i < ITERS; i++) y = A.dot(x) as np.ndarray;
        return y;
      },
    };
  },
};
