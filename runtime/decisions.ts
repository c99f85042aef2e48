/**
 * The placement decisions of the engine, recorded for tests (issue 16 item 5: two runs of the
 * same program take the same decisions). Off by default: a disabled log costs one branch per
 * piece.
 */

/** Where a piece went: {@link INLINE}, {@link SKIPPED}, or the pool slot it was posted to. */
export const INLINE = -1;
/** A piece not run because a data dependence failed (known at issue). */
export const SKIPPED = -2;

import { peekSeq } from './events.js';

let log: string[] | null = null;
/** Sequence numbers in the log count from here (the first seq after {@link startDecisionLog}). */
let base = 0;

/** True while the log records. */
export function logging(): boolean {
  return log !== null;
}

/**
 * Records a decision: operation, record kind (`T` piece, `X` combine, `S` scalar task), color,
 * the sequence number it got (-1: none) and where it runs.
 */
export function recordDecision(op: string, kind: string, color: number, seq: number, where: number): void {
  log?.push(
    `${op} ${kind}${color} #${seq < 0 ? -1 : seq - base} ${where === INLINE ? 'inline' : where === SKIPPED ? 'skipped' : `w${where}`}`,
  );
}

/** Starts recording (clears an earlier log). */
export function startDecisionLog(): void {
  log = [];
  base = peekSeq();
}

/** Stops recording and returns the decisions since {@link startDecisionLog}. */
export function stopDecisionLog(): string[] {
  const out = log ?? [];
  log = null;
  return out;
}
