/**
 * `y = Sᵀ x` for a CSR structure S without building its transpose (issue 17: CSC SpMV, `A.T @ x`
 * and `x @ A` on CSR). One launch keyed by y: the mapper tiles y, each piece computes its block of
 * outputs from the whole structure and x (`kernels/spmv-t.ts`), so every output is summed by one
 * piece in one fixed order — bitwise the same at any pool size — and no piece writes another's
 * outputs. No per-worker buffers and no fold: the runtime's `reduce` privilege would need one
 * buffer of y's length per reduction block (up to 16 × y), a column-block launch needs none. Each
 * piece looks at every row of S once (by its first and last index when the rows are sorted), so it
 * costs about one SpMV's reading of `indptr` per piece on top of the product itself.
 */
import { broadcast, type Constraint, type DType, launch, type Region, Store } from '../../runtime/index.js';
import { kernel } from '../kdef.js';
import { CSR_SPMV_T } from '../kernel-names.js';
import { csrSpmvT as spmvTLoop } from '../kernels/spmv-t.js';
import { transposeCsr } from './convert.js';
import { csrSpmv } from './products.js';
import { type Csr, region, vec } from './types.js';

/**
 * Products Sᵀ x run without a transpose on one structure before the transpose is built: the
 * launch costs about 4–5 SpMVs on a built transpose (every piece looks at every row, in
 * JavaScript) and the transpose 15–20 (measured, n = 1e6), so one-off products skip it and a
 * loop builds it at its fourth product and runs the Wasm SpMV from then on.
 */
export const TRANSPOSED_PRODUCTS_BEFORE_TRANSPOSE = 3;

/** Per stored `indices` region: the structure's versions, products so far, the transpose once built. */
const uses = new WeakMap<
  Region,
  { indptr: Region; data: Region; pv: number; iv: number; dv: number; calls: number; t?: Csr }
>();

/**
 * `y = Sᵀ x`: the first {@link TRANSPOSED_PRODUCTS_BEFORE_TRANSPOSE} products on a structure (per
 * version of its regions, whichever array object holds it — `A.T` is a fresh CSC each time) run
 * {@link csrSpmvT}; later ones build Sᵀ once and run the plain SpMV on it.
 * @param s - the CSR structure S
 * @param x - a contiguous vector of length `s.rows`
 * @param out - the result's dtype (float32 or float64)
 * @param into - the destination, optional (as {@link csrSpmvT})
 * @returns y
 */
export function transposedProduct(s: Csr, x: Store, out: DType, into?: Store): Store {
  let u = uses.get(s.indices);
  if (
    u === undefined ||
    u.indptr !== s.indptr ||
    u.data !== s.data ||
    u.pv !== s.indptr.version ||
    u.iv !== s.indices.version ||
    u.dv !== s.data.version
  ) {
    u = {
      indptr: s.indptr,
      data: s.data,
      pv: s.indptr.version,
      iv: s.indices.version,
      dv: s.data.version,
      calls: 0,
    };
    uses.set(s.indices, u);
  }
  if (u.t === undefined && ++u.calls > TRANSPOSED_PRODUCTS_BEFORE_TRANSPOSE) u.t = transposeCsr(s);
  return u.t !== undefined ? csrSpmv(u.t, x, out, into) : csrSpmvT(s, x, out, into);
}

const CONSTRAINTS: readonly Constraint[] = Object.freeze([
  broadcast(0),
  broadcast(1),
  broadcast(2),
  broadcast(3),
]);

/** Whether {@link csrSpmvT} handles a result dtype (float32, float64). */
export function spmvTApplies(out: DType): boolean {
  return out === 'float64' || out === 'float32';
}

/**
 * `y = Sᵀ x` into a fresh y of dtype `out` (length `s.cols`), or into `into` (a whole region of
 * that dtype and length aliasing none of the operands).
 * @param s - the CSR structure (S: rows × cols)
 * @param x - a contiguous vector of length `s.rows` (offset 0)
 * @param out - the result's dtype (float32 or float64: see {@link spmvTApplies})
 * @param into - the destination, optional
 * @returns y
 */
export function csrSpmvT(s: Csr, x: Store, out: DType, into?: Store): Store {
  const y = into ?? Store.whole(region(out, s.cols, false));
  if (s.cols === 0) return y;
  const sorted = s.sorted === true || s.canonical === true ? 1 : 0;
  launch({
    op: 'csr.spmv.t',
    kernel: kernel(`${CSR_SPMV_T}.${s.dtype}.${x.dtype}.${out}`, spmvTLoop, (t, f) =>
      f(
        t.arrays[0],
        t.arrays[1],
        t.arrays[2],
        t.arrays[3],
        t.arrays[4],
        t.scalars[0],
        t.scalars[1],
        t.lo[0],
        t.hi[0],
      ),
    ),
    args: [
      { store: vec(s.indptr, s.rows + 1), privilege: 'read' },
      { store: vec(s.indices, s.nnz), privilege: 'read' },
      { store: vec(s.data, s.nnz), privilege: 'read' },
      { store: x, privilege: 'read' },
      { store: y, privilege: 'write-discard' },
    ],
    scalars: [s.rows, sorted],
    constraints: CONSTRAINTS,
    key: 4,
  });
  return y;
}
