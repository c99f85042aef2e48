/**
 * NumPy's binning: `digitize` (a search of the bins; their direction read on the host, as
 * NumPy checks it) and `histogram` (a search of the edges, then one bincount; the data range read
 * on the host when not given).
 */
import { argMessage, ValueError } from '../runtime/index.js';
import { bincount } from './bincount.js';
import { asarray } from './creation.js';
import { linspace } from './creation-more.js';
import { ndarray } from './ndarray.js';
import { max, min, sum } from './reduce-api.js';
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
  /** Number of equal bins (default 10), or the bin edges. */
  bins?: number | ArrayInput;
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
 * @param a values (flattened)
 * @param bins number of equal bins (default 10) or increasing edges
 * @param range the range of the equal bins (default the data's min and max)
 * @param density a density instead of counts
 * @param weights a weight per value
 * @returns `[hist, bin_edges]`
 * @throws {ValueError} for bad bins or range, or non-finite data range
 * @example np.histogram([1, 2, 1], { bins: [0, 1, 2, 3] })[0].tolist() // [0, 2, 1]
 * @example np.histogram(np.arange(4), { bins: np.arange(5), density: true })[0].tolist() // [0.25, 0.25, 0.25, 0.25]
 */
export const histogram = sig<
  (
    a: ArrayInput,
    bins?: number | ArrayInput | HistogramOptions,
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
    if (typeof bins === 'number') {
      if (!Number.isInteger(bins) || bins < 1)
        throw new ValueError(argMessage('histogram', 'bins', 'a positive integer', bins));
      nb = bins;
      let lo: number;
      let hi: number;
      if (range !== undefined && range !== null) {
        if (!Array.isArray(range) || range.length !== 2)
          throw new ValueError(argMessage('histogram', 'range', 'a pair (min, max)', range));
        [lo, hi] = range as [number, number];
        if (lo > hi) throw new ValueError('histogram: max must be larger than min in range parameter');
        if (!Number.isFinite(lo) || !Number.isFinite(hi))
          throw new ValueError(`histogram: supplied range of [${lo}, ${hi}] is not finite`);
      } else if (a.size === 0) {
        lo = 0;
        hi = 1;
      } else {
        lo = min(av).item() as number;
        hi = max(av).item() as number;
        if (!Number.isFinite(lo) || !Number.isFinite(hi))
          throw new ValueError(`histogram: autodetected range of [${lo}, ${hi}] is not finite`);
      }
      if (lo === hi) {
        lo -= 0.5;
        hi += 0.5;
      }
      // NumPy: the edges in result_type(a, float) — float32 for float32 data, else float64. With
      // the range taken from float32 data, NumPy's linspace runs in float32 arithmetic (its
      // bounds are float32 scalars): k * step + start, each step rounded, the last edge exact.
      if (a.dtype === 'float32' && (range === undefined || range === null)) {
        const f = Math.fround;
        const step = f(f(hi - lo) / nb);
        const e = new Float32Array(nb + 1);
        for (let k = 0; k <= nb; k++) e[k] = f(f(k * step) + lo);
        e[nb] = hi;
        edges = asarray(e);
      } else {
        const et = a.dtype === 'float32' ? 'float32' : 'float64';
        edges = sh.astype(linspace(lo, hi, nb + 1, { endpoint: true }), et);
      }
    } else if (typeof bins === 'string') {
      throw new ValueError(
        argMessage(
          'histogram',
          'bins',
          'an integer or an array of edges (bin estimators are not implemented yet)',
          bins,
        ),
      );
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
