/**
 * The range check that guards the WebAssembly kernels (SpMV, SpMM, the merges of add/multiply):
 * they read memory without bounds checks, so they run only on structures whose pointers and
 * indices were seen in range — once per version of `indptr`/`indices`. The check is a launch on
 * the pool (a reduction over rows) whose future feeds the launches it guards — SpMV/SpMM pass one,
 * the merges both operands' — and their kernels (registered `guarded`) choose Wasm or JavaScript
 * when they run: the issuing thread neither fences, nor scans, nor waits (issue 17, item 3).
 */
import { broadcast, Future, launch, type Region } from '../../runtime/index.js';
import { kernel } from '../kdef.js';
import { CSR_IN_RANGE } from '../kernel-names.js';
import { csrInRange } from '../kernels/range-check.js';
import { type Csr, posStore, vec } from './types.js';

/** Per indices region: the structure versions last checked, and the check's future (1: in range). */
const checked = new WeakMap<
  Region,
  { indptr: Region; pv: number; iv: number; rows: number; cols: number; f: Future }
>();

const CONSTRAINTS = Object.freeze([broadcast(1), broadcast(2)]);

/**
 * A future of 1 when every pointer and index of `a` is in range (indptr non-decreasing within
 * [0, nnz], indices within [0, cols)), else 0 (null for no rows: nothing to read) — launched once per version of the structure, after
 * the work writing it, without waiting for it. A malformed matrix (which only
 * `check_format(true)` rejects) then runs the JavaScript kernel, whose out-of-range reads give NaN.
 */
export function structureCheck(a: Csr): Future | null {
  if (a.rows === 0) return null;
  const hit = checked.get(a.indices);
  if (
    hit !== undefined &&
    hit.indptr === a.indptr &&
    hit.pv === a.indptr.version &&
    hit.iv === a.indices.version &&
    hit.rows === a.rows &&
    hit.cols === a.cols
  )
    return hit.f;
  const f = launch({
    op: 'check_format',
    kernel: kernel(CSR_IN_RANGE, csrInRange, (t, g) => {
      const r = g(t.arrays[0], t.arrays[1], t.shapes[1]![0], t.scalars[0], t.lo[0], t.hi[0]);
      for (let b0 = t.lo[0]!; b0 < t.hi[0]!; b0 += t.block) t.partials![(b0 / t.block) | 0] = r;
    }),
    args: [
      { store: posStore(a), privilege: 'read' },
      { store: vec(a.indices, Math.min(a.nnz, a.indices.size)), privilege: 'read' },
      // indptr whole (its last element too) for the dependences; the kernel reads arrays[0].
      { store: vec(a.indptr, a.rows + 1), privilege: 'read' },
    ],
    scalars: [a.cols],
    constraints: CONSTRAINTS,
    reduce: { combine: 'min', identity: 1 },
    key: 0,
  });
  checked.set(a.indices, {
    indptr: a.indptr,
    pv: a.indptr.version,
    iv: a.indices.version,
    rows: a.rows,
    cols: a.cols,
    f,
  });
  return f;
}

/**
 * Records `a`'s structure (at its current versions) as in range without a check: for structures
 * in range by construction (DIA → CSR, constant diagonals), so their first SpMV needs no check.
 * @param a - a structure whose pointers and indices are in range by construction
 */
export function markInRange(a: Csr): void {
  if (a.rows === 0) return;
  const { indptr, rows, cols } = a;
  checked.set(a.indices, { indptr, pv: indptr.version, iv: a.indices.version, rows, cols, f: Future.of(1) });
}

/**
 * Records `f` as the range check of `c`'s structure as it is now: for results that the assembly
 * kernels built from operands whose checks passed (a transpose, kron, a merge), in range exactly
 * when those were — `f` is then the minimum of the operands' checks, computed by the fill launch
 * itself (a `min` reduction whose adapter writes the minimum of the launch's futures into each of
 * its blocks: adapters are shipped as source, so each spells the loop out), so no scan of the
 * result is needed.
 */
export function markChecked(c: Csr, f: Future): void {
  checked.set(c.indices, {
    indptr: c.indptr,
    pv: c.indptr.version,
    iv: c.indices.version,
    rows: c.rows,
    cols: c.cols,
    f,
  });
}
