import type { ndarray } from '../../dense/index.js';
import {
  ArgumentTypeError,
  argMessage,
  type DType,
  ShapeError,
  type TypedArray,
  ValueError,
} from '../../runtime/index.js';
import { coo_array, csc_array, csr_array, dia_array, type sparray } from '../index.js';
import { ssigOpts } from '../sig.js';
import { fromDense, toNdarray } from './dense-adapter.js';
import { optionsArg, pathArg, withFileErrors } from './errors.js';
import type { MMField, MMSymmetry } from './mm-header.js';
import { type MMData, readMatrixMarket } from './mm-read.js';
import { writeMatrixMarket } from './mm-write.js';
import { readSparseNpz, type SparseFormat, type SparseRecord, writeSparseNpz } from './npz.js';
import { type FileInput, gunzipped, isGzip, sourceArg, sourceBytes, sourceBytesAsync } from './source.js';
import { peek } from './source-peek.js';

/** The sparse arrays `cohortjs/io` reads and writes. */
export type SparseArray = coo_array | csr_array | csc_array | dia_array;

/** Options of {@link mmwrite}, as SciPy's. */
export interface MMWriteOptions {
  /** Written after the banner, each line prefixed with `%`. */
  comment?: string;
  /** `real`, `integer` or `pattern` (coordinate only); default: integer for int32/uint8/bool data, real otherwise. */
  field?: MMField;
  /** Significant digits of real values (C's `%.{precision}g`); default: the shortest text that reads back exactly. */
  precision?: number;
  /**
   * `general` (the default; SciPy detects symmetry of small matrices instead), `symmetric` or
   * `skew-symmetric`: only the lower triangle is written, after checking the symmetry.
   */
  symmetry?: MMSymmetry;
}

/** Options of {@link save_npz}. */
export interface SaveNpzOptions {
  /** Deflate the entries (default true), as `scipy.sparse.save_npz`. */
  compressed?: boolean;
}

function isSparse(A: unknown): A is SparseArray {
  return A instanceof coo_array || A instanceof csr_array || A instanceof csc_array || A instanceof dia_array;
}

function dtypeOfValues(v: TypedArray): DType {
  return v instanceof Int32Array ? 'int32' : 'float64';
}

/**
 * Reads a Matrix Market file: a `coordinate` file as a {@link coo_array} (entries in file order,
 * symmetric storage expanded as SciPy does: each off-diagonal entry is mirrored, negated for
 * skew-symmetric), an `array` file as a dense ndarray. Fields real, integer and pattern (pattern
 * entries read as 1.0); integer values are int32 when they all fit, float64 otherwise. A path is
 * streamed through a fixed buffer, never held whole in memory; gzip-compressed files (`.mtx.gz`,
 * or content starting with gzip's magic number) are uncompressed in memory first. Bytes (a
 * `Buffer`, `Uint8Array` or `ArrayBuffer`) are read in place and errors name them `<bytes>`.
 * @param file - the file's path, or its bytes
 * @returns a coo_array, or an ndarray for `array` files
 * @throws FormatError naming the file and the line, as SciPy's `Line 3: Row index out of bounds`:
 *   bad banner or size line, complex/hermitian files (not supported), fewer or more entries than
 *   declared, indices out of range (including 0), non-numeric fields, truncated or empty files.
 *   Nothing partially read is returned.
 * @throws ValueError naming the path when the file cannot be read (the system error is its `cause`);
 *   ArgumentTypeError when `file` is neither a path nor bytes
 * @example
 * const path = `${os.tmpdir()}/a.mtx`;
 * fs.writeFileSync(path, '%%MatrixMarket matrix coordinate real general\n2 2 1\n2 1 5.5\n');
 * const A = io.mmread(path);
 * A.format // 'coo'
 * A.toarray().tolist() // [[0, 0], [5.5, 0]]
 * io.mmread(fs.readFileSync(path)).nnz // 1
 */
export const mmread = ssigOpts<(file: FileInput) => coo_array | ndarray>(
  'mmread(file)',
  1,
  mmreadImpl as never,
);

function mmreadImpl(file: FileInput): coo_array | ndarray {
  const src = sourceArg('mmread', file);
  const path = src.path;
  let d: MMData;
  if (
    path !== null &&
    !path.endsWith('.gz') &&
    !isGzip(withFileErrors('mmread', path, 'read', () => peek(path, 2)))
  ) {
    d = withFileErrors('mmread', path, 'read', () => readMatrixMarket(path, 'mmread'));
  } else
    d = readMatrixMarket(
      gunzipped(sourceBytes('mmread', src), 'mmread', src.name),
      'mmread',
      undefined,
      src.name,
    );
  return fromMM(d);
}

/**
 * {@link mmread} without blocking the event loop while the file is read (the text is then parsed
 * on the calling thread, from memory).
 * @param file - a path (`.mtx` or `.mtx.gz`), or the file's bytes
 * @returns a promise of a coo_array, or of an ndarray for `array` files
 * @throws as {@link mmread} (the promise rejects)
 * @example
 * io.mmreadAsync(new TextEncoder().encode('%%MatrixMarket matrix coordinate real general\n1 1 1\n1 1 2\n')) instanceof Promise // true
 * // (await io.mmreadAsync(path)).toarray().tolist() resolves to [[2]]
 */
export const mmreadAsync = ssigOpts<(file: FileInput) => Promise<coo_array | ndarray>>(
  'mmreadAsync(file)',
  1,
  mmreadAsyncImpl as never,
);

async function mmreadAsyncImpl(file: FileInput): Promise<coo_array | ndarray> {
  const src = await sourceBytesAsync('mmread', file);
  const bytes = gunzipped(src.bytes, 'mmread', src.name);
  return fromMM(readMatrixMarket(bytes, 'mmread', undefined, src.name));
}

function fromMM(d: MMData): coo_array | ndarray {
  const values = toNdarray(dtypeOfValues(d.values), [d.values.length], d.values);
  if (d.format === 'array') return toNdarray(dtypeOfValues(d.values), d.shape, d.values);
  return new coo_array(
    [values, [toNdarray('int32', [d.row.length], d.row), toNdarray('int32', [d.col.length], d.col)]],
    {
      shape: d.shape,
    },
  );
}

/**
 * Writes a sparse array (as a `coordinate` file, through its COO form) or a 2-D dense array (as an
 * `array` file) in Matrix Market format. As SciPy, `.mtx` is appended to a path without it. The
 * text is written in chunks to a temporary file renamed at the end.
 * @param path - the file
 * @param A - a sparse array, or a 2-D ndarray (or anything `asarray` accepts)
 * @param options - comment, field, precision, symmetry (see {@link MMWriteOptions})
 * @returns nothing; waits for the pending work that computes `A`
 * @throws ValueError for an unknown option value, a symmetry the matrix does not have, pattern
 *   for a dense array, integer field with non-integer values; ShapeError for a dense array that is
 *   not 2-D
 * @example
 * const path = `${os.tmpdir()}/b.mtx`;
 * io.mmwrite(path, sp.coo_array([[1 / 3], [[0], [1]]], { shape: [2, 2] }), { comment: 'hi', precision: 4 });
 * fs.readFileSync(path, 'utf8')
 * // '%%MatrixMarket matrix coordinate real general\n%hi\n2 2 1\n1 2 0.3333\n'
 */
export const mmwrite = ssigOpts<
  (
    path: string,
    A: sparray | ndarray | unknown,
    comment?: string | MMWriteOptions,
    field?: MMField | MMWriteOptions,
    precision?: number | MMWriteOptions,
    symmetry?: MMSymmetry | MMWriteOptions,
    options?: MMWriteOptions,
  ) => void
>(
  'mmwrite(path, A, comment: str = None, field: str = None, precision: int = None, symmetry: str = None)',
  2,
  mmwriteImpl as never,
);

function mmwriteImpl(path: string, A: sparray | ndarray | unknown, options: MMWriteOptions = {}): void {
  const fn = 'mmwrite';
  pathArg(fn, path);
  const { comment, field, precision, symmetry = 'general' } = optionsArg(fn, options);
  if (field !== undefined && !['real', 'integer', 'pattern'].includes(field))
    throw new ValueError(argMessage(fn, 'field', "'real', 'integer' or 'pattern'", field));
  if (!['general', 'symmetric', 'skew-symmetric'].includes(symmetry))
    throw new ValueError(argMessage(fn, 'symmetry', "'general', 'symmetric' or 'skew-symmetric'", symmetry));
  if (precision !== undefined && !(Number.isInteger(precision) && precision > 0))
    throw new ValueError(argMessage(fn, 'precision', 'a positive integer', precision));
  if (comment !== undefined && typeof comment !== 'string')
    throw new ArgumentTypeError(argMessage(fn, 'comment', 'a string', comment));
  const file = path.endsWith('.mtx') ? path : `${path}.mtx`;
  const defaultField = (dtype: DType): MMField =>
    dtype === 'float64' || dtype === 'float32' ? 'real' : 'integer';
  if (isSparse(A)) {
    const coo = A.tocoo() as coo_array;
    const values = coo.data.toArray();
    const f = field ?? defaultField(coo.data.dtype);
    const shape = [A.shape[0]!, A.shape[1]!] as const;
    const rec = {
      format: 'coordinate' as const,
      shape,
      row: coo.row.toArray(),
      col: coo.col.toArray(),
      values,
    };
    withFileErrors(fn, file, 'write', () =>
      writeMatrixMarket(file, rec, { field: f, symmetry, comment, precision }, fn),
    );
    return;
  }
  const d = fromDense(A);
  if (d.shape.length !== 2)
    throw new ShapeError(
      argMessage(fn, 'A', 'a 2-D array or a sparse array', `shape [${d.shape.join(', ')}]`),
    );
  if (field === 'pattern')
    throw new ValueError(argMessage(fn, 'field', "'real' or 'integer' for a dense array", field));
  const shape = [d.shape[0]!, d.shape[1]!] as const;
  withFileErrors(fn, file, 'write', () =>
    writeMatrixMarket(
      file,
      { format: 'array', shape, values: d.data },
      { field: field ?? defaultField(d.dtype), symmetry, comment, precision },
      fn,
    ),
  );
}

/**
 * Reads a sparse array saved by `scipy.sparse.save_npz` (or {@link save_npz}): csr, csc, coo or
 * dia, compressed or not, as an array of the stored format and dtype. Index arrays saved as int64
 * are read as int32 (a FormatError if a value does not fit).
 * @param file - the `.npz` file's path, or its bytes (a `Buffer`, `Uint8Array` or `ArrayBuffer`)
 * @returns a csr_array, csc_array, coo_array or dia_array
 * @throws FormatError naming the file and the key or ZIP entry: not a ZIP archive, corrupt or
 *   truncated entries (CRC-32 checked) or ZIP64 records, missing keys, unsupported format (bsr) or dtype,
 *   inconsistent lengths
 * @throws ValueError naming the path when the file cannot be read (the system error is its `cause`);
 *   ArgumentTypeError when `file` is neither a path nor bytes
 * @example
 * const path = `${os.tmpdir()}/m.npz`; // python: scipy.sparse.save_npz(path, scipy.sparse.eye_array(3, format='csr'))
 * io.save_npz(path, sp.eye(3, null, { format: 'csr' }));
 * const A = io.load_npz(path);
 * [A.format, A.shape, A.nnz] // ['csr', [3, 3], 3]
 */
export const load_npz = ssigOpts<(file: FileInput) => SparseArray>(
  'load_npz(file)',
  1,
  load_npzImpl as never,
);

function load_npzImpl(file: FileInput): SparseArray {
  const src = sourceArg('load_npz', file);
  return fromNpz(readSparseNpz(sourceBytes('load_npz', src), 'load_npz', src.name));
}

/**
 * {@link load_npz} without blocking the event loop while the file is read.
 * @param file - a path, or the file's bytes
 * @returns a promise of the sparse array
 * @throws as {@link load_npz} (the promise rejects)
 * @example
 * io.save_npz(`${os.tmpdir()}/e.npz`, sp.eye(2, 2, { format: 'csr' }));
 * io.load_npzAsync(`${os.tmpdir()}/e.npz`) instanceof Promise // true
 * // (await io.load_npzAsync(path)).format resolves to 'csr'
 */
export const load_npzAsync = ssigOpts<(file: FileInput) => Promise<SparseArray>>(
  'load_npzAsync(file)',
  1,
  load_npzAsyncImpl as never,
);

async function load_npzAsyncImpl(file: FileInput): Promise<SparseArray> {
  const src = await sourceBytesAsync('load_npz', file);
  return fromNpz(readSparseNpz(src.bytes, 'load_npz', src.name));
}

function fromNpz(r: SparseRecord): SparseArray {
  const data = toNdarray(r.dtype, r.dataShape, r.data);
  const idx = (a: Int32Array) => toNdarray('int32', [a.length], a);
  const opts = { shape: r.shape };
  switch (r.format) {
    case 'csr':
      return new csr_array([data, idx(r.indices!), idx(r.indptr!)], opts);
    case 'csc':
      return new csc_array([data, idx(r.indices!), idx(r.indptr!)], opts);
    case 'coo':
      return new coo_array([data, [idx(r.row!), idx(r.col!)]], opts);
    case 'dia':
      return new dia_array([data, idx(r.offsets!)], opts);
  }
}

/**
 * Saves a sparse array as `scipy.sparse.save_npz` does (same keys and dtypes: `format`, `shape`,
 * `data`, and `indices`+`indptr` / `row`+`col` / `offsets`), readable by `scipy.sparse.load_npz`.
 * As NumPy, `.npz` is appended to a path without it. The ZIP container is cohort's own writer
 * (stored or deflate entries; it does not write ZIP64, needed for files of 4 GiB or more).
 * @param path - the file
 * @param A - a csr, csc, coo or dia array
 * @param options - `{ compressed = true }`
 * @returns nothing; waits for the pending work that computes `A`
 * @throws ArgumentTypeError when `A` is not a sparse array; ValueError when the file would need ZIP64
 * @example
 * const A = sp.coo_array([[1, 2], [[0, 1], [1, 0]]], { shape: [2, 2] });
 * io.save_npz(`${os.tmpdir()}/m`, A); // writes m.npz, deflated
 * io.save_npz(`${os.tmpdir()}/m_raw.npz`, A, { compressed: false });
 * io.load_npz(`${os.tmpdir()}/m.npz`).toarray().tolist() // [[0, 1], [2, 0]]
 */
export const save_npz = ssigOpts<
  (path: string, A: sparray, compressed?: boolean | SaveNpzOptions, options?: SaveNpzOptions) => void
>('save_npz(path, A, compressed: bool = None)', 2, save_npzImpl as never);

function save_npzImpl(path: string, A: sparray, options: SaveNpzOptions = {}): void {
  const fn = 'save_npz';
  pathArg(fn, path);
  if (!isSparse(A))
    throw new ArgumentTypeError(argMessage(fn, 'A', 'a sparse array (coo, csr, csc or dia)', A));
  const { compressed = true } = optionsArg(fn, options);
  if (!['csr', 'csc', 'coo', 'dia'].includes(A.format))
    throw new ValueError(
      argMessage(
        fn,
        'A',
        'a csr, csc, coo or dia array (cohort writes no bsr/lil/dok .npz yet: convert with tocsr())',
        A.format,
      ),
    );
  const format = A.format as SparseFormat;
  const data = A.data;
  const ints = (a: ndarray) => {
    const v = a.toArray();
    return v instanceof Int32Array ? v : Int32Array.from(v);
  };
  const rec = {
    format,
    shape: [A.shape[0]!, A.shape[1]!] as [number, number],
    dtype: data.dtype,
    data: data.toArray(),
    dataShape: [...data.shape],
    ...(A instanceof csr_array || A instanceof csc_array
      ? { indices: ints(A.indices), indptr: ints(A.indptr) }
      : {}),
    ...(A instanceof coo_array ? { row: ints(A.row), col: ints(A.col) } : {}),
    ...(A instanceof dia_array ? { offsets: ints(A.offsets) } : {}),
  };
  const file = path.endsWith('.npz') ? path : `${path}.npz`;
  withFileErrors(fn, file, 'write', () => writeSparseNpz(file, rec, compressed, fn));
}
