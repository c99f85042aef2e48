/**
 * Blocked LU with partial pivoting (LAPACK's right-looking `getrf`) and blocked Cholesky (`potrf`,
 * lower) on row-major host matrices. Panels of {@link NB} columns are factored on the calling thread;
 * the O(n³) trailing update of each step is one `gemmSub` (a parallel matrix-product launch when
 * large). A zero pivot does not stop `getrf` (as LAPACK: U has a zero on its diagonal, `det` is 0);
 * `solve`/`inv` raise on it.
 */

import { gemmSub } from './matrix.js';

/** Panel width of the blocked factorizations. */
export const NB = 64;

/** P·A = L·U in place (L unit lower, U upper); `piv[j]` is the row swapped with row j at step j. */
export interface Lu {
  n: number;
  lu: Float64Array;
  piv: Int32Array;
  /** True when some pivot is exactly zero (A is singular). */
  singular: boolean;
}

/**
 * Factors the n×n row-major matrix `a` (overwritten).
 * @returns the factors
 */
export function getrf(a: Float64Array, n: number): Lu {
  const piv = new Int32Array(n);
  let singular = false;
  for (let j0 = 0; j0 < n; j0 += NB) {
    const jb = Math.min(NB, n - j0);
    const je = j0 + jb;
    for (let j = j0; j < je; j++) {
      let p = j;
      let best = Math.abs(a[j * n + j]!);
      for (let i = j + 1; i < n; i++) {
        const v = Math.abs(a[i * n + j]!);
        if (v > best || (Number.isNaN(v) && !Number.isNaN(best))) {
          best = v;
          p = i;
        }
      }
      piv[j] = p;
      if (p !== j) {
        for (let c = 0; c < n; c++) {
          const t = a[j * n + c]!;
          a[j * n + c] = a[p * n + c]!;
          a[p * n + c] = t;
        }
      }
      const d = a[j * n + j]!;
      if (d === 0) {
        singular = true;
        continue;
      }
      for (let i = j + 1; i < n; i++) {
        const l = (a[i * n + j]! /= d);
        if (l === 0) continue;
        for (let c = j + 1; c < je; c++) a[i * n + c]! -= l * a[j * n + c]!;
      }
    }
    // U12 = L11⁻¹ A12
    for (let r = j0 + 1; r < je; r++) {
      for (let rr = j0; rr < r; rr++) {
        const l = a[r * n + rr]!;
        if (l === 0) continue;
        for (let c = je; c < n; c++) a[r * n + c]! -= l * a[rr * n + c]!;
      }
    }
    // A22 -= L21 · U12
    gemmSub(a, n, je, je, n - je, n - je, jb, a, n, je, j0, a, n, j0, je);
  }
  return { n, lu: a, piv, singular };
}

/**
 * Solves A·X = B with the factors (B: n×k row-major, overwritten).
 * @returns B, now X
 */
export function getrs(f: Lu, b: Float64Array, k: number): Float64Array {
  const { n, lu, piv } = f;
  for (let j = 0; j < n; j++) {
    const p = piv[j]!;
    if (p !== j) {
      for (let c = 0; c < k; c++) {
        const t = b[j * k + c]!;
        b[j * k + c] = b[p * k + c]!;
        b[p * k + c] = t;
      }
    }
  }
  for (let i = 0; i < n; i++) {
    for (let p = 0; p < i; p++) {
      const l = lu[i * n + p]!;
      if (l === 0) continue;
      for (let c = 0; c < k; c++) b[i * k + c]! -= l * b[p * k + c]!;
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    for (let p = i + 1; p < n; p++) {
      const u = lu[i * n + p]!;
      if (u === 0) continue;
      for (let c = 0; c < k; c++) b[i * k + c]! -= u * b[p * k + c]!;
    }
    const d = lu[i * n + i]!;
    for (let c = 0; c < k; c++) b[i * k + c]! /= d;
  }
  return b;
}

/**
 * The determinant from the factors: ± the product of U's diagonal (0 when singular).
 * @returns det(A)
 */
export function luDet(f: Lu): number {
  let d = 1;
  for (let j = 0; j < f.n; j++) {
    d *= f.lu[j * f.n + j]!;
    if (f.piv[j] !== j) d = -d;
  }
  return d === 0 ? 0 : d; // +0 for a singular matrix, as NumPy
}

/**
 * Blocked Cholesky A = L·Lᵀ of the lower triangle of `a` (overwritten by L; the upper triangle is
 * zeroed).
 * @returns the failing column, or -1 when A is positive definite
 */
export function potrf(a: Float64Array, n: number): number {
  for (let j0 = 0; j0 < n; j0 += NB) {
    const jb = Math.min(NB, n - j0);
    const je = j0 + jb;
    for (let j = j0; j < je; j++) {
      let d = a[j * n + j]!;
      for (let k = j0; k < j; k++) d -= a[j * n + k]! * a[j * n + k]!;
      if (!(d > 0)) return j;
      const ljj = Math.sqrt(d);
      a[j * n + j] = ljj;
      for (let i = j + 1; i < n; i++) {
        let s = a[i * n + j]!;
        for (let k = j0; k < j; k++) s -= a[i * n + k]! * a[j * n + k]!;
        a[i * n + j] = s / ljj;
      }
    }
    const m2 = n - je;
    if (m2 > 0) {
      const t = new Float64Array(jb * m2);
      for (let i = 0; i < m2; i++) for (let k = 0; k < jb; k++) t[k * m2 + i] = a[(je + i) * n + j0 + k]!;
      gemmSub(a, n, je, je, m2, m2, jb, a, n, je, j0, t, m2, 0, 0);
    }
  }
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) a[i * n + j] = 0;
  return -1;
}
