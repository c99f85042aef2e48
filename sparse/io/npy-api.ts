import { ndarray as NdarrayClass, type ndarray } from '../../dense/index.js';
import { ArgumentTypeError, argMessage, ValueError } from '../../runtime/index.js';
import { ssigOpts } from '../sig.js';
import { fromDense, toNdarray } from './dense-adapter.js';
import { pathArg, withFileErrors } from './errors.js';
import type { NpyNumeric } from './npy.js';
import { readNpyBytes, readNpyFile, writeNpyFile } from './npy-file.js';
import { type DenseRecord, isZip, readDenseNpz, writeDenseNpz } from './npz-dense.js';
import { type FileInput, gunzipped, isGzip, type Source, sourceArg, sourceBytesAsync } from './source.js';
import { peek } from './source-peek.js';

/** The arrays of an `.npz` file by name, as NumPy's `NpzFile` (`np.load('a.npz')['x']`). */
export type NpzFile = Record<string, ndarray>;

function toArray(a: NpyNumeric): ndarray {
  return toNdarray(a.dtype, a.shape, a.data);
}

/** The array(s) in whole-file bytes: `.npz` (ZIP) → NpzFile, else `.npy`; gzip is undone first. */
function fromBytes(fn: string, src: Source, raw: Uint8Array): ndarray | NpzFile {
  const bytes = gunzipped(raw, fn, src.name);
  if (!isZip(bytes)) return toArray(readNpyBytes(bytes, fn, src.name));
  const out: NpzFile = {};
  for (const [k, a] of readDenseNpz(bytes, fn, src.name)) out[k] = toArray(a);
  return out;
}

/**
 * Reads a NumPy `.npy` file (format versions 1.0–3.0) into an ndarray, or a NumPy `.npz` file
 * (`np.savez`, `np.savez_compressed`: several named arrays) into an {@link NpzFile}. The file is
 * a path, or its bytes (a `Buffer`, `Uint8Array` or `ArrayBuffer`); gzip-compressed content is
 * uncompressed. What it holds decides, not the name: a ZIP archive is an `.npz`. The result is
 * typed `NpzFile` for a path ending in `.npz` and `ndarray` otherwise; name the type for `.npz`
 * bytes or a path in a variable: `io.load<io.NpzFile>(bytes)`.
 * @typeParam T - `ndarray` (the default) or {@link NpzFile}
 *
 * Dtypes: `<f8 <f4 <i4 |u1 |b1` (either byte order) map to float64, float32, int32, uint8 and
 * bool; `<i8` (NumPy's default integer) is read as int32 when every value fits and as float64 when
 * every value is within ±2^53 (exact); beyond that it raises rather than round. Fortran-order files
 * are transposed into a C-order array. A C-order little-endian `.npy` path is read straight into
 * the array's shared memory.
 * @param file - a path (no extension is added), or the file's bytes
 * @returns the array, C-contiguous; for an `.npz`, an object of arrays by name
 * @throws FormatError naming the file (`<bytes>` for bytes) and the part (header, data, entry): bad
 *   magic, malformed header, unsupported dtype (complex, strings, structured, ...), truncated data,
 *   empty file
 * @throws ValueError for int64 values beyond ±2^53, and naming the path when the file cannot be
 *   read (the system error is its `cause`); ArgumentTypeError when `file` is neither a path nor bytes
 * @example
 * const path = `${os.tmpdir()}/a.npy`; // python: np.save(path, np.arange(6.0).reshape(2, 3))
 * io.save(path, [[0, 1, 2], [3, 4, 5]]);
 * const a = io.load(path);
 * [a.shape, a.dtype] // [[2, 3], 'int32']
 * io.load(fs.readFileSync(path)).tolist() // [[0, 1, 2], [3, 4, 5]]
 * @example
 * const path = `${os.tmpdir()}/ab.npz`; // python: np.savez(path, np.eye(2), b=np.arange(3))
 * io.savez(path, np.eye(2), { b: np.arange(3) });
 * const f = io.load(path);
 * [Object.keys(f), f.b.tolist()] // [['arr_0', 'b'], [0, 1, 2]]
 */
export const load: {
  (file: `${string}.npz`): NpzFile;
  <T extends ndarray | NpzFile = ndarray>(file: FileInput): T;
} = ssigOpts('load(file)', 1, loadImpl as never);

function loadImpl(file: FileInput): ndarray | NpzFile {
  const src = sourceArg('load', file);
  if (src.bytes) return fromBytes('load', src, src.bytes);
  const path = src.path!;
  const head = withFileErrors('load', path, 'read', () => peek(path, 4));
  if (!isZip(head) && !isGzip(head)) {
    return toArray(withFileErrors('load', path, 'read', () => readNpyFile(path, 'load')));
  }
  return fromBytes(
    'load',
    src,
    withFileErrors('load', path, 'read', () => peek(path, Infinity)),
  );
}

/**
 * {@link load} without blocking the event loop while the file is read.
 * @param file - a path, or the file's bytes
 * @returns a promise of the array (an {@link NpzFile} for an `.npz`)
 * @throws as {@link load} (the promise rejects)
 * @example
 * io.save(`${os.tmpdir()}/c.npy`, [1, 2]);
 * io.loadAsync(`${os.tmpdir()}/c.npy`) instanceof Promise // true
 * // (await io.loadAsync(path)).tolist() resolves to [1, 2]
 */
export const loadAsync: {
  (file: `${string}.npz`): Promise<NpzFile>;
  <T extends ndarray | NpzFile = ndarray>(file: FileInput): Promise<T>;
} = ssigOpts('loadAsync(file)', 1, loadAsyncImpl as never);

async function loadAsyncImpl(file: FileInput): Promise<ndarray | NpzFile> {
  const src = await sourceBytesAsync('load', file);
  return fromBytes('load', src, src.bytes);
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

/** True for `{name: array}` (Python's `**kwds`): a plain object, not an array or ndarray. */
function isNamed(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x) || ArrayBuffer.isView(x)) return false;
  if (x instanceof NdarrayClass) return false;
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

function savezAs(fn: string, compressed: boolean, path: string, args: unknown[]): void {
  pathArg(fn, path);
  const arrays = new Map<string, DenseRecord>();
  const last =
    args.length > 0 && isNamed(args[args.length - 1]) ? (args.pop() as Record<string, unknown>) : {};
  args.forEach((a, i) => {
    if (isNamed(a)) throw new ArgumentTypeError(argMessage(fn, `args[${i}]`, 'an array (names go last)', a));
    arrays.set(`arr_${i}`, fromDense(a));
  });
  for (const [k, a] of Object.entries(last)) {
    if (arrays.has(k)) throw new ValueError(argMessage(fn, k, `a name other than the positional arr_N`, k));
    if (k === '' || k.includes('/')) throw new ValueError(argMessage(fn, 'name', 'a name without /', k));
    arrays.set(k, fromDense(a));
  }
  const file = path.endsWith('.npz') ? path : `${path}.npz`;
  withFileErrors(fn, file, 'write', () => writeDenseNpz(file, arrays, compressed, fn));
}

/**
 * Saves several arrays in one uncompressed `.npz` file, as `numpy.savez(file, *args, **kwds)`:
 * positional arrays are named `arr_0, arr_1, …`, and a last plain object gives arrays by name.
 * `.npz` is appended to a path without it. NumPy's `np.load` reads it; so does {@link load}.
 * @param path - the file
 * @param args - arrays (anything `asarray` accepts), then optionally `{name: array}`
 * @returns nothing; waits for the pending work that computes the arrays
 * @throws ValueError when a name repeats a positional `arr_N` or contains `/`, or the file would
 *   need ZIP64; ArgumentTypeError for a named object that is not last
 * @example
 * io.savez(`${os.tmpdir()}/two`, [1, 2], { w: np.ones([2, 2]) }); // writes two.npz
 * Object.keys(io.load(`${os.tmpdir()}/two.npz`)) // ['arr_0', 'w']
 * // python: np.load(path)['w'] -> array([[1., 1.], [1., 1.]])
 */
export function savez(path: string, ...args: unknown[]): void {
  savezAs('savez', false, path, args);
}

/**
 * {@link savez} with deflated entries, as `numpy.savez_compressed`.
 * @param path - the file
 * @param args - arrays, then optionally `{name: array}`
 * @returns nothing; waits for the pending work that computes the arrays
 * @throws as {@link savez}
 * @example
 * io.savez_compressed(`${os.tmpdir()}/z.npz`, { zeros: np.zeros([1000]) });
 * io.load(`${os.tmpdir()}/z.npz`).zeros.shape // [1000]
 */
export function savez_compressed(path: string, ...args: unknown[]): void {
  savezAs('savez_compressed', true, path, args);
}
