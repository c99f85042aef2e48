import { TaskError } from './errors.js';

/** What is known of a task's original failure. */
interface Failure {
  /** The error itself when it is already a TaskError (a failed input future). */
  readonly error?: TaskError;
  readonly op: string;
  readonly message: string;
  readonly name: string;
  readonly stack: string | undefined;
}

const failures = new Map<number, Failure>();
let drain: () => void = () => {};

/** Records the original failure of task `seq` (kernel error, worker death). */
export function recordFailure(
  seq: number,
  op: string,
  message: string,
  name = 'Error',
  stack?: string,
): void {
  failures.set(seq, { op, message, name, stack });
}

/** Records a known {@link TaskError} as the failure of task `seq`. */
export function recordTaskError(seq: number, error: TaskError): void {
  failures.set(seq, {
    error,
    op: error.operation,
    message: error.message,
    name: error.name,
    stack: undefined,
  });
}

/** Installs the function that collects error reports posted back by workers. */
export function setFailureDrain(fn: () => void): void {
  drain = fn;
}

/**
 * The {@link TaskError} for a failed event whose original failure is task `origin`: it names the
 * operation that failed and carries the original message (and, as `cause`, an Error rebuilt with
 * the original name and stack).
 */
export function taskErrorFor(origin: number): TaskError {
  let f = failures.get(origin);
  if (f === undefined) {
    drain();
    f = failures.get(origin);
  }
  if (f === undefined) return new TaskError('task', `task ${origin} failed (its error report was lost)`);
  if (f.error !== undefined) return f.error;
  const cause = new Error(f.message);
  cause.name = f.name;
  if (f.stack !== undefined) cause.stack = f.stack;
  return new TaskError(f.op, f.message, { cause });
}
