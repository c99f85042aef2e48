/**
 * Restriction / affine projection of partitions (the `project`, `bloat` and `scale`
 * constraints): a destination piece computed from the source piece of the same color.
 * Memoized per (source partition, transform, destination shape).
 */
import { IntervalSet, Rect, type SubSpace } from './index-space.js';
import { Partition, type PartitionKind } from './partition.js';

/** An affine derivation of one partition from another. */
export type AffineTransform =
  | { readonly kind: 'project'; readonly dims: readonly number[] }
  | { readonly kind: 'bloat'; readonly halo: readonly number[] }
  | { readonly kind: 'scale'; readonly factor: readonly number[] };

const memo = new WeakMap<Partition, Map<string, Partition>>();

function paramsOf(t: AffineTransform): readonly number[] {
  return t.kind === 'project' ? t.dims : t.kind === 'bloat' ? t.halo : t.factor;
}

/**
 * The partition of `[0, dstShape)` derived from `src` by `t`, color by color:
 * `project` takes, for each destination dimension `d`, the source piece's bounds in dimension
 * `dims[d]` (or the whole extent when -1); `bloat` grows each piece by `halo[d]` on both sides;
 * `scale` multiplies the bounds by `factor[d]`. Results are clipped to the destination.
 * Interval-set pieces keep their exact shape under 1-D `bloat`; otherwise their bounding
 * rectangle is used (conservative).
 * @returns the same object for the same (src, transform, dstShape)
 * @example affinePartition(tiling([4, 4], 2), { kind: 'project', dims: [-1, 0] }, [4, 4])
 */
export function affinePartition(src: Partition, t: AffineTransform, dstShape: readonly number[]): Partition {
  const key = `${t.kind}:${paramsOf(t).join(',')}|${dstShape.join(',')}`;
  let m = memo.get(src);
  if (m === undefined) memo.set(src, (m = new Map()));
  let p = m.get(key);
  if (p === undefined) {
    const space = Rect.fromShape(dstShape);
    const pieces = src.pieces.map((piece) => derivePiece(piece, t, space));
    const kind: PartitionKind = t.kind;
    p = new Partition(kind, space, pieces);
    m.set(key, p);
  }
  return p;
}

function derivePiece(piece: SubSpace, t: AffineTransform, space: Rect): SubSpace {
  const shape = space.hi;
  if (piece instanceof IntervalSet) {
    if (t.kind === 'bloat' && shape.length === 1) {
      return piece.grow(t.halo[0]!, t.halo[0]!).clip(0, shape[0]!);
    }
    piece = new Rect([piece.lo], [piece.hi]);
  }
  const r = piece as Rect;
  switch (t.kind) {
    case 'project':
      return new Rect(
        shape.map((e, d) => (t.dims[d]! >= 0 ? Math.min(e, r.lo[t.dims[d]!]!) : 0)),
        shape.map((e, d) => (t.dims[d]! >= 0 ? Math.min(e, r.hi[t.dims[d]!]!) : e)),
      );
    case 'bloat':
      return new Rect(
        shape.map((e, d) => Math.min(e, Math.max(0, r.lo[d]! - t.halo[d]!))),
        shape.map((e, d) => Math.max(0, Math.min(e, r.hi[d]! + t.halo[d]!))),
      );
    case 'scale':
      return new Rect(
        shape.map((e, d) => Math.min(e, r.lo[d]! * t.factor[d]!)),
        shape.map((e, d) => Math.min(e, r.hi[d]! * t.factor[d]!)),
      );
  }
}
