/**
 * The public products and `linalg.norm`, bound to NumPy's signatures: `dot(a, b, out=None)`,
 * `vdot(a, b, /)`, `matmul(x1, x2, /, out=None)`, `inner(a, b, /)`, `outer(a, b, out=None)`,
 * `norm(x, ord=None, axis=None, keepdims=False)`. Operands are array_like.
 */
import { ewise } from './ewise.js';
import { svdNorm } from './linalg/lstsq-api.js';
import * as la from './linalg.js';
import { mixed } from './mixed.js';
import type { ndarray } from './ndarray.js';
import { type ArrayInput, type Reflecting, reflects, sig } from './sig.js';

type OutOpt = { out?: ndarray | null };
type Product = (a: ArrayInput, b: ArrayInput, out?: ndarray | null | OutOpt, opts?: OutOpt) => ndarray;
/** `np.dot`/`np.matmul`, which also take a sparse operand on either side (a dense result). */
export interface MixedProduct extends Product {
  (a: ArrayInput, b: Reflecting, out?: ndarray | null | OutOpt, opts?: OutOpt): ndarray;
  (a: Reflecting, b: ArrayInput, out?: ndarray | null | OutOpt, opts?: OutOpt): ndarray;
  (a: Reflecting, b: Reflecting): unknown;
}

function finish(fn: string, res: ndarray, out: ndarray | undefined | null): ndarray {
  if (out === undefined || out === null || res === out) return res;
  ewise(fn, 'assign', [res], ['a'], out, { dtype: out.dtype, build: (l) => l[0]! });
  return out;
}

/**
 * Dot product: sum over the last axis of `a` and the second-to-last of `b` (matrix product for
 * 2-D, inner product for 1-D, multiply for scalars).
 * @param a an array_like
 * @param b an array_like
 * @param out an array to write the result into (or the options object)
 * @returns the product (0-d for two 1-D arrays)
 * @throws {ShapeError} on mismatched inner dimensions
 * @example np.dot([1, 2], [3, 4]).item() // 11
 * @example np.dot(sparse.eye(2), [1, 2]).tolist() // [1, 2]
 */
export const dot = sig<MixedProduct>(
  'dot(a: array_like_or_reflecting, b: array_like_or_reflecting, out: ndarray = None)',
  ((a: ndarray, b: ndarray, out: ndarray | undefined) =>
    reflects(a) || reflects(b)
      ? mixed('dot', 'dot', a, b, out)
      : finish('dot', out != null && la.matmulInto('dot', a, b, out) ? out : la.dot(a, b), out)) as never,
);

/**
 * Matrix product with NumPy's broadcasting of stacked matrices (no scalars).
 * @param a an array_like of at least one dimension
 * @param b an array_like of at least one dimension
 * @param out an array to write the result into (or the options object)
 * @returns the product
 * @throws {ShapeError} on mismatched inner dimensions
 * @example np.matmul(np.eye(2), [[1], [1]]).tolist() // [[1], [1]]
 * @example np.matmul([[1, 1]], sparse.csr_array([[1, 2], [3, 4]])).tolist() // [[4, 6]]
 */
export const matmul = sig<MixedProduct>(
  'matmul(a: array_like_or_reflecting, b: array_like_or_reflecting, /, out: ndarray = None)',
  ((a: ndarray, b: ndarray, out: ndarray | undefined) =>
    reflects(a) || reflects(b)
      ? mixed('matmul', 'matmul', a, b, out)
      : finish(
          'matmul',
          out != null && la.matmulInto('matmul', a, b, out) ? out : la.matmul(a, b),
          out,
        )) as never,
);

/**
 * Dot product of the flattened arrays.
 * @param a an array_like
 * @param b an array_like of the same size
 * @returns a 0-d array
 * @example np.vdot(np.eye(2), np.eye(2)).item() // 2
 */
export const vdot = sig<(a: ArrayInput, b: ArrayInput) => ndarray>('vdot(a: array_like, b: array_like, /)', ((
  a: ndarray,
  b: ndarray,
) => la.vdot(a, b)) as never);

/**
 * Inner product over the last axes.
 * @param a an array_like
 * @param b an array_like with the same last dimension
 * @returns the inner product (0-d for two 1-D arrays)
 * @example np.inner([1, 2], [3, 4]).item() // 11
 */
export const inner = sig<(a: ArrayInput, b: ArrayInput) => ndarray>(
  'inner(a: array_like, b: array_like, /)',
  ((a: ndarray, b: ndarray) => la.inner(a, b)) as never,
);

/**
 * Outer product of the flattened arrays.
 * @param a an array_like (flattened)
 * @param b an array_like (flattened)
 * @param out an array to write the result into (or the options object)
 * @returns a 2-D array of shape [a.size, b.size]
 * @example np.outer([1, 2], [1, 10]).tolist() // [[1, 10], [2, 20]]
 */
export const outer = sig<Product>('outer(a: array_like, b: array_like, out: ndarray = None)', ((
  a: ndarray,
  b: ndarray,
  out: ndarray,
) => finish('outer', la.outer(a, b), out)) as never);

/** Keyword options of {@link norm}. */
export interface NormOptions {
  /** The order of the norm. */
  ord?: number | 'fro' | 'nuc' | null;
  /** One axis (vector norms) or two (matrix norms); all when null. */
  axis?: number | readonly number[] | null;
  /** Keep the reduced axes as size-1 dimensions. */
  keepdims?: boolean;
}

/**
 * Vector or matrix norm (NumPy's `linalg.norm`): 2-norm / Frobenius by default; vector ords
 * `Infinity, -Infinity, 0, 1, 2, p`; matrix ords `'fro', 'nuc', 1, -1, 2, -2, Infinity, -Infinity`
 * (2, -2 and 'nuc' from the singular values, `linalg.svd`).
 * @param x an array_like
 * @param ord the order of the norm (default: 2-norm / Frobenius), or the options object
 * @returns the norm (0-d without an axis)
 * @throws {ValueError} on an unsupported ord
 * @example
 * np.linalg.norm([3, 4]).item() // 5
 * np.linalg.norm([[3, 4], [0, 0]], { axis: 1 }).tolist() // [5, 0]
 * np.linalg.norm([[3, 0], [0, 4]], 2).item() // 4
 */
export const norm = sig<
  (
    x: ArrayInput,
    ord?: number | 'fro' | 'nuc' | null | NormOptions,
    axis?: number | readonly number[] | null | NormOptions,
    keepdims?: boolean | NormOptions,
    opts?: NormOptions,
  ) => ndarray
>('linalg.norm(x: array_like, ord = None, axis: axes = None, keepdims: bool = False)', ((
  x: ndarray,
  ord: number | 'fro' | 'nuc' | undefined,
  axis: number | number[] | undefined,
  keepdims: boolean,
) =>
  (ord === 2 || ord === -2 || ord === 'nuc') &&
  (Array.isArray(axis) ? axis.length === 2 : axis === undefined && x.ndim === 2)
    ? svdNorm(x, ord, axis, keepdims)
    : la.norm(x, ord as number | 'fro' | undefined, { axis, keepdims })) as never);
