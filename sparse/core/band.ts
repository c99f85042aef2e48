/**
 * Banded structures (issue 24): a CSR built with every stored entry within `halo` of the diagonal
 * (`|j − i| ≤ halo`, known by construction: `diags` of constant diagonals) records it here, keyed on
 * the structure's versions like the range check. Its SpMV then gives `x`'s partition as `y`'s
 * grown by `halo` on each side (the runtime's `bloat`), a superset of the image of its indices:
 * no image tasks scan the indices (11M of them for the spmv program's first product, ~80 ms of
 * worker CPU) and nothing waits for them. A write to `indptr` or `indices` bumps their versions and
 * the fact is forgotten (the image path runs again).
 */
import type { Region } from '../../runtime/index.js';
import type { Csr } from './types.js';

/** Per indices region: the structure versions the band was recorded at, and the band. */
const bands = new WeakMap<
  Region,
  { indptr: Region; pv: number; iv: number; rows: number; cols: number; halo: number }
>();

/**
 * Records that every stored entry of `a` (as it is now) lies within `halo` of the diagonal.
 * @param a - a structure banded by construction
 * @param halo - a bound on `|column − row|` over its stored entries
 */
export function markBand(a: Csr, halo: number): void {
  const { indptr, indices, rows, cols } = a;
  bands.set(indices, { indptr, pv: indptr.version, iv: indices.version, rows, cols, halo });
}

/**
 * The recorded band of `a`'s structure at its current versions, or undefined.
 * @param a - a CSR structure
 * @returns the bound on `|column − row|`, or undefined when none is known for this version
 */
export function bandOf(a: Csr): number | undefined {
  const b = bands.get(a.indices);
  if (
    b === undefined ||
    b.indptr !== a.indptr ||
    b.pv !== a.indptr.version ||
    b.iv !== a.indices.version ||
    b.rows !== a.rows ||
    b.cols !== a.cols
  )
    return undefined;
  return b.halo;
}
