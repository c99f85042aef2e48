/**
 * CSR → DIA loops (sparse/dia-convert.ts; CONVENTIONS.md 5: pure loops over typed arrays and a
 * piece's bounds). Phase 1 ({@link diaScan}) runs over chunks of entries and marks, per chunk, the
 * diagonals `k = j − i` that occur in a bitmap of `rows + cols − 1` bits (bit `k + rows − 1`) and
 * the largest column; {@link orWords} folds the chunks' bitmaps; phase 2 ({@link diaScatter})
 * writes a tile of the `nd × ld` diagonals, partitioned by columns, from the rows that reach it.
 * Shipped as source: no free variables, constants inside the functions.
 */

/**
 * Phase 1, chunks `[lo, hi)` of `P`: chunk c covers the entries `[floor(c·nnz/P),
 * floor((c+1)·nnz/P))`. Writes the chunk's `words` bitmap words at `bits[c·words ..]` and
 * `maxc[c]` = its largest column (−1 when empty, −2 when an entry's column is outside
 * `[0, cols)`).
 * @param pos - `indptr` (rows + 1)
 * @param crd - `indices`
 * @param rows - the matrix's rows
 * @param cols - the matrix's columns
 * @param nnz - stored entries
 * @param P - the number of chunks
 * @param words - bitmap words per chunk
 * @param bits - P × words bitmap words (written)
 * @param maxc - per chunk, the largest column (written)
 * @param lo - first chunk
 * @param hi - end chunk
 */
export function diaScan(
  pos: Int32Array,
  crd: Int32Array,
  rows: number,
  cols: number,
  nnz: number,
  P: number,
  words: number,
  bits: Int32Array,
  maxc: Int32Array,
  lo: number,
  hi: number,
): void {
  for (let c = lo; c < hi; c++) {
    const base = c * words;
    for (let w = 0; w < words; w++) bits[base + w] = 0;
    const e0 = Math.floor((c * nnz) / P);
    const e1 = Math.floor(((c + 1) * nnz) / P);
    let mc = -1;
    let bad = 0;
    if (e1 > e0) {
      // The row of entry e0: the largest i < rows with pos[i] <= e0.
      let a = 0;
      let z = rows - 1;
      while (a < z) {
        const m = (a + z + 1) >> 1;
        if (pos[m]! <= e0) a = m;
        else z = m - 1;
      }
      const shift = rows - 1;
      // Row by row: the entries of row i within the chunk, [max(pos[i], e0), min(pos[i+1], e1)).
      for (let i = a; i < rows; i++) {
        const pb = pos[i]! > e0 ? pos[i]! : e0;
        const pe = pos[i + 1]! < e1 ? pos[i + 1]! : e1;
        for (let p = pb; p < pe; p++) {
          const j = crd[p]!;
          if (j < 0 || j >= cols) {
            bad++;
            continue;
          }
          const b = j - i + shift;
          bits[base + (b >>> 5)] |= 1 << (b & 31);
          if (j > mc) mc = j;
        }
        if (pos[i + 1]! >= e1) break;
      }
    }
    maxc[c] = bad > 0 ? -2 : mc;
  }
}

/**
 * Phase 1, fold: `out[w] = OR over chunks c of bits[c·words + w]` for the words `[lo, hi)`.
 * @param bits - P × words bitmap words
 * @param P - the number of chunks
 * @param words - bitmap words per chunk
 * @param out - the folded bitmap (words; written)
 * @param lo - first word
 * @param hi - end word
 */
export function orWords(
  bits: Int32Array,
  P: number,
  words: number,
  out: Int32Array,
  lo: number,
  hi: number,
): void {
  for (let w = lo; w < hi; w++) {
    let v = 0;
    for (let c = 0; c < P; c++) v |= bits[c * words + w]!;
    out[w] = v;
  }
}

/**
 * Phase 2: the tile of diagonals `[dlo, dhi)` × columns `[jlo, jhi)` of `out` (`nd × ld`,
 * row-major: `A[i, j]` on diagonal d = `out[d·ld + j]`), zeroed, then written from the rows whose
 * entries can fall in it (`i ∈ [jlo − k_max, jhi − k_min)`). Rows must be sorted with no
 * duplicates (canonical), and every entry's diagonal must be in `offsets` (sorted, distinct).
 * @param pos - `indptr` (rows + 1)
 * @param crd - `indices`
 * @param vals - `data`
 * @param offsets - the diagonals, increasing (nd)
 * @param rows - the matrix's rows
 * @param nnz - stored entries (each row's range is clipped to `[0, nnz)`)
 * @param ld - the diagonals' stored length (largest column + 1)
 * @param out - the diagonals (nd × ld; this tile written)
 * @param jlo - first column of the tile
 * @param jhi - end column
 * @param dlo - first diagonal of the tile
 * @param dhi - end diagonal
 */
export function diaScatter(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  offsets: Int32Array,
  rows: number,
  nnz: number,
  ld: number,
  out: Float64Array,
  jlo: number,
  jhi: number,
  dlo: number,
  dhi: number,
): void {
  for (let d = dlo; d < dhi; d++) out.fill(0, d * ld + jlo, d * ld + jhi);
  if (dlo >= dhi || jlo >= jhi) return;
  const kmin = offsets[dlo]!;
  const kmax = offsets[dhi - 1]!;
  const i0 = Math.max(0, jlo - kmax);
  const i1 = Math.min(rows, jhi - kmin);
  for (let i = i0; i < i1; i++) {
    // (Clipped to [0, nnz): a malformed indptr reads nothing outside the arrays.)
    const e = pos[i + 1]! < nnz ? pos[i + 1]! : nnz;
    // Columns of row i on the tile's diagonals and columns: [cl, ch).
    const cl = Math.max(jlo, i + kmin);
    const ch = Math.min(jhi, i + kmax + 1);
    let p = pos[i]! > 0 ? pos[i]! : 0;
    if (p >= e || crd[e - 1]! < cl || crd[p]! >= ch) continue;
    if (crd[p]! < cl) {
      let z = e - 1; // crd[z] >= cl
      while (p < z) {
        const m = (p + z) >> 1;
        if (crd[m]! < cl) p = m + 1;
        else z = m;
      }
    }
    let d = dlo;
    for (; p < e; p++) {
      const j = crd[p]!;
      if (j >= ch) break;
      if (j < cl) continue; // only in an unsorted (malformed) row: never outside the tile
      const k = j - i;
      // Columns increase along the row, so the diagonal does too: step from the last one (a band's
      // next entry is usually on the next diagonal), then search.
      let step = 0;
      while (d < dhi && offsets[d]! < k && step < 4) {
        d++;
        step++;
      }
      if (d < dhi && offsets[d]! < k) {
        let z = dhi - 1;
        while (d < z) {
          const m = (d + z) >> 1;
          if (offsets[m]! < k) d = m + 1;
          else z = m;
        }
      }
      if (d < dhi && offsets[d] === k) out[d * ld + j] = vals[p]!;
    }
  }
}
