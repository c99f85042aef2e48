/**
 * Loops of the COO → CSR counting sort (core/coo-sort.ts). The entries are cut into `P` chunks,
 * chunk c covering `[floor(c·nnz/P), floor((c+1)·nnz/P))`; a piece of a chunk launch runs chunks
 * `[lo, hi)`. Pure functions over typed arrays (CONVENTIONS.md 5).
 */

/** Number of int32 statistics per chunk written by {@link cooStats}. */
export const COO_STATS = 6;

/**
 * Per chunk: min row, max row, min col, max col (int32 range), whether rows are non-decreasing
 * and whether (row, col) is strictly increasing — each compared with the entry before the chunk
 * too, so the flags of all chunks together are the flags of the whole array. Writes
 * `stats[c·6 .. c·6+5]` and `n[c]` (the chunk's entry count).
 */
export function cooStats(
  row: Int32Array,
  col: Int32Array,
  nnz: number,
  P: number,
  n: Int32Array,
  stats: Int32Array,
  lo: number,
  hi: number,
): void {
  for (let c = lo; c < hi; c++) {
    const b = Math.floor((c * nnz) / P);
    const e = Math.floor(((c + 1) * nnz) / P);
    let minR = 2147483647;
    let maxR = -2147483648;
    let minC = 2147483647;
    let maxC = -2147483648;
    let rowSorted = 1;
    let lexSorted = 1;
    let pr = b > 0 ? row[b - 1] : -2147483648;
    let pc = b > 0 ? col[b - 1] : -2147483648;
    for (let p = b; p < e; p++) {
      const r = row[p];
      const j = col[p];
      if (r < minR) minR = r;
      if (r > maxR) maxR = r;
      if (j < minC) minC = j;
      if (j > maxC) maxC = j;
      if (r < pr) {
        rowSorted = 0;
        lexSorted = 0;
      } else if (r === pr && j <= pc) lexSorted = 0;
      pr = r;
      pc = j;
    }
    const s = c * 6;
    stats[s] = minR;
    stats[s + 1] = maxR;
    stats[s + 2] = minC;
    stats[s + 3] = maxC;
    stats[s + 4] = rowSorted;
    stats[s + 5] = lexSorted;
    n[c] = e - b;
  }
}

/**
 * CSR `indptr[r]` for `r` in `[lo, hi)` of a COO whose rows are non-decreasing (in range): the
 * first position whose row is ≥ r (a binary search for `lo`, then one walk). `indptr[rows]` is
 * written by the piece that ends at `rows + 1`.
 */
export function sortedRowPtr(row: Int32Array, nnz: number, ptr: Int32Array, lo: number, hi: number): void {
  let a = 0;
  let z = nnz;
  while (a < z) {
    const m = (a + z) >>> 1;
    if (row[m] < lo) a = m + 1;
    else z = m;
  }
  let p = a;
  for (let r = lo; r < hi; r++) {
    while (p < nnz && row[p] < r) p++;
    ptr[r] = p;
  }
}

/**
 * Entries `[lo, hi)` of a COO in row order into its CSR: `indices ← col`, `out ← data` (the
 * identity permutation), as two block copies (`TypedArray.prototype.set` is a memmove; the element
 * loop it replaces ran at about half its speed).
 */
export function copyEntries(
  col: Int32Array,
  data: Float64Array,
  indices: Int32Array,
  out: Float64Array,
  lo: number,
  hi: number,
): void {
  if (hi <= lo) return;
  indices.set(col.subarray(lo, hi), lo);
  out.set(data.subarray(lo, hi), lo);
}
