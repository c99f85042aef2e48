import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  affinePartition,
  asIntervalSet,
  chooseGrid,
  createRegion,
  IntervalSet,
  imagePartition,
  Partition,
  partitionStats,
  preimagePartition,
  Rect,
  Store,
  splitRange,
  tiling,
  wholePartition,
} from '../../runtime/index.js';
import { csrArb, csrStores } from './partition-csr.js';

const noSync = () => {};

describe('tiling', () => {
  it('is disjoint, complete and balanced for any shape, piece count and align', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 0, maxLength: 3 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(1, 2, 3, 4),
        (shape, pieces, align) => {
          const p = tiling(shape, pieces, align);
          expect(p.kind).toBe('tiling');
          expect(p.colors).toBeLessThanOrEqual(pieces);
          expect(p.colors).toBeGreaterThanOrEqual(1);
          // Every point in exactly one piece.
          const space = Rect.fromShape(shape);
          for (const pt of space.points()) expect(p.colorsOf(pt)).toHaveLength(1);
          let vol = 0;
          for (const r of p.pieces) vol += r.volume;
          expect(vol).toBe(space.volume);
          expect(p.disjoint && p.complete).toBe(true);
          // Balanced: per dimension, piece extents (in align units for dim 0) differ by at most one.
          for (let d = 0; d < shape.length; d++) {
            const a = d === 0 ? align : 1;
            const ext = p.pieces.map((r) => (r as Rect).hi[d]! - (r as Rect).lo[d]!);
            const inner = ext.filter((_, c) => ((r) => r.hi[d] !== shape[d])(p.pieces[c] as Rect));
            const units = (d === 0 ? inner : ext).map((e) => e / a);
            if (units.length > 0) expect(Math.max(...units) - Math.min(...units)).toBeLessThanOrEqual(1);
            for (const e of ext) expect(e).toBeLessThanOrEqual(Math.max(...ext));
            if (d === 0) for (const r of p.pieces) expect((r as Rect).lo[0]! % a === 0).toBe(true);
          }
          // 1-D: as many colors as allowed.
          if (shape.length === 1)
            expect(p.colors).toBe(Math.max(1, Math.min(pieces, Math.ceil(shape[0]! / align))));
          expect(p.alignedTo(align)).toBe(true);
          // Memoized: the same object for the same question.
          expect(tiling(shape.slice(), pieces, align)).toBe(p);
        },
      ),
    );
  });

  it('chooses near-square grids when they balance better, dim 0 otherwise', () => {
    expect(chooseGrid([100], 2)).toEqual([2]);
    expect(chooseGrid([100, 100], 2)).toEqual([2, 1]);
    expect(chooseGrid([100, 100], 4)).toEqual([4, 1]);
    expect(chooseGrid([10, 10], 4)).toEqual([2, 2]);
    expect(chooseGrid([1, 100], 4)).toEqual([1, 4]);
    expect(splitRange(10, 3)).toEqual([0, 3, 6, 10]);
    expect(splitRange(10000, 2, 4096)).toEqual([0, 4096, 10000]);
    expect(tiling([10], 2).pieces.map(String)).toEqual(['[0:5]', '[5:10]']);
  });

  it('whole partitions give every color the space', () => {
    const w = wholePartition([3, 2], 3);
    expect(w.colors).toBe(3);
    expect(w.pieces.every((r) => (r as Rect).equals(Rect.fromShape([3, 2])))).toBe(true);
    expect(w.disjoint).toBe(false);
    expect(w.complete).toBe(true);
    expect(wholePartition([3, 2], 3)).toBe(w);
  });
});

/** The naive image of rows [lo, hi) through CSR. */
function rowsImage(indptr: number[], rows: Iterable<number>): Set<number> {
  const s = new Set<number>();
  for (const r of rows) for (let k = indptr[r]!; k < indptr[r + 1]!; k++) s.add(k);
  return s;
}
const pts = (s: IntervalSet | Rect) => [...asIntervalSet(s).points()];
const sorted = (s: Iterable<number>) => [...s].sort((a, b) => a - b);

describe('image', () => {
  it('exact images cover exactly the referenced set; bounding-box images contain it', () => {
    fc.assert(
      fc.property(csrArb, fc.integer({ min: 1, max: 5 }), (a, pieces) => {
        const st = csrStores(a);
        const rows = tiling([a.rows], pieces);
        const crd = imagePartition(st.indptr, rows, 'offsets', true, a.indices.length, noSync);
        const crdBox = imagePartition(st.indptr, rows, 'offsets', false, a.indices.length, noSync);
        const xs = imagePartition(st.indices, crd, 'point', true, a.cols, noSync);
        const xsBox = imagePartition(st.indices, crd, 'point', false, a.cols, noSync);
        expect(crd.kind).toBe('image');
        for (let c = 0; c < rows.colors; c++) {
          const r = rows.piece(c) as Rect;
          const rowSet = pts(r);
          const nz = rowsImage(a.indptr, rowSet);
          expect(pts(crd.piece(c))).toEqual(sorted(nz));
          expect(asIntervalSet(crdBox.piece(c)).contains(asIntervalSet(crd.piece(c)))).toBe(true);
          const cols = new Set([...nz].map((k) => a.indices[k]!));
          expect(pts(xs.piece(c))).toEqual(sorted(cols));
          const box = asIntervalSet(xsBox.piece(c));
          expect(box.count).toBeLessThanOrEqual(1);
          expect(box.contains(asIntervalSet(xs.piece(c)))).toBe(true);
          if (cols.size > 0) expect([box.lo, box.hi]).toEqual([Math.min(...cols), Math.max(...cols) + 1]);
        }
        expect(crd.disjoint).toBe(true);
        expect(crd.complete).toBe(true);
      }),
    );
  });

  it("'range' images read [start, end) pairs", () => {
    const region = createRegion('int32', 6);
    region.data.set([5, 8, 0, 2, 7, 7]);
    const src = Store.shaped(region, [3, 2]);
    const part = new Partition('tiling', Rect.fromShape([3, 2]), [
      new Rect([0, 0], [2, 2]),
      new Rect([2, 0], [3, 2]),
    ]);
    const img = imagePartition(src, part, 'range', true, 10, noSync);
    expect(img.pieces.map(String)).toEqual(['{0:2, 5:8}', '{}']);
    expect(imagePartition(src, part, 'range', false, 10, noSync).piece(0).toString()).toBe('{0:8}');
  });
});

describe('preimage', () => {
  it('is the inverse of image', () => {
    fc.assert(
      fc.property(csrArb, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), (a, p, q) => {
        const st = csrStores(a);
        const xTiles = tiling([a.cols], q);
        const pre = preimagePartition(st.indices, xTiles, 'point', noSync);
        expect(pre.kind).toBe('preimage');
        // Definition: k in pre[c] iff indices[k] in xTiles[c].
        for (let c = 0; c < xTiles.colors; c++) {
          const want = a.indices
            .map((v, k) => [v, k] as const)
            .filter(([v]) => (xTiles.piece(c) as Rect).has([v]));
          expect(pts(pre.piece(c))).toEqual(want.map(([, k]) => k));
        }
        // image(preimage(Q)) ⊆ Q piecewise, and = Q ∩ (referenced values).
        const back = imagePartition(st.indices, pre, 'point', true, a.cols, noSync);
        const used = IntervalSet.fromPoints(a.indices);
        for (let c = 0; c < xTiles.colors; c++) {
          expect(back.piece(c).toString()).toBe(asIntervalSet(xTiles.piece(c)).intersect(used).toString());
        }
        // preimage(image(P)) ⊇ P for a partition P of the entries.
        const nzTiles = tiling([Math.max(1, a.indices.length)], p);
        if (a.indices.length > 0) {
          const img = imagePartition(st.indices, nzTiles, 'point', true, a.cols, noSync);
          const pre2 = preimagePartition(st.indices, img, 'point', noSync);
          for (let c = 0; c < nzTiles.colors; c++) {
            expect(asIntervalSet(pre2.piece(c)).contains(asIntervalSet(nzTiles.piece(c)))).toBe(true);
          }
        }
        // Offsets: the rows whose range meets each piece of an entry partition.
        const rowsPre = preimagePartition(st.indptr, nzTiles, 'offsets', noSync);
        for (let c = 0; c < nzTiles.colors; c++) {
          const piece = asIntervalSet(nzTiles.piece(c));
          const want: number[] = [];
          for (let r = 0; r < a.rows; r++) {
            if (!IntervalSet.range(a.indptr[r]!, a.indptr[r + 1]!).intersect(piece).empty) want.push(r);
          }
          expect(pts(rowsPre.piece(c))).toEqual(want);
        }
      }),
    );
  });
});

describe('image cache', () => {
  it('recomputes an image after its source is written, and not otherwise', () => {
    const a = { rows: 4, cols: 5, indptr: [0, 2, 2, 3, 5], indices: [4, 0, 2, 1, 1] };
    const st = csrStores(a);
    const rows = tiling([4], 2);
    let syncs = 0;
    const sync = () => {
      syncs++;
    };
    const s0 = partitionStats();
    const p1 = imagePartition(st.indices, tiling([5], 2), 'point', true, 5, sync);
    const p2 = imagePartition(st.indices, tiling([5], 2), 'point', true, 5, sync);
    expect(p2).toBe(p1);
    expect(partitionStats().imageComputations - s0.imageComputations).toBe(1);
    expect(partitionStats().imageHits - s0.imageHits).toBe(1);
    expect(syncs).toBe(1);
    // A write (version bump) with the same values: recomputed, the same object kept.
    st.indices.region.version++;
    expect(imagePartition(st.indices, tiling([5], 2), 'point', true, 5, sync)).toBe(p1);
    expect(partitionStats().imageComputations - s0.imageComputations).toBe(2);
    expect(syncs).toBe(2);
    // A write that changes the values: a new partition with the new image.
    st.indices.region.data[0] = 3;
    st.indices.region.version++;
    const p3 = imagePartition(st.indices, tiling([5], 2), 'point', true, 5, sync);
    expect(p3).not.toBe(p1);
    expect(p3.piece(0).toString()).toBe('{0:1, 3:4}');
    expect(partitionStats().imageComputations - s0.imageComputations).toBe(3);
    // Another store view of the same region shares the cache.
    const again = Store.whole(st.indices.region);
    expect(imagePartition(again, tiling([5], 2), 'point', true, 5, sync)).toBe(p3);
    expect(partitionStats().imageComputations - s0.imageComputations).toBe(3);
    expect(rows.colors).toBe(2);
  });
});

describe('affine partitions', () => {
  it('project, bloat and scale derive pieces color by color (memoized)', () => {
    const t = tiling([6, 4], 2);
    const proj = affinePartition(t, { kind: 'project', dims: [-1, 0] }, [3, 8]);
    expect(proj.pieces.map(String)).toEqual(['[0:3, 0:3]', '[0:3, 3:6]']);
    expect(affinePartition(t, { kind: 'project', dims: [-1, 0] }, [3, 8])).toBe(proj);
    const bl = affinePartition(tiling([10], 2), { kind: 'bloat', halo: [1] }, [10]);
    expect(bl.pieces.map(String)).toEqual(['[0:6]', '[4:10]']);
    expect(bl.disjoint).toBe(false);
    const sc = affinePartition(tiling([4], 2), { kind: 'scale', factor: [2] }, [7]);
    expect(sc.pieces.map(String)).toEqual(['[0:4]', '[4:7]']);
    expect(sc.complete).toBe(true);
    const img = new Partition('image', Rect.fromShape([10]), [IntervalSet.fromPairs([0, 2, 6, 7])]);
    expect(
      affinePartition(img, { kind: 'bloat', halo: [1] }, [10])
        .piece(0)
        .toString(),
    ).toBe('{0:3, 5:8}');
  });
});
