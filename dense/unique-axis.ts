/**
 * `unique` along an axis (NumPy's `unique(ar, axis=k)`): the sub-arrays along `axis` are rows of
 * a 2-D `(n, m)` copy, sorted lexicographically by a stable least-significant-column-first sort
 * (one parallel argsort per column, as `lexsort`), and a row starts a new unique value when any
 * element differs from the previous row's. As NumPy (which compares the rows as structured
 * scalars): NaN never equals NaN here whatever `equal_nan` says, −0 equals +0, and the inverse is
 * 1-D. Also the pieces shared with the flattened `unique`: first-occurrence indices, the inverse
 * and the counts from the sort order and the mask of first elements.
 */
import { argMessage, type DType, IndexError } from '../runtime/index.js';
import { alloc } from './alloc.js';
import { arange } from './creation-more.js';
import { cumsum } from './cumsum.js';
import { ewise } from './ewise.js';
import { nonzero } from './indexing.js';
import type { ndarray } from './ndarray.js';
import { any } from './reduce.js';
import { concatenate, copy, reshape, transpose } from './shape.js';
import { sortCore } from './sort.js';

const FLOAT: ReadonlySet<DType> = new Set(['float32', 'float64']);

/**
 * `axis` normalized to [0, nd): NumPy's AxisError (an IndexError here, as for every axis).
 * @param fn the calling function
 * @param axis the axis argument
 * @param nd the array's number of dimensions
 * @returns the axis in [0, nd)
 * @throws {IndexError} when `axis` is outside [-nd, nd)
 * @example uniqueAxisIndex('unique', -1, 3) // 2
 */
export function uniqueAxisIndex(fn: string, axis: number, nd: number): number {
  if (axis < -nd || axis >= nd)
    throw new IndexError(
      argMessage(
        fn,
        'axis',
        nd === 0 ? 'None for a 0-d array' : `an axis in [${-nd}, ${nd - 1}] for an array of dimension ${nd}`,
        axis,
      ),
    );
  return axis < 0 ? axis + nd : axis;
}

/**
 * The optional results of `unique` from the stable sort order and the mask of first elements
 * (both of length n, in sorted order): first-occurrence indices, the 1-D inverse, the counts.
 * @param order int32 indices that sort the input (only read for `ri` or `rv`; null otherwise)
 * @param mask bool, true where a sorted element starts a new unique value
 * @param ri first-occurrence indices wanted
 * @param rv the inverse wanted
 * @param rc the counts wanted
 * @returns the requested int32 arrays, in NumPy's order
 * @example uniqueExtras(np.array([1, 0, 2], { dtype: 'int32' }), np.array([true, false, true]), true, true, true).map((r) => r.tolist()) // [[1, 2], [0, 0, 1], [2, 1]]
 */
export function uniqueExtras(
  order: ndarray | null,
  mask: ndarray,
  ri: boolean,
  rv: boolean,
  rc: boolean,
): ndarray[] {
  const n = mask.size;
  const out: ndarray[] = [];
  if (ri) out.push(order!.get([mask]));
  if (rv) {
    const pos = cumsum(mask).subtract(1);
    const inv = alloc('int32', [n]);
    if (n > 0) inv.set([order!], pos);
    out.push(inv);
  }
  if (rc) {
    const starts = nonzero('unique', mask)[0]!;
    const last = alloc('int32', [1]);
    last.fill(n);
    out.push(concatenate([starts.get('1:'), last]).subtract(starts));
  }
  return out;
}

/**
 * NumPy's `unique(a, axis=ax)` for `a` of 2 or more dimensions.
 * @param a the array
 * @param ax the axis, normalized to [0, a.ndim)
 * @param ri return first-occurrence indices
 * @param rv return the (1-D) inverse
 * @param rc return the counts
 * @returns the unique sub-arrays (as many along `ax` as there are), or those and the requested
 *   int32 arrays
 * @example (uniqueAlongAxis(np.array([[1, 0], [0, 2], [1, 0]]), 0, false, false, false) as np.ndarray).tolist() // [[0, 2], [1, 0]]
 */
export function uniqueAlongAxis(
  a: ndarray,
  ax: number,
  ri: boolean,
  rv: boolean,
  rc: boolean,
): ndarray | ndarray[] {
  const fn = 'unique';
  const nd = a.ndim;
  const perm = [ax, ...[...Array(nd).keys()].filter((d) => d !== ax)];
  const moved = transpose(a, perm);
  const n = moved.shape[0]!;
  const rest = moved.shape.slice(1);
  const m = rest.reduce((p, e) => p * e, 1);
  const rows = reshape(copy(moved), [n, m]);
  // The sort keys, column by column; −0 + 0 is +0, so −0 and +0 tie as in NumPy's comparison
  // (the sort's keys order −0 first) and the first occurrence stays first.
  const keys = FLOAT.has(a.dtype) ? ewise(fn, 'add', [rows, 0], ['ar', 'zero']) : rows;
  const cols = copy(transpose(keys, [1, 0]));
  let order = arange(n, { dtype: 'int32' });
  for (let j = m - 1; j >= 0; j--) {
    const col = cols.get([j]).get([order]);
    order = order.get([sortCore(fn, col, 0, true)]);
  }
  const sorted = rows.get([order]);
  let mask: ndarray;
  if (n === 0) mask = alloc('bool', [0]);
  else {
    const differ = any(ewise(fn, 'not_equal', [sorted.get('1:'), sorted.get(':-1')], ['a', 'b']), {
      axis: 1,
    });
    const first = alloc('bool', [1]);
    first.fill(true);
    mask = concatenate([first, differ]);
  }
  const found = sorted.get([mask]);
  const inv = perm.map((_, d) => perm.indexOf(d));
  const values = transpose(reshape(found, [found.shape[0]!, ...rest]), inv);
  if (!ri && !rv && !rc) return values;
  return [values, ...uniqueExtras(order, mask, ri, rv, rc)];
}
