import { currentMapper, workerCount } from './config.js';
import { itemsize } from './dtype.js';
import { submit, submitScalar, syncRegion } from './engine.js';
import { argMessage, ValueError } from './errors.js';
import { peekSeq } from './events.js';
import type { Future } from './future.js';
import { recordLaunch, reserveFor } from './govern.js';
import { fusable, fusionActive, holdable, pairSpec, withLaunchFusion } from './launch-fusion.js';
import { issueHeld, setHeld } from './launch-hold.js';
import type { LaunchSpec } from './launch-types.js';
import { ranks } from './mpi.js';
import { onePiecePlan, releasePlan } from './one-piece.js';
import type { LaunchPlan } from './plan.js';
import { checkLive, flushDeferredReaders } from './region.js';
import { type SolverContext, solve } from './solver.js';
import { noteZeroAccesses } from './zero-pages.js';

/** What the solver asks of the rest of the runtime (one object: no closure per launch). */
const SOLVER_CONTEXT: SolverContext = {
  pieces(s, keyStore) {
    if (s.gang === true) return Math.max(1, Math.min(workerCount(), keyStore.size));
    let bytes = 0;
    const args = s.args;
    for (let i = 0; i < args.length; i++) bytes += args[i]!.store.size * itemsize(args[i]!.store.dtype);
    let replicatedBytes = 0;
    const cs = s.constraints;
    if (cs !== undefined)
      for (let k = 0; k < cs.length; k++) {
        const c = cs[k]!;
        if (c.kind === 'broadcast')
          replicatedBytes += args[c.a]!.store.size * itemsize(args[c.a]!.store.dtype);
      }
    return currentMapper().pieces({
      op: s.op,
      volume: keyStore.size,
      bytes,
      workers: workerCount(),
      replicatedBytes,
      ranks: ranks(),
      work: s.work ?? 0,
    });
  },
  syncRegion,
};

/** The plan of a launch: one piece without the solver when the mapper says so, else solved. */
function planOf(spec: LaunchSpec): LaunchPlan {
  return onePiecePlan(spec, SOLVER_CONTEXT.pieces) ?? solve(spec, SOLVER_CONTEXT);
}

/**
 * Launches an operation: the solver resolves the constraints into partitions, one point task runs
 * per color, and the call returns at once. Reductions (`spec.reduce`) return a {@link Future}.
 * @throws {ConstraintError} when the constraints cannot all hold.
 */
export function launch(spec: LaunchSpec & { reduce: NonNullable<LaunchSpec['reduce']> }): Future;
export function launch(spec: LaunchSpec): Future | undefined;
export function launch(spec: LaunchSpec): Future | undefined {
  if (spec.gang === true && ranks() > 1)
    throw new ValueError(`${spec.op}: gang launches do not run under MPI`);
  const sc = spec.scratch;
  if (sc !== undefined && !(Number.isSafeInteger(sc) && sc >= 0))
    throw new ValueError(argMessage(spec.op, 'scratch', 'a non-negative integer (bytes per piece)', sc));
  const sa = spec.args;
  if (Array.isArray(sa))
    for (let i = 0; i < sa.length; i++) {
      const r = sa[i]?.store?.region;
      if (r?.disposed) checkLive(spec.op, r);
    }
  const first = held;
  if (first !== null) {
    held = null;
    setHeld(null);
    let plan: LaunchPlan | null = null;
    try {
      if (fusable(first, spec) && !hasReadersOfWritten(spec)) plan = planOf(pairSpec(first, spec));
    } catch {
      plan = null; // a malformed spec, or constraints that do not combine: launch as written
    }
    unbump(first);
    if (plan !== null) return submitGoverned(plan.spec, plan);
    submitGoverned(first, null);
  }
  flushReadersOfWritten(spec);
  // Materializing those readers may itself have held a launch: it runs before this one.
  issueHeld();
  if (fusionActive() && holdable(spec)) {
    // Held: issued with the next launch (fused when it fits), or before any read or at the
    // scope's end. Written regions change version now, as in program order.
    for (const a of spec.args) if (a.privilege !== 'read') a.store.region.version++;
    held = spec;
    setHeld(issueHeldLaunch);
    return undefined;
  }
  return submitGoverned(spec, null);
}

/** Submits a launch (its plan, or planned now) under the memory budget (runtime/govern.ts). */
function submitGoverned(spec: LaunchSpec, plan: LaunchPlan | null): Future | undefined {
  const bytes = reserveFor(spec);
  const lo = peekSeq();
  const p = plan ?? planOf(spec);
  let f: Future | undefined;
  try {
    noteZeroAccesses(p);
    f = submit(p);
  } finally {
    releasePlan(p); // a one-piece plan's object is reused by the next launch
  }
  if (bytes > 0) recordLaunch(bytes, lo);
  return f;
}

/** The launch held for fusion (see launch-fusion.ts). */
let held: LaunchSpec | null = null;

function issueHeldLaunch(): void {
  const spec = held;
  held = null;
  if (spec === null) return;
  unbump(spec);
  submitGoverned(spec, null);
}

/** Undoes the versions a held launch bumped when held: `submit` bumps them (once) again. */
function unbump(spec: LaunchSpec): void {
  for (const a of spec.args) if (a.privilege !== 'read') a.store.region.version--;
}

/** Whether a region `spec` writes has deferred readers (they must run between a pair's halves). */
function hasReadersOfWritten(spec: LaunchSpec): boolean {
  for (const a of spec.args) if (a.privilege !== 'read' && a.store.region.deferred !== null) return true;
  return false;
}

/** Deferred readers of a region `spec` writes read the old contents first (region.ts). */
function flushReadersOfWritten(spec: LaunchSpec): void {
  const args = spec.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.privilege !== 'read' && a.store.region.deferred !== null) flushDeferredReaders(a.store.region);
  }
}

/**
 * Runs `fn` with launch-pair fusion (launch-fusion.ts): a launch that writes a 1-D store and the
 * reduction right after it that reads that store element for element (`r -= a*q; r·r`, an SpMV
 * then `p·q`) run as one launch, block by block, with bitwise the same results. Dense's
 * `np.fuse` runs its function this way.
 * @example withFusedLaunches(() => { axmy(r, a, q); return dot(r, r); })
 */
export function withFusedLaunches<R>(fn: () => R): R {
  return withLaunchFusion(fn, issueHeld);
}

/**
 * Runs a scalar task over futures, returning a future (e.g. `alpha = rr / pAp`): the kernel
 * receives `t.futures` and `t.scalars` and returns the value.
 */
export function launchScalar(
  op: string,
  kernel: string,
  futures: readonly Future[],
  scalars: readonly number[] = [],
): Future {
  if (typeof kernel !== 'string')
    throw new ValueError(argMessage(op, 'kernel', 'a registered kernel name', kernel));
  return submitScalar(op, kernel, futures, scalars);
}
