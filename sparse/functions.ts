/**
 * Module functions that build sparse arrays (SciPy's `scipy.sparse` constructors): `eye identity
 * diags spdiags tril triu` (the assembling ones, `kron hstack vstack block_diag`, are in stack.ts).
 */

import { type ArrayInput, ndarray } from '../dense/index.js';
import {
  ArgumentTypeError,
  align,
  argMessage,
  checkDType,
  type DType,
  launch,
  Store,
  ValueError,
} from '../runtime/index.js';
import type { SparseFormat, sparray } from './base.js';
import { CsrArray } from './compressed.js';
import type { CooArray } from './coo.js';
import { cooToCsr, filterCsr } from './core/convert.js';
import { copyInto } from './core/elementwise.js';
import { type Csr, promote, region, vec } from './core/types.js';
import { DiaArray } from './dia.js';
import { bandOf } from './dia-csr.js';
import { optionsArg } from './inputs.js';
import { kernel } from './kdef.js';
import { EYE_FILL } from './kernel-names.js';
import { eyeFill } from './kernels/elementwise.js';
import { isSparse } from './ops.js';
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

export function fmt(x: sparray, f: SparseFormat | null | undefined, dflt: SparseFormat): sparray {
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

/** The dtype NumPy gives one diagonal: an ndarray's own; JS numbers: int32 when all are integers. */
function diagonalDType(d: unknown): DType {
  if (d instanceof ndarray) return d.dtype;
  if (d instanceof Float32Array) return 'float32';
  if (d instanceof Float64Array) return 'float64';
  if (d instanceof Uint8Array) return 'uint8';
  if (ArrayBuffer.isView(d)) return 'int32';
  const vals: unknown[] =
    typeof d === 'number' || typeof d === 'boolean' ? [d] : Array.from(d as ArrayLike<unknown>);
  if (vals.every((v) => typeof v === 'boolean')) return 'bool';
  return vals.every((v) => typeof v === 'boolean' || Number.isInteger(v)) ? 'int32' : 'float64';
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
  "diags(diagonals, offsets = 0, shape: shape = None, format: format = None, dtype: dtype? = 'inexact')",
  2,
  ((diagonals: Diagonals, offsets: Offsets, opts: DiagsOptions) =>
    diagsImpl('diags', diagonals as never, offsets as never, opts)) as never,
);

/**
 * {@link diags} after binding (also {@link diags_array}'s). `dtype` is SciPy's three-way choice:
 * omitted (`'inexact'`, the binder's stand-in for SciPy's sentinel default) gives a float type,
 * `null` (an explicit `None`) the diagonals' own type, anything else that dtype.
 */
export function diagsImpl(
  fn: string,
  diagonals: readonly (number | readonly number[] | ndarray)[] | ndarray,
  offsets: number | readonly number[] = 0,
  opts: Omit<DiagsOptions, 'offsets'> = {},
): sparray {
  opts = optionsArg(fn, opts);
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
  if (opts.shape == null && host.length === 0)
    throw new ValueError(argMessage(fn, 'diagonals', 'at least one diagonal (or a shape)', diagonals));
  const lenOf = (h: readonly number[] | Store): number => (h instanceof Store ? h.size : h.length);
  const shape =
    opts.shape != null
      ? opts.shape
      : [lenOf(host[0]!) + Math.abs(offs[0] ?? 0), lenOf(host[0]!) + Math.abs(offs[0] ?? 0)];
  const [m, n] = [dimArg(fn, 'shape', shape[0]), dimArg(fn, 'shape', shape[1])];
  let dtype: DType;
  if (opts.dtype === undefined || (opts.dtype as string) === 'inexact') {
    // NumPy's common_type: float32 only when every diagonal is float32, else float64.
    const f32 = ds.length > 0 && ds.every((d) => d instanceof ndarray && d.dtype === 'float32');
    dtype = f32 ? 'float32' : 'float64';
  } else if (opts.dtype === null) {
    // SciPy: an explicit `dtype=None` keeps the diagonals' own type (np.result_type over them).
    dtype = ds.map((d: unknown) => diagonalDType(d)).reduce(promote, 'bool');
  } else dtype = opts.dtype;
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
