/**
 * The functions of dense/shape-extra.ts, matrix-extra.ts, stats-extra.ts, numeric-extra.ts and
 * histogram.ts against NumPy's own results (tests/fixtures/dense/numpy-extra.json, written by
 * scripts/fixtures_numpy_extra.py) at pool sizes 0, 1 and 2: dtypes and shapes exactly; values
 * bitwise where cohort performs NumPy's operations in NumPy's order, within rounding where the
 * order of a sum differs (matmul-based, convolve, the means of cov/average, interp's divisions).
 */
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError, ValueError } from '../../runtime/index.js';
import { describeFixture, type In, loadFixture, type P, type R } from './fixture-cases.js';

const fixture = loadFixture('numpy-extra.json');
const num = (p: P, k: string) => p[k] as number;

/** Id prefix → the cohort call (positional and options forms both used). */
const CALLS: [RegExp, (i: In, p: P) => R][] = [
  [/^tril-?\d/, (i, p) => np.tril(i.a!, num(p, 'k'))],
  [/^triu-?\d/, (i, p) => np.triu(i.a!, { k: num(p, 'k') })],
  [/^tril1d/, (i) => np.tril(i.a!)],
  [/^tri-?\d-float64/, (_, p) => np.tri(3, 5, num(p, 'k'))],
  [/^tri-?\d-int32/, (_, p) => np.tri(4, 2, { k: num(p, 'k'), dtype: 'int32' })],
  [/^fliplr-/, (i) => np.fliplr(i.a!)],
  [/^flipud-/, (i) => np.flipud(i.a!)],
  [/^rot90-?\d-/, (i, p) => np.rot90(i.a!, num(p, 'k'))],
  [/^rot90ax-/, (i) => np.rot90(i.a!, 1, [1, 2])],
  [/^diagonal3-/, (i) => np.diagonal(i.a!, { offset: 1, axis1: 1, axis2: 2 })],
  [/^diagonal-?\d-/, (i, p) => np.diagonal(i.a!, num(p, 'offset'))],
  [
    /^trace-?\d-/,
    (i, p) =>
      np.trace(i.a!, num(p, 'offset'), {
        dtype: i.a!.dtype === 'float32' || i.a!.dtype === 'float64' ? 'float64' : null,
      }),
  ],
  [/^moveaxis-/, (i) => np.moveaxis(i.a!, 0, -1)],
  [/^moveaxis3-/, (i) => np.moveaxis(i.a!, [0, 1], [-1, 0])],
  [/^atleast3d-/, (i) => np.atleast_3d(i.a!) as np.ndarray],
  [/^ptp-/, (i) => np.ptp(i.a!, 1)],
  [/^kron-/, (i) => np.kron(i.a!, i.b!)],
  [/^broadcastto-/, (i) => np.broadcast_to(i.a!, [2, 3, 4])],
  [/^split-/, (i) => np.split(i.a!, 3)],
  [/^splitidx-/, (i) => np.split(i.a!, [2, 5, 9], { axis: 1 })],
  [/^arraysplit-/, (i) => np.array_split(i.a!, 3)],
  [/^hsplit-/, (i) => np.hsplit(i.a!, 2)],
  [/^vsplit-/, (i) => np.vsplit(i.a!, 2)],
  [/^colstack-/, (i) => np.column_stack([i.a!, i.b!])],
  [/^dstack-/, (i) => np.dstack([i.a!, i.b!])],
  [/^tensordot-/, (i) => np.tensordot(i.a!, i.b!)],
  [
    /^tensordotax-/,
    (i) =>
      np.tensordot(i.a!, i.b!, [
        [0, 2],
        [1, 0],
      ]),
  ],
  [/^cross-/, (i) => np.cross(i.a!, i.b!)],
  [/^crossb-/, (i) => np.cross(i.a!, i.b!)],
  [/^vander-/, (i) => np.vander(i.x!)],
  [/^vanderinc-/, (i) => np.vander(i.x!, 5, { increasing: true })],
  [/^isin-/, (i) => np.isin(i.a!, i.b!)],
  [/^isininv-/, (i) => np.isin(i.a!, i.b!, { invert: true })],
  [/^cov-/, (i) => np.cov(i.a!)],
  [/^covbias-/, (i) => np.cov(i.a!, { bias: true })],
  [/^covcols-/, (i) => np.cov(i.a!, { rowvar: false })],
  [/^covxy-/, (i) => np.cov(i.a!, i.b!)],
  [/^covfw-/, (i) => np.cov(i.a!, { fweights: i.f! })],
  [/^covaw-/, (i) => np.cov(i.a!, { aweights: i.w! })],
  [/^covfwaw-/, (i) => np.cov(i.a!, { fweights: i.f!, aweights: i.w! })],
  [/^covfwawddof0-/, (i) => np.cov(i.a!, { fweights: i.f!, aweights: i.w!, ddof: 0 })],
  [/^covawddof2-/, (i) => np.cov(i.a!, null, true, false, 2, null, i.w!)],
  [/^covfwcols-/, (i) => np.cov(i.a!, { rowvar: false, fweights: i.f! })],
  [/^corrcoef-/, (i) => np.corrcoef(i.a!)],
  [/^average-/, (i) => np.average(i.a!, 1, i.w!) as np.ndarray],
  [/^averagefull-/, (i) => np.average(i.a!, { weights: i.w! }) as np.ndarray],
  [/^mean-average-/, (i) => np.average(i.a!, 0) as np.ndarray],
  [/^nantonum-/, (i) => np.nan_to_num(i.a!)],
  [/^nantonumv-/, (i) => np.nan_to_num(i.a!, { nan: -1, posinf: 7, neginf: -7 })],
  [/^interp\d/, (i) => np.interp(i.x!, i.xp!, i.fp!)],
  [/^interplr\d/, (i) => np.interp(i.x!, i.xp!, i.fp!, -99, 99)],
  [/^interpperiod-/, (i) => np.interp(i.x!, i.xp!, i.fp!, { period: 360 })],
  [/^digitize-/, (i) => np.digitize(i.x!, i.bins!)],
  [/^digitizer-/, (i) => np.digitize(i.x!, i.bins!, true)],
  [/^digitizedec-/, (i) => np.digitize(i.x!, i.bins!)],
  [/^histogram-/, (i) => np.histogram(i.a!)],
  [/^histogram7-/, (i) => np.histogram(i.a!, 7, [-3, 4])],
  [/^histogramw-/, (i) => np.histogram(i.a!, { bins: 5, weights: i.w! })],
  [/^histogramd-/, (i) => np.histogram(i.a!, { bins: 6, density: true })],
  [/^histogrambins-/, (i) => np.histogram(i.a!, i.bins!)],
  [/^convolve-/, (i, p) => np.convolve(i.a!, i.v!, p.mode as 'full')],
  [/^convolveswap-/, (i, p) => np.convolve(i.a!, i.v!, { mode: p.mode as 'full' })],
  [/^polyval/, (i) => np.polyval(i.p!, i.x!)],
  [/^logspace$/, () => np.logspace(2, 3, { num: 4 })],
  [/^logspace-base2/, () => np.logspace(0, 10, 11, false, 2)],
  [/^geomspace$/, () => np.geomspace(1, 256, 9)],
  [/^geomspace-neg/, () => np.geomspace(-1000, -1, { num: 4 })],
  [/^geomspace-noend/, () => np.geomspace(1, 2, 5, false)],
];

/** Ids whose sums run in another order than NumPy's: compared within rounding. */
const APPROX =
  /^(tensordot|cov|corrcoef|average|averagefull|mean-average|convolve|convolveswap|interp|interplr|interpperiod|histogramd|histogramw|logspace|geomspace)/;

describeFixture('NumPy functions beyond the tiers against NumPy (workers=%i)', fixture, CALLS, APPROX);

describe("cov's weights: NumPy's checks as typed errors", () => {
  const m = np.array([
    [0.5, 1.25, 2, -1],
    [2, 1, 0, 4],
  ]);
  it('rejects non-integer, negative, 2-D and miscounted weights, naming the argument', () => {
    expect(() => np.cov(m, { fweights: np.array([1, 2.5, 0, 1]) })).toThrow(ArgumentTypeError);
    expect(() => np.cov(m, { fweights: np.array([1, 2.5, 0, 1]) })).toThrow(
      /cov: argument 'fweights' expected integer/,
    );
    expect(() => np.cov(m, { fweights: np.array([1, -1, 0, 1]) })).toThrow(
      /cov: argument 'fweights' expected weights ≥ 0/,
    );
    expect(() => np.cov(m, { aweights: np.array([0.5, -0.1, 1, 1]) })).toThrow(ValueError);
    expect(() => np.cov(m, { aweights: np.array([1, 1, 1]) })).toThrow(
      /cov: argument 'aweights' expected 4 weights/,
    );
    expect(() => np.cov(m, { aweights: np.ones([2, 2]) })).toThrow(
      /cov: argument 'aweights' expected a 1-D array/,
    );
    expect(() => np.cov(m, { fweights: np.array([0, 0, 0, 0]) })).toThrow(/cov: the weights sum to zero/);
    expect(() => np.cov(np.array([[1.5]]), { fweights: np.array(2) })).toThrow(/expected a 1-D array/);
    // No variables: the empty result, the weights unread (NumPy's order).
    expect(np.cov(np.zeros([0, 5]), { fweights: np.ones([5]) }).shape).toEqual([0, 0]);
    // After the errors the library works and the weights act: zero weight drops an observation.
    const c = np.cov(m, { fweights: np.array([1, 1, 0, 1]) }).toArray() as Float64Array;
    const d = np
      .cov(
        np.array([
          [0.5, 1.25, -1],
          [2, 1, 4],
        ]),
      )
      .toArray() as Float64Array;
    for (let k = 0; k < 4; k++) expect(c[k]).toBeCloseTo(d[k]!, 12);
  });
});
