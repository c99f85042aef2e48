/**
 * Traced plans (issue 16 item 2; Legion's traces, by value): the solver's answer for a launch is
 * memoized under everything the answer depends on, so a repeated sequence of launches — a
 * solver iteration, a user's loop body — replays it without solving, even when every iteration
 * makes fresh result arrays and fresh constraint lists.
 *
 * What a solve reads, and so what an entry records and a replay compares:
 * - the launch's structure: op (the mapper's piece count depends on it), the constraint list *by
 *   value* (a copy: mutating a list after a launch cannot fool it), the explicit key, `single`,
 *   the reduction's block and width;
 * - per argument: privilege and operator, dtype, the view's geometry (shape, strides, offset) and
 *   its region's size (an offsets source's footprint stops at the region's end), and the view's
 *   current partition where the solve reads it (the key's, which may stay in place; every
 *   argument's when the solver picks the key) — never the store's or region's identity, so
 *   fresh arrays of the same shapes hit;
 * - per image derivation: the source region's identity and version (an image reads its values:
 *   a write to the source, or another source, misses);
 * - the mapper's piece count (asked once per launch, as the solver does).
 * Everything else a solve computes is a function of these (tilings of a shape, affine
 * derivations of a partition, footprints of a geometry under a partition), so a replayed plan
 * is the plan the solver would make, partitions and footprints included (the same objects).
 * A replay applies the solve's one side effect — the views' current partitions — itself.
 *
 * Entries hold no store or region (only partitions, footprints, shapes and numbers): a memo of
 * fresh results keeps nothing of them alive. Per op name at most {@link PER_OP} entries, the
 * oldest replaced first.
 */
import type { Constraint } from './constraints.js';
import type { DType } from './dtype.js';
import type { LaunchSpec, Privilege, RedOp } from './launch-types.js';
import type { Partition } from './partition.js';
import { statsSink } from './partition.js';
import { type ViewState, viewState } from './partition-cache.js';
import type { LaunchPlan } from './plan.js';

/** A plan without its spec (the part a replay reuses). */
export type PlanBody = Omit<LaunchPlan, 'spec'>;

interface Entry {
  readonly n: number;
  /** `spec.key`, or -1 when the solver picked the key. */
  readonly keySpec: number;
  readonly single: boolean;
  /** -1 without `reduce`. */
  readonly redBlock: number;
  readonly redWidth: number;
  readonly constraints: readonly Constraint[];
  readonly priv: readonly Privilege[];
  readonly redop: readonly (RedOp | undefined)[];
  readonly dtype: readonly DType[];
  readonly shape: readonly (readonly number[])[];
  readonly strides: readonly (readonly number[])[];
  readonly offset: readonly number[];
  readonly regionSize: readonly number[];
  readonly current: readonly (Partition | undefined)[];
  /** Per image derivation: source argument, its region's id and version. */
  readonly imgArg: readonly number[];
  readonly imgId: readonly number[];
  readonly imgVersion: readonly number[];
  readonly pieces: number;
  readonly body: PlanBody;
}

/** Entries per op name (a loop body with more distinct launches of one op re-solves some). */
export const PER_OP = 32;

const memo = new Map<string, { entries: Entry[]; next: number }>();

let enabled = true;
/**
 * Turns traced plans off or on (tests compare the two paths); returns the old setting. Off, every
 * multi-piece launch is solved.
 */
export function setPlanMemo(on: boolean): boolean {
  const old = enabled;
  enabled = on;
  if (!on) memo.clear();
  return old;
}

/** Forgets every traced plan (tests). */
export function clearPlanMemo(): void {
  memo.clear();
}

/** What a lookup saw, for the solve that follows a miss (module scratch: no allocation per launch). */
export interface Seen {
  /** The views of the arguments. */
  views: ViewState[];
  /** Their current partitions before the launch. */
  current: (Partition | undefined)[];
  /** The mapper's piece count if the lookup already asked (-1: not asked). */
  pieces: number;
  /** The key the lookup asked it for. */
  piecesKey: number;
}

const seen: Seen = { views: [], current: [], pieces: -1, piecesKey: -1 };

function sameNums(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  const n = a.length;
  if (n !== b.length) return false;
  for (let d = 0; d < n; d++) if (a[d] !== b[d]) return false;
  return true;
}

function sameConstraint(a: Constraint, b: Constraint): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'align':
      return a.a === (b as typeof a).a && a.b === (b as typeof a).b;
    case 'broadcast':
      return a.a === (b as typeof a).a;
    case 'image': {
      const c = b as typeof a;
      return a.src === c.src && a.dst === c.dst && a.mode === c.mode && a.exact === c.exact;
    }
    case 'project': {
      const c = b as typeof a;
      return a.src === c.src && a.dst === c.dst && sameNums(a.dims, c.dims);
    }
    case 'bloat': {
      const c = b as typeof a;
      return a.src === c.src && a.dst === c.dst && sameNums(a.halo, c.halo);
    }
    case 'scale': {
      const c = b as typeof a;
      return a.src === c.src && a.dst === c.dst && sameNums(a.factor, c.factor);
    }
  }
}

const NO_CONSTRAINTS: readonly Constraint[] = [];

function sameList(a: readonly Constraint[], b: readonly Constraint[]): boolean {
  const n = a.length;
  if (n !== b.length) return false;
  for (let k = 0; k < n; k++) if (!sameConstraint(a[k]!, b[k]!)) return false;
  return true;
}

/** A deep copy of a constraint (the record must not change if the caller mutates its list). */
function copyConstraint(c: Constraint): Constraint {
  switch (c.kind) {
    case 'project':
      return { kind: 'project', src: c.src, dst: c.dst, dims: c.dims.slice() };
    case 'bloat':
      return { kind: 'bloat', src: c.src, dst: c.dst, halo: c.halo.slice() };
    case 'scale':
      return { kind: 'scale', src: c.src, dst: c.dst, factor: c.factor.slice() };
    default:
      return { ...c };
  }
}

/** Does entry `e` describe this launch, argument by argument (the mapper aside)? */
function matches(e: Entry, spec: LaunchSpec, cs: readonly Constraint[]): boolean {
  const args = spec.args;
  const n = args.length;
  const red = spec.reduce;
  if (
    e.n !== n ||
    e.keySpec !== (spec.key ?? -1) ||
    e.single !== (spec.single === true) ||
    e.redBlock !== (red === undefined ? -1 : (red.block ?? 0)) ||
    e.redWidth !== (red === undefined ? -1 : (red.width ?? 1))
  )
    return false;
  const cur = seen.current;
  // With an explicit key, only the key's current partition is read by the solve (it may stay
  // in place); without, every candidate's is (the key choice prefers placed views).
  const onlyKey = e.keySpec >= 0;
  for (let i = 0; i < n; i++) {
    const a = args[i]!;
    const st = a.store;
    if (
      e.priv[i] !== a.privilege ||
      e.redop[i] !== a.redop ||
      (e.current[i] !== cur[i] && (!onlyKey || i === e.keySpec)) ||
      e.offset[i] !== st.offset ||
      e.regionSize[i] !== st.region.size ||
      e.dtype[i] !== st.region.dtype ||
      !sameNums(e.shape[i]!, st.shape) ||
      !sameNums(e.strides[i]!, st.strides)
    )
      return false;
  }
  for (let k = 0; k < e.imgArg.length; k++) {
    const r = args[e.imgArg[k]!]!.store.region;
    if (r.id !== e.imgId[k] || r.version !== e.imgVersion[k]) return false;
  }
  return e.constraints === cs || sameList(e.constraints, cs);
}

/**
 * The traced plan of a launch, or undefined (then {@link seenBefore} holds what the lookup read,
 * for the solve). On a hit, the views' current partitions are updated as the solve would.
 * @param piecesOf - the mapper's piece count for the launch with a key store
 */
export function replayPlan(
  spec: LaunchSpec,
  piecesOf: (spec: LaunchSpec, keyStore: LaunchSpec['args'][number]['store']) => number,
): LaunchPlan | undefined {
  const args = spec.args;
  const n = args.length;
  seen.pieces = -1;
  seen.piecesKey = -1;
  const views = seen.views;
  const cur = seen.current;
  views.length = n;
  cur.length = n;
  for (let i = 0; i < n; i++) {
    const vs = viewState(args[i]!.store);
    views[i] = vs;
    cur[i] = vs.current;
  }
  if (!enabled) return undefined;
  const bucket = memo.get(spec.op);
  if (bucket === undefined) return undefined;
  const cs = spec.constraints ?? NO_CONSTRAINTS;
  const entries = bucket.entries;
  for (let k = 0; k < entries.length; k++) {
    const e = entries[k]!;
    if (!matches(e, spec, cs)) continue;
    // Every input of the solve but the mapper's answer matched: ask it once (a stateful mapper
    // sees the same calls as on the untraced path), for the key this launch's solve picked.
    const key = e.body.key;
    if (seen.piecesKey !== key) {
      if (seen.piecesKey >= 0) continue; // another key was asked already: leave it to the solve
      seen.pieces = spec.single ? 1 : piecesOf(spec, args[key]!.store);
      seen.piecesKey = key;
    }
    if (seen.pieces !== e.pieces) continue;
    const b = e.body;
    const parts = b.partitions;
    for (let i = 0; i < n; i++) {
      const vs = views[i]!;
      if (args[i]!.privilege !== 'read' || vs.current === undefined) vs.current = parts[i];
    }
    statsSink().replays++;
    return {
      spec,
      colors: b.colors,
      tiles: b.tiles,
      footprints: b.footprints,
      nBlocks: b.nBlocks,
      block: b.block,
      width: b.width,
      redBlock: b.redBlock,
      key: b.key,
      partitions: parts,
    };
  }
  return undefined;
}

/** What the last {@link replayPlan} read (valid until the next launch). */
export function seenBefore(): Seen {
  return seen;
}

/**
 * Records a solved plan (after a miss of {@link replayPlan} on the same spec).
 * @param current - the arguments' current partitions before the solve
 * @param imgArgs - the source arguments of the launch's image derivations
 * @param imgVersions - their regions' versions when the solve read them
 */
export function recordPlan(
  spec: LaunchSpec,
  plan: LaunchPlan,
  pieces: number,
  current: readonly (Partition | undefined)[],
  imgArgs: readonly number[],
  imgVersions: readonly number[],
): void {
  if (!enabled) return;
  const args = spec.args;
  const n = args.length;
  const red = spec.reduce;
  const priv: Privilege[] = new Array(n);
  const redop: (RedOp | undefined)[] = new Array(n);
  const dtype: DType[] = new Array(n);
  const shape: (readonly number[])[] = new Array(n);
  const strides: (readonly number[])[] = new Array(n);
  const offset: number[] = new Array(n);
  const regionSize: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const a = args[i]!;
    const st = a.store;
    priv[i] = a.privilege;
    redop[i] = a.redop;
    dtype[i] = st.region.dtype;
    shape[i] = st.shape.slice();
    strides[i] = st.strides.slice();
    offset[i] = st.offset;
    regionSize[i] = st.region.size;
  }
  const { spec: _spec, ...body } = plan;
  const e: Entry = {
    n,
    keySpec: spec.key ?? -1,
    single: spec.single === true,
    redBlock: red === undefined ? -1 : (red.block ?? 0),
    redWidth: red === undefined ? -1 : (red.width ?? 1),
    constraints: (spec.constraints ?? NO_CONSTRAINTS).map(copyConstraint),
    priv,
    redop,
    dtype,
    shape,
    strides,
    offset,
    regionSize,
    current: current.slice(),
    imgArg: imgArgs.slice(),
    imgId: imgArgs.map((i) => args[i]!.store.region.id),
    imgVersion: imgVersions.slice(),
    pieces,
    body,
  };
  let bucket = memo.get(spec.op);
  if (bucket === undefined) memo.set(spec.op, (bucket = { entries: [], next: 0 }));
  if (bucket.entries.length < PER_OP) bucket.entries.push(e);
  else {
    bucket.entries[bucket.next] = e;
    bucket.next = (bucket.next + 1) % PER_OP;
  }
}
