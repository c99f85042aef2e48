/**
 * Pure loops of sparse indexing (CONVENTIONS.md 5): gathers of rows and columns, values at
 * (row, column) pairs, and the assignment merge behind `A.set(index, values)`.
 */

/**
 * Row gather: output row i is row `R[i]` of A restricted to the selected columns. With `all`, every
 * column is kept in place; otherwise column c goes to each output column `map[mp[c]..mp[c+1])`.
 * Phase 1 (`fill` 0) writes counts into `cPos[i + 1]`; phase 2 writes from `cPos[i]`.
 */
export function gatherRows(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  R: Int32Array,
  all: number,
  mp: Int32Array,
  map: Int32Array,
  cPos: Int32Array,
  cCrd: Int32Array,
  cVals: Float64Array,
  fill: number,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) {
    const r = R[i];
    let w = fill ? cPos[i] : 0;
    for (let p = pos[r]; p < pos[r + 1]; p++) {
      const c = crd[p];
      if (all) {
        if (fill) {
          cCrd[w] = c;
          cVals[w] = vals[p];
        }
        w++;
      } else {
        for (let q = mp[c]; q < mp[c + 1]; q++) {
          if (fill) {
            cCrd[w] = map[q];
            cVals[w] = vals[p];
          }
          w++;
        }
      }
    }
    if (!fill) cPos[i + 1] = w;
  }
}

/** `out[k] = A[R[k], C[k]]` (duplicates summed) for `k` in `[lo, hi)`. */
export function gatherPairs(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  R: Int32Array,
  C: Int32Array,
  out: Float64Array,
  lo: number,
  hi: number,
): void {
  for (let k = lo; k < hi; k++) {
    const r = R[k];
    const c = C[k];
    let s = 0;
    for (let p = pos[r]; p < pos[r + 1]; p++) if (crd[p] === c) s += vals[p];
    out[k] = s;
  }
}

/**
 * Assignment merge of canonical CSR rows: every entry of B replaces A's at its position (zeros
 * included: SciPy stores an assigned 0), A's other entries are kept. Phase 1 (`fill` 0) writes
 * counts into `cPos[i + 1]`; phase 2 writes from `cPos[i]`.
 */
export function assignRows(
  aPos: Int32Array,
  aCrd: Int32Array,
  aVals: Float64Array,
  bPos: Int32Array,
  bCrd: Int32Array,
  bVals: Float64Array,
  cPos: Int32Array,
  cCrd: Int32Array,
  cVals: Float64Array,
  fill: number,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) {
    let p = aPos[i];
    const pe = aPos[i + 1];
    let q = bPos[i];
    const qe = bPos[i + 1];
    let w = fill ? cPos[i] : 0;
    while (p < pe || q < qe) {
      const ja = p < pe ? aCrd[p] : 2147483647;
      const jb = q < qe ? bCrd[q] : 2147483647;
      if (jb <= ja) {
        if (fill) {
          cCrd[w] = jb;
          cVals[w] = bVals[q];
        }
        q++;
        if (ja === jb) p++;
      } else {
        if (fill) {
          cCrd[w] = ja;
          cVals[w] = aVals[p];
        }
        p++;
      }
      w++;
    }
    if (!fill) cPos[i + 1] = w;
  }
}
