/**
 * Assembly loops for outputs of unknown size (CONVENTIONS.md 7): each pair is a *count* phase that
 * writes `counts[i + 1]` for its rows and a *fill* phase that writes row i from `pos[i]` once the
 * counts were scanned into `pos`. Pure functions over typed arrays and row bounds `[lo, hi)`.
 */

/**
 * Inclusive scan in place: `pos[i] += pos[i - 1]` for `i` in `[1, n]` (pos[0] is 0). Throws when
 * a sum leaves int32 (a result with more than 2³¹ − 1 entries), rather than wrap.
 */
export function scanCounts(pos: Int32Array, n: number): void {
  pos[0] = 0;
  let s = 0;
  for (let i = 1; i <= n; i++) {
    s += pos[i];
    if (s > 2147483647) throw new RangeError('int32 overflow: more than 2147483647 stored entries');
    pos[i] = s;
  }
}

/** `row[p] = i` for every position p of row i in `[lo, hi)` (CSR → COO). */
export function expandRows(pos: Int32Array, row: Int32Array, lo: number, hi: number): void {
  for (let i = lo; i < hi; i++) {
    const e = pos[i + 1];
    for (let p = pos[i]; p < e; p++) row[p] = i;
  }
}

/**
 * Canonicalization (sort each row by column, stably; sum duplicates when `dedup`). Phase 1 (`fill`
 * 0) writes `counts[i + 1]` = entries of row i after it; phase 2 writes the row from `outPos[i]`.
 * Rows are sorted in scratch space; the inputs are not modified.
 */
export function canonRows(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  outPos: Int32Array,
  outCrd: Int32Array,
  outVals: Float64Array,
  fill: number,
  dedup: number,
  lo: number,
  hi: number,
): void {
  let cap = 16;
  let sc = new Int32Array(cap);
  let sv = new Float64Array(cap);
  let perm = new Int32Array(cap);
  for (let i = lo; i < hi; i++) {
    const b = pos[i];
    const e = pos[i + 1];
    const len = e - b;
    let sorted = true;
    for (let p = b + 1; p < e; p++) {
      if (crd[p] < crd[p - 1] || (dedup && crd[p] === crd[p - 1])) {
        sorted = false;
        break;
      }
    }
    if (sorted) {
      if (fill) {
        const w = outPos[i];
        for (let t = 0; t < len; t++) {
          outCrd[w + t] = crd[b + t];
          outVals[w + t] = vals[b + t];
        }
      } else outPos[i + 1] = len;
      continue;
    }
    if (len > cap) {
      while (cap < len) cap *= 2;
      sc = new Int32Array(cap);
      sv = new Float64Array(cap);
      perm = new Int32Array(cap);
    }
    if (len <= 32) {
      for (let t = 0; t < len; t++) {
        const c = crd[b + t];
        const v = vals[b + t];
        let u = t - 1;
        while (u >= 0 && sc[u] > c) {
          sc[u + 1] = sc[u];
          sv[u + 1] = sv[u];
          u--;
        }
        sc[u + 1] = c;
        sv[u + 1] = v;
      }
    } else {
      const pm = perm.subarray(0, len);
      for (let t = 0; t < len; t++) pm[t] = t;
      const keys = crd.subarray(b, e);
      pm.sort((x, y) => keys[x] - keys[y] || x - y);
      for (let t = 0; t < len; t++) {
        sc[t] = crd[b + pm[t]];
        sv[t] = vals[b + pm[t]];
      }
    }
    if (!fill) {
      let c = len > 0 ? 1 : 0;
      for (let t = 1; t < len; t++) if (sc[t] !== sc[t - 1] || !dedup) c++;
      outPos[i + 1] = c;
    } else {
      let w = outPos[i] - 1;
      for (let t = 0; t < len; t++) {
        if (dedup && t > 0 && sc[t] === sc[t - 1]) outVals[w] += sv[t];
        else {
          w++;
          outCrd[w] = sc[t];
          outVals[w] = sv[t];
        }
      }
    }
  }
}

/**
 * Row filter: keeps entry (i, j, v) when — mode 0: `v !== 0`; mode 1: `j - i <= k` (tril);
 * mode 2: `j - i >= k` (triu); mode 3: not (`j - i === k` and `i < lim`) (part of a diagonal). Phase 1 counts
 * (`fill` 0), phase 2 copies kept entries in order.
 */
export function filterRows(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  outPos: Int32Array,
  outCrd: Int32Array,
  outVals: Float64Array,
  mode: number,
  k: number,
  lim: number,
  fill: number,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) {
    let w = fill ? outPos[i] : 0;
    for (let p = pos[i]; p < pos[i + 1]; p++) {
      const j = crd[p];
      const v = vals[p];
      const keep =
        mode === 0 ? v !== 0 : mode === 1 ? j - i <= k : mode === 2 ? j - i >= k : j - i !== k || i >= lim;
      if (!keep) continue;
      if (fill) {
        outCrd[w] = j;
        outVals[w] = v;
      }
      w++;
    }
    if (!fill) outPos[i + 1] = w;
  }
}

/**
 * Union (op 0 add, 1 subtract, 3 divide, 4 maximum, 5 minimum) or intersection (op 2 multiply) of
 * canonical CSR rows.
 * Zero results are dropped (SciPy's rule). Phase 1 counts, phase 2 writes from `cPos[i]`.
 */
export function binopRows(
  aPos: Int32Array,
  aCrd: Int32Array,
  aVals: Float64Array,
  bPos: Int32Array,
  bCrd: Int32Array,
  bVals: Float64Array,
  cPos: Int32Array,
  cCrd: Int32Array,
  cVals: Float64Array,
  op: number,
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
      let j = 0;
      let a = 0;
      let b = 0;
      let both = false;
      if (ja === jb) {
        j = ja;
        a = aVals[p++];
        b = bVals[q++];
        both = true;
      } else if (ja < jb) {
        j = ja;
        a = aVals[p++];
      } else {
        j = jb;
        b = bVals[q++];
      }
      let v = 0;
      if (op === 0) v = a + b;
      else if (op === 1) v = a - b;
      else if (op === 2) v = both ? a * b : 0;
      else if (op === 3) v = a / b;
      else if (op === 4)
        v = Math.max(a, b); // NaN propagates, as NumPy's maximum
      else v = Math.min(a, b);
      if (v !== 0) {
        if (fill) {
          cCrd[w] = j;
          cVals[w] = v;
        }
        w++;
      }
    }
    if (!fill) cPos[i + 1] = w;
  }
}

/** Dense (strided 2-D view) → CSR: phase 1 counts nonzeros of rows, phase 2 writes them. */
export function denseRows(
  D: Float64Array,
  off: number,
  s0: number,
  s1: number,
  n: number,
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  fill: number,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) {
    let w = fill ? pos[i] : 0;
    const b = off + i * s0;
    for (let j = 0; j < n; j++) {
      const v = D[b + j * s1];
      if (v !== 0) {
        if (fill) {
          crd[w] = j;
          vals[w] = v;
        }
        w++;
      }
    }
    if (!fill) pos[i + 1] = w;
  }
}

/** DIA → CSR (explicit zeros dropped, as SciPy's `tocoo`); columns follow the order of offsets. */
export function diaRows(
  offsets: Int32Array,
  dvals: Float64Array,
  ld: number,
  ncols: number,
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  fill: number,
  lo: number,
  hi: number,
): void {
  const nd = offsets.length;
  const jmax = Math.min(ncols, ld);
  for (let i = lo; i < hi; i++) {
    let w = fill ? pos[i] : 0;
    for (let d = 0; d < nd; d++) {
      const j = i + offsets[d];
      if (j < 0 || j >= jmax) continue;
      const v = dvals[d * ld + j];
      if (v !== 0) {
        if (fill) {
          crd[w] = j;
          vals[w] = v;
        }
        w++;
      }
    }
    if (!fill) pos[i + 1] = w;
  }
}
