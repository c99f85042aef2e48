/**
 * The Krylov solvers on the collection of real matrices (issue 23): every solver converges where
 * SciPy's does, within SciPy's iteration count + 10% (of the largest count SciPy itself shows under
 * rounding-level perturbations of b), fails with the same class of `info` where SciPy fails, and
 * calls the operator and the preconditioner as often as SciPy does. Pool sizes 0 and 2.
 */
import { configure } from 'cohortjs/runtime';
import { afterAll, describe, expect, it } from 'vitest';
import { DefaultMapper } from '../../mapper/index.js';
import { type CollectionRun, collection, type Kind, RUNS, solveOne } from './collection.js';

const rtol = collection.rtol;
const sign = (v: number) => Math.sign(v);

/** Solvers whose convergence test is the residual ‖b − A·x‖ ≤ rtol·‖b‖ itself. */
const TRUE_RESIDUAL = new Set(['cg', 'cgs', 'bicg', 'bicgstab', 'gmres', 'qmr', 'tfqmr', 'lgmres']);

function check(mname: string, sname: string, kind: Kind, want: CollectionRun): void {
  const got = solveOne(mname, sname, kind);
  // The class of info (converged, not converged, breakdown) SciPy returns — any of those it returns
  // under rounding-level perturbations of b, where the case is chaotic.
  expect(want.infos.map(sign), 'info class').toContain(sign(got.info));
  if (want.info === 0 || got.info === 0) {
    expect(got.iterations).toBeLessThanOrEqual(Math.ceil(1.1 * want.iterations_max));
    // minres stops on its own estimates (as lsqr and lsmr): within 10× SciPy's residual.
    const bound = TRUE_RESIDUAL.has(sname) ? rtol : Math.max(rtol, 10 * want.residual);
    expect(got.residual).toBeLessThanOrEqual(bound * 1.0000001);
  }
  // SciPy's count of operator calls, wherever SciPy's own count is stable under rounding.
  if (want.calls_stable && got.iterations === want.iterations) {
    expect(got.calls).toEqual(want.calls);
  }
}

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

/**
 * Pool size 0, and 2 with small launches split over the pool, so that the deferred loops (not
 * their host-scalar twins) run wherever the operators allow it.
 */
const pools = {
  0: () => configure({ workers: 0, mapper: new DefaultMapper() }),
  2: () => configure({ workers: 2, mapper: new DefaultMapper({ inlineLaunchBytes: 0, minPieceBytes: 64 }) }),
};

for (const [workers, setup] of Object.entries(pools)) {
  describe(`Krylov collection (workers=${workers})`, () => {
    for (const [mname, m] of Object.entries(collection.matrices)) {
      for (const [sname, runs] of Object.entries(m.runs)) {
        if (!RUNS[sname]) continue;
        for (const [kind, want] of Object.entries(runs)) {
          if (!want) continue;
          it(`${sname} on ${mname} (${m.kind}, ${kind})`, () => {
            setup();
            check(mname, sname, kind as Kind, want);
          });
        }
      }
    }
  });
}
