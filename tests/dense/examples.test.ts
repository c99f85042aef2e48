import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { run as jacobi } from '../../examples/jacobi.js';
import { run as stencil } from '../../examples/stencil.js';
import { configure } from '../../runtime/index.js';
import { close, POOLS } from './ref.js';

const fx = JSON.parse(readFileSync(new URL('../fixtures/dense/examples.json', import.meta.url), 'utf8'));

for (const workers of POOLS) {
  describe(`examples match NumPy (workers=${workers})`, () => {
    it('stencil (Legate NumPy figure 2) through aliased views', () => {
      configure({ workers });
      const g = stencil(fx.stencil.n, fx.stencil.iters).toArray();
      const want = fx.stencil.grid as number[];
      expect(g.length).toBe(want.length);
      want.forEach((w, k) => {
        expect(close(g[k]!, w, 1e-13)).toBe(true);
      });
    });
    it('jacobi (Legate NumPy figure 1)', () => {
      configure({ workers });
      const n = fx.jacobi.n;
      const i = np.arange(n);
      const A = np.divide(1, i.reshape(n, 1).add(i.reshape(1, n)).add(1)).add(np.diag(np.full([n], 2 * n)));
      const b = np.arange(n).astype('float64');
      const { x } = jacobi(n, fx.jacobi.iters, { A, b });
      const got = x.toArray();
      (fx.jacobi.x as number[]).forEach((w, k) => {
        expect(close(got[k]!, w, 1e-12)).toBe(true);
      });
    });
  });
}
