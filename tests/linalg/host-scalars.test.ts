/**
 * Small solves keep their scalars on the host (sparse/linalg/host-scalars.ts): the same iterates
 * bit for bit and the same `info` as the deferred loop, with and without x0, M, a callback,
 * convergence before maxiter and `b = 0`; and the choice is the mapper's, by size.
 */

import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { cg } from 'cohortjs/sparse/linalg';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DefaultMapper } from '../../mapper/index.js';
import { hostScalars } from '../../sparse/linalg/host-scalars.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

const MiB = 2 ** 20;
/** Host scalars: every vector launch of these sizes is one inline piece. */
const host = () => configure({ workers: 2, mapper: new DefaultMapper({ inlineLaunchBytes: 4 * MiB }) });
/** Deferred scalars: small launches split over the pool. */
const deferred = () =>
  configure({ workers: 2, mapper: new DefaultMapper({ inlineLaunchBytes: 0, minPieceBytes: 64 }) });

/** An SPD tridiagonal-plus matrix of size n from a seed. */
function spd(n: number, seed: number): sparse.csr_array {
  const off = np.full([n - 1], -1 - (seed % 5) / 10);
  const far = np.full([Math.max(n - 3, 1)], 0.05 * (seed % 3));
  const diag = np.linspace(3, 4 + (seed % 7), n);
  const diags = n > 3 ? [far, off, diag, off, far] : [off, diag, off];
  const offsets = n > 3 ? [-3, -1, 0, 1, 3] : [-1, 0, 1];
  return sparse.diags(diags, offsets, { format: 'csr' }) as sparse.csr_array;
}

const bitsOf = (a: np.ndarray): string => Buffer.from((a.toArray() as Float64Array).buffer).toString('hex');

describe('cg with host scalars', () => {
  it('is chosen by the mapper from sizes alone', () => {
    host();
    expect(hostScalars('cg', 1024, 'float64')).toBe(true);
    expect(hostScalars('cg', 1024, 'float32')).toBe(false);
    expect(hostScalars('cg', 1e6, 'float64')).toBe(false);
    deferred();
    expect(hostScalars('cg', 1024, 'float64')).toBe(false);
    configure({ workers: 0 });
    expect(hostScalars('cg', 1e6, 'float64')).toBe(true);
  });

  it('gives the deferred loop’s iterates bit for bit, and its info', () => {
    fc.assert(
      fc.property(
        // n >= 6: below, 24·n bytes make one 64-byte piece and `deferred` takes the host path too.
        fc.integer({ min: 6, max: 60 }),
        fc.nat(1000),
        fc.constantFrom(0, 1e-3, 1e-8),
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (n, seed, rtol, maxiter, withX0, withM, zeroB) => {
          const A = spd(n, seed);
          const b = zeroB ? np.zeros([n]) : np.linspace(-1, 1 + (seed % 4), n);
          const x0 = withX0 ? np.full([n], 0.5) : undefined;
          const M = withM ? sparse.diags([np.full([n], 0.25)], [0], { format: 'csr' }) : undefined;
          const calls: string[][] = [[], []];
          const run = (k: number) => {
            const [x, info] = cg(A, b, {
              rtol,
              maxiter,
              x0,
              M,
              callback: (xk) => calls[k]!.push(bitsOf(xk)),
            });
            return { x: bitsOf(x), info };
          };
          host();
          const h = run(0);
          deferred();
          expect(hostScalars('cg', n, 'float64')).toBe(false);
          const d = run(1);
          expect(h).toEqual(d);
          expect(calls[0]).toEqual(calls[1]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('without a callback too (the deferred loop then reads the flag lazily)', () => {
    const A = spd(50, 3);
    const b = np.linspace(0, 1, 50);
    host();
    const [xh, ih] = cg(A, b, { rtol: 1e-10 });
    deferred();
    const [xd, id] = cg(A, b, { rtol: 1e-10 });
    expect(ih).toBe(0);
    expect(ih).toBe(id);
    expect(bitsOf(xh)).toBe(bitsOf(xd));
  });

  it('maxiter 0 with b = 0 returns b, as SciPy (the deferred loop had returned x0)', () => {
    const A = spd(6, 0);
    for (const mode of [host, deferred]) {
      mode();
      const [x, info] = cg(A, np.zeros([6]), { x0: np.full([6], 0.5), maxiter: 0 });
      expect(info).toBe(0);
      expect(Array.from(x.toArray() as Float64Array)).toEqual([0, 0, 0, 0, 0, 0]);
    }
  });
});
