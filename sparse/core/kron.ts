/**
 * `kron(A, B)` as CSR without a sort: count (one product of two row lengths per result row),
 * scan, fill — both partitioned by result rows, A and B read whole by every piece (they are the
 * small factors). nnz is `nnz(A)·nnz(B)`, known up front: nothing is read back.
 */
import {
  argMessage,
  broadcast,
  type DType,
  type Future,
  image,
  launch,
  ValueError,
} from '../../runtime/index.js';
import { kernel } from '../kdef.js';
import { KRON_COUNT, KRON_FILL } from '../kernel-names.js';
import { kronCount, kronFill } from '../kernels/kron.js';
import { kronCountWasm, kronFillWasm } from '../kernels/kron-wasm.js';
import { scanRegion } from './assemble.js';
import { bandOf, markBand } from './band.js';
import { markChecked, structureCheck } from './range-check.js';
import { type Csr, region, vec } from './types.js';

const INT32_MAX = 2147483647;
const noWasm = process.env.COHORT_WASM === '0';
const COUNT_CONSTRAINTS = Object.freeze([broadcast(1), broadcast(2)]);
const FILL_CONSTRAINTS = Object.freeze([
  broadcast(1),
  broadcast(2),
  broadcast(3),
  broadcast(4),
  broadcast(5),
  broadcast(6),
  image(0, 7, 'offsets'),
  image(0, 8, 'offsets'),
]);

/**
 * Throws when `kron` of these shapes and entry counts needs more than int32 indices.
 * @throws {ValueError} naming `op` when the result's nnz or a dimension exceeds 2³¹ − 1
 */
export function checkKronSize(op: string, m: number, n: number, nnz: number): void {
  if (nnz > INT32_MAX)
    throw new ValueError(
      argMessage(
        op,
        'B',
        `a product with at most ${INT32_MAX} stored entries (int32 indices)`,
        `${nnz} entries`,
      ),
    );
  if (m > INT32_MAX || n > INT32_MAX)
    throw new ValueError(argMessage(op, 'B', `a product shape within int32 indices`, `shape [${m}, ${n}]`));
}

/**
 * The CSR structure of `kron(A, B)` in `dtype`; canonical (sorted) when both factors are.
 * @param canonical whether A and B are both canonical (resp. both sorted: `sorted`)
 */
export function kronCsr(
  a: Csr,
  b: Csr,
  dtype: DType,
  flags: { canonical: boolean; sorted: boolean },
  op = 'kron',
): Csr {
  const rows = a.rows * b.rows;
  const cols = a.cols * b.cols;
  const nnz = a.nnz * b.nnz;
  const bandA = bandOf(a);
  const bandB = bandOf(b);
  checkKronSize(op, rows, cols, nnz);
  const indptr = region('int32', rows + 1, nnz === 0);
  const indices = region('int32', nnz, false);
  const data = region(dtype, nnz, false);
  let checkFuture: Future | null = null;
  if (nnz > 0) {
    const aPtr = vec(a.indptr, a.rows + 1);
    const bPtr = vec(b.indptr, b.rows + 1);
    launch({
      op,
      // Reads A's and B's pointers at rows i / bm and i % bm (i < rows): in range, no guard.
      kernel: kernel(
        KRON_COUNT,
        kronCount,
        (t, f) => f(t.arrays[1], t.arrays[2], t.scalars[0], t.arrays[0], t.lo[0], t.hi[0]),
        noWasm ? null : kronCountWasm(),
      ),
      args: [
        { store: vec(indptr, rows, 1), privilege: 'write-discard' },
        { store: aPtr, privilege: 'read' },
        { store: bPtr, privilege: 'read' },
      ],
      scalars: [b.rows],
      constraints: COUNT_CONSTRAINTS,
      key: 0,
    });
    scanRegion(op, indptr, rows);
    // The fill writes where the factors' pointers lead: Wasm (float values) only once both range
    // checks said 1. The launch's reduction is the minimum of those checks: C is in range exactly
    // when A and B are, so C needs no check of its own (markChecked).
    const spec = noWasm ? null : kronFillWasm(a.dtype, b.dtype, dtype);
    const fa = spec !== null ? structureCheck(a) : null;
    const fb = fa !== null ? structureCheck(b) : null;
    const guard = fa !== null && fb !== null ? [fa, fb] : null;
    const f = launch({
      op,
      kernel: kernel(
        `${KRON_FILL}.${a.dtype}.${b.dtype}.${dtype}${guard ? '.wasm.guard' : ''}`,
        kronFill,
        (t, f) => {
          f(
            t.arrays[1],
            t.arrays[2],
            t.arrays[3],
            t.arrays[4],
            t.arrays[5],
            t.arrays[6],
            t.scalars[0],
            t.scalars[1],
            t.arrays[0],
            t.arrays[7],
            t.arrays[8],
            t.lo[0],
            t.hi[0],
          );
          if (t.partials === null) return;
          let ok = t.futures.length > 0 ? 1 : 0;
          for (let k = 0; k < t.futures.length; k++) if (t.futures[k] !== 1) ok = 0;
          for (let b0 = t.lo[0]!; b0 < t.hi[0]!; b0 += t.block) t.partials[(b0 / t.block) | 0] = ok;
        },
        guard ? spec : null,
        guard !== null,
      ),
      args: [
        { store: vec(indptr, rows), privilege: 'read' },
        { store: aPtr, privilege: 'read' },
        { store: vec(a.indices, a.nnz), privilege: 'read' },
        { store: vec(a.data, a.nnz), privilege: 'read' },
        { store: bPtr, privilege: 'read' },
        { store: vec(b.indices, b.nnz), privilege: 'read' },
        { store: vec(b.data, b.nnz), privilege: 'read' },
        { store: vec(indices, nnz), privilege: 'write-discard' },
        { store: vec(data, nnz), privilege: 'write-discard' },
      ],
      scalars: [b.rows, b.cols],
      ...(guard ? { futures: guard, reduce: { combine: 'min' as const, identity: 1 } } : {}),
      constraints: FILL_CONSTRAINTS,
      key: 0,
    });
    checkFuture = guard ? (f ?? null) : null;
  }
  const c: Csr = {
    rows,
    cols,
    dtype,
    indptr,
    indices,
    data,
    nnz,
    canonical: flags.canonical || nnz === 0 || undefined,
    sorted: flags.sorted || nnz === 0 || undefined,
  };
  if (checkFuture) markChecked(c, checkFuture);
  // Entry (ia·bm + ib, ja·bn + jb) with B square: |col − row| = |(ja − ia)·bn + (jb − ib)|.
  if (bandA !== undefined && bandB !== undefined && b.rows === b.cols) markBand(c, bandA * b.cols + bandB);
  return c;
}
