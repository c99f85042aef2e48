/**
 * cohort's error classes. Every user-facing error says four things: the function, the argument,
 * what was expected and what was received (CONVENTIONS.md 12). Internal invariants use
 * {@link assertInternal}, which throws {@link InternalError}.
 */

/** Base class of every error cohort raises on purpose. */
export class CohortError extends Error {
  override name = 'CohortError';
}

/** A shape is wrong: broadcasting, reshaping, matrix dimensions. */
export class ShapeError extends CohortError {
  override name = 'ShapeError';
}

/** A dtype is unknown or not allowed here. */
export class DTypeError extends CohortError {
  override name = 'DTypeError';
}

/** An index is out of bounds or malformed. */
export class IndexError extends CohortError {
  override name = 'IndexError';
}

/** A sparse structure or file is malformed. */
export class FormatError extends CohortError {
  override name = 'FormatError';
}

/** A value is not allowed (negative size, bad option, NaN where forbidden, ...). */
export class ValueError extends CohortError {
  override name = 'ValueError';
}

/**
 * An integer that the target dtype cannot hold (NumPy's `OverflowError`: `np.array([300],
 * dtype=np.uint8)`, `a[0] = 300` for a uint8 `a`).
 */
export class OverflowError extends CohortError {
  override name = 'OverflowError';
}

/** Wrong kind of argument (a string where an array was expected, ...). */
export class ArgumentTypeError extends CohortError {
  override name = 'ArgumentTypeError';
}

/** Memory could not be allocated (sizes beyond the limits of this runtime or machine). */
export class AllocationError extends CohortError {
  override name = 'AllocationError';
}

/**
 * An array was used after `dispose()` freed its memory (directly, or through another array that
 * shares that memory: a view, or a sparse array's `data`).
 */
export class DisposedError extends CohortError {
  override name = 'DisposedError';
}

/** A launch's partitioning constraints cannot all hold. */
export class ConstraintError extends CohortError {
  override name = 'ConstraintError';
}

/**
 * A task failed while running (its kernel threw, or its worker died). Raised at the read that
 * depends on it; `operation` names the operation that failed, `cause` carries the original error.
 */
export class TaskError extends CohortError {
  override name = 'TaskError';
  constructor(
    readonly operation: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${operation}: ${message}`, options);
  }
}

/** An internal invariant broke: a bug in cohort, never the user's fault. */
export class InternalError extends Error {
  override name = 'InternalError';
}

/** Throws {@link InternalError} when `cond` is false. */
export function assertInternal(cond: unknown, message: string): asserts cond {
  if (!cond) throw new InternalError(`cohort internal error: ${message}`);
}

/** Formats a received value for an error message: short, never throwing. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (Array.isArray(value)) {
    if (value.length > 8) return `array of length ${value.length}`;
    return `[${value.map(describe).join(', ')}]`;
  }
  if (ArrayBuffer.isView(value))
    return `${value.constructor.name} of length ${(value as unknown as ArrayLike<unknown>).length}`;
  if (typeof value === 'function') return `function ${value.name || '(anonymous)'}`;
  const ctor = (value as object).constructor?.name;
  return ctor && ctor !== 'Object' ? `a ${ctor}` : 'an object';
}

/**
 * Builds the standard message `fn: argument 'arg' expected X, received Y`.
 * @example argMessage('zeros', 'shape', 'non-negative integers', [-1]) // "zeros: argument 'shape' expected non-negative integers, received [-1]"
 */
export function argMessage(fn: string, arg: string, expected: string, received: unknown): string {
  return `${fn}: argument '${arg}' expected ${expected}, received ${describe(received)}`;
}
