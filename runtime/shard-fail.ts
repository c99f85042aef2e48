/**
 * Failures of sharded pieces under MPI (issue 22): a piece that fails on one rank must not leave
 * the other ranks computing with what it did not produce.
 *
 * - **Reductions** (runtime/shard-reduce.ts): each message of partials carries its sender's
 *   status, so every rank learns whether any rank's pieces failed without another collective;
 *   if one did, the lowest failing rank broadcasts its error and every rank's result is the same
 *   failed future — no rank combines stale partials, and a program that catches the error goes
 *   on identically everywhere (an uncaught one ends every rank with a non-zero code:
 *   runtime/mpi.ts's exit policy).
 * - **Copies** (runtime/shard-copy.ts): a rank that must send data whose writer failed on it cannot
 *   tell the receivers at that point (they wait for the message), so it ends the job at once with
 *   its error on stderr (`MPI_Abort`): the job's code is non-zero and no rank hangs.
 */
import { TaskError } from './errors.js';
import { causeOf, isFailed } from './events.js';
import { taskErrorFor } from './failures.js';
import { abortJob, broadcastBytes, rank, ranks } from './mpi.js';

/** Failures of sharded reductions this rank learnt of (tests). */
export const failStats = { failures: 0 };

/**
 * Collective among the ranks that learnt of the same failure (every rank, from the partials'
 * statuses: runtime/shard.ts `exchangePartials`): rank `origin` broadcasts its error, and every
 * rank gets the same {@link TaskError}, naming that rank.
 * @param origin - the lowest rank whose pieces failed
 * @param local - this rank's own failure, if any (the origin's is sent)
 * @param op - the launch's operation (when the origin's text cannot be read)
 */
export function sharedFailure(origin: number, local: TaskError | null, op: string): TaskError {
  const n = ranks();
  const me = rank();
  failStats.failures++;
  let text = new Uint8Array(0);
  if (me === origin) {
    const e = local ?? new TaskError(op, 'a piece failed');
    const prefix = `${e.operation}: `;
    const message = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
    text = new TextEncoder().encode(JSON.stringify({ op: e.operation, message }));
  }
  const len = Int32Array.of(text.byteLength);
  broadcastBytes(len, origin);
  if (me !== origin) text = new Uint8Array(len[0]!);
  broadcastBytes(text, origin);
  let sent: { op: string; message: string };
  try {
    sent = JSON.parse(new TextDecoder().decode(text)) as { op: string; message: string };
  } catch {
    sent = { op, message: 'a piece failed (its error could not be read)' };
  }
  return new TaskError(sent.op, `on rank ${origin} of ${n}: ${sent.message}`, {
    cause: me === origin ? local : undefined,
  });
}

/**
 * Before this rank sends region data: ends the job when a local writer of it failed (the
 * receivers would compute with what it did not write).
 * @param events - the local writers of the data, all known
 * @param what - what is sent (for the message)
 */
export function checkSend(events: readonly number[], what: string): void {
  for (const e of events) {
    if (!isFailed(e)) continue;
    const err = taskErrorFor(causeOf(e));
    abortJob(
      `a piece failed, and the ${what} it wrote must be sent to other ranks; ending the job. ${err.message}` +
        (err.cause instanceof Error && err.cause.stack ? `\n${err.cause.stack}` : ''),
    );
  }
}
