import { currentMapper, workerCount } from './config.js';
import { itemsize } from './dtype.js';
import { submit, submitScalar, syncRegion } from './engine.js';
import { argMessage, ValueError } from './errors.js';
import type { Future } from './future.js';
import type { LaunchSpec } from './launch-types.js';
import { flushDeferredReaders } from './region.js';
import { type SolverContext, solve } from './solver.js';

/** What the solver asks of the rest of the runtime (one object: no closure per launch). */
const SOLVER_CONTEXT: SolverContext = {
  pieces(s, keyStore) {
    let bytes = 0;
    for (const a of s.args) bytes += a.store.size * itemsize(a.store.dtype);
    let replicatedBytes = 0;
    const cs = s.constraints;
    if (cs !== undefined)
      for (const c of cs)
        if (c.kind === 'broadcast')
          replicatedBytes += s.args[c.a]!.store.size * itemsize(s.args[c.a]!.store.dtype);
    return currentMapper().pieces({
      op: s.op,
      volume: keyStore.size,
      bytes,
      workers: workerCount(),
      replicatedBytes,
    });
  },
  syncRegion,
};

/**
 * Launches an operation: the solver resolves the constraints into partitions, one point task runs
 * per color, and the call returns at once. Reductions (`spec.reduce`) return a {@link Future}.
 * @throws {ConstraintError} when the constraints cannot all hold.
 */
export function launch(spec: LaunchSpec & { reduce: NonNullable<LaunchSpec['reduce']> }): Future;
export function launch(spec: LaunchSpec): Future | undefined;
export function launch(spec: LaunchSpec): Future | undefined {
  // Deferred readers of a region this launch writes read the old contents first (region.ts).
  const args = spec.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.privilege !== 'read' && a.store.region.deferred !== null) flushDeferredReaders(a.store.region);
  }
  const plan = solve(spec, SOLVER_CONTEXT);
  return submit(plan);
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
