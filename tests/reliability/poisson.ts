/**
 * The 2-D 5-point Poisson matrix kron(T, I) + kron(I, T) (CSR, nx² rows) and a smooth right-hand
 * side, built from source imports so that the soak program runs under tsx without a build.
 */
import * as np from '../../dense/index.js';
import * as sp from '../../sparse/index.js';

/** The unscaled 5-point Laplacian on an nx×nx grid. */
export function poisson2d(nx: number): sp.csr_array {
  const t = sp.diags([np.full([nx - 1], -1), np.full([nx], 2), np.full([nx - 1], -1)], [-1, 0, 1], {
    format: 'csr',
  });
  const i = sp.identity(nx, { format: 'csr' });
  return sp
    .kron(t, i, { format: 'csr' })
    .add(sp.kron(i, t, { format: 'csr' }))
    .tocsr() as sp.csr_array;
}

/** A right-hand side that is not an eigenvector (so CG takes many iterations). */
export function poissonRhs(nx: number): np.ndarray {
  const g = np.linspace(0, 1, nx);
  return np.outer(np.subtract(g, np.multiply(g, g)), np.add(g, 1)).reshape([nx * nx]);
}
