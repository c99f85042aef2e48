/**
 * Block Sparse Row loops and SDDMM. Pure functions over typed arrays and a piece's bounds
 * `[lo, hi)` of block rows (SDDMM: rows); no free variables — they are shipped to workers as text.
 * A BSR structure: `pos` (block rows + 1), `crd` (block columns), `vals` (`nnzb × R × C`, each
 * block row-major).
 */

/** `y[I·R + r] = Σ_p Σ_c vals[p, r, c] · x[crd[p]·C + c]` for block rows I in `[lo, hi)`. */
export function bsrSpmv(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  R: number,
  C: number,
  x: Float64Array,
  y: Float64Array,
  lo: number,
  hi: number,
): void {
  const RC = R * C;
  for (let I = lo; I < hi; I++) {
    const y0 = I * R;
    for (let r = 0; r < R; r++) y[y0 + r] = 0;
    for (let p = pos[I]; p < pos[I + 1]; p++) {
      const x0 = crd[p] * C;
      let b = p * RC;
      for (let r = 0; r < R; r++) {
        let s = 0;
        for (let c = 0; c < C; c++) s += vals[b + c] * x[x0 + c];
        y[y0 + r] += s;
        b += C;
      }
    }
  }
}

/**
 * The source of {@link bsrSpmv} unrolled for one block size (same parameters; R and C ignored):
 * the R sums live in locals and the C entries of x in registers — about 2.5× the generic loop for
 * 3×3 blocks here. The sums are taken in the generic loop's order, so the results are bitwise the
 * same. Used for blocks up to 8 × 8.
 */
export function bsrSpmvUnrolled(R: number, C: number): string {
  const rs = Array.from({ length: R }, (_, r) => r);
  const cs = Array.from({ length: C }, (_, c) => c);
  const row = (r: number) => `      y${r} += ${cs.map((c) => `vals[b + ${r * C + c}] * x${c}`).join(' + ')};`;
  return [
    `function bsrSpmv${R}x${C}(pos, crd, vals, R, C, x, y, lo, hi) {`,
    '  for (let I = lo; I < hi; I++) {',
    `    let ${rs.map((r) => `y${r} = 0`).join(', ')};`,
    '    const e = pos[I + 1];',
    '    for (let p = pos[I]; p < e; p++) {',
    `      const j = crd[p] * ${C};`,
    `      const b = p * ${R * C};`,
    `      const ${cs.map((c) => `x${c} = x[j + ${c}]`).join(', ')};`,
    ...rs.map(row),
    '    }',
    `    const o = I * ${R};`,
    ...rs.map((r) => `    y[o + ${r}] = y${r};`),
    '  }',
    '}',
  ].join('\n');
}

/** `Y[I·R + r, :] = Σ_p Σ_c vals[p, r, c] · B[crd[p]·C + c, :]`; B `[cols, k]`, Y `[rows, k]` row-major. */
export function bsrSpmm(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  R: number,
  C: number,
  B: Float64Array,
  k: number,
  Y: Float64Array,
  lo: number,
  hi: number,
): void {
  const RC = R * C;
  for (let I = lo; I < hi; I++) {
    const y0 = I * R * k;
    for (let t = 0; t < R * k; t++) Y[y0 + t] = 0;
    for (let p = pos[I]; p < pos[I + 1]; p++) {
      const b0 = crd[p] * C * k;
      for (let r = 0; r < R; r++) {
        const yr = y0 + r * k;
        for (let c = 0; c < C; c++) {
          const v = vals[p * RC + r * C + c];
          const br = b0 + c * k;
          for (let t = 0; t < k; t++) Y[yr + t] += v * B[br + t];
        }
      }
    }
  }
}

/**
 * BSR → CSR for block rows in `[lo, hi)`: row `I·R + r` holds, block by block in stored order,
 * the C entries of row r of each block. `optr[I·R + r]` is written (the last entry by the caller).
 */
export function bsrToCsr(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  R: number,
  C: number,
  optr: Int32Array,
  oind: Int32Array,
  oval: Float64Array,
  lo: number,
  hi: number,
): void {
  const RC = R * C;
  for (let I = lo; I < hi; I++) {
    const p0 = pos[I];
    const p1 = pos[I + 1];
    for (let r = 0; r < R; r++) {
      let w = p0 * RC + r * (p1 - p0) * C;
      optr[I * R + r] = w;
      for (let p = p0; p < p1; p++) {
        const j0 = crd[p] * C;
        const b = p * RC + r * C;
        for (let c = 0; c < C; c++) {
          oind[w] = j0 + c;
          oval[w] = vals[b + c];
          w++;
        }
      }
    }
  }
}

/** CSR → BSR, count: distinct block columns `j / C` over rows `I·R … I·R + R − 1`, per block row. */
export function bsrCount(
  ptr: Int32Array,
  ind: Int32Array,
  R: number,
  C: number,
  nbc: number,
  counts: Int32Array,
  lo: number,
  hi: number,
): void {
  const mark = new Int32Array(nbc).fill(-1);
  for (let I = lo; I < hi; I++) {
    let n = 0;
    for (let p = ptr[I * R]; p < ptr[I * R + R]; p++) {
      const J = (ind[p] / C) | 0;
      if (mark[J] !== I) {
        mark[J] = I;
        n++;
      }
    }
    counts[I] = n;
  }
}

/**
 * CSR → BSR, fill: the blocks of block row I in order of first appearance (SciPy's `csr_tobsr`),
 * or by block column when `sorted` is 1, zero-filled; then each CSR entry is stored in its block
 * (the CSR is canonical: no duplicates to sum).
 */
export function bsrFill(
  ptr: Int32Array,
  ind: Int32Array,
  val: Float64Array,
  R: number,
  C: number,
  nbc: number,
  sorted: number,
  bptr: Int32Array,
  bind: Int32Array,
  bval: Float64Array,
  lo: number,
  hi: number,
): void {
  const RC = R * C;
  const mark = new Int32Array(nbc).fill(-1);
  const slot = new Int32Array(nbc);
  for (let I = lo; I < hi; I++) {
    const n0 = bptr[I];
    let n = n0;
    for (let p = ptr[I * R]; p < ptr[I * R + R]; p++) {
      const J = (ind[p] / C) | 0;
      if (mark[J] !== I) {
        mark[J] = I;
        bind[n++] = J;
      }
    }
    if (sorted === 1) bind.subarray(n0, n).sort();
    for (let q = n0; q < n; q++) {
      slot[bind[q]] = q;
      for (let t = q * RC; t < q * RC + RC; t++) bval[t] = 0;
    }
    for (let r = 0; r < R; r++) {
      const i = I * R + r;
      for (let p = ptr[i]; p < ptr[i + 1]; p++) {
        const j = ind[p];
        const J = (j / C) | 0;
        bval[slot[J] * RC + r * C + (j - J * C)] = val[p];
      }
    }
  }
}

/**
 * SDDMM over rows `[lo, hi)` of A's pattern: `out[p] = vals[p] · Σ_l X[i, l] · Y[crd[p], l]`,
 * X `[rows, k]` and Y `[cols, k]` (the transpose of the right factor) row-major with leading
 * dimensions `ldx`, `ldy` (the parameters of codegen's `C(i,j) = A(i,j) * B(i,k) * D(j,k)`; this
 * is its reference loop).
 */
export function csrSddmm(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  X: Float64Array,
  ldx: number,
  Y: Float64Array,
  ldy: number,
  out: Float64Array,
  k: number,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) {
    const x0 = i * ldx;
    for (let p = pos[i]; p < pos[i + 1]; p++) {
      const j = crd[p];
      let s = 0;
      const y0 = j * ldy;
      for (let l = 0; l < k; l++) s += X[x0 + l] * Y[y0 + l];
      out[p] = vals[p] * s;
    }
  }
}
