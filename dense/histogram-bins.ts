/**
 * How `histogram` finds equal bins, as NumPy's `_get_outer_edges`, `_get_bin_edges` and
 * `_hist_bin_*` do: the outer edges (the range, or the data's min and max, widened by ½ when
 * equal), the edges (NumPy's `linspace`, in float32 arithmetic when the bounds are float32 data),
 * and the bin count of a string estimator ('auto', 'fd', 'doane', 'scott', 'stone', 'rice',
 * 'sturges', 'sqrt'). The estimators' statistics are launches (min, max, std, mean, the linear
 * percentile) read on the host as NumPy's Python reads them; 'stone' reads the data once and
 * evaluates its up to max(100, √n) trial histograms on the sorted host copy (NumPy calls
 * `histogram` that many times). Where NumPy computes a width in float32 (float32 data: 'rice',
 * 'scott', 'stone', and the data range), it is rounded to float32 here at the same steps, so that
 * the count `ceil(range / width)` is NumPy's.
 */
import { ArgumentTypeError, argMessage, OverflowError, ValueError } from '../runtime/index.js';
import { extract } from './index-tri.js';
import type { ndarray } from './ndarray.js';
import { percentile } from './quantile.js';
import { max, mean, min, std } from './reduce-api.js';
import * as sh from './shape.js';
import { divide, greater_equal, less_equal, logical_and, power, subtract } from './ufuncs.js';

/** The bin estimators NumPy accepts as `bins`. */
export const BIN_ESTIMATORS = ['auto', 'fd', 'doane', 'scott', 'stone', 'rice', 'sturges', 'sqrt'] as const;
/** A bin estimator's name. */
export type BinEstimator = (typeof BIN_ESTIMATORS)[number];

const f32 = Math.fround;
const id = (v: number): number => v;
const isInt = (a: ndarray): boolean => a.dtype === 'int32' || a.dtype === 'uint8' || a.dtype === 'bool';
const scalar = (a: ndarray): number => Number(a.item());

/**
 * The outer bin edges: `range`, or the data's min and max (0 and 1 for no data), each widened by
 * ½ when equal. Float32 data's own bounds stay float32 (NumPy's float32 scalars).
 * @throws {ValueError} for a range with max < min or non-finite ends, or non-finite data bounds
 */
export function outerEdges(fn: string, a: ndarray, range: unknown): [number, number] {
  let lo: number;
  let hi: number;
  const r = a.dtype === 'float32' && (range === undefined || range === null) ? f32 : id;
  if (range !== undefined && range !== null) {
    if (!Array.isArray(range) || range.length !== 2 || range.some((v) => typeof v !== 'number'))
      throw new ValueError(argMessage(fn, 'range', 'a pair (min, max)', range));
    [lo, hi] = range as [number, number];
    if (lo > hi) throw new ValueError(`${fn}: max must be larger than min in range parameter`);
    if (!Number.isFinite(lo) || !Number.isFinite(hi))
      throw new ValueError(`${fn}: supplied range of [${lo}, ${hi}] is not finite`);
  } else if (a.size === 0) {
    lo = 0;
    hi = 1;
  } else {
    lo = scalar(min(a));
    hi = scalar(max(a));
    if (!Number.isFinite(lo) || !Number.isFinite(hi))
      throw new ValueError(`${fn}: autodetected range of [${lo}, ${hi}] is not finite`);
  }
  if (lo === hi) {
    lo = r(lo - 0.5);
    hi = r(hi + 0.5);
  }
  return [lo, hi];
}

/**
 * `nb` equal bins over [lo, hi]: NumPy's `linspace(lo, hi, nb + 1)` — `k * step + lo` with the
 * last edge `hi` (`k / nb * delta + lo` when the step underflows), in float32 arithmetic when
 * `f32Math` — stored as float32 when `f32Out`.
 * @throws {ValueError} when the edges are not strictly increasing (too many bins for the range)
 */
export function uniformEdges(
  fn: string,
  lo: number,
  hi: number,
  nb: number,
  f32Math: boolean,
  f32Out: boolean,
): Float64Array | Float32Array {
  const r = f32Math ? f32 : id;
  const delta = r(hi - lo);
  const step = r(delta / nb);
  const e = f32Out ? new Float32Array(nb + 1) : new Float64Array(nb + 1);
  for (let k = 0; k < nb; k++) e[k] = step === 0 ? r(r(r(k / nb) * delta) + lo) : r(r(k * step) + lo);
  e[nb] = hi;
  for (let k = 0; k < nb; k++)
    if (!(e[k]! < e[k + 1]!))
      throw new ValueError(
        argMessage(fn, 'bins', `a bin count that the range [${lo}, ${hi}] can hold`, nb) +
          ` (Too many bins for data range. Cannot create ${nb} finite-sized bins.)`,
      );
  return e;
}

/** A bin width and whether NumPy holds it as a float32 scalar. */
interface Width {
  v: number;
  f32: boolean;
}

/** The trimmed data and what the estimators read of it. */
interface Data {
  x: ndarray;
  n: number;
  /** max − min (float32 arithmetic for float32 data, exact for integers). */
  ptp: number;
  /** The data are float32 (NumPy's float32 scalars). */
  f32: boolean;
  lo: number;
  hi: number;
  /** The edges of a trial histogram are computed in float32 arithmetic. */
  f32Math: boolean;
}

const sqrtW = (d: Data): Width => ({ v: d.ptp / Math.sqrt(d.n), f32: false });
const sturgesW = (d: Data): Width => ({ v: d.ptp / (Math.log2(d.n) + 1.0), f32: false });
const riceW = (d: Data): Width => {
  const den = 2.0 * d.n ** (1.0 / 3);
  return d.f32 ? { v: f32(d.ptp / f32(den)), f32: true } : { v: d.ptp / den, f32: false };
};
const scottW = (d: Data): Width => {
  const c = ((24.0 * Math.PI ** 0.5) / d.n) ** (1.0 / 3.0);
  const s = scalar(std(d.x));
  return d.f32 ? { v: f32(f32(c) * s), f32: true } : { v: c * s, f32: false };
};
const fdW = (d: Data): Width => {
  // NumPy: subtract(*percentile(x, [75, 25])) — float64 even for float32 data (an array of q).
  const [p75, p25] = Array.from(percentile(d.x, [75, 25]).toArray() as ArrayLike<number>, Number);
  return { v: 2.0 * (p75! - p25!) * d.n ** (-1.0 / 3.0), f32: false };
};
const doaneW = (d: Data): Width => {
  if (d.n > 2) {
    const sg1 = Math.sqrt((6.0 * (d.n - 2)) / ((d.n + 1.0) * (d.n + 3)));
    const sigma = std(d.x);
    if (scalar(sigma) > 0.0) {
      // g1 = mean(((x - mean(x)) / sigma)**3), in the data's float dtype (float32 stays float32).
      const g1 = scalar(mean(power(divide(subtract(d.x, mean(d.x)), sigma), 3)));
      return { v: d.ptp / (1.0 + Math.log2(d.n) + Math.log2(1.0 + Math.abs(g1) / sg1)), f32: false };
    }
  }
  return { v: 0, f32: false };
};
const autoW = (d: Data): Width => {
  const fd = fdW(d).v;
  const sturges = sturgesW(d).v;
  const half = sqrtW(d).v / 2;
  // Python's max(fd, half) then min(·, sturges): the first argument unless the second wins.
  const fdc = half > fd ? half : fd;
  return { v: sturges < fdc ? sturges : fdc, f32: false };
};

/**
 * Stone's rule: the bin count in 1..max(100, ⌊√n⌋) minimizing the estimated integrated squared
 * error `(2 − (n + 1)·Σp²) / h` (the first minimum), each trial histogram counted on the sorted
 * host copy of the data with NumPy's edges.
 */
const stoneW = (d: Data): Width => {
  const { n, ptp } = d;
  if (n <= 1 || ptp === 0) return { v: 0, f32: false };
  const s = Float64Array.from(d.x.toArray() as ArrayLike<number>, Number).sort();
  /** The number of values < v (or <= v when `le`). */
  const below = (v: number, le: boolean): number => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const m = (lo + hi) >>> 1;
      if (s[m]! < v || (le && s[m] === v)) lo = m + 1;
      else hi = m;
    }
    return lo;
  };
  const hOf = (nb: number): number => (d.f32 ? f32(ptp / nb) : ptp / nb);
  const upper = Math.max(100, Math.floor(Math.sqrt(n)));
  let best = 1;
  let bestJ = Number.POSITIVE_INFINITY;
  for (let nb = 1; nb <= upper; nb++) {
    const e = uniformEdges('histogram', d.lo, d.hi, nb, d.f32Math, d.f32);
    let dot = 0;
    let left = below(e[0]!, false);
    for (let k = 0; k < nb; k++) {
      const right = below(e[k + 1]!, k === nb - 1);
      const p = (right - left) / n;
      dot += p * p;
      left = right;
    }
    const j = (2 - (n + 1) * dot) / hOf(nb);
    if (j < bestJ) {
      bestJ = j;
      best = nb;
    }
  }
  // NumPy also warns ("may be suboptimal") when best == upper; cohort has no warnings.
  return { v: hOf(best), f32: d.f32 };
};

const WIDTH: Record<BinEstimator, (d: Data) => Width> = {
  auto: autoW,
  fd: fdW,
  doane: doaneW,
  scott: scottW,
  stone: stoneW,
  rice: riceW,
  sturges: sturgesW,
  sqrt: sqrtW,
};

/**
 * Checks a string `bins` before anything else is read, in NumPy's order: a known estimator, and
 * no weights.
 * @throws {ValueError} for an unknown estimator
 * @throws {ArgumentTypeError} with weights (NumPy's TypeError: estimators ignore weights)
 */
export function checkEstimator(fn: string, name: string, weighted: boolean): asserts name is BinEstimator {
  if (!(BIN_ESTIMATORS as readonly string[]).includes(name))
    throw new ValueError(
      argMessage(fn, 'bins', `an integer, an array of edges or one of ${BIN_ESTIMATORS.join(', ')}`, name),
    );
  if (weighted)
    throw new ArgumentTypeError(
      argMessage(
        fn,
        'weights',
        `None with the bin estimator '${name}' (automated estimation of the number of bins is not supported for weighted data)`,
        'an array',
      ),
    );
}

/**
 * The number of equal bins the estimator `name` gives the values of `a` within [lo, hi] (NumPy's
 * `_get_bin_edges`): the data trimmed to the range when one is given; 1 bin for no data or a zero
 * width; integer data get widths of at least 1; then `ceil((hi − lo) / width)`.
 * @throws {OverflowError} when the count is not finite or does not fit an array
 */
export function estimateBins(
  fn: string,
  name: BinEstimator,
  a0: ndarray,
  lo: number,
  hi: number,
  rangeGiven: boolean,
): number {
  // NumPy histograms bool data as uint8.
  let x = a0.dtype === 'bool' ? sh.astype(a0, 'uint8') : a0;
  const isF32 = x.dtype === 'float32';
  if (rangeGiven) {
    // NumPy compares float32 data with the range's Python floats in float32, integers with
    // Python numbers exactly (a negative bound is below every uint8): in float64 here.
    const [l, h] = isF32 ? [f32(lo), f32(hi)] : [lo, hi];
    const xv = sh.astype(x, 'float64');
    x = extract(logical_and(greater_equal(xv, l), less_equal(xv, h)), x);
  }
  const n = x.size;
  if (n === 0) return 1;
  const mn = scalar(min(x));
  const mx = scalar(max(x));
  const d: Data = {
    x,
    n,
    ptp: isF32 ? f32(mx - mn) : mx - mn,
    f32: isF32,
    lo,
    hi,
    f32Math: isF32 && !rangeGiven,
  };
  const w = WIDTH[name](d);
  if (w.v === 0) return 1;
  const width = isInt(x) && w.v < 1 ? 1 : w.v;
  // (hi - lo) / width: float32 only when both are NumPy float32 scalars.
  const f32Div = isF32 && !rangeGiven && w.f32 && width === w.v;
  const delta = isF32 && !rangeGiven ? f32(hi - lo) : hi - lo;
  const count = Math.ceil(f32Div ? f32(delta / width) : delta / width);
  if (!(count < 2 ** 31 - 1))
    throw new OverflowError(
      argMessage(fn, 'bins', `an estimator giving a bin count below 2**31 (${name} gives ${count})`, name),
    );
  return count;
}
