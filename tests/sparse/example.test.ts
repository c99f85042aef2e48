/** examples/power-iteration.ts: the estimate matches the largest eigenvalue found by a host loop. */
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../examples/power-iteration.js';
import { configure } from '../../runtime/index.js';
import type * as sp from '../../sparse/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

describe.each(POOLS)('examples/power-iteration, pool size %i', (workers) => {
  it('converges to the Perron eigenvalue of the random matrix', () => {
    configure({ workers });
    const n = 3000;
    const { A, eigenvalue } = run(n, 60, 0.005);
    const c = A.tocsr() as sp.CsrArray;
    const ptr = c.indptr.toArray();
    const idx = c.indices.toArray();
    const val = c.data.toArray();
    // Host power iteration to high accuracy.
    let x = new Float64Array(n).fill(1);
    let lam = 0;
    for (let it = 0; it < 400; it++) {
      const y = new Float64Array(n);
      for (let i = 0; i < n; i++) for (let p = ptr[i]!; p < ptr[i + 1]!; p++) y[i]! += val[p]! * x[idx[p]!]!;
      const nrm = Math.sqrt(y.reduce((s, v) => s + v * v, 0));
      lam = y.reduce((s, v, i) => s + v * x[i]!, 0) / x.reduce((s, v) => s + v * v, 0);
      x = y.map((v) => v / nrm);
    }
    expect(Math.abs(eigenvalue - lam)).toBeLessThan(1e-6 * lam);
    // Random non-negative matrix: the Perron root is near the mean row sum (n · density · 1/2).
    expect(eigenvalue).toBeGreaterThan(0.5 * n * 0.005 * 0.5);
  });
});
