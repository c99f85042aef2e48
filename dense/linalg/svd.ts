/**
 * Singular value decomposition: Householder QR (A = Q·R, m ≥ n; a wide A is transposed), then
 * one-sided (Hestenes) Jacobi on R — plane rotations of column pairs until every pair is orthogonal
 * to rounding (|wₚ·w_q| ≤ ε‖wₚ‖‖w_q‖). Jacobi computes small singular values to high relative
 * accuracy, which suits the ill-conditioned matrices (Hilbert) `lstsq`/`pinv`/`cond` meet.
 * Cost about 5–8 sweeps of 3n³ flops after the QR; columns of exactly zero singular value get an
 * orthonormal completion.
 */
import { LinAlgError } from '../errors.js';
import { geqrf, orgqr } from './qr.js';

/** A = U·diag(s)·Vh, s descending. U is m×ku, Vh is kv×n (row-major). */
export interface Svd {
  s: Float64Array;
  u?: Float64Array;
  vh?: Float64Array;
}

const EPS = 2 ** -52;

/**
 * SVD of the m×n row-major `a` (not modified).
 * @returns s (length min(m, n)) and, with `uv`, U (m×m when `full`, else m×k) and Vh (n×n or k×n)
 * @throws {LinAlgError} when Jacobi does not converge in 80 sweeps
 */
export function svdHost(fn: string, a: Float64Array, m: number, n: number, uv: boolean, full: boolean): Svd {
  if (m < n) {
    const t = new Float64Array(m * n);
    for (let i = 0; i < m; i++) for (let j = 0; j < n; j++) t[j * m + i] = a[i * n + j]!;
    const r = svdHost(fn, t, n, m, uv, full);
    if (!uv) return r;
    // Aᵀ = U'·S·V'ᵀ  ⇒  A = V'·S·U'ᵀ: U = (Vh')ᵀ, Vh = (U')ᵀ.
    const k = m;
    const ku = full ? n : k;
    return { s: r.s, u: trans(r.vh!, k, m), vh: trans(r.u!, n, ku) };
  }
  // m ≥ n. Scale to max |a| = 1 (tiny or huge entries would under/overflow the Jacobi sums).
  let amax = 0;
  for (let i = 0; i < a.length; i++) amax = Math.max(amax, Math.abs(a[i]!));
  const scale = amax > 0 && Number.isFinite(amax) ? amax : 1;
  const f = geqrf(
    Float64Array.from(a, (x) => x / scale),
    m,
    n,
  );
  // W: the rows are the columns of R (n×n).
  const w = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = i; j < n; j++) w[j * n + i] = f.h[i * n + j]!;
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  jacobi(fn, w, v, n, uv);
  const s = new Float64Array(n);
  for (let i = 0; i < n; i++) s[i] = Math.sqrt(dot(w, i, w, i, n));
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => s[y]! - s[x]! || x - y);
  const ss = Float64Array.from(order, (i) => s[i]! * scale);
  if (!uv) return { s: ss };
  // Ur: column c = w_order[c] / s (n×n, row-major); completed where s = 0.
  const ur = new Float64Array(n * n);
  const good: number[] = [];
  for (let c = 0; c < n; c++) {
    const i = order[c]!;
    const sc = s[i]!;
    if (sc > 1e-290) {
      for (let r = 0; r < n; r++) ur[r * n + c] = w[i * n + r]! / sc;
      good.push(c);
    }
  }
  orthonormalize(ur, n, good);
  complete(ur, n, good);
  const ku = full ? m : n;
  const q = orgqr(f, ku);
  const u = new Float64Array(m * ku);
  for (let r = 0; r < m; r++) {
    for (let p = 0; p < n; p++) {
      const x = q[r * ku + p]!;
      if (x === 0) continue;
      for (let c = 0; c < n; c++) u[r * ku + c]! += x * ur[p * n + c]!;
    }
    for (let c = n; c < ku; c++) u[r * ku + c] = q[r * ku + c]!;
  }
  const vh = new Float64Array(n * n);
  order.forEach((i, c) => {
    vh.set(v.subarray(i * n, i * n + n), c * n);
  });
  return { s: ss, u, vh };
}

function trans(a: Float64Array, r: number, c: number): Float64Array {
  const t = new Float64Array(r * c);
  for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[j * r + i] = a[i * c + j]!;
  return t;
}

function dot(x: Float64Array, i: number, y: Float64Array, j: number, n: number): number {
  let s = 0;
  const a = i * n;
  const b = j * n;
  for (let k = 0; k < n; k++) s += x[a + k]! * y[b + k]!;
  return s;
}

/** Rotates pairs of rows of `w` (and of `v`) until all rows are mutually orthogonal. */
function jacobi(fn: string, w: Float64Array, v: Float64Array, n: number, uv: boolean): void {
  const tol = EPS * Math.max(1, Math.sqrt(n));
  const norm2 = new Float64Array(n);
  for (let i = 0; i < n; i++) norm2[i] = dot(w, i, w, i, n);
  for (let sweep = 0; sweep < 80; sweep++) {
    let rotated = false;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        const alpha = norm2[p]!;
        const beta = norm2[q]!;
        if (alpha === 0 || beta === 0) continue;
        const gamma = dot(w, p, w, q, n);
        if (Math.abs(gamma) <= tol * Math.sqrt(alpha) * Math.sqrt(beta) || !Number.isFinite(gamma)) continue;
        const zeta = (beta - alpha) / (2 * gamma);
        const az = Math.abs(zeta);
        // For |ζ| > 1e150, ζ² would overflow: t = 1/(2ζ) to rounding.
        const t = (zeta >= 0 ? 1 : -1) / (az > 1e150 ? 2 * az : az + Math.sqrt(1 + zeta * zeta));
        if (t === 0) continue;
        rotated = true;
        const c = 1 / Math.sqrt(1 + t * t);
        const s = c * t;
        rot(w, p, q, c, s, n);
        if (uv) rot(v, p, q, c, s, n);
        norm2[p] = dot(w, p, w, p, n);
        norm2[q] = dot(w, q, w, q, n);
      }
    }
    if (!rotated) return;
  }
  throw new LinAlgError(`${fn}: SVD did not converge`);
}

function rot(x: Float64Array, p: number, q: number, c: number, s: number, n: number): void {
  const a = p * n;
  const b = q * n;
  for (let k = 0; k < n; k++) {
    const xp = x[a + k]!;
    const xq = x[b + k]!;
    x[a + k] = c * xp - s * xq;
    x[b + k] = s * xp + c * xq;
  }
}

/**
 * Re-orthonormalizes the `good` columns of the n×n `u` (modified Gram–Schmidt, twice, largest
 * singular value first). A column w/s of a singular value at the noise level of the Jacobi sweeps
 * is not orthogonal to the others; one that loses more than half its norm is dropped from `good`
 * (then completed). The change to a column is about ε·s_max/s, so U·S·Vh keeps its accuracy.
 */
function orthonormalize(u: Float64Array, n: number, good: number[]): void {
  const kept: number[] = [];
  for (const c of good) {
    for (let pass = 0; pass < 2; pass++) {
      for (const g of kept) {
        let d = 0;
        for (let r = 0; r < n; r++) d += u[r * n + g]! * u[r * n + c]!;
        for (let r = 0; r < n; r++) u[r * n + c]! -= d * u[r * n + g]!;
      }
    }
    let nx = 0;
    for (let r = 0; r < n; r++) nx += u[r * n + c]! * u[r * n + c]!;
    if (nx < 0.25) continue;
    const nn = Math.sqrt(nx);
    for (let r = 0; r < n; r++) u[r * n + c]! /= nn;
    kept.push(c);
  }
  good.length = 0;
  good.push(...kept);
}

/** Fills the columns of the n×n `u` not in `good` with unit vectors orthogonal to the rest. */
function complete(u: Float64Array, n: number, good: number[]): void {
  const have = new Set(good);
  const done = [...good];
  for (let c = 0; c < n; c++) {
    if (have.has(c)) continue;
    let best: Float64Array | null = null;
    let bestNorm = -1;
    for (let e = 0; e < n; e++) {
      const x = new Float64Array(n);
      x[e] = 1;
      for (let pass = 0; pass < 2; pass++) {
        for (const g of done) {
          let d = 0;
          for (let r = 0; r < n; r++) d += u[r * n + g]! * x[r]!;
          for (let r = 0; r < n; r++) x[r]! -= d * u[r * n + g]!;
        }
      }
      let nx = 0;
      for (let r = 0; r < n; r++) nx += x[r]! * x[r]!;
      if (nx > bestNorm) {
        bestNorm = nx;
        best = x;
      }
      if (nx > 0.5) break;
    }
    const nn = Math.sqrt(bestNorm);
    for (let r = 0; r < n; r++) u[r * n + c] = best![r]! / nn;
    done.push(c);
  }
}
