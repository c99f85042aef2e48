/**
 * SpGEMM `C = A B` by rows (Gustavson), two phases (CONVENTIONS.md 7): a symbolic count (the
 * structure of each row of C: marks only, no values) and a numeric fill (a dense accumulator per
 * piece, each row's columns sorted, zero sums dropped) and, only when a sum was zero, a compaction of
 * the rows. Pure functions over typed arrays and row bounds `[lo, hi)`.
 */

/** Phase 1: `counts[i + 1]` = distinct columns of row i of `A B` (structural), rows `[lo, hi)`. */
export function spgemmSymbolic(
  aPos: Int32Array,
  aCrd: Int32Array,
  bPos: Int32Array,
  bCrd: Int32Array,
  n: number,
  counts: Int32Array,
  lo: number,
  hi: number,
): void {
  const mark = new Int32Array(n).fill(-1);
  for (let i = lo; i < hi; i++) {
    let len = 0;
    const pe = aPos[i + 1];
    for (let p = aPos[i]; p < pe; p++) {
      const r = aCrd[p];
      const qe = bPos[r + 1];
      for (let q = bPos[r]; q < qe; q++) {
        const j = bCrd[q];
        if (mark[j] !== i) {
          mark[j] = i;
          len++;
        }
      }
    }
    counts[i + 1] = len;
  }
}

/**
 * Phase 2: row i of `A B` from `cPos[i]`, columns ascending (sums in A's then B's entry order, in
 * float64, rounded by the store), zero results dropped — so a row may end before `cPos[i + 1]`;
 * `exact[i + 1]` gets its length. Returns 1 when no row lost an entry (the structure is `cPos`),
 * 0 otherwise (the caller then compacts the rows).
 */
export function spgemmNumeric(
  aPos: Int32Array,
  aCrd: Int32Array,
  aVals: Float64Array,
  bPos: Int32Array,
  bCrd: Int32Array,
  bVals: Float64Array,
  n: number,
  cPos: Int32Array,
  cCrd: Int32Array,
  cVals: Float64Array,
  exact: Int32Array,
  lo: number,
  hi: number,
): number {
  const acc = new Float64Array(n);
  const mark = new Int32Array(n).fill(-1);
  let full = 1;
  for (let i = lo; i < hi; i++) {
    const w0 = cPos[i];
    let w = w0;
    const pe = aPos[i + 1];
    for (let p = aPos[i]; p < pe; p++) {
      const a = aVals[p];
      const r = aCrd[p];
      const qe = bPos[r + 1];
      for (let q = bPos[r]; q < qe; q++) {
        const j = bCrd[q];
        if (mark[j] !== i) {
          mark[j] = i;
          acc[j] = a * bVals[q];
          cCrd[w++] = j;
        } else acc[j] += a * bVals[q];
      }
    }
    if (w - w0 <= 32) {
      for (let t = w0 + 1; t < w; t++) {
        const j = cCrd[t];
        let u = t - 1;
        while (u >= w0 && cCrd[u] > j) {
          cCrd[u + 1] = cCrd[u];
          u--;
        }
        cCrd[u + 1] = j;
      }
    } else cCrd.subarray(w0, w).sort();
    // Values in column order; a stored zero is overwritten by the next entry (in place: k <= t).
    let k = w0;
    for (let t = w0; t < w; t++) {
      const j = cCrd[t];
      cVals[k] = acc[j];
      if (cVals[k] !== 0) cCrd[k++] = j;
    }
    if (k !== w) full = 0;
    exact[i + 1] = k - w0;
  }
  return full;
}

/** Copies the first `ptr[i + 1] - ptr[i]` entries of each row i from `src` at `srcPos[i]`. */
export function compactRows(
  srcPos: Int32Array,
  srcCrd: Int32Array,
  srcVals: Float64Array,
  ptr: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) {
    const s = srcPos[i] - ptr[i];
    const e = ptr[i + 1];
    for (let p = ptr[i]; p < e; p++) {
      crd[p] = srcCrd[p + s];
      vals[p] = srcVals[p + s];
    }
  }
}
