/**
 * `cohort/numpy`: NumPy-style n-dimensional arrays on the region runtime (DESIGN.md §4). Every
 * operation is a launch; reads (`item`, `toArray`, `tolist`, printing) are the only waits.
 */
export type { DType } from '../runtime/index.js';
export type { ShapeLike } from './alloc.js';
export { array, asarray, type DTypeOptions, empty, full, ones, zeros } from './creation.js';
export { type NestedArray, ndarray } from './ndarray.js';
