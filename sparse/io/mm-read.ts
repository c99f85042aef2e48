import { fileError } from './errors.js';
import { LineReader } from './line-reader.js';
import { type MMBanner, type MMField, type MMSymmetry, parseBanner } from './mm-header.js';
import { sharedArray } from './shared-array.js';
import { Tokens } from './tokens.js';

/** Values read from a file: int32 for integer fields whose values all fit, float64 otherwise. */
export type MMValues = Float64Array | Int32Array;

/** A coordinate file, symmetric storage expanded (as SciPy does), indices 0-based, in file order. */
export interface MMCoordinate {
  format: 'coordinate';
  field: MMField;
  symmetry: MMSymmetry;
  shape: [number, number];
  row: Int32Array;
  col: Int32Array;
  values: MMValues;
}

/** An array file as a C-order dense matrix, symmetric storage expanded. */
export interface MMArray {
  format: 'array';
  field: MMField;
  symmetry: MMSymmetry;
  shape: [number, number];
  values: MMValues;
}

export type MMData = MMCoordinate | MMArray;

const INT32_MAX = 2 ** 31 - 1;
const PERCENT = 37;

/**
 * Reads a Matrix Market file, streaming it through a fixed buffer. Nothing is returned unless the
 * whole file is valid.
 * @throws FormatError naming `fn`, the file and the line: bad banner or size line, fewer or more
 *   entries than declared, indices out of range (including 0), non-numeric fields, truncated or
 *   empty files.
 */
export function readMatrixMarket(
  file: string | Uint8Array,
  fn = 'mmread',
  chunk?: number,
  name = typeof file === 'string' ? file : '<bytes>',
): MMData {
  const r = new LineReader(file, chunk);
  try {
    return parse(r, name, fn);
  } finally {
    r.close();
  }
}

function parse(r: LineReader, path: string, fn: string): MMData {
  if (!r.next())
    throw fileError(fn, path, undefined, 'file is empty (expected the %%MatrixMarket banner on line 1)');
  const banner = parseBanner(fn, path, r.text());
  const tk = new Tokens();
  for (;;) {
    if (!r.next()) throw fileError(fn, path, r.lineNo + 1, 'file ends before the size line');
    tk.reset(r.buf, r.start, r.end);
    if (tk.next() && r.buf[tk.tokStart] !== PERCENT) break;
  }
  const want = banner.format === 'coordinate' ? 3 : 2;
  const what = banner.format === 'coordinate' ? "'rows columns entries'" : "'rows columns'";
  const dims: number[] = [];
  do {
    const v = tk.int();
    if (Number.isNaN(v) || v < 0 || dims.length === want)
      throw fileError(
        fn,
        path,
        r.lineNo,
        `size line must be ${what} (${want} non-negative integers), found '${r.text().trim()}'`,
      );
    dims.push(v);
  } while (tk.next());
  if (dims.length !== want)
    throw fileError(
      fn,
      path,
      r.lineNo,
      `size line must be ${what} (${want} non-negative integers), found '${r.text().trim()}'`,
    );
  const [m, n] = dims as [number, number];
  if (m > INT32_MAX || n > INT32_MAX)
    throw fileError(fn, path, r.lineNo, `shape (${m}, ${n}) is too large for int32 indices`);
  return banner.format === 'coordinate'
    ? readCoordinate(r, tk, path, fn, banner, m, n, dims[2]!)
    : readArray(r, tk, path, fn, banner, m, n);
}

/** Moves to the next line that holds a token, skipping blank and `%` comment lines; false at the end. */
function nextDataLine(r: LineReader, tk: Tokens): boolean {
  while (r.next()) {
    tk.reset(r.buf, r.start, r.end);
    if (tk.next() && r.buf[tk.tokStart] !== PERCENT) return true;
  }
  return false;
}

function readCoordinate(
  r: LineReader,
  tk: Tokens,
  path: string,
  fn: string,
  b: MMBanner,
  m: number,
  n: number,
  nnz: number,
): MMCoordinate {
  if (nnz > INT32_MAX) throw fileError(fn, path, r.lineNo, `${nnz} entries exceed the int32 limit`);
  const sizeLine = r.lineNo;
  const pattern = b.field === 'pattern';
  const integer = b.field === 'integer';
  const nf = pattern ? 2 : 3;
  const fields = pattern ? 'row col' : 'row col value';
  // General files are read straight into the shared arrays that become the result's regions.
  const general = b.symmetry === 'general';
  const row = general ? (sharedArray('int32', nnz) as Int32Array) : new Int32Array(nnz);
  const col = general ? (sharedArray('int32', nnz) as Int32Array) : new Int32Array(nnz);
  const val = general ? (sharedArray('float64', nnz) as Float64Array) : new Float64Array(nnz);
  let k = 0;
  const fieldCount = () => {
    let c = 1;
    tk.pos = r.start;
    tk.next();
    while (tk.next()) c++;
    return fileError(fn, path, r.lineNo, `expected ${nf} fields (${fields}), found ${c}`);
  };
  while (nextDataLine(r, tk)) {
    if (k === nnz)
      throw fileError(
        fn,
        path,
        r.lineNo,
        `more entries than the ${nnz} declared on the size line (line ${sizeLine})`,
      );
    const i = tk.int();
    if (Number.isNaN(i)) throw fileError(fn, path, r.lineNo, `row index '${tk.text()}' is not an integer`);
    if (i < 1 || i > m)
      throw fileError(
        fn,
        path,
        r.lineNo,
        `row index ${i} out of bounds [1, ${m}] (Matrix Market indices are 1-based)`,
      );
    if (!tk.next()) throw fieldCount();
    const j = tk.int();
    if (Number.isNaN(j)) throw fileError(fn, path, r.lineNo, `column index '${tk.text()}' is not an integer`);
    if (j < 1 || j > n)
      throw fileError(
        fn,
        path,
        r.lineNo,
        `column index ${j} out of bounds [1, ${n}] (Matrix Market indices are 1-based)`,
      );
    let v = 1;
    if (!pattern) {
      if (!tk.next()) throw fieldCount();
      v = integer ? tk.int() : tk.real();
      if (integer ? Number.isNaN(v) : tk.bad)
        throw fileError(
          fn,
          path,
          r.lineNo,
          `value '${tk.text()}' is not ${integer ? 'an integer' : 'a number'}`,
        );
    }
    if (tk.next()) throw fieldCount();
    row[k] = i - 1;
    col[k] = j - 1;
    val[k] = v;
    k++;
  }
  if (k < nnz)
    throw fileError(
      fn,
      path,
      r.lineNo + 1,
      `file ends after ${k} of the ${nnz} entries declared on line ${sizeLine} (truncated?)`,
    );
  return expandCoordinate(b, [m, n], row, col, val);
}

/** Mirrors the off-diagonal entries of symmetric storage and moves everything into shared memory. */
function expandCoordinate(
  b: MMBanner,
  shape: [number, number],
  row: Int32Array,
  col: Int32Array,
  val: Float64Array,
): MMCoordinate {
  const nnz = row.length;
  if (b.symmetry === 'general')
    return { ...b, format: 'coordinate', shape, row, col, values: finishValues(b.field, val) };
  let extra = 0;
  for (let k = 0; k < nnz; k++) if (row[k] !== col[k]) extra++;
  const total = nnz + extra;
  const R = sharedArray('int32', total) as Int32Array;
  const C = sharedArray('int32', total) as Int32Array;
  const V = sharedArray('float64', total) as Float64Array;
  R.set(row);
  C.set(col);
  V.set(val);
  const sign = b.symmetry === 'skew-symmetric' ? -1 : 1;
  let t = nnz;
  for (let k = 0; k < nnz; k++) {
    if (row[k] === col[k]) continue;
    R[t] = col[k]!;
    C[t] = row[k]!;
    V[t] = sign * val[k]!;
    t++;
  }
  return { ...b, format: 'coordinate', shape, row: R, col: C, values: finishValues(b.field, V) };
}

/** Shared-memory values (`v` is shared): int32 for integer fields whose values all fit, else `v` itself. */
function finishValues(field: MMField, v: Float64Array): MMValues {
  let fits = field === 'integer';
  for (let k = 0; fits && k < v.length; k++) fits = (v[k]! | 0) === v[k];
  if (!fits) return v;
  const out = sharedArray(fits ? 'int32' : 'float64', v.length) as MMValues;
  out.set(v);
  return out;
}

function readArray(
  r: LineReader,
  tk: Tokens,
  path: string,
  fn: string,
  b: MMBanner,
  m: number,
  n: number,
): MMArray {
  if (b.symmetry !== 'general' && m !== n)
    throw fileError(fn, path, r.lineNo, `a ${b.symmetry} array must be square, found shape (${m}, ${n})`);
  if (m * n > INT32_MAX)
    throw fileError(fn, path, r.lineNo, `shape (${m}, ${n}) has more than 2^31-1 elements`);
  const sizeLine = r.lineNo;
  const integer = b.field === 'integer';
  const skew = b.symmetry === 'skew-symmetric';
  const sym = b.symmetry !== 'general';
  const count = !sym ? m * n : skew ? (n * (n - 1)) / 2 : (n * (n + 1)) / 2;
  const out = sharedArray('float64', m * n) as Float64Array;
  // Column-major order; symmetric storage lists the lower triangle (strictly lower when skew).
  let i = sym ? (skew ? 1 : 0) : 0;
  let j = 0;
  let k = 0;
  while (nextDataLine(r, tk)) {
    if (k === count)
      throw fileError(
        fn,
        path,
        r.lineNo,
        `more entries than the ${count} that the size line (line ${sizeLine}) implies`,
      );
    const v = integer ? tk.int() : tk.real();
    if (integer ? Number.isNaN(v) : tk.bad)
      throw fileError(
        fn,
        path,
        r.lineNo,
        `value '${tk.text()}' is not ${integer ? 'an integer' : 'a number'}`,
      );
    if (tk.next())
      throw fileError(fn, path, r.lineNo, `expected 1 field (value) in an array file, found more`);
    out[i * n + j] = v;
    if (sym && i !== j) out[j * n + i] = skew ? -v : v;
    k++;
    if (++i === m) {
      j++;
      i = sym ? (skew ? j + 1 : j) : 0;
    }
  }
  if (k < count)
    throw fileError(
      fn,
      path,
      r.lineNo + 1,
      `file ends after ${k} of the ${count} entries that line ${sizeLine} implies (truncated?)`,
    );
  return { ...b, format: 'array', shape: [m, n], values: finishValues(b.field, out) };
}
