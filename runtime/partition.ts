/**
 * Partitions as first-class objects (DESIGN.md §2): a map from colors `0..colors-1` to
 * sub-spaces (rectangles or 1-D interval sets) of one index space, with disjoint/complete flags
 * and the kind that made it. Partitions are immutable and memoized by whoever makes them, so the
 * same object comes back for the same question — identity is how the solver and the engine
 * recognise reuse.
 */
import { asIntervalSet, boundingRect, IntervalSet, Rect, type SubSpace } from './index-space.js';

/** How a partition was made. */
export type PartitionKind =
  /** Blocks of a rectangle on a grid of colors (the natural partition). */
  | 'tiling'
  /** Every color gets the whole space (broadcast and unconstrained arguments). */
  | 'whole'
  /** Values of a source partition's pieces name points or ranges of this space. */
  | 'image'
  /** The source points whose values land in each piece of a destination partition. */
  | 'preimage'
  /** Affine restriction of a source partition: `project`, `bloat`, `scale`. */
  | 'project'
  | 'bloat'
  | 'scale';

let nextPartitionId = 1;

/** Counters of partition work, for tests and for proving steady states (see {@link partitionStats}). */
export interface PartitionStats {
  /** Partition objects created, by kind. */
  created: Record<PartitionKind, number>;
  /** Images (and preimages) computed from source values. */
  imageComputations: number;
  /** Image requests answered from the cache (source unchanged). */
  imageHits: number;
  /** Footprint tables (per partition × store view) computed. */
  footprintComputations: number;
  /** Constraint solves (launches the solver analysed; replays of a traced plan not included). */
  solves: number;
  /** Launches planned by replaying a traced plan (runtime/plan-memo.ts) instead of solving. */
  replays: number;
  /** Launches planned as one piece without the solver (runtime/one-piece.ts). */
  onePiece: number;
}

const zeroCreated = (): Record<PartitionKind, number> => ({
  tiling: 0,
  whole: 0,
  image: 0,
  preimage: 0,
  project: 0,
  bloat: 0,
  scale: 0,
});

const stats: PartitionStats = {
  created: zeroCreated(),
  imageComputations: 0,
  imageHits: 0,
  footprintComputations: 0,
  solves: 0,
  replays: 0,
  onePiece: 0,
};

/**
 * A snapshot of the runtime's partition counters since start (or the last reset). Take one
 * before and after a loop: `imageComputations` unchanged proves no image was recomputed.
 * @returns a copy of the counters
 * @example
 * const before = partitionStats().imageComputations;
 * for (let k = 0; k < 10; k++) y = A.dot(x);
 * partitionStats().imageComputations - before // 0 once the loop is in steady state
 */
export function partitionStats(): PartitionStats {
  return { ...stats, created: { ...stats.created } };
}

/** Resets the counters of {@link partitionStats} to zero (tests). */
export function resetPartitionStats(): void {
  stats.created = zeroCreated();
  stats.imageComputations = 0;
  stats.imageHits = 0;
  stats.footprintComputations = 0;
  stats.solves = 0;
  stats.replays = 0;
  stats.onePiece = 0;
}

/** The mutable counters (runtime-internal). */
export function statsSink(): PartitionStats {
  return stats;
}

/** Optional facts a maker knows about a partition (computed when not given). */
export interface PartitionFacts {
  readonly disjoint?: boolean;
  readonly complete?: boolean;
  /** Tilings: colors per dimension (color = C-order index into the grid). */
  readonly grid?: readonly number[];
}

/** A partition of an index space into colored sub-spaces. */
export class Partition {
  /** Unique id (stable for the object's life; for debugging and cache keys). */
  readonly id: number;
  /** Pieces never share a point. */
  readonly disjoint: boolean;
  /** The pieces cover the whole space. */
  readonly complete: boolean;
  /** Tilings: colors per dimension; undefined for other kinds. */
  readonly grid: readonly number[] | undefined;
  /** Every piece is a rectangle (usable as a launch's tiles). */
  readonly rectangular: boolean;

  /**
   * @param kind - how it was made
   * @param space - the index space partitioned (a store's `[0, shape)`)
   * @param pieces - the sub-space of each color
   * @param facts - flags the maker already knows (otherwise computed exactly)
   */
  constructor(
    readonly kind: PartitionKind,
    readonly space: Rect,
    readonly pieces: readonly SubSpace[],
    facts: PartitionFacts = {},
  ) {
    this.id = nextPartitionId++;
    this.disjoint = facts.disjoint ?? computeDisjoint(pieces);
    this.complete = facts.complete ?? computeComplete(space, pieces);
    this.grid = facts.grid;
    this.rectangular = pieces.every((p) => p instanceof Rect);
    stats.created[kind]++;
  }

  /** Number of colors. */
  get colors(): number {
    return this.pieces.length;
  }

  /** The sub-space of color `c`. */
  piece(c: number): SubSpace {
    return this.pieces[c]!;
  }

  /** The bounding rectangle of color `c`'s piece. */
  rect(c: number): Rect {
    return boundingRect(this.pieces[c]!);
  }

  /** The colors whose piece holds point `p` (an n-D point; 1-D: `[i]`). */
  colorsOf(p: readonly number[]): number[] {
    const out: number[] = [];
    this.pieces.forEach((s, c) => {
      if (s instanceof Rect ? s.has(p) : s.has(p[0]!)) out.push(c);
    });
    return out;
  }

  /**
   * True when every inner cut of this (1-D, rectangular) partition is a multiple of `block`:
   * reductions need pieces aligned to their blocks.
   */
  alignedTo(block: number): boolean {
    if (block <= 1) return true;
    const end = this.space.hi[0];
    for (const p of this.pieces) {
      if (!(p instanceof Rect)) return false;
      if (p.lo[0]! % block !== 0 && p.lo[0] !== end) return false;
    }
    return true;
  }

  toString(): string {
    return `Partition#${this.id}(${this.kind}, ${this.space}, ${this.pieces.length} colors)`;
  }
}

function computeDisjoint(pieces: readonly SubSpace[]): boolean {
  for (let a = 0; a < pieces.length; a++) {
    for (let b = a + 1; b < pieces.length; b++) {
      const pa = pieces[a]!;
      const pb = pieces[b]!;
      const hit =
        pa instanceof Rect && pb instanceof Rect
          ? pa.overlaps(pb)
          : asIntervalSet(pa).overlaps(asIntervalSet(pb));
      if (hit) return false;
    }
  }
  return true;
}

function computeComplete(space: Rect, pieces: readonly SubSpace[]): boolean {
  if (space.empty) return true;
  if (space.ndim === 1) {
    const all = IntervalSet.unionAll(pieces.map(asIntervalSet));
    return all.contains(space.toIntervalSet());
  }
  // n-D: subtract every piece from the space, rectangle by rectangle.
  let rest: Rect[] = [space];
  for (const p of pieces) {
    const r = boundingRect(p);
    rest = rest.flatMap((q) => q.difference(r));
    if (rest.length === 0) return true;
  }
  return rest.length === 0;
}
