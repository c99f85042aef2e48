/**
 * The count → scan → fill driver for sparse outputs of unknown size (CONVENTIONS.md 7). The count
 * and fill phases are launches partitioned by rows; the scan is one small piece; the total is the
 * one value read back (the output regions must be allocated with it).
 */
import {
  argMessage,
  type DType,
  launch,
  type Region,
  type Store,
  TaskError,
  ValueError,
} from '../../runtime/index.js';
import { kernel } from '../kdef.js';
import { SCAN } from '../kernel-names.js';
import { scanCounts } from '../kernels/assemble.js';
import { scanWasm } from '../kernels/transpose-wasm.js';
import { readAt, region, vec } from './types.js';

/** What a count phase writes into and a fill phase reads from. */
export interface Assembled {
  readonly indptr: Region;
  readonly indices: Region;
  readonly data: Region;
  readonly nnz: number;
}

/**
 * Builds a CSR structure of `rows` rows: `count(counts)` launches a kernel writing `counts` (a view
 * of `indptr[1..rows]`, row i at index i); after the scan, `fill(indptr, indices, data)` writes.
 */
export function assemble(
  op: string,
  rows: number,
  dtype: DType,
  count: (counts: Store) => void,
  fill: (indptr: Region, indices: Region, data: Region) => void,
): Assembled {
  // Not zeroed: the count writes indptr[1..rows] and the scan indptr[0] (rows = 0: zeroed).
  const indptr = region('int32', rows + 1, rows === 0);
  let nnz = 0;
  try {
    if (rows > 0) {
      count(vec(indptr, rows, 1));
      scanRegion(op, indptr, rows);
      nnz = readAt(indptr, rows);
    }
  } catch (e) {
    // The scan refuses to wrap (kernels/assemble.ts): say so in the user's terms.
    if (e instanceof TaskError && e.message.includes('int32 overflow')) {
      throw new ValueError(
        argMessage(op, 'result', 'at most 2147483647 stored entries (int32 indices)', 'more entries'),
      );
    }
    throw e;
  }
  // Not zeroed either: every fill writes each entry its count counted (zeroing 12 bytes per entry
  // cost the issuing thread ~10 ms at 5M entries). SpGEMM's fill may write fewer (zero sums) and
  // then reads back only the exact lengths (products.ts).
  const indices = region('int32', nnz, false);
  const data = region(dtype, nnz, false);
  if (rows > 0 && nnz > 0) fill(indptr, indices, data);
  return { indptr, indices, data, nnz };
}

/**
 * Rows per reduction block of a fill that returns a flag (this one, SpGEMM's): rows/256, at most
 * the runtime's default 4096. With the default alone a fill of fewer than 4096 rows was one piece
 * whatever its entries (a 4000-row COO with 4M entries filled on one thread), and the property
 * tests never split it. The smaller blocks were once suspected of an intermittent pool-size-2
 * failure (sparse/README.md, "Open question"); it did not reproduce (tests/sparse/coo-sort.test.ts
 * now splits these fills at pool sizes 1 and 2).
 */
export function fillBlock(rows: number): number {
  return Math.min(4096, Math.max(1, Math.ceil(rows / 256)));
}

const noWasm = process.env.COHORT_WASM === '0';

/** Inclusive scan of `indptr[1..rows]` in place (one piece). */
export function scanRegion(op: string, indptr: Region, rows: number): void {
  launch({
    op,
    // The Wasm form returns 1 where the JavaScript loop throws (no exceptions in a module).
    kernel: kernel(
      SCAN,
      scanCounts,
      (t, f) => {
        if (f(t.arrays[0], t.shapes[0]![0]! - 1) === 1)
          throw new RangeError('int32 overflow: more than 2147483647 stored entries');
      },
      noWasm ? null : scanWasm(),
    ),
    args: [{ store: vec(indptr, rows + 1), privilege: 'read-write' }],
    single: true,
  });
}

export type { DType };
