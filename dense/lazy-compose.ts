/**
 * Composing fused expressions (issue 6; the lazy arrays themselves are dense/lazy.ts): an
 * element-wise operation's typed tree over its operands becomes one tree whose pending operands
 * are inlined within the size bounds ({@link fuseOperands}), found again through a trie keyed by
 * the operation and its operands' shapes of inlining so a loop composes nothing after its first
 * iteration; and the launch of a fused expression that is not held lazily ({@link launchFused}).
 */
import { type FuseNode, fx, typeTree } from '../codegen/index.js';
import { ctorOf, type DType, type Region, type Store, type TypedArray } from '../runtime/index.js';
import { launchEwise } from './ewise-launch.js';
import { compute, type LazyState, MAX_INPUTS, MAX_NODES, materialize } from './lazy.js';
import { unuse } from './lazy-forget.js';
import { checkReleased, currentFuseScope, release } from './lazy-fused.js';
import { EXPENSIVE, type PartRecord, prepareLaunch, remap, treeCost } from './lazy-share.js';
import { ndarray } from './ndarray.js';

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
  const n = nodeCounts.get(t);
  return n === undefined ? countNodesOnce(t) : n;
}

/** {@link countNodes}'s first call for a tree, apart so that the memo hit stays tiny (inlined). */
function countNodesOnce(t: FuseNode): number {
  let n = 1;
  if ('args' in t) for (let i = 0; i < t.args.length; i++) n += countNodes(t.args[i]!);
  nodeCounts.set(t, n);
  return n;
}

/** A fused expression ready to launch or to hold lazily. */
export interface Fused {
  readonly tree: FuseNode;
  readonly nodes: number;
  readonly arrays: ndarray[];
  readonly scalars: number[];
  /** Expensive pending values inlined (see `lazy-share.ts`): their `uses` count this expression. */
  readonly parts: readonly PartRecord[];
}

const boxes = new Map<DType, TypedArray>();
/**
 * `v` as a region of `dtype` holds it (what `materialize` writes and a kernel would read back): a
 * float32 reduction's value is a float64 until stored.
 */
function asStored(dtype: DType, v: number): number {
  if (dtype === 'float64') return v;
  let b = boxes.get(dtype);
  if (b === undefined) boxes.set(dtype, (b = new (ctorOf(dtype))(1)));
  b[0] = v;
  return b[0]!;
}

/** Trie key of a known 0-d value given as a strong scalar (leaves use 0, 1, 2+; scalars -1-m). */
const VALUE_KEY = -(2 ** 30);

/**
 * What replaces the leaves of an operation's tree, per array operand: a leaf (`lazy` null,
 * `amap[0]` its input index), a known 0-d value (`lazy` null, `amap` empty, `smap[0]` its strong
 * scalar's index) or an inlined tree whose input and scalar indices map to `amap` and
 * `smap` of the composed expression.
 */
interface Part {
  readonly lazy: LazyState | null;
  readonly amap: readonly number[];
  readonly smap: readonly number[];
}

interface Trie {
  next: Map<number, Trie> | null;
  tree: FuseNode | undefined;
}
let composed: Trie = { next: null, tree: undefined };
let trieSize = 0;

function trieStep(t: Trie, k: number): Trie {
  let m = t.next;
  if (m === null) t.next = m = new Map();
  let n = m.get(k);
  if (n === undefined) {
    if (trieSize > 4096) {
      // A bound on memory for programs that compose endlessly many different trees.
      composed = { next: null, tree: undefined };
      trieSize = 0;
    }
    m.set(k, (n = { next: null, tree: undefined }));
  }
  return n;
}

function readsRegion(s: LazyState, region: Region): boolean {
  const a = s.arrays;
  for (let i = 0; i < a.length; i++) if (a[i]!._store!.region === region) return true;
  return false;
}

const scalarTypes = new WeakMap<FuseNode, (string | undefined)[]>();
/** The dtype (and weakness) of each scalar index of a tree, as `dtype` or `dtype!` (memoized). */
function scalarKinds(t: FuseNode): (string | undefined)[] {
  let k = scalarTypes.get(t);
  if (k === undefined) {
    const out: (string | undefined)[] = [];
    const walk = (n: FuseNode): void => {
      if (n.op === 'scalar') out[n.index] = n.dtype;
      else if ('args' in n) for (const a of n.args) walk(a);
    };
    walk(t);
    scalarTypes.set(t, (k = out));
  }
  return k;
}

/** Two views of the same elements (same region, offset, shape, strides): one leaf serves both. */
function sameLeaf(a: ndarray, b: ndarray): boolean {
  if (a === b) return true;
  const x = a._store!;
  const y = b._store!;
  if (x.region !== y.region || x.offset !== y.offset || x.shape.length !== y.shape.length) return false;
  for (let d = 0; d < x.shape.length; d++)
    if (x.shape[d] !== y.shape[d] || x.strides[d] !== y.strides[d]) return false;
  return true;
}

function leafIndex(arrays: ndarray[], a: ndarray): number {
  for (let i = 0; i < arrays.length; i++) if (sameLeaf(arrays[i]!, a)) return i;
  arrays.push(a);
  return arrays.length - 1;
}

function scalarIndex(
  scalars: number[],
  kinds: (string | undefined)[],
  v: number,
  kind: string | undefined,
): number {
  if (kind !== undefined)
    for (let i = 0; i < scalars.length; i++) if (kinds[i] === kind && Object.is(scalars[i], v)) return i;
  scalars.push(v);
  kinds.push(kind);
  return scalars.length - 1;
}

function substitute(
  t: FuseNode,
  parts: readonly Part[],
  smap: readonly number[],
  subs: (FuseNode | undefined)[] = [],
): FuseNode {
  if (t.op === 'input') {
    const p = parts[t.index]!;
    if (p.lazy === null)
      return p.amap.length === 0 ? fx.scalar(p.smap[0]!, t.dtype, false) : fx.input(p.amap[0]!, t.dtype);
    // One remapped tree per operand: an operand used twice is one shared subtree.
    const sub = (subs[t.index] ??= remap(p.lazy.tree, p.amap, p.smap));
    return typeTree(sub).dtype === t.dtype ? sub : fx.castTo(t.dtype, sub);
  }
  if (t.op === 'scalar') return fx.scalar(smap[t.index]!, t.dtype, t.weak !== false);
  return Object.freeze({ ...t, args: Object.freeze(t.args.map((x) => substitute(x, parts, smap, subs))) });
}

/**
 * The fused expression of an operation's typed tree `base` (inputs = array operands in order,
 * scalars = scalar operands in order) over `operands`, inlining pending lazy operands within the
 * size bounds. A lazy operand that reads `outRegion` (the region an in-place operation writes)
 * or that does not fit is materialized and becomes a leaf.
 *
 * Leaves are shared: the same array (or an equal view) is one input, an equal scalar of the same
 * dtype one scalar, and a lazy operand given twice is inlined once — so a value used several
 * times gives structurally equal subtrees, which the kernel computes once (codegen numbers equal
 * subtrees alike). Inlined operands that are expensive to recompute are recorded (`parts`) for
 * the launch-time rule of {@link prepareLaunch}. `resultSize` (the elements written; -1: the
 * operands' broadcast) decides which broadcast operands are computed first (`dearerBroadcast`).
 */
export function fuseOperands(
  base: FuseNode,
  operands: readonly (ndarray | number | boolean)[],
  outRegion: Region | null,
  resultSize = -1,
): Fused {
  let anyLazy = false;
  // Indexed loops throughout: a for-of that V8 does not optimize away allocates an iterator.
  const nOps = operands.length;
  for (let k = 0; k < nOps; k++) {
    const o = operands[k]!;
    if (!(o instanceof ndarray)) continue;
    if (o._store === null) {
      // A lazy already computed (a write to an operand forced it) only takes its store. A known
      // 0-d value (ndarray._fromValue: a solver's alpha) becomes a scalar parameter of its own
      // dtype (strong, as the array it is): no region is made for it (issue 16 item 3).
      // A lazy a reduction folded without storing is stored at this use (lazy.ts `reduceLazy`).
      const lz = o._lazy;
      if (lz === null ? o._future === null : lz.result !== null || o._folded) materialize(o);
      else anyLazy = true;
    }
  }
  if (!anyLazy) return leavesOnly(base, operands);
  // Walk a trie keyed by the base tree and, per operand, scalar / leaf / inlined tree and the
  // leaf numbering: the composed tree is found without building a key (a small-op loop does
  // this every iteration).
  // Scratch lists of the outermost call (a call re-entered through `materialize` makes its own):
  // each fresh list grows a 17-element backing store at its first push, a third of a small
  // operation's allocation (issue 16 item 3). Emptied on the way out (no state stays reachable).
  const top = composing++ === 0;
  // The leaves too: composed in scratch lists, copied out at their length at the end.
  const arrays: ndarray[] = top ? ARRAYS : [];
  const scalars: number[] = top ? SCALARS : [];
  const parts: Part[] = top ? PARTS : [];
  const smap: number[] = top ? SMAP : [];
  const kinds: (string | undefined)[] = top ? KINDS : [];
  try {
    return compose(base, operands, outRegion, arrays, scalars, parts, smap, kinds, top, resultSize);
  } finally {
    composing--;
    if (top) {
      // pop, not `length = 0`: V8 frees an array's backing store when its length is set to 0,
      // so every call grew three stores again; popping to empty keeps them.
      while (ARRAYS.length > 0) ARRAYS.pop();
      while (SCALARS.length > 0) SCALARS.pop();
      while (PARTS.length > 0) PARTS.pop();
      while (SMAP.length > 0) SMAP.pop();
      while (KINDS.length > 0) KINDS.pop();
    }
  }
}

/**
 * {@link fuseOperands} when no operand is pending: the operands are the leaves. The lists are
 * made at their length (a first `push` on an empty list allocates room for 17 elements, most of
 * a small operation's allocation here; issue 16 item 3).
 */
function leavesOnly(base: FuseNode, operands: readonly (ndarray | number | boolean)[]): Fused {
  const nOps = operands.length;
  let na = 0;
  for (let k = 0; k < nOps; k++) if (operands[k] instanceof ndarray) na++;
  let arrays: ndarray[];
  let scalars: number[];
  if (na === nOps && na <= 3) {
    const o = operands as readonly ndarray[];
    arrays = na === 1 ? [o[0]!] : na === 2 ? [o[0]!, o[1]!] : na === 3 ? [o[0]!, o[1]!, o[2]!] : [];
    scalars = [];
  } else if (nOps === 2 && na === 1) {
    const k = operands[0] instanceof ndarray ? 0 : 1;
    arrays = [operands[k] as ndarray];
    scalars = [scalarLeaf(operands[1 - k] as number | boolean)];
  } else {
    arrays = [];
    scalars = [];
    for (let k = 0; k < nOps; k++) {
      const o = operands[k]!;
      if (o instanceof ndarray) arrays.push(o);
      else scalars.push(scalarLeaf(o));
    }
  }
  return { tree: base, nodes: countNodes(base), arrays, scalars, parts: NO_PARTS };
}

const scalarLeaf = (o: number | boolean): number => (typeof o === 'boolean' ? (o ? 1 : 0) : o);

/** Operations per element × elements saved from which a broadcast operand is computed first. */
const BCAST_MIN_WORK = 2 ** 18;
/**
 * Operations per element a memory-bound kernel does for free behind its loads (the mapper's cost
 * rule, mapper/README.md): a broadcast operand as cheap as this stays inlined whatever its size.
 */
const BCAST_FREE_OPS = 4;

/**
 * Elements of the broadcast of the array operands' shapes (0 when one is empty).
 * @param operands - the operation's operands
 * @returns the result's element count
 */
function broadcastSize(operands: readonly (ndarray | number | boolean)[]): number {
  let rank = 0;
  for (let k = 0; k < operands.length; k++) {
    const o = operands[k];
    if (o instanceof ndarray) {
      if (o.size === 0) return 0;
      if (o.ndim > rank) rank = o.ndim;
    }
  }
  let size = 1;
  for (let d = 0; d < rank; d++) {
    let m = 1;
    for (let k = 0; k < operands.length; k++) {
      const o = operands[k];
      if (!(o instanceof ndarray)) continue;
      const j = o.ndim - rank + d;
      if (j >= 0 && o.shape[j]! > m) m = o.shape[j]!;
    }
    size *= m;
  }
  return size;
}

/**
 * Whether pending value `s` of `size` elements, broadcast to `outSize`, costs more inlined than
 * computed first at its own size: inlined, the fused kernel evaluates it once per element of the
 * result — `np.sin(x)[:, None] * np.cos(y)[None, :]` would take a sine and a cosine per element of
 * the outer product, where NumPy takes one per element of `x` and `y` (pde's right-hand side on
 * 1000², 62–75 ms against NumPy's ~15). Computed first when it is at most a quarter of the result,
 * costs more than {@link BCAST_FREE_OPS} operations per element (`treeCost`), and what that saves
 * is at least {@link BCAST_MIN_WORK}; the bits are the same either way (a fused kernel rounds
 * every node as a stored value).
 */
function dearerBroadcast(s: LazyState, size: number, outSize: number): boolean {
  if (outSize < 0 || size * 4 > outSize) return false;
  const cost = treeCost(s.tree);
  return cost > BCAST_FREE_OPS && (outSize - size) * cost >= BCAST_MIN_WORK;
}

let composing = 0;
const ARRAYS: ndarray[] = [];
const SCALARS: number[] = [];
const PARTS: Part[] = [];
const SMAP: number[] = [];
const KINDS: (string | undefined)[] = [];

/** The composing half of {@link fuseOperands} (some operand is pending). */
function compose(
  base: FuseNode,
  operands: readonly (ndarray | number | boolean)[],
  outRegion: Region | null,
  arrays: ndarray[],
  scalars: number[],
  parts: Part[],
  smap: number[],
  kinds: (string | undefined)[],
  copyOut: boolean,
  resultSize: number,
): Fused {
  const nOps = operands.length;
  let nodes = countNodes(base);
  const baseKinds = scalarKinds(base);
  // Elements of the result: the caller's (an `out=` may be larger than the operands' broadcast),
  // else the operands' broadcast, computed at the first pending operand.
  let outSize = resultSize;
  // Allocated only when needed: a small op's call makes few objects (issue 16 item 3).
  let records: PartRecord[] | null = null;
  let node = trieStep(composed, treeId(base));
  for (let k = 0; k < nOps; k++) {
    const o = operands[k]!;
    if (!(o instanceof ndarray)) {
      const m = scalarIndex(scalars, kinds, typeof o === 'boolean' ? (o ? 1 : 0) : o, baseKinds[smap.length]);
      smap.push(m);
      node = trieStep(node, -1 - m);
      continue;
    }
    if (o._store === null && o._lazy === null) {
      // A known 0-d value: a strong scalar of its dtype (the same bits as reading its region).
      const m = scalarIndex(scalars, kinds, asStored(o._valueDtype!, o._future!._value), undefined);
      parts.push({ lazy: null, amap: NO_INDICES, smap: [m] });
      node = trieStep(trieStep(node, VALUE_KEY), m);
      continue;
    }
    const s = o._store === null ? o._lazy! : null;
    const again = s === null ? undefined : inlinedPart(parts, s);
    if (again !== undefined) {
      // The same pending value twice: the same subtree (computed once by the kernel).
      parts.push(again);
      node = trieStep(trieStep(node, 1), parts.indexOf(again));
      continue;
    }
    // Consumed by a fused function: no longer pending, so it may read the region written too
    // (launchEwise copies partial overlaps first).
    const consume =
      s !== null && currentFuseScope() !== 0 && s.scope === currentFuseScope() && s.sharers === 1;
    let part: Part | null = null;
    if (s !== null && outSize < 0) outSize = broadcastSize(operands);
    if (
      s !== null &&
      s.result === null &&
      nodes - 1 + s.nodes <= MAX_NODES &&
      !dearerBroadcast(s, o.size, outSize) &&
      (outRegion === null || consume || s.released !== null || !readsRegion(s, outRegion))
    ) {
      const na = arrays.length;
      const ns = scalars.length;
      // Indexed loops, not Array.prototype.map: the interpreter's map builtin and the optimized
      // code's inlined map made arrays of different elements kinds, so compose's first optimized
      // code met an unseen array map and deoptimized (~2,000 more slow calls of a first loop).
      const amap = sizedList(s.arrays.length);
      for (let i = 0; i < s.arrays.length; i++) amap[i] = leafIndex(arrays, s.arrays[i]!);
      if (arrays.length + countLeaves(operands, o) <= MAX_INPUTS) {
        const sk = scalarKinds(s.tree);
        const psmap = sizedList(s.scalars.length);
        for (let i = 0; i < s.scalars.length; i++)
          psmap[i] = scalarIndex(scalars, kinds, s.scalars[i]!, sk[i]);
        part = { lazy: s, amap, smap: psmap };
        if (s.released !== null) checkReleased(s);
        else if (consume) release(s);
        nodes += s.nodes - 1;
        if (treeCost(s.tree) >= EXPENSIVE) {
          (records ??= []).push({ state: s, amap: part.amap, smap: part.smap });
          s.uses++;
        }
        node = trieStep(trieStep(trieStep(node, 2 + treeId(s.tree)), amap.length), part.smap.length);
        for (let i = 0; i < part.amap.length; i++) node = trieStep(node, part.amap[i]!);
        for (let i = 0; i < part.smap.length; i++) node = trieStep(node, part.smap[i]!);
      } else {
        arrays.length = na; // does not fit: roll back
        scalars.length = ns;
        kinds.length = ns;
      }
    }
    if (part === null) {
      if (o._store === null) materialize(o); // a lazy operand that is not inlined
      part = { lazy: null, amap: [leafIndex(arrays, o)], smap: NO_INDICES };
      node = trieStep(trieStep(node, 0), part.amap[0]!);
    }
    parts.push(part);
  }
  let tree = node.tree;
  if (tree === undefined) {
    tree = substitute(base, parts, smap);
    node.tree = tree;
    trieSize++;
  }
  return {
    tree,
    nodes: countNodes(tree),
    arrays: copyOut ? arrays.slice() : arrays,
    scalars: copyOut ? scalars.slice() : scalars,
    parts: records ?? NO_PARTS,
  };
}

/** A list of `n` zeros (small integers), made at its length: filled by index, never pushed. */
function sizedList(n: number): number[] {
  if (n <= 3) return n === 0 ? [] : n === 1 ? [0] : n === 2 ? [0, 0] : [0, 0, 0];
  const l = [0, 0, 0, 0];
  while (l.length < n) l.push(0);
  return l;
}

/** The part already made for the pending state `s` (given twice), or undefined. */
function inlinedPart(parts: readonly Part[], s: LazyState): Part | undefined {
  for (let i = 0; i < parts.length; i++) if (parts[i]!.lazy === s) return parts[i];
  return undefined;
}

const NO_INDICES: readonly number[] = Object.freeze([]);
const NO_PARTS: readonly PartRecord[] = Object.freeze([]);

/** Array operands after `o` (each may still need a leaf): keeps room for them under MAX_INPUTS. */
function countLeaves(operands: readonly (ndarray | number | boolean)[], o: ndarray): number {
  let n = 0;
  let after = false;
  for (let k = 0; k < operands.length; k++) {
    const x = operands[k]!;
    if (x === o) after = true;
    else if (after && x instanceof ndarray) n++;
  }
  return n;
}

/**
 * Launches a fused expression that is not held lazily (an in-place or one-element result) into
 * `out`, after the cost rule of `lazy-share.ts`.
 */
export function launchFused(fn: string, f: Fused, out: Store): void {
  if (f.parts.length === 0) {
    launchEwise(fn, f.tree, out, f.arrays, f.scalars);
    return;
  }
  const p = prepareLaunch(f.tree, f.arrays, f.scalars, f.parts, compute);
  launchEwise(fn, p.tree, out, p.arrays, p.scalars);
  for (let i = 0; i < f.parts.length; i++) unuse(f.parts[i]!.state);
}
