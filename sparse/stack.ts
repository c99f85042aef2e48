/**
 * Module functions that assemble sparse arrays from others (SciPy's `scipy.sparse`):
 * `kron hstack vstack block_diag`, and the COO block placement they share.
 */

import {
  argMessage,
  checkDType,
  type DType,
  launch,
  ShapeError,
  scale,
  ValueError,
} from '../runtime/index.js';
import type { SparseFormat, sparray } from './base.js';
import type { CooArray } from './coo.js';
import { canonicalize, csrToCoo } from './core/convert.js';
import { copyInto, mapStore, structureFlags } from './core/elementwise.js';
import { checkKronSize, kronCsr } from './core/kron.js';
import { type Coo, type Csr, promote, region, vec } from './core/types.js';
import { type FormatOptions, fmt, type KronOptions, sparseArg } from './functions.js';
import { optionsArg } from './inputs.js';
import { kernel } from './kdef.js';
import { KRON } from './kernel-names.js';
import { kronEntries } from './kernels/elementwise.js';
import { csrT } from './ops.js';
import { wrap } from './registry.js';
import { ssigOpts } from './sig.js';

/**
 * Stored entries of an operand's COO form: its own for every format but DIA, whose conversion
 * drops stored zeros (counted by converting: no other format pays a conversion here).
 */
function cooNnz(a: sparray): number {
  return a.format === 'dia' ? (a.tocoo() as CooArray)._c.nnz : a.nnz;
}

/** The compressed rows of `kron(A, B)` from the factors' rows, flagged as the factors allow. */
function kronRows(sa: Csr, sb: Csr, dtype: DType, fn: string): Csr {
  const fa = sa.canonical ? 2 : structureFlags(sa);
  const fb = sb.canonical ? 2 : structureFlags(sb);
  return kronCsr(sa, sb, dtype, { canonical: fa === 2 && fb === 2, sorted: fa >= 1 && fb >= 1 }, fn);
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
    const c = kronRows(sa, sb, dtype, fn);
    // SciPy's COO → CSR sums duplicates: so does a product of factors that hold some.
    const r = c.canonical ? c : canonicalize(c);
    return t ? wrap.csc(r) : wrap.csr(r);
  }
  checkKronSize(fn, a.shape[0] * b.shape[0], a.shape[1] * b.shape[1], a.nnz * b.nnz);
  // When the factors' compressed rows hold exactly the entries of their COO forms (SciPy's kron
  // multiplies those: no duplicates summed, no stored zeros dropped), the product's entries come from the CSR product in row order: the
  // same entries and values as SciPy's (whose COO lists them factor entry by factor entry), in an
  // order that makes the usual next step (`tocsr()`, or adding another product) a pass without
  // a sort — kron(T, I) + kron(I, T) for a 2-D Laplacian (issue 24's setup).
  const sa = a._csr();
  const sb = b._csr();
  if (sa.nnz === cooNnz(a) && sb.nnz === cooNnz(b)) {
    return fmt(wrap.coo(csrToCoo(kronRows(sa, sb, dtype, fn))), opts.format, 'coo');
  }
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
