/**
 * legate.sparse `examples/pde.py`: the 2-D Poisson equation on [0,1]×[−½,½] with Dirichlet
 * boundaries — the 5-diagonal matrix from `diags(...).tocsc().T`, right-hand side sin·cos on a
 * grid, solved by `cg` (the original's `-throughput` mode: a fixed `maxiter`, here with
 * rtol = atol = 0 so both sides run exactly that many iterations).
 * The ±1 diagonal is built as the original: `a` repeated, a zero before every further run
 * (`concatenate` and `tile`).
 */
import * as np from 'cohortjs/numpy';
import * as sparse from 'cohortjs/sparse';
import { cg } from 'cohortjs/sparse/linalg';
import type { Program } from './_program.js';

const MAXITER = 50;

export const pde: Program = {
  name: 'pde',
  what: 'legate.sparse pde: CG on the 2-D Poisson matrix',
  sizes: { tiny: 8, small: 102, large: 1002 },
  elements: (n) => (n - 2) * (n - 2),
  workaround: '',
  prepare(nx) {
    const ny = nx;
    const dx = 1.0 / (nx - 1);
    const dy = 1.0 / (ny - 1);
    const x = np.linspace(0.0, 1.0, nx).reshape(nx, 1);
    const y = np.linspace(-0.5, 0.5, ny).reshape(1, ny);
    const b = np.add(
      np.multiply(np.sin(np.multiply(Math.PI, x)), np.cos(np.multiply(Math.PI, y))),
      np.multiply(np.sin(np.multiply(5.0 * Math.PI, x)), np.cos(np.multiply(5.0 * Math.PI, y))),
    );
    const bflat = b.get('1:-1, 1:-1').T.ravel();
    const a = 1.0 / dx ** 2;
    const g = 1.0 / dy ** 2;
    const c = -2.0 * a - 2.0 * g;
    const diagSize = (nx - 2) * (ny - 2) - 1;
    const first = np.full([nx - 3], a);
    const chunks = np.concatenate([np.zeros([1]), first]);
    const diagA = np.concatenate([first, np.tile(chunks, Math.floor((diagSize - (nx - 3)) / (nx - 2)))]);
    const diagG = np.full([(nx - 2) * (ny - 3)], g);
    const diagC = np.full([(nx - 2) * (ny - 2)], c);
    const A = sparse
      .diags([diagG, diagA, diagC, diagA, diagG], [-(nx - 2), -1, 0, 1, nx - 2], {
        dtype: 'float64',
      })
      .tocsc()
      .T.tocsr();
    return {
      inputs: [A, bflat],
      run: () => cg(A, bflat, { rtol: 0, atol: 0, maxiter: MAXITER })[0],
    };
  },
};
