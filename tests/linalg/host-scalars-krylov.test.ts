/**
 * Host scalars beyond cg (sparse/linalg/host-scalars.ts): `bicgstab`, `cgs`, `bicg` and `minres`
 * with host scalars give the deferred loop's iterates bit for bit, its callbacks and its `info`
 * (or its error), over matrices chosen so the breakdown branches are reached: nonsymmetric,
 * skew-symmetric (rᵀ·A·r = 0 exactly with integer data), diagonal with rtol = 0 (r becomes exactly
 * 0, then ρ = 0), singular, symmetric indefinite and nonsymmetric for minres. Sizes are at least 6
 * so that the deferred configuration really splits the launches (checked).
 */

import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { bicg, bicgstab, cg, cgs, minres } from 'cohortjs/sparse/linalg';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DefaultMapper } from '../../mapper/index.js';
import { hostScalars } from '../../sparse/linalg/host-scalars.js';
import { type Kind, matrix, rng } from './krylov-matrices.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

const MiB = 2 ** 20;
/** Host scalars: every vector launch of these sizes is one inline piece. */
const host = () => configure({ workers: 2, mapper: new DefaultMapper({ inlineLaunchBytes: 4 * MiB }) });
/** Deferred scalars: small launches split over the pool (n ≥ 6: 24·n bytes ≥ 2 pieces of 64). */
const deferred = () =>
  configure({ workers: 2, mapper: new DefaultMapper({ inlineLaunchBytes: 0, minPieceBytes: 64 }) });

const bitsOf = (a: np.ndarray): string => Buffer.from((a.toArray() as Float64Array).buffer).toString('hex');

type Solve = (A: sparse.csr_array, b: np.ndarray, opts: Record<string, unknown>) => [np.ndarray, number];

/** Runs a solve and records its outcome (bits, info or error) and its callbacks. */
function record(
  solve: Solve,
  A: sparse.csr_array,
  b: np.ndarray,
  opts: Record<string, unknown>,
  withCb: boolean,
) {
  const calls: string[] = [];
  const o = withCb ? { ...opts, callback: (xk: np.ndarray) => calls.push(bitsOf(xk)) } : opts;
  try {
    const [x, info] = solve(A, b, o);
    return { x: bitsOf(x), info, calls };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}`, calls };
  }
}

/** More options of a solve, as a function of n. */
type Extra = (n: number) => Record<string, unknown>;
const noExtra: Extra = () => ({});

/**
 * The property: host and deferred agree bit for bit.
 * @param name - the solver's name (hostScalars' op).
 * @param solve - the solver.
 * @param kinds - matrix kinds to draw from.
 * @param codes - collects the info codes (and errors) seen.
 * @param extras - more options to draw from (minres: shift, an indefinite M).
 */
function agrees(name: string, solve: Solve, kinds: Kind[], codes: Set<number | string>, extras = [noExtra]) {
  fc.assert(
    fc.property(
      fc.constantFrom(...kinds),
      fc.integer({ min: 6, max: 40 }),
      fc.nat(1_000_000),
      fc.constantFrom(0, 1e-3, 1e-8),
      fc.integer({ min: 0, max: 60 }),
      fc.constantFrom('none', 'x0', 'x0exact'),
      fc.boolean(),
      fc.boolean(),
      fc.boolean(),
      fc.constantFrom(...extras),
      (kind, n, seed, rtol, maxiter, x0kind, withM, zeroB, withCb, extra) => {
        const A = matrix(kind, n, seed);
        const rand = rng(seed + 1);
        const b = zeroB
          ? np.zeros([n])
          : np.array(Array.from({ length: n }, () => Math.floor(rand() * 5) - 2));
        const opts: Record<string, unknown> = { rtol, maxiter };
        if (x0kind === 'x0') opts.x0 = np.full([n], 0.5);
        // x0 already solves A·x = b (b := A·x0): the tests at the top of the first iteration.
        const bb = x0kind === 'x0exact' ? (A.dot(np.full([n], 1)) as np.ndarray) : b;
        if (x0kind === 'x0exact') opts.x0 = np.full([n], 1);
        if (withM) opts.M = sparse.diags([np.full([n], 0.5)], [0], { format: 'csr' });
        Object.assign(opts, extra(n));
        host();
        expect(hostScalars(name, n, 'float64')).toBe(true);
        const h = record(solve, A, bb, opts, withCb);
        deferred();
        expect(hostScalars(name, n, 'float64')).toBe(false);
        const d = record(solve, A, bb, opts, withCb);
        expect(h).toEqual(d);
        codes.add(h.info ?? (h.error as string));
      },
    ),
    { numRuns: 60 },
  );
}

/**
 * A case that reaches a given `info` or error (found by search; n = 6, b = (i mod 5) − 2,
 * maxiter 40, and the extra options).
 */
type Case = [kind: Kind, seed: number, rtol: number, outcome: number | string, extra?: Extra];

/** Each case agrees in both modes, with and without a callback, and ends with its info. */
function reaches(name: string, solve: Solve, cases: Case[]) {
  const n = 6;
  const b = np.array(Array.from({ length: n }, (_, i) => (i % 5) - 2));
  for (const [kind, seed, rtol, outcome, extra = noExtra] of cases) {
    for (const withCb of [false, true]) {
      const A = matrix(kind, n, seed);
      const opts = { rtol, maxiter: 40, ...extra(n) };
      host();
      const h = record(solve, A, b, opts, withCb);
      deferred();
      expect(hostScalars(name, n, 'float64')).toBe(false);
      const d = record(solve, A, b, opts, withCb);
      expect(h).toEqual(d);
      expect([kind, seed, rtol, h.info ?? h.error]).toEqual([kind, seed, rtol, outcome]);
    }
  }
}

const nonsym: Kind[] = ['convdiff', 'skew', 'diag', 'random', 'singular'];

describe('Krylov solvers with host scalars', () => {
  it('bicgstab: the deferred loop’s iterates bit for bit, its callbacks and info', () => {
    const codes = new Set<number | string>();
    agrees('bicgstab', bicgstab as Solve, nonsym, codes);
    expect(codes.has(0)).toBe(true);
    reaches('bicgstab', bicgstab as Solve, [
      ['convdiff', 0, 1e-8, 0],
      ['skew', 1, 0, 40],
      ['convdiff', 0, 0, -10], // r becomes 0 exactly: ρ = 0
      ['skew', 0, 0, -11], // r̃ᵀ·A·r = 0
    ]);
  });

  it('cgs: the deferred loop’s iterates bit for bit, its callbacks and info', () => {
    const codes = new Set<number | string>();
    agrees('cgs', cgs as Solve, nonsym, codes);
    expect(codes.has(0)).toBe(true);
    reaches('cgs', cgs as Solve, [
      ['convdiff', 0, 1e-8, 0],
      ['convdiff', 0, 0, 40],
      ['convdiff', 2, 0, -10],
      ['skew', 0, 0, -11],
    ]);
  });

  it('bicg: the deferred loop’s iterates bit for bit, its callbacks and info', () => {
    const codes = new Set<number | string>();
    agrees('bicg', bicg as Solve, nonsym, codes);
    expect(codes.has(0)).toBe(true);
    reaches('bicg', bicg as Solve, [
      ['convdiff', 0, 1e-8, 0],
      ['random', 1, 0, 40],
      ['convdiff', 0, 0, -10],
      ['skew', 0, 0, -11],
    ]);
  });

  it('minres: the deferred loop’s iterates bit for bit, its callbacks and info or error', () => {
    const diagM = (f: (i: number) => number) => (n: number) => ({
      M: sparse.diags([np.array(Array.from({ length: n }, (_, i) => f(i)))], [0], { format: 'csr' }),
    });
    const indefiniteM = diagM((i) => (i % 3 === 2 ? -1 : 1));
    const negativeM = diagM(() => -0.5);
    const shift: Extra = () => ({ shift: 0.5 });
    const codes = new Set<number | string>();
    const extras = [noExtra, shift, indefiniteM, negativeM];
    agrees(
      'minres',
      minres as Solve,
      ['spd', 'symindef', 'diag', 'convdiff', 'singular', 'illcond'],
      codes,
      extras,
    );
    expect(codes.has(0)).toBe(true);
    reaches('minres', minres as Solve, [
      ['symindef', 0, 1e-8, 0],
      ['convdiff', 1, 1e-8, 40],
      [
        'symindef',
        0,
        1e-8,
        'ValueError: minres: non-symmetric matrix (negative ‖r‖²_M in the Lanczos step)',
        indefiniteM,
      ],
      ['spd', 0, 1e-8, 'ValueError: minres: indefinite preconditioner M', negativeM],
      ['symindef', 1, 1e-8, 0, shift],
      ['illcond', 1, 0, 0], // stops on ‖A‖·‖x‖·eps ≥ β₁ (istop 3), at iteration 6
      ['illcond', 5, 0, 0], // and on cond(A) ≥ 0.1/eps (istop 4) too
    ]);
  });

  it('and at a size of many reduction blocks (the fused update-and-dot, the split launches)', () => {
    const n = 3000;
    const b = np.linspace(-1, 2, n);
    const cases: [Solve, Kind][] = [
      [bicgstab as Solve, 'convdiff'],
      [cgs as Solve, 'convdiff'],
      [bicg as Solve, 'convdiff'],
      [minres as Solve, 'symindef'],
    ];
    for (const [solve, kind] of cases) {
      const A = matrix(kind, n, 4);
      host();
      const h = record(solve, A, b, { rtol: 1e-10, maxiter: 25 }, true);
      deferred();
      const d = record(solve, A, b, { rtol: 1e-10, maxiter: 25 }, true);
      expect(h).toEqual(d);
    }
  });

  it('‖b‖ = 0 returns b whatever maxiter (also 0), in both modes, as SciPy', () => {
    const n = 8;
    const A = matrix('convdiff', n, 1);
    for (const solve of [cg, bicgstab, cgs, bicg, minres] as Solve[]) {
      for (const mode of [host, deferred]) {
        mode();
        const [x, info] = solve(A, np.zeros([n]), { x0: np.full([n], 0.5), maxiter: 0 });
        expect(info).toBe(0);
        expect(x.tolist()).toEqual(new Array(n).fill(0));
      }
    }
  });
});
