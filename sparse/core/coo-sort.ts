/**
 * COO facts and the sorted fast path of COO → CSR, as launches on the pool: one parallel pass
 * over `row`/`col` (chunks of entries, `kernels/coo-sort.ts`) gives the index ranges that the
 * constructor validates and whether the entries are already in row order; a COO in row order
 * converts to CSR by binary searches for `indptr` and two parallel copies (its stable sort is the
 * identity), with no scan on the issuing thread.
 */
import { align, broadcast, launch, type Region, scale, workerCount } from '../../runtime/index.js';
import { kernel } from '../kdef.js';
import { COO_STATS_KERNEL, SORTED_COPY, SORTED_ROW_PTR } from '../kernel-names.js';
import { COO_STATS, cooStats, copyEntries, sortedRowPtr } from '../kernels/coo-sort.js';
import { cooStatsWasm, sortedRowPtrWasm } from '../kernels/coo-sort-wasm.js';
import { type Coo, type Csr, readPrefix, region, vec } from './types.js';

/** What one pass over a COO's indices tells. */
export interface CooFacts {
  readonly minR: number;
  readonly maxR: number;
  readonly minC: number;
  readonly maxC: number;
  /** Rows non-decreasing (the entries are in row order). */
  readonly rowSorted: boolean;
  /** (row, col) strictly increasing: canonical (sorted, no duplicates). */
  readonly lexSorted: boolean;
}

const EMPTY: CooFacts = { minR: 0, maxR: -1, minC: 0, maxC: -1, rowSorted: true, lexSorted: true };

/** Per row region: the col region and versions the facts were computed for. */
const cache = new WeakMap<Region, { col: Region; rv: number; cv: number; nnz: number; f: CooFacts }>();

/** Entries per chunk at least this many (smaller arrays are one chunk). */
let minChunk = 1 << 16;

/**
 * @internal Tests: the least entries per chunk (default 65536), so small arrays are cut into one
 * chunk per worker too; returns the previous value.
 */
export function setMinChunk(n: number): number {
  const old = minChunk;
  minChunk = Math.max(1, n);
  return old;
}

const noWasm = process.env.COHORT_WASM === '0';
const STATS_CONSTRAINTS = Object.freeze([scale(0, 1, [COO_STATS]), broadcast(2), broadcast(3)]);
const PTR_CONSTRAINTS = Object.freeze([broadcast(1)]);
const COPY_CONSTRAINTS = Object.freeze([align(0, 1), align(0, 2), align(0, 3)]);

/** Chunks of a pass over `nnz` entries: one per worker when the array is large enough. */
export function chunks(nnz: number): number {
  return Math.max(1, Math.min(Math.max(1, workerCount()), Math.floor(nnz / minChunk)));
}

/**
 * Index ranges and order of the first `nnz` entries of `row`/`col`: one launch over chunks of
 * entries (one per worker), then a read of 6 numbers per chunk. Cached per version of the regions.
 * @param op the user-facing operation (for errors of the launch)
 */
export function cooFacts(row: Region, col: Region, nnz: number, op: string): CooFacts {
  if (nnz === 0) return EMPTY;
  const hit = cache.get(row);
  if (
    hit !== undefined &&
    hit.col === col &&
    hit.rv === row.version &&
    hit.cv === col.version &&
    hit.nnz === nnz
  )
    return hit.f;
  const P = chunks(nnz);
  const n = region('int32', P, false);
  const stats = region('int32', P * COO_STATS, false);
  launch({
    op,
    kernel: kernel(
      COO_STATS_KERNEL,
      cooStats,
      (t, f) =>
        f(
          t.arrays[2],
          t.arrays[3],
          t.shapes[2]![0],
          t.shapes[0]![0],
          t.arrays[0],
          t.arrays[1],
          t.lo[0],
          t.hi[0],
        ),
      noWasm ? null : cooStatsWasm(),
    ),
    args: [
      { store: vec(n, P), privilege: 'write-discard' },
      { store: vec(stats, P * COO_STATS), privilege: 'write-discard' },
      { store: vec(row, nnz), privilege: 'read' },
      { store: vec(col, nnz), privilege: 'read' },
    ],
    constraints: STATS_CONSTRAINTS,
    key: 0,
  });
  const s = readPrefix(stats, P * COO_STATS);
  let minR = s[0]!;
  let maxR = s[1]!;
  let minC = s[2]!;
  let maxC = s[3]!;
  let rowSorted = true;
  let lexSorted = true;
  for (let c = 0; c < P; c++) {
    const o = c * COO_STATS;
    minR = Math.min(minR, s[o]!);
    maxR = Math.max(maxR, s[o + 1]!);
    minC = Math.min(minC, s[o + 2]!);
    maxC = Math.max(maxC, s[o + 3]!);
    rowSorted &&= s[o + 4] === 1;
    lexSorted &&= s[o + 5] === 1;
  }
  const f: CooFacts = { minR, maxR, minC, maxC, rowSorted, lexSorted };
  cache.set(row, { col, rv: row.version, cv: col.version, nnz, f });
  return f;
}

/**
 * `indptr` of a COO in row order (rows in range): for each row the first entry of a row ≥ it, by
 * binary search (one launch partitioned by rows, `row` broadcast).
 */
export function sortedIndptr(a: Coo, op = 'tocsr'): Region {
  const { rows, nnz } = a;
  const indptr = region('int32', rows + 1, false);
  launch({
    op,
    kernel: kernel(
      SORTED_ROW_PTR,
      sortedRowPtr,
      (t, f) => f(t.arrays[1], t.shapes[1]![0], t.arrays[0], t.lo[0], t.hi[0]),
      noWasm ? null : sortedRowPtrWasm(),
    ),
    args: [
      { store: vec(indptr, rows + 1), privilege: 'write-discard' },
      { store: vec(a.row, nnz), privilege: 'read' },
    ],
    constraints: PTR_CONSTRAINTS,
    key: 0,
  });
  return indptr;
}

/**
 * COO in row order (rows in range) → CSR with the same entry order: `indptr` by binary search
 * (partitioned by rows), `indices`/`data` block copies of `col`/`data` (one launch over the
 * entries). Flags as `lexSorted` says (canonical when the COO is).
 */
export function sortedCooToCsr(a: Coo, lexSorted: boolean, op = 'tocsr'): Csr {
  const { rows, cols, dtype, nnz } = a;
  const indptr = sortedIndptr(a, op);
  const indices = region('int32', nnz, false);
  const data = region(dtype, nnz, false);
  // Both copies in one launch over the entries (block copies, not element loops).
  launch({
    op,
    kernel: kernel(`${SORTED_COPY}.${dtype}`, copyEntries, (t, f) =>
      f(t.arrays[0], t.arrays[1], t.arrays[2], t.arrays[3], t.lo[0], t.hi[0]),
    ),
    args: [
      { store: vec(a.col, nnz), privilege: 'read' },
      { store: vec(a.data, nnz), privilege: 'read' },
      { store: vec(indices, nnz), privilege: 'write-discard' },
      { store: vec(data, nnz), privilege: 'write-discard' },
    ],
    constraints: COPY_CONSTRAINTS,
    key: 0,
  });
  const canonical = lexSorted || a.canonical === true;
  return {
    rows,
    cols,
    dtype,
    indptr,
    indices,
    data,
    nnz,
    canonical: canonical || undefined,
    sorted: canonical || undefined,
  };
}

/**
 * A CSR *view* of a COO in row order: a fresh `indptr` over the COO's own `col` and `data`
 * regions — for a consumer that only reads it and builds new arrays (canonicalization), so that
 * the entries are not copied first. Never hand it to a user.
 */
export function sortedCooView(a: Coo, op = 'tocsr'): Csr {
  const { rows, cols, dtype, nnz } = a;
  return { rows, cols, dtype, indptr: sortedIndptr(a, op), indices: a.col, data: a.data, nnz };
}
