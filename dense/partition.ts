/**
 * NumPy's indirect multi-key sort and partial sorts: `lexsort`, `partition`, `argpartition`.
 * Compositions of the parallel stable sort (sort.ts) and gathers; no host loop over the data.
 * `partition`/`argpartition` return the full sort (stable `argsort`): NumPy allows any
 * arrangement with the k-th element in place, smaller ones before it and larger ones after, and a
 * sorted array is one — O(n log n) where NumPy's introselect is O(n). Not a selection (yet).
 */
import { argMessage, IndexError, ValueError } from '../runtime/index.js';
import { arange } from './creation-more.js';
import type { ndarray } from './ndarray.js';
import { take } from './select.js';
import * as sh from './shape.js';
import { moveaxis } from './shape-extra.js';
import { type ArrayInput, sig } from './sig.js';
import { argsort, sort } from './sort-api.js';
import { add, multiply } from './ufuncs.js';

/** Keyword options of {@link lexsort}. */
export interface LexsortOptions {
  /** The axis to sort along (default -1). */
  axis?: number;
}

/**
 * Indices that sort by several keys: the **last** key is the primary one, ties broken by the one
 * before it, and so on (NumPy's `lexsort`). One stable argsort per key, each of the previous
 * order's gathered values (`idx = idx[argsort(key[idx])]`), parallel on the pool.
 * @param keys a sequence of arrays of one shape, or a 2-D array whose rows are the keys
 * @param axis the axis to sort along (default -1)
 * @returns int32 indices of the keys' shape (NumPy: int64)
 * @throws {ValueError} for no keys or keys of different shapes
 * @throws {IndexError} when `axis` is out of bounds
 * @example np.lexsort([[1, 5, 1, 4], [9, 4, 0, 4]]).tolist() // [2, 3, 1, 0]
 * @example np.lexsort([[3, 1, 2], [0, 0, 0]]).tolist() // [1, 2, 0]
 */
export const lexsort = sig<
  (keys: ArrayInput | readonly ArrayInput[], axis?: number | LexsortOptions) => ndarray
>('lexsort(keys: arrays, axis: axis = -1)', ((keys0: ndarray | ndarray[], axis: number) => {
  const keys: ndarray[] = Array.isArray(keys0)
    ? keys0
    : keys0.ndim === 0
      ? [keys0]
      : Array.from({ length: keys0.shape[0]! }, (_, i) => sh.copy(keys0.get([i])));
  if (keys.length === 0) throw new ValueError('lexsort: need sequence of keys with len > 0');
  const shape = keys[0]!.shape;
  for (const [i, k] of keys.entries())
    if (JSON.stringify(k.shape) !== JSON.stringify(shape))
      throw new ValueError(
        argMessage('lexsort', `keys[${i}]`, `the shape [${shape}] of keys[0]`, `shape [${k.shape}]`),
      );
  if (shape.length === 0) {
    if (axis !== -1 && axis !== 0)
      throw new IndexError(`lexsort: axis ${axis} is out of bounds for array of dimension 0`);
    return sh.astype(arange(1), 'int32').reshape([]);
  }
  const nd = shape.length;
  if (axis < -nd || axis >= nd)
    throw new IndexError(`lexsort: axis ${axis} is out of bounds for array of dimension ${nd}`);
  const ax = axis < 0 ? axis + nd : axis;
  // Rows of length n along the axis: (m, n) views; the order of each row is gathered by flat
  // positions idx + n * row.
  const moved = keys.map((k) => sh.copy(moveaxis(k, ax, -1)));
  const mshape = moved[0]!.shape;
  const n = shape[ax]!;
  const m = n === 0 ? 0 : moved[0]!.size / n;
  const rows = moved.map((k) => sh.reshape(k, [m, n]));
  const base = multiply(sh.reshape(arange(m, { dtype: 'int32' }), [m, 1]), n);
  let idx = argsort(rows[0]!, -1) as ndarray;
  for (let j = 1; j < rows.length; j++) {
    const flat = sh.copy(add(idx, base));
    const vals = take(sh.ravel(rows[j]!), flat);
    const o = argsort(vals, -1) as ndarray;
    idx = take(sh.ravel(idx), sh.copy(add(o, base)));
  }
  return sh.copy(moveaxis(sh.reshape(sh.astype(idx, 'int32'), mshape), -1, ax));
}) as never);

/** Keyword options of {@link partition} and {@link argpartition}. */
export interface PartitionOptions {
  /** The element index (or indices) to partition by (also positional). */
  kth?: number | readonly number[];
  /** The axis (default -1; null: the flattened array). */
  axis?: number | null;
  /** 'introselect' (NumPy's only kind). */
  kind?: string;
  /** Structured-array field order: must be null. */
  order?: null;
}

type PartitionFn = (
  a: ArrayInput,
  kth: number | readonly number[] | PartitionOptions,
  axis?: number | null | PartitionOptions,
  kind?: string | PartitionOptions,
  order?: null | PartitionOptions,
  opts?: PartitionOptions,
) => ndarray;

function checkPartition(
  fn: string,
  a: ndarray,
  kth: unknown,
  axis: number | null,
  kind: string,
  order: unknown,
): ndarray {
  if (kind !== 'introselect') throw new ValueError(argMessage(fn, 'kind', "'introselect'", kind));
  if (order !== undefined && order !== null) throw new ValueError(argMessage(fn, 'order', 'None', order));
  const ks = typeof kth === 'number' ? [kth] : kth;
  if (!Array.isArray(ks) || ks.some((k) => typeof k !== 'number' || !Number.isInteger(k)))
    throw new ValueError(argMessage(fn, 'kth', 'an integer or a sequence of integers', kth));
  const arr = axis === null ? sh.ravel(a) : a;
  if (arr.ndim === 0) throw new ValueError(`${fn}: a 0-d array cannot be partitioned`);
  const nd = arr.ndim;
  const ax = axis === null ? 0 : axis;
  if (ax < -nd || ax >= nd)
    throw new IndexError(`${fn}: axis ${ax} is out of bounds for array of dimension ${nd}`);
  const n = arr.shape[ax < 0 ? ax + nd : ax]!;
  for (const k of ks as number[])
    if (k < -n || k >= n) throw new ValueError(`${fn}: kth(=${k}) out of bounds (${n})`);
  return arr;
}

/**
 * A copy of `a` rearranged so that the element at each `kth` position is the one a sort would put
 * there, smaller ones before it and the rest after (NumPy allows any such arrangement; cohort's is
 * the stable sorted order, NaN last).
 * @param a an array_like
 * @param kth the position(s) to put in place (negative counts from the end)
 * @param axis the axis (default -1; null: flattened)
 * @param kind 'introselect'
 * @param order must be null
 * @returns an array of `a`'s dtype and shape (1-D for axis null)
 * @throws {ValueError} for `kth` out of bounds, another `kind`, a non-null `order`, or 0-d input
 * @throws {IndexError} when `axis` is out of bounds
 * @example np.partition([3, 4, 2, 1], 2).item(2) // 3
 * @example np.partition([3, 4, 2, 1], [1, 3]).tolist() // [1, 2, 3, 4]
 */
export const partition = sig<PartitionFn>(
  "partition(a: array_like, kth: any, axis: axis? = -1, kind: str = 'introselect', order: any = None)",
  ((a: ndarray, kth: unknown, axis: number | null, kind: string, order: unknown) => {
    const arr = checkPartition('partition', a, kth, axis, kind, order);
    return sort(arr, axis === null ? -1 : axis) as ndarray;
  }) as never,
);

/**
 * Indices that partition `a` along `axis` (see {@link partition}): `take_along_axis(a, result)`
 * is partitioned; cohort's indices are the stable sorting order.
 * @param a an array_like
 * @param kth the position(s) to put in place
 * @param axis the axis (default -1; null: flattened)
 * @param kind 'introselect'
 * @param order must be null
 * @returns int32 indices (NumPy: int64)
 * @throws {ValueError} for `kth` out of bounds, another `kind`, a non-null `order`, or 0-d input
 * @throws {IndexError} when `axis` is out of bounds
 * @example np.argpartition([3, 4, 2, 1], 2).item(2) // 0
 */
export const argpartition = sig<PartitionFn>(
  "argpartition(a: array_like, kth: any, axis: axis? = -1, kind: str = 'introselect', order: any = None)",
  ((a: ndarray, kth: unknown, axis: number | null, kind: string, order: unknown) => {
    const arr = checkPartition('argpartition', a, kth, axis, kind, order);
    return argsort(arr, axis === null ? -1 : axis) as ndarray;
  }) as never,
);
