/**
 * Errors raised by codegen. codegen imports nothing from the runtime (it is pure: strings in, source
 * out), so it has its own small error classes; messages follow CONVENTIONS.md 12 (function, argument,
 * what was expected, what was received).
 */

/** A user error in a codegen request: bad notation, missing format, unsupported combination. */
export class CodegenError extends Error {
  override name = 'CodegenError';
}

/** An internal invariant of codegen broke (a bug in codegen, never the caller's fault). */
export class CodegenInternalError extends Error {
  override name = 'CodegenInternalError';
}

/**
 * Throws {@link CodegenInternalError} when `cond` is false.
 * @param cond - the invariant
 * @param message - what broke
 * @throws {@link CodegenInternalError} when `cond` is falsy
 */
export function assertInternal(cond: unknown, message: string): asserts cond {
  if (!cond) throw new CodegenInternalError(`cohort codegen internal error: ${message}`);
}

/** Formats a received value for a message: short, never throwing. */
function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (value === undefined) return 'undefined';
  try {
    const s = JSON.stringify(value);
    return s === undefined ? String(value) : s.length > 80 ? `${s.slice(0, 80)}…` : s;
  } catch {
    return String(value);
  }
}

/**
 * Builds a {@link CodegenError} with the standard message.
 * @param fn - the public function
 * @param arg - the argument at fault
 * @param expected - what was expected
 * @param received - what was received
 * @returns the error (the caller throws it)
 * @example
 * argError('parse', 'expr', 'an assignment', 'y(i)').message
 * // "parse: argument 'expr' expected an assignment, received \"y(i)\""
 */
export function argError(fn: string, arg: string, expected: string, received: unknown): CodegenError {
  return new CodegenError(`${fn}: argument '${arg}' expected ${expected}, received ${show(received)}`);
}
