/**
 * `cohortjs/numpy`: NumPy-style n-dimensional arrays on the region runtime (DESIGN.md §4). Every
 * operation is a launch; reads (`item`, `toArray`, `tolist`, printing) are the only waits.
 *
 * Differences from NumPy, on purpose: the default integer type is int32 (NumPy: int64); integer
 * sums accumulate in float64 and wrap to int32; JavaScript numbers are NumPy 2 "weak" scalars
 * (an integer-valued number keeps an integer array's dtype).
 */
export type { DType } from '../runtime/index.js';
export type { ShapeLike } from './alloc.js';
export { allclose, array_equal, type CloseOptions, isclose } from './compare.js';
export { array, asarray, type DTypeOptions, empty, full, ones, zeros } from './creation.js';
export {
  arange,
  diag,
  empty_like,
  eye,
  full_like,
  identity,
  linspace,
  ones_like,
  zeros_like,
} from './creation-more.js';
export { cumsum } from './cumsum.js';
export type { Operand, OutOptions } from './ewise.js';
export { fromJSON } from './from-json.js';
export { fuse } from './fuse.js';
export type { Index, IndexPart } from './indexing.js';
export { from_ndarray } from './interop.js';
export type { JSONValue, NdarrayJSON } from './json.js';
export { dot, inner, matmul, outer, vdot } from './linalg.js';
export * as linalg from './linalg-ns.js';
export { type NestedArray, ndarray } from './ndarray.js';
export * as random from './random-ns.js';
export {
  all,
  any,
  argmax,
  argmin,
  count_nonzero,
  max,
  mean,
  min,
  prod,
  type ReduceOptions,
  std,
  sum,
  type VarOptions,
  var,
} from './reduce.js';
export {
  astype,
  concatenate,
  copy,
  expand_dims,
  hstack,
  ravel,
  reshape,
  squeeze,
  stack,
  swapaxes,
  transpose,
  vstack,
} from './shape.js';
export { Slice, slice } from './slice.js';
export type { Bin as BinaryUfunc, Un as UnaryUfunc } from './ufuncs.js';
export {
  abs,
  absolute,
  add,
  ceil,
  clip,
  cos,
  divide,
  equal,
  exp,
  floor,
  greater,
  greater_equal,
  isfinite,
  isnan,
  less,
  less_equal,
  log,
  logical_and,
  logical_not,
  logical_or,
  logical_xor,
  maximum,
  minimum,
  multiply,
  negative,
  not_equal,
  power,
  sign,
  sin,
  sqrt,
  subtract,
  tanh,
  where,
} from './ufuncs.js';

/** NumPy's newaxis (`null` in index parts). @example np.arange(3).get([np.newaxis]).shape // [1, 3] */
export const newaxis = null;
/** Not a number. @example np.isnan(np.array([np.nan])).tolist() // [true] */
export const nan = Number.NaN;
/** Positive infinity. @example np.isfinite(np.array([np.inf])).tolist() // [false] */
export const inf = Number.POSITIVE_INFINITY;
/** π. @example np.pi // 3.141592653589793 */
export const pi = Math.PI;
/** Euler's number. @example np.e // 2.718281828459045 */
export const e = Math.E;
