/**
 * The constraint solver (DESIGN.md §2): unifies aligned arguments, picks the key argument,
 * reuses existing partitions (the key view's current partition, memoized tilings), derives the
 * dependent partitions (images, projections) in dependency order and computes every piece's
 * footprint. Everything it builds is memoized, and its whole answer is traced (plan-memo.ts): a
 * launch that repeats an earlier one by value — fresh results of the same shapes included —
 * replays that plan without solving.
 */

import { type Constraint, formatConstraint } from './constraints.js';
import { ConstraintError } from './errors.js';
import { isProvisional } from './image-task.js';
import type { IntervalSet, Rect } from './index-space.js';
import { DEFAULT_REDUCTION_BLOCK, type LaunchSpec } from './launch-types.js';
import { type Partition, statsSink } from './partition.js';
import { affinePartition } from './partition-affine.js';
import { footprintsOf, imagePartition, type ViewState } from './partition-cache.js';
import type { LaunchPlan } from './plan.js';
import { recordPlan, replayPlan, seenBefore } from './plan-memo.js';
import { hasReduceArg, regionReduceBlock } from './reduction.js';
import type { Region } from './region.js';
import { shardAlign } from './shard.js';
import type { Store } from './store.js';
import { tiling, wholePartition } from './tiling.js';

export { splitRange } from './tiling.js';

type Derived = Exclude<Constraint, { kind: 'align' } | { kind: 'broadcast' }>;

/** Services the solver needs from the rest of the runtime. */
export interface SolverContext {
  /** Pieces the mapper wants for this launch. */
  pieces(spec: LaunchSpec, keyStore: Store): number;
  /** Blocks until every pending write of `region` is done (images read their source's values). */
  syncRegion(region: Region): void;
}

const NO_CONSTRAINTS: readonly Constraint[] = [];
const NO_ARGS: readonly number[] = [];

/** Throws the solver's error: the operation, its constraints, and why they cannot all hold. */
function refuse(spec: LaunchSpec, why: string): never {
  const list = (spec.constraints ?? NO_CONSTRAINTS).map(formatConstraint).join(', ');
  throw new ConstraintError(`${spec.op}: constraints [${list}] cannot all hold: ${why}`);
}

/** Can `p` stay in place as the launch domain of `store` split into `colors` blocks of `block`? */
function reusable(p: Partition | undefined, store: Store, colors: number, block: number): boolean {
  if (p === undefined || p.colors !== colors || !p.disjoint || !p.complete || !p.rectangular) return false;
  const sp = p.space.hi;
  const sh = store.shape;
  if (sp.length !== sh.length) return false;
  for (let d = 0; d < sh.length; d++) if (sp[d] !== sh[d]) return false;
  return p.alignedTo(block);
}

/** Union-find root with path halving. */
function findRoot(parent: number[], i: number): number {
  while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
  return i;
}

function checkArg(spec: LaunchSpec, i: number, c: Constraint): void {
  if (!Number.isInteger(i) || i < 0 || i >= spec.args.length) {
    refuse(spec, `${formatConstraint(c)} names argument ${i}, but the launch has ${spec.args.length}`);
  }
}

/** The working state of one solve (module-level functions instead of closures: the hot path). */
interface Solving {
  readonly spec: LaunchSpec;
  readonly ctx: SolverContext;
  readonly parent: number[];
  /** Per class root: the derivation that defines it. */
  derivedOf: (Derived | undefined)[] | null;
  broadcast: boolean[] | null;
  /** Per class root: its partition once resolved. */
  readonly partOf: (Partition | undefined)[];
  /** Per class root: 1 while resolving (cycle detection). */
  visiting: boolean[] | null;
  /** Arguments that are the source of an offsets image (their footprint includes `hi`). */
  offsetsSrc: boolean[] | null;
  /** Image sources (argument, region version when read), for the traced plan (plan-memo.ts). */
  imgArgs: number[] | null;
  imgVersions: number[] | null;
  /**
   * An image came back provisional (image-task.ts: computed by tasks, collected at the next
   * request): the plan is not traced, or its replays would keep the stand-in for good.
   */
  provisional: boolean;
  /** Per argument: its view's current partition before the launch. */
  readonly before: readonly (Partition | undefined)[];
  colors: number;
}

const isDerived = (s: Solving, i: number): boolean =>
  s.derivedOf !== null && s.derivedOf[findRoot(s.parent, i)] !== undefined;
const isBroadcast = (s: Solving, i: number): boolean => s.broadcast !== null && s.broadcast[i] === true;

/** Reads the constraints: alignment classes, broadcasts, one derivation per class. */
function gather(s: Solving): void {
  const { spec, parent } = s;
  const args = spec.args;
  const n = args.length;
  let derivedList: Derived[] | null = null;
  for (const c of spec.constraints ?? NO_CONSTRAINTS) {
    if (c.kind === 'align') {
      checkArg(spec, c.a, c);
      checkArg(spec, c.b, c);
      const sa = args[c.a]!.store.shape;
      const sb = args[c.b]!.store.shape;
      if (sa.length !== sb.length || sa.some((e, d) => e !== sb[d])) {
        refuse(spec, `${formatConstraint(c)} needs equal shapes, received [${sa}] and [${sb}]`);
      }
      parent[findRoot(parent, c.a)] = findRoot(parent, c.b);
    } else if (c.kind === 'broadcast') {
      checkArg(spec, c.a, c);
      (s.broadcast ??= new Array(n).fill(false))[c.a] = true;
    } else {
      checkArg(spec, c.src, c);
      checkArg(spec, c.dst, c);
      checkDerived(spec, c);
      (derivedList ??= []).push(c);
    }
  }
  if (derivedList === null) return;
  const derivedOf: (Derived | undefined)[] = new Array(n);
  for (const c of derivedList) {
    const r = findRoot(parent, c.dst);
    const prev = derivedOf[r];
    if (prev) {
      refuse(
        spec,
        `argument ${c.dst} is derived twice (${formatConstraint(prev)} and ${formatConstraint(c)}, through its alignment class)`,
      );
    }
    derivedOf[r] = c;
  }
  s.derivedOf = derivedOf;
  s.visiting = new Array(n).fill(false);
  // Derivations must form chains and trees, not cycles: walk each chain of sources.
  for (const c of derivedList) {
    const seen: Derived[] = [c];
    let r = findRoot(parent, c.src);
    while (derivedOf[r] !== undefined) {
      const d = derivedOf[r]!;
      if (d === c) refuse(spec, `the derivations ${seen.map(formatConstraint).join(' <- ')} form a cycle`);
      if (seen.includes(d)) break;
      seen.push(d);
      r = findRoot(parent, d.src);
    }
  }
}

/**
 * True when every derived argument is only read: then an image may be provisional (a superset,
 * computed later by tasks: image-task.ts) — extra dependences, never different results.
 */
function readOnlyDerived(s: Solving): boolean {
  const args = s.spec.args;
  for (let i = 0; i < args.length; i++) if (args[i]!.privilege !== 'read' && isDerived(s, i)) return false;
  return true;
}

/** The partition of an alignment class, deriving its sources first. */
function resolve(s: Solving, root: number): Partition {
  const known = s.partOf[root];
  if (known) return known;
  const args = s.spec.args;
  const c = s.derivedOf?.[root];
  if (!c) return (s.partOf[root] = wholePartition(args[root]!.store.shape, s.colors));
  if (s.visiting![root]) refuse(s.spec, `the derivations through argument ${c.dst} form a cycle`);
  s.visiting![root] = true;
  const srcPart = resolve(s, findRoot(s.parent, c.src));
  const src = args[c.src]!.store;
  const dstShape = args[c.dst]!.store.shape;
  let p: Partition;
  if (c.kind === 'image') {
    (s.imgArgs ??= []).push(c.src);
    (s.imgVersions ??= []).push(src.region.version);
    p = imagePartition(src, srcPart, c.mode, c.exact, dstShape[0]!, s.ctx.syncRegion, readOnlyDerived(s));
    if (isProvisional(p)) s.provisional = true;
    if (c.mode === 'offsets') (s.offsetsSrc ??= new Array(args.length).fill(false))[c.src] = true;
  } else if (c.kind === 'project') {
    p = affinePartition(srcPart, { kind: 'project', dims: c.dims }, dstShape);
  } else if (c.kind === 'bloat') {
    p = affinePartition(srcPart, { kind: 'bloat', halo: c.halo }, dstShape);
  } else {
    p = affinePartition(srcPart, { kind: 'scale', factor: c.factor }, dstShape);
  }
  s.visiting![root] = false;
  return (s.partOf[root] = p);
}

/**
 * Solves a launch's constraints: a partition per argument and the footprint of every piece.
 * The key argument is `spec.key`, else (see {@link pickKey}) one of the alignment class holding a
 * written argument; its partition is its view's current partition when that can stay in place
 * (same piece count, aligned to the reduction block), else the memoized natural tiling.
 * A launch equal by value to one solved before (runtime/plan-memo.ts) gets that plan back.
 * @param spec - the launch
 * @param ctx - the mapper's piece count and the engine's region sync
 * @returns the plan the engine runs
 * @throws {ConstraintError} when the constraints cannot all hold (names the operation and them)
 */
export function solve(spec: LaunchSpec, ctx: SolverContext): LaunchPlan {
  const t0 = timing ? performance.now() : 0;
  const hit = replayPlan(spec, ctx.pieces);
  if (hit !== undefined) {
    if (timing) planMs += performance.now() - t0;
    if (observer !== null) observer(hit, true);
    return hit;
  }
  const plan = solveNow(spec, ctx);
  if (timing) planMs += performance.now() - t0;
  if (observer !== null) observer(plan, false);
  return plan;
}

let timing = false;
let planMs = 0;
/**
 * Starts (or stops) adding up the time spent in {@link solve} — lookups, replays and solves —
 * for benchmarks (scripts/plan-cost.ts); off, it costs a flag test per launch.
 * @returns the milliseconds added up so far (reset when turned on)
 */
export function planTiming(on: boolean): number {
  if (on && !timing) planMs = 0;
  timing = on;
  return planMs;
}

let observer: ((plan: LaunchPlan, replayed: boolean) => void) | null = null;
/**
 * Calls `fn` with every plan {@link solve} returns (tests compare traced and solved plans);
 * null stops it.
 */
export function setPlanObserver(fn: ((plan: LaunchPlan, replayed: boolean) => void) | null): void {
  observer = fn;
}

function solveNow(spec: LaunchSpec, ctx: SolverContext): LaunchPlan {
  statsSink().solves++;
  const seen = seenBefore();
  const args = spec.args;
  const n = args.length;
  // What the lookup read (its scratch is reused by the next launch): the views, their current
  // partitions before this launch, and the mapper's answer if it was asked already.
  const before = seen.current.slice(0, n);
  const views: ViewState[] = seen.views.slice(0, n);
  const askedKey = seen.piecesKey;
  const askedPieces = seen.pieces;
  const parent: number[] = new Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const s: Solving = {
    spec,
    ctx,
    parent,
    derivedOf: null,
    broadcast: null,
    partOf: new Array(n),
    visiting: null,
    offsetsSrc: null,
    imgArgs: null,
    imgVersions: null,
    provisional: false,
    before,
    colors: 1,
  };
  gather(s);
  const key = spec.key ?? pickKey(s);
  if (!Number.isInteger(key) || key < 0 || key >= n) refuse(spec, `the key ${key} is not an argument`);
  const keyRoot = findRoot(parent, key);
  if (s.derivedOf?.[keyRoot]) {
    refuse(spec, `the key argument ${key} is derived by ${formatConstraint(s.derivedOf[keyRoot]!)}`);
  }
  const keyStore = args[key]!.store;
  if (spec.reduce && keyStore.ndim !== 1) {
    refuse(spec, `a reduction launch needs a 1-D key store, received shape [${keyStore.shape}]`);
  }
  const hasRed = hasReduceArg(spec);
  if (hasRed && keyStore.ndim !== 1) {
    refuse(spec, `a launch with a reduce argument needs a 1-D key store, received shape [${keyStore.shape}]`);
  }
  if (s.broadcast) {
    for (let i = 0; i < n; i++) {
      if (s.broadcast[i] && (findRoot(parent, i) === keyRoot || isDerived(s, i))) {
        refuse(spec, `argument ${i} cannot be both broadcast and partitioned`);
      }
    }
  }
  const block = spec.reduce ? (spec.reduce.block ?? DEFAULT_REDUCTION_BLOCK) : 0;
  const width = spec.reduce ? (spec.reduce.width ?? 1) : 0;
  const pieces = spec.single ? 1 : askedKey === key ? askedPieces : ctx.pieces(spec, keyStore);

  // The key partition: the key view's current partition if it can stay, else the natural tiling.
  const keyView = views[key]!;
  const redBlock = hasRed ? block || regionReduceBlock(keyStore.size) : 0;
  const natural = naturalTiling(keyView, keyStore, pieces, block || redBlock || shardAlign(keyStore));
  const cur = keyView.current;
  const keyPart =
    cur !== natural && reusable(cur, keyStore, natural.colors, block || redBlock) ? cur! : natural;
  const colors = keyPart.colors;
  s.colors = colors;
  s.partOf[keyRoot] = keyPart;

  const partitions: Partition[] = new Array(n);
  const footprints: IntervalSet[][] = new Array(colors);
  for (let c = 0; c < colors; c++) footprints[c] = new Array(n);
  for (let i = 0; i < n; i++) partitions[i] = resolve(s, findRoot(parent, i));
  for (let i = 0; i < n; i++) {
    const a = args[i]!;
    const p = partitions[i]!;
    const vs = views[i]!;
    const fp = footprintsOf(a.store, p, s.offsetsSrc !== null && s.offsetsSrc[i] === true, vs);
    for (let c = 0; c < colors; c++) footprints[c]![i] = fp[c]!;
    // Remember what the view was last written (or first partitioned) with.
    if (a.privilege !== 'read' || vs.current === undefined) vs.current = p;
  }
  const nBlocks = block ? Math.ceil(keyStore.size / block) : 0;
  const plan: LaunchPlan = {
    spec,
    colors,
    tiles: keyPart.pieces as readonly Rect[],
    footprints,
    nBlocks,
    block,
    width,
    redBlock,
    key,
    partitions,
  };
  if (!s.provisional) recordPlan(spec, plan, pieces, before, s.imgArgs ?? NO_ARGS, s.imgVersions ?? NO_ARGS);
  return plan;
}

/** The memoized natural tiling of a view (a numeric-keyed lookup per view, then the global memo). */
function naturalTiling(vs: ViewState, store: Store, pieces: number, align: number): Partition {
  const k = pieces + align * 2 ** 24;
  let p = vs.tilings.get(k);
  if (p === undefined) {
    p = tiling(store.shape, pieces, align);
    vs.tilings.set(k, p);
  }
  return p;
}

/** Shape checks of one derivation (throws the solver's {@link ConstraintError}). */
export function checkDerived(spec: LaunchSpec, c: Derived): void {
  const src = spec.args[c.src]!.store;
  const dst = spec.args[c.dst]!.store;
  const f = formatConstraint(c);
  if (c.src === c.dst) refuse(spec, `${f} derives argument ${c.dst} from itself (a cycle)`);
  if (c.kind === 'image') {
    const okSrc = c.mode === 'range' ? src.ndim === 2 && src.shape[1] === 2 : src.ndim === 1;
    if (!okSrc) {
      const want = c.mode === 'range' ? 'shape [n, 2]' : 'a 1-D store';
      refuse(spec, `${f} needs a source of ${want}, received shape [${src.shape}]`);
    }
    if (dst.ndim !== 1) refuse(spec, `${f} needs a 1-D destination, received shape [${dst.shape}]`);
    return;
  }
  const params = c.kind === 'project' ? c.dims : c.kind === 'bloat' ? c.halo : c.factor;
  if (params.length !== dst.ndim) {
    refuse(spec, `${f} needs ${dst.ndim} entries (the destination's rank), received ${params.length}`);
  }
  if (c.kind === 'project') {
    for (const d of c.dims) {
      if (!Number.isInteger(d) || d < -1 || d >= src.ndim) {
        refuse(spec, `${f}: dimension ${d} is not -1 or a dimension of the source (rank ${src.ndim})`);
      }
    }
  } else {
    if (src.ndim !== dst.ndim) {
      refuse(
        spec,
        `${f} needs source and destination of equal rank, received [${src.shape}] and [${dst.shape}]`,
      );
    }
    for (const v of params) {
      if (!Number.isInteger(v) || v < (c.kind === 'scale' ? 1 : 0)) {
        refuse(spec, `${f}: ${v} is not a ${c.kind === 'scale' ? 'positive' : 'non-negative'} integer`);
      }
    }
  }
}

/** True when an argument of `i`'s alignment class is written. */
function writtenClass(s: Solving, i: number): boolean {
  const args = s.spec.args;
  const r = findRoot(s.parent, i);
  for (let j = 0; j < args.length; j++)
    if (args[j]!.privilege !== 'read' && findRoot(s.parent, j) === r) return true;
  return false;
}

/**
 * The default key: among arguments neither derived nor broadcast, those in an alignment class
 * with a written argument (if any); of these, prefer one whose current partition can stay in
 * place, then the largest (first on ties).
 */
function pickKey(s: Solving): number {
  const args = s.spec.args;
  const n = args.length;
  let anyWritten = false;
  for (let i = 0; i < n && !anyWritten; i++) {
    if (!isDerived(s, i) && !isBroadcast(s, i) && writtenClass(s, i)) anyWritten = true;
  }
  let best = -1;
  let bestPlaced = false;
  for (let i = 0; i < n; i++) {
    if (isDerived(s, i) || isBroadcast(s, i)) continue;
    if (anyWritten && !writtenClass(s, i)) continue;
    const st = args[i]!.store;
    const cur = s.before[i];
    const placed = cur?.rectangular === true && cur.complete && cur.disjoint && cur.colors > 1;
    if (best < 0 || (placed && !bestPlaced) || (placed === bestPlaced && st.size > args[best]!.store.size)) {
      best = i;
      bestPlaced = placed;
    }
  }
  if (best < 0) refuse(s.spec, 'no argument can be the key (every argument is derived or broadcast)');
  return best;
}
