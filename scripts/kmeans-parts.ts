/**
 * CPU time of each step of the kmeans port (benchmarks/programs/ports/kmeans.ts) on its large
 * inputs, one step at a time (each read to the end), at a given pool size: where its time goes
 * independently of the machine's load (CPU time of all threads, best of `reps`).
 *
 * Run: node --import tsx scripts/kmeans-parts.ts [N=2000000] [workers=0] [reps=3]
 */
import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import { uniform } from '../benchmarks/programs/ports/_program.js';

const [N = 2_000_000, workers = 0, reps = 3] = process.argv.slice(2).map(Number);
configure({ workers });
const C = 10;
const data = np.array(uniform(N * 2, 1)).reshape(N, 2);
const centroids = np.array(uniform(C * 2, 2)).reshape(C, 2);
const dataDots = np.multiply(np.linalg.norm(data, 2, { axis: 1 }), np.linalg.norm(data, 2, { axis: 1 }));
dataDots.sum().item();
const cn = np.linalg.norm(centroids, 2, { axis: 1 });
const centroidDots = np.multiply(cn, cn);
const prod = np.dot(data, centroids.T);
const pairwise = np.subtract(
  np.add(dataDots.reshape(N, 1), centroidDots.reshape(1, C)),
  np.multiply(2.0, prod),
);
pairwise.sum().item();
const labels = np.argmin(pairwise, { axis: 1 });
labels.sum().item();
const steps: [string, () => np.ndarray][] = [
  ['dot(data, centroids.T)', () => np.dot(data, centroids.T)],
  [
    'pairwise (fused)',
    () => np.subtract(np.add(dataDots.reshape(N, 1), centroidDots.reshape(1, C)), np.multiply(2.0, prod)),
  ],
  ['argmin(pairwise, 1)', () => np.argmin(pairwise, { axis: 1 })],
  ['min(pairwise, 1)', () => np.min(pairwise, { axis: 1 })],
  ['bincount(labels)', () => np.bincount(labels, { minlength: C })],
  ['bincount(labels, w)', () => np.bincount(labels, { weights: data.get(':, 0'), minlength: C })],
];
for (const [name, f] of steps) {
  let best = Number.POSITIVE_INFINITY;
  let bestWall = Number.POSITIVE_INFINITY;
  for (let r = 0; r < reps; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const y = f();
    y.sum().item();
    const wall = performance.now() - t0;
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / 1000);
    bestWall = Math.min(bestWall, wall);
    y.dispose();
  }
  console.log(`${name.padEnd(24)} cpu ${best.toFixed(1)} ms, wall ${bestWall.toFixed(1)} ms`);
}
process.exit(0);
