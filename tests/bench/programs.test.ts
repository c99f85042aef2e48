/**
 * The ported programs of benchmarks/programs/ (cohort side) at their tiny sizes, at pool sizes
 * 0, 1 and 2, against the NumPy/SciPy twins' results committed in tests/fixtures/programs/
 * (scripts/fixtures_programs.py): agreement to 1e-9 relative (2-norm), and the same bits at every
 * worker count. Timing is the benchmark's business, not this test's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROGRAMS } from '../../benchmarks/programs/ports/index.js';
import { configure } from '../../runtime/index.js';

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

describe('ported programs against their NumPy/SciPy twins', () => {
  it('has a fixture, at the tiny size, for every program', () => {
    expect(Object.keys(fixtures).sort()).toEqual(PROGRAMS.map((p) => p.name).sort());
    for (const p of PROGRAMS) expect([p.name, fixtures[p.name]!.n]).toEqual([p.name, p.sizes.tiny]);
  });

  for (const prog of PROGRAMS) {
    it(`${prog.name}: agrees at pool sizes 0, 1, 2, with the same bits at each`, () => {
      const want = fixtures[prog.name]!.result;
      let first: Float64Array | undefined;
      for (const workers of [0, 1, 2]) {
        configure({ workers });
        const got = Float64Array.from(prog.prepare(prog.sizes.tiny).run().toArray() as Float64Array);
        expect(got.length).toBe(want.length);
        expect([workers, relErr(got, want) <= 1e-9]).toEqual([workers, true]);
        if (first === undefined) first = got;
        else
          expect([workers, Buffer.from(got.buffer).equals(Buffer.from(first.buffer))]).toEqual([
            workers,
            true,
          ]);
      }
    });
  }
});
