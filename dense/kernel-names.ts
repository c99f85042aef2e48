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
