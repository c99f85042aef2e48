/**
 * The small dense nonsymmetric eigenproblem of `eigs` (the projected Arnoldi matrix, a few dozen
 * rows), on the calling thread: eigenvalues of an upper Hessenberg matrix by Francis' double-shift
 * QR iteration, eigenvectors of real eigenvalues by inverse iteration, and the explicit shifted QR
 * steps of the implicit restart (real arithmetic; complex shifts go in conjugate pairs).
 */

/** Eigenvalues as real and imaginary parts. */
export interface Eigenvalues {
  re: Float64Array;
  im: Float64Array;
}

/**
 * Eigenvalues of the upper Hessenberg m×m matrix `h` (row-major; not modified).
 * @param h - the matrix.
 * @param m - its order.
 * @returns the eigenvalues (complex ones as conjugate pairs).
 * @throws Error when the iteration does not converge (30·m sweeps).
 */
export function hessenbergEigenvalues(h: Float64Array, m: number): Eigenvalues {
  const a = Float64Array.from(h);
  const A = (i: number, j: number) => a[i * m + j]!;
  const set = (i: number, j: number, v: number) => {
    a[i * m + j] = v;
  };
  const re = new Float64Array(m);
  const im = new Float64Array(m);
  let anorm = 0;
  for (let i = 0; i < m; i++) for (let j = Math.max(i - 1, 0); j < m; j++) anorm += Math.abs(A(i, j));
  let nn = m - 1;
  let t = 0;
  let its = 0;
  const eps = 2 ** -52;
  while (nn >= 0) {
    let l = nn;
    for (; l >= 1; l--) {
      const s = Math.abs(A(l - 1, l - 1)) + Math.abs(A(l, l)) || anorm;
      if (Math.abs(A(l, l - 1)) <= eps * s) {
        set(l, l - 1, 0);
        break;
      }
    }
    const x = A(nn, nn);
    if (l === nn) {
      re[nn] = x + t;
      im[nn] = 0;
      nn--;
      its = 0;
      continue;
    }
    const y = A(nn - 1, nn - 1);
    const w = A(nn, nn - 1) * A(nn - 1, nn);
    if (l === nn - 1) {
      const p = 0.5 * (y - x);
      const q = p * p + w;
      const z = Math.sqrt(Math.abs(q));
      const xx = x + t;
      if (q >= 0) {
        const zz = p + (p >= 0 ? z : -z);
        re[nn - 1] = re[nn] = xx + zz;
        if (zz !== 0) re[nn] = xx - w / zz;
        im[nn - 1] = im[nn] = 0;
      } else {
        re[nn - 1] = re[nn] = xx + p;
        im[nn - 1] = -z;
        im[nn] = z;
      }
      nn -= 2;
      its = 0;
      continue;
    }
    if (its === 30 * m) throw new Error('hessenbergEigenvalues: no convergence');
    let xs = x;
    let ys = y;
    let ws = w;
    if (its > 0 && its % 10 === 0) {
      // Exceptional shift.
      t += x;
      for (let i = 0; i <= nn; i++) set(i, i, A(i, i) - x);
      const s = Math.abs(A(nn, nn - 1)) + Math.abs(A(nn - 1, nn - 2));
      xs = ys = 0.75 * s;
      ws = -0.4375 * s * s;
    }
    its++;
    // Look for two consecutive small subdiagonal elements.
    let mm = nn - 2;
    let p = 0;
    let q = 0;
    let r = 0;
    for (; mm >= l; mm--) {
      const z = A(mm, mm);
      const rr = xs - z;
      const ss = ys - z;
      p = (rr * ss - ws) / A(mm + 1, mm) + A(mm, mm + 1);
      q = A(mm + 1, mm + 1) - z - rr - ss;
      r = A(mm + 2, mm + 1);
      const s = Math.abs(p) + Math.abs(q) + Math.abs(r);
      p /= s;
      q /= s;
      r /= s;
      if (mm === l) break;
      const u = Math.abs(A(mm, mm - 1)) * (Math.abs(q) + Math.abs(r));
      const v = Math.abs(p) * (Math.abs(A(mm - 1, mm - 1)) + Math.abs(z) + Math.abs(A(mm + 1, mm + 1)));
      if (u <= eps * v) break;
    }
    for (let i = mm + 2; i <= nn; i++) {
      set(i, i - 2, 0);
      if (i !== mm + 2) set(i, i - 3, 0);
    }
    // Double-shift QR step on rows/columns l..nn (bulge chase with 3-element reflections).
    for (let k = mm; k <= nn - 1; k++) {
      let scale = 0;
      if (k !== mm) {
        p = A(k, k - 1);
        q = A(k + 1, k - 1);
        r = k !== nn - 1 ? A(k + 2, k - 1) : 0;
        scale = Math.abs(p) + Math.abs(q) + Math.abs(r);
        if (scale === 0) continue;
        p /= scale;
        q /= scale;
        r /= scale;
      }
      const s = Math.sign(p || 1) * Math.sqrt(p * p + q * q + r * r);
      if (s === 0) continue;
      if (k === mm) {
        if (l !== mm) set(k, k - 1, -A(k, k - 1));
      } else {
        set(k, k - 1, -s * scale);
      }
      p += s;
      const xk = p / s;
      const yk = q / s;
      const zk = r / s;
      q /= p;
      r /= p;
      for (let j = k; j <= nn; j++) {
        let pp = A(k, j) + q * A(k + 1, j);
        if (k !== nn - 1) {
          pp += r * A(k + 2, j);
          set(k + 2, j, A(k + 2, j) - pp * zk);
        }
        set(k + 1, j, A(k + 1, j) - pp * yk);
        set(k, j, A(k, j) - pp * xk);
      }
      const mmin = nn < k + 3 ? nn : k + 3;
      for (let i = l; i <= mmin; i++) {
        let pp = xk * A(i, k) + yk * A(i, k + 1);
        if (k !== nn - 1) {
          pp += zk * A(i, k + 2);
          set(i, k + 2, A(i, k + 2) - pp * r);
        }
        set(i, k + 1, A(i, k + 1) - pp * q);
        set(i, k, A(i, k) - pp);
      }
    }
  }
  return { re, im };
}

/**
 * A unit eigenvector of the m×m matrix `h` for its real eigenvalue `lambda`, by inverse iteration
 * (Gaussian elimination with partial pivoting on h − λI, the pivot floor at eps·‖h‖).
 * @param h - the matrix (row-major).
 * @param m - its order.
 * @param lambda - a real eigenvalue of h.
 * @returns the eigenvector (2-norm 1).
 */
export function realEigenvector(h: Float64Array, m: number, lambda: number): Float64Array {
  let norm = 0;
  for (let i = 0; i < m * m; i++) norm = Math.max(norm, Math.abs(h[i]!));
  const floor = Math.max(norm, 1e-300) * 2 ** -52;
  const lu = Float64Array.from(h);
  for (let i = 0; i < m; i++) lu[i * m + i]! -= lambda;
  const piv = new Int32Array(m);
  for (let k = 0; k < m; k++) {
    let p = k;
    for (let i = k + 1; i < m; i++) if (Math.abs(lu[i * m + k]!) > Math.abs(lu[p * m + k]!)) p = i;
    piv[k] = p;
    if (p !== k) {
      for (let j = 0; j < m; j++) {
        const t = lu[k * m + j]!;
        lu[k * m + j] = lu[p * m + j]!;
        lu[p * m + j] = t;
      }
    }
    if (Math.abs(lu[k * m + k]!) < floor) lu[k * m + k] = lu[k * m + k]! < 0 ? -floor : floor;
    for (let i = k + 1; i < m; i++) {
      const f = (lu[i * m + k]! /= lu[k * m + k]!);
      if (f !== 0) for (let j = k + 1; j < m; j++) lu[i * m + j]! -= f * lu[k * m + j]!;
    }
  }
  let x = new Float64Array(m).fill(1);
  for (let it = 0; it < 3; it++) {
    const b = Float64Array.from(x);
    for (let k = 0; k < m; k++) {
      const p = piv[k]!;
      if (p !== k) [b[k], b[p]] = [b[p]!, b[k]!];
      for (let i = k + 1; i < m; i++) b[i]! -= lu[i * m + k]! * b[k]!;
    }
    for (let i = m - 1; i >= 0; i--) {
      let s = b[i]!;
      for (let j = i + 1; j < m; j++) s -= lu[i * m + j]! * b[j]!;
      b[i] = s / lu[i * m + i]!;
    }
    const nb = Math.hypot(...b);
    x = b.map((v) => v / nb);
  }
  return x;
}

/**
 * Householder QR of the m×m matrix `c` (row-major): returns Q (row-major, orthogonal).
 * @param c - the matrix.
 * @param m - its order.
 * @returns Q with c = Q·R.
 */
export function householderQ(c: Float64Array, m: number): Float64Array {
  const r = Float64Array.from(c);
  const q = new Float64Array(m * m);
  for (let i = 0; i < m; i++) q[i * m + i] = 1;
  const v = new Float64Array(m);
  for (let k = 0; k < m - 1; k++) {
    let norm = 0;
    for (let i = k; i < m; i++) norm += r[i * m + k]! ** 2;
    norm = Math.sqrt(norm);
    if (norm === 0) continue;
    const alpha = r[k * m + k]! > 0 ? -norm : norm;
    v.fill(0);
    for (let i = k; i < m; i++) v[i] = r[i * m + k]!;
    v[k]! -= alpha;
    let vv = 0;
    for (let i = k; i < m; i++) vv += v[i]! * v[i]!;
    if (vv === 0) continue;
    // R ← (I − 2vvᵀ/vᵀv)·R; Q ← Q·(I − 2vvᵀ/vᵀv)
    for (let j = 0; j < m; j++) {
      let s = 0;
      for (let i = k; i < m; i++) s += v[i]! * r[i * m + j]!;
      s = (2 * s) / vv;
      for (let i = k; i < m; i++) r[i * m + j]! -= s * v[i]!;
    }
    for (let i = 0; i < m; i++) {
      let s = 0;
      for (let j = k; j < m; j++) s += q[i * m + j]! * v[j]!;
      s = (2 * s) / vv;
      for (let j = k; j < m; j++) q[i * m + j]! -= s * v[j]!;
    }
  }
  return q;
}
