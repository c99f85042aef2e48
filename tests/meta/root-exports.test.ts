/**
 * API.md "Packaging": the bare `cohort` entry point carries everything below it — `np`, `sp`,
 * `linalg`, `io` — plus the runtime configuration (and the default mapper, to configure it).
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import * as cohort from '../../index.js';
import * as integrate from '../../integrate/index.js';
import * as sp from '../../sparse/index.js';
import * as io from '../../sparse/io/index.js';
import * as linalg from '../../sparse/linalg/index.js';

afterAll(() => cohort.configure({ workers: 0, mapper: new cohort.DefaultMapper() }));

describe("the 'cohort' entry point", () => {
  it('re-exports the public faces of cohort/numpy, cohort/sparse, cohort/sparse/linalg, cohort/io, cohort/integrate', () => {
    expect(cohort.np.zeros).toBe(np.zeros);
    expect(cohort.sp.csr_array).toBe(sp.csr_array);
    expect(cohort.linalg.cg).toBe(linalg.cg);
    expect(cohort.io.mmread).toBe(io.mmread);
    expect(cohort.integrate.solve_ivp).toBe(integrate.solve_ivp);
    expect(Object.keys(cohort.np).sort()).toEqual(Object.keys(np).sort());
    expect(Object.keys(cohort.sp).sort()).toEqual(Object.keys(sp).sort());
  });

  it('configures the pool and the mapper, and runs a solve through the namespaces (workers 0, 1, 2)', () => {
    for (const workers of [0, 1, 2]) {
      cohort.configure({ workers, mapper: new cohort.DefaultMapper({ piecesPerWorker: 1 }) });
      expect(cohort.workerCount()).toBe(workers);
      const A = cohort.sp.diags([[-1], [2], [-1]], [-1, 0, 1], { shape: [50, 50], format: 'csr' });
      const b = cohort.np.ones(50);
      const [x, info] = cohort.linalg.cg(A, b, { rtol: 1e-10 });
      expect(info).toBe(0);
      expect(cohort.np.allclose(A.dot(x), b)).toBe(true);
    }
  });
});
