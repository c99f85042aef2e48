/**
 * The check of the Krylov collection (issue 23), run by collection-pool0.test.ts and
 * collection-pool2.test.ts (two files, so that vitest runs the pool sizes side by side): every
 * solver converges where SciPy's does, within SciPy's iteration count + 10% (of the largest count
 * SciPy itself shows under rounding-level perturbations of b), fails with the same class of `info`
 * where SciPy fails, and calls the operator and the preconditioner as often as SciPy does.
 */
import { configure } from 'cohortjs/runtime';
import { afterAll, describe, expect, it } from 'vitest';
import { DefaultMapper } from '../../mapper/index.js';
import { type CollectionRun, collection, type Kind, LEAST_SQUARES, RUNS, solveOne } from './collection.js';

const rtol = collection.rtol;
const sign = (v: number) => Math.sign(v);

/** Solvers whose convergence test is the true residual ‖b − A·x‖ ≤ rtol·‖b‖ itself. */
const TRUE_RESIDUAL = new Set(['cgs', 'gmres', 'lgmres']);

function check(mname: string, sname: string, kind: Kind, want: CollectionRun, arrays: boolean): void {
  const got = solveOne(mname, sname, kind, arrays);
  // The class of info (converged, not converged, breakdown) SciPy returns — any of those it returns
  // under rounding-level perturbations of b, where the case is chaotic.
  const lsq = LEAST_SQUARES.has(sname);
  // lsqr/lsmr: istop itself; 1 and 2 are the converged ones.
  const cls = lsq ? (v: number) => v : sign;
  const converged = (v: number) => (lsq ? v === 1 || v === 2 : v === 0);
  expect(want.infos.map(cls), 'info class').toContain(cls(got.info));
  // Where SciPy converges under every perturbation, the class check above demanded convergence.
  if (converged(got.info)) {
    expect(got.iterations).toBeLessThanOrEqual(Math.ceil(1.1 * want.iterations_max));
    // The others stop on a recursive residual (cg, bicg, bicgstab, qmr) or on estimates (minres,
    // tfqmr — of the preconditioned residual —, lsqr, lsmr): within 10× SciPy's largest residual
    // under rounding-level perturbations of b.
    // lsqr/lsmr: their test ‖r‖ ≤ btol·‖b‖ + atol·‖A‖·‖x‖ (‖A‖ estimated: Frobenius as the bound).
    const bound = TRUE_RESIDUAL.has(sname)
      ? rtol
      : Math.max(10 * want.residual_max, lsq ? rtol * (1 + got.scale) : rtol);
    expect(got.residual).toBeLessThanOrEqual(bound * 1.0000001);
  }
  // SciPy's count of operator calls, wherever SciPy's own count is stable under rounding.
  if (!arrays && want.calls_stable && got.iterations === want.iterations) {
    expect(got.calls).toEqual(want.calls);
  }
}

/**
 * Pool size 0 with counting operators (calls, iterations, info), every kind of run; pool size 2
 * with small launches split over the pool and A, M given as sparse arrays, so that the deferred
 * loops (not their host-scalar twins, which user operators get) run: plain and Jacobi runs.
 */
export const POOLS = [
  { workers: 0, arrays: false, kinds: ['plain', 'jacobi', 'inverse'], mapper: () => new DefaultMapper() },
  {
    workers: 2,
    arrays: true,
    kinds: ['plain', 'jacobi'],
    mapper: () => new DefaultMapper({ inlineLaunchBytes: 0, minPieceBytes: 64 }),
  },
];

/**
 * Registers the collection's tests for one pool configuration.
 * @param pool - an entry of {@link POOLS}.
 */
export function describeCollection(pool: (typeof POOLS)[number]): void {
  afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));
  describe(`Krylov collection (workers=${pool.workers}${pool.arrays ? ', sparse-array operands' : ''})`, () => {
    for (const [mname, m] of Object.entries(collection.matrices)) {
      for (const [sname, runs] of Object.entries(m.runs)) {
        if (!RUNS[sname]) continue;
        for (const [kind, want] of Object.entries(runs)) {
          if (!want || !pool.kinds.includes(kind)) continue;
          it(`${sname} on ${mname} (${m.kind}, ${kind})`, () => {
            configure({ workers: pool.workers, mapper: pool.mapper() });
            check(mname, sname, kind as Kind, want, pool.arrays);
          });
        }
      }
    }
  });
}
