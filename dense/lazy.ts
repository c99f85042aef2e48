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
 * with many pending readers — on a write, or past {@link MAX_PENDING} registrations — is copied
 * once and its readers retargeted to the copy (one copy instead of one launch per reader; the
 * copy and the dropped readers are then garbage together).
 */
import { type FuseNode, fx, typeTree } from '../codegen/index.js';
import { assertInternal, type DeferredReader, type DType, type Region, Store } from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { launchEwise } from './ewise-launch.js';
import { ndarray } from './ndarray.js';

/** Largest number of nodes of a fused tree. */
export const MAX_NODES = 32;
/** Largest number of array leaves of a fused tree. */
export const MAX_INPUTS = 8;
/** Pending lazy readers of one region before they are moved onto a copy of it. */
export const MAX_PENDING = 256;

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
}

/** The pending lazy readers of one region: the runtime calls {@link Readers.beforeWrite}. */
class Readers implements DeferredReader {
  readonly states = new Set<LazyState>();
  /** True while this object is in `region.deferred`. */
  armed = false;
  constructor(readonly region: Region) {}

  beforeWrite(): void {
    this.armed = false;
    if (this.states.size === 1) for (const s of this.states) compute(s);
    else if (this.states.size > 1) snapshot(this);
  }
}

const groups = new WeakMap<Region, Readers>();

function groupOf(region: Region): Readers {
  let g = groups.get(region);
  if (g === undefined) {
    g = new Readers(region);
    groups.set(region, g);
  }
  if (!g.armed) {
    (region.deferred ??= new Set()).add(g);
    g.armed = true;
  }
  return g;
}

function register(s: LazyState): void {
  const arrays = s.arrays;
  for (let i = 0; i < arrays.length; i++) {
    const region = arrays[i]!._store!.region;
    let seen = false;
    for (let j = 0; j < i && !seen; j++) seen = arrays[j]!._store!.region === region;
    if (seen) continue;
    const g = groupOf(region);
    g.states.add(s);
    s.groups.push(g);
  }
  for (const g of s.groups) if (g.states.size > MAX_PENDING) snapshot(g);
}

function unregister(s: LazyState): void {
  for (const g of s.groups) {
    g.states.delete(s);
    if (g.states.size === 0 && g.armed) {
      g.region.deferred!.delete(g);
      g.armed = false;
    }
  }
  s.groups = [];
}

/** Computes a pending state into a fresh store (one launch) and forgets its operands. */
function compute(s: LazyState): Store {
  if (s.result !== null) return s.result;
  const out = allocStore(s.dtype, s.shape);
  unregister(s);
  if (out.size > 0) launchEwise(s.fn, s.tree, out, s.arrays, s.scalars);
  s.result = out;
  s.arrays = [];
  return out;
}

const copyTrees = new Map<DType, FuseNode>();

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
  const states = [...g.states];
  g.states.clear();
  if (g.armed) {
    region.deferred!.delete(g);
    g.armed = false;
  }
  if (hi < lo) return;
  const dtype = region.dtype;
  const copy = allocStore(dtype, [hi - lo + 1]);
  let tree = copyTrees.get(dtype);
  if (tree === undefined) copyTrees.set(dtype, (tree = fx.input(0, dtype)));
  launchEwise('copy', tree, copy, [new ndarray(new Store(region, [hi - lo + 1], [1], lo))], []);
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
    gs[gs.indexOf(g)] = target;
    target.states.add(s);
  }
}

/** The store of a lazy array: computed now unless a write to an operand already forced it. */
export function materialize(a: ndarray): Store {
  const s = a._lazy;
  assertInternal(s !== null, 'materialize: the array is neither materialized nor lazy');
  const st = compute(s);
  a._store = st;
  a._lazy = null;
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
): ndarray {
  const s: LazyState = { fn, tree, arrays, scalars, dtype, shape, nodes, groups: [], result: null };
  register(s);
  return ndarray._fromLazy(s);
}

// ---- composing trees ---------------------------------------------------------------------------

const treeIds = new WeakMap<FuseNode, number>();
let nextTreeId = 1;
function treeId(t: FuseNode): number {
  let id = treeIds.get(t);
  if (id === undefined) treeIds.set(t, (id = nextTreeId++));
  return id;
}

const nodeCounts = new WeakMap<FuseNode, number>();
/** Number of nodes of a tree (memoized). */
export function countNodes(t: FuseNode): number {
  let n = nodeCounts.get(t);
  if (n === undefined) {
    n = 1;
    if ('args' in t) for (const a of t.args) n += countNodes(a);
    nodeCounts.set(t, n);
  }
  return n;
}

/** A fused expression ready to launch or to hold lazily. */
export interface Fused {
  readonly tree: FuseNode;
  readonly nodes: number;
  readonly arrays: ndarray[];
  readonly scalars: number[];
}

/** What replaces the leaves of an operation's tree: per array operand, a leaf or an inlined tree. */
interface Part {
  readonly lazy: LazyState | null;
  readonly a: number;
  readonly s: number;
}

const composed = new Map<string, Fused['tree']>();

function shift(t: FuseNode, da: number, ds: number): FuseNode {
  if (t.op === 'input') return fx.input(t.index + da, t.dtype);
  if (t.op === 'scalar') return fx.scalar(t.index + ds, t.dtype, t.weak !== false);
  const args = t.args.map((x) => shift(x, da, ds));
  return Object.freeze({ ...t, args: Object.freeze(args) });
}

function substitute(t: FuseNode, parts: readonly Part[], scalarAt: readonly number[]): FuseNode {
  if (t.op === 'input') {
    const p = parts[t.index]!;
    if (p.lazy === null) return fx.input(p.a, t.dtype);
    const sub = shift(p.lazy.tree, p.a, p.s);
    return typeTree(sub).dtype === t.dtype ? sub : fx.castTo(t.dtype, sub);
  }
  if (t.op === 'scalar') return fx.scalar(scalarAt[t.index]!, t.dtype, t.weak !== false);
  return Object.freeze({ ...t, args: Object.freeze(t.args.map((x) => substitute(x, parts, scalarAt))) });
}

/**
 * The fused expression of an operation's typed tree `base` (inputs = array operands in order,
 * scalars = scalar operands in order) over `operands`, inlining pending lazy operands within the
 * size bounds. A lazy operand that reads `outRegion` (the region an in-place operation writes)
 * or that does not fit is materialized and becomes a leaf.
 */
export function fuseOperands(
  base: FuseNode,
  operands: readonly (ndarray | number | boolean)[],
  outRegion: Region | null,
): Fused {
  let inputs = 0;
  let nodes = countNodes(base);
  let anyLazy = false;
  for (const o of operands) {
    if (!(o instanceof ndarray)) continue;
    inputs++;
    if (o._store === null) {
      // A lazy already computed (a write to an operand forced it) only takes its store.
      if (o._lazy!.result !== null) materialize(o);
      else anyLazy = true;
    }
  }
  const arrays: ndarray[] = [];
  const scalars: number[] = [];
  if (!anyLazy) {
    for (const o of operands) {
      if (o instanceof ndarray) arrays.push(o);
      else scalars.push(typeof o === 'boolean' ? (o ? 1 : 0) : o);
    }
    return { tree: base, nodes, arrays, scalars };
  }
  const parts: Part[] = [];
  const scalarAt: number[] = [];
  let key = `${treeId(base)}`;
  for (const o of operands) {
    if (!(o instanceof ndarray)) {
      scalarAt.push(scalars.length);
      scalars.push(typeof o === 'boolean' ? (o ? 1 : 0) : o);
      key += ',s';
      continue;
    }
    const s = o._store === null ? o._lazy! : null;
    if (
      s !== null &&
      s.result === null &&
      inputs - 1 + s.arrays.length <= MAX_INPUTS &&
      nodes - 1 + s.nodes <= MAX_NODES &&
      (outRegion === null || !s.arrays.some((a) => a._store!.region === outRegion))
    ) {
      inputs += s.arrays.length - 1;
      nodes += s.nodes - 1;
      parts.push({ lazy: s, a: arrays.length, s: scalars.length });
      for (const a of s.arrays) arrays.push(a);
      for (const v of s.scalars) scalars.push(v);
      key += `,t${treeId(s.tree)}`;
    } else {
      if (o._store === null) materialize(o); // a lazy operand that is not inlined
      parts.push({ lazy: null, a: arrays.length, s: 0 });
      arrays.push(o);
      key += ',a';
    }
  }
  let tree = composed.get(key);
  if (tree === undefined) {
    if (composed.size > 4096) composed.clear();
    tree = substitute(base, parts, scalarAt);
    composed.set(key, tree);
  }
  return { tree, nodes: countNodes(tree), arrays, scalars };
}
