/** Row slicing `A.get('i0:i1')` of sparse arrays (a CSR result; CSC stays CSC). */
import { argMessage, IndexError } from '../runtime/index.js';
import type { sparray } from './base.js';
import { copyInto } from './core/elementwise.js';
import { type Csr, readAt, region, vec } from './core/types.js';
import { wrap } from './registry.js';

/** A row index: `'i0:i1'`, `'i0:i1, :'`, `':'`, or an integer (one row, kept 2-D). */
export type IndexLike = string | number;

function parseSlice(index: IndexLike, m: number): [number, number] {
  const bad = (): never => {
    throw new IndexError(argMessage('get', 'index', "a row slice 'i0:i1' (step 1) or an integer", index));
  };
  if (typeof index === 'number') {
    if (!Number.isInteger(index)) bad();
    const i = index < 0 ? index + m : index;
    if (i < 0 || i >= m) throw new IndexError(argMessage('get', 'index', `a row in [-${m}, ${m})`, index));
    return [i, i + 1];
  }
  if (typeof index !== 'string') return bad();
  const parts = index.split(',').map((s) => s.trim());
  if (parts.length > 2 || (parts.length === 2 && parts[1] !== ':')) bad();
  const p = parts[0]!;
  if (/^-?\d+$/.test(p)) return parseSlice(Number(p), m);
  const sl = p.split(':');
  if (sl.length < 2 || sl.length > 3 || (sl.length === 3 && sl[2] !== '' && Number(sl[2]) !== 1)) bad();
  const num = (s: string, d: number): number => {
    if (s.trim() === '') return d;
    const v = Number(s);
    if (!Number.isInteger(v)) bad();
    const w = v < 0 ? v + m : v;
    return Math.min(Math.max(w, 0), m);
  };
  const i0 = num(sl[0]!, 0);
  const i1 = Math.max(i0, num(sl[1]!, m));
  return [i0, i1];
}

/** Rows `[i0, i1)` of a CSR structure (new regions). */
export function sliceRows(a: Csr, i0: number, i1: number): Csr {
  const rows = i1 - i0;
  const p0 = rows > 0 ? readAt(a.indptr, i0) : 0;
  const p1 = rows > 0 ? readAt(a.indptr, i1) : 0;
  const nnz = p1 - p0;
  const indptr = region('int32', rows + 1);
  const indices = region('int32', nnz);
  const data = region(a.dtype, nnz);
  copyInto(vec(a.indptr), i0, vec(indptr), 0, rows + 1, -p0, 'get');
  copyInto(vec(a.indices), p0, vec(indices), 0, nnz, 0, 'get');
  copyInto(vec(a.data), p0, vec(data), 0, nnz, 0, 'get');
  return {
    rows,
    cols: a.cols,
    dtype: a.dtype,
    indptr,
    indices,
    data,
    nnz,
    canonical: a.canonical,
    sorted: a.sorted,
  };
}

/** `A[index]` for row slices. */
export function rowSlice(a: sparray, index: IndexLike): sparray {
  const [i0, i1] = parseSlice(index, a.shape[0]);
  const r = wrap.csr(sliceRows(a._csr(), i0, i1));
  return a.format === 'csc' ? r.tocsc() : r;
}
