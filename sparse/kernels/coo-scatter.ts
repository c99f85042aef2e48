/**
 * Loops of the parallel counting sort of a COO in any order (core/coo-scatter.ts). The entries
 * are cut into `P` chunks of `K` (chunk c: `[c·K, min(nnz, (c+1)·K))`) and the rows into blocks
 * of `bs` rows (`B` blocks). Phase 1 (per chunk) moves each chunk's entries, stably, into the
 * chunk's own range of staging arrays grouped by row block, and writes the chunk's per-block
 * counts `cnt[c·B + b]`. Then the count and fill of CSR assembly (per rows) read, for each block
 * they cover, that block's segment of every chunk: each entry is read by the pieces of its own
 * rows only (total work nnz, whatever the number of pieces). Pure functions over typed arrays.
 */

/**
 * Phase 1, chunks `[lo, hi)`: per-block counts of the chunk, then a stable scatter of its entries
 * into `[c·K, c·K + len)` of the staging arrays, block after block. Rows must be in `[0, B·bs)`.
 */
export function cooScatterChunks(
  row: Int32Array,
  col: Int32Array,
  vals: Float64Array,
  nnz: number,
  K: number,
  B: number,
  bs: number,
  cnt: Int32Array,
  sRow: Int32Array,
  sCol: Int32Array,
  sVals: Float64Array,
  lo: number,
  hi: number,
): void {
  const next = new Int32Array(B);
  for (let c = lo; c < hi; c++) {
    const b0 = c * K;
    const e0 = Math.min(nnz, b0 + K);
    const o = c * B;
    for (let b = 0; b < B; b++) cnt[o + b] = 0;
    for (let p = b0; p < e0; p++) cnt[o + ((row[p] / bs) | 0)]++;
    let s = b0;
    for (let b = 0; b < B; b++) {
      next[b] = s;
      s += cnt[o + b];
    }
    for (let p = b0; p < e0; p++) {
      const r = row[p];
      const q = next[(r / bs) | 0]++;
      sRow[q] = r;
      sCol[q] = col[p];
      sVals[q] = vals[p];
    }
  }
}

/**
 * Assembly count, rows `[lo, hi)`: `counts[i + 1]` = entries of row i, read from the staged
 * segments of the blocks that meet `[lo, hi)`.
 */
export function stagedCount(
  sRow: Int32Array,
  cnt: Int32Array,
  P: number,
  K: number,
  B: number,
  bs: number,
  counts: Int32Array,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) counts[i + 1] = 0;
  if (hi <= lo) return;
  const bLo = (lo / bs) | 0;
  const bHi = ((hi - 1) / bs) | 0;
  for (let c = 0; c < P; c++) {
    const o = c * B;
    let s = c * K;
    for (let b = 0; b < bLo; b++) s += cnt[o + b];
    for (let b = bLo; b <= bHi; b++) {
      const e = s + cnt[o + b];
      for (let q = s; q < e; q++) {
        const r = sRow[q];
        if (r >= lo && r < hi) counts[r + 1]++;
      }
      s = e;
    }
  }
}

/**
 * Assembly fill, rows `[lo, hi)`, block by block: places the staged entries of each block (chunk
 * 0's first: stable, so entries keep their COO order within a row), then with `sortRows` sorts
 * each row of the block by column in place (stably: duplicates stay in COO order). Returns 2 when
 * every row of the piece is strictly increasing, 1 when sorted with duplicates, 0 otherwise (or
 * when not sorting).
 */
export function stagedFill(
  sRow: Int32Array,
  sCol: Int32Array,
  sVals: Float64Array,
  cnt: Int32Array,
  P: number,
  K: number,
  B: number,
  bs: number,
  pos: Int32Array,
  outCrd: Int32Array,
  outVals: Float64Array,
  sortRows: number,
  lo: number,
  hi: number,
): number {
  if (hi <= lo) return 2;
  const next = new Int32Array(Math.min(bs, hi - lo) + 1);
  const start = new Int32Array(P);
  for (let c = 0; c < P; c++) start[c] = c * K;
  const bLo = (lo / bs) | 0;
  const bHi = ((hi - 1) / bs) | 0;
  for (let c = 0; c < P; c++) for (let b = 0; b < bLo; b++) start[c] += cnt[c * B + b];
  let flag = sortRows ? 2 : 0;
  let perm: Int32Array | null = null;
  let tc: Int32Array | null = null;
  let tv: Float64Array | null = null;
  for (let b = bLo; b <= bHi; b++) {
    const r0 = Math.max(lo, b * bs);
    const r1 = Math.min(hi, (b + 1) * bs);
    for (let r = r0; r < r1; r++) next[r - r0] = pos[r];
    for (let c = 0; c < P; c++) {
      const s = start[c];
      const e = s + cnt[c * B + b];
      for (let q = s; q < e; q++) {
        const r = sRow[q];
        if (r >= r0 && r < r1) {
          const w = next[r - r0]++;
          outCrd[w] = sCol[q];
          outVals[w] = sVals[q];
        }
      }
      start[c] = e;
    }
    if (!sortRows) continue;
    for (let r = r0; r < r1; r++) {
      const pb = pos[r];
      const pe = pos[r + 1];
      const len = pe - pb;
      if (len <= 1) continue;
      let ok = 2;
      if (len <= 32) {
        // Insertion sort (stable), noting duplicates as they meet.
        for (let p = pb + 1; p < pe; p++) {
          const j = outCrd[p];
          let u = p - 1;
          const q = outCrd[u];
          if (j > q) continue;
          if (j === q) {
            ok = 1;
            continue;
          }
          const v = outVals[p];
          do {
            outCrd[u + 1] = outCrd[u];
            outVals[u + 1] = outVals[u];
            u--;
          } while (u >= pb && outCrd[u] > j);
          if (u >= pb && outCrd[u] === j) ok = 1;
          outCrd[u + 1] = j;
          outVals[u + 1] = v;
        }
      } else {
        for (let p = pb + 1; p < pe && ok > 0; p++) {
          const d = outCrd[p] - outCrd[p - 1];
          if (d < 0) ok = 0;
          else if (d === 0) ok = 1;
        }
      }
      if (ok === 0) {
        // A stable index sort through scratch space.
        if (perm === null || perm.length < len) {
          perm = new Int32Array(len * 2);
          tc = new Int32Array(len * 2);
          tv = new Float64Array(len * 2);
        }
        const pm = perm.subarray(0, len);
        for (let t = 0; t < len; t++) pm[t] = t;
        const keys = outCrd.subarray(pb, pe);
        pm.sort((x, y) => keys[x] - keys[y] || x - y);
        for (let t = 0; t < len; t++) {
          tc![t] = outCrd[pb + pm[t]];
          tv![t] = outVals[pb + pm[t]];
        }
        ok = 2;
        for (let t = 0; t < len; t++) {
          outCrd[pb + t] = tc![t];
          outVals[pb + t] = tv![t];
          if (t > 0 && tc![t] === tc![t - 1]) ok = 1;
        }
      }
      if (ok < flag) flag = ok;
    }
  }
  return flag;
}
