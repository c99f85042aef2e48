/**
 * Launch-pair fusion: inside {@link withLaunchFusion}, a launch that could feed the next one is
 * held back, and when the next launch reads what it writes element for element over the same 1-D
 * domain (an update then a dot of its result, an SpMV then `p·q`), the two become ONE launch
 * whose pieces run the first kernel then the second block by block (the second's reduction
 * block, `DEFAULT_REDUCTION_BLOCK` by default): the second reads the first's output while it is
 * still in cache, and there is one set of pieces and one barrier instead of two.
 *
 * Nothing is recomputed or reordered: each kernel runs on the same ranges as unfused, so results
 * are bitwise the same. Conditions (else both launch as usual, in order):
 * - the first has a 1-D key, writes only its key store, does not reduce, and is not `single`;
 * - the second reduces over a 1-D key of the same length with a kernel registered `nothrow`
 *   (the dot): a failure of the second must not fail the first's writes, which it would as one
 *   task; it reads the first's key region only through
 *   that very store, aligned to its own key; it writes nothing the first touches;
 * - no image of the second takes its source from what the first writes (the pair's partitions
 *   are solved before the first runs);
 * - the combined constraints solve (else the two launch separately).
 * A held launch is solved when issued: an error of its constraints surfaces at the next launch,
 * read or the scope's end. Callers must not mutate a spec after `launch` (it may be held).
 */
import { align, type Constraint } from './constraints.js';
import { ensureKernel, getKernel } from './kernels.js';
import type { LaunchSpec } from './launch-types.js';
import type { Store } from './store.js';

let depth = 0;

/** True inside {@link withLaunchFusion}. */
export function fusionActive(): boolean {
  return depth > 0;
}

/**
 * Runs `fn` with launch-pair fusion on (nested calls are one scope); the held launch, if any, is
 * issued when the outermost call returns.
 * @param fn the code whose launches may fuse
 * @param done issues the held launch (launch.ts)
 */
export function withLaunchFusion<R>(fn: () => R, done: () => void): R {
  depth++;
  let threw = false;
  try {
    return fn();
  } catch (e) {
    threw = true;
    throw e;
  } finally {
    depth--;
    if (depth === 0) {
      if (!threw) done();
      else {
        try {
          done();
        } catch {
          // The function's own error is the one to report.
        }
      }
    }
  }
}

function sameStore(a: Store, b: Store): boolean {
  if (a === b) return true;
  if (a.region !== b.region || a.offset !== b.offset || a.shape.length !== b.shape.length) return false;
  for (let d = 0; d < a.shape.length; d++)
    if (a.shape[d] !== b.shape[d] || a.strides[d] !== b.strides[d]) return false;
  return true;
}

/** Whether `spec` may be held as the first of a pair. */
export function holdable(spec: LaunchSpec): boolean {
  if (spec.reduce !== undefined || spec.single === true || spec.gang === true || spec.key === undefined)
    return false;
  const key = spec.args[spec.key];
  if (key === undefined || key.store.shape.length !== 1 || key.privilege === 'read') return false;
  for (let i = 0; i < spec.args.length; i++) {
    const a = spec.args[i]!;
    if (a.privilege === 'reduce') return false; // folded through buffers (runtime/reduction.ts)
    if (i !== spec.key && a.privilege !== 'read' && !sameStore(a.store, key.store)) return false;
  }
  return true;
}

function alignedToKey(spec: LaunchSpec, i: number): boolean {
  if (i === spec.key) return true;
  const cs = spec.constraints ?? NO_CONSTRAINTS;
  for (let k = 0; k < cs.length; k++) {
    const c = cs[k]!;
    if (c.kind === 'align' && ((c.a === i && c.b === spec.key) || (c.b === i && c.a === spec.key)))
      return true;
  }
  return false;
}

/** Whether an argument of `a` is in `region` (a few arguments: no set per launch). */
function touches(a: LaunchSpec, region: unknown): boolean {
  const args = a.args;
  for (let i = 0; i < args.length; i++) if (args[i]!.store.region === region) return true;
  return false;
}

/** Whether held `a` and the new launch `b` fuse (see the module's conditions). */
export function fusable(a: LaunchSpec, b: LaunchSpec): boolean {
  if (b.key === undefined || b.single === true || b.gang === true || b.reduce === undefined) return false;
  // One task runs both: the update's success must not depend on the reduction's kernel.
  if (getKernel(b.kernel).nothrow !== true) return false;
  const bkArg = b.args[b.key];
  if (bkArg === undefined) return false;
  const ak = a.args[a.key!]!.store;
  const bk = bkArg.store;
  if (bk.shape.length !== 1 || bk.shape[0] !== ak.shape[0]) return false;
  // The pair's partitions are solved before the first half runs: an image whose source the
  // first writes would be computed from the old contents.
  const bcs = b.constraints ?? NO_CONSTRAINTS;
  for (let k = 0; k < bcs.length; k++) {
    const c = bcs[k]!;
    if (c.kind !== 'image') continue;
    const src = b.args[c.src];
    if (src === undefined) return false;
    for (let i = 0; i < a.args.length; i++) {
      const x = a.args[i]!;
      if (x.privilege !== 'read' && x.store.region === src.store.region) return false;
    }
  }
  for (let i = 0; i < b.args.length; i++) {
    const x = b.args[i]!;
    if (x.privilege !== 'read' && touches(a, x.store.region)) return false;
    if (x.store.region === ak.region && !(sameStore(x.store, ak) && alignedToKey(b, i))) return false;
  }
  return true;
}

function shifted(c: Constraint, n: number): Constraint {
  switch (c.kind) {
    case 'align':
      return { ...c, a: c.a + n, b: c.b + n };
    case 'broadcast':
      return { ...c, a: c.a + n };
    default:
      return { ...c, src: c.src + n, dst: c.dst + n };
  }
}

/**
 * The kernel running `ka` then `kb` block by block over a piece: `ka` gets the first `na`
 * arguments, `ns` scalars and `nf` futures, `kb` the rest and the partials (shipped as source).
 */
function pairKernel(ka: string, kb: string, na: number, ns: number, nf: number): string {
  // Memoized by the halves' names and arities: a solver loop fuses the same pair every iteration,
  // and building the long name to look it up cost about a microsecond per launch.
  let byB = pairKernels.get(ka);
  if (byB === undefined) pairKernels.set(ka, (byB = new Map()));
  let byShape = byB.get(kb);
  if (byShape === undefined) byB.set(kb, (byShape = new Map()));
  const k = (na * 4096 + ns) * 4096 + nf;
  const known = byShape.get(k);
  if (known !== undefined) return known;
  const name = `fused(${ka}|${kb})/${na}.${ns}.${nf}`;
  ensureKernel(name, () => ({
    source: `(() => {
  const ka = (${getKernel(ka).source});
  const kb = (${getKernel(kb).source});
  const NA = ${na}, NS = ${ns}, NF = ${nf};
  // One context per half, refilled at every call (a piece runs to its end before the next one
  // starts on this thread; kernels keep no context): no arrays made per call.
  const mk = () => ({ arrays: [], offsets: [], strides: [], shapes: [], lo: [0], hi: [0], scalars: [],
    futures: [], color: 0, colors: 1, partials: null, block: 0, heap: null });
  const ctxA = mk(), ctxB = mk();
  const copy = (from, to, k0, k1) => { to.length = k1 - k0; for (let k = k0; k < k1; k++) to[k - k0] = from[k]; };
  const part = (p, t, k0, k1, s0, s1, f0, f1, partials) => {
    copy(t.arrays, p.arrays, k0, k1); copy(t.offsets, p.offsets, k0, k1); copy(t.strides, p.strides, k0, k1);
    copy(t.shapes, p.shapes, k0, k1); copy(t.scalars, p.scalars, s0, s1); copy(t.futures, p.futures, f0, f1);
    p.color = t.color; p.colors = t.colors; p.partials = partials; p.block = t.block; p.heap = t.heap;
    return p;
  };
  return (t) => {
    const B = t.block, lo = t.lo[0], hi = t.hi[0];
    const ta = part(ctxA, t, 0, NA, 0, NS, 0, NF, null);
    const tb = part(ctxB, t, NA, t.arrays.length, NS, t.scalars.length, NF, t.futures.length, t.partials);
    for (let b0 = lo; b0 < hi; ) {
      const e = Math.min(hi, (Math.floor(b0 / B) + 1) * B);
      ta.lo[0] = b0;
      ta.hi[0] = e;
      ka(ta);
      tb.lo[0] = b0;
      tb.hi[0] = e;
      kb(tb);
      b0 = e;
    }
  };
})()`,
  }));
  byShape.set(k, name);
  return name;
}

const pairKernels = new Map<string, Map<string, Map<number, string>>>();
const pairOps = new Map<string, Map<string, string>>();

/** `a+b`, the same string object for the same pair of names (no concatenation per launch). */
function pairOp(a: string, b: string): string {
  let byB = pairOps.get(a);
  if (byB === undefined) pairOps.set(a, (byB = new Map()));
  let op = byB.get(b);
  if (op === undefined) byB.set(b, (op = `${a}+${b}`));
  return op;
}

const NO_CONSTRAINTS: readonly Constraint[] = [];
/** Pair constraint lists by the halves' lists and (arity, keys): one object per pair of lists. */
const pairLists = new WeakMap<
  readonly Constraint[],
  WeakMap<readonly Constraint[], Map<number, readonly Constraint[]>>
>();

/** The pair's constraints: `a`'s, `b`'s shifted past `a`'s arguments, and the keys aligned. */
function pairConstraints(a: LaunchSpec, b: LaunchSpec, na: number): readonly Constraint[] {
  const ca = a.constraints ?? NO_CONSTRAINTS;
  const cb = b.constraints ?? NO_CONSTRAINTS;
  let byB = pairLists.get(ca);
  if (byB === undefined) pairLists.set(ca, (byB = new WeakMap()));
  let byShape = byB.get(cb);
  if (byShape === undefined) byB.set(cb, (byShape = new Map()));
  const k = (na * 4096 + a.key!) * 4096 + b.key!;
  let list = byShape.get(k);
  if (list === undefined) {
    const out: Constraint[] = [...ca];
    for (const c of cb) out.push(shifted(c, na));
    out.push(align(a.key!, na + b.key!));
    list = Object.freeze(out);
    byShape.set(k, list);
  }
  return list;
}

/** The one launch that runs `a` then `b` block by block. */
export function pairSpec(a: LaunchSpec, b: LaunchSpec): LaunchSpec {
  const na = a.args.length;
  const as = a.scalars ?? [];
  const af = a.futures ?? [];
  const constraints = pairConstraints(a, b, na);
  return {
    op: pairOp(a.op, b.op),
    kernel: pairKernel(a.kernel, b.kernel, na, as.length, af.length),
    args: [...a.args, ...b.args],
    scalars: [...as, ...(b.scalars ?? [])],
    futures: [...af, ...(b.futures ?? [])],
    constraints,
    key: a.key!,
    reduce: b.reduce!,
  };
}
