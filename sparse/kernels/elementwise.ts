/**
 * Element-wise and reduction loops over sparse values and dense results. Pure functions over
 * typed arrays and a piece's bounds; no free variables.
 */

/**
 * Writes the tile rows `[lo, hi)` × columns `[c0, c1)` of a dense `out` (element (i, j) at
 * `off + i*s0 + j*s1`): zero, then add each entry of those columns (duplicates summed). A piece
 * touches only its own columns: the mapper may cut the output in both dimensions, and two pieces
 * of the same rows then run at the same time.
 */
export function csrToDense(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  out: Float64Array,
  off: number,
  s0: number,
  s1: number,
  c0: number,
  c1: number,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) {
    const b = off + i * s0;
    if (s1 === 1) out.fill(0, b + c0, b + c1);
    else for (let j = c0; j < c1; j++) out[b + j * s1] = 0;
    for (let p = pos[i]; p < pos[i + 1]; p++) {
      const j = crd[p];
      if (j >= c0 && j < c1) out[b + j * s1] += vals[p];
    }
  }
}

/**
 * `out[i, j] += sign * v` for the entries of the tile rows `[lo, hi)` × columns `[c0, c1)` (out
 * dense row-major, row length n).
 */
export function csrAddDense(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  out: Float64Array,
  n: number,
  sign: number,
  c0: number,
  c1: number,
  lo: number,
  hi: number,
): void {
  // Only the piece's columns [c0, c1): the output may be cut in both dimensions.
  for (let i = lo; i < hi; i++) {
    const b = i * n;
    for (let p = pos[i]; p < pos[i + 1]; p++) {
      const j = crd[p];
      if (j >= c0 && j < c1) out[b + j] += sign * vals[p];
    }
  }
}

/** `out[p] = vals[p] * D[i, j]` (D a strided 2-D view; stride 0 broadcasts) for rows `[lo, hi)`. */
export function csrMulDense(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  D: Float64Array,
  off: number,
  s0: number,
  s1: number,
  out: Float64Array,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) {
    const b = off + i * s0;
    for (let p = pos[i]; p < pos[i + 1]; p++) out[p] = vals[p] * D[b + crd[p] * s1];
  }
}

/** Row sums: `out[i] = Σ vals[pos[i]..pos[i+1]]`. */
export function csrRowSum(
  pos: Int32Array,
  vals: Float64Array,
  out: Float64Array,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) {
    let s = 0;
    for (let p = pos[i]; p < pos[i + 1]; p++) s += vals[p];
    out[i] = s;
  }
}

/** Column sums over all entries (one piece): `out[crd[p]] += vals[p]`. */
export function csrColSum(
  crd: Int32Array,
  vals: Float64Array,
  nnz: number,
  out: Float64Array,
  n: number,
): void {
  out.fill(0, 0, n);
  for (let p = 0; p < nnz; p++) out[crd[p]] += vals[p];
}

/**
 * Column sums of entries `[lo, hi)` into a reduction buffer (a launch's `reduce` argument, view
 * at `off` with stride `s`): `out[off + crd[p]·s] += vals[p]`.
 */
export function csrColSumRange(
  crd: Int32Array,
  vals: Float64Array,
  lo: number,
  hi: number,
  out: Float64Array,
  off: number,
  s: number,
): void {
  for (let p = lo; p < hi; p++) out[off + crd[p] * s] += vals[p];
}

/** `out[i] = Σ_{p in row r(i), crd[p] = r(i) + k} vals[p]`, `r(i) = i + max(0, -k)`. */
export function csrDiagonal(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  out: Float64Array,
  k: number,
  lo: number,
  hi: number,
): void {
  const r0 = k < 0 ? -k : 0;
  for (let i = lo; i < hi; i++) {
    const r = i + r0;
    const c = r + k;
    let s = 0;
    for (let p = pos[r]; p < pos[r + 1]; p++) if (crd[p] === c) s += vals[p];
    out[i] = s;
  }
}

/**
 * `out[i] = f(src[i])` for `i` in `[lo, hi)`: mode 0 `v * s`, 1 `v / s`, 2 `v ** s`, 3 `|v|`,
 * 4 `-v`, 5 `v` (copy / cast: the typed array store rounds), 6 `v != 0` (cast to bool, as NumPy: NaN
 * is true).
 */
export function mapValues(
  src: Float64Array,
  out: Float64Array,
  mode: number,
  s: number,
  lo: number,
  hi: number,
): void {
  if (mode === 0) for (let i = lo; i < hi; i++) out[i] = src[i] * s;
  else if (mode === 1) for (let i = lo; i < hi; i++) out[i] = src[i] / s;
  else if (mode === 2) for (let i = lo; i < hi; i++) out[i] = src[i] ** s;
  else if (mode === 3) for (let i = lo; i < hi; i++) out[i] = Math.abs(src[i]);
  else if (mode === 4) for (let i = lo; i < hi; i++) out[i] = -src[i];
  else if (mode === 6)
    for (let i = lo; i < hi; i++) out[i] = src[i] !== 0 ? 1 : 0; // to bool (NaN: true)
  else for (let i = lo; i < hi; i++) out[i] = src[i];
}

/** `dst[i] = src[i + srcOff] + shift` for `i` in `[lo, hi)` (slicing and stacking index arrays). */
export function copyShift(
  src: Float64Array,
  srcOff: number,
  dst: Float64Array,
  shift: number,
  lo: number,
  hi: number,
): void {
  if (shift === 0) for (let i = lo; i < hi; i++) dst[i] = src[i + srcOff];
  else for (let i = lo; i < hi; i++) dst[i] = src[i + srcOff] + shift;
}

/**
 * Kronecker product over A's entries `[lo, hi)`: entry (p, q) goes to `p * nb + q` with row
 * `ar[p] * bm + br[q]`, column `ac[p] * bn + bc[q]`, value `av[p] * bv[q]`.
 */
export function kronEntries(
  ar: Int32Array,
  ac: Int32Array,
  av: Float64Array,
  br: Int32Array,
  bc: Int32Array,
  bv: Float64Array,
  nb: number,
  bm: number,
  bn: number,
  row: Int32Array,
  col: Int32Array,
  vals: Float64Array,
  lo: number,
  hi: number,
): void {
  for (let p = lo; p < hi; p++) {
    const r = ar[p] * bm;
    const c = ac[p] * bn;
    const a = av[p];
    const o = p * nb;
    for (let q = 0; q < nb; q++) {
      row[o + q] = r + br[q];
      col[o + q] = c + bc[q];
      vals[o + q] = a * bv[q];
    }
  }
}

/**
 * Structure check of CSR rows `[lo, hi)`: returns 0 when fine, 1 when indptr decreases, 2 when a
 * column index is negative, 3 when one is ≥ ncols.
 */
export function csrCheck(pos: Int32Array, crd: Int32Array, ncols: number, lo: number, hi: number): number {
  for (let i = lo; i < hi; i++) {
    if (pos[i + 1] < pos[i]) return 1;
    for (let p = pos[i]; p < pos[i + 1]; p++) {
      const j = crd[p];
      if (j < 0) return 2;
      if (j >= ncols) return 3;
    }
  }
  return 0;
}

/** Sortedness of rows `[lo, hi)`: 2 strictly increasing (canonical), 1 non-decreasing, 0 unsorted. */
export function csrFlags(pos: Int32Array, crd: Int32Array, lo: number, hi: number): number {
  let best = 2;
  for (let i = lo; i < hi; i++) {
    for (let p = pos[i] + 1; p < pos[i + 1]; p++) {
      if (crd[p] < crd[p - 1]) return 0;
      if (crd[p] === crd[p - 1]) best = 1;
    }
  }
  return best;
}

/** `eye`'s entries `[lo, hi)`: `row[t] = i0 + t`, `col[t] = i0 + t + k`, `data[t] = 1`. */
export function eyeFill(
  row: Int32Array,
  col: Int32Array,
  data: Float64Array,
  i0: number,
  k: number,
  lo: number,
  hi: number,
): void {
  for (let t = lo; t < hi; t++) {
    row[t] = i0 + t;
    col[t] = i0 + t + k;
    data[t] = 1;
  }
}
