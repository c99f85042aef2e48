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
export {
  amax,
  amin,
  type CumulativeOptions,
  concat,
  cumulative_prod,
  cumulative_sum,
  matrix_transpose,
  permute_dims,
} from './array-api.js';
export { type BincountOptions, bincount } from './bincount.js';
// Beyond the tiers (3): padding, index helpers, editing, NaN statistics, calculus.
export { type GradientOptions, gradient, trapezoid } from './calculus.js';
export { allclose, array_equal, type CloseOptions, isclose } from './compare.js';
export {
  type ArrayOptions,
  array,
  asarray,
  type Creator,
  type DTypeOptions,
  empty,
  full,
  ones,
  zeros,
} from './creation.js';
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
export { type CumprodOptions, cumprod } from './cumprod.js';
export { append, block, delete, ediff1d, insert, resize, trim_zeros, unstack } from './edit.js';
export { type EinsumOptions, einsum } from './einsum.js';
export type { Operand, OutOptions } from './ewise.js';
export { fromJSON } from './from-json.js';
export { fuse } from './fuse.js';
export { digitize, type HistogramOptions, histogram } from './histogram.js';
export type { BinEstimator } from './histogram-bins.js';
export { type HistogramddOptions, histogram2d, histogramdd } from './histogramdd.js';
export {
  indices,
  put_along_axis,
  ravel_multi_index,
  take_along_axis,
  unravel_index,
} from './index-more.js';
export {
  choose,
  compress,
  diag_indices,
  diag_indices_from,
  diagflat,
  extract,
  fill_diagonal,
  select,
  tril_indices,
  tril_indices_from,
  triu_indices,
  triu_indices_from,
} from './index-tri.js';
export type { Index, IndexPart } from './indexing.js';
export { from_ndarray } from './interop.js';
export type { JSONValue, NdarrayJSON } from './json.js';
export { dot, inner, matmul, outer, vdot } from './linalg-api.js';
export * as linalg from './linalg-ns.js';
export {
  type CrossOptions,
  cross,
  kron,
  type TraceOptions,
  type TriOptions,
  tensordot,
  trace,
  tri,
  tril,
  triu,
  type VanderOptions,
  vander,
} from './matrix-extra.js';
export {
  array_equiv,
  asarray_chkfinite,
  ascontiguousarray,
  can_cast,
  conj,
  conjugate,
  fromfunction,
  fromiter,
  imag,
  iscomplex,
  iscomplexobj,
  isreal,
  isrealobj,
  isscalar,
  ndim,
  promote_types,
  real,
  real_if_close,
  result_type,
  shape,
  size,
} from './misc-api.js';
export {
  apply_along_axis,
  apply_over_axes,
  copyto,
  type HistogramBinEdgesOptions,
  histogram_bin_edges,
  piecewise,
  place,
  putmask,
  rollaxis,
  row_stack,
} from './misc-apply.js';
export { type NanQuantileOptions, nanmedian, nanpercentile, nanquantile } from './nanquantile.js';
export { nanmax, nanmean, nanmin, nansum } from './nanreduce.js';
export {
  type NanVarOptions,
  nanargmax,
  nanargmin,
  nancumprod,
  nancumsum,
  nanprod,
  nanstd,
  nanvar,
} from './nanstats.js';
export { type NestedArray, ndarray } from './ndarray.js';
export {
  type ConvolveOptions,
  convolve,
  type GeomspaceOptions,
  geomspace,
  type InterpOptions,
  type IsinOptions,
  interp,
  isin,
  type LogspaceOptions,
  logspace,
  polyval,
} from './numeric-extra.js';
export { type PadMode, type PadOptions, type PadPairs, pad } from './pad.js';
export { type MedianOptions, median, type PercentileOptions, percentile, quantile } from './quantile.js';
export * as random from './random-ns.js';
export type { ReduceOptions } from './reduce.js';
export {
  type ArgOptions,
  type AxisArg,
  all,
  any,
  argmax,
  argmin,
  type BoolReduceOptions,
  type CumsumOptions,
  count_nonzero,
  cumsum,
  type MeanOptions,
  type MinMaxOptions,
  max,
  mean,
  min,
  prod,
  type SumOptions,
  std,
  sum,
  type VarOptions,
  var,
} from './reduce-api.js';
export { argwhere, flatnonzero, nonzero, put, type TakeOptions, take, where } from './select.js';
export {
  astype,
  concatenate,
  copy,
  expand_dims,
  hstack,
  type Order,
  ravel,
  reshape,
  squeeze,
  stack,
  swapaxes,
  transpose,
  vstack,
} from './shape-api.js';
export {
  array_split,
  atleast_1d,
  atleast_2d,
  atleast_3d,
  broadcast_arrays,
  broadcast_shapes,
  broadcast_to,
  column_stack,
  type DiagonalOptions,
  diagonal,
  dsplit,
  dstack,
  fliplr,
  flipud,
  hsplit,
  moveaxis,
  type Rot90Options,
  rot90,
  type SplitOptions,
  split,
  vsplit,
} from './shape-extra.js';
export {
  type DiffOptions,
  diff,
  flip,
  type MeshgridOptions,
  meshgrid,
  type RollOptions,
  repeat,
  roll,
  tile,
} from './shape-more.js';
export { type ArrayInput, REFLECT, type ReflectedOp, type Reflecting } from './sig.js';
export { Slice, slice } from './slice.js';
export {
  argsort,
  type SearchsortedOptions,
  type SortOptions,
  searchsorted,
  sort,
  type UniqueOptions,
  unique,
} from './sort-api.js';
export {
  type AverageOptions,
  average,
  type CorrcoefOptions,
  type CovOptions,
  corrcoef,
  cov,
  type NanToNumOptions,
  nan_to_num,
  type PtpOptions,
  ptp,
} from './stats-extra.js';
export type { Bin as BinaryUfunc, Un as UnaryUfunc } from './ufuncs.js';
export {
  abs,
  absolute,
  add,
  type Bin,
  type ClipOptions,
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
  type UfuncOptions,
  type Un,
} from './ufuncs.js';
export {
  acos,
  acosh,
  arccos,
  arccosh,
  arcsin,
  arcsinh,
  arctan,
  arctan2,
  arctanh,
  asin,
  asinh,
  atan,
  atan2,
  atanh,
  cbrt,
  copysign,
  cosh,
  deg2rad,
  degrees,
  exp2,
  expm1,
  fabs,
  float_power,
  floor_divide,
  fmax,
  fmin,
  fmod,
  heaviside,
  hypot,
  log1p,
  logaddexp,
  logaddexp2,
  positive,
  pow,
  rad2deg,
  radians,
  reciprocal,
  signbit,
  sinh,
  square,
  tan,
  true_divide,
  trunc,
} from './ufuncs-math.js';
export {
  around,
  isinf,
  log2,
  log10,
  mod,
  type RoundOptions,
  remainder,
  round,
} from './ufuncs-more.js';

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

/** The float64 dtype (`np.float64 === 'float64'`). @example np.zeros([1], np.float64).dtype // 'float64' */
export const float64 = 'float64' as const;
/** The float32 dtype. @example np.zeros([1], { dtype: np.float32 }).dtype // 'float32' */
export const float32 = 'float32' as const;
/** The int32 dtype (cohort's default integer). @example np.ones([1], np.int32).dtype // 'int32' */
export const int32 = 'int32' as const;
/** The uint8 dtype. @example np.array([255], { dtype: np.uint8 }).dtype // 'uint8' */
export const uint8 = 'uint8' as const;
/** The bool dtype (NumPy 2's `np.bool`). @example np.zeros([1], np.bool).dtype // 'bool' */
export const bool = 'bool' as const;
/** The bool dtype under its NumPy 1 name. @example np.bool_ // 'bool' */
export const bool_ = 'bool' as const;

// NumPy functions a porting user reaches for (branch npb): sets, partial sorts, integer ufuncs,
// polynomials, windows.
export { argpartition, type LexsortOptions, lexsort, type PartitionOptions, partition } from './partition.js';
export {
  type PolyderOptions,
  type PolyfitOptions,
  type PolyintOptions,
  poly,
  polyadd,
  polyder,
  polydiv,
  polyfit,
  polyint,
  polymul,
  polysub,
} from './poly.js';
export {
  type Intersect1dOptions,
  intersect1d,
  type SetOptions,
  setdiff1d,
  setxor1d,
  type UniqueAllResult,
  type UniqueCountsResult,
  type UniqueInverseResult,
  union1d,
  unique_all,
  unique_counts,
  unique_inverse,
  unique_values,
} from './sets.js';
export {
  bartlett,
  blackman,
  type CorrelateOptions,
  correlate,
  hamming,
  hanning,
  type KaiserOptions,
  kaiser,
  matvec,
  type UnwrapOptions,
  unwrap,
  type VecdotOptions,
  vecdot,
  vecmat,
} from './signal.js';
export {
  divmod,
  fix,
  frexp,
  i0,
  isneginf,
  isposinf,
  ldexp,
  modf,
  nextafter,
  rint,
  sinc,
  spacing,
} from './ufuncs-float-more.js';
export {
  bitwise_and,
  bitwise_invert,
  bitwise_left_shift,
  bitwise_not,
  bitwise_or,
  bitwise_right_shift,
  bitwise_xor,
  gcd,
  invert,
  lcm,
  left_shift,
  right_shift,
} from './ufuncs-int.js';

// Last: runs the library's warm-up once every module above is evaluated (dense/warm.ts).
import './warm.js';
