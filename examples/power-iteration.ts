/**
 * Legate Sparse's figure 1: power iteration on a random sparse matrix — a sparse library and a
 * dense one, written separately, composing through shared regions and partitions.
 *
 * ```python
 * A = sparse.random(n, n, density, format="csr")
 * x = np.random.rand(n)
 * for i in range(iters):
 *     x = A @ x
 *     x /= np.linalg.norm(x)
 * ```
 *
 * Run: node --import tsx examples/power-iteration.ts [n] [iterations] [density]
 */
import * as np from 'cohortjs/numpy';
import * as sparse from 'cohortjs/sparse';

/**
 * Runs `iterations` steps of power iteration on `sparse.random(n, n, {density})` (seeded).
 * @returns the matrix, the last iterate and the Rayleigh-quotient eigenvalue estimate `xᵀ A x`
 */
export function run(
  n: number,
  iterations: number,
  density = 0.001,
): { A: sparse.sparray; x: np.ndarray; eigenvalue: number } {
  const A = sparse.random(n, n, { density, format: 'csr', rng: 1 });
  let x = np.random.default_rng(2).random([n]);
  for (let i = 0; i < iterations; i++) {
    x = A.dot(x);
    x = x.divide(np.linalg.norm(x));
  }
  const eigenvalue = Number(np.dot(x, A.dot(x)).item());
  return { A, x, eigenvalue };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 100000);
  const iters = Number(process.argv[3] ?? 100);
  const density = Number(process.argv[4] ?? 1e-4);
  const t0 = performance.now();
  const { A, eigenvalue } = run(n, iters, density);
  const ms = performance.now() - t0;
  console.log(
    `power iteration on sparse.random(${n}, ${n}) with ${A.nnz} nonzeros, ${iters} iterations: ` +
      `eigenvalue estimate ${eigenvalue.toFixed(6)} (${ms.toFixed(1)} ms)`,
  );
}
