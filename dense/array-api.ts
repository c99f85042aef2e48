/**
 * NumPy 2 / array-API names of existing functions: `amax`, `amin` (of `max`/`min`), `concat` (of
 * `concatenate`), `permute_dims` (of `transpose`), `matrix_transpose`, and `cumulative_sum`,
 * `cumulative_prod` (the scans with `include_initial`). Each calls the function it names.
 */
import { argMessage, type DType, ValueError } from '../runtime/index.js';
import { full } from './creation.js';
import { cumprod } from './cumprod.js';
import { ewise } from './ewise.js';
import type { ndarray } from './ndarray.js';
import { cumsum, type MinMaxOptions, max, min } from './reduce-api.js';
import { concatenate, transpose } from './shape-api.js';
import { axisOf } from './shape-more.js';
import { type ArrayInput, sig } from './sig.js';

type MinMaxAlias = (
  a: ArrayInput,
  axis?: number | readonly number[] | null | MinMaxOptions,
  out?: ndarray | null | MinMaxOptions,
  keepdims?: boolean | MinMaxOptions,
  initial?: number | null | MinMaxOptions,
  opts?: MinMaxOptions,
) => ndarray;
const alias = (fn: 'amax' | 'amin', f: typeof max) =>
  sig<MinMaxAlias>(
    `${fn}(a: array_like, axis: axes = None, out: ndarray = None, keepdims: bool = False, initial: number = None, where: array_like = None)`,
    ((
      a: ndarray,
      axis: number | null,
      out: ndarray | null,
      keepdims: boolean,
      initial: number | null,
      where: ndarray | undefined,
    ) =>
      f(a, {
        axis: axis ?? null,
        out: out ?? null,
        keepdims,
        initial: initial ?? null,
        where: where ?? null,
      })) as never,
  );
/**
 * Maximum along an axis: NumPy's alias of {@link max}.
 * @param a an array_like
 * @returns the result
 * @example np.amax([[1, 5], [3, 2]], 0).tolist() // [3, 5]
 */
export const amax: MinMaxAlias = alias('amax', max);
/**
 * Minimum along an axis: NumPy's alias of {@link min}.
 * @param a an array_like
 * @returns the result
 * @example np.amin([[1, 5], [3, 2]], 1).tolist() // [1, 2]
 */
export const amin: MinMaxAlias = alias('amin', min);

/**
 * Joins arrays along an existing axis (array API name of {@link concatenate}).
 * @param arrays the arrays
 * @param axis the axis (default 0; null: flattened)
 * @returns a new array
 * @example np.concat([[1, 2], [3]]).tolist() // [1, 2, 3]
 */
export const concat = sig<
  (
    arrays: readonly ArrayInput[],
    axis?: number | null | { axis?: number | null; dtype?: DType | null },
    opts?: { dtype?: DType | null },
  ) => ndarray
>('concat(arrays: arrays, /, axis: axis? = 0, *, dtype: dtype = None)', ((
  arrays: ndarray[],
  axis: number | null,
  dtype: DType | undefined,
) => concatenate(arrays, axis, null, { dtype: dtype ?? null })) as never);

/**
 * Permutes the axes (array API name of {@link transpose}).
 * @param a an array_like
 * @param axes the permutation (default: reversed)
 * @returns a view
 * @example np.permute_dims(np.ones([2, 3, 4]), [2, 0, 1]).shape // [4, 2, 3]
 */
export const permute_dims = sig<
  (a: ArrayInput, axes?: readonly number[] | null | { axes?: readonly number[] | null }) => ndarray
>('permute_dims(a: array_like, axes: any = None)', ((a: ndarray, axes: readonly number[] | undefined) =>
  transpose(a, axes ?? null)) as never);

/**
 * Swaps the last two axes (array API `matrix_transpose`).
 * @param x an array of at least 2 dimensions
 * @returns a view
 * @example np.matrix_transpose([[1, 2, 3]]).tolist() // [[1], [2], [3]]
 */
export const matrix_transpose = sig<(x: ArrayInput) => ndarray>('matrix_transpose(x: array_like, /)', ((
  x: ndarray,
) => {
  if (x.ndim < 2)
    throw new ValueError(
      argMessage('matrix_transpose', 'x', 'an array of at least 2 dimensions', `${x.ndim}-d`),
    );
  const p = [...Array(x.ndim).keys()];
  [p[x.ndim - 2], p[x.ndim - 1]] = [p[x.ndim - 1]!, p[x.ndim - 2]!];
  return transpose(x, p);
}) as never);

/** Keyword options of {@link cumulative_sum} and {@link cumulative_prod}. */
export interface CumulativeOptions {
  /** The axis (required beyond 1-D). */
  axis?: number | null;
  /** Accumulator and result dtype. */
  dtype?: DType | null;
  /** Write the result here. */
  out?: ndarray | null;
  /** Start with the identity (0 or 1). */
  include_initial?: boolean;
}
const cumulative = (fn: 'cumulative_sum' | 'cumulative_prod') =>
  sig<(x: ArrayInput, opts?: CumulativeOptions) => ndarray>(
    `${fn}(x: array_like, /, *, axis: axis = None, dtype: dtype = None, out: ndarray = None, include_initial: bool = False)`,
    ((
      x: ndarray,
      axis: number | undefined,
      dtype: DType | undefined,
      out: ndarray | undefined,
      init: boolean,
    ) => {
      if (axis === undefined && x.ndim > 1)
        throw new ValueError(`${fn}: argument 'axis' must be given for arrays of more than one dimension`);
      const src = x.ndim === 0 ? x.reshape(1) : x;
      const ax = axisOf(fn, axis ?? 0, src.ndim);
      let r = (fn === 'cumulative_sum' ? cumsum : cumprod)(src, ax, dtype ?? null) as ndarray;
      if (init) {
        const shape = r.shape.slice();
        shape[ax] = 1;
        const first = full(shape, fn === 'cumulative_sum' ? 0 : 1, r.dtype);
        r = concatenate([first, r], ax);
      }
      if (out === undefined) return r;
      ewise(fn, 'assign', [r], ['a'], out, { dtype: out.dtype, build: (l) => l[0]! });
      return out;
    }) as never,
  );
/**
 * Cumulative sum (array API; `include_initial` prepends 0).
 * @param x an array_like
 * @returns a new array
 * @example np.cumulative_sum([1, 2, 3], { include_initial: true }).tolist() // [0, 1, 3, 6]
 */
export const cumulative_sum = cumulative('cumulative_sum');
/**
 * Cumulative product (array API; `include_initial` prepends 1).
 * @param x an array_like
 * @returns a new array
 * @example np.cumulative_prod([1, 2, 3]).tolist() // [1, 2, 6]
 */
export const cumulative_prod = cumulative('cumulative_prod');
