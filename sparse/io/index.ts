/**
 * `cohortjs/io`: the files of the NumPy/SciPy world — Matrix Market (`mmread`, `mmwrite`), NumPy's
 * `.npy` (`load`, `save`) and SciPy's sparse `.npz` (`load_npz`, `save_npz`). Malformed files raise
 * a `FormatError` naming the file and the line (or field); nothing partially read is returned.
 * @packageDocumentation
 */
export { FormatError } from '../../runtime/index.js';
export type { MMField, MMSymmetry } from './mm-header.js';
export { load, loadAsync, type NpzFile, save, savez, savez_compressed } from './npy-api.js';
export type { FileInput } from './source.js';
export {
  load_npz,
  load_npzAsync,
  type MMWriteOptions,
  mmread,
  mmreadAsync,
  mmwrite,
  type SaveNpzOptions,
  type SparseArray,
  save_npz,
} from './sparse-api.js';
