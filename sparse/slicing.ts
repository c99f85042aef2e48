/** Contiguous rows of a CSR structure (the fast path of `A.get` for row slices). */
import { copyInto } from './core/elementwise.js';
import { type Csr, readAt, region, vec } from './core/types.js';

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
