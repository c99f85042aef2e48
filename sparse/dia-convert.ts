/**
 * CSR → DIA on the host (as SciPy's `todia`: one row of `data` per distinct diagonal, sorted,
 * `data.shape[1]` = largest column + 1; the number of diagonals is only known after a pass over
 * the coordinates, and DIA is for few diagonals, so this conversion reads the structure back).
 */
import type { Csr, Dia } from './core/types.js';
import { readPrefix, region } from './core/types.js';

/** DIA of a canonical CSR structure. */
export function cooToDia(a: Csr): Dia {
  const pos = readPrefix(a.indptr, a.rows + 1);
  const crd = readPrefix(a.indices, a.nnz);
  const vals = readPrefix(a.data, a.nnz);
  const ks = new Set<number>();
  let maxCol = -1;
  for (let i = 0; i < a.rows; i++) {
    for (let p = pos[i]!; p < pos[i + 1]!; p++) {
      ks.add(crd[p]! - i);
      if (crd[p]! > maxCol) maxCol = crd[p]!;
    }
  }
  const offs = [...ks].sort((x, y) => x - y);
  const ld = a.nnz === 0 ? 0 : maxCol + 1;
  const nd = a.nnz === 0 ? 0 : offs.length;
  const offsets = region('int32', nd);
  offsets.data.set(offs.slice(0, nd));
  const data = region(a.dtype, nd * ld);
  const idx = new Map(offs.map((k, d) => [k, d]));
  for (let i = 0; i < a.rows; i++) {
    for (let p = pos[i]!; p < pos[i + 1]!; p++) {
      const j = crd[p]!;
      data.data[idx.get(j - i)! * ld + j] = vals[p]!;
    }
  }
  return { rows: a.rows, cols: a.cols, dtype: a.dtype, offsets, data, nd, ld };
}

/** Stored elements of a DIA structure inside the matrix (SciPy's `dia.nnz`). */
export function diaNnz(rows: number, cols: number, ld: number, offsets: ArrayLike<number>): number {
  let nnz = 0;
  const jmax = Math.min(cols, ld);
  for (let d = 0; d < offsets.length; d++) {
    const k = offsets[d]!;
    const i0 = Math.max(0, -k);
    const i1 = Math.min(rows, jmax - k);
    if (i1 > i0) nnz += i1 - i0;
  }
  return nnz;
}
