import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { DType, TypedArray } from '../../runtime/index.js';
import { fileError } from './errors.js';
import {
  DESCR,
  decodeNpy,
  encodeNpy,
  NPY_PREFIX,
  type NpyNumeric,
  npyHeaderLength,
  parseNpyHeader,
} from './npy.js';
import { sharedArray } from './shared-array.js';
import { writeAtomically } from './write-file.js';

const FAST: Record<string, DType> = {
  '<f8': 'float64',
  '<f4': 'float32',
  '<i4': 'int32',
  '|u1': 'uint8',
  '<u1': 'uint8',
};

/**
 * Reads a `.npy` file into a C-order typed array in shared memory. A C-order little-endian file of
 * a Tier 1 dtype is read straight into the array (one copy, from the kernel); other files
 * (Fortran order, big-endian, int64, bool) are decoded by {@link decodeNpy}.
 * @throws FormatError naming the file: bad magic or header, unsupported dtype, truncated data.
 */
export function readNpyFile(path: string, fn = 'load'): NpyNumeric {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const pre = new Uint8Array(Math.min(size, NPY_PREFIX));
    readFully(fd, pre, 0);
    const hlen = npyHeaderLength(pre, fn, path, 'header');
    const head = new Uint8Array(Math.min(size, hlen));
    readFully(fd, head, 0);
    const h = parseNpyHeader(head, fn, path, 'header');
    const n = h.shape.reduce((a, b) => a * b, 1);
    const fast = FAST[h.descr];
    if (fast && !(h.fortranOrder && h.shape.length > 1)) {
      const out = sharedArray(fast, n);
      const need = out.byteLength;
      if (size - h.offset < need)
        throw fileError(
          fn,
          path,
          'data',
          `truncated data: the header announces ${need} bytes, found ${size - h.offset}`,
        );
      readFully(fd, new Uint8Array(out.buffer, out.byteOffset, need), h.offset);
      return { kind: 'numeric', dtype: fast, shape: h.shape, data: out };
    }
    const all = new Uint8Array(size);
    readFully(fd, all, 0);
    const dec = decodeNpy(all, h, fn, path, 'data');
    if (dec.kind !== 'numeric')
      throw fileError(fn, path, 'header', `dtype '${h.descr}' (strings) is not supported`);
    return dec;
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads the bytes of a whole `.npy` file into a C-order typed array in shared memory.
 * @throws FormatError naming `name`: bad magic or header, unsupported dtype, truncated data.
 */
export function readNpyBytes(all: Uint8Array, fn: string, name: string): NpyNumeric {
  const hlen = npyHeaderLength(all.subarray(0, NPY_PREFIX), fn, name, 'header');
  const h = parseNpyHeader(all.subarray(0, hlen), fn, name, 'header');
  const dec = decodeNpy(all, h, fn, name, 'data');
  if (dec.kind !== 'numeric')
    throw fileError(fn, name, 'header', `dtype '${h.descr}' (strings) is not supported`);
  return dec;
}

function readFully(fd: number, into: Uint8Array, position: number): void {
  let off = 0;
  while (off < into.length) {
    const n = readSync(fd, into, off, into.length - off, position + off);
    if (n === 0) break;
    off += n;
  }
}

/** Writes a C-order array as a version 1.0 `.npy` file (atomically). */
export function writeNpyFile(path: string, dtype: DType, shape: readonly number[], data: TypedArray): void {
  writeAtomically(path, (write) => {
    for (const chunk of encodeNpy(DESCR[dtype], shape, data)) write(chunk);
  });
}
