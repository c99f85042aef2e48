/**
 * The range check that guards the WebAssembly kernels (SpMV, SpMM, the merges of add/multiply):
 * they read memory without bounds checks, so they run only on structures whose pointers and
 * indices were seen in range — once per version of `indptr`/`indices`.
 */
import { fence, type Region } from '../../runtime/index.js';
import type { Csr } from './types.js';

/** Per indices region: the structure versions last checked, and whether they were in range. */
const checked = new WeakMap<Region, { indptr: number; indices: number; ok: boolean }>();

/**
 * Whether every pointer and index of `a` is in range (indptr non-decreasing within [0, nnz],
 * indices within [0, cols)): the Wasm kernels read memory without checks, so a malformed matrix
 * (which only `check_format(true)` rejects) runs the JavaScript kernel instead, whose
 * out-of-range reads give NaN like SciPy's undefined behaviour never touches other arrays. One
 * O(nnz) scan per version of the structure (after the work writing it is done).
 */
export function structureInRange(a: Csr): boolean {
  const hit = checked.get(a.indices);
  if (hit !== undefined && hit.indptr === a.indptr.version && hit.indices === a.indices.version)
    return hit.ok;
  fence();
  const ptr = a.indptr.data;
  const idx = a.indices.data;
  const n = a.rows;
  const cols = a.cols;
  let ok = ptr.length > n && ptr[0] === 0 && ptr[n]! <= idx.length;
  for (let i = 0; ok && i < n; i++) if (ptr[i]! > ptr[i + 1]!) ok = false;
  const end = ok ? ptr[n]! : 0;
  for (let p = 0; ok && p < end; p++) {
    const j = idx[p]!;
    if (!(j >= 0 && j < cols)) ok = false;
  }
  checked.set(a.indices, { indptr: a.indptr.version, indices: a.indices.version, ok });
  return ok;
}
