/**
 * Block Sparse Row as launches. Block rows are partitioned like CSR rows: the key is the row view
 * of the block `indptr` (`pos`, one entry per block row); block `indices` are its offsets image;
 * the values (`R·C` per block) and the output rows (`R` per block row) are that image and that
 * tiling scaled (the runtime's `scale` constraint). The dense operand is read whole (its blocks of
 * C columns are not an image the runtime can express).
 */
import {
  broadcast,
  type Constraint,
  type DType,
  image,
  launch,
  type Region,
  Store,
  scale,
} from '../../runtime/index.js';
import { kernel } from '../kdef.js';
import { BSR_COUNT, BSR_FILL, BSR_SPMM, BSR_SPMV, BSR_TOCSR } from '../kernel-names.js';
import * as loops from '../kernels/bsr.js';
import { scanRegion } from './assemble.js';
import { canonicalize } from './convert.js';
import { type Csr, posStore, readAt, region, vec } from './types.js';

/** Block rows `indptr` (MB + 1), block columns `indices` (nnzb), values `data` (nnzb × R × C). */
export interface Bsr {
  readonly rows: number;
  readonly cols: number;
  readonly R: number;
  readonly C: number;
  readonly dtype: DType;
  readonly indptr: Region;
  readonly indices: Region;
  readonly data: Region;
  readonly nnzb: number;
}

/** The row view of the block `indptr` (its first MB entries). */
function bposStore(a: Bsr): Store {
  return posStore({ rows: a.rows / a.R, indptr: a.indptr } as Csr);
}

/** pos (key) → indices (offsets image) → values (scaled by R·C); the dense operand whole; out (scaled by R·k). */
const spmvConstraints = new Map<string, readonly Constraint[]>();
function productConstraints(RC: number, Rk: number): readonly Constraint[] {
  const key = `${RC},${Rk}`;
  let c = spmvConstraints.get(key);
  if (c === undefined) {
    c = Object.freeze([image(0, 1, 'offsets', false), scale(1, 2, [RC]), broadcast(3), scale(0, 4, [Rk])]);
    spmvConstraints.set(key, c);
  }
  return c;
}

/**
 * `Y = A X` for a C-contiguous X (`[cols]` or `[cols, k]`, offset 0) into a fresh Y of dtype `out`
 * (or into `into`, a whole region of that dtype and shape), parallel over block rows.
 */
export function bsrProduct(a: Bsr, x: Store, out: DType, into?: Store): Store {
  const vecX = x.shape.length === 1;
  const k = vecX ? 1 : x.shape[1]!;
  const y = into ?? Store.shaped(region(out, a.rows * k, false), vecX ? [a.rows] : [a.rows, k]);
  const MB = a.rows / a.R;
  if (MB === 0 || k === 0) return y;
  const name = `${vecX ? BSR_SPMV : BSR_SPMM}.${a.dtype}.${x.dtype}.${out}`;
  const args = [
    { store: bposStore(a), privilege: 'read' as const },
    { store: vec(a.indices, a.nnzb), privilege: 'read' as const },
    { store: vec(a.data, a.nnzb * a.R * a.C), privilege: 'read' as const },
    { store: vec(x.region, x.size), privilege: 'read' as const },
    { store: vec(y.region, a.rows * k), privilege: 'write-discard' as const },
  ];
  const constraints = productConstraints(a.R * a.C, a.R * k);
  if (vecX) {
    // Small blocks run a loop unrolled for their size (bitwise the same as the generic one).
    const small = a.R <= 8 && a.C <= 8;
    launch({
      op: 'bsr.spmv',
      kernel: kernel(
        small ? `${name}.${a.R}x${a.C}` : name,
        small ? loops.bsrSpmvUnrolled(a.R, a.C) : loops.bsrSpmv,
        (t, f) =>
          f(
            t.arrays[0],
            t.arrays[1],
            t.arrays[2],
            t.scalars[0],
            t.scalars[1],
            t.arrays[3],
            t.arrays[4],
            t.lo[0],
            t.hi[0],
          ),
      ),
      args,
      scalars: [a.R, a.C],
      constraints,
      key: 0,
    });
  } else {
    launch({
      op: 'bsr.spmm',
      kernel: kernel(name, loops.bsrSpmm, (t, f) =>
        f(
          t.arrays[0],
          t.arrays[1],
          t.arrays[2],
          t.scalars[0],
          t.scalars[1],
          t.arrays[3],
          t.scalars[2],
          t.arrays[4],
          t.lo[0],
          t.hi[0],
        ),
      ),
      args,
      scalars: [a.R, a.C, k],
      constraints,
      key: 0,
    });
  }
  return y;
}

const TOCSR_CONSTRAINTS = new Map<string, readonly Constraint[]>();

/**
 * BSR → CSR (every entry of every stored block, zeros included, as SciPy's `tocsr`), one launch
 * over block rows; `indptr` is known without a count (each block row holds `R·C` per block).
 */
export function bsrToCsr(a: Bsr): Csr {
  const { R, C } = a;
  const MB = a.rows / R;
  const nnz = a.nnzb * R * C;
  const indptr = region('int32', a.rows + 1);
  const indices = region('int32', nnz, false);
  const data = region(a.dtype, nnz, false);
  indptr.data[a.rows] = nnz; // a fresh region: no pending work on it
  if (MB > 0 && nnz > 0) {
    const key = `${R * C},${R}`;
    let constraints = TOCSR_CONSTRAINTS.get(key);
    if (constraints === undefined) {
      constraints = Object.freeze([
        image(0, 1, 'offsets', false),
        scale(1, 2, [R * C]),
        scale(0, 3, [R]),
        scale(1, 4, [R * C]),
        scale(1, 5, [R * C]),
      ]);
      TOCSR_CONSTRAINTS.set(key, constraints);
    }
    launch({
      op: 'tocsr',
      kernel: kernel(`${BSR_TOCSR}.${a.dtype}`, loops.bsrToCsr, (t, f) =>
        f(
          t.arrays[0],
          t.arrays[1],
          t.arrays[2],
          t.scalars[0],
          t.scalars[1],
          t.arrays[3],
          t.arrays[4],
          t.arrays[5],
          t.lo[0],
          t.hi[0],
        ),
      ),
      args: [
        { store: bposStore(a), privilege: 'read' },
        { store: vec(a.indices, a.nnzb), privilege: 'read' },
        { store: vec(a.data, nnz), privilege: 'read' },
        { store: vec(indptr, a.rows), privilege: 'write-discard' },
        { store: vec(indices, nnz), privilege: 'write-discard' },
        { store: vec(data, nnz), privilege: 'write-discard' },
      ],
      scalars: [R, C],
      constraints,
      key: 0,
    });
  }
  return { rows: a.rows, cols: a.cols, dtype: a.dtype, indptr, indices, data, nnz };
}

/** Block-row counts of `s` (canonical CSR) into `counts` (MB entries of a store). */
function countBlocksInto(s: Csr, R: number, C: number, counts: Store): void {
  launch({
    op: 'tobsr',
    kernel: kernel(BSR_COUNT, loops.bsrCount, (t, f) =>
      f(
        t.arrays[1],
        t.arrays[2],
        t.scalars[0],
        t.scalars[1],
        t.scalars[2],
        t.arrays[0].subarray(t.offsets[0]),
        t.lo[0],
        t.hi[0],
      ),
    ),
    args: [
      { store: counts, privilege: 'write-discard' },
      { store: posStore(s), privilege: 'read' },
      { store: vec(s.indices, s.nnz), privilege: 'read' },
    ],
    scalars: [R, C, s.cols / C],
    constraints: [scale(0, 1, [R]), image(1, 2, 'offsets', false)],
    key: 0,
  });
}

/** SciPy's `count_blocks(A, (R, C))`: the number of R×C blocks holding an entry (reads back one number). */
export function countBlocks(s: Csr, R: number, C: number): number {
  const MB = s.rows / R;
  if (MB === 0 || s.nnz === 0) return 0;
  const c = canonicalize(s);
  const ptr = region('int32', MB + 1);
  countBlocksInto(c, R, C, vec(ptr, MB, 1));
  scanRegion('count_blocks', ptr, MB);
  return readAt(ptr, MB);
}

/**
 * CSR → BSR with blocks R×C (which divide the shape): count distinct block columns per block
 * row, scan, fill — both phases over block rows. Blocks of a block row are in order of first
 * appearance in the (canonicalized) rows, as SciPy's `csr_tobsr`, or sorted with `sortBlocks`.
 */
export function csrToBsr(s0: Csr, R: number, C: number, sortBlocks = false): Bsr {
  const { rows, cols, dtype } = s0;
  const MB = rows / R;
  const indptr = region('int32', MB + 1);
  if (MB === 0 || s0.nnz === 0) {
    return { rows, cols, R, C, dtype, indptr, indices: region('int32', 0), data: region(dtype, 0), nnzb: 0 };
  }
  const s = canonicalize(s0);
  countBlocksInto(s, R, C, vec(indptr, MB, 1));
  scanRegion('tobsr', indptr, MB);
  const nnzb = readAt(indptr, MB);
  const indices = region('int32', nnzb, false);
  const data = region(dtype, nnzb * R * C, false);
  const a: Bsr = { rows, cols, R, C, dtype, indptr, indices, data, nnzb };
  launch({
    op: 'tobsr',
    kernel: kernel(`${BSR_FILL}.${dtype}`, loops.bsrFill, (t, f) =>
      f(
        t.arrays[3],
        t.arrays[4],
        t.arrays[5],
        t.scalars[0],
        t.scalars[1],
        t.scalars[2],
        t.scalars[3],
        t.arrays[0],
        t.arrays[1],
        t.arrays[2],
        t.lo[0],
        t.hi[0],
      ),
    ),
    args: [
      { store: bposStore(a), privilege: 'read' },
      { store: vec(indices, nnzb), privilege: 'write-discard' },
      { store: vec(data, nnzb * R * C), privilege: 'write-discard' },
      { store: posStore(s), privilege: 'read' },
      { store: vec(s.indices, s.nnz), privilege: 'read' },
      { store: vec(s.data, s.nnz), privilege: 'read' },
    ],
    scalars: [R, C, cols / C, sortBlocks ? 1 : 0],
    constraints: [
      image(0, 1, 'offsets', false),
      scale(1, 2, [R * C]),
      scale(0, 3, [R]),
      image(3, 4, 'offsets', false),
      image(3, 5, 'offsets', false),
    ],
    key: 0,
  });
  return a;
}
