import { configure } from 'cohortjs/runtime';
import { afterAll, describe, expect, it } from 'vitest';
import { compare } from '../../examples/multigrid.js';

afterAll(() => configure({ workers: 0 }));

describe('examples/multigrid: MG-preconditioned CG vs plain CG', () => {
  for (const workers of [0, 2]) {
    for (const kind of ['linear', 'injection'] as const) {
      it(`converges to rtol 1e-10 in far fewer iterations (nx=63, ${kind}, workers=${workers})`, () => {
        configure({ workers });
        const r = compare(63, kind, 1e-10);
        console.log(`nx=63 ${kind}: MG-PCG ${r.mg.iterations} iterations, plain CG ${r.plain.iterations}`);
        expect(r.mg.info).toBe(0);
        expect(r.plain.info).toBe(0);
        // Plain CG needs ~200 iterations here; multigrid a small, grid-independent number.
        expect(r.plain.iterations).toBeGreaterThan(150);
        if (kind === 'linear') {
          expect(r.mg.iterations).toBeLessThan(20);
          expect(r.mg.iterations * 8).toBeLessThan(r.plain.iterations);
        } else {
          // Injection with P = Rᵀ gives a diagonal Galerkin operator on this stencil (coarse points
          // are never neighbours): a much weaker coarse correction, still a clear gain.
          expect(r.mg.iterations * 2).toBeLessThan(r.plain.iterations);
        }
      });
    }
  }
});
