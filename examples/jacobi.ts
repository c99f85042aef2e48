/**
 * Legate NumPy's figure 1: the Jacobi iteration `x ← (b − R x) / d` for a diagonally dominant
 * system, with `d = diag(A)` and `R = A − diag(d)`.
 *
 * Run: node --import tsx examples/jacobi.ts [n] [iterations]
 */
import * as np from 'cohortjs/numpy';

/**
 * Runs `iterations` Jacobi steps on `system` (default: a seeded random diagonally dominant one).
 * @returns the solution estimate and the system
 */
export function run(
  n: number,
  iterations: number,
  system?: { A: np.ndarray; b: np.ndarray },
): { x: np.ndarray; A: np.ndarray; b: np.ndarray } {
  const rng = np.random.default_rng(42);
  const A = system?.A ?? rng.random([n, n]).add(np.diag(np.full([n], 2 * n))); // diagonally dominant
  const b = system?.b ?? rng.random([n]);
  const x = np.zeros([n]);
  const d = np.diag(A);
  const R = A.subtract(np.diag(d));
  for (let i = 0; i < iterations; i++) {
    x.set('...', b.subtract(np.dot(R, x)).divide(d));
  }
  return { x, A, b };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 500);
  const iters = Number(process.argv[3] ?? 50);
  const t0 = performance.now();
  const { x, A, b } = run(n, iters);
  const res = Number(np.linalg.norm(np.dot(A, x).subtract(b)).item());
  console.log(
    `jacobi n=${n}, ${iters} iterations: residual ${res.toExponential(3)} (${(performance.now() - t0).toFixed(1)} ms)`,
  );
}
