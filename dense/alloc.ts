/**
 * Allocation of fresh arrays: a new region viewed C-contiguously. Validates shapes (the one
 * place every creation function goes through).
 */
import {
  AllocationError,
  argMessage,
  createRegion,
  cStrides,
  type DType,
  deadRegion,
  MAX_REGION_ELEMENTS,
  Store,
  ValueError,
} from '../runtime/index.js';
import { ndarray } from './ndarray.js';

/** A shape argument: one integer or a list of them. */
export type ShapeLike = number | readonly number[];

/** Validates and normalizes a shape argument. */
export function shapeArg(fn: string, shape: ShapeLike, arg = 'shape'): number[] {
  const s = typeof shape === 'number' ? [shape] : shape;
  if (!Array.isArray(s))
    throw new ValueError(argMessage(fn, arg, 'an integer or an array of integers', shape));
  let n = 1;
  for (const e of s) {
    if (!Number.isInteger(e) || e < 0)
      throw new ValueError(argMessage(fn, arg, 'non-negative integers', shape));
    n *= e;
  }
  if (n > MAX_REGION_ELEMENTS) {
    // Beyond what one region can hold: an allocation failure, like createRegion's own.
    throw new AllocationError(argMessage(fn, arg, `at most ${MAX_REGION_ELEMENTS} elements`, shape));
  }
  return s.slice();
}

/**
 * A fresh C-contiguous store (internal: shapes already validated), zero-filled unless `zero` is
 * false: for results whose first launch writes every element (recycled memory then skips a pass).
 */
export function allocStore(dtype: DType, shape: readonly number[], zero = true): Store {
  let n = 1;
  for (let d = 0; d < shape.length; d++) n *= shape[d]!;
  return new Store(createRegion(dtype, n, zero), shape.slice(), cStrides(shape), 0);
}

/** A fresh zero-filled array (internal: shapes already validated). */
export function alloc(dtype: DType, shape: readonly number[]): ndarray {
  return new ndarray(allocStore(dtype, shape));
}

/**
 * A store over an empty disposed region with `dtype` and `shape` (internal): what a disposed array
 * that was never computed keeps, so that its shape and dtype still read while any launch or read
 * of it raises `DisposedError` as for any disposed array.
 */
export function disposedStore(dtype: DType, shape: readonly number[]): Store {
  return new Store(deadRegion(dtype), shape.slice(), cStrides(shape), 0);
}
