import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';

/**
 * Calls `body(write)` with a function that appends bytes or text to a temporary file beside
 * `path`, then renames it over `path`. If `body` throws, the temporary file is removed and `path`
 * is left as it was.
 */
export function writeAtomically(
  path: string,
  body: (write: (chunk: string | Uint8Array) => void) => void,
): void {
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  let ok = false;
  try {
    body((chunk) => {
      if (typeof chunk === 'string') writeSync(fd, chunk, null, 'latin1');
      else {
        let off = 0;
        while (off < chunk.byteLength) off += writeSync(fd, chunk, off, chunk.byteLength - off);
      }
    });
    ok = true;
  } finally {
    closeSync(fd);
    if (ok) renameSync(tmp, path);
    else rmSync(tmp, { force: true });
  }
}
