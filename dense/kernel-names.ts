/**
 * Every kernel name of the dense library, in one place (CONVENTIONS.md 6). Generated kernels
 * (element-wise, reductions) are named by a prefix plus a cache key.
 */

/** Fills a contiguous 1-D store with `scalars[0]`. */
export const FILL_CONTIG = 'dense.fill.contig';
/** Prefix of generated element-wise kernels (`dense.ew.<key>`). */
export const EWISE_PREFIX = 'dense.ew.';
/** Prefix of generated reduction kernels. */
export const REDUCE_PREFIX = 'dense.red.';
/** Prefix of generated axis-reduction kernels. */
export const AXIS_REDUCE_PREFIX = 'dense.axred.';
/** Prefix of generated copy kernels (gather/scatter/astype between views). */
export const COPY_PREFIX = 'dense.copy.';
/** Gathers (`get`) or scatters (`set`) through integer index arrays. */
export const TAKE = 'dense.take';
/** Counts the nonzero elements of each block of an array's C-order positions (dense/nonzero.ts). */
export const NONZERO_COUNT = 'dense.nonzero.count';
/** Turns those counts into block offsets (an inclusive scan, one piece). */
export const NONZERO_SCAN = 'dense.nonzero.scan';
/** Writes each block's nonzero coordinates from its offset on. */
export const NONZERO_FILL = 'dense.nonzero.fill';
/** Writes a future's value into a one-element store. */
export const FROM_FUTURE = 'dense.fromFuture';
/** Cumulative sum or product along the last axis of a (permuted) view. */
export const SCAN = 'dense.scan';
/** Blocked matrix product, partitioned by rows of the output. */
export const MATMUL = 'dense.matmul';
/** The float64 matrix product on a WebAssembly SIMD micro-kernel (same summation order). */
export const MATMUL_F64 = 'dense.matmul.f64';
/** Float64 matrix–vector product, partitioned by rows of y (kernels-gemv.ts). */
export const GEMV_F64 = 'dense.gemv.f64';
/** Float64 GEMV partials per block of k, for a short y and a long k (kernels-gemv-split.ts). */
export const GEMV_SPLIT_F64 = 'dense.gemv.split.f64';
/** Sum of the GEMV block partials in block order (kernels-gemv-split.ts). */
export const GEMV_COMBINE_F64 = 'dense.gemv.combine.f64';
/** Dot product partials of two aligned 1-D stores. */
export const DOT = 'dense.dot';
/** Counter-based random numbers keyed by the global element index. */
export const RANDOM = 'dense.random';
/** Writes `start + i*step` (arange / linspace). */
export const RAMP = 'dense.ramp';
/** Sorts runs of keys (radix), carrying indices for argsort (dense/sort-kernels.ts). */
export const SORT_RUNS = 'dense.sort.runs';
/** Merges pairs of sorted runs of keys (merge path). */
export const SORT_MERGE = 'dense.sort.merge';
/** Turns sort keys back into values. */
export const SORT_DECODE = 'dense.sort.decode';
/** Binary searches of values in a sorted array (searchsorted). */
export const SEARCHSORTED = 'dense.searchsorted';
/** Fixed-block partial histograms (bincount). */
export const BINCOUNT = 'dense.bincount';
/** Counter-based draws of exponential, poisson and permutation keys (dense/random-more.ts). */
export const RANDOM_MORE = 'dense.random.more';
/** Einstein summation over per-label strides (dense/einsum.ts). */
export const EINSUM = 'dense.einsum';
