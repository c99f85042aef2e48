/**
 * NumPy's set routines on 1-D (flattened) arrays — `intersect1d` (with `return_indices`),
 * `union1d`, `setdiff1d`, `setxor1d` — and NumPy 2's array-API `unique_values`, `unique_counts`,
 * `unique_inverse`, `unique_all` (objects with NumPy's named-tuple field names). NumPy's own
 * algorithms as compositions of the parallel stable sort, `unique`, `isin`, element-wise
 * comparisons and boolean-mask gathers; no host loop over the data.
 */
import { full } from './creation.js';
import type { ndarray } from './ndarray.js';
import { isin } from './numeric-extra.js';
import * as sh from './shape.js';
import { type ArrayInput, sig } from './sig.js';
import { argsort, sort, unique } from './sort-api.js';
import { equal, logical_and, not_equal, subtract } from './ufuncs.js';

const flat = (a: ndarray): ndarray => sh.reshape(a, [a.size]);
const ones1 = (): ndarray => full([1], 1, 'bool');

/** Keyword options of {@link intersect1d}. */
export interface Intersect1dOptions {
  /** Both inputs hold unique values (skips their `unique`). */
  assume_unique?: boolean;
  /** Also return the indices of the common values in each input (first occurrences). */
  return_indices?: boolean;
}

/**
 * The sorted unique values present in both arrays (NaN is never common: NaN ≠ NaN), and with
 * `return_indices` the indices of their first occurrences in each flattened input.
 * @param ar1 an array_like (flattened)
 * @param ar2 an array_like (flattened)
 * @param assume_unique both inputs are already unique
 * @param return_indices also return `[values, indices1, indices2]`
 * @returns the 1-D common values (promoted dtype), or `[values, ind1, ind2]` (int32 indices)
 * @example np.intersect1d([1, 3, 4, 3], [3, 1, 2, 1]).tolist() // [1, 3]
 * @example np.intersect1d([1, 1, 2, 3, 4], [2, 1, 4, 6], { return_indices: true }).map((r) => r.tolist()) // [[1, 2, 4], [0, 2, 4], [1, 0, 2]]
 */
export const intersect1d: {
  (ar1: ArrayInput, ar2: ArrayInput): ndarray;
  (
    ar1: ArrayInput,
    ar2: ArrayInput,
    assume_unique?: boolean | Intersect1dOptions,
    return_indices?: boolean | Intersect1dOptions,
    opts?: Intersect1dOptions,
  ): ndarray | ndarray[];
} = sig(
  'intersect1d(ar1: array_like, ar2: array_like, assume_unique: bool = False, return_indices: bool = False)',
  ((a1: ndarray, a2: ndarray, assumeUnique: boolean, returnIndices: boolean) => {
    let ar1 = flat(a1);
    let ar2 = flat(a2);
    let ind1: ndarray | null = null;
    let ind2: ndarray | null = null;
    if (!assumeUnique) {
      if (returnIndices) {
        [ar1, ind1] = unique(ar1, { return_index: true }) as ndarray[] as [ndarray, ndarray];
        [ar2, ind2] = unique(ar2, { return_index: true }) as ndarray[] as [ndarray, ndarray];
      } else {
        ar1 = unique(ar1) as ndarray;
        ar2 = unique(ar2) as ndarray;
      }
    }
    let aux = sh.concatenate([ar1, ar2], { axis: 0 });
    const order = returnIndices ? (argsort(aux) as ndarray) : null;
    aux = order ? aux.get([order]) : (sort(aux) as ndarray);
    if (aux.size === 0) {
      const none = sh.astype(aux, 'int32');
      return returnIndices ? [aux, none, none] : aux;
    }
    const mask = equal(aux.get('1:'), aux.get(':-1'));
    const values = sh.copy(aux.get(':-1')).get([mask]);
    if (!returnIndices) return values;
    let i1 = order!.get(':-1').get([mask]);
    let i2 = subtract(order!.get('1:').get([mask]), ar1.size);
    if (ind1 && ind2) {
      i1 = ind1.get([sh.copy(i1)]);
      i2 = ind2.get([sh.copy(i2)]);
    }
    return [values, sh.astype(i1, 'int32'), sh.astype(i2, 'int32')];
  }) as never,
);

/**
 * The sorted unique values present in either array (`unique(concatenate(ar1, ar2))`).
 * @param ar1 an array_like (flattened)
 * @param ar2 an array_like (flattened)
 * @returns a 1-D array of the promoted dtype
 * @example np.union1d([-1, 0, 1], [-2, 0, 2]).tolist() // [-2, -1, 0, 1, 2]
 */
export const union1d = sig<(ar1: ArrayInput, ar2: ArrayInput) => ndarray>(
  'union1d(ar1: array_like, ar2: array_like)',
  ((a1: ndarray, a2: ndarray) => unique(sh.concatenate([flat(a1), flat(a2)], { axis: 0 }))) as never,
);

/** Keyword options of {@link setdiff1d} and {@link setxor1d}. */
export interface SetOptions {
  /** The inputs hold unique values (skips their `unique`). */
  assume_unique?: boolean;
}

/**
 * The unique values of `ar1` that are not in `ar2` (sorted unless `assume_unique`, which keeps
 * `ar1`'s order), `ar1`'s dtype.
 * @param ar1 an array_like (flattened)
 * @param ar2 an array_like (flattened)
 * @param assume_unique `ar1` is already unique
 * @returns a 1-D array
 * @example np.setdiff1d([1, 2, 3, 2, 4, 1], [3, 4, 5, 6]).tolist() // [1, 2]
 */
export const setdiff1d = sig<
  (ar1: ArrayInput, ar2: ArrayInput, assume_unique?: boolean | SetOptions, opts?: SetOptions) => ndarray
>('setdiff1d(ar1: array_like, ar2: array_like, assume_unique: bool = False)', ((
  a1: ndarray,
  a2: ndarray,
  assumeUnique: boolean,
) => {
  const ar1 = assumeUnique ? flat(a1) : (unique(a1) as ndarray);
  return sh.copy(ar1).get([isin(ar1, a2, { invert: true })]);
}) as never);

/**
 * The sorted values in exactly one of the two arrays (symmetric difference of their unique values).
 * @param ar1 an array_like (flattened)
 * @param ar2 an array_like (flattened)
 * @param assume_unique both inputs are already unique
 * @returns a 1-D array of the promoted dtype
 * @example np.setxor1d([1, 2, 3, 2, 4], [2, 3, 5, 7, 5]).tolist() // [1, 4, 5, 7]
 */
export const setxor1d = sig<
  (ar1: ArrayInput, ar2: ArrayInput, assume_unique?: boolean | SetOptions, opts?: SetOptions) => ndarray
>('setxor1d(ar1: array_like, ar2: array_like, assume_unique: bool = False)', ((
  a1: ndarray,
  a2: ndarray,
  assumeUnique: boolean,
) => {
  const ar1 = assumeUnique ? flat(a1) : (unique(a1) as ndarray);
  const ar2 = assumeUnique ? flat(a2) : (unique(a2) as ndarray);
  const aux = sort(sh.concatenate([ar1, ar2], { axis: 0 })) as ndarray;
  if (aux.size === 0) return aux;
  const t = ones1();
  const flag = sh.concatenate([t, not_equal(aux.get('1:'), aux.get(':-1')), t], { axis: 0 });
  return aux.get([sh.copy(logical_and(flag.get('1:'), flag.get(':-1')))]);
}) as never);

/** NumPy 2's `unique_counts` result. */
export interface UniqueCountsResult {
  /** The sorted unique values. */
  values: ndarray;
  /** How many times each occurs (int32; NumPy: int64). */
  counts: ndarray;
}
/** NumPy 2's `unique_inverse` result. */
export interface UniqueInverseResult {
  /** The sorted unique values. */
  values: ndarray;
  /** For each element of the input (its shape), the index of its value in `values`. */
  inverse_indices: ndarray;
}
/** NumPy 2's `unique_all` result. */
export interface UniqueAllResult extends UniqueCountsResult, UniqueInverseResult {
  /** The index of each value's first occurrence in the flattened input. */
  indices: ndarray;
}

// The array API's unique_* keep every NaN apart (equal_nan=False), as NumPy 2 does.
const uniq = (x: ndarray, ri: boolean, rv: boolean, rc: boolean): ndarray[] =>
  unique(x, { return_index: ri, return_inverse: rv, return_counts: rc, equal_nan: false }) as ndarray[];

/**
 * The sorted unique values of `x`, flattened (each NaN its own value, as the array API asks).
 * @param x an array_like
 * @returns a 1-D array of `x`'s dtype
 * @example np.unique_values([3, 1, 2, 1]).tolist() // [1, 2, 3]
 */
export const unique_values = sig<(x: ArrayInput) => ndarray>('unique_values(x: array_like, /)', ((
  x: ndarray,
) => unique(x, { equal_nan: false })) as never);

/**
 * The sorted unique values of `x` and how often each occurs (`{ values, counts }`).
 * @param x an array_like
 * @returns `{ values, counts }` (int32 counts)
 * @example np.unique_counts([3, 1, 2, 1]).counts.tolist() // [2, 1, 1]
 */
export const unique_counts = sig<(x: ArrayInput) => UniqueCountsResult>('unique_counts(x: array_like, /)', ((
  x: ndarray,
) => {
  const [values, counts] = uniq(x, false, false, true);
  return { values: values!, counts: counts! };
}) as never);

/**
 * The sorted unique values of `x` and, for each element of `x`, the index of its value.
 * @param x an array_like
 * @returns `{ values, inverse_indices }` (int32 indices of `x`'s shape)
 * @example np.unique_inverse([[3, 1], [2, 1]]).inverse_indices.tolist() // [[2, 0], [1, 0]]
 */
export const unique_inverse = sig<(x: ArrayInput) => UniqueInverseResult>(
  'unique_inverse(x: array_like, /)',
  ((x: ndarray) => {
    const [values, inverse] = uniq(x, false, true, false);
    return { values: values!, inverse_indices: inverse! };
  }) as never,
);

/**
 * Everything `unique` can tell: values, first-occurrence indices, inverse indices and counts.
 * @param x an array_like
 * @returns `{ values, indices, inverse_indices, counts }`
 * @example np.unique_all([3, 1, 3]).indices.tolist() // [1, 0]
 */
export const unique_all = sig<(x: ArrayInput) => UniqueAllResult>('unique_all(x: array_like, /)', ((
  x: ndarray,
) => {
  const [values, indices, inverse, counts] = uniq(x, true, true, true);
  return { values: values!, indices: indices!, inverse_indices: inverse!, counts: counts! };
}) as never);
