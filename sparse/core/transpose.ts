/**
 * CSR → CSR of the transpose (CSR ↔ CSC) as three launches: count per result row (partitioned
 * by result rows, every piece scanning A's column indices once), the scan into `indptr`, and the
 * fill (partitioned likewise, each piece walking A's rows in order). The result has A's nnz, so
 * nothing is read back to the issuing thread.
 */
import { broadcast, image, launch } from '../../runtime/index.js';
import { kernel } from '../kdef.js';
import { TRANSPOSE_COUNT, TRANSPOSE_FILL } from '../kernel-names.js';
import { transposeCount, transposeFill } from '../kernels/transpose.js';
import { scanRegion } from './assemble.js';
import { type Csr, region, vec } from './types.js';

const COUNT_CONSTRAINTS = Object.freeze([broadcast(1)]);
const FILL_CONSTRAINTS = Object.freeze([
  broadcast(1),
  broadcast(2),
  broadcast(3),
  image(0, 4, 'offsets'),
  image(0, 5, 'offsets'),
]);

/** The CSR structure of `Aᵀ`: rows sorted (by A's row), duplicates kept; canonical when A is. */
export function transposeCsr(a: Csr, op = 'transpose'): Csr {
  const { rows, cols, dtype, nnz } = a;
  const indptr = region('int32', cols + 1, nnz === 0);
  const indices = region('int32', nnz, false);
  const data = region(dtype, nnz, false);
  if (cols > 0 && nnz > 0) {
    launch({
      op,
      kernel: kernel(TRANSPOSE_COUNT, transposeCount, (t, f) =>
        f(t.arrays[1], t.shapes[1]![0], t.arrays[0], t.lo[0], t.hi[0]),
      ),
      args: [
        { store: vec(indptr, cols, 1), privilege: 'write-discard' },
        { store: vec(a.indices, nnz), privilege: 'read' },
      ],
      constraints: COUNT_CONSTRAINTS,
      key: 0,
    });
    scanRegion(op, indptr, cols);
    launch({
      op,
      kernel: kernel(`${TRANSPOSE_FILL}.${dtype}`, transposeFill, (t, f) =>
        f(
          t.arrays[1],
          t.arrays[2],
          t.arrays[3],
          t.shapes[1]![0],
          t.arrays[0],
          t.arrays[4],
          t.arrays[5],
          t.lo[0],
          t.hi[0],
        ),
      ),
      args: [
        { store: vec(indptr, cols), privilege: 'read' },
        { store: vec(a.indptr, rows + 1), privilege: 'read' },
        { store: vec(a.indices, nnz), privilege: 'read' },
        { store: vec(a.data, nnz), privilege: 'read' },
        { store: vec(indices, nnz), privilege: 'write-discard' },
        { store: vec(data, nnz), privilege: 'write-discard' },
      ],
      constraints: FILL_CONSTRAINTS,
      key: 0,
    });
  }
  return { rows: cols, cols: rows, dtype, indptr, indices, data, nnz, sorted: true, canonical: a.canonical };
}
