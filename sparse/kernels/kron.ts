/**
 * Kronecker product straight into CSR, partitioned by result rows: row `i = ia·bm + ib` of
 * `kron(A, B)` holds, for each entry (ia, ja, a) of A's row ia and each entry (ib, jb, b) of B's
 * row ib, the entry `(i, ja·bn + jb, a·b)` — in that order, so rows are sorted (and distinct)
 * when A's and B's are. Pure functions over typed arrays (CONVENTIONS.md 5).
 */

/** `counts[i + 1]` = entries of result row i for i in `[lo, hi)`. */
export function kronCount(
  aPtr: Int32Array,
  bPtr: Int32Array,
  bm: number,
  counts: Int32Array,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) {
    const ia = Math.floor(i / bm);
    const ib = i - ia * bm;
    counts[i + 1] = (aPtr[ia + 1] - aPtr[ia]) * (bPtr[ib + 1] - bPtr[ib]);
  }
}

/** Writes result rows `[lo, hi)` from `cPtr` (values multiplied in float64, stored in C's type). */
export function kronFill(
  aPtr: Int32Array,
  aIdx: Int32Array,
  aVals: Float64Array,
  bPtr: Int32Array,
  bIdx: Int32Array,
  bVals: Float64Array,
  bm: number,
  bn: number,
  cPtr: Int32Array,
  cIdx: Int32Array,
  cVals: Float64Array,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) {
    const ia = Math.floor(i / bm);
    const ib = i - ia * bm;
    let w = cPtr[i];
    const qb = bPtr[ib];
    const qe = bPtr[ib + 1];
    for (let p = aPtr[ia]; p < aPtr[ia + 1]; p++) {
      const c0 = aIdx[p] * bn;
      const a = aVals[p];
      for (let q = qb; q < qe; q++) {
        cIdx[w] = c0 + bIdx[q];
        cVals[w++] = a * bVals[q];
      }
    }
  }
}
