/**
 * Format conversions as launches: COO → CSR by a parallel bucket sort by rows (count, scan, fill)
 * and a canonicalizing pass; CSR → COO by expanding `indptr`; dense ↔ CSR; DIA → CSR; row filters
 * (explicit zeros, tril/triu, a diagonal); CSR → CSR of the transpose.
 */
import {
  align,
  argMessage,
  disposeRegion,
  type Future,
  IndexError,
  image,
  launch,
  project,
  type Store,
  Store as StoreClass,
} from '../../runtime/index.js';
import { kernel } from '../kdef.js';
import {
  CANON_COUNT,
  CANON_FILL,
  CSR_EXPAND_ROWS,
  CSR_TODENSE,
  DENSE_COUNT,
  DENSE_FILL,
  DIA_COUNT,
  DIA_FILL,
  FILTER_COUNT,
  FILTER_FILL,
} from '../kernel-names.js';
import { canonRows, denseRows, diaRows, expandRows, filterRows } from '../kernels/assemble.js';
import { csrToDense } from '../kernels/elementwise.js';
import { filterRowsWasm } from '../kernels/filter-wasm.js';
import { assemble } from './assemble.js';
import { bandOf, markBand } from './band.js';
import { scatterCooToCsr } from './coo-scatter.js';
import { cooFacts, sortedCooToCsr, sortedCooView } from './coo-sort.js';
import { markChecked, markInRange, structureCheck } from './range-check.js';
import { transposeCsr } from './transpose.js';
import { type Coo, type Csr, type Dia, posStore, region, vec } from './types.js';

export { transposeCsr };

const noWasm = process.env.COHORT_WASM === '0';

/**
 * COO → CSR: entries in row order are copied; others take a parallel counting sort by row
 * (stable); then rows are sorted and duplicates summed unless `raw`.
 */
export function cooToCsr(a: Coo, raw = false): Csr {
  const op = 'tocsr';
  const { rows, cols, dtype, nnz } = a;
  if (rows > 0 && nnz > 0) {
    // Entries in row order (the usual case: built row by row, or from tocoo()) need no sort: one
    // parallel pass tells (cached per version, and already made by the constructor's checks).
    const facts = a.canonical ? null : cooFacts(a.row, a.col, nnz, op);
    // Rows written out of range after construction: neither path may run on them (the row-order
    // one would give an indptr that does not start at 0 or end at nnz).
    if (facts !== null && (facts.minR < 0 || facts.maxR >= rows))
      throw new IndexError(
        argMessage(op, 'row', `indices in [0, ${rows})`, `index ${facts.minR < 0 ? facts.minR : facts.maxR}`),
      );
    if (facts === null || facts.rowSorted) {
      const lex = facts?.lexSorted ?? a.canonical === true;
      // Columns seen in range by the pass (rows are, and in order): the result's structure is in
      // range by construction, so its first guarded kernel (SpMV) launches no check_format.
      const colsIn = facts !== null && facts.minC >= 0 && facts.maxC < cols;
      if (raw || lex) {
        const csr = sortedCooToCsr(a, lex, op);
        if (colsIn) markInRange(csr);
        return csr;
      }
      // Duplicates or unsorted columns within rows: canonicalize straight from the COO's arrays
      // (it only reads them and writes new ones), no copy first; the view's indptr is temporary.
      const view = sortedCooView(a, op);
      const csr = canonicalize(view);
      disposeRegion(view.indptr);
      return csr;
    }
    // Out of row order: a parallel counting sort (chunks staged by row block, then rows).
    const csr = scatterCooToCsr(a, raw, op);
    return raw || csr.canonical ? csr : canonicalize(csr);
  }
  // No rows or no entries: an empty (canonical) CSR.
  return {
    rows,
    cols,
    dtype,
    indptr: region('int32', rows + 1),
    indices: region('int32', 0),
    data: region(dtype, 0),
    nnz: 0,
    canonical: true,
    sorted: true,
  };
}

/**
 * CSR with sorted rows and duplicates summed (the same object when known canonical); with
 * `dedup` false, rows are only sorted (stably), duplicates kept (`sort_indices`).
 */
export function canonicalize(a: Csr, dedup = true): Csr {
  if (a.canonical || (!dedup && a.sorted)) return a;
  const band = bandOf(a);
  const op = dedup ? 'sum_duplicates' : 'sort_indices';
  const { rows, cols, dtype, nnz } = a;
  const b = assemble(
    op,
    rows,
    dtype,
    (counts) =>
      launch({
        op,
        kernel: kernel(`${CANON_COUNT}.${dtype}`, canonRows, (t, f) =>
          f(
            t.arrays[1],
            t.arrays[2],
            t.arrays[3],
            t.arrays[0],
            null,
            null,
            0,
            t.scalars[0],
            t.lo[0],
            t.hi[0],
          ),
        ),
        args: [
          { store: counts, privilege: 'write-discard' },
          { store: posStore(a), privilege: 'read' },
          { store: vec(a.indices, nnz), privilege: 'read' },
          { store: vec(a.data, nnz), privilege: 'read' },
        ],
        scalars: [dedup ? 1 : 0],
        constraints: [align(0, 1), image(1, 2, 'offsets'), image(1, 3, 'offsets')],
        key: 0,
      }),
    (indptr, indices, data) =>
      launch({
        op,
        kernel: kernel(`${CANON_FILL}.${dtype}`, canonRows, (t, f) =>
          f(
            t.arrays[1],
            t.arrays[2],
            t.arrays[3],
            t.arrays[0],
            t.arrays[4],
            t.arrays[5],
            1,
            t.scalars[0],
            t.lo[0],
            t.hi[0],
          ),
        ),
        args: [
          { store: vec(indptr, rows), privilege: 'read' },
          { store: posStore(a), privilege: 'read' },
          { store: vec(a.indices, nnz), privilege: 'read' },
          { store: vec(a.data, nnz), privilege: 'read' },
          { store: vec(indices, indices.size), privilege: 'write-discard' },
          { store: vec(data, data.size), privilege: 'write-discard' },
        ],
        scalars: [dedup ? 1 : 0],
        constraints: [
          align(0, 1),
          image(1, 2, 'offsets'),
          image(1, 3, 'offsets'),
          image(0, 4, 'offsets'),
          image(0, 5, 'offsets'),
        ],
        key: 0,
      }),
  );
  const c: Csr = { rows, cols, dtype, ...b, canonical: dedup ? true : undefined, sorted: true };
  // The same entries, sorted and summed per row: A's band (read when this was issued) bounds them.
  if (band !== undefined) markBand(c, band);
  return c;
}

/**
 * Keeps the entries of each row that pass a filter — mode 0: nonzero values; 1: `j - i <= k`;
 * 2: `j - i >= k`; 3: not on diagonal k in rows `< lim`. Order within rows is kept.
 */
export function filterCsr(a: Csr, mode: 0 | 1 | 2 | 3, k = 0, op = 'eliminate_zeros', lim = a.rows): Csr {
  const { rows, cols, dtype, nnz } = a;
  // Both phases read (and the fill writes) where A's pointers lead: Wasm only once A's range check
  // said 1. k is clamped to int32 (|j − i| < 2³¹: the same rule), as the Wasm form takes int32.
  const check = noWasm || nnz === 0 ? null : structureCheck(a);
  const guard = check !== null ? { futures: [check] } : {};
  const kk = Math.max(-2147483647, Math.min(2147483647, k));
  const tag = `${dtype}${check ? '.wasm.guard' : ''}`;
  const spec = check ? filterRowsWasm(dtype) : null;
  let result: Future | null = null;
  const b = assemble(
    op,
    rows,
    dtype,
    (counts) =>
      launch({
        op,
        kernel: kernel(
          `${FILTER_COUNT}.${tag}`,
          filterRows,
          (t, f) =>
            // (outCrd/outVals are not written when counting: A's own arrays stand in for them.)
            f(
              t.arrays[1],
              t.arrays[2],
              t.arrays[3],
              t.arrays[0],
              t.arrays[2],
              t.arrays[3],
              t.scalars[0],
              t.scalars[1],
              t.scalars[2],
              0,
              t.lo[0],
              t.hi[0],
            ),
          spec,
          check !== null,
        ),
        args: [
          { store: counts, privilege: 'write-discard' },
          { store: posStore(a), privilege: 'read' },
          { store: vec(a.indices, nnz), privilege: 'read' },
          { store: vec(a.data, nnz), privilege: 'read' },
        ],
        scalars: [mode, kk, lim],
        ...guard,
        constraints: [align(0, 1), image(1, 2, 'offsets'), image(1, 3, 'offsets')],
        key: 0,
      }),
    (indptr, indices, data) => {
      const f = launch({
        op,
        kernel: kernel(
          `${FILTER_FILL}.${tag}`,
          filterRows,
          (t, f) => {
            f(
              t.arrays[1],
              t.arrays[2],
              t.arrays[3],
              t.arrays[0],
              t.arrays[4],
              t.arrays[5],
              t.scalars[0],
              t.scalars[1],
              t.scalars[2],
              1,
              t.lo[0],
              t.hi[0],
            );
            // The result is in range exactly when A is: the reduction passes A's check on.
            if (t.partials === null) return;
            const ok = t.futures.length === 1 && t.futures[0] === 1 ? 1 : 0;
            for (let b0 = t.lo[0]!; b0 < t.hi[0]!; b0 += t.block) t.partials[(b0 / t.block) | 0] = ok;
          },
          spec,
          check !== null,
        ),
        args: [
          { store: vec(indptr, rows), privilege: 'read' },
          { store: posStore(a), privilege: 'read' },
          { store: vec(a.indices, nnz), privilege: 'read' },
          { store: vec(a.data, nnz), privilege: 'read' },
          { store: vec(indices), privilege: 'write-discard' },
          { store: vec(data), privilege: 'write-discard' },
        ],
        scalars: [mode, kk, lim],
        ...(check !== null ? { futures: [check], reduce: { combine: 'min' as const, identity: 1 } } : {}),
        constraints: [
          align(0, 1),
          image(1, 2, 'offsets'),
          image(1, 3, 'offsets'),
          image(0, 4, 'offsets'),
          image(0, 5, 'offsets'),
        ],
        key: 0,
      });
      if (check !== null) result = f ?? null;
    },
  );
  const c: Csr = { rows, cols, dtype, ...b, canonical: a.canonical, sorted: a.sorted };
  if (result !== null) markChecked(c, result);
  return c;
}

/** CSR → COO: a new row array; columns and values are shared with the CSR (no copy). */
export function csrToCoo(a: Csr): Coo {
  const row = region('int32', a.nnz);
  if (a.rows > 0 && a.nnz > 0) {
    launch({
      op: 'tocoo',
      kernel: kernel(CSR_EXPAND_ROWS, expandRows, (t, f) => f(t.arrays[0], t.arrays[1], t.lo[0], t.hi[0])),
      args: [
        { store: posStore(a), privilege: 'read' },
        { store: vec(row, a.nnz), privilege: 'write-discard' },
      ],
      constraints: [image(0, 1, 'offsets')],
      key: 0,
    });
  }
  return {
    rows: a.rows,
    cols: a.cols,
    dtype: a.dtype,
    row,
    col: a.indices,
    data: a.data,
    nnz: a.nnz,
    canonical: a.canonical,
  };
}

/** CSR → a dense 2-D store `[rows, cols]` (any strides; a transposed view gives CSC → dense). */
export function csrToDenseStore(a: Csr, out: Store): void {
  launch({
    op: 'toarray',
    kernel: kernel(`${CSR_TODENSE}.${a.dtype}.${out.dtype}`, csrToDense, (t, f) =>
      f(
        t.arrays[1],
        t.arrays[2],
        t.arrays[3],
        t.arrays[0],
        t.offsets[0],
        t.strides[0]![0],
        t.strides[0]![1],
        t.lo[1],
        t.hi[1],
        t.lo[0],
        t.hi[0],
      ),
    ),
    args: [
      { store: out, privilege: 'write-discard' },
      { store: posStore(a), privilege: 'read' },
      { store: vec(a.indices, a.nnz), privilege: 'read' },
      { store: vec(a.data, a.nnz), privilege: 'read' },
    ],
    constraints: [project(0, 1, [0]), image(1, 2, 'offsets'), image(1, 3, 'offsets')],
    key: 0,
  });
}

/** A dense 2-D store (any strides) → canonical CSR of its nonzeros. */
export function denseToCsr(d: Store, dtype = d.dtype): Csr {
  const op = 'csr_array';
  const [rows, cols] = [d.shape[0]!, d.shape[1]!];
  const b = assemble(
    op,
    rows,
    dtype,
    (counts) =>
      launch({
        op,
        kernel: kernel(`${DENSE_COUNT}.${d.dtype}`, denseRows, (t, f) =>
          f(
            t.arrays[1],
            t.offsets[1],
            t.strides[1]![0],
            t.strides[1]![1],
            t.shapes[1]![1],
            t.arrays[0],
            null,
            null,
            0,
            t.lo[0],
            t.hi[0],
          ),
        ),
        args: [
          { store: counts, privilege: 'write-discard' },
          { store: d, privilege: 'read' },
        ],
        constraints: [project(0, 1, [0, -1])],
        key: 0,
      }),
    (indptr, indices, data) =>
      launch({
        op,
        kernel: kernel(`${DENSE_FILL}.${d.dtype}.${dtype}`, denseRows, (t, f) =>
          f(
            t.arrays[1],
            t.offsets[1],
            t.strides[1]![0],
            t.strides[1]![1],
            t.shapes[1]![1],
            t.arrays[0],
            t.arrays[2],
            t.arrays[3],
            1,
            t.lo[0],
            t.hi[0],
          ),
        ),
        args: [
          { store: vec(indptr, rows), privilege: 'read' },
          { store: d, privilege: 'read' },
          { store: vec(indices), privilege: 'write-discard' },
          { store: vec(data), privilege: 'write-discard' },
        ],
        constraints: [project(0, 1, [0, -1]), image(0, 2, 'offsets'), image(0, 3, 'offsets')],
        key: 0,
      }),
  );
  return { rows, cols, dtype, ...b, canonical: true, sorted: true };
}

/** DIA → CSR (zeros dropped; canonical when the offsets are strictly increasing). */
export function diaToCsr(a: Dia, offsetsSortedUnique: boolean): Csr {
  const op = 'tocsr';
  const { rows, cols, dtype } = a;
  const ld = a.ld;
  const offs = vec(a.offsets, a.nd);
  const dat = new StoreClass(a.data, [a.nd * ld], [1], 0);
  const b = assemble(
    op,
    rows,
    dtype,
    (counts) =>
      launch({
        op,
        kernel: kernel(`${DIA_COUNT}.${dtype}`, diaRows, (t, f) =>
          f(
            t.arrays[1].subarray(0, t.shapes[1]![0]),
            t.arrays[2],
            t.scalars[0],
            t.scalars[1],
            t.arrays[0],
            null,
            null,
            0,
            t.lo[0],
            t.hi[0],
          ),
        ),
        args: [
          { store: counts, privilege: 'write-discard' },
          { store: offs, privilege: 'read' },
          { store: dat, privilege: 'read' },
        ],
        scalars: [ld, cols],
        key: 0,
      }),
    (indptr, indices, data) =>
      launch({
        op,
        kernel: kernel(`${DIA_FILL}.${dtype}`, diaRows, (t, f) =>
          f(
            t.arrays[1].subarray(0, t.shapes[1]![0]),
            t.arrays[2],
            t.scalars[0],
            t.scalars[1],
            t.arrays[0],
            t.arrays[3],
            t.arrays[4],
            1,
            t.lo[0],
            t.hi[0],
          ),
        ),
        args: [
          { store: vec(indptr, rows), privilege: 'read' },
          { store: offs, privilege: 'read' },
          { store: dat, privilege: 'read' },
          { store: vec(indices), privilege: 'write-discard' },
          { store: vec(data), privilege: 'write-discard' },
        ],
        scalars: [ld, cols],
        constraints: [image(0, 3, 'offsets'), image(0, 4, 'offsets')],
        key: 0,
      }),
  );
  return {
    rows,
    cols,
    dtype,
    ...b,
    canonical: offsetsSortedUnique,
    sorted: offsetsSortedUnique || undefined,
  };
}
