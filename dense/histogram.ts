/**
 * NumPy's binning: `digitize` (a search of the bins; their direction read on the host, as
 * NumPy checks it) and `histogram` (a search of the edges, then one bincount; the data range read
 * on the host when not given). Equal bins — a count or a bin estimator such as 'auto' — are
 * found by histogram-bins.ts, as NumPy's `_get_bin_edges`.
 */
import { argMessage, ValueError } from '../runtime/index.js';
import { bincount } from './bincount.js';
import { asarray } from './creation.js';
import {
  type BinEstimator,
  checkEstimator,
  estimateBins,
  outerEdges,
  uniformEdges,
} from './histogram-bins.js';
import { ndarray } from './ndarray.js';
import { sum } from './reduce-api.js';
import { take, where } from './select.js';
import * as sh from './shape.js';
import { diff } from './shape-more.js';
import { type ArrayInput, sig } from './sig.js';
import { searchsorted } from './sort-api.js';
import { divide, equal, greater_equal, less_equal, logical_and, subtract } from './ufuncs.js';

/**
 * The index of the bin of `bins` each value of `x` falls in (bins increasing or decreasing):
 * `bins[i-1] <= x < bins[i]` (or `<`/`<=` with `right`), as NumPy's `digitize`.
 * @param x values
 * @param bins a monotonic 1-D array of bin edges
 * @param right intervals closed on the right
 * @returns int32 indices of `x`'s shape
 * @throws {ValueError} when `bins` is not 1-D and monotonic
 * @example np.digitize([0.2, 6.4, 3.0, 1.6], [0, 1, 2.5, 4, 10]).tolist() // [1, 4, 3, 2]
 */
export const digitize = sig<
  (x: ArrayInput, bins: ArrayInput, right?: boolean | { right?: boolean }) => ndarray
>('digitize(x: array_like, bins: array_like, right: bool = False)', ((
  x: ndarray,
  bins: ndarray,
  right: boolean,
) => {
  if (bins.ndim !== 1) throw new ValueError('digitize: bins must be 1-dimensional');
  const b = Array.from(sh.copy(bins).toArray() as ArrayLike<number>, Number);
  let inc = true;
  let dec = true;
  for (let k = 1; k < b.length; k++) {
    if (b[k]! < b[k - 1]!) inc = false;
    if (b[k]! > b[k - 1]!) dec = false;
  }
  if (!inc && !dec) throw new ValueError('digitize: bins must be monotonically increasing or decreasing');
  const side = right ? 'left' : 'right';
  if (inc) return searchsorted(bins, x, side);
  const n = bins.shape[0]!;
  const s = bins.store;
  const rev = new ndarray(s.view([n], [-s.strides[0]!], s.offset + (n - 1) * s.strides[0]!));
  return subtract(n, searchsorted(sh.copy(rev), x, side));
}) as never);

/** Keyword options of {@link histogram}. */
export interface HistogramOptions {
  /** Number of equal bins (default 10), a bin estimator ('auto', 'fd', ...), or the bin edges. */
  bins?: number | BinEstimator | ArrayInput;
  /** The lower and upper range (default the data's min and max). */
  range?: readonly [number, number] | null;
  /** Return a density (integral 1) instead of counts. */
  density?: boolean | null;
  /** A weight per value. */
  weights?: ArrayInput | null;
}

/**
 * The histogram of the flattened values: counts (or weight sums, or a density) per bin, and the
 * bin edges, with NumPy's binning (the last bin closed; values outside the range ignored).
 *
 * A string `bins` names NumPy's bin-width estimator, giving that many equal bins over the range
 * (the data trimmed to `range` first): 'sqrt' ptp/√n, 'sturges' ptp/(log2 n + 1), 'rice'
 * ptp/(2·∛n), 'scott' ∛(24√π/n)·std, 'fd' 2·IQR/∛n (IQR by the linear percentile), 'doane'
 * ptp/(1 + log2 n + log2(1 + |g1|/σg1)), 'stone' the minimizer of the estimated integrated squared
 * error over 1..max(100, √n) bins, 'auto' min(max(fd, sqrt/2), sturges). A zero width (no spread,
 * an IQR of 0) gives one bin; integer and bool data get widths of at least 1.
 * @param a values (flattened)
 * @param bins number of equal bins (default 10), a bin estimator, or increasing edges
 * @param range the range of the equal bins (default the data's min and max)
 * @param density a density instead of counts
 * @param weights a weight per value (not with a bin estimator)
 * @returns `[hist, bin_edges]`
 * @throws {ValueError} for bad bins or range, an unknown estimator, a non-finite data range, or
 *   more bins than the range can hold ("Too many bins for data range")
 * @throws {ArgumentTypeError} for weights with a bin estimator (NumPy's TypeError)
 * @example np.histogram([1, 2, 1], { bins: [0, 1, 2, 3] })[0].tolist() // [0, 2, 1]
 * @example np.histogram(np.arange(4), { bins: np.arange(5), density: true })[0].tolist() // [0.25, 0.25, 0.25, 0.25]
 * @example np.histogram([0, 0, 0, 1, 2, 3, 3, 4, 5], 'auto')[1].tolist() // [0, 1, 2, 3, 4, 5]
 * @example np.histogram(np.array([0, 0, 0, 1, 2, 3, 3, 4, 5], 'float64'), 'auto', [0, 1])[1].tolist() // [0, 0.25, 0.5, 0.75, 1]
 */
export const histogram = sig<
  (
    a: ArrayInput,
    bins?: number | BinEstimator | ArrayInput | HistogramOptions,
    range?: readonly [number, number] | null | HistogramOptions,
    density?: boolean | null | HistogramOptions,
    weights?: ArrayInput | null | HistogramOptions,
    opts?: HistogramOptions,
  ) => ndarray[]
>(
  'histogram(a: array_like, bins: any = 10, range: any = None, density: bool? = None, weights: array_like = None)',
  ((
    a0: ndarray,
    bins: unknown,
    range: unknown,
    density: boolean | null | undefined,
    weights: ndarray | undefined,
  ) => {
    const a = sh.ravel(a0);
    if (weights !== undefined && weights.size !== a.size)
      throw new ValueError('histogram: weights should have the same shape as a');
    const w = weights === undefined ? undefined : sh.ravel(weights);
    let edges: ndarray;
    let nb: number;
    const av = sh.astype(a, 'float64');
    if (typeof bins === 'number' || typeof bins === 'string') {
      if (typeof bins === 'number' && (!Number.isInteger(bins) || bins < 1))
        throw new ValueError(argMessage('histogram', 'bins', 'a positive integer', bins));
      if (typeof bins === 'string') checkEstimator('histogram', bins, w !== undefined);
      const rangeGiven = range !== undefined && range !== null;
      const [lo, hi] = outerEdges('histogram', a, range);
      nb = typeof bins === 'number' ? bins : estimateBins('histogram', bins, a, lo, hi, rangeGiven);
      // NumPy: the edges in result_type(a, float) — float32 for float32 data, else float64 —
      // computed in float32 arithmetic when the bounds are float32 data (no range given).
      const f32 = a.dtype === 'float32';
      edges = asarray(uniformEdges('histogram', lo, hi, nb, f32 && !rangeGiven && a.size > 0, f32));
    } else {
      edges = bins instanceof ndarray ? bins : asarray(bins as number[]);
      if (edges.ndim !== 1) throw new ValueError('histogram: bins must be 1d, when an array');
      const e = edges.toArray() as ArrayLike<number>;
      for (let k = 1; k < e.length; k++)
        if (e[k]! < e[k - 1]!)
          throw new ValueError('histogram: bins must increase monotonically, when an array');
      nb = e.length - 1;
    }
    // Bins are found in float64 (exact for every cohort dtype, so the same order as NumPy's).
    const ev = sh.astype(edges, 'float64');
    const first = take(ev, 0);
    const last = take(ev, nb);
    // The bin of each value: searchsorted on the edges, the last edge in the last bin, values
    // outside [first, last] (and NaN) to bin nb, dropped below.
    const inside = logical_and(greater_equal(av, first), less_equal(av, last));
    const bin = subtract(searchsorted(ev, av, 'right'), 1);
    const idx = where(inside, where(equal(av, last), nb - 1, bin), nb);
    const counts = bincount(sh.astype(idx, 'int32'), w === undefined ? null : w, nb + 1) as ndarray;
    let hist = sh.copy(counts.get([`0:${nb}`]));
    if (density) {
      // NumPy: n / float64(diff(edges)) / n.sum() — the widths taken in the edges' dtype.
      const widths = sh.astype(diff(edges), 'float64');
      hist = divide(divide(hist, widths), sum(hist));
    } else if (w === undefined) hist = sh.astype(hist, 'int32');
    else if (w.dtype !== hist.dtype) hist = sh.astype(hist, w.dtype === 'float32' ? 'float32' : hist.dtype);
    return [hist, edges];
  }) as never,
);
