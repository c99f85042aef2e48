/**
 * `np.fuse`: fused functions give the bits of the same code run unfused (in-place updates whose
 * intermediates read the array written, aligned or partly overlapping), leave no pending reader
 * behind, return ordinary arrays, and refuse — never misread — an escaped intermediate whose
 * operand was overwritten. Pool sizes 0, 1 and 2.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { pendingOn } from '../../dense/lazy.js';
import { ArgumentTypeError, configure, ValueError } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

type ndarray = np.ndarray;
/** Pending lazy readers of `a`'s region (an armed group with none left is no reader). */
const pending = (a: ndarray) => pendingOn(a).states;

/** Three in-place updates of a solver, as written in sparse/linalg/vec.ts. */
const UPDATES: ((y: ndarray, a: ndarray | number, x: ndarray) => unknown)[] = [
  (y, a, x) => np.add(y, np.multiply(x, a), { out: y }),
  (y, a, x) => np.subtract(y, np.multiply(x, a), { out: y }),
  (p, b, z) => np.add(z, np.multiply(p, b), { out: p }),
  (p, b, z) => np.add(np.multiply(p, np.multiply(p, b)), np.divide(z, 3), { out: p }),
];
const FUSED = UPDATES.map((f) => np.fuse(f));

function floats(n: number, seed: number): Float64Array {
  let r = seed;
  return Float64Array.from({ length: n }, () => {
    r = (Math.imul(r, 69069) + 1) | 0;
    return (r >>> 3) % 13 === 0 ? Number.NaN : r / 65536;
  });
}

describe.each(POOLS)('np.fuse, pool size %i', (workers) => {
  it('in-place updates give the bits of the unfused code, and leave no pending reader', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        fc.constantFrom(1, 5, 64, 1000, 100_003),
        fc.array(fc.nat({ max: UPDATES.length - 1 }), { minLength: 1, maxLength: 6 }),
        fc.integer(),
        fc.boolean(),
        (n, steps, seed, zeroD) => {
          const yv = floats(n, seed);
          const xv = floats(n, seed + 1);
          const a = zeroD ? np.full([], 0.75) : -1.5;
          const y1 = np.array(yv);
          const x1 = np.array(xv);
          const y2 = np.array(yv);
          const x2 = np.array(xv);
          for (const k of steps) {
            UPDATES[k]!(y1, a, x1);
            FUSED[k]!(y2, a, x2);
            expect(pending(y2) + pending(x2)).toBe(0);
            UPDATES[(k + 1) % UPDATES.length]!(x1, a, y1);
            FUSED[(k + 1) % UPDATES.length]!(x2, a, y2);
          }
          const r1 = y1.toArray() as Float64Array;
          const r2 = y2.toArray() as Float64Array;
          expect(Buffer.compare(Buffer.from(r1.buffer), Buffer.from(r2.buffer))).toBe(0);
          const s1 = x1.toArray() as Float64Array;
          const s2 = x2.toArray() as Float64Array;
          expect(Buffer.compare(Buffer.from(s1.buffer), Buffer.from(s2.buffer))).toBe(0);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('an intermediate reading a partly overlapping view of the array written is read first (NumPy)', () => {
    configure({ workers });
    const shiftAdd = np.fuse((p: ndarray) => np.add(np.multiply(p.get('1:'), 2), 1, { out: p.get(':-1') }));
    const p = np.array([0, 1, 2, 3, 4, 5], { dtype: 'float64' });
    shiftAdd(p);
    // Each p[i] = 2·p_old[i+1] + 1 from the values before the update.
    expect(p.tolist()).toEqual([3, 5, 7, 9, 11, 5]);
  });

  it('returns ordinary arrays: a returned intermediate is tracked again', () => {
    configure({ workers });
    const pair = np.fuse((a: ndarray) => {
      const t = np.multiply(a, 2);
      return [t, np.add(t, 1)];
    });
    const a = np.array([1, 2, 3], { dtype: 'float64' });
    const [t, u] = pair(a) as ndarray[];
    a.fill(0); // both results keep the values they had
    expect(t!.tolist()).toEqual([2, 4, 6]);
    expect(u!.tolist()).toEqual([3, 5, 7]);
  });

  it('an escaped intermediate reads its value, or raises once its operand was overwritten', () => {
    configure({ workers });
    let kept: ndarray | undefined;
    const f = np.fuse((x: ndarray, y: ndarray) => {
      kept = np.multiply(x, 2);
      np.add(y, kept, { out: y });
    });
    const x = np.array([1, 2], { dtype: 'float64' });
    const y = np.zeros([2]);
    f(x, y);
    expect(y.tolist()).toEqual([2, 4]);
    expect(kept!.tolist()).toEqual([2, 4]); // operand unchanged: the right value
    f(x, y);
    const stale = kept!;
    x.fill(5);
    expect(() => stale.tolist()).toThrow(ValueError);
    expect(() => stale.tolist()).toThrow(/fuse: an intermediate array .* was used after one of its operands/);
    expect(() => np.add(stale, 1)).toThrow(ValueError);
    expect(y.tolist()).toEqual([4, 8]);
  });

  it('nested fused functions consume only their own intermediates; returned ones nest in objects', () => {
    configure({ workers });
    const A = (v: number[]) => np.array(v, { dtype: 'float64' });
    const inner = np.fuse((y: ndarray, t: ndarray) => np.add(y, t, { out: y }));
    const body = (x: ndarray, y: ndarray) => {
      const t = np.multiply(x, 2);
      inner(y, t); // t is the caller's: the inner function must not consume it
      x.fill(0);
      return [np.add(t, 1), y];
    };
    const [u1, y1] = body(A([1, 2]), A([0, 0]));
    const [u2, y2] = np.fuse(body)(A([1, 2]), A([0, 0]));
    expect(u2!.tolist()).toEqual(u1!.tolist());
    expect(y2!.tolist()).toEqual(y1!.tolist());
    // Arrays returned inside plain objects and nested arrays are ordinary arrays too.
    const x = A([1, 2]);
    const r = np.fuse((a: ndarray, y: ndarray) => {
      const t = np.multiply(a, 2);
      np.add(y, t, { out: y });
      return { t, more: [[t, np.add(t, 1)]] };
    })(x, A([0, 0]));
    x.fill(5);
    expect(r.t.tolist()).toEqual([2, 4]);
    expect(r.more[0]![1]!.tolist()).toEqual([3, 5]);
  });

  it('returning an intermediate whose operand the function overwrote raises (documented)', () => {
    configure({ workers });
    const x = np.array([1, 2], { dtype: 'float64' });
    const f = np.fuse((a: ndarray) => {
      const t = np.multiply(a, 2);
      np.add(a, t, { out: a });
      return t;
    });
    expect(() => f(x)).toThrow(/fuse: an intermediate array/);
    expect(x.tolist()).toEqual([3, 6]);
    expect(
      np
        .fuse((a: ndarray) => np.multiply(a, 2).copy())(x)
        .tolist(),
    ).toEqual([6, 12]);
  });

  it('bad arguments and errors inside leave the library working', () => {
    configure({ workers });
    expect(() => np.fuse(3 as never)).toThrow(ArgumentTypeError);
    expect(() => np.fuse(3 as never)).toThrow(/fuse: argument 'fn' expected a function/);
    const bad = np.fuse((a: ndarray) => np.add(np.multiply(a, 2), np.ones([7])));
    const a = np.array([1, 2, 3], { dtype: 'float64' });
    expect(() => bad(a)).toThrow(/add/);
    // Outside any fused function, a dropped intermediate is still kept up to date.
    const t = np.multiply(a, 2);
    np.add(a, np.multiply(a, 3), { out: a });
    expect(t.tolist()).toEqual([2, 4, 6]);
    expect(a.tolist()).toEqual([4, 8, 12]);
  });
});
