/**
 * Fusion of element-wise chains (issue 6). An element-wise operation without `{out}` returns a
 * *lazy* array: it holds the typed expression tree, its leaves (materialized arrays and scalars),
 * its dtype and shape, and no store. An element-wise operation on a lazy operand inlines the
 * operand's tree, so `a*x + b*y - z` becomes one kernel, one launch, one output region.
 *
 * A lazy array materializes — one launch of its fused kernel into a fresh region — when anything
 * reaches its `store` (every read, reduction, view, print, sparse or non-element-wise operation
 * does), and before any launch writes a region it reads: each lazy registers on its operand
 * regions as a runtime `DeferredReader`, so sequential semantics hold across deferral.
 *
 * Bounds: a tree has at most {@link MAX_NODES} nodes and {@link MAX_INPUTS} array leaves (past
 * that, operands materialize first), so `z = z.add(1)` in a loop never grows a tree. Lazies that a
 * program dropped cannot be told from live ones (JavaScript has no reference counts), so a region
 * with several pending readers — on a write, or past {@link MAX_PENDING} registrations or
 * {@link MAX_PENDING_BYTES} of other operands held — is copied once and its readers retargeted to
 * the copy (one copy instead of one launch per reader; the copy and the dropped readers are then
 * garbage together).
 *
 * Composing an operation's tree with its pending operands' trees is dense/lazy-compose.ts.
 */
import { type FuseNode, fx } from '../codegen/index.js';
import {
  assertInternal,
  checkLive,
  type DeferredReader,
  type DType,
  type Future,
  itemsize,
  type Region,
  Store,
  shapeSize,
} from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { launchEwise } from './ewise-launch.js';
import { type FoldKind, launchEwiseReduce, reducibleInto } from './ewise-reduce.js';
import { drainCollected, dropSharer, unuse, unwatch, watchIfLarge } from './lazy-forget.js';
import { checkReleased, currentFuseScope } from './lazy-fused.js';
import { EXPENSIVE, type PartRecord, prepareLaunch, treeCost } from './lazy-share.js';
import { ndarray } from './ndarray.js';

/** Largest number of nodes of a fused tree. */
export const MAX_NODES = 256;
/** Largest number of array leaves of a fused tree. */
export const MAX_INPUTS = 8;
/** Pending lazy readers of one region before they are moved onto a copy of it. */
export const MAX_PENDING = 1024;
/**
 * Bytes of *other* regions that the pending readers of one region may hold alive (each distinct
 * region counted once) before they are moved onto a copy — when that is also more than
 * {@link HELD_PER_COPIED} times the bytes the copy would move: a copy costs a pass over the
 * region, so it pays only against a much larger amount of memory it may release. (Counted per
 * reader, Black–Scholes on 4e6 options — every reader holding S, X and T — copied its inputs 85
 * times per pricing: 2.7 GB of copies for 0.5 GB of real work.)
 */
export const MAX_PENDING_BYTES = 64 * 2 ** 20;
/** See {@link MAX_PENDING_BYTES}. */
export const HELD_PER_COPIED = 8;
/** The byte bound applies past this many pending readers (a few live ones are no leak). */
const MIN_PENDING_COPY = 8;

/**
 * @internal Counts of the lazy path (tests and benchmarks; issue 16): states registered on reader
 * groups, computed because something read them or because a write to an operand forced them,
 * and snapshots (copies of a region with several pending readers) with the states they moved.
 */
export const lazyStats = {
  registered: 0,
  computedOnRead: 0,
  computedOnWrite: 0,
  snapshots: 0,
  snapshotStates: 0,
};

/** A pending fused expression (the state of a lazy array). */
export interface LazyState {
  /** The user-facing name of the last operation (errors). */
  readonly fn: string;
  /** Inputs 0..arrays.length-1 and scalars 0..scalars.length-1, numbered densely; root of `dtype`. */
  readonly tree: FuseNode;
  /** Materialized leaves, broadcastable to `shape`. */
  arrays: ndarray[];
  readonly scalars: number[];
  readonly dtype: DType;
  readonly shape: readonly number[];
  /** Nodes of `tree`. */
  readonly nodes: number;
  /** The reader groups it is registered with (one per distinct leaf region). */
  groups: Readers[];
  /** The value, once computed (forced by a write to an operand, before any array took it). */
  result: Store | null;
  /**
   * Lazy arrays made from this state: identical pending expressions (same tree, leaves and
   * scalars, registered one after the other with no write between) share one state, so a loop
   * making the same temporary again and again registers it once. Each of several sharers takes
   * its own fresh store.
   */
  sharers: number;
  /** The {@link fuse} call it was made in (0: outside any). */
  readonly scope: number;
  /**
   * Set when a fused function consumed it (inlined it into another expression) and so stopped
   * tracking writes to its operands: their regions' versions then. Null while tracked.
   */
  released: number[] | null;
  /** Expensive lazy values inlined into this one (see `lazy-share.ts`); emptied once computed. */
  parts: readonly PartRecord[];
  /** Pending expressions that recorded this one in their `parts` (see `lazy-share.ts`). */
  uses: number;
  /** Set when every array made from it was collected while `uses` kept it (see {@link dropSharer}). */
  orphan: boolean;
  /** The version of `result`'s region right after it was computed. */
  resultVersion: number;
}

/** The pending lazy readers of one region: the runtime calls {@link Readers.beforeWrite}. */
class Readers implements DeferredReader {
  readonly states = new Set<LazyState>();
  /** True while this object is in `region.deferred`. */
  armed = false;
  /** Bytes of the distinct other regions its readers reference (see {@link MAX_PENDING_BYTES}). */
  heldBytes = 0;
  /**
   * Those regions, with the number of registered readers referencing each (made at the first
   * reader with another operand: a fresh result region read once needs none; issue 16 item 3).
   */
  held: Map<Region, number> | null = null;
  /**
   * The state registered last per tree (candidates for sharing), kept by the group of each
   * state's first leaf only — the one `lazyArray` looks in; made at its first entry.
   */
  last: Map<FuseNode, LazyState> | null = null;
  constructor(readonly region: Region) {}

  beforeWrite(): void {
    this.armed = false;
    try {
      // One reader: computed now — unless it is far larger than this region (a broadcast such as
      // `X[:, None] - C[None]`, whose sum along an axis left it pending: reduce-lazy-axis.ts),
      // where copying the region it reads costs a fraction of computing it.
      let one: LazyState | null = null;
      if (this.states.size === 1) for (const s of this.states) one = s;
      if (one !== null && valueBytes(one) <= HELD_PER_COPIED * this.region.byteLength) {
        lazyStats.computedOnWrite++;
        compute(one);
      } else if (this.states.size > 0) snapshot(this);
    } catch (e) {
      // Nothing was computed (the allocation failed first): stay registered for the next write.
      if (this.states.size > 0 && !this.armed) {
        (this.region.deferred ??= new Set()).add(this);
        this.armed = true;
      }
      throw e;
    }
  }
}

/** Bytes of a pending value once computed. */
function valueBytes(s: LazyState): number {
  return itemsize(s.dtype) * shapeSize(s.shape);
}

/** The reader group of `region`, made at its first reader (kept on the region: see `Region.readerGroup`). */
function groupOf(region: Region): Readers {
  let g = region.readerGroup as Readers | null;
  if (g === null) {
    g = new Readers(region);
    region.readerGroup = g;
  }
  if (!g.armed) {
    (region.deferred ??= new Set()).add(g);
    g.armed = true;
  }
  return g;
}

export function register(s: LazyState): void {
  lazyStats.registered++;
  const arrays = s.arrays;
  // A disposed operand fails here, before any reader group holds this state.
  for (let i = 0; i < arrays.length; i++) checkLive(s.fn, arrays[i]!._store!.region);
  // The list is made at its length (a first push would allocate room for 17; issue 16 item 3).
  let g0: Readers | null = null;
  let g1: Readers | null = null;
  let g2: Readers | null = null;
  let more: Readers[] | null = null;
  for (let i = 0; i < arrays.length; i++) {
    const region = arrays[i]!._store!.region;
    let seen = false;
    for (let j = 0; j < i && !seen; j++) seen = arrays[j]!._store!.region === region;
    if (seen) continue;
    const g = groupOf(region);
    g.states.add(s);
    if (i === 0) (g.last ??= new Map()).set(s.tree, s);
    if (g0 === null) g0 = g;
    else if (g1 === null) g1 = g;
    else if (g2 === null) g2 = g;
    else (more ??= []).push(g);
  }
  let gs: Readers[];
  if (more !== null) {
    gs = [g0!, g1!, g2!];
    for (let k = 0; k < more.length; k++) gs.push(more[k]!);
  } else gs = g2 !== null ? [g0!, g1!, g2] : g1 !== null ? [g0!, g1] : g0 !== null ? [g0] : [];
  s.groups = gs;
  for (let k = 0; k < gs.length; k++)
    for (let j = 0; j < gs.length; j++) if (j !== k) addHeld(gs[k]!, gs[j]!.region);
  let copyOf: Readers[] | null = null;
  for (let k = 0; k < gs.length; k++) {
    const g = gs[k]!;
    const n = g.states.size;
    if (
      n > MAX_PENDING ||
      (n > MIN_PENDING_COPY &&
        g.heldBytes > MAX_PENDING_BYTES &&
        g.heldBytes > HELD_PER_COPIED * g.region.byteLength)
    )
      (copyOf ??= []).push(g);
  }
  if (copyOf !== null) for (const g of copyOf) snapshot(g);
}

function addHeld(g: Readers, r: Region): void {
  const held = (g.held ??= new Map());
  const c = held.get(r) ?? 0;
  held.set(r, c + 1);
  if (c === 0) g.heldBytes += r.byteLength;
}

function dropHeld(g: Readers, r: Region): void {
  const held = g.held;
  const c = held?.get(r);
  if (c === undefined) return;
  if (c > 1) held!.set(r, c - 1);
  else {
    held!.delete(r);
    g.heldBytes -= r.byteLength;
  }
}

export function unregister(s: LazyState): void {
  const gs = s.groups;
  for (let k = 0; k < gs.length; k++) {
    const g = gs[k]!;
    if (!g.states.delete(s)) continue;
    if (g.last?.get(s.tree) === s) g.last.delete(s.tree);
    for (let j = 0; j < gs.length; j++) if (j !== k) dropHeld(g, gs[j]!.region);
    if (g.states.size === 0) {
      // Both are empty by now unless a snapshot left entries: \`clear\` allocates a new table.
      g.heldBytes = 0;
      if (g.held !== null && g.held.size !== 0) g.held.clear();
      if (g.last !== null && g.last.size !== 0) g.last.clear();
      // The group stays armed (a write finds no reader and disarms it): leaving and joining
      // `region.deferred` at every reader of a read-only operand shrank and regrew its table.
    }
  }
  s.groups = NO_GROUPS;
}

/** Computes a pending state into a fresh store (one launch) and forgets its operands. */
export function compute(s: LazyState): Store {
  if (s.result !== null) return s.result;
  checkReleased(s);
  const out = allocStore(s.dtype, s.shape, false);
  unregister(s);
  if (out.size > 0) launchState(s, out);
  const parts = s.parts;
  s.parts = NO_PARTS;
  for (let i = 0; i < parts.length; i++) unuse(parts[i]!.state);
  s.result = out;
  s.resultVersion = out.region.version;
  s.arrays = NO_ARRAYS;
  return out;
}

/** Launches pending `s` into `out`, after the cost rule of `lazy-share.ts` when it has parts. */
function launchState(s: LazyState, out: Store): void {
  if (s.parts.length === 0) launchEwise(s.fn, s.tree, out, s.arrays, s.scalars);
  else {
    const p = prepareLaunch(s.tree, s.arrays, s.scalars, s.parts, compute);
    launchEwise(s.fn, p.tree, out, p.arrays, p.scalars);
  }
}

/**
 * The leaves of a computed or forgotten state: one shared empty list, never written (`register`
 * and `snapshot` only reach registered states, whose lists are their own).
 */
export const NO_ARRAYS: ndarray[] = [];
export const NO_PARTS: readonly PartRecord[] = Object.freeze([]);
/** The groups of an unregistered state (never written: `register` makes a fresh list). */
export const NO_GROUPS: Readers[] = [];

/**
 * Whether {@link reduceLazy} folds cheap values without storing them (`COHORT_FOLD_UNSTORED=1`;
 * default off). Not storing saves the region: on 1e6 elements, the fresh 8 MB region and its
 * reclaim cost the issuing thread 2-4 ms per `np.sum(np.power(y, 2))` (0.75-1.2 ms per call with
 * it on, against 2.4-3.1). A value used again is computed twice at most: the array is marked
 * folded, and its next use as an operand stores it first (`lazy-compose.ts`), as does a second
 * reduction (before that mark, Black-Scholes, whose harness sums its lazy inputs to settle
 * them, ran 25-35 % slower). Still off: the folded array stays a pending reader of its operands,
 * so a write to one computes it even when the program dropped it — `s = sum(r * r); r += d` in a
 * loop went from 1.9-2.2 to 4.6-5.4 ms per step on 1e6 elements (2026-11-27). Knowing the
 * temporary dead at that write (the young-generation weak table of runtime/reclaim-young.ts sees
 * it only after a scavenge) would settle it.
 */
let foldUnstored = process.env.COHORT_FOLD_UNSTORED === '1';

/**
 * Sets the fold-without-storing switch of {@link reduceLazy} (tests; see `foldUnstored`).
 * @returns the previous setting
 */
export function setFoldUnstored(on: boolean): boolean {
  const was = foldUnstored;
  foldUnstored = on;
  return was;
}

/**
 * The full reduction `kind` (`sum`, `prod`) of pending `a` (float operands, C-contiguous or
 * 1-D of any stride) in one launch (dense/ewise-reduce.ts), with the bits of materializing then
 * reducing: `a` is materialized by the same pass that folds its values (the values are not read
 * back), as a read would. With `foldUnstored` on, a value cheap to recompute ({@link treeCost}
 * below {@link EXPENSIVE}: `y * y`, `a * x + b`) is folded without being stored and `a` stays
 * pending, unchanged (read later, or forced by a write to an operand, it is computed then).
 * Null, with nothing done, when `a` is not pending, shares its pending state with other arrays,
 * has expensive shared parts, or its operands do not allow it.
 */
export function reduceLazy(a: ndarray, kind: FoldKind): Future | null {
  const s = a._lazy;
  if (s === null || s.result !== null || s.parts.length !== 0) return null;
  if (s.dtype !== 'float64' && s.dtype !== 'float32') return null;
  if (!reducibleInto(s.shape, s.arrays)) return null;
  checkReleased(s);
  if (foldUnstored && !a._folded && treeCost(s.tree) < EXPENSIVE) {
    a._folded = true;
    return launchEwiseReduce(s.fn, s.tree, s.dtype, s.shape, s.arrays, s.scalars, kind);
  }
  if (s.sharers > 1) return null;
  const out = allocStore(s.dtype, s.shape, false);
  unregister(s);
  const f = launchEwiseReduce(s.fn, s.tree, s.dtype, s.shape, s.arrays, s.scalars, kind, out);
  s.result = out;
  s.resultVersion = out.region.version;
  s.arrays = NO_ARRAYS;
  a._store = out;
  a._lazy = null;
  unwatch(a);
  return f;
}

const copyTrees = new Map<DType, FuseNode>();
function copyTree(dtype: DType): FuseNode {
  let tree = copyTrees.get(dtype);
  if (tree === undefined) copyTrees.set(dtype, (tree = fx.input(0, dtype)));
  return tree;
}

/**
 * Copies the part of `g.region` its readers use into a new region and retargets them to it (the
 * copy is launched now, so it reads the current contents, before any later write).
 */
function snapshot(g: Readers): void {
  const region = g.region;
  let lo = Number.POSITIVE_INFINITY;
  let hi = -1;
  for (const s of g.states) {
    for (const a of s.arrays) {
      const st = a._store!;
      if (st.region !== region) continue;
      let l = st.offset;
      let h = st.offset;
      for (let d = 0; d < st.shape.length; d++) {
        const e = (st.shape[d]! - 1) * st.strides[d]!;
        if (e > 0) h += e;
        else l += e;
      }
      if (l < lo) lo = l;
      if (h > hi) hi = h;
    }
  }
  const dtype = region.dtype;
  // Allocate before forgetting the states: if it fails, they stay pending on `region`.
  const copy = hi < lo ? null : allocStore(dtype, [hi - lo + 1], false);
  const states = [...g.states];
  lazyStats.snapshots++;
  lazyStats.snapshotStates += states.length;
  g.states.clear();
  g.last = null;
  g.held = null;
  g.heldBytes = 0;
  if (g.armed) {
    region.deferred!.delete(g);
    g.armed = false;
  }
  if (copy === null) return;
  launchEwise('copy', copyTree(dtype), copy, [new ndarray(new Store(region, [hi - lo + 1], [1], lo))], []);
  const target = groupOf(copy.region);
  // One retargeted leaf per distinct leaf object (readers of one array share it).
  const moved = new Map<ndarray, ndarray>();
  for (const s of states) {
    const arrays = s.arrays;
    for (let i = 0; i < arrays.length; i++) {
      const a = arrays[i]!;
      const st = a._store!;
      if (st.region !== region) continue;
      let b = moved.get(a);
      if (b === undefined) {
        b = new ndarray(new Store(copy.region, st.shape, st.strides, st.offset - lo));
        moved.set(a, b);
      }
      arrays[i] = b;
    }
    const gs = s.groups;
    const at = gs.indexOf(g);
    // The reader now holds the copy instead of the region, in its other groups' accounts.
    for (let j = 0; j < gs.length; j++) {
      if (j === at) continue;
      dropHeld(gs[j]!, region);
      addHeld(gs[j]!, copy.region);
      addHeld(target, gs[j]!.region);
    }
    gs[at] = target;
    target.states.add(s);
  }
}

/**
 * Forgets the pending expression of a lazy array that is disposed before it was computed: it
 * stops being a deferred reader of its operands (their memory may be reused at once), and a value
 * that a write to an operand already forced is freed — once no pending expression records it as
 * an expensive part any more (until then their launches may compute it for them).
 * @returns nothing
 */
export function discardLazy(a: ndarray): void {
  const s = a._lazy;
  if (s === null) return;
  a._lazy = null;
  unwatch(a);
  // As a collected array's: while pending expressions record it as a part, their launch may still
  // compute it for them — it was emptied here before, and such a launch then ran without operands
  // ("Cannot read properties of undefined"); now it stays until they are done.
  dropSharer(s);
}

/** The store of a lazy array: computed now unless a write to an operand already forced it. */
export function materialize(a: ndarray): Store {
  const s = a._lazy;
  if (s === null) {
    // A known 0-d value (ndarray._fromValue): its region now, written as the kernel would.
    const f = a._future;
    assertInternal(
      f !== null && a._valueDtype !== null,
      'materialize: the array has no store, expression or value',
    );
    const st = allocStore(a._valueDtype, [], false);
    st.region.data[st.offset] = f._value;
    a._store = st;
    a._futureVersion = st.region.version;
    return st;
  }
  let st: Store;
  if (s.result === null) lazyStats.computedOnRead++;
  if (s.sharers <= 1) st = compute(s);
  else {
    // A shared state: this array gets its own store (a copy of a forced value, or computed now).
    s.sharers--;
    st = allocStore(s.dtype, s.shape, false);
    if (s.result !== null) launchEwise('copy', copyTree(s.dtype), st, [new ndarray(s.result)], []);
    else launchState(s, st);
  }
  a._store = st;
  a._lazy = null;
  unwatch(a);
  return st;
}

/** A lazy array of `dtype` and `shape` computing `tree` over `arrays` and `scalars`. */
export function lazyArray(
  fn: string,
  tree: FuseNode,
  nodes: number,
  arrays: ndarray[],
  scalars: number[],
  dtype: DType,
  shape: readonly number[],
  parts: readonly PartRecord[] = NO_PARTS,
): ndarray {
  drainCollected();
  const prev = (arrays[0]!._store!.region.readerGroup as Readers | null)?.last?.get(tree);
  if (prev != null && sameExpression(prev, tree, arrays, scalars, dtype)) {
    prev.sharers++;
    // An orphan (its arrays collected, kept for a pending expression's use) has one again.
    prev.orphan = false;
    for (let i = 0; i < parts.length; i++) unuse(parts[i]!.state); // recorded by the shared state already
    // Not watched (a loop's same temporary every step would cost a watch per step): the state then
    // outlives its arrays, as it did before watches — one state per loop, bounded.
    return ndarray._fromLazy(prev);
  }
  const s: LazyState = {
    fn,
    tree,
    arrays,
    scalars,
    dtype,
    shape,
    nodes,
    groups: NO_GROUPS,
    result: null,
    sharers: 1,
    scope: currentFuseScope(),
    released: null,
    parts,
    uses: 0,
    orphan: false,
    resultVersion: 0,
  };
  register(s);
  return watchIfLarge(ndarray._fromLazy(s), s);
}

/** True when `s` is pending and computes exactly this expression (same leaves, same scalars). */
function sameExpression(
  s: LazyState,
  tree: FuseNode,
  arrays: readonly ndarray[],
  scalars: readonly number[],
  dtype: DType,
): boolean {
  if (s.tree !== tree || s.result !== null || s.groups.length === 0 || s.dtype !== dtype) return false;
  const a = s.arrays;
  if (a.length !== arrays.length || s.scalars.length !== scalars.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== arrays[i]) return false;
  for (let i = 0; i < scalars.length; i++) if (!Object.is(s.scalars[i], scalars[i])) return false;
  return true;
}

/**
 * @internal Pending readers registered on the region of `a` (tests of the bounds; issue 16).
 * @returns the number of states and of held regions of its reader group
 */
export function pendingOn(a: ndarray): { states: number; held: number } {
  const g = a._store!.region.readerGroup as Readers | null;
  return g === null ? { states: 0, held: 0 } : { states: g.states.size, held: g.held?.size ?? 0 };
}
