import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IntervalSet, Rect } from '../../runtime/index.js';

const U = 64;
/** A random set as flat (possibly overlapping, unsorted, empty) pairs over [0, U). */
const pairsArb = fc
  .array(fc.tuple(fc.integer({ min: 0, max: U }), fc.integer({ min: 0, max: 8 })), { maxLength: 10 })
  .map((ps) => ps.flatMap(([s, l]) => [s, Math.min(U, s + l)]));

const naive = (pairs: number[]): Set<number> => {
  const s = new Set<number>();
  for (let k = 0; k < pairs.length; k += 2) for (let p = pairs[k]!; p < pairs[k + 1]!; p++) s.add(p);
  return s;
};
const sorted = (s: Iterable<number>): number[] => [...s].sort((a, b) => a - b);

/** Canonical: sorted, disjoint, non-adjacent, non-empty intervals. */
function canonical(x: IntervalSet): boolean {
  const b = x.bounds;
  for (let k = 0; k < b.length; k += 2) {
    if (b[k + 1]! <= b[k]!) return false;
    if (k > 0 && b[k]! <= b[k - 1]!) return false;
  }
  return true;
}

describe('IntervalSet', () => {
  it('fromPairs, fromPoints and volume agree with a naive point set', () => {
    fc.assert(
      fc.property(pairsArb, (p) => {
        const x = IntervalSet.fromPairs(p);
        expect(canonical(x)).toBe(true);
        expect([...x.points()]).toEqual(sorted(naive(p)));
        expect(x.volume).toBe(naive(p).size);
        const y = IntervalSet.fromPoints([...naive(p)].reverse());
        expect(y.equals(x)).toBe(true);
      }),
    );
  });

  it('union, intersection, difference, overlap, containment are exact', () => {
    fc.assert(
      fc.property(pairsArb, pairsArb, (p, q) => {
        const a = IntervalSet.fromPairs(p);
        const b = IntervalSet.fromPairs(q);
        const A = naive(p);
        const B = naive(q);
        const u = a.union(b);
        const i = a.intersect(b);
        const d = a.difference(b);
        for (const r of [u, i, d]) expect(canonical(r)).toBe(true);
        expect([...u.points()]).toEqual(sorted(new Set([...A, ...B])));
        expect([...i.points()]).toEqual(sorted([...A].filter((v) => B.has(v))));
        expect([...d.points()]).toEqual(sorted([...A].filter((v) => !B.has(v))));
        expect(a.overlaps(b)).toBe([...A].some((v) => B.has(v)));
        expect(a.contains(b)).toBe([...B].every((v) => A.has(v)));
        expect(IntervalSet.unionAll([a, b, a]).equals(u)).toBe(true);
        for (let v = -1; v <= U; v++) expect(a.has(v)).toBe(A.has(v));
      }),
    );
  });

  it('shift, clip, grow and boundingBox', () => {
    fc.assert(
      fc.property(pairsArb, fc.integer({ min: 0, max: U }), fc.integer({ min: 0, max: 3 }), (p, c, g) => {
        const a = IntervalSet.fromPairs(p);
        const A = sorted(naive(p));
        expect([...a.shift(5).points()]).toEqual(A.map((v) => v + 5));
        expect([...a.clip(c, c + 10).points()]).toEqual(A.filter((v) => v >= c && v < c + 10));
        const grown = new Set<number>();
        for (const v of A) for (let k = v - g; k <= v + g; k++) grown.add(k);
        expect([...a.grow(g, g).points()]).toEqual(sorted(grown));
        const bb = a.boundingBox();
        expect(bb.count).toBe(a.empty ? 0 : 1);
        if (!a.empty) expect([bb.lo, bb.hi]).toEqual([A[0], A[A.length - 1]! + 1]);
        expect([...a.intervals()].flat()).toEqual([...a.bounds]);
      }),
    );
  });
});

const rectArb = (nd: number) =>
  fc
    .array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 4 })), {
      minLength: nd,
      maxLength: nd,
    })
    .map(
      (ds) =>
        new Rect(
          ds.map(([l]) => l),
          ds.map(([l, e]) => l + e),
        ),
    );
const key = (p: readonly number[]) => p.join(',');
const pointsOf = (r: Rect) => new Set([...r.points()].map(key));

describe('Rect', () => {
  it('volume, points, intersection, containment, overlap, difference and union are exact', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }).chain((nd) => fc.tuple(rectArb(nd), rectArb(nd))),
        ([a, b]) => {
          const A = pointsOf(a);
          const B = pointsOf(b);
          expect(A.size).toBe(a.volume);
          expect(a.empty).toBe(A.size === 0);
          const inter = [...A].filter((p) => B.has(p));
          expect(pointsOf(a.intersect(b))).toEqual(new Set(inter));
          expect(a.overlaps(b)).toBe(inter.length > 0);
          expect(a.contains(b)).toBe([...B].every((p) => A.has(p)));
          const diff = a.difference(b);
          const seen = new Map<string, number>();
          for (const r of diff) for (const p of pointsOf(r)) seen.set(p, (seen.get(p) ?? 0) + 1);
          expect(new Set(seen.keys())).toEqual(new Set([...A].filter((p) => !B.has(p))));
          expect([...seen.values()].every((c) => c === 1)).toBe(true);
          const un = a.union(b);
          const all = new Map<string, number>();
          for (const r of un) for (const p of pointsOf(r)) all.set(p, (all.get(p) ?? 0) + 1);
          expect(new Set(all.keys())).toEqual(new Set([...A, ...B]));
          expect([...all.values()].every((c) => c === 1)).toBe(true);
          const h = a.hull(b);
          expect(h.contains(a) && h.contains(b)).toBe(true);
        },
      ),
    );
  });

  it('0-d rectangles hold one point; equality ignores the bounds of empty ones', () => {
    expect(Rect.fromShape([]).volume).toBe(1);
    expect([...Rect.fromShape([]).points()]).toEqual([[]]);
    expect(new Rect([3], [1]).equals(new Rect([5], [5]))).toBe(true);
    expect(Rect.fromShape([2, 3]).toString()).toBe('[0:2, 0:3]');
  });
});
