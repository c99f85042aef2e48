/**
 * The solver's replay of a repeated launch (runtime/solver.ts `replay`): the same stores,
 * privileges, constraint list and key give the memoized plan; anything that would change the
 * solve's choices solves again.
 */
import { describe, expect, it } from 'vitest';
import { align, createRegion, type LaunchArg, type LaunchSpec, Store } from '../../runtime/index.js';
import { viewState } from '../../runtime/partition-cache.js';
import { solve } from '../../runtime/solver.js';
import { tiling } from '../../runtime/tiling.js';

const ctxOf = (pieces: number) => ({ pieces: () => pieces, syncRegion: () => {} });

describe('solver replay', () => {
  const out = Store.whole(createRegion('float64', 64));
  const x = Store.whole(createRegion('float64', 64));
  const constraints = [align(0, 1)];
  const spec = (args: LaunchArg[], cs = constraints): LaunchSpec => ({
    op: 'axpy',
    kernel: 'none',
    args,
    scalars: [Math.random()],
    constraints: cs,
    key: 0,
  });
  const args = (): LaunchArg[] => [
    { store: out, privilege: 'write-discard' },
    { store: x, privilege: 'read' },
  ];

  it('replays the plan of a repeated launch with the new spec (memoized from the second on)', () => {
    solve(spec(args()), ctxOf(2)); // the first launch over `out` is not memoized (a fresh result never repeats)
    const p1 = solve(spec(args()), ctxOf(2));
    const s2 = spec(args());
    const p2 = solve(s2, ctxOf(2));
    expect(p2.spec).toBe(s2);
    expect(p2.partitions).toBe(p1.partitions);
    expect(p2.footprints).toBe(p1.footprints);
  });

  it('solves again when pieces, privileges, constraints or the key partition differ', () => {
    const p1 = solve(spec(args()), ctxOf(2));
    expect(solve(spec(args()), ctxOf(4)).colors).toBe(4);
    const p3 = solve(spec(args()), ctxOf(2));
    expect(p3.colors).toBe(2);
    const rw: LaunchArg[] = [
      { store: out, privilege: 'read-write' },
      { store: x, privilege: 'read' },
    ];
    expect(p3.partitions).not.toBe(p1.partitions); // the 4-piece solve replaced the memo
    expect(solve(spec(rw), ctxOf(2)).partitions).not.toBe(p3.partitions);
    const other = [align(0, 1)];
    const p4 = solve(spec(args(), other), ctxOf(2));
    expect(p4.spec.constraints).toBe(other);
    // Another launch leaves the key view with a different current partition: a new solve.
    const vs = viewState(out);
    const foreign = tiling([64], 2, 8);
    vs.current = foreign;
    const p5 = solve(spec(args()), ctxOf(2));
    expect(p5.partitions[0]).toBe(foreign);
  });
});
