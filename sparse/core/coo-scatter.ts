/**
 * COO in any order → CSR as a parallel counting sort (issue 18): one launch over chunks of
 * entries stages each chunk's entries grouped by row block (in the chunk's own range of staging
 * arrays, so pieces write disjoint ranges the runtime can see); then the count and fill of CSR
 * assembly, partitioned by rows, read only the staged segments of their rows' blocks. Every entry
 * is read a bounded number of times, whatever the number of pieces (the bucket sort it replaces
 * had every piece scan every entry). The fill sorts each row by column in place (stably) and
 * reports, as a block-ordered reduction, whether rows came out canonical, so only a COO with
 * duplicates pays a canonicalization pass.
 */
import { broadcast, disposeRegion, image, launch, scale, workerCount } from '../../runtime/index.js';
import { kernel } from '../kdef.js';
import { COO_SCATTER, COO_STAGED_COUNT, COO_STAGED_FILL } from '../kernel-names.js';
import { cooScatterChunks, stagedCount, stagedFill } from '../kernels/coo-scatter.js';
import { assemble, fillBlock } from './assemble.js';
import { chunks } from './coo-sort.js';
import type { Coo, Csr } from './types.js';
import { region, vec } from './types.js';

const COUNT_CONSTRAINTS = Object.freeze([broadcast(1), broadcast(2)]);
const FILL_CONSTRAINTS = Object.freeze([
  broadcast(1),
  broadcast(2),
  broadcast(3),
  broadcast(4),
  image(0, 5, 'offsets'),
  image(0, 6, 'offsets'),
]);

/** Row blocks per worker: enough that any row tiling reads little beyond its rows. */
let blocksPerWorker = 64;

/**
 * @internal Tests: row blocks per worker of the counting sort (default 64; small values make
 * blocks of several rows on small matrices); returns the previous value.
 */
export function setRowBlocksPerWorker(n: number): number {
  const old = blocksPerWorker;
  blocksPerWorker = Math.max(1, n);
  return old;
}

/**
 * COO (rows in range, any order) → CSR: rows sorted by column (stable; duplicates summed in COO
 * order) unless `raw`, which keeps each row's entries in COO order.
 */
export function scatterCooToCsr(a: Coo, raw: boolean, op: string): Csr {
  const { rows, cols, dtype, nnz } = a;
  const P = chunks(nnz);
  const K = Math.ceil(nnz / P);
  const bs = Math.max(1, Math.ceil(rows / (blocksPerWorker * Math.max(1, workerCount()))));
  const B = Math.ceil(rows / bs);
  const n = region('int32', P, false);
  const cnt = region('int32', P * B, false);
  const sRow = region('int32', P * K, false);
  const sCol = region('int32', P * K, false);
  const sVal = region(dtype, P * K, false);
  launch({
    op,
    kernel: kernel(`${COO_SCATTER}.${dtype}`, cooScatterChunks, (t, f) => {
      f(
        t.arrays[5],
        t.arrays[6],
        t.arrays[7],
        t.shapes[5]![0],
        t.scalars[0],
        t.scalars[1],
        t.scalars[2],
        t.arrays[1],
        t.arrays[2],
        t.arrays[3],
        t.arrays[4],
        t.lo[0],
        t.hi[0],
      );
    }),
    args: [
      { store: vec(n, P), privilege: 'write-discard' },
      { store: vec(cnt, P * B), privilege: 'write-discard' },
      { store: vec(sRow, P * K), privilege: 'write-discard' },
      { store: vec(sCol, P * K), privilege: 'write-discard' },
      { store: vec(sVal, P * K), privilege: 'write-discard' },
      { store: vec(a.row, nnz), privilege: 'read' },
      { store: vec(a.col, nnz), privilege: 'read' },
      { store: vec(a.data, nnz), privilege: 'read' },
    ],
    scalars: [K, B, bs],
    constraints: [
      scale(0, 1, [B]),
      scale(0, 2, [K]),
      scale(0, 3, [K]),
      scale(0, 4, [K]),
      broadcast(5),
      broadcast(6),
      broadcast(7),
    ],
    key: 0,
  });
  let flag = 0;
  const sortRows = raw ? 0 : 1;
  const b = assemble(
    op,
    rows,
    dtype,
    (counts) =>
      launch({
        op,
        kernel: kernel(COO_STAGED_COUNT, stagedCount, (t, f) =>
          f(
            t.arrays[1],
            t.arrays[2],
            t.scalars[0],
            t.scalars[1],
            t.scalars[2],
            t.scalars[3],
            t.arrays[0],
            t.lo[0],
            t.hi[0],
          ),
        ),
        args: [
          { store: counts, privilege: 'write-discard' },
          { store: vec(sRow, P * K), privilege: 'read' },
          { store: vec(cnt, P * B), privilege: 'read' },
        ],
        scalars: [P, K, B, bs],
        constraints: COUNT_CONSTRAINTS,
        key: 0,
      }),
    (indptr, indices, data) => {
      flag = launch({
        op,
        kernel: kernel(`${COO_STAGED_FILL}.${dtype}`, stagedFill, (t, f) => {
          const r = f(
            t.arrays[1],
            t.arrays[2],
            t.arrays[3],
            t.arrays[4],
            t.scalars[0],
            t.scalars[1],
            t.scalars[2],
            t.scalars[3],
            t.arrays[0],
            t.arrays[5],
            t.arrays[6],
            t.scalars[4],
            t.lo[0],
            t.hi[0],
          );
          for (let b0 = t.lo[0]!; b0 < t.hi[0]!; b0 += t.block) t.partials![(b0 / t.block) | 0] = r;
        }),
        args: [
          { store: vec(indptr, rows), privilege: 'read' },
          { store: vec(sRow, P * K), privilege: 'read' },
          { store: vec(sCol, P * K), privilege: 'read' },
          { store: vec(sVal, P * K), privilege: 'read' },
          { store: vec(cnt, P * B), privilege: 'read' },
          { store: vec(indices, nnz), privilege: 'write-discard' },
          { store: vec(data, nnz), privilege: 'write-discard' },
        ],
        scalars: [P, K, B, bs, sortRows],
        constraints: FILL_CONSTRAINTS,
        reduce: { combine: 'min', identity: 2, block: fillBlock(rows) },
        key: 0,
      }).value();
    },
  );
  // The staging is dead once the fill ran (its flag was read): recycle it now.
  for (const r of [n, cnt, sRow, sCol, sVal]) disposeRegion(r);
  return {
    rows,
    cols,
    dtype,
    ...b,
    sorted: raw ? undefined : true,
    canonical: raw ? undefined : flag === 2 || b.nnz === 0 ? true : undefined,
  };
}
