/**
 * Random SPD (and diagonally dominant nonsymmetric) CSR systems for the one-task and gang solve
 * tests, and the bits of an iterate.
 */
import * as np from 'cohortjs/numpy';
import * as sparse from 'cohortjs/sparse';

/** A mulberry32 generator (tests only). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random SPD matrix: a symmetric random pattern (`perRow` entries a row on average), the
 * diagonal larger than each row's absolute sum. `unsorted` reverses every row's storage order
 * (a non-canonical CSR: the SpMV adds in storage order). `skew` makes it nonsymmetric (the upper
 * entries scaled), still diagonally dominant.
 */
export function randomSpd(
  n: number,
  perRow: number,
  seed: number,
  unsorted: boolean,
  skew = 1,
): sparse.csr_array {
  const r = rng(seed);
  const rows: number[] = [];
  const cols: number[] = [];
  const vals: number[] = [];
  const rowSum = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < perRow; k++) {
      const j = Math.floor(r() * n);
      if (j === i) continue;
      const v = -(0.1 + r());
      rows.push(i, j);
      cols.push(j, i);
      vals.push(v, j > i ? v * skew : v);
      rowSum[i]! += -v;
      rowSum[j]! += -v;
    }
  }
  for (let i = 0; i < n; i++) {
    rows.push(i);
    cols.push(i);
    vals.push(rowSum[i]! + 0.5 + r());
  }
  const A = sparse
    .coo_array([np.array(vals), [np.array(rows, { dtype: 'int32' }), np.array(cols, { dtype: 'int32' })]], {
      shape: [n, n],
    })
    .tocsr() as sparse.csr_array;
  if (!unsorted) return A;
  const ip = A.indptr.toArray() as Int32Array;
  const ix = A.indices.toArray() as Int32Array;
  const dv = A.data.toArray() as Float64Array;
  const ix2 = new Int32Array(ix.length);
  const dv2 = new Float64Array(dv.length);
  for (let i = 0; i < n; i++) {
    for (let k = ip[i]!, m = ip[i + 1]! - 1; k < ip[i + 1]!; k++, m--) {
      ix2[k] = ix[m]!;
      dv2[k] = dv[m]!;
    }
  }
  return sparse.csr_array([np.array(dv2), np.array(ix2), np.array(ip)], {
    shape: [n, n],
  }) as sparse.csr_array;
}

/** The bits of a float64 array, as hex (bitwise comparisons of iterates). */
export const bitsOf = (a: np.ndarray): string =>
  Buffer.from((a.toArray() as Float64Array).slice().buffer).toString('hex');
