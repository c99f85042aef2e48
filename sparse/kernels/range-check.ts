/** The range check of a CSR structure as a pure loop (CONVENTIONS.md 5), for `core/range-check.ts`. */

/**
 * 1 when rows `[lo, hi)` have `0 ≤ pos[i] ≤ pos[i+1] ≤ nnz` and every index in `[0, ncols)`,
 * else 0. Reads nothing outside `crd[0, nnz)` whatever the pointers say.
 */
export function csrInRange(
  pos: Int32Array,
  crd: Int32Array,
  nnz: number,
  ncols: number,
  lo: number,
  hi: number,
): number {
  for (let i = lo; i < hi; i++) {
    const b = pos[i];
    const e = pos[i + 1];
    if (!(b >= 0 && b <= e && e <= nnz)) return 0;
    for (let p = b; p < e; p++) {
      const j = crd[p];
      if (!(j >= 0 && j < ncols)) return 0;
    }
  }
  return 1;
}
