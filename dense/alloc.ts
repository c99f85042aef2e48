/**
 * Allocation of fresh arrays: a new region viewed C-contiguously. Validates shapes (the one
 * place every creation function goes through).
 */
import {
  AllocationError,
  argMessage,
  createRegion,
  cStrides,
  ctorOf,
  type DType,
  MAX_REGION_ELEMENTS,
  type Region,
  regionFromArray,
  Store,
  type TypedArray,
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

/** Regions up to this many bytes are carved out of shared slabs (a fresh SharedArrayBuffer costs µs). */
const SMALL_BYTES = 64 * 1024;
const SLAB_BYTES = 1024 * 1024;
let slab: SharedArrayBuffer | null = null;
let slabUsed = 0;

/**
 * A zero-filled region: small ones are views into a bump-allocated shared slab (never reused, so
 * always zero; a slab is freed when every region in it is gone), large ones get their own buffer.
 */
function newRegion(dtype: DType, n: number): Region {
  const C = ctorOf(dtype);
  const bytes = n * C.BYTES_PER_ELEMENT;
  if (bytes === 0 || bytes > SMALL_BYTES) return createRegion(dtype, n);
  const aligned = (slabUsed + 7) & ~7;
  if (slab === null || aligned + bytes > SLAB_BYTES) {
    slab = new SharedArrayBuffer(SLAB_BYTES);
    slabUsed = 0;
  } else slabUsed = aligned;
  const data = new (C as Float64ArrayConstructor)(
    slab as unknown as ArrayBuffer,
    slabUsed,
    n,
  ) as unknown as TypedArray;
  slabUsed += bytes;
  return regionFromArray(data, dtype);
}

/** A fresh zero-filled C-contiguous store (internal: shapes already validated). */
export function allocStore(dtype: DType, shape: readonly number[]): Store {
  let n = 1;
  for (const e of shape) n *= e;
  return new Store(newRegion(dtype, n), shape.slice(), cStrides(shape), 0);
}

/** A fresh zero-filled array (internal: shapes already validated). */
export function alloc(dtype: DType, shape: readonly number[]): ndarray {
  return new ndarray(allocStore(dtype, shape));
}
