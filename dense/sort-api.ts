/**
 * The public sorting functions, bound to NumPy's signatures: `sort`, `argsort`, `unique`,
 * `searchsorted` (dense/sort.ts, dense/searchsorted.ts do the work on the runtime).
 */
import { type FuseNode, fx } from '../codegen/index.js';
import { argMessage, ValueError } from '../runtime/index.js';
import { alloc } from './alloc.js';
import { ewise } from './ewise.js';
import type { ndarray } from './ndarray.js';
import { searchsortedCore } from './searchsorted.js';
import { concatenate } from './shape.js';
import { type ArrayInput, sig } from './sig.js';
import { sortCore, sortOptions } from './sort.js';
import { uniqueAlongAxis, uniqueAxisIndex, uniqueExtras } from './unique-axis.js';

/** Keyword options of {@link sort} and {@link argsort}. */
export interface SortOptions {
  /** The axis to sort along (null: the flattened array). Default -1. */
  axis?: number | null;
  /** 'quicksort', 'mergesort', 'heapsort' or 'stable' (cohort's one algorithm is stable). */
  kind?: string | null;
  /** Structured-array field order: cohort has no structured dtypes, so only null. */
  order?: null;
  /** Ask for a stable sort (every sort here is). */
  stable?: boolean | null;
}

type SortFn = (
  a: ArrayInput,
  axis?: number | null | SortOptions,
  kind?: string | null | SortOptions,
  order?: null | SortOptions,
  opts?: SortOptions,
) => ndarray;

/**
 * A sorted copy of `a` along `axis` (the flattened array when `axis` is null). Stable; NaN last;
 * parallel: runs sorted per piece (radix sort of order-preserving keys) and merged.
 * @param a an array_like
 * @param axis the axis (default -1; null: flattened)
 * @param kind accepted for NumPy compatibility ('quicksort', 'mergesort', 'heapsort', 'stable')
 * @param order must be null (no structured dtypes)
 * @returns a sorted array of `a`'s dtype
 * @throws {IndexError} when `axis` is out of bounds
 * @throws {ValueError} for an unknown `kind` or a non-null `order`
 * @example np.sort(np.array([[1, 4], [3, 1]])).tolist() // [[1, 4], [1, 3]]
 * @example np.sort(np.array([[1, 4], [3, 1]]), null).tolist() // [1, 1, 3, 4]
 * @example np.sort([3, np.nan, 1, -np.inf]).tolist() // [-Infinity, 1, 3, NaN]
 */
export const sort = sig<SortFn>(
  'sort(a: array_like, axis: axis? = -1, kind: str = None, order: any = None, *, stable: bool = None)',
  ((a: ndarray, axis: number | null, kind: unknown, order: unknown) => {
    sortOptions('sort', kind, order);
    return sortCore('sort', a, axis, false);
  }) as never,
);

/**
 * The int32 indices that sort `a` along `axis` — stably (NumPy's `kind='stable'`: equal values
 * keep their order, NaN last), whatever `kind` says.
 * @param a an array_like
 * @param axis the axis (default -1; null: flattened)
 * @param kind accepted for NumPy compatibility
 * @param order must be null
 * @returns int32 indices with `a`'s shape (flattened: 1-D)
 * @throws {IndexError} when `axis` is out of bounds
 * @throws {ValueError} for an unknown `kind` or a non-null `order`
 * @example np.argsort(np.array([3, 1, 2])).tolist() // [1, 2, 0]
 * @example np.argsort(np.array([[0, 3], [2, 2]]), 0).tolist() // [[0, 1], [1, 0]]
 */
export const argsort = sig<SortFn>(
  'argsort(a: array_like, axis: axis? = -1, kind: str = None, order: any = None, *, stable: bool = None)',
  ((a: ndarray, axis: number | null, kind: unknown, order: unknown) => {
    sortOptions('argsort', kind, order);
    return sortCore('argsort', a, axis, true);
  }) as never,
);

/** Keyword options of {@link searchsorted}. */
export interface SearchsortedOptions {
  /** 'left' (the first suitable index) or 'right' (the last). */
  side?: 'left' | 'right';
  /** Int indices that sort `a` (`a` itself unsorted). */
  sorter?: ArrayInput | null;
}

/**
 * Indices where `v`'s elements would be inserted into the sorted 1-D `a` to keep it sorted
 * (binary searches, parallel over `v`; NaN is the largest value, as in `sort`).
 * @param a a sorted 1-D array_like (or any order with `sorter`)
 * @param v the values to place (any shape)
 * @param side 'left' or 'right'
 * @param sorter indices that sort `a`
 * @returns int32 indices with `v`'s shape
 * @throws {ValueError} when `a` is not 1-D or `side` is not 'left'/'right'
 * @example np.searchsorted([11, 12, 13, 14, 15], 13).item() // 2
 * @example np.searchsorted([11, 12, 13, 14, 15], 13, 'right').item() // 3
 * @example np.searchsorted([11, 12, 13, 14, 15], [-10, 20, 12, 13]).tolist() // [0, 5, 1, 2]
 */
export const searchsorted = sig<
  (
    a: ArrayInput,
    v: ArrayInput,
    side?: 'left' | 'right' | SearchsortedOptions,
    sorter?: ArrayInput | null | SearchsortedOptions,
    opts?: SearchsortedOptions,
  ) => ndarray
>("searchsorted(a: array_like, v: array_like, side: str = 'left', sorter: array_like = None)", ((
  a: ndarray,
  v: ndarray,
  side: string,
  sorter: ndarray | undefined,
) => {
  if (a.ndim !== 1) throw new ValueError(argMessage('searchsorted', 'a', 'a 1-D array', `${a.ndim}-D`));
  if (side !== 'left' && side !== 'right')
    throw new ValueError(argMessage('searchsorted', 'side', "'left' or 'right'", side));
  const sorted = sorter === undefined ? a : a.get([sorter]);
  return searchsortedCore('searchsorted', sorted, v, side === 'right');
}) as never);

/** Keyword options of {@link unique}. */
export interface UniqueOptions {
  /** Also return the index of each unique value's first occurrence. */
  return_index?: boolean;
  /** Also return, for each element, the index of its value in the result. */
  return_inverse?: boolean;
  /** Also return how often each unique value occurs. */
  return_counts?: boolean;
  /** The axis whose sub-arrays are compared (null: the flattened array's elements). */
  axis?: number | null;
  /** Count all NaNs as one value (default true; ignored along an axis of an n-D array, as NumPy). */
  equal_nan?: boolean;
  /** Sorted output (always; true is the only value). */
  sorted?: boolean;
}

/**
 * The sorted unique values of `a` (flattened), through a parallel stable sort; with
 * `return_index`, `return_inverse`, `return_counts` an array `[values, ...]` in NumPy's order.
 * With an integer `axis`, the unique sub-arrays along it, sorted lexicographically (unique rows
 * for `axis: 0`; unique-axis.ts): there NaN never equals NaN, whatever `equal_nan` says, and the
 * inverse is 1-D, as in NumPy 2.4 (a 1-D `a` is treated as flattened).
 * @param a an array_like
 * @param return_index also return first-occurrence indices
 * @param return_inverse also return the indices that rebuild `a` (with `a`'s shape, as NumPy 2.4;
 *   1-D along an axis)
 * @param return_counts also return the counts
 * @param axis null (the flattened array) or the axis whose sub-arrays are compared
 * @returns the unique values, or an array of the requested results
 * @throws {IndexError} when `axis` is out of bounds
 * @throws {ArgumentTypeError} when `axis` is not an integer or null
 * @throws {ValueError} for `sorted: false`
 * @example np.unique([1, 1, 2, 2, 3, 3]).tolist() // [1, 2, 3]
 * @example np.unique([1, 2, 6, 4, 2, 3, 2], { return_counts: true })[1].tolist() // [1, 3, 1, 1, 1]
 * @example np.unique([1, 2, 6, 4, 2, 3, 2], { return_inverse: true })[1].tolist() // [0, 1, 4, 3, 1, 2, 1]
 * @example np.unique([[1, 0, 0], [1, 0, 0], [2, 3, 4]], { axis: 0 }).tolist() // [[1, 0, 0], [2, 3, 4]]
 * @example np.unique([[3, 1, 3], [0, 2, 0]], { axis: 1, return_counts: true })[1].tolist() // [1, 2]
 */
export const unique: {
  (a: ArrayInput): ndarray;
  (
    a: ArrayInput,
    opts: UniqueOptions & ({ return_index: true } | { return_inverse: true } | { return_counts: true }),
  ): ndarray[];
  (a: ArrayInput, opts: UniqueOptions): ndarray | ndarray[];
  (
    a: ArrayInput,
    return_index?: boolean,
    return_inverse?: boolean,
    return_counts?: boolean,
    axis?: number | null | UniqueOptions,
    opts?: UniqueOptions,
  ): ndarray | ndarray[];
} = sig(
  'unique(a: array_like, return_index: bool = False, return_inverse: bool = False, return_counts: bool = False, axis: axis? = None, *, equal_nan: bool = True, sorted: bool = True)',
  ((
    a: ndarray,
    ri: boolean,
    rv: boolean,
    rc: boolean,
    axis: number | null | undefined,
    equalNan: boolean,
    sorted: boolean,
  ) => {
    const ax = axis === undefined || axis === null ? null : uniqueAxisIndex('unique', axis, a.ndim);
    if (!sorted)
      throw new ValueError(argMessage('unique', 'sorted', 'True (results are always sorted)', sorted));
    // NumPy: a 1-D array along its axis is the flattened case (equal_nan applies).
    if (ax !== null && a.ndim > 1) return uniqueAlongAxis(a, ax, ri, rv, rc);
    return uniqueImpl(a, ri, rv, rc, equalNan);
  }) as never,
);

function uniqueImpl(
  a: ndarray,
  ri: boolean,
  rv: boolean,
  rc: boolean,
  equalNan: boolean,
): ndarray | ndarray[] {
  const flat = a.reshape(a.size);
  const n = flat.size;
  const wantIdx = ri || rv;
  const order = wantIdx ? sortCore('unique', flat, 0, true) : null;
  const s = order ? flat.get([order]) : sortCore('unique', flat, 0, false);
  let mask: ndarray;
  if (n === 0) mask = alloc('bool', [0]);
  else {
    const x = s.get('1:');
    const y = s.get(':-1');
    const differ = equalNan
      ? ewise('unique', 'unique|nan', [x, y], ['a', 'b'], null, {
          build: ([p, q]) => fxAndNotBothNan(p!, q!),
        })
      : ewise('unique', 'not_equal', [x, y], ['a', 'b']);
    const first = alloc('bool', [1]);
    first.fill(true);
    mask = concatenate([first, differ]);
  }
  const values = s.get([mask]);
  if (!ri && !rv && !rc) return values;
  const extras = uniqueExtras(order, mask, ri, rv, rc);
  // The inverse has `a`'s shape (NumPy 2.4).
  if (rv) extras[ri ? 1 : 0] = extras[ri ? 1 : 0]!.reshape(a.shape);
  return [values, ...extras];
}

function fxAndNotBothNan(p: FuseNode, q: FuseNode): FuseNode {
  return fx.logical_and(fx.not_equal(p, q), fx.logical_not(fx.logical_and(fx.isnan(p), fx.isnan(q))));
}
