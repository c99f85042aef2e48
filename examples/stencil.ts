/**
 * Legate NumPy's figure 2: a 2-D five-point stencil written with aliased views of one grid.
 * `center`, `north`, `east`, `west`, `south` are views of `grid`; each iteration writes `center`
 * through its view, and the runtime orders the reads of the neighbours' views against it.
 *
 * Run: node --import tsx examples/stencil.ts [n] [iterations]
 */
import * as np from 'cohortjs/numpy';

/**
 * Runs the stencil on an (n+2)×(n+2) grid with a hot boundary row and returns the grid.
 * @example run(8, 4).shape // [10, 10]
 */
export function run(n: number, iterations: number): np.ndarray {
  const grid = np.zeros([n + 2, n + 2]);
  grid.set('0, :', 1); // hot top boundary
  const center = grid.get('1:-1, 1:-1');
  const north = grid.get('0:-2, 1:-1');
  const east = grid.get('1:-1, 2:');
  const west = grid.get('1:-1, 0:-2');
  const south = grid.get('2:, 1:-1');
  for (let i = 0; i < iterations; i++) {
    const average = center.add(north).add(east).add(west).add(south);
    center.set('...', average.multiply(0.2));
  }
  return grid;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 100);
  const iters = Number(process.argv[3] ?? 50);
  const t0 = performance.now();
  const g = run(n, iters);
  const s = np.sum(g).item();
  console.log(
    `stencil ${n}x${n}, ${iters} iterations: sum = ${s} (${(performance.now() - t0).toFixed(1)} ms)`,
  );
}
