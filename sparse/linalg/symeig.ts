/**
 * The small dense symmetric eigenproblem of `eigsh` (the projected Lanczos matrix), solved on the
 * calling thread by the cyclic Jacobi method: exact to rounding, and plenty fast for the few dozen
 * rows a Krylov basis has.
 */

/** Eigenvalues (ascending) and eigenvectors (columns of `vectors`, row-major n×n). */
export interface SymEig {
  values: Float64Array;
  vectors: Float64Array;
}

/**
 * Eigen-decomposition of the symmetric n×n matrix `a` (row-major; only its values are read, the
 * argument is not modified) by cyclic Jacobi rotations.
 * @param a - row-major symmetric matrix, length n*n.
 * @param n - its order.
 * @returns eigenvalues ascending and the matching orthonormal eigenvectors as columns.
 * @example
 * symeig(Float64Array.of(2, 1, 1, 2), 2).values; // Float64Array [1, 3]
 */
export function symeig(a: Float64Array, n: number): SymEig {
  const m = Float64Array.from(a);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    let total = 0;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const x = m[i * n + j]! * m[i * n + j]!;
        total += x;
        if (i !== j) off += x;
      }
    }
    if (off <= 1e-300 || off <= total * 1e-32) break;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = m[p * n + q]!;
        if (apq === 0) continue;
        const app = m[p * n + p]!;
        const aqq = m[q * n + q]!;
        const theta = (aqq - app) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const mkp = m[k * n + p]!;
          const mkq = m[k * n + q]!;
          m[k * n + p] = c * mkp - s * mkq;
          m[k * n + q] = s * mkp + c * mkq;
        }
        for (let k = 0; k < n; k++) {
          const mpk = m[p * n + k]!;
          const mqk = m[q * n + k]!;
          m[p * n + k] = c * mpk - s * mqk;
          m[q * n + k] = s * mpk + c * mqk;
        }
        m[p * n + q] = 0;
        m[q * n + p] = 0;
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => m[i * n + i]! - m[j * n + j]!);
  const values = new Float64Array(n);
  const vectors = new Float64Array(n * n);
  order.forEach((src, dst) => {
    values[dst] = m[src * n + src]!;
    for (let k = 0; k < n; k++) vectors[k * n + dst] = v[k * n + src]!;
  });
  return { values, vectors };
}
