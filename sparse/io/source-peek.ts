import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** The first `n` bytes of a file (fewer when it is shorter; all of it for `Infinity`). */
export function peek(path: string, n: number): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const out = Buffer.allocUnsafe(Math.min(size, n));
    let off = 0;
    while (off < out.length) {
      const k = readSync(fd, out, off, out.length - off, off);
      if (k === 0) break;
      off += k;
    }
    return out.subarray(0, off);
  } finally {
    closeSync(fd);
  }
}
