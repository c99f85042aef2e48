/**
 * The 2-D Poisson problem shared by the solver examples: −Δu = f on the unit square, u = 0 on the
 * boundary, 5-point finite differences on an nx×nx grid of interior points (h = 1/(nx+1)), with the
 * exact solution u = (x − x²)·(y − y⁴), so f = 2·(y − y⁴) + 12·y²·(x − x²). (Not a product of sines:
 * those are eigenvectors of the discrete operator, and CG would finish in one iteration.) The
 * discretization error is O(h²).
 */
import * as np from 'cohortjs/numpy';
import * as sparse from 'cohortjs/sparse';

/**
 * The 1-D second-difference matrix tridiag(−1, 2, −1) of order n (CSR).
 * @param n - order.
 * @returns the matrix.
 */
export function laplacian1d(n: number): sparse.csr_array {
  return sparse.diags([np.full([n - 1], -1), np.full([n], 2), np.full([n - 1], -1)], [-1, 0, 1], {
    format: 'csr',
  }) as sparse.csr_array;
}

/**
 * The 2-D 5-point Laplacian kron(T, I) + kron(I, T) on an nx×nx grid, unscaled (CSR, nx² rows).
 * @param nx - grid points per side.
 * @returns the matrix.
 */
export function poisson2d(nx: number): sparse.csr_array {
  const t = laplacian1d(nx);
  const i = sparse.identity(nx, { format: 'csr' });
  const tx = sparse.kron(t, i, { format: 'csr' });
  const ty = sparse.kron(i, t, { format: 'csr' });
  const A = tx.add(ty).tocsr() as sparse.csr_array;
  // The two Kronecker products are temporaries (2 × 160 MB at nx = 2000): freed now rather than
  // at a later collection, their memory serves the solver's vectors (NumPy frees them at once).
  for (const m of [tx, ty, t, i]) m.dispose();
  return A;
}

/**
 * The right-hand side h²·f and the exact solution on the grid (row-major, nx² entries).
 * @param nx - grid points per side.
 * @returns `{ b, exact }`.
 */
export function poissonProblem(nx: number): { b: np.ndarray; exact: np.ndarray } {
  const h = 1 / (nx + 1);
  const g = np.linspace(h, 1 - h, nx);
  const g2 = np.multiply(g, g);
  const ux = np.subtract(g, g2);
  const uy = np.subtract(g, np.multiply(g2, g2));
  const exact = np.outer(ux, uy).reshape([nx * nx]);
  const f = np.add(np.outer(np.full([nx], 2), uy), np.outer(ux, np.multiply(g2, 12)));
  return { b: np.multiply(f, h * h).reshape([nx * nx]), exact };
}
