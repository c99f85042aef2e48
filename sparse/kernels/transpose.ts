/**
 * CSR → CSR of the transpose (SciPy's `csr_tocsc`), partitioned by rows of the result (columns of
 * A): each piece counts, then places, the entries whose column falls in its range, walking A's
 * rows in order — so every result row is sorted by A's row index, stably (duplicates kept in
 * order). Pure functions over typed arrays (CONVENTIONS.md 5).
 */

/** `counts[j + 1]` = entries of column j of A, for j in `[lo, hi)` (all `nnz` indices scanned). */
export function transposeCount(
  idx: Int32Array,
  nnz: number,
  counts: Int32Array,
  lo: number,
  hi: number,
): void {
  for (let j = lo; j < hi; j++) counts[j + 1] = 0;
  const w = hi - lo;
  for (let p = 0; p < nnz; p++) {
    const j = idx[p] - lo;
    if (j >>> 0 < w) counts[j + lo + 1]++;
  }
}

/**
 * Writes rows `[lo, hi)` of Aᵀ from `tPtr` (its scanned indptr): `tIdx[q] = i`, `tVals[q] = A[i, j]`
 * for the entries of A's column j in row order. `cur[lo..hi)` is the piece's cursor space (the
 * WebAssembly form cannot allocate): it starts as `tPtr[lo..hi)`. With `sorted` = 1 a row whose
 * last index is below `lo` or whose first is at least `hi` is skipped unread (exact when A's rows
 * are sorted; the caller compares the count returned, the entries written, with
 * `tPtr[hi] − tPtr[lo]` and runs again with `sorted` = 0 when they differ).
 */
export function transposeFill(
  ptr: Int32Array,
  idx: Int32Array,
  vals: Float64Array,
  rows: number,
  tPtr: Int32Array,
  cur: Int32Array,
  tIdx: Int32Array,
  tVals: Float64Array,
  sorted: number,
  lo: number,
  hi: number,
): number {
  const w = hi - lo;
  let written = 0;
  for (let j = lo; j < hi; j++) cur[j] = tPtr[j];
  for (let i = 0; i < rows; i++) {
    const e = ptr[i + 1];
    let p = ptr[i];
    if (sorted !== 0 && p < e && (idx[e - 1] < lo || idx[p] >= hi)) continue;
    for (; p < e; p++) {
      const j = idx[p] - lo;
      if (j >>> 0 < w) {
        const q = cur[j + lo]++;
        tIdx[q] = i;
        tVals[q] = vals[p];
        written++;
      }
    }
  }
  return written;
}
