/**
 * The transposed CSR product `y = Sᵀ x` without a transpose (CONVENTIONS.md 5: a pure loop over
 * typed arrays and a piece's bounds). A piece owns the outputs `y[lo, hi)` — a block of S's
 * columns — and walks every row of S in order, adding the row's entries that fall in its block. So
 * each `y[j]` is summed by one piece in one fixed order (rows ascending, entries in storage order),
 * whatever the pieces and workers: the result is bitwise the same at every pool size and piece
 * count.
 *
 * With sorted rows (`sorted = 1`) a row outside the block is skipped by its first and last index
 * and the block's entries are found by a search, so a banded matrix costs each piece about one
 * look at each row plus its own entries; unsorted rows are scanned whole.
 * Shipped as source: no free variables.
 */

/**
 * `y[j] = Σ_i S[i, j] · x[i]` for j in `[lo, hi)`.
 * @param pos - S's `indptr` (rows + 1)
 * @param crd - S's `indices`
 * @param vals - S's values
 * @param x - the vector (length rows)
 * @param y - the result (length cols); `y[lo, hi)` written
 * @param rows - S's rows
 * @param sorted - 1 when every row's indices are non-decreasing
 * @param lo - first output
 * @param hi - end output
 */
export function csrSpmvT(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  x: Float64Array,
  y: Float64Array | Float32Array,
  rows: number,
  sorted: number,
  lo: number,
  hi: number,
): void {
  // Float64 results accumulate in place; others (float32) in a float64 scratch, rounded once.
  const direct = y instanceof Float64Array;
  const acc = direct ? y : new Float64Array(hi - lo);
  const base = direct ? 0 : lo;
  for (let j = lo; j < hi; j++) acc[j - base] = 0;
  for (let i = 0; i < rows; i++) {
    let p = pos[i]!;
    const e = pos[i + 1]!;
    if (p >= e) continue;
    if (sorted === 1) {
      if (crd[p]! >= hi || crd[e - 1]! < lo) continue;
      if (crd[p]! < lo) {
        // The first entry at or after lo: a binary search (rows may be long).
        let a = p;
        let b = e - 1;
        while (a < b) {
          const mid = (a + b) >> 1;
          if (crd[mid]! < lo) a = mid + 1;
          else b = mid;
        }
        p = a;
      }
      const xi = x[i]!;
      for (; p < e; p++) {
        const j = crd[p]!;
        if (j >= hi) break;
        acc[j - base] += vals[p]! * xi;
      }
    } else {
      const xi = x[i]!;
      for (; p < e; p++) {
        const j = crd[p]!;
        if (j >= lo && j < hi) acc[j - base] += vals[p]! * xi;
      }
    }
  }
  if (!direct) for (let j = lo; j < hi; j++) y[j] = acc[j - lo]!;
}
