/**
 * Allocation of fresh arrays: a new region viewed C-contiguously. Validates shapes (the one
 * place every creation function goes through).
 */
import {
  argMessage,
  createRegion,
  type DType,
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
    throw new ValueError(argMessage(fn, arg, `at most ${MAX_REGION_ELEMENTS} elements`, shape));
  }
  return s.slice();
}

/** A fresh zero-filled C-contiguous store (internal: shapes already validated). */
export function allocStore(dtype: DType, shape: readonly number[]): Store {
  let n = 1;
  for (const e of shape) n *= e;
  return Store.shaped(createRegion(dtype, n), shape);
}

/** A fresh zero-filled array (internal: shapes already validated). */
export function alloc(dtype: DType, shape: readonly number[]): ndarray {
  return new ndarray(allocStore(dtype, shape));
}
