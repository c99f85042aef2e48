/**
 * The validity map of sharding under MPI (runtime/validity.ts) against a per-element model: for
 * random sequences of sharded writes, replicated writes and planned fetches over random interval
 * sets, every rank's stale set is exactly the elements the model says it lacks, and every fetch
 * takes each missing element once, from a rank that held it before the exchange. Needs no MPI.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IntervalSet } from '../../runtime/index-space.js';
import type { Region } from '../../runtime/region.js';
import {
  ownedWrite,
  peekValidity,
  planFetch,
  received,
  replicatedWrite,
  validityOf,
} from '../../runtime/validity.js';

const L = 48;

const set = fc
  .array(fc.tuple(fc.integer({ min: 0, max: L }), fc.integer({ min: 0, max: 12 })), { maxLength: 4 })
  .map((pairs) => IntervalSet.fromPairs(pairs.flatMap(([a, n]) => [a, Math.min(L, a + n)])));

const cmd = (ranks: number) =>
  fc.oneof(
    fc.record({ kind: fc.constant('own' as const), fp: set, rank: fc.integer({ min: 0, max: ranks - 1 }) }),
    fc.record({ kind: fc.constant('all' as const), fp: set }),
    fc.record({ kind: fc.constant('fetch' as const), fp: set, rank: fc.integer({ min: 0, max: ranks - 1 }) }),
  );

function points(s: IntervalSet): number[] {
  const out: number[] = [];
  for (let k = 0; k < s.bounds.length; k += 2)
    for (let p = s.bounds[k]!; p < s.bounds[k + 1]!; p++) out.push(p);
  return out;
}

describe('validity map (MPI sharding)', () => {
  it('matches a per-element model of which ranks hold the latest data', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 4 })
          .chain((n) => fc.tuple(fc.constant(n), fc.array(cmd(n), { maxLength: 30 }))),
        ([n, cmds]) => {
          const region = {} as Region;
          const v = validityOf(region, n);
          // holders[p]: the ranks holding element p's latest data.
          const holders: Set<number>[] = Array.from({ length: L }, () => new Set([...Array(n).keys()]));
          for (const c of cmds) {
            if (c.kind === 'own') {
              ownedWrite(v, c.fp, c.rank);
              for (const p of points(c.fp)) holders[p] = new Set([c.rank]);
            } else if (c.kind === 'all') {
              replicatedWrite(v, c.fp);
              for (const p of points(c.fp)) holders[p] = new Set([...Array(n).keys()]);
            } else {
              const before = v.stale.slice();
              const found: (number | IntervalSet)[] = [];
              const lack = planFetch(v, before, c.fp, c.rank, found);
              const want = points(c.fp).filter((p) => !holders[p]!.has(c.rank));
              expect(points(lack)).toEqual(want);
              const got: number[] = [];
              for (let k = 0; k < found.length; k += 2) {
                const from = found[k] as number;
                expect(from).not.toBe(c.rank);
                for (const p of points(found[k + 1] as IntervalSet)) {
                  expect(holders[p]!.has(from)).toBe(true);
                  got.push(p);
                }
              }
              expect(got.sort((a, b) => a - b)).toEqual(want);
              if (!lack.empty) received(v, lack, c.rank);
              for (const p of want) holders[p]!.add(c.rank);
            }
            for (let r = 0; r < n; r++) {
              const lacking = holders.map((h, p) => (h.has(r) ? -1 : p)).filter((p) => p >= 0);
              expect(points(v.stale[r]!)).toEqual(lacking);
            }
            const clean = holders.every((h) => h.size === n);
            expect(peekValidity(region) === undefined).toBe(clean);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
