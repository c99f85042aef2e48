import { readFileSync } from 'node:fs';
import { argMessage, type DType, type TypedArray, ValueError } from '../../runtime/index.js';
import { fileError } from './errors.js';
import { DESCR, decodeNpy, encodeNpy, type NpyNumeric, parseNpyHeader } from './npy.js';
import { writeAtomically } from './write-file.js';
import { readZip, writeZip } from './zip.js';

/** The sparse formats SciPy's `save_npz` writes and cohort reads. */
export type SparseFormat = 'csr' | 'csc' | 'coo' | 'dia';

/**
 * A sparse matrix as SciPy's `.npz` holds it: the keys `format`, `shape`, `data` and, by format,
 * `indices` + `indptr` (csr, csc), `row` + `col` (coo) or `offsets` (dia, whose `data` is 2-D).
 */
export interface SparseRecord {
  format: SparseFormat;
  shape: [number, number];
  dtype: DType;
  data: TypedArray;
  /** `[offsets.length, columns]` for dia, `[nnz]` otherwise. */
  dataShape: number[];
  indices?: Int32Array;
  indptr?: Int32Array;
  row?: Int32Array;
  col?: Int32Array;
  offsets?: Int32Array;
}

const KEYS: Record<SparseFormat, readonly string[]> = {
  csr: ['indices', 'indptr'],
  csc: ['indices', 'indptr'],
  coo: ['row', 'col'],
  dia: ['offsets'],
};

/**
 * Reads a SciPy sparse `.npz` file (`scipy.sparse.save_npz`, compressed or not).
 * @throws FormatError naming the file and the key: not a ZIP, missing keys, unknown format
 *   (e.g. bsr), unsupported dtypes, inconsistent lengths.
 */
export function readSparseNpz(
  file: string | Uint8Array,
  fn = 'load_npz',
  path = typeof file === 'string' ? file : '<bytes>',
): SparseRecord {
  const bytes = typeof file === 'string' ? readFileSync(file) : file;
  const entries = new Map<string, Uint8Array>();
  for (const e of readZip(bytes, fn, path)) entries.set(e.name.replace(/\.npy$/, ''), e.data);
  const get = (key: string) => {
    const bytes = entries.get(key);
    if (!bytes)
      throw fileError(
        fn,
        path,
        `key '${key}'`,
        `missing (keys present: ${[...entries.keys()].join(', ')}); not a scipy.sparse .npz file?`,
      );
    const where = `key '${key}'`;
    return { arr: decodeNpy(bytes, parseNpyHeader(bytes, fn, path, where), fn, path, where), where };
  };
  const fmt = get('format');
  const format = fmt.arr.kind === 'strings' && fmt.arr.data.length === 1 ? fmt.arr.data[0]! : undefined;
  if (format === undefined || !Object.hasOwn(KEYS, format))
    throw fileError(
      fn,
      path,
      "key 'format'",
      `format ${JSON.stringify(format ?? fmt.arr.data)} is not supported (csr, csc, coo, dia)`,
    );
  const f = format as SparseFormat;
  const shp = numeric(get('shape'), fn, path);
  if (shp.data.length !== 2 || ![...shp.data].every((s) => Number.isInteger(s) && s >= 0))
    throw fileError(
      fn,
      path,
      "key 'shape'",
      `expected 2 non-negative integers, found [${[...shp.data].join(', ')}]`,
    );
  const shape: [number, number] = [shp.data[0]!, shp.data[1]!];
  const data = numeric(get('data'), fn, path);
  const rec: SparseRecord = { format: f, shape, dtype: data.dtype, data: data.data, dataShape: data.shape };
  for (const key of KEYS[f]) rec[key as 'indices'] = indexArray(get(key), fn, path);
  checkLengths(rec, fn, path);
  return rec;
}

function numeric(
  x: { arr: ReturnType<typeof decodeNpy>; where: string },
  fn: string,
  path: string,
): NpyNumeric {
  if (x.arr.kind !== 'numeric') throw fileError(fn, path, x.where, 'expected a numeric array, found strings');
  return x.arr;
}

function indexArray(
  x: { arr: ReturnType<typeof decodeNpy>; where: string },
  fn: string,
  path: string,
): Int32Array {
  const a = numeric(x, fn, path);
  if (a.dtype !== 'int32')
    throw fileError(
      fn,
      path,
      x.where,
      `expected an integer index array that fits int32, found ${a.dtype} values`,
    );
  if (a.shape.length !== 1)
    throw fileError(fn, path, x.where, `expected a 1-D array, found shape [${a.shape.join(', ')}]`);
  return a.data as Int32Array;
}

function checkLengths(r: SparseRecord, fn: string, path: string): void {
  const [m, n] = r.shape;
  const bad = (key: string, what: string) => fileError(fn, path, `key '${key}'`, what);
  if (r.format === 'dia') {
    const k = r.offsets!.length;
    if (r.dataShape.length !== 2 || r.dataShape[0] !== k)
      throw bad(
        'data',
        `expected a 2-D array with ${k} rows (one per offset), found shape [${r.dataShape.join(', ')}]`,
      );
    return;
  }
  if (r.dataShape.length !== 1)
    throw bad('data', `expected a 1-D array, found shape [${r.dataShape.join(', ')}]`);
  const nnz = r.data.length;
  if (r.format === 'coo') {
    if (r.row!.length !== nnz || r.col!.length !== nnz)
      throw bad(
        'row',
        `row, col and data must have equal lengths, found ${r.row!.length}, ${r.col!.length}, ${nnz}`,
      );
    return;
  }
  const major = r.format === 'csr' ? m : n;
  const ip = r.indptr!;
  if (ip.length !== major + 1)
    throw bad(
      'indptr',
      `expected length ${major + 1} (shape[${r.format === 'csr' ? 0 : 1}] + 1), found ${ip.length}`,
    );
  if (r.indices!.length !== nnz)
    throw bad('indices', `expected length ${nnz} (as data), found ${r.indices!.length}`);
  if (ip[0] !== 0 || ip[major]! > nnz)
    throw bad('indptr', `must start at 0 and end at most at ${nnz}, found ${ip[0]} … ${ip[major]}`);
}

/**
 * Writes `r` as SciPy's `save_npz` does: the same keys and dtypes (`format` as a bytes string,
 * `shape` int64, index arrays int32, `_is_array` True), deflated when `compressed`.
 * @throws ValueError when the archive would need ZIP64.
 */
export function writeSparseNpz(path: string, r: SparseRecord, compressed: boolean, fn = 'save_npz'): void {
  const fmtBytes = new Uint8Array([...r.format].map((c) => c.charCodeAt(0)));
  const entries = [
    { name: 'format.npy', chunks: encodeNpy(`|S${r.format.length}`, [], fmtBytes) },
    { name: 'shape.npy', chunks: encodeNpy('<i8', [2], new BigInt64Array(r.shape.map(BigInt))) },
    { name: 'data.npy', chunks: encodeNpy(DESCR[r.dtype], r.dataShape, r.data) },
  ];
  for (const key of KEYS[r.format]) {
    const a = r[key as 'indices']!;
    entries.push({ name: `${key}.npy`, chunks: encodeNpy('<i4', [a.length], a) });
  }
  entries.push({ name: '_is_array.npy', chunks: encodeNpy('|b1', [], new Uint8Array([1])) });
  try {
    writeAtomically(path, (write) => writeZip(entries, compressed, write));
  } catch (e) {
    if (e instanceof RangeError)
      throw new ValueError(
        argMessage(fn, 'A', 'a matrix whose file fits 4 GiB (ZIP64 is not written)', e.message),
      );
    throw e;
  }
}
