import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, IndexError, ValueError } from '../../runtime/index.js';
import { POOLS } from './ref.js';

/** Python's range(*slice(start, stop, step).indices(n)), written independently of dense/slice.ts. */
function pyRange(start: number | null, stop: number | null, step: number, n: number): number[] {
  const out: number[] = [];
  const norm = (v: number) => (v < 0 ? v + n : v);
  if (step > 0) {
    let i = start === null ? 0 : Math.min(Math.max(norm(start), 0), n);
    const e = stop === null ? n : Math.min(Math.max(norm(stop), 0), n);
    for (; i < e; i += step) out.push(i);
  } else {
    let i = start === null ? n - 1 : Math.min(Math.max(norm(start), -1), n - 1);
    const e = stop === null ? -1 : Math.min(Math.max(norm(stop), -1), n - 1);
    for (; i > e; i += step) out.push(i);
  }
  return out;
}

type Sl = [number | null, number | null, number];
const slArb: fc.Arbitrary<Sl> = fc.tuple(
  fc.option(fc.integer({ min: -7, max: 7 }), { nil: null }),
  fc.option(fc.integer({ min: -7, max: 7 }), { nil: null }),
  fc.constantFrom(1, 2, 3, -1, -2),
);
const text = (s: Sl) => `${s[0] ?? ''}:${s[1] ?? ''}:${s[2]}`;

/** A reference view: for each dim, the list of base coordinates (no copies of data). */
type RefView = number[][];

const opArb = fc.record({
  first: fc.tuple(slArb, slArb),
  second: fc.option(fc.tuple(slArb, slArb), { nil: null }),
  kind: fc.constantFrom('fill', 'iadd', 'read', 'setview'),
  v: fc.integer({ min: -9, max: 9 }),
});

for (const workers of POOLS) {
  describe(`views (workers=${workers})`, () => {
    it('random slice writes and reads through aliased views match a reference that copies nothing', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 6 }),
          fc.integer({ min: 1, max: 6 }),
          fc.array(opArb, { maxLength: 12 }),
          (R, C, ops) => {
            const base = np
              .arange(R * C)
              .astype('float64')
              .reshape(R, C);
            const ref = Array.from({ length: R * C }, (_, k) => k);
            for (const op of ops) {
              let view = base.get(`${text(op.first[0])}, ${text(op.first[1])}`);
              let rv: RefView = [
                pyRange(op.first[0][0], op.first[0][1], op.first[0][2], R),
                pyRange(op.first[1][0], op.first[1][1], op.first[1][2], C),
              ];
              if (op.second) {
                view = view.get([np.slice(...op.second[0]), np.slice(...op.second[1])]);
                rv = [0, 1].map((d) =>
                  pyRange(op.second![d]![0], op.second![d]![1], op.second![d]![2], rv[d]!.length).map(
                    (i) => rv[d]![i]!,
                  ),
                );
              }
              expect(view.shape).toEqual([rv[0]!.length, rv[1]!.length]);
              const cells = rv[0]!.flatMap((i) => rv[1]!.map((j) => i * C + j));
              if (op.kind === 'fill') {
                view.set('...', op.v);
                for (const c of cells) ref[c] = op.v;
              } else if (op.kind === 'iadd') {
                view.iadd(op.v);
                for (const c of cells) ref[c]! += op.v;
              } else if (op.kind === 'setview') {
                // Write the view's own reversed rows into it (reads and writes alias the same region).
                const src = view.get('::-1, :');
                const before = cells.map((c) => ref[c]!);
                view.set(':, :', src);
                const nr = rv[0]!.length;
                const nc = rv[1]!.length;
                for (let i = 0; i < nr; i++)
                  for (let j = 0; j < nc; j++) ref[cells[i * nc + j]!] = before[(nr - 1 - i) * nc + j]!;
              } else {
                expect(Array.from(view.toArray())).toEqual(cells.map((c) => ref[c]!));
              }
              expect(Array.from(base.toArray())).toEqual(ref);
            }
          },
        ),
        { numRuns: 120 },
      );
    });
  });
}

describe('basic indexing', () => {
  const a = np.arange(24).reshape(2, 3, 4);
  it('integers, negative steps, ellipsis and newaxis', () => {
    expect(a.get('1, 2').tolist()).toEqual([20, 21, 22, 23]);
    expect(a.get('-1, -1, -1').item()).toBe(23);
    expect(a.get('..., 0').shape).toEqual([2, 3]);
    expect(a.get('None, :').shape).toEqual([1, 2, 3, 4]);
    expect(a.get([0, null, '...', np.slice(null, null, -2)]).tolist()).toEqual([
      [
        [3, 1],
        [7, 5],
        [11, 9],
      ],
    ]);
    expect(a.get('0, ::-1, 1:3').tolist()).toEqual([
      [9, 10],
      [5, 6],
      [1, 2],
    ]);
    expect(a.get('').shape).toEqual([2, 3, 4]);
  });
  it('views alias their base', () => {
    const b = np.zeros([3, 3]);
    const row = b.get('1');
    row.set(':', 7);
    expect(b.get('1, 2').item()).toBe(7);
    b.T.set('0', 1);
    expect(b.get(':, 0').tolist()).toEqual([1, 1, 1]);
    expect(b.get('0').tolist()).toEqual([1, 0, 0]);
  });
  it('errors: out of bounds names index and axis; bad strings; too many indices', () => {
    expect(() => a.get('0, 3')).toThrow('get: index 3 is out of bounds for axis 1 with size 3');
    expect(() => a.get('-3')).toThrow(IndexError);
    expect(() => a.get('1:2:x')).toThrow(/bad part "1:2:x"/);
    expect(() => a.get('0,0,0,0')).toThrow(/too many indices/);
    expect(() => a.get('::0')).toThrow(ValueError);
    expect(() => a.get('..., ..., 0')).toThrow(/at most one/);
    expect(() => a.set('5', 1)).toThrow('set: index 5 is out of bounds for axis 0 with size 2');
  });
});

describe('advanced indexing', () => {
  it('integer arrays gather; negative indices wrap', () => {
    const a = np.arange(12).reshape(3, 4);
    expect(a.get([np.array([2, 0, -1])]).tolist()).toEqual([
      [8, 9, 10, 11],
      [0, 1, 2, 3],
      [8, 9, 10, 11],
    ]);
    expect(a.get([np.array([0, 2]), np.array([1, 3])]).tolist()).toEqual([1, 11]);
    expect(a.get([':', np.array([0, 0])]).tolist()).toEqual([
      [0, 0],
      [4, 4],
      [8, 8],
    ]);
    expect(a.get([np.array([[0], [2]]), np.array([1, 2])]).tolist()).toEqual([
      [1, 2],
      [9, 10],
    ]);
    expect(() => a.get([np.array([3])])).toThrow('get: index 3 is out of bounds for axis 0 with size 3');
  });
  it('non-adjacent advanced indices go first (NumPy rule)', () => {
    const a = np.arange(24).reshape(2, 3, 4);
    const r = a.get([np.array([0, 1]), ':', np.array([1, 2])]);
    expect(r.shape).toEqual([2, 3]);
    expect(r.tolist()).toEqual([
      [1, 5, 9],
      [14, 18, 22],
    ]);
  });
  it('boolean masks gather and scatter', () => {
    const a = np.arange(6).astype('float64');
    expect(a.get(a.greater(3)).tolist()).toEqual([4, 5]);
    a.set(a.less(2), -1);
    expect(a.tolist()).toEqual([-1, -1, 2, 3, 4, 5]);
    const m = np.arange(6).reshape(2, 3);
    expect(m.get(m.greater(1)).tolist()).toEqual([2, 3, 4, 5]);
    expect(() => m.get(np.array([true, false, true]))).toThrow(/boolean index/);
  });
  it('integer scatter: last write wins for repeats, values broadcast and cast', () => {
    const a = np.zeros([5], { dtype: 'int32' });
    a.set([np.array([0, 2, 0])], np.array([1.7, 2, 3]));
    expect(a.tolist()).toEqual([3, 0, 2, 0, 0]);
    a.set([np.array([4])], 9);
    expect(a.get('4').item()).toBe(9);
  });
});
