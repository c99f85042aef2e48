/**
 * DIA → CSR loops (CONVENTIONS.md 5: pure loops over typed arrays and a piece's rows `[lo, hi)`).
 * They work in tiles of rows, one diagonal at a time within a tile: each diagonal is one
 * contiguous stream of `data` and the tile's counts or write cursors stay in cache — the
 * row-by-row form (`diaRows`, the reference) touches all `nd` diagonals per row, `nd` streams at
 * once, and tests every entry against the matrix's bounds. Both give the same CSR: per row, the
 * columns in the order of `offsets`, stored zeros dropped (SciPy's `tocoo` drops them), NaN kept.
 * Shipped as source: no free variables, constants inside the functions.
 */

/**
 * Phase 1: `pos[i + 1]` = the stored nonzeros of row i, for the rows `[lo, hi)`.
 * @param offsets - the diagonals' offsets (nd)
 * @param dvals - `nd × ld` values, row-major (`A[i, i + k] = dvals[d * ld + i + k]`)
 * @param ld - the diagonals' stored length
 * @param ncols - the matrix's columns
 * @param pos - `indptr` (rows + 1): row i's count goes to `pos[i + 1]`
 * @param lo - first row
 * @param hi - end row
 */
export function diaCountTiled(
  offsets: Int32Array,
  dvals: Float64Array,
  ld: number,
  ncols: number,
  pos: Int32Array,
  lo: number,
  hi: number,
): void {
  const TILE = 2048;
  const nd = offsets.length;
  const jmax = Math.min(ncols, ld);
  for (let t0 = lo; t0 < hi; t0 += TILE) {
    const t1 = Math.min(hi, t0 + TILE);
    for (let i = t0; i < t1; i++) pos[i + 1] = 0;
    for (let d = 0; d < nd; d++) {
      const k = offsets[d]!;
      // Rows whose column i + k lies in [0, jmax).
      const a = Math.max(t0, -k);
      const b = Math.min(t1, jmax - k);
      const base = d * ld + k;
      for (let i = a; i < b; i++) pos[i + 1] += dvals[base + i] !== 0 ? 1 : 0;
    }
  }
}

/**
 * Phase 2: rows `[lo, hi)` written from `pos[i]` on (after the scan of phase 1's counts).
 * @param offsets - the diagonals' offsets (nd)
 * @param dvals - `nd × ld` values, row-major
 * @param ld - the diagonals' stored length
 * @param ncols - the matrix's columns
 * @param pos - the scanned `indptr`
 * @param crd - `indices` (written)
 * @param vals - `data` (written)
 * @param lo - first row
 * @param hi - end row
 */
export function diaFillTiled(
  offsets: Int32Array,
  dvals: Float64Array,
  ld: number,
  ncols: number,
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  lo: number,
  hi: number,
): void {
  const TILE = 2048;
  const nd = offsets.length;
  const jmax = Math.min(ncols, ld);
  const cur = new Int32Array(TILE);
  for (let t0 = lo; t0 < hi; t0 += TILE) {
    const t1 = Math.min(hi, t0 + TILE);
    for (let i = t0; i < t1; i++) cur[i - t0] = pos[i]!;
    for (let d = 0; d < nd; d++) {
      const k = offsets[d]!;
      const a = Math.max(t0, -k);
      const b = Math.min(t1, jmax - k);
      const base = d * ld + k;
      for (let i = a; i < b; i++) {
        const v = dvals[base + i]!;
        if (v !== 0) {
          const w = cur[i - t0]!;
          cur[i - t0] = w + 1;
          crd[w] = i + k;
          vals[w] = v;
        }
      }
    }
  }
}

/**
 * Constant diagonals (SciPy's `diags([1, -2, 1], [-1, 0, 1])`): `indptr` of rows `[lo, hi)` in
 * closed form — no data to read, no count, no scan. Diagonal d holds `band[3d + 2]` (≠ 0) on the
 * rows `[band[3d], band[3d + 1])`.
 * @param band - per diagonal: first row, end row, value
 * @param pos - `indptr` (rows + 1, `pos[0]` = 0): `pos[i + 1]` written for i in `[lo, hi)`
 * @param lo - first row
 * @param hi - end row
 */
export function bandPtr(band: Float64Array, pos: Int32Array, lo: number, hi: number): void {
  // Shipped as source (sparse/kdef.ts): no helper outside this function.
  const nd = band.length / 3;
  if (hi <= lo) return;
  // Rows where every diagonal has an entry: [first, end) (empty when end ≤ first).
  let first = 0;
  let end = Number.POSITIVE_INFINITY;
  // Entries in rows 0..lo: per diagonal, the rows of its range up to lo.
  let s = 0;
  for (let d = 0; d < nd; d++) {
    const r0 = band[3 * d]!;
    const r1 = band[3 * d + 1]!;
    if (r0 > first) first = r0;
    if (r1 < end) end = r1;
    const e = lo < r1 ? lo : r1;
    if (e > r0) s += e - r0;
  }
  const a = Math.min(Math.max(first, lo), hi) | 0;
  const b = Math.min(Math.max(end, a), hi) | 0;
  // Then row by row: the rows of [a, b) add nd each without a test, the others count.
  for (let i = lo; i < hi; i++) {
    if (i === a) {
      for (; i < b; i++) {
        s += nd;
        pos[i + 1] = s;
      }
      if (i === hi) break;
    }
    for (let q = 0; q < band.length; q += 3) if (i >= band[q]! && i < band[q + 1]!) s++;
    pos[i + 1] = s;
  }
}

/**
 * Constant diagonals, phase 2: rows `[lo, hi)` of the CSR, columns in the order of `offsets`.
 * @param band - per diagonal: first row, end row, value (as {@link bandPtr})
 * @param offsets - the diagonals' offsets
 * @param pos - `indptr` from {@link bandPtr}
 * @param crd - `indices` (written)
 * @param vals - `data` (written)
 * @param lo - first row
 * @param hi - end row
 */
export function bandFill(
  band: Float64Array,
  offsets: Int32Array,
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  lo: number,
  hi: number,
): void {
  // Shipped as source (sparse/kdef.ts): no helper outside this function.
  const nd = offsets.length;
  // Rows where every diagonal has an entry: [a, b) within [lo, hi), no test there.
  let first = 0;
  let end = Number.POSITIVE_INFINITY;
  const val = new Float64Array(nd);
  for (let d = 0; d < nd; d++) {
    if (band[3 * d]! > first) first = band[3 * d]!;
    if (band[3 * d + 1]! < end) end = band[3 * d + 1]!;
    val[d] = band[3 * d + 2]!;
  }
  // Integers (the band's rows are float64 in `band`): the loops below index with them.
  const a = Math.min(Math.max(first, lo), hi) | 0;
  const b = Math.min(Math.max(end, a), hi) | 0;
  let w = pos[lo]!;
  for (let i = lo; i < hi; i++) {
    if (i === a) {
      // The same values in every row of [a, b).
      for (; i < b; i++) {
        for (let d = 0; d < nd; d++) {
          crd[w + d] = i + offsets[d]!;
          vals[w + d] = val[d]!;
        }
        w += nd;
      }
      if (i === hi) break;
    }
    for (let d = 0; d < nd; d++) {
      if (i >= band[3 * d]! && i < band[3 * d + 1]!) {
        crd[w] = i + offsets[d]!;
        vals[w] = val[d]!;
        w++;
      }
    }
  }
}
