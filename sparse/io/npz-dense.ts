/**
 * NumPy's own `.npz` (`np.savez`, `np.savez_compressed`): a ZIP of `.npy` entries, one per named
 * array. Reading gives every entry; writing names positional arrays `arr_0, arr_1, …` as NumPy.
 */
import { argMessage, type DType, type TypedArray, ValueError } from '../../runtime/index.js';
import { fileError } from './errors.js';
import { DESCR, encodeNpy, type NpyNumeric } from './npy.js';
import { readNpyBytes } from './npy-file.js';
import { writeAtomically } from './write-file.js';
import { readZip, writeZip } from './zip.js';

/** True when `bytes` start like a ZIP archive (`PK\x03\x04`, or an empty archive's `PK\x05\x06`). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/** Every array of an `.npz` archive, by name (the entry name without `.npy`), in archive order. */
export function readDenseNpz(bytes: Uint8Array, fn: string, name: string): Map<string, NpyNumeric> {
  const out = new Map<string, NpyNumeric>();
  for (const e of readZip(bytes, fn, name)) {
    const key = e.name.replace(/\.npy$/, '');
    if (!e.name.endsWith('.npy')) throw fileError(fn, name, `entry '${e.name}'`, 'not a .npy entry');
    out.set(key, readNpyBytes(e.data, fn, `${name}', entry '${e.name}`));
  }
  return out;
}

/** One array to write: its dtype, shape and C-order values. */
export interface DenseRecord {
  dtype: DType;
  shape: number[];
  data: TypedArray;
}

/** Writes named arrays as an `.npz` archive (atomically), deflated when `compressed`. */
export function writeDenseNpz(
  path: string,
  arrays: ReadonlyMap<string, DenseRecord>,
  compressed: boolean,
  fn: string,
): void {
  const entries = [...arrays].map(([key, a]) => ({
    name: `${key}.npy`,
    chunks: encodeNpy(DESCR[a.dtype], a.shape, a.data),
  }));
  try {
    writeAtomically(path, (write) => writeZip(entries, compressed, write));
  } catch (e) {
    if (e instanceof RangeError)
      throw new ValueError(
        argMessage(fn, 'arrays', 'arrays whose file fits 4 GiB (ZIP64 is not written)', e.message),
      );
    throw e;
  }
}
