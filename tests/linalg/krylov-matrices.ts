/**
 * Small test matrices for the Krylov solvers' host-scalar tests, from a kind and a seed: entries
 * are small integers or halves, so many dot products are exact and the breakdown branches
 * (ρ = 0, rᵀ·A·r = 0, a zero column) are reached exactly rather than by luck.
 */
import * as np from 'cohortjs/numpy';
import * as sparse from 'cohortjs/sparse';

/** A small deterministic generator (mulberry32) for the matrices' entries. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Kind = 'convdiff' | 'skew' | 'diag' | 'random' | 'singular' | 'symindef' | 'spd' | 'illcond';

/** An n×n matrix of a kind, from a seed (small integers or halves: many dot products are exact). */
export function matrix(kind: Kind, n: number, seed: number): sparse.csr_array {
  const rand = rng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const rows: number[] = [];
  const cols: number[] = [];
  const vals: number[] = [];
  const put = (i: number, j: number, v: number) => {
    if (v === 0) return;
    rows.push(i);
    cols.push(j);
    vals.push(v);
  };
  // The kind's parameter: seed mod 3 (so a test can pick it).
  const c = seed % 3;
  for (let i = 0; i < n; i++) {
    switch (kind) {
      case 'convdiff': // −(1+a)·u[i−1] + d·u[i] − (1−a)·u[i+1], nonsymmetric
        put(i, i, 2 + c / 2);
        if (i > 0) put(i, i - 1, -1 - c / 4);
        if (i < n - 1) put(i, i + 1, -1 + c / 4);
        break;
      case 'skew': // block [[c, 1], [−1, c]]: with c = 0, rᵀ·A·r = 0
        put(i, i, c);
        if (i % 2 === 0 && i + 1 < n) put(i, i + 1, 1);
        if (i % 2 === 1) put(i, i - 1, -1);
        if (n % 2 === 1 && i === n - 1) put(i, i, 1);
        break;
      case 'diag':
        put(i, i, int(1, 4));
        break;
      case 'illcond': // symmetric tridiagonal, one tiny eigenvalue: the condition and ‖x‖ tests
        put(i, i, i === n - 1 ? 10 ** -(14 + 2 * c) : int(1, 4));
        if (i + 1 < n - 1) {
          put(i, i + 1, 0.5);
          put(i + 1, i, 0.5);
        }
        break;
      case 'random':
        put(i, i, int(-1, 4));
        for (let k = 0; k < 2; k++) put(i, int(0, n - 1), int(-2, 2) / 2);
        break;
      case 'singular': // the last row and column are zero
        if (i < n - 1) {
          put(i, i, 2);
          if (i + 1 < n - 1) put(i, i + 1, int(-1, 1));
        }
        break;
      case 'symindef':
      case 'spd':
        break;
    }
  }
  if (kind === 'symindef' || kind === 'spd') {
    for (let i = 0; i < n; i++) {
      put(i, i, kind === 'spd' ? 3 + int(0, 3) : int(-3, 3));
      if (i + 1 < n) {
        const v = int(-2, 2) / 2;
        put(i, i + 1, v);
        put(i + 1, i, v);
      }
    }
  }
  const A = sparse.coo_array(
    [np.array(vals), [np.array(rows, { dtype: 'int32' }), np.array(cols, { dtype: 'int32' })]],
    {
      shape: [n, n],
    },
  );
  return A.tocsr() as sparse.csr_array;
}
