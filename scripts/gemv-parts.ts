/**
 * CPU time of the GEMV forms of the seed papers' programs at a pool size (best of `reps`, all
 * threads): `X @ w` and `e @ X` on logreg's 125,000 × 32 X, `A @ x` on jacobi's 2000², each
 * result read (load-independent next to wall time; compare with the bytes read).
 *
 * Run: node --import tsx scripts/gemv-parts.ts [workers=0] [reps=5]
 */
import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import { uniform } from '../benchmarks/programs/ports/_program.js';

const [workers = 0, reps = 5] = process.argv.slice(2).map(Number);
configure({ workers });
const X = np.subtract(np.array(uniform(125_000 * 32, 1)).reshape(125_000, 32), 0.5);
const w = np.array(uniform(32, 2));
const e = np.array(uniform(125_000, 3));
const A = np.array(uniform(2000 * 2000, 4)).reshape(2000, 2000);
const x = np.array(uniform(2000, 5));
for (const a of [X, w, e, A, x]) np.sum(a).item();
const steps: [string, () => np.ndarray, number][] = [
  ['X @ w (125000×32)', () => np.dot(X, w), 32e6],
  ['e @ X (125000×32)', () => np.dot(e, X), 32e6],
  ['A @ x (2000²)', () => np.dot(A, x), 32e6],
  ['x @ A (2000²)', () => np.dot(x, A), 32e6],
];
for (const [name, f, bytes] of steps) {
  const cpus: number[] = [];
  const walls: number[] = [];
  for (let r = 0; r < reps; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    f().toArray();
    walls.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  const best = Math.min(...cpus.slice(1));
  console.log(
    `${name.padEnd(20)} first cpu ${cpus[0]!.toFixed(2)} ms, best later cpu ${best.toFixed(2)} ms ` +
      `(${(bytes / best / 1e6).toFixed(1)} GB/s per CPU-second), best wall ${Math.min(...walls).toFixed(2)} ms`,
  );
}
process.exit(0);
