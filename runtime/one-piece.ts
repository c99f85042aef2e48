/**
 * The one-piece fast path (DESIGN.md §2 "The control path"): a launch that the mapper runs as a
 * single piece needs no partition, no solver and no per-piece footprints. Its piece is the whole
 * launch domain, so every argument touches its whole view: the footprint of an argument is the
 * view's extent in its region (memoized on the Store), and dependences are checked per view.
 *
 * Only launches whose plan would be the same as the solver's take it: an explicit key (so the
 * piece count does not depend on the solver's key choice), a constraint list that is well formed
 * (checked once per list object and per key, then only the shape checks per launch), and no
 * written argument in a derived class (an image's extent is a superset of what the piece
 * touches: fine for reads, not for a write that supersedes earlier accesses). Anything else —
 * including every malformed launch — goes to the solver, which solves it or explains why not.
 */
import type { Constraint } from './constraints.js';
import { IntervalSet, Rect } from './index-space.js';
import type { LaunchSpec } from './launch-types.js';
import { DEFAULT_REDUCTION_BLOCK } from './launch-types.js';
import type { Partition } from './partition.js';
import { statsSink } from './partition.js';
import type { LaunchPlan } from './plan.js';
import { hasReduceArg, regionReduceBlock } from './reduction.js';
import { checkDerived } from './solver.js';
import type { Store } from './store.js';

/** What the structure of a constraint list allows, for one key and argument count. */
interface Shape {
  readonly key: number;
  readonly n: number;
  /** False when the solver must see the launch (it refuses it, or it cannot be one piece). */
  readonly ok: boolean;
  /** Arguments in a derived class (they must only be read on the fast path). */
  readonly derived: readonly number[];
  /** Sources of an offsets image (their footprint also holds element `hi`). */
  readonly offsetsSrc: readonly number[];
  /** The align constraints (their shapes are checked per launch). */
  readonly aligns: readonly Constraint[];
  /** The derivations (their shapes are checked per launch). */
  readonly derivations: readonly Constraint[];
}

const NONE: readonly number[] = [];

let enabled = true;
/**
 * Turns the fast path off or on (tests compare it with the solver's plans); returns the old
 * setting.
 */
export function setOnePiecePath(on: boolean): boolean {
  const old = enabled;
  enabled = on;
  return old;
}
const NO_CONSTRAINTS: readonly Constraint[] = [];
const NO_PARTITIONS: readonly Partition[] = [];
const shapes = new WeakMap<readonly Constraint[], Shape[]>();
const unconstrained = new Map<number, Shape>();

function root(parent: number[], i: number): number {
  while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
  return i;
}

const validIndex = (i: number, n: number): boolean => Number.isInteger(i) && i >= 0 && i < n;

/** Reads a constraint list's structure (see {@link Shape}). */
function analyzeShape(cs: readonly Constraint[], key: number, n: number): Shape {
  const no: Shape = { key, n, ok: false, derived: NONE, offsetsSrc: NONE, aligns: cs, derivations: cs };
  if (!validIndex(key, n)) return no;
  const parent: number[] = [];
  for (let i = 0; i < n; i++) parent.push(i);
  const aligns: Constraint[] = [];
  const derivations: Constraint[] = [];
  const broadcast: number[] = [];
  for (const c of cs) {
    if (c.kind === 'align') {
      if (!validIndex(c.a, n) || !validIndex(c.b, n)) return no;
      parent[root(parent, c.a)] = root(parent, c.b);
      aligns.push(c);
    } else if (c.kind === 'broadcast') {
      if (!validIndex(c.a, n)) return no;
      broadcast.push(c.a);
    } else {
      if (!validIndex(c.src, n) || !validIndex(c.dst, n) || c.src === c.dst) return no;
      derivations.push(c);
    }
  }
  const keyRoot = root(parent, key);
  const derivedRoots = new Set<number>();
  const offsetsSrc: number[] = [];
  for (const c of derivations) {
    if (c.kind === 'align' || c.kind === 'broadcast') continue;
    const r = root(parent, c.dst);
    if (r === keyRoot || derivedRoots.has(r)) return no; // a derived key, or derived twice
    derivedRoots.add(r);
    if (c.kind === 'image' && c.mode === 'offsets') offsetsSrc.push(c.src);
  }
  // Derivations form chains and trees (the solver refuses cycles): every chain of sources ends.
  for (const c of derivations) {
    if (c.kind === 'align' || c.kind === 'broadcast') continue;
    let r = root(parent, c.src);
    for (let steps = 0; derivedRoots.has(r); steps++) {
      if (steps > derivations.length) return no;
      const d = derivations.find(
        (x) => x.kind !== 'align' && x.kind !== 'broadcast' && root(parent, x.dst) === r,
      );
      if (d === undefined || d.kind === 'align' || d.kind === 'broadcast') break;
      r = root(parent, d.src);
    }
  }
  for (const b of broadcast) {
    const r = root(parent, b);
    if (r === keyRoot || derivedRoots.has(r)) return no; // broadcast and partitioned
  }
  const derived: number[] = [];
  for (let i = 0; i < n; i++) if (derivedRoots.has(root(parent, i))) derived.push(i);
  return { key, n, ok: true, derived, offsetsSrc, aligns, derivations };
}

function shapeOf(cs: readonly Constraint[] | undefined, key: number, n: number): Shape {
  if (cs === undefined || cs.length === 0) {
    const k = key * 4096 + n;
    let s = unconstrained.get(k);
    if (s === undefined) unconstrained.set(k, (s = analyzeShape(NO_CONSTRAINTS, key, n)));
    return s;
  }
  let list = shapes.get(cs);
  if (list === undefined) shapes.set(cs, (list = []));
  for (let i = 0; i < list.length; i++) if (list[i]!.key === key && list[i]!.n === n) return list[i]!;
  const s = analyzeShape(cs, key, n);
  if (list.length < 8) list.push(s);
  return s;
}

/**
 * The shape conditions {@link checkDerived} tests for an image, without formatting its message
 * (an SpMV's launch has two images): true when they hold, so the check would pass; anything
 * else goes to `checkDerived`, which throws the solver's error.
 */
function imageShapesOk(spec: LaunchSpec, c: Constraint): boolean {
  if (c.kind !== 'image' || c.src === c.dst) return false;
  const src = spec.args[c.src]!.store;
  const dst = spec.args[c.dst]!.store;
  const okSrc = c.mode === 'range' ? src.ndim === 2 && src.shape[1] === 2 : src.ndim === 1;
  return okSrc && dst.ndim === 1;
}

function sameShape(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let d = 0; d < a.length; d++) if (a[d] !== b[d]) return false;
  return true;
}

/**
 * The plan of a launch that runs as one piece, or null when the launch must be solved (more
 * than one piece, no explicit key, a written derived argument, or a malformed launch: the solver
 * then explains it).
 * @param spec - the launch
 * @param piecesOf - the mapper's piece count for the launch with its key store
 * @returns the plan, or null
 */
export function onePiecePlan(
  spec: LaunchSpec,
  piecesOf: (spec: LaunchSpec, keyStore: Store) => number,
): LaunchPlan | null {
  const key = spec.key;
  if (key === undefined || !enabled) return null;
  const args = spec.args;
  const n = args.length;
  const sh = shapeOf(spec.constraints, key, n);
  if (!sh.ok) return null;
  const keyStore = args[key]!.store;
  if (spec.reduce !== undefined && keyStore.ndim !== 1) return null;
  const hasRed = hasReduceArg(spec);
  if (hasRed && keyStore.ndim !== 1) return null; // the solver refuses it
  // Indexed loops on this per-launch path: for-of allocates iterators until it is optimized.
  for (let j = 0; j < sh.aligns.length; j++) {
    const c = sh.aligns[j]!;
    if (c.kind !== 'align') continue;
    if (!sameShape(args[c.a]!.store.shape, args[c.b]!.store.shape)) return null;
  }
  for (let j = 0; j < sh.derived.length; j++) if (args[sh.derived[j]!]!.privilege !== 'read') return null;
  if (spec.single !== true && piecesOf(spec, keyStore) !== 1) return null;
  // The solver's shape checks of derivations (they throw its error, naming the launch).
  for (let j = 0; j < sh.derivations.length; j++) {
    const c = sh.derivations[j]!;
    if (c.kind !== 'align' && c.kind !== 'broadcast' && !imageShapesOk(spec, c)) checkDerived(spec, c);
  }
  const block = spec.reduce ? (spec.reduce.block ?? DEFAULT_REDUCTION_BLOCK) : 0;
  statsSink().onePiece++;
  // The spare plan when it is free (the launch path hands it back after `submit`): a plan, its
  // tile and footprint lists were ~200 bytes of garbage per launch (issue 16 item 3).
  const p = spare ?? newPlan();
  spare = null;
  // One footprint list per argument count (launches of different counts alternate in a loop;
  // changing a list's length trims and regrows its backing store).
  let fps = p.fpsByCount[n];
  if (fps === undefined) p.fpsByCount[n] = fps = new Array<IntervalSet>(n).fill(NO_EXTENT);
  p.footprintsOf[0] = fps;
  for (let i = 0; i < n; i++) fps[i] = args[i]!.store.extent(false);
  for (let j = 0; j < sh.offsetsSrc.length; j++)
    fps[sh.offsetsSrc[j]!] = args[sh.offsetsSrc[j]!]!.store.extent(true);
  p.tile[0] = keyStore.wholeRect();
  p.spec = spec;
  p.nBlocks = block ? Math.ceil(keyStore.size / block) : 0;
  p.block = block;
  p.width = spec.reduce ? (spec.reduce.width ?? 1) : 0;
  p.redBlock = hasRed ? block || regionReduceBlock(keyStore.size) : 0;
  p.key = key;
  return p;
}

/** A one-piece plan that {@link releasePlan} may take back and {@link onePiecePlan} refill. */
interface SparePlan extends LaunchPlan {
  spec: LaunchSpec;
  nBlocks: number;
  block: number;
  width: number;
  redBlock: number;
  key: number;
  /** The footprint list per argument count (sparse: counts up to a few tens). */
  readonly fpsByCount: IntervalSet[][];
  /** `footprints`, writable: its one element is the list of the launch's argument count. */
  readonly footprintsOf: IntervalSet[][];
  readonly tile: Rect[];
  readonly spare: true;
}

function newPlan(): SparePlan {
  const footprints: IntervalSet[][] = [[]];
  const tile: Rect[] = [];
  return {
    spec: NO_SPEC,
    colors: 1,
    tiles: tile,
    footprints,
    nBlocks: 0,
    block: 0,
    width: 0,
    redBlock: 0,
    key: 0,
    partitions: NO_PARTITIONS,
    fpsByCount: [],
    footprintsOf: footprints,
    tile,
    spare: true,
  };
}

const NO_SPEC: LaunchSpec = Object.freeze({ op: '', kernel: '', args: [] }) as LaunchSpec;
const NO_EXTENT = IntervalSet.EMPTY;
const NO_RECT = new Rect([], []);
/** The free spare plan, or null while a launch uses it (a nested launch then makes its own). */
let spare: SparePlan | null = newPlan();

/**
 * Hands a plan back once `submit` returned (runtime/launch.ts): nothing keeps a plan past its
 * submission (the engine keeps footprints, which are the stores' own memoized extents, never the
 * plan's lists). Drops the launch's references, so that the spare keeps no store alive.
 * @param plan - a plan of {@link onePiecePlan} or of the solver (then nothing happens)
 */
export function releasePlan(plan: LaunchPlan): void {
  if ((plan as Partial<SparePlan>).spare !== true) return;
  const p = plan as SparePlan;
  p.spec = NO_SPEC;
  const fps = p.footprintsOf[0]!;
  for (let i = 0; i < fps.length; i++) fps[i] = NO_EXTENT;
  p.tile[0] = NO_RECT;
  spare = p;
}
