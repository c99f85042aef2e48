/**
 * NumPy's multidimensional histograms: `histogramdd` and `histogram2d`. Each coordinate's bin is a
 * search of its edges (a value on the last edge counted in the last bin, values outside the edges
 * and NaN in an outlier bin at either end), the bins of a point combined into one flat index, and
 * one bincount (on the pool, fixed blocks: the same bits at any worker count) counts them; the
 * outlier bins are then cut off. Edges come from the data's range (read on the host) or `range`.
 */
import { argMessage, ValueError } from '../runtime/index.js';
import { bincount } from './bincount.js';
import { asarray } from './creation.js';
import { linspace } from './creation-more.js';
import { ndarray } from './ndarray.js';
import { max, min, sum } from './reduce-api.js';
import * as sh from './shape.js';
import { diff } from './shape-more.js';
import { type ArrayInput, sig } from './sig.js';
import { searchsorted } from './sort-api.js';
import { add, divide, equal, multiply, subtract, where } from './ufuncs.js';

/** Keyword options of {@link histogramdd} and {@link histogram2d}. */
export interface HistogramddOptions {
  /** Bins per dimension: one count for all, a count or an array of edges per dimension. */
  bins?: number | ArrayInput | readonly (number | ArrayInput)[];
  /** Per dimension, the lower and upper range of equal bins (default the data's min and max). */
  range?: readonly (readonly [number, number] | null)[] | null;
  /** A density (integral 1 over the range) instead of counts. */
  density?: boolean | null;
  /** A weight per point. */
  weights?: ArrayInput | null;
}

/** The (N, D) points of `sample`: an (N, D) array, a 1-D array (D = 1), or D sequences of N. */
function points(fn: string, sample: unknown): ndarray {
  if (sample instanceof ndarray) {
    if (sample.ndim === 2) return sample;
    if (sample.ndim === 1) return sh.reshape(sample, [sample.size, 1]);
    throw new ValueError(
      argMessage(fn, 'sample', 'an (N, D) array or D sequences of N values', sample.shape),
    );
  }
  const a = asarray(sample as ArrayInput);
  if (a.ndim > 2) throw new ValueError(argMessage(fn, 'sample', 'D sequences of N values', a.shape));
  return a.ndim === 2 ? sh.transpose(a) : sh.reshape(a, [a.size, 1]);
}

/** NumPy's `_get_outer_edges`: the range of the equal bins of one coordinate. */
function outerEdges(fn: string, col: ndarray, range: unknown, f32: boolean): [number, number] {
  let lo: number;
  let hi: number;
  if (range !== undefined && range !== null) {
    if (!Array.isArray(range) || range.length !== 2)
      throw new ValueError(argMessage(fn, 'range', 'a pair (min, max) per dimension', range));
    [lo, hi] = range as [number, number];
    if (lo > hi) throw new ValueError(`${fn}: max must be larger than min in range parameter`);
    if (!Number.isFinite(lo) || !Number.isFinite(hi))
      throw new ValueError(`${fn}: supplied range of [${lo}, ${hi}] is not finite`);
  } else if (col.size === 0) {
    lo = 0;
    hi = 1;
  } else {
    lo = min(col).item() as number;
    hi = max(col).item() as number;
    if (!Number.isFinite(lo) || !Number.isFinite(hi))
      throw new ValueError(`${fn}: autodetected range of [${lo}, ${hi}] is not finite`);
  }
  // (The data's own float32 bounds stay float32 in NumPy: so does the widening.)
  const r = f32 && (range === undefined || range === null) && col.size > 0 ? Math.fround : (v: number) => v;
  return lo === hi ? [r(lo - 0.5), r(hi + 0.5)] : [lo, hi];
}

/** The edges of dimension `i` from its `bins` entry (a count, or increasing edges). */
function edgesOf(fn: string, i: number, b: unknown, col: ndarray, range: unknown, f32: boolean): ndarray {
  if (typeof b === 'number') {
    if (!Number.isInteger(b) || b < 1)
      throw new ValueError(argMessage(fn, `bins[${i}]`, 'a positive integer, when a scalar', b));
    const [lo, hi] = outerEdges(fn, col, range, f32);
    if (f32 && (range === undefined || range === null) && col.size > 0) {
      // NumPy's linspace of the data's float32 bounds runs in float32: k·step + lo, each step
      // rounded, the last edge exact.
      const f = Math.fround;
      const step = f(f(hi - lo) / b);
      const e = new Float32Array(b + 1);
      for (let k = 0; k <= b; k++) e[k] = f(f(k * step) + lo);
      e[b] = hi;
      return asarray(e);
    }
    return linspace(lo, hi, b + 1, { endpoint: true });
  }
  const e = b instanceof ndarray ? b : asarray(b as ArrayInput);
  if (e.ndim !== 1)
    throw new ValueError(argMessage(fn, `bins[${i}]`, 'a count or a 1-D array of edges', e.shape));
  const v = e.toArray() as ArrayLike<number>;
  for (let k = 1; k < v.length; k++)
    if (v[k]! < v[k - 1]!)
      throw new ValueError(`${fn}: \`bins[${i}]\` must be monotonically increasing, when an array`);
  return e;
}

function histogramddImpl(
  fn: string,
  sample: unknown,
  bins: unknown,
  range: unknown,
  density: boolean | null | undefined,
  weights: ndarray | undefined,
): [ndarray, ndarray[]] {
  const pts = points(fn, sample);
  const [N, D] = pts.shape as [number, number];
  if (weights !== undefined && weights.size !== N)
    throw new ValueError(argMessage(fn, 'weights', `one weight per point (${N})`, weights.shape));
  const perDim = Array.isArray(bins)
    ? bins
    : bins instanceof ndarray && bins.ndim >= 1
      ? Array.from({ length: bins.shape[0]! }, (_, k) => bins.get(`${k}`))
      : null;
  if (perDim !== null && perDim.length !== D)
    throw new ValueError(`${fn}: the dimension of bins must be equal to the dimension of the sample x`);
  if (range !== undefined && range !== null && (!Array.isArray(range) || range.length !== D))
    throw new ValueError(argMessage(fn, 'range', `one entry per dimension (${D})`, range));
  const ranges = (range ?? []) as unknown[];
  const edges: ndarray[] = [];
  const nbin: number[] = [];
  let flat: ndarray | null = null;
  for (let i = 0; i < D; i++) {
    const col = sh.astype(pts.get(`:, ${i}`), 'float64');
    let b = perDim === null ? bins : perDim[i];
    if (b instanceof ndarray && b.ndim === 0) b = b.item() as number;
    const e = edgesOf(fn, i, b, col, ranges[i], pts.dtype === 'float32');
    edges.push(e);
    const ne = e.shape[0]!;
    nbin.push(ne + 1); // an outlier bin at each end
    // The bin of each coordinate: 0 below the first edge, ne above the last (and NaN); a value on
    // the last edge in the last bin.
    const ev = sh.astype(e, 'float64');
    const cnt = searchsorted(ev, col, 'right');
    const last = ne === 0 ? Number.NaN : (ev.item(ne - 1) as number);
    const c = where(equal(col, last), subtract(cnt, 1), cnt);
    flat = flat === null ? c : add(multiply(flat, ne + 1), c);
  }
  const cells = nbin.reduce((a, b) => a * b, 1);
  if (cells > 2 ** 31 - 1) throw new ValueError(`${fn}: too many bins (${cells} cells with the outliers)`);
  const idx = flat === null ? asarray([], { dtype: 'int32' }) : sh.astype(flat, 'int32');
  const counts = bincount(idx, weights === undefined ? null : sh.ravel(weights), cells) as ndarray;
  const full = sh.reshape(sh.astype(counts, 'float64'), nbin);
  let hist = sh.copy(full.get(nbin.map(() => '1:-1').join(', ')));
  if (density) {
    const s = sum(hist);
    for (let i = 0; i < D; i++) {
      const shape = nbin.map((n, k) => (k === i ? n - 2 : 1));
      hist = divide(hist, sh.reshape(sh.astype(diff(edges[i]!), 'float64'), shape));
    }
    hist = divide(hist, s);
  }
  return [hist, edges];
}

/**
 * The multidimensional histogram of N points in D dimensions, as NumPy's `histogramdd`: counts (or
 * weight sums, or a density) per cell, float64, shape one less than the edges per dimension, and
 * the edges of each dimension. Values on a dimension's last edge count in its last bin; points
 * outside the edges (or NaN) are not counted.
 * @param sample an (N, D) array, or D sequences of N coordinates
 * @param bins one count for every dimension (default 10), or per dimension a count or edges
 * @param range per dimension the range `[min, max]` of equal bins, or null (the data's)
 * @param density a density instead of counts
 * @param weights a weight per point
 * @returns `[hist, edges]`, `edges` one array per dimension
 * @throws {ValueError} for bins or range not one per dimension, bad bins, or a non-finite range
 * @example np.histogramdd([[0, 1, 1], [0, 0, 2]], { bins: 2 })[0].tolist() // [[1, 0], [1, 1]]
 */
export const histogramdd = sig<
  (
    sample: unknown,
    bins?: HistogramddOptions['bins'] | HistogramddOptions,
    range?: HistogramddOptions['range'] | HistogramddOptions,
    density?: boolean | null | HistogramddOptions,
    weights?: ArrayInput | null | HistogramddOptions,
    opts?: HistogramddOptions,
  ) => [ndarray, ndarray[]]
>(
  'histogramdd(sample: any, bins: any = 10, range: any = None, density: bool? = None, weights: array_like = None)',
  ((
    sample: unknown,
    bins: unknown,
    range: unknown,
    density: boolean | null | undefined,
    weights: ndarray | undefined,
  ) => histogramddImpl('histogramdd', sample, bins, range, density, weights)) as never,
);

/**
 * The 2-D histogram of points (x, y), as NumPy's `histogram2d`: `[H, xedges, yedges]`, H float64
 * with x along the first axis. `bins`: one count, one array of edges for both, or `[bx, by]` (each
 * a count or edges).
 * @param x the points' first coordinates
 * @param y the points' second coordinates
 * @param bins as above (default 10)
 * @param range `[[xmin, xmax], [ymin, ymax]]`, or null (the data's)
 * @param density a density instead of counts
 * @param weights a weight per point
 * @returns `[H, xedges, yedges]`
 * @throws {ValueError} for x and y of different lengths, bad bins or a non-finite range
 * @example np.histogram2d([0, 1, 1], [0, 0, 2], { bins: 2 })[0].tolist() // [[1, 0], [1, 1]]
 */
export const histogram2d = sig<
  (
    x: ArrayInput,
    y: ArrayInput,
    bins?: HistogramddOptions['bins'] | HistogramddOptions,
    range?: HistogramddOptions['range'] | HistogramddOptions,
    density?: boolean | null | HistogramddOptions,
    weights?: ArrayInput | null | HistogramddOptions,
    opts?: HistogramddOptions,
  ) => ndarray[]
>(
  'histogram2d(x: array_like, y: array_like, bins: any = 10, range: any = None, density: bool? = None, weights: array_like = None)',
  ((
    x: ndarray,
    y: ndarray,
    bins: unknown,
    range: unknown,
    density: boolean | null | undefined,
    weights: ndarray | undefined,
  ) => {
    const fn = 'histogram2d';
    if (x.ndim !== 1 || y.ndim !== 1 || x.size !== y.size)
      throw new ValueError(argMessage(fn, 'x, y', 'two 1-D sequences of one length', [x.shape, y.shape]));
    // NumPy: bins that are neither one count nor a pair are the edges of both dimensions.
    let b = bins;
    const n = Array.isArray(bins)
      ? bins.length
      : bins instanceof ndarray && bins.ndim >= 1
        ? bins.shape[0]!
        : 1;
    if (n !== 1 && n !== 2) b = [bins, bins];
    const dt = x.dtype === y.dtype ? x.dtype : 'float64';
    const sample = sh.transpose(sh.stack([sh.astype(x, dt), sh.astype(y, dt)]));
    const [h, e] = histogramddImpl(fn, sample, b, range, density, weights);
    return [h, e[0]!, e[1]!];
  }) as never,
);
