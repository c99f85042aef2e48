/**
 * Issue 17, "Done when": the first SpMV on a freshly assembled 5M-nonzero matrix costs the
 * issuing thread at most 5 ms (images are tasks on the pool, runtime/image-task.ts; before, the
 * issuing thread scanned ~5M index values: 36–200 ms here). Five fresh matrices are timed: the
 * fastest must meet the 5 ms bound (a loaded CI host preempts the issuing thread or lands a
 * collection inside the timed call — a run of 2026-11-27 measured 1.7, 2.8, 5.7, 6.0 and 55 ms),
 * and the median must stay under 15 ms, which still fails the old scan (36–200 ms). The
 * load-independent check is the count of source points scanned on the issuing thread, with the
 * values at a few rows against a plain loop. benchmarks/runtime/first-spmv.ts prints the
 * figures.
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { DefaultMapper } from '../../mapper/index.js';
import { imageScanStats } from '../../runtime/image.js';
import { configure, fence } from '../../runtime/index.js';
import * as sparse from '../../sparse/index.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

const nx = 1000;
const n = nx * nx;

/** COO entries of the 5-point Poisson matrix in row order (4,996,000 for nx = 1000). */
function pattern(): { row: Int32Array; col: Int32Array; val: Float64Array } {
  const cap = 5 * n;
  const row = new Int32Array(cap);
  const col = new Int32Array(cap);
  const val = new Float64Array(cap);
  let k = 0;
  const put = (i: number, j: number, v: number) => {
    row[k] = i;
    col[k] = j;
    val[k++] = v;
  };
  for (let i = 0; i < nx; i++)
    for (let j = 0; j < nx; j++) {
      const p = i * nx + j;
      if (i > 0) put(p, p - nx, -1);
      if (j > 0) put(p, p - 1, -1);
      put(p, p, 4);
      if (j < nx - 1) put(p, p + 1, -1);
      if (i < nx - 1) put(p, p + nx, -1);
    }
  return { row: row.slice(0, k), col: col.slice(0, k), val: val.slice(0, k) };
}

describe('the first SpMV on a fresh 5M-nonzero matrix (2 workers)', () => {
  it('costs the issuing thread at most 5 ms (fastest of five matrices) and scans no index array', () => {
    configure({ workers: 2, mapper: new DefaultMapper() });
    const { row, col, val } = pattern();
    expect(val.length).toBe(4_996_000);
    // Kernel shipping and compilation happen once per process, not per matrix.
    const w = sparse.diags([np.full([99], -1), np.full([100], 2), np.full([99], -1)], [-1, 0, 1], {
      format: 'csr',
    }) as sparse.csr_array;
    w.dot(np.ones([100])).toArray();
    const xv = (k: number) => 1 + (k % 13) * 0.125;
    const x = np.array(Float64Array.from({ length: n }, (_, i) => xv(i)));
    const times: number[] = [];
    for (let r = 0; r < 5; r++) {
      const A = sparse
        .coo_array([np.array(val), [np.array(row), np.array(col)]], { shape: [n, n] })
        .tocsr() as sparse.csr_array;
      fence();
      const s0 = imageScanStats().points;
      const t0 = performance.now();
      const y = A.dot(x);
      times.push(performance.now() - t0);
      expect(imageScanStats().points - s0).toBeLessThan(100);
      const yv = y.toArray() as Float64Array;
      for (const i of [0, 1, nx, n >> 1, n - 1]) {
        const ri = Math.floor(i / nx);
        const ci = i % nx;
        let want = 4 * xv(i);
        if (ri > 0) want -= xv(i - nx);
        if (ci > 0) want -= xv(i - 1);
        if (ci < nx - 1) want -= xv(i + 1);
        if (ri < nx - 1) want -= xv(i + nx);
        expect(yv[i]).toBe(want);
      }
    }
    times.sort((a, b) => a - b);
    const shown = `issuing-thread ms: ${times.map((t) => t.toFixed(2))}`;
    expect(times[0], shown).toBeLessThanOrEqual(5);
    expect(times[2], shown).toBeLessThanOrEqual(15);
  }, 180_000);
});
