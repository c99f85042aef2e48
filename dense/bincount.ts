/**
 * `bincount`: a reduction into `max(x)+1` bins. The input is cut into a number of fixed blocks
 * that depends only on its length and the bin count (never on the workers); each block's
 * histogram (counts, or sums of weights in index order) is computed by the piece that owns it, and
 * the block histograms are summed in block order by an axis sum — bitwise the same at any worker
 * count.
 */
import {
  argMessage,
  broadcast,
  DTypeError,
  launch,
  project,
  registerKernel,
  ValueError,
} from '../runtime/index.js';
import { alloc, allocStore } from './alloc.js';
import { copyAs } from './ewise.js';
import { BINCOUNT } from './kernel-names.js';
import { ndarray } from './ndarray.js';
import * as red from './reduce.js';
import { type ArrayInput, sig } from './sig.js';

/**
 * arg 0: [B] placeholder (one point per block), arg 1: x (int32, any 1-D view, whole), arg 2:
 * weights (float64, any 1-D view, whole; or x again), arg 3: the block histograms [B, K] (rows of
 * the piece).
 * scalars: [blockLen, n, K, weighted].
 */
registerKernel(BINCOUNT, (t) => {
  const [len, n, K, weighted] = t.scalars as [number, number, number, number];
  const X = t.arrays[1]!;
  const xo = t.offsets[1]!;
  const xs = t.strides[1]![0]!;
  const Wt = t.arrays[2]!;
  const wo = t.offsets[2]!;
  const ws = t.strides[2]![0]!;
  const H = t.arrays[3]!;
  const ho = t.offsets[3]!;
  for (let b = t.lo[0]!; b < t.hi[0]!; b++) {
    const row = ho + b * K;
    for (let k = 0; k < K; k++) H[row + k] = 0;
    const e = Math.min(n, (b + 1) * len);
    if (weighted === 1) for (let i = b * len; i < e; i++) H[row + X[xo + i * xs]!] += Wt[wo + i * ws]!;
    else for (let i = b * len; i < e; i++) H[row + X[xo + i * xs]!]++;
  }
});

/** Keyword options of {@link bincount}. */
export interface BincountOptions {
  /** A weight per element of `x` (the bins then hold float64 sums). */
  weights?: ArrayInput | null;
  /** The least number of bins. */
  minlength?: number;
}

/**
 * Counts of each value of the non-negative integer 1-D array `x` (bin `i` holds how many times
 * `i` occurs, or the sum of the weights of those elements). Reads `max(x)` (a wait) to size the
 * result.
 * @param x non-negative integers (1-D)
 * @param weights weights, same shape as `x`
 * @param minlength the least number of bins
 * @returns int32 counts, or float64 sums with weights
 * @throws {ValueError} for a negative value, a non-1-D `x`, mismatched weights or a negative minlength
 * @throws {DTypeError} for a float `x`
 * @example np.bincount([0, 1, 1, 3, 2, 1, 7]).tolist() // [1, 3, 1, 1, 0, 0, 0, 1]
 * @example np.bincount([0, 1, 1, 2, 2, 2], { weights: [0.3, 0.5, 0.2, 0.7, 1, -0.6] }).tolist() // [0.3, 0.7, 1.1]
 */
export const bincount = sig<
  (
    x: ArrayInput,
    weights?: ArrayInput | null | BincountOptions,
    minlength?: number | BincountOptions,
    opts?: BincountOptions,
  ) => ndarray
>('bincount(x: array_like, /, weights: array_like = None, minlength: int = 0)', ((
  x: ndarray,
  weights: ndarray | undefined,
  minlength: number,
) => {
  const fn = 'bincount';
  if (x.ndim !== 1) throw new ValueError(argMessage(fn, 'x', 'a 1-D array', `${x.ndim}-D`));
  if ((x.dtype === 'float32' || x.dtype === 'float64') && x.size > 0)
    throw new DTypeError(argMessage(fn, 'x', 'integers (safe cast to int)', x.dtype));
  if (minlength < 0) throw new ValueError(argMessage(fn, 'minlength', 'a non-negative integer', minlength));
  if (weights !== undefined && (weights.ndim !== 1 || weights.size !== x.size))
    throw new ValueError(argMessage(fn, 'weights', `the shape of x [${x.size}]`, `[${weights.shape}]`));
  const n = x.size;
  const dt = weights === undefined ? 'int32' : 'float64';
  if (n === 0) return alloc(dt, [minlength]);
  // Both reductions issued before either is read: one wait, not two.
  const xmin = red.min(x);
  const xmax = red.max(x);
  const lo = Number(xmin.item());
  if (lo < 0) throw new ValueError(`${fn}: argument 'x' must be non-negative, received a minimum of ${lo}`);
  const K = Math.max(Number(xmax.item()) + 1, minlength);
  // Blocks: at least 65,536 elements each, and at most 4e6 histogram cells in all.
  const B = Math.max(1, Math.min(Math.ceil(n / 65536), Math.floor(4e6 / K)));
  const len = Math.ceil(n / B);
  // The kernel reads any 1-D view (kmeans' weights are a column `data[:, d]`): a copy only to
  // convert the dtype.
  const xs = x.dtype === 'int32' ? x.store : copyAs(fn, x, 'int32').store;
  const ws =
    weights === undefined
      ? xs
      : weights.dtype === 'float64'
        ? weights.store
        : copyAs(fn, weights, 'float64').store;
  const H = allocStore(dt === 'int32' ? 'float64' : dt, [B, K], false);
  launch({
    op: fn,
    kernel: BINCOUNT,
    args: [
      { store: allocStore('int32', [B]), privilege: 'read' },
      { store: xs, privilege: 'read' },
      { store: ws, privilege: 'read' },
      { store: H, privilege: 'write-discard' },
    ],
    scalars: [len, n, K, weights === undefined ? 0 : 1],
    constraints: [broadcast(1), broadcast(2), project(0, 3, [0, -1])],
    key: 0,
  });
  const h = new ndarray(H);
  const total = B === 1 ? h.reshape(K) : red.sum(h, { axis: 0 });
  return dt === 'int32' ? copyAs(fn, total, 'int32') : B === 1 ? copyAs(fn, total) : total;
}) as never);
