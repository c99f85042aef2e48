/**
 * CSR → CSR of the transpose (CSR ↔ CSC) as three launches: count per result row (partitioned
 * by result rows, every piece scanning A's column indices once), the scan into `indptr`, and the
 * fill (partitioned likewise, each piece walking A's rows in order). The result has A's nnz, so
 * nothing is read back to the issuing thread.
 */
import { align, broadcast, disposeRegion, type Future, image, launch } from '../../runtime/index.js';
import { kernel } from '../kdef.js';
import { TRANSPOSE_COUNT, TRANSPOSE_FILL } from '../kernel-names.js';
import { transposeCount, transposeFill } from '../kernels/transpose.js';
import { transposeCountWasm, transposeFillWasm, warmTransposeWasm } from '../kernels/transpose-wasm.js';
import { WARM_MIN_NNZ } from '../kernels/wasm-warm.js';
import { scanRegion } from './assemble.js';
import { bandOf, markBand } from './band.js';
import { markChecked, structureCheck } from './range-check.js';
import { type Csr, region, vec } from './types.js';

const COUNT_CONSTRAINTS = Object.freeze([broadcast(1)]);
const FILL_CONSTRAINTS = Object.freeze([
  broadcast(1),
  broadcast(2),
  broadcast(3),
  align(0, 4),
  image(0, 5, 'offsets'),
  image(0, 6, 'offsets'),
]);
const noWasm = process.env.COHORT_WASM === '0';

/** The CSR structure of `Aᵀ`: rows sorted (by A's row), duplicates kept; canonical when A is. */
export function transposeCsr(a: Csr, op = 'transpose'): Csr {
  const { rows, cols, dtype, nnz } = a;
  const band = bandOf(a);
  const indptr = region('int32', cols + 1, nnz === 0);
  const indices = region('int32', nnz, false);
  const data = region(dtype, nnz, false);
  let checkFuture: Future | null = null;
  if (cols > 0 && nnz > 0) {
    // Before the first piece of a large transpose: the modules' optimized code is then shared
    // with the workers (a small one pays no warm-up, ~1–2 ms once).
    if (!noWasm && nnz >= WARM_MIN_NNZ) warmTransposeWasm(dtype);
    launch({
      op,
      // Reads only indices[0, nnz) and writes only its own counts: Wasm needs no guard.
      kernel: kernel(
        TRANSPOSE_COUNT,
        transposeCount,
        (t, f) => f(t.arrays[1], t.shapes[1]![0], t.arrays[0], t.lo[0], t.hi[0]),
        noWasm ? null : transposeCountWasm(),
      ),
      args: [
        { store: vec(indptr, cols, 1), privilege: 'write-discard' },
        { store: vec(a.indices, nnz), privilege: 'read' },
      ],
      constraints: COUNT_CONSTRAINTS,
      key: 0,
    });
    scanRegion(op, indptr, cols);
    // The fill writes where A's pointers lead: Wasm only once A's range check said 1.
    const check = noWasm ? null : structureCheck(a);
    const cur = region('int32', cols, false);
    const f = launch({
      op,
      kernel: kernel(
        `${TRANSPOSE_FILL}.${dtype}${check ? '.wasm.guard' : ''}`,
        transposeFill,
        (t, f) => {
          const lo = t.lo[0]!;
          const hi = t.hi[0]!;
          const tPtr = t.arrays[0] as Int32Array;
          // Rows skipped by their first and last index (sorted rows) first: exact when every
          // entry of the piece's columns was written (tPtr[hi] is in the offsets image's
          // footprint), else the full walk. (No named helper: the kernel's source is serialized.)
          let n = -1;
          if (t.scalars[0] === 1)
            n = f(
              t.arrays[1],
              t.arrays[2],
              t.arrays[3],
              t.shapes[1]![0] - 1,
              tPtr,
              t.arrays[4],
              t.arrays[5],
              t.arrays[6],
              1,
              lo,
              hi,
            ) as number;
          if (n !== tPtr[hi]! - tPtr[lo]!)
            f(
              t.arrays[1],
              t.arrays[2],
              t.arrays[3],
              t.shapes[1]![0] - 1,
              tPtr,
              t.arrays[4],
              t.arrays[5],
              t.arrays[6],
              0,
              lo,
              hi,
            );
          // Aᵀ is in range exactly when A is: the reduction passes A's check on (markChecked).
          if (t.partials === null) return;
          const ok = t.futures.length === 1 && t.futures[0] === 1 ? 1 : 0;
          for (let b0 = t.lo[0]!; b0 < t.hi[0]!; b0 += t.block) t.partials[(b0 / t.block) | 0] = ok;
        },
        check ? transposeFillWasm(dtype) : null,
        check !== null,
      ),
      args: [
        { store: vec(indptr, cols), privilege: 'read' },
        { store: vec(a.indptr, rows + 1), privilege: 'read' },
        { store: vec(a.indices, nnz), privilege: 'read' },
        { store: vec(a.data, nnz), privilege: 'read' },
        { store: vec(cur, cols), privilege: 'write-discard' },
        { store: vec(indices, nnz), privilege: 'write-discard' },
        { store: vec(data, nnz), privilege: 'write-discard' },
      ],
      scalars: [a.sorted ? 1 : 0],
      ...(check ? { futures: [check], reduce: { combine: 'min' as const, identity: 1 } } : {}),
      constraints: FILL_CONSTRAINTS,
      key: 0,
    });
    disposeRegion(cur);
    if (check) checkFuture = f ?? null;
  }
  const t: Csr = {
    rows: cols,
    cols: rows,
    dtype,
    indptr,
    indices,
    data,
    nnz,
    sorted: true,
    canonical: a.canonical,
  };
  if (checkFuture) markChecked(t, checkFuture);
  // |j − i| is the same bound for Aᵀ (A's band read when its transpose was issued).
  if (band !== undefined) markBand(t, band);
  return t;
}
