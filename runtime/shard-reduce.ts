/**
 * The end of a sharded reduction under MPI (runtime/shard.ts): wait for this rank's pieces,
 * exchange the partials so that every rank holds all blocks, combine them in block order. The
 * result is bitwise the one of one process for any number of ranks (the blocks do not depend on
 * the ranks, and their order is fixed).
 */
import { combine } from './engine-combine.js';
import { waitKnown } from './engine-pool.js';
import { TaskError } from './errors.js';
import { causeOf, isFailed } from './events.js';
import { taskErrorFor } from './failures.js';
import { Future } from './future.js';
import type { LaunchPlan } from './plan.js';
import { exchangePartials, type Sharding } from './shard.js';
import { sharedFailure } from './shard-fail.js';

/**
 * @param posted - this rank's posted pieces (pairs seq, 1), or null when all ran inline
 * @param failOrigin - the origin of a failure known at issue, or -1
 */
export function finishShardedReduce(
  plan: LaunchPlan,
  s: Sharding,
  partials: Float64Array,
  posted: readonly number[] | null,
  failOrigin: number,
): Future {
  let failed = failOrigin;
  if (posted !== null) {
    for (let k = 0; k < posted.length; k += 2) waitKnown(posted[k]!);
    for (let k = 0; k < posted.length && failed < 0; k += 2)
      if (isFailed(posted[k]!)) failed = causeOf(posted[k]!);
  }
  // Even after a local failure: the other ranks wait for this rank's partials, whose messages
  // carry its status. A failure anywhere fails every rank's result the same way (the failing
  // rank's error): no rank combines stale partials.
  const origin = exchangePartials(s, partials, plan.width, failed >= 0);
  if (origin >= 0)
    return Future.failed(sharedFailure(origin, failed >= 0 ? taskErrorFor(failed) : null, plan.spec.op));
  const reduce = plan.spec.reduce!;
  try {
    return Future.of(combine(reduce.combine, partials, plan.nBlocks, plan.width, reduce.identity));
  } catch (e) {
    return Future.failed(new TaskError(plan.spec.op, (e as Error).message, { cause: e }));
  }
}
