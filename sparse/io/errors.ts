import { FormatError } from '../../runtime/index.js';

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
