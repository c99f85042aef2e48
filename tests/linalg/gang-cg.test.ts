/**
 * Gang solves (sparse/linalg/gang.ts, gang-cg.ts, gang-bicgstab.ts; the runtime's `LaunchSpec.gang`):
 * `cg` and `bicgstab` run by one piece per worker at once, the vectors' blocks taken by whichever piece is free, gives bitwise the
 * per-launch loop's iterate and `info` — random SPD systems (for bicgstab nonsymmetric diagonally
 * dominant ones) (random patterns, unsorted rows,
 * sizes across the dot's 4,096-element blocks and the gang's chunks), with and without x0 and M,
 * tolerances met or maxiter reached, b = 0 — at 2 workers; and with both pieces on one worker
 * (a mapper that places every piece on worker 0: the first piece then runs the whole solve and
 * the second finds it stopped), which must neither hang nor change a bit. A gang launch's pieces
 * wait for earlier launches only, never for each other (a kernel whose pieces meet at a barrier
 * finishes).
 */

import * as np from 'cohortjs/numpy';
import { configure, DefaultMapper, ensureKernel, launch, readStore } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { bicgstab, cg } from 'cohortjs/sparse/linalg';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { oneTaskStats } from '../../sparse/linalg/one-task.js';
import { bitsOf, randomSpd, rng } from './_spd.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

/** Every piece on worker 0 (a mapper a gang must survive). */
class OneWorker extends DefaultMapper {
  override worker(): number {
    return 0;
  }
}

interface Case {
  solver: 'cg' | 'bicgstab';
  n: number;
  perRow: number;
  seed: number;
  unsorted: boolean;
  rtol: number;
  maxiter: number | undefined;
  x0: boolean;
  M: 'none' | 'jacobi' | 'spd';
  zeroB: boolean;
}

function solve(c: Case, how: 'launches' | 'gang' | 'gang-one-worker'): { x: string; info: number } {
  const opts =
    how === 'launches' ? { oneTaskSolveBytes: 0 } : { oneTaskSolveBytes: 2 ** 40, gangSolveBytes: 1 };
  configure({
    workers: 2,
    mapper: how === 'gang-one-worker' ? new OneWorker(opts) : new DefaultMapper(opts),
  });
  const A = randomSpd(c.n, c.perRow, c.seed, c.unsorted, c.solver === 'cg' ? 1 : 0.5);
  const r = rng(c.seed + 7);
  const b = c.zeroB ? np.zeros([c.n]) : np.array(Array.from({ length: c.n }, () => r() - 0.3));
  const x0 = c.x0 ? np.array(Array.from({ length: c.n }, () => r())) : undefined;
  const M =
    c.M === 'none'
      ? undefined
      : c.M === 'jacobi'
        ? sparse.diags([np.divide(1, A.diagonal())], [0], { format: 'csr' })
        : randomSpd(c.n, 2, c.seed + 3, false);
  const gangs = oneTaskStats.gangs;
  const [x, info] = (c.solver === 'cg' ? cg : bicgstab)(A, b, {
    rtol: c.rtol,
    atol: 0,
    maxiter: c.maxiter,
    x0,
    M,
  });
  expect(oneTaskStats.gangs - gangs).toBe(how === 'launches' ? 0 : 1);
  return { x: bitsOf(x), info };
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  solver: fc.constantFrom('cg', 'bicgstab'),
  n: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.constantFrom(4095, 4096, 4097, 8193, 40_000)),
  perRow: fc.integer({ min: 0, max: 4 }),
  seed: fc.integer({ min: 1, max: 1e6 }),
  unsorted: fc.boolean(),
  rtol: fc.constantFrom(1e-3, 1e-8, 0),
  maxiter: fc.constantFrom(undefined, 0, 1, 3, 25),
  x0: fc.boolean(),
  M: fc.constantFrom('none', 'jacobi', 'spd'),
  zeroB: fc.boolean().map((z) => z && Math.random() < 0.2),
});

describe('gang solves', () => {
  it('gives the per-launch loop bits at 2 workers, and with every piece on one worker', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const ref = solve(c, 'launches');
        expect(solve(c, 'gang')).toEqual(ref);
        expect(solve(c, 'gang-one-worker')).toEqual(ref);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('is taken from the mapper threshold up, and not with one worker', () => {
    const m = new DefaultMapper({ gangSolveBytes: 1000, oneTaskSolveBytes: 2 ** 40 });
    expect(m.solveAsGang('cg', 999, 2)).toBe(false);
    expect(m.solveAsGang('cg', 1000, 2)).toBe(true);
    expect(m.solveAsGang('cg', 1e9, 1)).toBe(false);
    expect(new DefaultMapper({ gangSolveBytes: 1, oneTaskSolveBytes: 0 }).solveAsGang('cg', 1e9, 2)).toBe(
      false,
    );
  });
});

describe('gang launches', () => {
  // Each piece adds 1 to word 0, then waits (bounded) until every piece has: it returns how many
  // it saw. Pieces that waited for each other would never meet.
  ensureKernel('test.gang.meet', () => ({
    source: `(t) => {
      const w = t.arrays[0];
      const I = new Int32Array(w.buffer, w.byteOffset, 2);
      Atomics.add(I, 0, 1);
      const end = Date.now() + 10000;
      while (Atomics.load(I, 0) < t.colors && Date.now() < end) {}
      t.arrays[1][t.offsets[1] + t.color] = Atomics.load(I, 0);
    }`,
  }));

  it('runs its pieces at once, each on its own worker', () => {
    configure({ workers: 2, mapper: new DefaultMapper() });
    const words = np.zeros([4]);
    const seen = np.zeros([2]);
    launch({
      op: 'meet',
      kernel: 'test.gang.meet',
      args: [
        { store: words.store, privilege: 'read-write' },
        { store: seen.store, privilege: 'read-write' },
      ],
      constraints: [{ kind: 'broadcast', a: 1 }],
      key: 0,
      gang: true,
    });
    expect(Array.from(readStore(seen.store))).toEqual([2, 2]);
  });
});
