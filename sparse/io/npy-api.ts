import type { ndarray } from '../../dense/index.js';
import { ssigOpts } from '../sig.js';
import { fromDense, toNdarray } from './dense-adapter.js';
import { pathArg, withFileErrors } from './errors.js';
import { readNpyFile, writeNpyFile } from './npy-file.js';

/**
 * Reads a NumPy `.npy` file (format versions 1.0–3.0) into an ndarray.
 *
 * Dtypes: `<f8 <f4 <i4 |u1 |b1` (either byte order) map to float64, float32, int32, uint8 and
 * bool; `<i8` (NumPy's default integer) is read as int32 when every value fits and as float64
 * otherwise. Fortran-order files are transposed into a C-order array. A C-order little-endian
 * file is read straight into the array's shared memory.
 * @param path - the file (no extension is added)
 * @returns the array, C-contiguous
 * @throws FormatError naming the file and the part (header, data): bad magic, malformed header,
 *   unsupported dtype (complex, strings, structured, ...), truncated data, empty file
 * @throws ValueError naming the path when the file cannot be read (the system error is its `cause`);
 *   ArgumentTypeError when `path` is not a string
 * @example
 * const path = `${os.tmpdir()}/a.npy`; // python: np.save(path, np.arange(6.0).reshape(2, 3))
 * io.save(path, [[0, 1, 2], [3, 4, 5]]);
 * const a = io.load(path);
 * [a.shape, a.dtype] // [[2, 3], 'int32']
 */
export const load = ssigOpts<(path: string) => ndarray>('load(path)', 1, loadImpl as never);

function loadImpl(path: string): ndarray {
  pathArg('load', path);
  const a = withFileErrors('load', path, 'read', () => readNpyFile(path, 'load'));
  return toNdarray(a.dtype, a.shape, a.data);
}

/**
 * Writes an array as a NumPy `.npy` file (version 1.0, C order, little-endian; the dtype's NumPy
 * descr: `<f8 <f4 <i4 |u1 |b1`). As `numpy.save`, `.npy` is appended to a path without it. The
 * file is written under a temporary name and renamed, so a failed write leaves no partial file.
 * @param path - the file
 * @param a - an ndarray, or anything `asarray` accepts
 * @returns nothing; waits for the pending work that computes `a`
 * @throws whatever `asarray` throws for an invalid `a`; ValueError naming the path when the file
 *   cannot be written (the system error is its `cause`)
 * @example
 * io.save(`${os.tmpdir()}/x`, np.array([1, 2, 3], { dtype: 'uint8' })); // writes x.npy
 * io.load(`${os.tmpdir()}/x.npy`).tolist() // [1, 2, 3]
 * // python: np.load(path) -> array([1, 2, 3], dtype=uint8)
 */
export const save = ssigOpts<(path: string, a: ndarray | unknown) => void>(
  'save(path, a)',
  2,
  saveImpl as never,
);

function saveImpl(path: string, a: ndarray | unknown): void {
  pathArg('save', path);
  const d = fromDense(a);
  const file = path.endsWith('.npy') ? path : `${path}.npy`;
  withFileErrors('save', file, 'write', () => writeNpyFile(file, d.dtype, d.shape, d.data));
}
