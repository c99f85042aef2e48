/**
 * Product loops: SpMV, SpMM, DIA SpMV, SpGEMM (count and fill). Pure functions over typed arrays
 * and a piece's bounds `[lo, hi)` (rows); no free variables — they are shipped to workers as text.
 * Parameter order follows codegen's convention (`A_pos, A_crd, A_vals, x, y, lo, hi`).
 */

/** `y[i] = Σ_p vals[p] * x[crd[p]]` for rows `i` in `[lo, hi)`; duplicates and any order are fine. */
export function csrSpmv(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  x: Float64Array,
  y: Float64Array,
  lo: number,
  hi: number,
): void {
  let p = pos[lo];
  for (let i = lo; i < hi; i++) {
    const e = pos[i + 1];
    let s0 = 0;
    let s1 = 0;
    for (; p + 1 < e; p += 2) {
      s0 += vals[p] * x[crd[p]];
      s1 += vals[p + 1] * x[crd[p + 1]];
    }
    if (p < e) {
      s0 += vals[p] * x[crd[p]];
      p++;
    }
    y[i] = s0 + s1;
  }
}

/** `C[i, :] = Σ_p vals[p] * B[crd[p], :]` for rows in `[lo, hi)`; B and C row-major with leading dims. */
export function csrSpmm(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  B: Float64Array,
  ldb: number,
  C: Float64Array,
  ldc: number,
  k: number,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) {
    const c0 = i * ldc;
    for (let j = 0; j < k; j++) C[c0 + j] = 0;
    for (let p = pos[i]; p < pos[i + 1]; p++) {
      const v = vals[p];
      const b0 = crd[p] * ldb;
      for (let j = 0; j < k; j++) C[c0 + j] += v * B[b0 + j];
    }
  }
}

/** DIA SpMV: `y[i] = Σ_d vals[d*ld + j] * x[j]`, `j = i + offsets[d]`, `0 ≤ j < min(ncols, ld)`. */
export function diaSpmv(
  offsets: Int32Array,
  vals: Float64Array,
  ld: number,
  x: Float64Array,
  y: Float64Array,
  ncols: number,
  lo: number,
  hi: number,
): void {
  const nd = offsets.length;
  const jmax = Math.min(ncols, ld);
  for (let i = lo; i < hi; i++) y[i] = 0;
  for (let d = 0; d < nd; d++) {
    const k = offsets[d];
    const base = d * ld;
    let i0 = lo;
    if (i0 + k < 0) i0 = -k;
    let i1 = hi;
    if (i1 + k > jmax) i1 = jmax - k;
    for (let i = i0; i < i1; i++) y[i] += vals[base + i + k] * x[i + k];
  }
}
