/** Kernels of linear algebra: the blocked matrix product and dot-product partials. */
import { registerKernel } from '../runtime/index.js';
import { DOT, MATMUL } from './kernel-names.js';

/**
 * C[lo0:hi0, lo1:hi1] = A[rows, :] @ B[:, cols]. Args: C (key), A (rows projected), B (whole).
 * B is packed transposed per block of 64 columns × 256 k, then a 4×4 register tile accumulates
 * each block before adding to C; every element sums k in the same order whatever the tiling.
 */
registerKernel(MATMUL, (t) => {
  const C = t.arrays[0]!;
  const A = t.arrays[1]!;
  const B = t.arrays[2]!;
  const co = t.offsets[0]!;
  const cs0 = t.strides[0]![0]!;
  const cs1 = t.strides[0]![1]!;
  const ao = t.offsets[1]!;
  const as0 = t.strides[1]![0]!;
  const as1 = t.strides[1]![1]!;
  const bo = t.offsets[2]!;
  const bs0 = t.strides[2]![0]!;
  const bs1 = t.strides[2]![1]!;
  const K = t.shapes[1]![1]!;
  const i0 = t.lo[0]!;
  const i1 = t.hi[0]!;
  const j0 = t.lo[1]!;
  const j1 = t.hi[1]!;
  for (let i = i0; i < i1; i++) for (let j = j0; j < j1; j++) C[co + i * cs0 + j * cs1] = 0;
  if (K === 0) return;
  const JB = 64;
  const KB = 256;
  const P = new Float64Array(JB * KB);
  for (let jj = j0; jj < j1; jj += JB) {
    const je = Math.min(j1, jj + JB);
    const nj = je - jj;
    for (let kk = 0; kk < K; kk += KB) {
      const ke = Math.min(K, kk + KB);
      const nk = ke - kk;
      for (let j = 0; j < nj; j++) {
        const src = bo + (jj + j) * bs1 + kk * bs0;
        for (let k = 0; k < nk; k++) P[j * nk + k] = B[src + k * bs0]!;
      }
      let i = i0;
      for (; i + 3 < i1; i += 4) {
        const a0 = ao + i * as0 + kk * as1;
        const a1 = a0 + as0;
        const a2 = a1 + as0;
        const a3 = a2 + as0;
        let j = 0;
        for (; j + 3 < nj; j += 4) {
          const p0 = j * nk;
          const p1 = p0 + nk;
          const p2 = p1 + nk;
          const p3 = p2 + nk;
          let c00 = 0,
            c01 = 0,
            c02 = 0,
            c03 = 0,
            c10 = 0,
            c11 = 0,
            c12 = 0,
            c13 = 0;
          let c20 = 0,
            c21 = 0,
            c22 = 0,
            c23 = 0,
            c30 = 0,
            c31 = 0,
            c32 = 0,
            c33 = 0;
          for (let k = 0; k < nk; k++) {
            const x0 = A[a0 + k * as1]!;
            const x1 = A[a1 + k * as1]!;
            const x2 = A[a2 + k * as1]!;
            const x3 = A[a3 + k * as1]!;
            const y0 = P[p0 + k]!;
            const y1 = P[p1 + k]!;
            const y2 = P[p2 + k]!;
            const y3 = P[p3 + k]!;
            c00 += x0 * y0;
            c01 += x0 * y1;
            c02 += x0 * y2;
            c03 += x0 * y3;
            c10 += x1 * y0;
            c11 += x1 * y1;
            c12 += x1 * y2;
            c13 += x1 * y3;
            c20 += x2 * y0;
            c21 += x2 * y1;
            c22 += x2 * y2;
            c23 += x2 * y3;
            c30 += x3 * y0;
            c31 += x3 * y1;
            c32 += x3 * y2;
            c33 += x3 * y3;
          }
          const c0 = co + i * cs0 + (jj + j) * cs1;
          const c1 = c0 + cs0;
          const c2 = c1 + cs0;
          const c3 = c2 + cs0;
          C[c0] += c00;
          C[c0 + cs1] += c01;
          C[c0 + 2 * cs1] += c02;
          C[c0 + 3 * cs1] += c03;
          C[c1] += c10;
          C[c1 + cs1] += c11;
          C[c1 + 2 * cs1] += c12;
          C[c1 + 3 * cs1] += c13;
          C[c2] += c20;
          C[c2 + cs1] += c21;
          C[c2 + 2 * cs1] += c22;
          C[c2 + 3 * cs1] += c23;
          C[c3] += c30;
          C[c3 + cs1] += c31;
          C[c3 + 2 * cs1] += c32;
          C[c3 + 3 * cs1] += c33;
        }
        for (; j < nj; j++) {
          for (let r = 0; r < 4; r++) {
            const ar = a0 + r * as0;
            let acc = 0;
            for (let k = 0; k < nk; k++) acc += A[ar + k * as1]! * P[j * nk + k]!;
            C[co + (i + r) * cs0 + (jj + j) * cs1] += acc;
          }
        }
      }
      for (; i < i1; i++) {
        const ar = ao + i * as0 + kk * as1;
        for (let j = 0; j < nj; j++) {
          let acc = 0;
          for (let k = 0; k < nk; k++) acc += A[ar + k * as1]! * P[j * nk + k]!;
          C[co + i * cs0 + (jj + j) * cs1] += acc;
        }
      }
    }
  }
});

/** Partials of Σ x[i]*y[i] per block (4 accumulators, fixed order). Args: x (key), y (aligned). */
registerKernel(DOT, (t) => {
  const X = t.arrays[0]!;
  const Y = t.arrays[1]!;
  const xo = t.offsets[0]!;
  const xs = t.strides[0]![0]!;
  const yo = t.offsets[1]!;
  const ys = t.strides[1]![0]!;
  const P = t.partials!;
  const Bk = t.block;
  for (let b0 = t.lo[0]!; b0 < t.hi[0]!; b0 += Bk) {
    const e = Math.min(t.hi[0]!, b0 + Bk);
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let k = b0;
    if (xs === 1 && ys === 1) {
      const d = yo - xo;
      for (; k + 3 < e; k += 4) {
        const p = xo + k;
        s0 += X[p]! * Y[p + d]!;
        s1 += X[p + 1]! * Y[p + d + 1]!;
        s2 += X[p + 2]! * Y[p + d + 2]!;
        s3 += X[p + 3]! * Y[p + d + 3]!;
      }
    } else {
      for (; k + 3 < e; k += 4) {
        s0 += X[xo + k * xs]! * Y[yo + k * ys]!;
        s1 += X[xo + (k + 1) * xs]! * Y[yo + (k + 1) * ys]!;
        s2 += X[xo + (k + 2) * xs]! * Y[yo + (k + 2) * ys]!;
        s3 += X[xo + (k + 3) * xs]! * Y[yo + (k + 3) * ys]!;
      }
    }
    for (; k < e; k++) s0 += X[xo + k * xs]! * Y[yo + k * ys]!;
    P[(b0 / Bk) | 0] = s0 + s1 + (s2 + s3);
  }
});
