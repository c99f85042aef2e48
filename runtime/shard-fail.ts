/**
 * Failures of sharded pieces under MPI (issue 22): a piece that fails on one rank must not leave
 * the other ranks computing with what it did not produce.
 *
 * - **Reductions** (runtime/shard-reduce.ts): before the partials move, the ranks agree on
 *   whether any rank's pieces failed (one integer all-reduce); if one did, the lowest failing
 *   rank broadcasts its error and every rank's result is the same failed future — no rank
 *   combines stale partials, and a program that catches the error goes on identically everywhere
 *   (an uncaught one ends every rank with a non-zero code: runtime/mpi.ts's exit policy).
 * - **Copies** (runtime/shard.ts): a rank that must send data whose writer failed on it cannot
 *   tell the receivers at that point (they wait for the message), so it ends the job at once with
 *   its error on stderr (`MPI_Abort`): the job's code is non-zero and no rank hangs.
 */
import { TaskError } from './errors.js';
import { causeOf, isFailed } from './events.js';
import { taskErrorFor } from './failures.js';
import { abortJob, allreduceMax, broadcastBytes, rank, ranks } from './mpi.js';

/** Failure agreements this rank took part in, and those that found a failure (tests). */
export const failStats = { agreements: 0, failures: 0 };

/**
 * Collective: every rank passes its local failure of a sharded launch (or null); every rank gets
 * the failure of the lowest failing rank, the same error text on every rank, or null when no rank
 * failed.
 * @param op - the launch's operation (for the error when the origin's text is not a TaskError)
 */
export function agreeFailure(local: TaskError | null, op: string): TaskError | null {
  const n = ranks();
  const me = rank();
  failStats.agreements++;
  const top = allreduceMax(local === null ? 0 : n - me);
  if (top === 0) return null;
  failStats.failures++;
  const origin = n - top;
  let text = new Uint8Array(0);
  if (me === origin) {
    const e = local!;
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
