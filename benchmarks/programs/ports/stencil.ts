/**
 * cuNumeric `examples/stencil.py`: a 5-point Jacobi stencil on an (N+2)² grid through five
 * aliased views (`center`, `north`, `east`, `west`, `south`), the center written in place.
 */
import * as np from 'cohortjs/numpy';
import type { Program } from './_program.js';

const ITERS = 20;

export const stencil: Program = {
  name: 'stencil',
  what: 'cuNumeric stencil: five aliased views, in-place center write',
  sizes: { tiny: 6, small: 100, large: 2000 },
  elements: (n) => (n + 2) * (n + 2),
  workaround: '',
  prepare(N) {
    const grid = np.zeros([N + 2, N + 2]);
    grid.set(':, 0', -273.15);
    grid.set(':, -1', -273.15);
    grid.set('-1, :', -273.15);
    grid.set('0, :', 40.0);
    const center = grid.get('1:-1, 1:-1');
    const north = grid.get('0:-2, 1:-1');
    const east = grid.get('1:-1, 2:');
    const west = grid.get('1:-1, 0:-2');
    const south = grid.get('2:, 1:-1');
    return {
      inputs: [grid],
      run: () => {
        for (let i = 0; i < ITERS; i++) {
          const average = np.add(np.add(np.add(np.add(center, north), east), west), south);
          const work = np.multiply(0.2, average);
          center.set(':', work);
        }
        return grid;
      },
    };
  },
};
