/**
 * Householder QR (LAPACK's `geqrf`/`orgqr` conventions: H = I − τ·v·vᵀ with v₀ = 1, β = −sign(α)·‖x‖,
 * so R's diagonal has LAPACK's signs and Q, R match NumPy's to rounding). Unblocked, row-oriented
 * on row-major host matrices.
 */

/** The compact factorization: R on and above the diagonal, the reflectors' tails below. */
export interface Qr {
  m: number;
  n: number;
  h: Float64Array;
  tau: Float64Array;
}

/**
 * Factors the m×n row-major `a` (overwritten).
 * @returns the compact factors
 */
export function geqrf(a: Float64Array, m: number, n: number): Qr {
  const k = Math.min(m, n);
  const tau = new Float64Array(k);
  const w = new Float64Array(n);
  for (let j = 0; j < k; j++) {
    let alpha = a[j * n + j]!;
    let scale = 0;
    for (let i = j + 1; i < m; i++) scale = Math.max(scale, Math.abs(a[i * n + j]!));
    if (scale === 0) continue; // H = I (τ = 0), as dlarfg
    // Tiny columns are scaled up by a power of two first (as dlarfg): τ and v do not change, and
    // β is scaled back; in the subnormal range the rounding of ‖x‖ would break Q's orthogonality.
    const up = Math.max(scale, Math.abs(alpha)) < 2 ** -960 ? 2 ** 600 : 1;
    if (up !== 1) {
      alpha *= up;
      for (let i = j + 1; i < m; i++) a[i * n + j]! *= up;
      scale *= up;
    }
    let ss = 0;
    for (let i = j + 1; i < m; i++) {
      const v = a[i * n + j]! / scale;
      ss += v * v;
    }
    const xnorm = scale * Math.sqrt(ss);
    const beta = -Math.sign(alpha || 1) * Math.hypot(alpha, xnorm);
    const t = (beta - alpha) / beta;
    tau[j] = t;
    const den = alpha - beta;
    for (let i = j + 1; i < m; i++) a[i * n + j]! /= den;
    a[j * n + j] = beta / up;
    applyLeft(a, m, n, j, j + 1, t, w);
  }
  return { m, n, h: a, tau };
}

/** A[j:, c0:] −= τ·v·(vᵀ·A[j:, c0:]) with v = (1, h[j+1:, j]) stored in column j of `h`. */
function applyLeft(
  h: Float64Array,
  m: number,
  n: number,
  j: number,
  c0: number,
  t: number,
  w: Float64Array,
): void {
  if (t === 0 || c0 >= n) return;
  for (let c = c0; c < n; c++) w[c] = h[j * n + c]!;
  for (let i = j + 1; i < m; i++) {
    const v = h[i * n + j]!;
    if (v === 0) continue;
    for (let c = c0; c < n; c++) w[c]! += v * h[i * n + c]!;
  }
  for (let c = c0; c < n; c++) {
    w[c]! *= t;
    h[j * n + c]! -= w[c]!;
  }
  for (let i = j + 1; i < m; i++) {
    const v = h[i * n + j]!;
    if (v === 0) continue;
    for (let c = c0; c < n; c++) h[i * n + c]! -= v * w[c]!;
  }
}

/**
 * The first `q` columns of Q = H₀·H₁·…, an m×q row-major matrix (q ≤ m).
 * @returns Q
 */
export function orgqr(f: Qr, q: number): Float64Array {
  const { m, n, h, tau } = f;
  const k = tau.length;
  const Q = new Float64Array(m * q);
  for (let i = 0; i < Math.min(m, q); i++) Q[i * q + i] = 1;
  const w = new Float64Array(q);
  for (let j = k - 1; j >= 0; j--) {
    const t = tau[j]!;
    if (t === 0) continue;
    // Q[j:, :] −= τ·v·(vᵀ·Q[j:, :])
    for (let c = 0; c < q; c++) w[c] = Q[j * q + c]!;
    for (let i = j + 1; i < m; i++) {
      const v = h[i * n + j]!;
      if (v === 0) continue;
      for (let c = 0; c < q; c++) w[c]! += v * Q[i * q + c]!;
    }
    for (let c = 0; c < q; c++) {
      w[c]! *= t;
      Q[j * q + c]! -= w[c]!;
    }
    for (let i = j + 1; i < m; i++) {
      const v = h[i * n + j]!;
      if (v === 0) continue;
      for (let c = 0; c < q; c++) Q[i * q + c]! -= v * w[c]!;
    }
  }
  return Q;
}

/**
 * The upper-trapezoidal R of the factors: its first `rows` rows (rows ≥ min(m, n) are zero).
 * @returns R, rows×n
 */
export function rOf(f: Qr, rows: number): Float64Array {
  const { m, n, h } = f;
  const r = new Float64Array(rows * n);
  for (let i = 0; i < Math.min(rows, m); i++) for (let j = i; j < n; j++) r[i * n + j] = h[i * n + j]!;
  return r;
}
