/**
 * Lazy values shared between fused launches: the cost rule.
 *
 * Inside one kernel a value used several times is computed once (codegen evaluates the tree as a
 * DAG). Across launches it cannot be: two pending expressions that both inlined `d1 = log(S/X) +
 * ...` would each compute it. The rule, applied when an expression is launched:
 *
 * - An inlined lazy value is **expensive** when recomputing it costs more than reading it back:
 *   {@link treeCost} ≥ {@link EXPENSIVE} (a transcendental or a power costs 8, sqrt and divide 2,
 *   any other operation 1 — one extra pass over memory costs about as much as 8 simple operations
 *   per element). Only expensive inlined values are recorded (`parts`); cheap ones are recomputed.
 * - At launch, an expensive value still used by an expression **outside** this launch (its `uses`
 *   exceed the recorders reached from this expression) is materialized first — once, by its own
 *   launch — and the launch reads it as a leaf; so is one that is already computed (and not
 *   written since). Otherwise it stays inlined (and is computed once per element by the kernel).
 *
 * Results are bitwise those of op-by-op evaluation either way: the materialized value is the same
 * subtree computed by the same kernel code, stored in its own dtype as the op-by-op result would be.
 */
import { type FuseNode, fx } from '../codegen/index.js';
import type { Store } from '../runtime/index.js';
import type { LazyState } from './lazy.js';
import { ndarray } from './ndarray.js';

/** An expensive lazy value inlined into an expression, with its leaves' indices there. */
export interface PartRecord {
  readonly state: LazyState;
  readonly amap: readonly number[];
  readonly smap: readonly number[];
}

/** Cost from which an inlined value is worth materializing rather than recomputing. */
export const EXPENSIVE = 8;
const COST: Readonly<Record<string, number>> = {
  exp: 8,
  log: 8,
  sin: 8,
  cos: 8,
  tanh: 8,
  power: 8,
  arcsin: 8,
  arccos: 8,
  arctan: 8,
  sinh: 8,
  cosh: 8,
  tan: 8,
  arcsinh: 8,
  arccosh: 8,
  arctanh: 8,
  expm1: 8,
  log1p: 8,
  cbrt: 8,
  exp2: 8,
  arctan2: 8,
  hypot: 4,
  logaddexp: 8,
  logaddexp2: 8,
  float_power: 8,
  floor_divide: 4,
  gcd: 8,
  lcm: 8,
  i0: 8,
  nextafter: 4,
  spacing: 4,
  ldexp: 4,
  frexp_m: 4,
  frexp_e: 4,
  sqrt: 2,
  divide: 2,
};

const costs = new WeakMap<FuseNode, number>();
/**
 * Cost of recomputing a tree per element (memoized): the sum of its operations' weights.
 * @param t - the expression
 * @returns its cost
 */
export function treeCost(t: FuseNode): number {
  const c = costs.get(t);
  return c === undefined ? treeCostOnce(t) : c;
}

/** {@link treeCost}'s first call for a tree, apart so that the memo hit stays tiny (inlined). */
function treeCostOnce(t: FuseNode): number {
  let c = 0;
  if ('args' in t) {
    c = COST[t.op] ?? 1;
    for (let i = 0; i < t.args.length; i++) c += treeCost(t.args[i]!);
  }
  costs.set(t, c);
  return c;
}

/**
 * `t` with input k renumbered `amap[k]` and scalar m renumbered `smap[m]`. A subtree shared in
 * `t` (a value used several times: Black–Scholes' `K` five times in `cnd`, itself inside `d1` and
 * `d2`) is remapped once and stays shared (`memo`): a walk of every path instead costs time
 * exponential in the depth of the sharing (0.2 s of Black–Scholes' first pricing).
 * @param t - the tree
 * @param amap - new index of each input
 * @param smap - new index of each scalar
 * @param memo - remapped subtrees of this call (per `amap`/`smap`)
 * @returns the remapped tree
 */
export function remap(
  t: FuseNode,
  amap: readonly number[],
  smap: readonly number[],
  memo: Map<FuseNode, FuseNode> = new Map(),
): FuseNode {
  const hit = memo.get(t);
  if (hit !== undefined) return hit;
  let r: FuseNode;
  if (t.op === 'input') r = fx.input(amap[t.index]!, t.dtype);
  else if (t.op === 'scalar') r = fx.scalar(smap[t.index]!, t.dtype, t.weak !== false);
  else r = Object.freeze({ ...t, args: Object.freeze(t.args.map((x) => remap(x, amap, smap, memo))) });
  memo.set(t, r);
  return r;
}

const through = (inner: readonly number[], outer: readonly number[] | null): readonly number[] =>
  outer === null ? inner : inner.map((i) => outer[i]!);

/** Structural keys of every node of `t` (inputs and scalars by index and dtype). */
function keyAll(t: FuseNode, memo: Map<FuseNode, string>): string {
  let k = memo.get(t);
  if (k !== undefined) return k;
  if (t.op === 'input') k = `i${t.index}:${t.dtype}`;
  else if (t.op === 'scalar') k = `s${t.index}:${t.dtype}${t.weak === false ? '!' : ''}`;
  else k = `${t.op}${t.dtype ? `:${t.dtype}` : ''}(${t.args.map((a) => keyAll(a, memo)).join(',')})`;
  memo.set(t, k);
  return k;
}

/**
 * The tree and leaves to launch for a pending expression, after the cost rule (module comment):
 * expensive inlined values used outside this launch, or already computed, are materialized (by
 * `force`) and replaced by leaves.
 * @param tree - the expression
 * @param arrays - its leaves
 * @param scalars - its scalars
 * @param parts - its recorded expensive inlined values
 * @param force - computes a pending state into its store (lazy.ts's `compute`)
 * @returns the tree, leaves and scalars to launch (the same objects when nothing changes)
 */
export function prepareLaunch(
  tree: FuseNode,
  arrays: ndarray[],
  scalars: number[],
  parts: readonly PartRecord[],
  force: (s: LazyState) => Store,
): { tree: FuseNode; arrays: ndarray[]; scalars: number[] } {
  if (parts.length === 0 || nothingToForce(parts)) return { tree, arrays, scalars };
  return prepareShared(tree, arrays, scalars, parts, force);
}

/**
 * The common case of {@link prepareLaunch} without its maps and closures: every part is a
 * pending value (no result) made of leaves only (no parts of its own) and used by nothing outside
 * this launch — the general walk would then find no leaf to substitute. Exact: it answers true
 * only where that walk makes no change and calls no `force`.
 */
function nothingToForce(parts: readonly PartRecord[]): boolean {
  for (let i = 0; i < parts.length; i++) {
    const s = parts[i]!.state;
    if (s.result !== null || s.parts.length !== 0) return false;
    if (s.released !== null) continue;
    let inside = 0;
    for (let j = 0; j < parts.length; j++) if (parts[j]!.state === s) inside++;
    if (s.uses > inside) return false;
  }
  return true;
}

function prepareShared(
  tree: FuseNode,
  arrays: ndarray[],
  scalars: number[],
  parts: readonly PartRecord[],
  force: (s: LazyState) => Store,
): { tree: FuseNode; arrays: ndarray[]; scalars: number[] } {
  // Recorders of each expensive value reached from this expression (this one included).
  const inside = new Map<LazyState, number>();
  const visit = (recs: readonly PartRecord[]): void => {
    for (const r of recs) {
      const n = inside.get(r.state);
      inside.set(r.state, (n ?? 0) + 1);
      if (n === undefined) visit(r.state.parts);
    }
  };
  visit(parts);
  const leaves = new Map<string, { store: Store; dtype: FuseNode['dtype'] }>();
  const memo = new Map<FuseNode, string>();
  // Each (value, renumbering) once: a value reached along several paths (recorded by several
  // users that are themselves recorded several times) decides the same way on each.
  const seen = new Map<LazyState, Set<string>>();
  const decide = (
    recs: readonly PartRecord[],
    amap: readonly number[] | null,
    smap: readonly number[] | null,
  ) => {
    for (const r of recs) {
      const a = through(r.amap, amap);
      const m = through(r.smap, smap);
      const s = r.state;
      const path = `${a.join(',')}|${m.join(',')}`;
      let done = seen.get(s);
      if (done === undefined) seen.set(s, (done = new Set()));
      if (done.has(path)) continue;
      done.add(path);
      let store: Store | null = null;
      if (s.result !== null) {
        if (s.result.region.version === s.resultVersion) store = s.result;
      } else if (s.released === null && s.uses > inside.get(s)!) store = force(s);
      if (store === null) decide(s.parts, a, m);
      else {
        const key = keyAll(remap(s.tree, a, m), memo);
        if (!leaves.has(key)) leaves.set(key, { store, dtype: s.dtype });
      }
    }
  };
  decide(parts, null, null);
  if (leaves.size === 0) return { tree, arrays, scalars };
  // Replace those subtrees by new leaves, then drop the leaves no longer read and renumber.
  const out = arrays.slice();
  const leafOf = new Map<string, number>();
  // Walks below visit each shared subtree once (see `remap`).
  const rewritten = new Map<FuseNode, FuseNode>();
  const rewrite = (t: FuseNode): FuseNode => {
    if (!('args' in t)) return t;
    const done = rewritten.get(t);
    if (done !== undefined) return done;
    const key = keyAll(t, memo);
    const l = leaves.get(key);
    let r: FuseNode;
    if (l !== undefined) {
      let i = leafOf.get(key);
      if (i === undefined) {
        out.push(new ndarray(l.store));
        leafOf.set(key, (i = out.length - 1));
      }
      r = fx.input(i, l.dtype);
    } else r = Object.freeze({ ...t, args: Object.freeze(t.args.map(rewrite)) });
    rewritten.set(t, r);
    return r;
  };
  const t1 = rewrite(tree);
  const used: number[] = [];
  const sUsed: number[] = [];
  const marked = new Set<FuseNode>();
  const mark = (t: FuseNode): void => {
    if (marked.has(t)) return;
    marked.add(t);
    if (t.op === 'input') used[t.index] = 1;
    else if (t.op === 'scalar') sUsed[t.index] = 1;
    else if ('args' in t) for (const a of t.args) mark(a);
  };
  mark(t1);
  const amap: number[] = [];
  const kept: ndarray[] = [];
  for (let i = 0; i < out.length; i++) {
    if (used[i] === 1) {
      amap[i] = kept.length;
      kept.push(out[i]!);
    }
  }
  // Scalars too (marked above): a kernel takes a parameter for every scalar index up to the
  // largest it reads.
  const smap: number[] = [];
  const keptS: number[] = [];
  for (let i = 0; i < scalars.length; i++) {
    if (sUsed[i] === 1) {
      smap[i] = keptS.length;
      keptS.push(scalars[i]!);
    }
  }
  return { tree: intern(remap(t1, amap, smap)), arrays: kept, scalars: keptS };
}

/**
 * One tree object per rewritten expression: the launch path caches kernels by tree object
 * (ewise-launch.ts), so a rewrite repeated in a loop must not make (and ship) a new kernel.
 */
const interned = new Map<string, FuseNode>();
function intern(t: FuseNode): FuseNode {
  const key = keyAll(t, new Map());
  const hit = interned.get(key);
  if (hit !== undefined) return hit;
  if (interned.size >= 4096) interned.clear(); // a bound for programs making endless variants
  interned.set(key, t);
  return t;
}
