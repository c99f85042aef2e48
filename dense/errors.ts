/** Small helpers around the runtime's error classes for the dense library. */
import { argMessage, describe, ShapeError } from '../runtime/index.js';

/** Formats a shape as `[3,4]` (the style of CONVENTIONS.md 12). */
export function fmtShape(shape: readonly number[]): string {
  return `[${shape.join(',')}]`;
}

/** `fn: argument 'arg' with shape [2] cannot broadcast to [3,4]`. */
export function broadcastError(
  fn: string,
  arg: string,
  shape: readonly number[],
  to: readonly number[],
): ShapeError {
  return new ShapeError(
    `${fn}: argument '${arg}' with shape ${fmtShape(shape)} cannot broadcast to ${fmtShape(to)}`,
  );
}

export { argMessage, describe };
