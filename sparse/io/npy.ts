import { type DType, type TypedArray, ValueError } from '../../runtime/index.js';
import { fileError } from './errors.js';
import { type PyValue, parsePyLiteral } from './py-literal.js';
import { sharedArray } from './shared-array.js';

/**
 * The `.npy` format (NumPy's `numpy.lib.format`), versions 1.0, 2.0 and 3.0:
 * `\x93NUMPY`, major, minor, header length (uint16 for 1.x, uint32 after), then a Python dict
 * literal `{'descr', 'fortran_order', 'shape'}` padded with spaces to a multiple of 64 bytes and
 * ending in `\n`, then the raw data.
 */
export interface NpyHeader {
  descr: string;
  fortranOrder: boolean;
  shape: number[];
  /** Byte offset of the data. */
  offset: number;
}

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];

/** Bytes needed to know the header length. */
export const NPY_PREFIX = 12;

/**
 * Parses the header at the start of `bytes` (which must hold all of it: see {@link npyHeaderLength}).
 * @throws FormatError naming `fn`, `path` and `where` (the npz entry, or 'header').
 */
export function parseNpyHeader(bytes: Uint8Array, fn: string, path: string, where: string): NpyHeader {
  const total = npyHeaderLength(bytes, fn, path, where);
  if (bytes.length < total)
    throw fileError(fn, path, where, `truncated header: needs ${total} bytes, the file has ${bytes.length}`);
  const major = bytes[6]!;
  const start = major === 1 ? 10 : 12;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset + start, total - start).toString(
    major === 3 ? 'utf8' : 'latin1',
  );
  let dict: PyValue;
  try {
    dict = parsePyLiteral(text);
  } catch (e) {
    throw fileError(fn, path, where, `malformed header: ${(e as Error).message}`);
  }
  if (dict === null || typeof dict !== 'object' || Array.isArray(dict))
    throw fileError(fn, path, where, 'malformed header: not a dict');
  const { descr, fortran_order: fortranOrder, shape } = dict;
  if (typeof descr !== 'string')
    throw fileError(
      fn,
      path,
      where,
      `header field 'descr' must be a dtype string, found ${JSON.stringify(descr)} (structured dtypes are not supported)`,
    );
  if (typeof fortranOrder !== 'boolean')
    throw fileError(fn, path, where, "header field 'fortran_order' must be True or False");
  if (!Array.isArray(shape) || !shape.every((s) => typeof s === 'number' && Number.isInteger(s) && s >= 0))
    throw fileError(
      fn,
      path,
      where,
      `header field 'shape' must be a tuple of non-negative integers, found ${JSON.stringify(shape)}`,
    );
  return { descr, fortranOrder, shape: shape as number[], offset: total };
}

/** The total header length (magic to data) from the first {@link NPY_PREFIX} bytes. */
export function npyHeaderLength(bytes: Uint8Array, fn: string, path: string, where: string): number {
  if (bytes.length === 0)
    throw fileError(fn, path, where, 'file is empty (expected the .npy magic \\x93NUMPY)');
  for (let i = 0; i < MAGIC.length; i++)
    if (bytes[i] !== MAGIC[i])
      throw fileError(fn, path, where, 'not a .npy file (the magic string \\x93NUMPY is missing)');
  if (bytes.length < 10) throw fileError(fn, path, where, 'truncated header');
  const major = bytes[6]!;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (major === 1) return 10 + view.getUint16(8, true);
  if (major === 2 || major === 3) {
    if (bytes.length < 12) throw fileError(fn, path, where, 'truncated header');
    return 12 + view.getUint32(8, true);
  }
  throw fileError(
    fn,
    path,
    where,
    `.npy format version ${major}.${bytes[7]} is not supported (1.0, 2.0, 3.0)`,
  );
}

/** A decoded numeric array, C order, in shared memory. */
export interface NpyNumeric {
  kind: 'numeric';
  dtype: DType;
  shape: number[];
  data: TypedArray;
}

/** A decoded `S`/`U` string array (SciPy's `format` entry): its elements. */
export interface NpyStrings {
  kind: 'strings';
  shape: number[];
  data: string[];
}

interface Layout {
  size: number;
  little: boolean;
  kind: 'f' | 'i' | 'u' | 'b' | 'S' | 'U';
}

function layoutOf(descr: string): Layout | undefined {
  const m = /^([<>|=]?)([fiubSU])(\d+)$/.exec(descr);
  if (!m) return undefined;
  const size = Number(m[3]);
  const kind = m[2] as Layout['kind'];
  const ok =
    (kind === 'f' && (size === 8 || size === 4)) ||
    (kind === 'i' && (size === 4 || size === 8)) ||
    ((kind === 'u' || kind === 'b') && size === 1) ||
    kind === 'S' ||
    kind === 'U';
  return ok ? { size: kind === 'U' ? size * 4 : size, little: m[1] !== '>', kind } : undefined;
}

const EXACT = 2n ** 53n;
const INT32_MAX = 2n ** 31n - 1n;
const INT32_MIN = -(2n ** 31n);

const SUPPORTED =
  '<f8 <f4 <i4 |u1 |b1 (either byte order), and <i8 (read as int32 when every value fits, float64 when every value is within ±2^53)';

/**
 * Decodes the data of an array described by `h` from `bytes[h.offset...]` into a C-order typed
 * array in shared memory (Fortran order transposed; big-endian swapped; int64 narrowed).
 * @throws FormatError for unsupported dtypes and truncated data.
 */
export function decodeNpy(
  bytes: Uint8Array,
  h: NpyHeader,
  fn: string,
  path: string,
  where: string,
): NpyNumeric | NpyStrings {
  const L = layoutOf(h.descr);
  if (!L) throw fileError(fn, path, where, `dtype '${h.descr}' is not supported (supported: ${SUPPORTED})`);
  const n = h.shape.reduce((a, b) => a * b, 1);
  const need = n * L.size;
  const have = bytes.length - h.offset;
  if (have < need)
    throw fileError(fn, path, where, `truncated data: the header announces ${need} bytes, found ${have}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset + h.offset, need);
  const order = cOrderSource(h.shape, h.fortranOrder && h.shape.length > 1);
  if (L.kind === 'S' || L.kind === 'U') {
    const out: string[] = [];
    for (let k = 0; k < n; k++) {
      const at = order(k) * L.size;
      let s = '';
      for (let c = 0; c < L.size; c += L.kind === 'S' ? 1 : 4) {
        const code = L.kind === 'S' ? view.getUint8(at + c) : view.getUint32(at + c, L.little);
        if (code === 0) break;
        s += String.fromCodePoint(code);
      }
      out.push(s);
    }
    return { kind: 'strings', shape: h.shape, data: out };
  }
  const read = reader(view, L);
  let dtype: DType =
    L.kind === 'f'
      ? L.size === 8
        ? 'float64'
        : 'float32'
      : L.kind === 'i'
        ? 'int32'
        : L.kind === 'u'
          ? 'uint8'
          : 'bool';
  if (L.kind === 'i' && L.size === 8) {
    // cohort has no int64: int32 when every value fits, float64 when every value is exact in it
    // (|v| ≤ 2^53); beyond that, an error rather than a silently rounded value.
    for (let k = 0; k < n; k++) {
      const b = view.getBigInt64(k * 8, L.little);
      if (b > EXACT || b < -EXACT) {
        throw new ValueError(
          `${fn}: file '${path}', ${where}: int64 value ${b} (element ${k}) is beyond ±2^53, so ` +
            'neither int32 nor float64 holds it exactly (cohort has no int64 dtype)',
        );
      }
      if (dtype === 'int32' && (b > INT32_MAX || b < INT32_MIN)) dtype = 'float64';
    }
  }
  const out = sharedArray(dtype, n);
  if (L.little && !(h.fortranOrder && h.shape.length > 1) && !(L.kind === 'i' && L.size === 8)) {
    // The common case: the stored bytes are already the C-order little-endian array.
    new Uint8Array(out.buffer, out.byteOffset, need).set(bytes.subarray(h.offset, h.offset + need));
    if (L.kind === 'b') for (let k = 0; k < n; k++) out[k] = out[k] !== 0 ? 1 : 0;
  } else for (let k = 0; k < n; k++) out[k] = read(order(k));
  return { kind: 'numeric', dtype, shape: h.shape, data: out };
}

function reader(v: DataView, L: Layout): (k: number) => number {
  const le = L.little;
  if (L.kind === 'f') return L.size === 8 ? (k) => v.getFloat64(k * 8, le) : (k) => v.getFloat32(k * 4, le);
  if (L.kind === 'i')
    return L.size === 4 ? (k) => v.getInt32(k * 4, le) : (k) => Number(v.getBigInt64(k * 8, le));
  if (L.kind === 'b') return (k) => (v.getUint8(k) !== 0 ? 1 : 0);
  return (k) => v.getUint8(k);
}

/** Maps a C-order flat index to the flat index in the stored order. */
function cOrderSource(shape: number[], fortran: boolean): (k: number) => number {
  if (!fortran) return (k) => k;
  const nd = shape.length;
  const fStrides: number[] = [];
  let s = 1;
  for (let d = 0; d < nd; d++) {
    fStrides.push(s);
    s *= shape[d]!;
  }
  return (k) => {
    let src = 0;
    for (let d = nd - 1; d >= 0; d--) {
      const ext = shape[d]!;
      src += (k % ext) * fStrides[d]!;
      k = Math.floor(k / ext);
    }
    return src;
  };
}

/** NumPy's descr for each dtype. */
export const DESCR: Record<DType, string> = {
  float64: '<f8',
  float32: '<f4',
  int32: '<i4',
  uint8: '|u1',
  bool: '|b1',
};

/** A version 1.0 header (version 2.0 past 65535 bytes) for a C-order array, padded to 64 bytes as NumPy does. */
export function encodeNpyHeader(descr: string, shape: readonly number[]): Uint8Array {
  const tuple = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let dict = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${tuple}, }`;
  let pre = 10;
  let total = pre + dict.length + 1;
  let pad = (64 - (total % 64)) % 64;
  if (dict.length + 1 + pad > 0xffff) {
    pre = 12;
    total = pre + dict.length + 1;
    pad = (64 - (total % 64)) % 64;
  }
  dict += `${' '.repeat(pad)}\n`;
  const out = new Uint8Array(pre + dict.length);
  out.set(MAGIC);
  out[6] = pre === 10 ? 1 : 2;
  out[7] = 0;
  const v = new DataView(out.buffer);
  if (pre === 10) v.setUint16(8, dict.length, true);
  else v.setUint32(8, dict.length, true);
  for (let i = 0; i < dict.length; i++) out[pre + i] = dict.charCodeAt(i);
  return out;
}

/** A complete `.npy` image: header + the bytes of a C-order typed array (little-endian host). */
export function encodeNpy(descr: string, shape: readonly number[], data: ArrayBufferView): Uint8Array[] {
  return [encodeNpyHeader(descr, shape), new Uint8Array(data.buffer, data.byteOffset, data.byteLength)];
}
