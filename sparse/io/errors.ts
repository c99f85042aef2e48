import { ArgumentTypeError, argMessage, CohortError, FormatError, ValueError } from '../../runtime/index.js';

/**
 * Builds the {@link FormatError} of a malformed file: the function, the file, where in it (a line
 * number for text files, a field or entry name for binary ones) and what is wrong, e.g.
 * `mmread: file 'a.mtx', line 3: row index 9 out of bounds [1, 4]`.
 */
export function fileError(
  fn: string,
  path: string,
  where: number | string | undefined,
  what: string,
): FormatError {
  const at = where === undefined ? '' : typeof where === 'number' ? `, line ${where}` : `, ${where}`;
  return new FormatError(`${fn}: file '${path}'${at}: ${what}`);
}

/** The `path` argument of a reader or writer: a non-empty string. */
export function pathArg(fn: string, path: unknown): string {
  if (typeof path !== 'string' || path === '')
    throw new ArgumentTypeError(argMessage(fn, 'path', 'a non-empty string', path));
  return path;
}

/** The options object of a writer: `{}` when omitted or null, else a plain object. */
export function optionsArg<T extends object>(fn: string, opts: T | null | undefined): T {
  if (opts === undefined || opts === null) return {} as T;
  const proto = typeof opts === 'object' ? Object.getPrototypeOf(opts) : undefined;
  if (proto !== Object.prototype && proto !== null)
    throw new ArgumentTypeError(argMessage(fn, 'options', 'an options object', opts));
  return opts;
}

/**
 * Runs `body`, turning a file-system error (ENOENT, EISDIR, EACCES, ...) into a {@link ValueError}
 * that names the function and the path — the file is the user's argument — and keeps the system
 * error as `cause`. cohort's own errors pass through.
 */
export function withFileErrors<T>(fn: string, path: string, access: 'read' | 'write', body: () => T): T {
  try {
    return body();
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    if (e instanceof CohortError || typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) throw e;
    const expected = access === 'read' ? 'a readable file' : 'a writable file path';
    throw new ValueError(`${argMessage(fn, 'path', expected, path)} (${(e as Error).message})`, { cause: e });
  }
}
