/**
 * CSR → DIA as launches on the pool (issue 17 item 3), as SciPy's `todia`: one row of `data` per
 * distinct diagonal `k = j − i`, offsets sorted, `data.shape[1]` = largest column + 1 (explicit
 * zeros count; duplicates are summed first; no entries: 0 × 0), `A[i, j] = data[d, j]`.
 *
 * 1. **Which diagonals** (`kernels/dia-scan.ts` `diaScan`): a launch over chunks of entries (one
 *    per worker) marks the diagonals of its entries in its own bitmap of `rows + cols − 1` bits and
 *    keeps its largest column; a second launch, partitioned over the bitmap's words, ORs the
 *    chunks' bitmaps. The issuing thread reads back only the folded bitmap and one number per
 *    chunk — `(rows + cols) / 32 + P` int32, never the structure — and builds the offsets.
 * 2. **The fill** (`diaScatter`): one launch keyed by `data` viewed column-major (`[ld, nd]`,
 *    strides `[1, ld]`), so the mapper cuts it by columns: each piece zeroes its tile and writes
 *    it from the rows whose entries can reach its columns (`i ∈ [jlo − k_max, jhi − k_min)`),
 *    finding an entry's diagonal by stepping or a binary search in the offsets (both loops also
 *    as Wasm, `kernels/dia-scan-wasm.ts`, when the regions live in the heap). Pieces write disjoint
 *    tiles; the written values do not depend on the cut, so the result is bitwise the same at
 *    every pool size. A banded matrix reads about `nnz` entries in all; a matrix whose diagonals
 *    span the whole width makes each piece walk most rows (as the transpose's pieces do).
 */
import {
  argMessage,
  broadcast,
  disposeRegion,
  launch,
  project,
  type Region,
  Store,
  scale,
  ValueError,
  workerCount,
} from '../runtime/index.js';
import { canonicalize } from './core/convert.js';
import { type Csr, type Dia, readPrefix, region, vec } from './core/types.js';
import { kernel } from './kdef.js';
import { DIA_SCAN, DIA_SCAN_OR, DIA_SCATTER } from './kernel-names.js';
import { diaScan, diaScatter, orWords } from './kernels/dia-scan.js';
import { diaScanWasm, diaScatterWasm } from './kernels/dia-scan-wasm.js';

/** Entries per chunk of the diagonal scan at least this many (smaller: one chunk). */
let minChunk = 1 << 16;
/** Chunks of the scan when set (tests), else one per worker. */
let fixedChunks = 0;

/**
 * @internal Tests: the least entries per scan chunk (default 65536) and, when `chunks` > 0, a
 * fixed number of chunks instead of one per worker; returns the previous least size.
 */
export function setDiaMinChunk(n: number, chunks = 0): number {
  const old = minChunk;
  minChunk = Math.max(1, n);
  fixedChunks = Math.max(0, chunks);
  return old;
}

/** Chunks of the scan over `nnz` entries: one per worker (or the tests' count), each ≥ minChunk. */
function scanChunks(nnz: number): number {
  const want = fixedChunks > 0 ? fixedChunks : Math.max(1, workerCount());
  return Math.max(1, Math.min(want, Math.floor(nnz / minChunk)));
}

const noWasm = process.env.COHORT_WASM === '0';
const SCAN_CONSTRAINTS = Object.freeze([broadcast(1), broadcast(2)]);
const OR_CONSTRAINTS = Object.freeze([project(0, 1, [-1, 0])]);
const FILL_CONSTRAINTS = Object.freeze([broadcast(1), broadcast(2), broadcast(3), broadcast(4)]);

/** The diagonals present (sorted offsets) and the largest column, by launches (phase 1). */
function scanDiagonals(a: Csr, op: string): { offs: Int32Array; maxCol: number } {
  const { rows, cols, nnz } = a;
  const P = scanChunks(nnz);
  const nbits = rows + cols - 1;
  const words = (nbits + 31) >>> 5;
  const bits = region('int32', P * words, false);
  const stats = region('int32', P, false);
  const scanConstraints = [...SCAN_CONSTRAINTS, scale(0, 3, [words])];
  launch({
    op,
    kernel: kernel(
      DIA_SCAN,
      diaScan,
      (t, f) =>
        f(
          t.arrays[1],
          t.arrays[2],
          t.scalars[0],
          t.scalars[1],
          t.scalars[2],
          t.shapes[0]![0],
          t.scalars[3],
          t.arrays[3],
          t.arrays[0],
          t.lo[0],
          t.hi[0],
        ),
      noWasm ? null : diaScanWasm(),
    ),
    args: [
      // One point per chunk (its largest column), the chunk's bitmap words scaled from it.
      { store: vec(stats, P), privilege: 'write-discard' },
      { store: vec(a.indptr, rows + 1), privilege: 'read' },
      { store: vec(a.indices, nnz), privilege: 'read' },
      { store: vec(bits, P * words), privilege: 'write-discard' },
    ],
    scalars: [rows, cols, nnz, words],
    constraints: scanConstraints,
    key: 0,
  });
  let folded: Region = bits;
  if (P > 1) {
    folded = region('int32', words, false);
    launch({
      op,
      kernel: kernel(DIA_SCAN_OR, orWords, (t, f) =>
        f(t.arrays[1], t.shapes[1]![0], t.shapes[1]![1], t.arrays[0], t.lo[0], t.hi[0]),
      ),
      args: [
        { store: vec(folded, words), privilege: 'write-discard' },
        { store: Store.shaped(bits, [P, words]), privilege: 'read' },
      ],
      constraints: OR_CONSTRAINTS,
      key: 0,
    });
  }
  const w = readPrefix(folded, words);
  const s = readPrefix(stats, P);
  // Scratch of this conversion: freed now rather than at a collection.
  for (const r of new Set([bits, folded, stats])) disposeRegion(r);
  let maxCol = -1;
  for (let c = 0; c < P; c++) {
    if (s[c]! === -2)
      throw new ValueError(
        argMessage(op, 'indices', `column indices in [0, ${cols})`, 'an index out of range'),
      );
    maxCol = Math.max(maxCol, s[c]!);
  }
  let nd = 0;
  for (let k = 0; k < words; k++) for (let v = w[k]! | 0; v !== 0; v &= v - 1) nd++;
  const offs = new Int32Array(nd);
  let d = 0;
  for (let k = 0; k < words; k++) {
    for (let v = w[k]! | 0; v !== 0; v &= v - 1) offs[d++] = k * 32 + (31 - Math.clz32(v & -v)) - (rows - 1);
  }
  return { offs, maxCol };
}

/**
 * DIA of a CSR structure (duplicates summed first, as SciPy's `todia`), by launches: the
 * structure is not read back to the issuing thread.
 * @param s - the CSR structure (any: canonicalized first)
 * @param op - the user-facing operation (errors)
 * @returns the DIA structure
 * @throws {ValueError} for column indices out of range
 */
export function csrToDia(s: Csr, op = 'todia'): Dia {
  const a = canonicalize(s);
  const { rows, cols, dtype, nnz } = a;
  if (nnz === 0 || rows === 0 || cols === 0) {
    return { rows, cols, dtype, offsets: region('int32', 0), data: region(dtype, 0), nd: 0, ld: 0 };
  }
  const { offs, maxCol } = scanDiagonals(a, op);
  const nd = offs.length;
  const ld = maxCol + 1;
  const offsets = region('int32', nd, false);
  offsets.data.set(offs);
  const data = region(dtype, nd * ld, false);
  if (nd > 0 && ld > 0) {
    launch({
      op,
      kernel: kernel(
        `${DIA_SCATTER}.${dtype}`,
        diaScatter,
        (t, f) =>
          f(
            t.arrays[1],
            t.arrays[2],
            t.arrays[3],
            t.arrays[4],
            t.shapes[1]![0] - 1,
            t.shapes[2]![0],
            t.shapes[0]![0],
            t.arrays[0],
            t.lo[0],
            t.hi[0],
            t.lo[1],
            t.hi[1],
          ),
        noWasm ? null : diaScatterWasm(dtype),
      ),
      args: [
        // data[d·ld + j] seen as [ld, nd]: the mapper tiles the columns.
        { store: new Store(data, [ld, nd], [1, ld], 0), privilege: 'write-discard' },
        { store: vec(a.indptr, rows + 1), privilege: 'read' },
        { store: vec(a.indices, nnz), privilege: 'read' },
        { store: vec(a.data, nnz), privilege: 'read' },
        { store: vec(offsets, nd), privilege: 'read' },
      ],
      constraints: FILL_CONSTRAINTS,
      key: 0,
    });
  }
  return { rows, cols, dtype, offsets, data, nd, ld };
}

/** Stored elements of a DIA structure inside the matrix (SciPy's `dia.nnz`). */
export function diaNnz(rows: number, cols: number, ld: number, offsets: ArrayLike<number>): number {
  let nnz = 0;
  const jmax = Math.min(cols, ld);
  for (let d = 0; d < offsets.length; d++) {
    const k = offsets[d]!;
    const i0 = Math.max(0, -k);
    const i1 = Math.min(rows, jmax - k);
    if (i1 > i0) nnz += i1 - i0;
  }
  return nnz;
}
