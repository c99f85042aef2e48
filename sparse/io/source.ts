/**
 * What the readers accept: a path, or the file's content as bytes (a `Buffer`, a `Uint8Array` or
 * an `ArrayBuffer`), gzip-compressed or not. Errors name the path, or `<bytes>` for content.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { ArgumentTypeError, argMessage } from '../../runtime/index.js';
import { fileError, withFileErrors } from './errors.js';

/** A file to read: its path, or its bytes. */
export type FileInput = string | Uint8Array | ArrayBuffer;

/** The name a file is called by in errors: its path, or `<bytes>`. */
export const BYTES_NAME = '<bytes>';

/** A checked reader input: the path (null for bytes), the bytes (null for a path), its name. */
export interface Source {
  path: string | null;
  bytes: Uint8Array | null;
  name: string;
}

/**
 * Checks a reader's first argument.
 * @throws {ArgumentTypeError} when it is neither a non-empty string nor bytes
 */
export function sourceArg(fn: string, file: unknown): Source {
  if (typeof file === 'string' && file !== '') return { path: file, bytes: null, name: file };
  if (file instanceof Uint8Array) return { path: null, bytes: file, name: BYTES_NAME };
  if (file instanceof ArrayBuffer) return { path: null, bytes: new Uint8Array(file), name: BYTES_NAME };
  throw new ArgumentTypeError(
    argMessage(fn, 'file', 'a path (a non-empty string) or the bytes of a file (Buffer, Uint8Array)', file),
  );
}

/** True when `bytes` start with the gzip magic number. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** `bytes`, gunzipped when they are gzip data. @throws FormatError on corrupt gzip data */
export function gunzipped(bytes: Uint8Array, fn: string, name: string): Uint8Array {
  if (!isGzip(bytes)) return bytes;
  try {
    return gunzipSync(bytes);
  } catch (e) {
    throw fileError(fn, name, undefined, `corrupt gzip data (${(e as Error).message})`);
  }
}

/** The whole content of `src` (read from its path when it has one). */
export function sourceBytes(fn: string, src: Source): Uint8Array {
  if (src.bytes) return src.bytes;
  const path = src.path!;
  return withFileErrors(fn, path, 'read', () => readFileSync(path));
}

/** {@link sourceArg} and {@link sourceBytes} without blocking: the file is read asynchronously. */
export async function sourceBytesAsync(fn: string, file: unknown): Promise<Source & { bytes: Uint8Array }> {
  const src = sourceArg(fn, file);
  if (src.bytes) return { ...src, bytes: src.bytes };
  const path = src.path!;
  try {
    return { ...src, bytes: await readFile(path) };
  } catch (e) {
    return withFileErrors(fn, path, 'read', () => {
      throw e;
    });
  }
}
