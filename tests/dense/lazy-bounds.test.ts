/**
 * Pending readers that a loop leaves behind (issue 16, dense/lazy.ts), counted (no timing, no
 * garbage collection involved): the same pending value made every iteration is one registration;
 * a new intermediate every iteration (`(b - y*c) / d` with a new `c`) leaves at most
 * MAX_PENDING readers per region; intermediates the program kept still read the values of their
 * operands at the time they were made, whatever was written since (write-after-read), at pool
 * sizes 0, 1, 2.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { lazyStats, MAX_PENDING, pendingOn } from '../../dense/lazy.js';
import { configure } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

const seq = (n: number, f: (i: number) => number): number[] => Array.from({ length: n }, (_, i) => f(i));

describe('pending readers of a loop stay bounded', () => {
  it.each(POOLS)(
    'a new inlined intermediate every iteration: bounded, kept values exact (workers=%i)',
    (workers) => {
      configure({ workers });
      const n = 2000;
      const b0 = seq(n, (i) => i / 7);
      const y0 = seq(n, (i) => 1 + i / 3);
      const d0 = seq(n, (i) => 2 + (i % 5));
      const b = np.array(b0, { dtype: 'float64' });
      const y = np.array(y0, { dtype: 'float64' });
      const d = np.array(d0, { dtype: 'float64' });
      const kept: { c: number; t: np.ndarray }[] = [];
      let most = 0;
      for (let k = 1; k <= 300; k++) {
        const c = k / 8;
        const t = np.subtract(b, y.multiply(c));
        const x = np.divide(t, d);
        expect(x.get(String(k % n)).item()).toBe((b0[k % n]! - y0[k % n]! * c) / d0[k % n]!);
        if (k % 37 === 0) kept.push({ c, t });
        most = Math.max(most, pendingOn(y).states, pendingOn(b).states);
      }
      // Dropped `y*c` and `b - y*c` stay registered (JavaScript cannot tell them from kept ones)
      // until a write, or a copy of the region past MAX_PENDING readers.
      expect(most).toBeGreaterThan(300);
      expect(most).toBeLessThanOrEqual(MAX_PENDING + 1);
      // The kept intermediates read the operands of their time, after both are overwritten.
      y.fill(-1);
      b.iadd(1000);
      for (const { c, t } of kept) {
        const v = t.tolist() as number[];
        for (let i = 0; i < n; i += 97) expect(v[i]).toBe(b0[i]! - y0[i]! * c);
      }
    },
  );

  it.each(POOLS)('the same pending value every iteration is one shared reader (workers=%i)', (workers) => {
    configure({ workers });
    const n = 2000;
    const b = np.array(
      seq(n, (i) => i),
      { dtype: 'float64' },
    );
    const y = np.array(
      seq(n, (i) => 2 * i),
      { dtype: 'float64' },
    );
    const d = np.array(
      seq(n, (i) => 1 + i),
      { dtype: 'float64' },
    );
    const before = lazyStats.registered;
    for (let k = 0; k < 200; k++) {
      const x = np.divide(np.subtract(b, y), d);
      expect(x.get('5').item()).toBe(-5 / 6);
      expect(pendingOn(b).states).toBeLessThanOrEqual(1);
    }
    // One registration of `b - y` (shared), one per computed `(b - y) / d` — and `b - y` again
    // after a collection found the last iteration's dropped one dead (its state is forgotten then).
    const again = lazyStats.registered - before - 201;
    expect(again).toBeGreaterThanOrEqual(0);
    expect(again).toBeLessThanOrEqual(20);
  });

  it.each(POOLS)(
    'random loops of kept and dropped intermediates with writes between (workers=%i)',
    (workers) => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 700 }),
          fc.array(
            fc.record({
              op: fc.constantFrom('sub', 'mul', 'chain'),
              c: fc.integer({ min: -4, max: 4 }),
              keep: fc.boolean(),
              write: fc.constantFrom('none', 'a', 'b', 'both'),
            }),
            { minLength: 1, maxLength: 60 },
          ),
          (n, steps) => {
            let a0 = seq(n, (i) => i % 11);
            let b0 = seq(n, (i) => 3 - (i % 4));
            const a = np.array(a0, { dtype: 'float64' });
            const b = np.array(b0, { dtype: 'float64' });
            const kept: { t: np.ndarray; ref: number[] }[] = [];
            for (const s of steps) {
              let t: np.ndarray;
              let ref: number[];
              if (s.op === 'sub') {
                t = np.subtract(a, b.multiply(s.c));
                ref = a0.map((v, i) => v - b0[i]! * s.c);
              } else if (s.op === 'mul') {
                t = a.multiply(s.c);
                ref = a0.map((v) => v * s.c);
              } else {
                t = np.add(np.subtract(a, b), s.c).multiply(b);
                ref = a0.map((v, i) => (v - b0[i]! + s.c) * b0[i]!);
              }
              // Consumed into another expression that is read at once (the loop's pattern).
              const x = np.add(t, a);
              expect(x.get(String(n - 1)).item()).toBe(ref[n - 1]! + a0[n - 1]!);
              if (s.keep) kept.push({ t, ref });
              if (s.write === 'a' || s.write === 'both') {
                a.iadd(1);
                a0 = a0.map((v) => v + 1);
              }
              if (s.write === 'b' || s.write === 'both') {
                b.imul(2);
                b0 = b0.map((v) => v * 2);
              }
              expect(pendingOn(a).states).toBeLessThanOrEqual(MAX_PENDING + 1);
              expect(pendingOn(b).states).toBeLessThanOrEqual(MAX_PENDING + 1);
            }
            for (const { t, ref } of kept) expect(t.tolist()).toEqual(ref);
          },
        ),
        { numRuns: 25 },
      );
    },
  );
});
