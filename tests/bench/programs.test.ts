/**
 * The ported programs of benchmarks/programs/ (cohort side) at their tiny sizes, at pool sizes
 * 0, 1 and 2, against the NumPy/SciPy twins' results committed in tests/fixtures/programs/
 * (scripts/fixtures_programs.py): agreement to 1e-9 relative (2-norm), and the same bits at every
 * worker count. Timing is the benchmark's business, not this test's.
 *
 * At their tiny sizes the default mapper runs every launch as one inline piece on the issuing
 * thread whatever the pool size, so the comparison across worker counts would compare one
 * schedule with itself (until 2026-11-29 it did). The programs run under a mapper that cuts every
 * launch into pieces of a few elements instead, and the test asserts, from the runtime's trace,
 * that pieces ran on the pool at sizes 1 and 2. With work sharing on, the worker that is awake
 * often takes every piece at size 2, so a fourth run at size 2 turns sharing off (piece c on
 * worker c mod 2) and asserts that both workers ran pieces: the bits are then those of different
 * piece schedules, reduction folds and worker assignments.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROGRAMS } from '../../benchmarks/programs/ports/index.js';
import { configure, DefaultMapper, traceStart, traceStop } from '../../runtime/index.js';

const fixtures = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/programs/programs.json'), 'utf8'),
) as Record<string, { n: number; result: number[] }>;

function relErr(a: Float64Array, b: number[]): number {
  let num = 0;
  let den = 0;
  for (let i = 0; i < b.length; i++) {
    num += (a[i]! - b[i]!) ** 2;
    den += b[i]! ** 2;
  }
  return Math.sqrt(num / den);
}

/** Every launch cut into pieces of a few elements, none run inline because of its size. */
const splitting = (share: boolean) =>
  new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 64, share });

/** Pool sizes and work sharing of the runs: the last puts pieces on both workers. */
const RUNS = [
  { workers: 0, share: true },
  { workers: 1, share: true },
  { workers: 2, share: true },
  { workers: 2, share: false },
];

describe('ported programs against their NumPy/SciPy twins', () => {
  afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

  it('has a fixture, at the tiny size, for every program', () => {
    expect(Object.keys(fixtures).sort()).toEqual(PROGRAMS.map((p) => p.name).sort());
    for (const p of PROGRAMS) expect([p.name, fixtures[p.name]!.n]).toEqual([p.name, p.sizes.tiny]);
  });

  for (const prog of PROGRAMS) {
    it(`${prog.name}: agrees at pool sizes 0, 1, 2 (and 2 without sharing), with the same bits at each`, () => {
      const ref = fixtures[prog.name]!.result;
      let first: Float64Array | undefined;
      for (const { workers, share } of RUNS) {
        configure({ workers, mapper: splitting(share) });
        traceStart();
        const got = Float64Array.from(prog.prepare(prog.sizes.tiny).run().toArray() as Float64Array);
        const used = new Set(
          traceStop()
            .map((r) => r.worker)
            .filter((w) => w >= 0),
        );
        const run = `${workers} workers${share ? '' : ', no sharing'}`;
        // None at pool size 0; some with sharing (the awake worker may take them all); both without.
        const want = workers === 0 ? 0 : share ? Math.max(1, used.size) : workers;
        expect([run, used.size]).toEqual([run, want]);
        expect(got.length).toBe(ref.length);
        expect([run, relErr(got, ref) <= 1e-9]).toEqual([run, true]);
        if (first === undefined) first = got;
        else expect([run, Buffer.from(got.buffer).equals(Buffer.from(first.buffer))]).toEqual([run, true]);
      }
    });
  }
});
