import type { Constraint } from './constraints.js';
import { ConstraintError } from './errors.js';
import { IntervalSet, Rect } from './index-space.js';
import { DEFAULT_REDUCTION_BLOCK, type LaunchSpec } from './launch-types.js';
import type { LaunchPlan } from './plan.js';
import type { Region } from './region.js';
import type { Store } from './store.js';

type Derived = Exclude<Constraint, { kind: 'align' } | { kind: 'broadcast' }>;

/** Services the solver needs from the rest of the runtime. */
export interface SolverContext {
  /** Pieces the mapper wants for this launch. */
  pieces(spec: LaunchSpec, keyStore: Store): number;
  /** Blocks until every pending write of `region` is done (images read their source's values). */
  syncRegion(region: Region): void;
}

/** Splits `[0, n)` into `pieces` near-equal ranges whose inner bounds are multiples of `align`. */
export function splitRange(n: number, pieces: number, align = 1): number[] {
  const units = Math.ceil(n / align);
  const p = Math.max(1, Math.min(pieces, units));
  const cuts = [0];
  for (let c = 1; c < p; c++) cuts.push(Math.min(n, Math.floor((units * c) / p) * align));
  cuts.push(n);
  return cuts;
}

/** Solves a launch's constraints: a partition per argument and the footprint of every piece. */
export function solve(spec: LaunchSpec, ctx: SolverContext): LaunchPlan {
  const args = spec.args;
  const cons = spec.constraints ?? [];
  const n = args.length;
  const parent = args.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const derived = new Map<number, Derived>();
  const broadcasted = new Set<number>();
  for (const c of cons) {
    if (c.kind === 'align') {
      checkIndex(spec, c.a);
      checkIndex(spec, c.b);
      const sa = args[c.a]!.store.shape;
      const sb = args[c.b]!.store.shape;
      if (sa.length !== sb.length || sa.some((e, d) => e !== sb[d])) {
        throw new ConstraintError(
          `${spec.op}: align(${c.a}, ${c.b}) needs equal shapes, received [${sa}] and [${sb}]`,
        );
      }
      parent[find(c.a)] = find(c.b);
    } else if (c.kind === 'broadcast') {
      checkIndex(spec, c.a);
      broadcasted.add(c.a);
    } else {
      checkIndex(spec, c.src);
      checkIndex(spec, c.dst);
      if (derived.has(c.dst)) {
        throw new ConstraintError(`${spec.op}: argument ${c.dst} is derived by two constraints`);
      }
      derived.set(c.dst, c);
    }
  }
  const key = spec.key ?? pickKey(spec, find, derived, broadcasted);
  const keyStore = args[key]!.store;
  if (spec.reduce && keyStore.ndim !== 1) {
    throw new ConstraintError(
      `${spec.op}: a reduction launch needs a 1-D key store, received [${keyStore.shape}]`,
    );
  }
  const block = spec.reduce ? (spec.reduce.block ?? DEFAULT_REDUCTION_BLOCK) : 0;
  const width = spec.reduce ? (spec.reduce.width ?? 1) : 0;
  const pieces = spec.single ? 1 : ctx.pieces(spec, keyStore);
  const tiles = tileRect(keyStore.shape, pieces, block || 1);
  const colors = tiles.length;
  const keyRoot = find(key);
  const footprints: IntervalSet[][] = tiles.map(() => new Array<IntervalSet>(n));
  const tileOf: (Rect[] | undefined)[] = new Array(n);
  const resolve = (i: number, stack: number[]): void => {
    if (tileOf[i]) return;
    if (stack.includes(i)) throw new ConstraintError(`${spec.op}: constraints on argument ${i} form a cycle`);
    const st = args[i]!.store;
    if (find(i) === keyRoot) {
      tileOf[i] = tiles;
    } else if (derived.has(i)) {
      const c = derived.get(i)!;
      if (c.kind === 'image') {
        resolve(c.src, [...stack, i]);
        const src = args[c.src]!.store;
        ctx.syncRegion(src.region);
        tileOf[i] = [];
        tiles.forEach((_, color) => {
          const set = imageOf(src, tileOf[c.src]![color]!, c.mode, c.exact);
          footprints[color]![i] = mapSet(st, set);
        });
        if (c.mode === 'offsets') {
          tiles.forEach((_, color) => {
            const r = tileOf[c.src]![color]!;
            footprints[color]![c.src] = src.footprint(
              new Rect([r.lo[0]!], [Math.min(r.hi[0]! + 1, src.region.size - src.offset)]),
            );
          });
        }
        return;
      }
      resolve(c.src, [...stack, i]);
      tileOf[i] = tileOf[c.src]!.map((r) => deriveRect(spec.op, c, r, st.shape));
    } else {
      tileOf[i] = tiles.map(() => st.rect);
    }
    tileOf[i]!.forEach((r, color) => {
      footprints[color]![i] = st.footprint(r);
    });
  };
  for (let i = 0; i < n; i++) {
    if (broadcasted.has(i) && (find(i) === keyRoot || derived.has(i))) {
      throw new ConstraintError(`${spec.op}: argument ${i} cannot be both broadcast and partitioned`);
    }
    resolve(i, []);
  }
  const nBlocks = block ? Math.ceil(keyStore.size / block) : 0;
  return { spec, colors, tiles, footprints, nBlocks, block, width };
}

function checkIndex(spec: LaunchSpec, i: number): void {
  if (!Number.isInteger(i) || i < 0 || i >= spec.args.length) {
    throw new ConstraintError(
      `${spec.op}: a constraint names argument ${i}, but the launch has ${spec.args.length}`,
    );
  }
}

function pickKey(
  spec: LaunchSpec,
  find: (i: number) => number,
  derived: Map<number, Derived>,
  broadcasted: Set<number>,
): number {
  let best = -1;
  const writes = spec.args.map((a) => a.privilege !== 'read');
  const candidates = spec.args.map((_, i) => i).filter((i) => !derived.has(i) && !broadcasted.has(i));
  const hasWritten = candidates.some((i) => candidates.some((j) => find(j) === find(i) && writes[j]));
  for (const i of candidates) {
    const inWritten = candidates.some((j) => find(j) === find(i) && writes[j]);
    if (hasWritten && !inWritten) continue;
    if (best < 0 || spec.args[i]!.store.size > spec.args[best]!.store.size) best = i;
  }
  if (best < 0)
    throw new ConstraintError(
      `${spec.op}: no argument can be the key (every argument is derived or broadcast)`,
    );
  return best;
}

function tileRect(shape: readonly number[], pieces: number, align: number): Rect[] {
  if (shape.length === 0) return [new Rect([], [])];
  // Split the outermost dimension with enough extent.
  const cuts = splitRange(shape[0]!, pieces, align);
  const out: Rect[] = [];
  for (let c = 0; c + 1 < cuts.length; c++) {
    out.push(new Rect([cuts[c]!, ...shape.slice(1).map(() => 0)], [cuts[c + 1]!, ...shape.slice(1)]));
  }
  return out;
}

function deriveRect(op: string, c: Derived, r: Rect, shape: readonly number[]): Rect {
  switch (c.kind) {
    case 'project':
      return new Rect(
        shape.map((_, d) => (c.dims[d]! >= 0 ? r.lo[c.dims[d]!]! : 0)),
        shape.map((e, d) => (c.dims[d]! >= 0 ? r.hi[c.dims[d]!]! : e)),
      );
    case 'bloat':
      return new Rect(
        shape.map((_, d) => Math.max(0, r.lo[d]! - c.halo[d]!)),
        shape.map((e, d) => Math.min(e, r.hi[d]! + c.halo[d]!)),
      );
    case 'scale':
      return new Rect(
        shape.map((_, d) => Math.min(shape[d]!, r.lo[d]! * c.factor[d]!)),
        shape.map((e, d) => Math.min(e, r.hi[d]! * c.factor[d]!)),
      );
    default:
      throw new ConstraintError(`${op}: unsupported derived constraint ${c.kind}`);
  }
}

/** The image of src's piece `r` in the index space of the destination store. */
function imageOf(src: Store, r: Rect, mode: 'point' | 'offsets', exact: boolean): IntervalSet {
  const data = src.region.data;
  const lo = r.lo[0]!;
  const hi = r.hi[0]!;
  const s0 = src.strides[0]!;
  if (mode === 'offsets') {
    if (hi <= lo) return IntervalSet.EMPTY;
    return IntervalSet.range(data[src.offset + lo * s0]!, data[src.offset + hi * s0]!);
  }
  if (!exact) {
    let mn = Number.POSITIVE_INFINITY;
    let mx = Number.NEGATIVE_INFINITY;
    for (let k = lo; k < hi; k++) {
      const v = data[src.offset + k * s0]!;
      if (v < mn) mn = v;
      if (v > mx) mx = v;
    }
    return hi > lo ? IntervalSet.range(mn, mx + 1) : IntervalSet.EMPTY;
  }
  const pairs: number[] = [];
  for (let k = lo; k < hi; k++) {
    const v = data[src.offset + k * s0]!;
    pairs.push(v, v + 1);
  }
  return IntervalSet.fromPairs(pairs);
}

/** Maps a set of points of a 1-D store to region memory. */
function mapSet(st: Store, set: IntervalSet): IntervalSet {
  if (st.offset === 0 && st.strides[0] === 1) return set;
  const pairs: number[] = [];
  const b = set.bounds;
  for (let k = 0; k < b.length; k += 2) {
    pairs.push(...st.footprint(new Rect([b[k]!], [b[k + 1]!])).bounds);
  }
  return IntervalSet.fromPairs(pairs);
}
