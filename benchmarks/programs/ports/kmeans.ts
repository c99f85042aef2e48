/**
 * cuNumeric `examples/kmeans.py`: Lloyd's k-means on N points in D = 2 dimensions, C = 10
 * centroids — broadcast distances, `argmin` along an axis, per-cluster sums (`bincount`, with
 * the points' coordinates as weights, as the original).
 */
import * as np from 'cohortjs/numpy';
import { type Program, uniform } from './_program.js';

const D = 2;
const C = 10;
const ITERS = 10;

export const kmeans: Program = {
  name: 'kmeans',
  what: 'cuNumeric kmeans: broadcast distances, argmin, per-cluster sums',
  sizes: { tiny: 60, small: 5000, large: 2_000_000 },
  elements: (n) => n * D,
  workaround: '',
  prepare(N) {
    const data = np.array(uniform(N * D, 1)).reshape(N, D);
    const init = np.array(uniform(C * D, 2)).reshape(C, D);
    return {
      inputs: [data, init],
      run: () => {
        let centroids = init.copy();
        const nd = np.linalg.norm(data, 2, { axis: 1 });
        const dataDots = np.multiply(nd, nd);
        let distanceSum = np.zeros([]);
        for (let it = 0; it < ITERS; it++) {
          const cn = np.linalg.norm(centroids, 2, { axis: 1 });
          const centroidDots = np.multiply(cn, cn);
          const pairwise = np.subtract(
            np.add(dataDots.reshape(N, 1), centroidDots.reshape(1, C)),
            np.multiply(2.0, np.dot(data, centroids.T)),
          );
          const labels = np.argmin(pairwise, { axis: 1 });
          const counts = np.bincount(labels, { minlength: C });
          centroids = np.zeros([C, D]);
          for (let d = 0; d < D; d++)
            centroids.set(`:, ${d}`, np.bincount(labels, { weights: data.get(`:, ${d}`), minlength: C }));
          distanceSum = np.sum(np.min(pairwise, { axis: 1 }));
          centroids = np.divide(centroids, np.maximum(counts, 1).reshape(C, 1));
        }
        return np.concatenate([centroids.ravel(), distanceSum.reshape(1)]);
      },
    };
  },
};
