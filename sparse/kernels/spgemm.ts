/**
 * SpGEMM `C = A B` by rows (Gustavson), two phases (CONVENTIONS.md 7): a symbolic count (the
 * structure of each row of C: marks only, no values) and a numeric fill (a dense accumulator per
 * piece, each row's columns sorted). Pure functions over typed arrays and row bounds `[lo, hi)`.
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
 * Phase 2: row i of `A B` from `cPos[i]`, columns ascending, every structural entry stored (sums
 * in A's then B's entry order, in float64, rounded by the store). Returns 1 when no stored value
 * is zero, 0 otherwise (the caller then drops the zeros, as SciPy does).
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
  lo: number,
  hi: number,
): number {
  const acc = new Float64Array(n);
  const mark = new Int32Array(n).fill(-1);
  let nonzero = 1;
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
    const len = w - w0;
    if (len <= 32) {
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
    for (let t = w0; t < w; t++) {
      cVals[t] = acc[cCrd[t]];
      if (cVals[t] === 0) nonzero = 0;
    }
  }
  return nonzero;
}
