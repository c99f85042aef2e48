/**
 * Module functions that build sparse arrays (SciPy's `scipy.sparse` constructors): `eye identity
 * diags spdiags kron hstack vstack block_diag tril triu`.
 */

import { type ArrayInput, ndarray } from '../dense/index.js';
import {
  ArgumentTypeError,
  align,
  argMessage,
  checkDType,
  type DType,
  launch,
  ShapeError,
  Store,
  scale,
  ValueError,
} from '../runtime/index.js';
import type { SparseFormat, sparray } from './base.js';
import { CsrArray } from './compressed.js';
import type { CooArray } from './coo.js';
import { canonicalize, cooToCsr, filterCsr } from './core/convert.js';
import { copyInto, mapStore, structureFlags } from './core/elementwise.js';
import { checkKronSize, kronCsr } from './core/kron.js';
import { type Coo, type Csr, promote, region, vec } from './core/types.js';
import { DiaArray } from './dia.js';
import { bandOf } from './dia-csr.js';
import { optionsArg } from './inputs.js';
import { kernel } from './kdef.js';
import { EYE_FILL, KRON } from './kernel-names.js';
import { eyeFill, kronEntries } from './kernels/elementwise.js';
import { csrT, isSparse } from './ops.js';
import { wrap } from './registry.js';
import { ssigOpts } from './sig.js';

/** `{format, dtype}` options of the constructors. */
export interface FormatOptions {
  /** The result format (each function has its default). */
  format?: SparseFormat | null;
  /** The value dtype. */
  dtype?: DType | null;
}
/** Keyword options of {@link kron}: SciPy's `kron(A, B, format=None)` has no dtype. */
export type KronOptions = Omit<FormatOptions, 'dtype'>;
/** Keyword options of {@link spdiags}: SciPy's `spdiags(data, diags, m=None, n=None, format=None)`. */
export interface SpdiagsOptions extends KronOptions {
  /** The number of rows (or the shape `[m, n]`). */
  m?: number | readonly number[];
  /** The number of columns (default `m`). */
  n?: number;
}
/** Keyword options of {@link eye}. */
export interface EyeOptions extends FormatOptions {
  /** Columns (default m). */
  n?: number | null;
  /** The diagonal (0 main, > 0 above, < 0 below). */
  k?: number;
}
/** Keyword options of {@link diags}. */
export interface DiagsOptions extends FormatOptions {
  /** One offset or one per diagonal. */
  offsets?: Offsets;
  /** `[rows, cols]` (default: square, from the first diagonal). */
  shape?: readonly number[] | null;
}
/** Keyword options of {@link tril} and {@link triu}. */
export interface TriOptions {
  /** The diagonal bounding the triangle. */
  k?: number;
  /** The result format (default COO). */
  format?: SparseFormat | null;
}
/** Diagonals of {@link diags}: one diagonal (numbers, a typed array, an ndarray) or a list of them (a number is broadcast). */
export type Diagonals =
  | readonly (number | readonly number[] | ArrayBufferView | ndarray)[]
  | ArrayBufferView
  | ndarray;
/** Offsets of {@link diags}: one or one per diagonal. */
export type Offsets = number | readonly number[] | ndarray;

function fmt(x: sparray, f: SparseFormat | null | undefined, dflt: SparseFormat): sparray {
  return x.asformat(f ?? dflt);
}

export function sparseArg(fn: string, arg: string, x: unknown): sparray {
  if (isSparse(x)) return x as sparray;
  if (x instanceof ndarray || Array.isArray(x)) return new CsrArray(x as ndarray);
  throw new ArgumentTypeError(argMessage(fn, arg, 'a sparse or dense array', x));
}

function intArg(fn: string, arg: string, v: unknown, min = 0): number {
  if (!Number.isInteger(v) || (v as number) < min)
    throw new ValueError(argMessage(fn, arg, `an integer ≥ ${min}`, v));
  return v as number;
}

/** A dimension: indices are int32, so at most 2^31 − 1. */
function dimArg(fn: string, arg: string, v: unknown): number {
  intArg(fn, arg, v);
  if ((v as number) > INT32_MAX)
    throw new ValueError(argMessage(fn, arg, `at most ${INT32_MAX} (int32 indices)`, v));
  return v as number;
}
const INT32_MAX = 2 ** 31 - 1;

/**
 * Ones on the k-th diagonal of an m × n array.
 * @param m rows; @param n columns (default m); @param opts `{k, dtype, format}` (default format 'dia')
 * @example sparse.eye(2, 3, { k: 1 }).toarray().tolist() // [[0, 1, 0], [0, 0, 1]]
 */
export const eye = ssigOpts<
  (
    m: number,
    n?: number | null | EyeOptions,
    k?: number | EyeOptions,
    dtype?: DType | null | EyeOptions,
    format?: SparseFormat | null | EyeOptions,
    opts?: EyeOptions,
  ) => sparray
>('eye(m: int, n: int = None, k: int = 0, dtype: dtype = None, format: format = None)', 2, eyeImpl as never);

const EYE_CONSTRAINTS = Object.freeze([align(0, 1), align(0, 2)]);

function eyeImpl(m: number, n?: number | null, opts: FormatOptions & { k?: number } = {}): sparray {
  opts = optionsArg('eye', opts);
  const fn = 'eye';
  dimArg(fn, 'm', m);
  const nn = n ?? m;
  dimArg(fn, 'n', nn);
  const k = opts.k ?? 0;
  if (!Number.isInteger(k)) throw new ValueError(argMessage(fn, 'k', 'an integer', k));
  const dtype = opts.dtype === undefined ? 'float64' : checkDType(fn, 'dtype', opts.dtype);
  if (Math.min(m + k, nn - k, Math.min(m, nn)) < 0) {
    throw new ValueError(argMessage(fn, 'k', `an offset within the shape [${m}, ${nn}]`, k));
  }
  const len = Math.max(0, k >= 0 ? Math.min(m, nn - k) : Math.min(m + k, nn));
  const row = region('int32', len, false);
  const col = region('int32', len, false);
  const data = region(dtype, len, false);
  if (len > 0) {
    // A launch (in pieces on the pool when large), not a loop on the issuing thread (issue 17).
    launch({
      op: fn,
      kernel: kernel(`${EYE_FILL}.${dtype}`, eyeFill, (t, f) =>
        f(t.arrays[0], t.arrays[1], t.arrays[2], t.scalars[0], t.scalars[1], t.lo[0], t.hi[0]),
      ),
      args: [
        { store: vec(row), privilege: 'write-discard' },
        { store: vec(col), privilege: 'write-discard' },
        { store: vec(data), privilege: 'write-discard' },
      ],
      scalars: [Math.max(0, -k), k],
      constraints: EYE_CONSTRAINTS,
      key: 0,
    });
  }
  return fmt(
    wrap.coo({ rows: m, cols: nn, dtype, row, col, data, nnz: len, canonical: true }),
    opts.format,
    'dia',
  );
}

/**
 * The n × n identity (default format 'dia').
 * @param n - rows and columns
 * @param opts - `{dtype, format}`
 * @example sparse.identity(2).toarray().tolist() // [[1, 0], [0, 1]]
 */
export const identity = ssigOpts<
  (
    n: number,
    dtype?: DType | null | FormatOptions,
    format?: SparseFormat | null | FormatOptions,
    opts?: FormatOptions,
  ) => sparray
>('identity(n: int, dtype: dtype = None, format: format = None)', 1, identityImpl as never);

function identityImpl(n: number, opts: FormatOptions = {}): sparray {
  return eye(n, n, opts);
}

/**
 * An array from diagonals (SciPy's `diags_array`): `diagonals[d]` goes on diagonal `offsets[d]`;
 * a diagonal of length 1 is broadcast.
 * @param diagonals one diagonal (numbers) or a list of them
 * @param offsets one offset or one per diagonal (default 0)
 * @param opts `{shape, format, dtype}`; shape defaults to a square of `len(diagonals[0]) + |offsets[0]|`
 * @throws {ValueError} when the counts differ, an offset is out of bounds or a length is wrong
 * @example sparse.diags([[1, 2], [3]], [0, 1]).toarray().tolist() // [[1, 3], [0, 2]]
 */
export const diags = ssigOpts<
  (
    diagonals: Diagonals,
    offsets?: Offsets | DiagsOptions,
    shape?: readonly number[] | null | DiagsOptions,
    format?: SparseFormat | null | DiagsOptions,
    dtype?: DType | null | DiagsOptions,
    opts?: DiagsOptions,
  ) => sparray
>(
  'diags(diagonals, offsets = 0, shape: shape = None, format: format = None, dtype: dtype = None)',
  2,
  diagsImpl as never,
);

function diagsImpl(
  diagonals: readonly (number | readonly number[] | ndarray)[] | ndarray,
  offsets: number | readonly number[] = 0,
  opts: FormatOptions & { shape?: readonly number[] } = {},
): sparray {
  opts = optionsArg('diags', opts);
  const fn = 'diags';
  let ds: (readonly number[] | ndarray)[];
  let offs: number[];
  if (ArrayBuffer.isView(diagonals)) diagonals = [diagonals as unknown as readonly number[]];
  if (offsets instanceof ndarray) offsets = Array.from(offsets.toArray() as ArrayLike<number>);
  if (!(diagonals instanceof ndarray) && !Array.isArray(diagonals))
    throw new ArgumentTypeError(
      argMessage(fn, 'diagonals', 'an array of diagonals or an ndarray', diagonals),
    );
  if (typeof offsets !== 'number' && !Array.isArray(offsets))
    throw new ArgumentTypeError(argMessage(fn, 'offsets', 'an integer or an array of integers', offsets));
  const list =
    diagonals instanceof ndarray
      ? diagonals.ndim === 1
        ? [diagonals]
        : [...Array(diagonals.shape[0])].map((_, i) => diagonals.get(i))
      : diagonals;
  if (typeof offsets === 'number') {
    offs = [offsets];
    ds =
      list.length === 0 || typeof list[0] === 'number'
        ? [list as readonly number[]]
        : (list as (readonly number[] | ndarray)[]);
  } else {
    offs = [...offsets];
    ds = list as (readonly number[] | ndarray)[];
  }
  if (ds.length !== offs.length) {
    throw new ValueError(
      argMessage(fn, 'offsets', `${ds.length} offsets (one per diagonal)`, `${offs.length}`),
    );
  }
  const host = ds.map((d: unknown, j): readonly number[] | Store => {
    if (d instanceof ndarray) {
      // A contiguous 1-D diagonal is copied in place by a launch below (no read to the host).
      const st = d.store;
      if (d.ndim === 1 && d.size > 1 && st.strides[0] === 1) return st;
      return Array.from(d.toArray() as ArrayLike<number>);
    }
    // SciPy broadcasts a scalar diagonal along its whole length: diags([1, -2, 1], [-1, 0, 1]).
    if (typeof d === 'number' || typeof d === 'boolean') return [Number(d)];
    if (ArrayBuffer.isView(d)) return Array.from(d as unknown as ArrayLike<number>, Number);
    if (!Array.isArray(d) || !d.every((v) => typeof v === 'number' || typeof v === 'boolean'))
      throw new ArgumentTypeError(argMessage(fn, `diagonals[${j}]`, 'an array of numbers or an ndarray', d));
    return Array.from(d as readonly number[], Number);
  });
  if (opts.shape === undefined && host.length === 0)
    throw new ValueError(argMessage(fn, 'diagonals', 'at least one diagonal (or a shape)', diagonals));
  const lenOf = (h: readonly number[] | Store): number => (h instanceof Store ? h.size : h.length);
  const shape =
    opts.shape !== undefined
      ? opts.shape
      : [lenOf(host[0]!) + Math.abs(offs[0] ?? 0), lenOf(host[0]!) + Math.abs(offs[0] ?? 0)];
  const [m, n] = [dimArg(fn, 'shape', shape[0]), dimArg(fn, 'shape', shape[1])];
  let dtype: DType = opts.dtype ?? 'float64';
  if (opts.dtype === undefined) {
    // NumPy's common_type: float32 only when every diagonal is float32, else float64.
    const f32 = ds.length > 0 && ds.every((d) => d instanceof ndarray && d.dtype === 'float32');
    dtype = f32 ? 'float32' : 'float64';
  }
  if (opts.format && opts.format !== 'dia') {
    // Constant diagonals to another format: CSR straight away (no nd × L diagonals in between).
    const band = bandOf(fn, host, offs, m, n, dtype);
    if (band !== null) return fmt(wrap.csr(band), opts.format, 'csr');
  }
  const K = Math.min(m, n);
  let M = 0;
  for (const k of offs) M = Math.max(M, Math.min(m + k, n - k) + Math.max(0, k));
  const nd = offs.length;
  const ld = Math.max(0, M);
  const offR = region('int32', nd);
  const data = region(dtype, nd * ld);
  offs.forEach((k, j) => {
    if (!Number.isInteger(k)) throw new ValueError(argMessage(fn, 'offsets', 'integers', k));
    const len = Math.min(m + k, n - k, K);
    if (len < 0)
      throw new ValueError(
        argMessage(fn, 'offsets', `offsets within the shape [${m}, ${n}]`, `offset ${k} (index ${j})`),
      );
    const d = host[j]!;
    const dl = lenOf(d);
    if (dl !== len && dl !== 1 && !(dl > len)) {
      throw new ValueError(
        argMessage(fn, 'diagonals', `diagonal ${j} of length ${len} (or 1)`, `length ${dl}`),
      );
    }
    const start = Math.max(0, k);
    if (d instanceof Store) copyInto(d, d.offset, vec(data), j * ld + start, len, 0, fn);
    else for (let t = 0; t < len; t++) data.data[j * ld + start + t] = d.length === 1 ? d[0]! : d[t]!;
    offR.data[j] = k;
  });
  const res = wrap.dia({ rows: m, cols: n, dtype, offsets: offR, data, nd, ld });
  return fmt(res, opts.format, 'dia');
}

/**
 * SciPy's `spdiags(data, diags, m, n)`: rows of `data` placed on diagonals (`data[d, j]` at column j).
 * @example sparse.spdiags([[1, 2, 3]], [0], 3, 3).toarray().tolist() // [[1,0,0],[0,2,0],[0,0,3]]
 */
export const spdiags = ssigOpts<
  (
    data: ArrayInput,
    diags: number | readonly number[] | ndarray,
    m?: number | readonly number[] | SpdiagsOptions,
    n?: number | SpdiagsOptions,
    format?: SparseFormat | null | SpdiagsOptions,
    opts?: SpdiagsOptions,
  ) => sparray
>('spdiags(data, diags, m = None, n: int = None, format: format = None)', 4, spdiagsImpl as never);

function spdiagsImpl(
  data: ndarray | readonly (readonly number[])[],
  diagsArg: number | readonly number[] | ndarray,
  m?: number | readonly number[],
  n?: number,
  opts: FormatOptions = {},
): sparray {
  opts = optionsArg('spdiags', opts);
  const shape = Array.isArray(m) ? m : [m as number, n ?? (m as number)];
  if (m === undefined) throw new ValueError(argMessage('spdiags', 'm', 'the number of rows (or a shape)', m));
  const offs = typeof diagsArg === 'number' ? [diagsArg] : diagsArg;
  return fmt(new DiaArray([data, offs] as never, { shape }), opts.format, 'dia');
}

/** COO structure of an operand, cast to `dtype`. */
export function cooOf(a: sparray, dtype: DType): Coo {
  const c = (a.tocoo() as CooArray)._c;
  if (c.dtype === dtype) return c;
  return { ...c, dtype, data: mapStore(vec(c.data, c.nnz), dtype, 5, 0, 'astype').region };
}

/**
 * Kronecker product (default format COO; SciPy would give BSR for dense-ish B).
 * @example sparse.kron(sparse.eye(2), [[1, 2], [3, 4]]).toarray().shape // [4, 4]
 */
export const kron = ssigOpts<
  (A: unknown, B: unknown, format?: SparseFormat | null | KronOptions, opts?: KronOptions) => sparray
>('kron(A, B, format: format = None)', 2, kronImpl as never);

function kronImpl(A: unknown, B: unknown, opts: FormatOptions = {}): sparray {
  opts = optionsArg('kron', opts);
  const fn = 'kron';
  const a = sparseArg(fn, 'A', A);
  const b = sparseArg(fn, 'B', B);
  const dtype = promote(a.dtype, b.dtype);
  if (opts.format === 'csr' || opts.format === 'csc') {
    // Straight to compressed rows (of C, or of Cᵀ = kron(Aᵀ, Bᵀ) for CSC): no COO, no sort.
    const t = opts.format === 'csc';
    const sa = t ? csrT(a) : a._csr();
    const sb = t ? csrT(b) : b._csr();
    const fa = sa.canonical ? 2 : structureFlags(sa);
    const fb = sb.canonical ? 2 : structureFlags(sb);
    const c = kronCsr(sa, sb, dtype, { canonical: fa === 2 && fb === 2, sorted: fa >= 1 && fb >= 1 }, fn);
    // SciPy's COO → CSR sums duplicates: so does a product of factors that hold some.
    const r = c.canonical ? c : canonicalize(c);
    return t ? wrap.csc(r) : wrap.csr(r);
  }
  checkKronSize(fn, a.shape[0] * b.shape[0], a.shape[1] * b.shape[1], a.nnz * b.nnz);
  const ca = cooOf(a, dtype);
  const cb = cooOf(b, dtype);
  const nnz = ca.nnz * cb.nnz;
  const row = region('int32', nnz);
  const col = region('int32', nnz);
  const vals = region(dtype, nnz);
  if (nnz > 0) {
    launch({
      op: fn,
      kernel: kernel(`${KRON}.${dtype}`, kronEntries, (t, f) =>
        f(
          t.arrays[0],
          t.arrays[1],
          t.arrays[2],
          t.arrays[3],
          t.arrays[4],
          t.arrays[5],
          t.shapes[3]![0],
          t.scalars[0],
          t.scalars[1],
          t.arrays[6],
          t.arrays[7],
          t.arrays[8],
          t.lo[0],
          t.hi[0],
        ),
      ),
      args: [
        { store: vec(ca.row, ca.nnz), privilege: 'read' },
        { store: vec(ca.col, ca.nnz), privilege: 'read' },
        { store: vec(ca.data, ca.nnz), privilege: 'read' },
        { store: vec(cb.row, cb.nnz), privilege: 'read' },
        { store: vec(cb.col, cb.nnz), privilege: 'read' },
        { store: vec(cb.data, cb.nnz), privilege: 'read' },
        { store: vec(row), privilege: 'write-discard' },
        { store: vec(col), privilege: 'write-discard' },
        { store: vec(vals), privilege: 'write-discard' },
      ],
      scalars: [b.shape[0], b.shape[1]],
      constraints: [
        { kind: 'align', a: 0, b: 1 },
        { kind: 'align', a: 0, b: 2 },
        scale(0, 6, [cb.nnz]),
        scale(0, 7, [cb.nnz]),
        scale(0, 8, [cb.nnz]),
      ],
      key: 0,
    });
  }
  const res = wrap.coo({
    rows: a.shape[0] * b.shape[0],
    cols: a.shape[1] * b.shape[1],
    dtype,
    row,
    col,
    data: vals,
    nnz,
  });
  return fmt(res, opts.format, 'coo');
}

/** Concatenates COO blocks placed at (row, col) offsets into one COO array. */
export function place(
  parts: { c: Coo; r: number; k: number }[],
  rows: number,
  cols: number,
  dtype: DType,
): sparray {
  const nnz = parts.reduce((s, p) => s + p.c.nnz, 0);
  const row = region('int32', nnz);
  const col = region('int32', nnz);
  const data = region(dtype, nnz);
  let at = 0;
  for (const { c, r, k } of parts) {
    copyInto(vec(c.row), 0, vec(row), at, c.nnz, r, 'stack');
    copyInto(vec(c.col), 0, vec(col), at, c.nnz, k, 'stack');
    copyInto(vec(c.data), 0, vec(data), at, c.nnz, 0, 'stack');
    at += c.nnz;
  }
  return wrap.coo({ rows, cols, dtype, row, col, data, nnz });
}

/** SciPy's result format for stacking: CSR blocks give CSR, CSC blocks CSC, anything else COO. */
export function stackFormat(bs: readonly sparray[]): SparseFormat {
  if (bs.every((b) => b.format === 'csr')) return 'csr';
  if (bs.every((b) => b.format === 'csc')) return 'csc';
  return 'coo';
}

function blockList(fn: string, blocks: unknown, dtype?: DType): { bs: sparray[]; dtype: DType } {
  if (!Array.isArray(blocks) || blocks.length === 0) {
    throw new ValueError(argMessage(fn, 'blocks', 'a non-empty list of sparse arrays', blocks));
  }
  const bs = blocks.map((b, i) => sparseArg(fn, `blocks[${i}]`, b));
  const dt = dtype === undefined ? bs.map((b) => b.dtype).reduce(promote) : checkDType(fn, 'dtype', dtype);
  return { bs, dtype: dt };
}

/**
 * Stacks blocks vertically (equal column counts). CSR blocks give CSR, CSC blocks CSC, others COO.
 * @throws {ShapeError} naming the first block whose column count differs
 * @example sparse.vstack([sparse.csr_array([[1, 2]]), sparse.csr_array([[3, 4]])]).toarray().tolist() // [[1, 2], [3, 4]]
 */
export const vstack = ssigOpts<
  (
    blocks: readonly unknown[],
    format?: SparseFormat | null | FormatOptions,
    dtype?: DType | null | FormatOptions,
    opts?: FormatOptions,
  ) => sparray
>('vstack(blocks, format: format = None, dtype: dtype = None)', 1, vstackImpl as never);

function vstackImpl(blocks: readonly unknown[], opts: FormatOptions = {}): sparray {
  opts = optionsArg('vstack', opts);
  const fn = 'vstack';
  const { bs, dtype } = blockList(fn, blocks, opts.dtype ?? undefined);
  const cols = bs[0]!.shape[1];
  let r = 0;
  const parts = bs.map((b, i) => {
    if (b.shape[1] !== cols) {
      throw new ShapeError(argMessage(fn, `blocks[${i}]`, `${cols} columns`, `shape [${b.shape}]`));
    }
    const p = { c: cooOf(b, dtype), r, k: 0 };
    r += b.shape[0];
    return p;
  });
  return fmt(place(parts, r, cols, dtype), opts.format, stackFormat(bs));
}

/**
 * Stacks blocks horizontally (equal row counts); result format as {@link vstack}.
 * @throws {ShapeError} naming the first block whose row count differs
 * @example sparse.hstack([sparse.csr_array([[1], [2]]), sparse.csr_array([[3], [4]])]).toarray().tolist() // [[1, 3], [2, 4]]
 */
export const hstack = ssigOpts<
  (
    blocks: readonly unknown[],
    format?: SparseFormat | null | FormatOptions,
    dtype?: DType | null | FormatOptions,
    opts?: FormatOptions,
  ) => sparray
>('hstack(blocks, format: format = None, dtype: dtype = None)', 1, hstackImpl as never);

function hstackImpl(blocks: readonly unknown[], opts: FormatOptions = {}): sparray {
  opts = optionsArg('hstack', opts);
  const fn = 'hstack';
  const { bs, dtype } = blockList(fn, blocks, opts.dtype ?? undefined);
  const rows = bs[0]!.shape[0];
  let k = 0;
  const parts = bs.map((b, i) => {
    if (b.shape[0] !== rows) {
      throw new ShapeError(argMessage(fn, `blocks[${i}]`, `${rows} rows`, `shape [${b.shape}]`));
    }
    const p = { c: cooOf(b, dtype), r: 0, k };
    k += b.shape[1];
    return p;
  });
  return fmt(place(parts, rows, k, dtype), opts.format, stackFormat(bs));
}

/**
 * Blocks on the diagonal (default format COO, as SciPy).
 * @example sparse.block_diag([[[1]], [[2, 3]]]).toarray().tolist() // [[1, 0, 0], [0, 2, 3]]
 */
export const block_diag = ssigOpts<
  (
    mats: readonly unknown[],
    format?: SparseFormat | null | FormatOptions,
    dtype?: DType | null | FormatOptions,
    opts?: FormatOptions,
  ) => sparray
>('block_diag(mats, format: format = None, dtype: dtype = None)', 1, block_diagImpl as never);

function block_diagImpl(mats: readonly unknown[], opts: FormatOptions = {}): sparray {
  opts = optionsArg('block_diag', opts);
  const { bs, dtype } = blockList('block_diag', mats, opts.dtype ?? undefined);
  let r = 0;
  let k = 0;
  const parts = bs.map((b) => {
    const p = { c: cooOf(b, dtype), r, k };
    r += b.shape[0];
    k += b.shape[1];
    return p;
  });
  return fmt(place(parts, r, k, dtype), opts.format, 'coo');
}

function triangle(
  fn: string,
  A: unknown,
  k: number,
  mode: 1 | 2,
  format: SparseFormat | null | undefined,
): sparray {
  if (!Number.isInteger(k)) throw new ValueError(argMessage(fn, 'k', 'an integer', k));
  const a = sparseArg(fn, 'A', A);
  const s: Csr = filterCsr(a.format === 'coo' ? cooToCsr((a as CooArray)._c, true) : a._csr(), mode, k, fn);
  return fmt(wrap.csr(s), format, 'coo');
}

/**
 * The lower triangle `j - i <= k` (default format COO).
 * @throws {ValueError} when k is not an integer
 * @example sparse.tril(sparse.csr_array([[1, 2], [3, 4]])).toarray().tolist() // [[1, 0], [3, 4]]
 */
export const tril = ssigOpts<
  (
    A: unknown,
    k?: number | TriOptions,
    format?: SparseFormat | null | TriOptions,
    opts?: TriOptions,
  ) => sparray
>('tril(A, k: int = 0, format: format = None)', 2, trilImpl as never);

function trilImpl(A: unknown, k = 0, opts: { format?: SparseFormat | null } = {}): sparray {
  opts = optionsArg('tril', opts);
  return triangle('tril', A, k, 1, opts.format);
}

/**
 * The upper triangle `j - i >= k` (default format COO).
 * @throws {ValueError} when k is not an integer
 * @example sparse.triu(sparse.csr_array([[1, 2], [3, 4]])).toarray().tolist() // [[1, 2], [0, 4]]
 */
export const triu = ssigOpts<
  (
    A: unknown,
    k?: number | TriOptions,
    format?: SparseFormat | null | TriOptions,
    opts?: TriOptions,
  ) => sparray
>('triu(A, k: int = 0, format: format = None)', 2, triuImpl as never);

function triuImpl(A: unknown, k = 0, opts: { format?: SparseFormat | null } = {}): sparray {
  opts = optionsArg('triu', opts);
  return triangle('triu', A, k, 2, opts.format);
}
