/**
 * dense/pad.ts, edit.ts, index-more.ts, index-tri.ts, nanstats.ts and calculus.ts against NumPy's
 * own results (tests/fixtures/dense/numpy-more.json, written by scripts/fixtures_numpy_more.py)
 * at pool sizes 0, 1 and 2: dtypes and shapes exactly; values bitwise where cohort performs
 * NumPy's operations in NumPy's order, within rounding where a sum runs in another order (the
 * NaN variances, products and trapezoid sums: NumPy sums pairwise, cohort by fixed blocks).
 */
import * as np from '../../dense/index.js';
import type { DType } from '../../runtime/index.js';
import { describeFixture, type In, loadFixture, type P, type R } from './fixture-cases.js';

const fixture = loadFixture('numpy-more.json');
const ax = (p: P) => (p.axis === undefined ? null : (p.axis as number));
const inPlace = (a: np.ndarray, f: (b: np.ndarray) => void): np.ndarray => {
  const b = a.copy();
  f(b);
  return b;
};

/** Id prefix → the cohort call (positional and options forms both used). */
const CALLS: [RegExp, (i: In, p: P) => R][] = [
  [
    /^pad-/,
    (i, p) => np.pad(i.a!, p.w as never, { mode: p.mode as np.PadMode, ...((p.kw as object) ?? {}) }),
  ],
  [/^tala-/, (i, p) => np.take_along_axis(i.a!, i.i!, ax(p))],
  [/^pala-/, (i, p) => inPlace(i.a!, (b) => np.put_along_axis(b, i.i!, i.v!, ax(p)))],
  [/^amax-/, (i) => np.amax(i.a!, 0)],
  [/^amin-/, (i) => np.amin(i.a!, { axis: 1, keepdims: true })],
  [/^append0?-/, (i, p) => np.append(i.a!, i.b!, ax(p))],
  [/^delete-slice-/, (i, p) => np.delete(i.a!, np.slice(...(p.slice as [number, null, number])), ax(p))],
  [/^delete-/, (i, p) => np.delete(i.a!, p.obj, { axis: ax(p) })],
  [/^insert-/, (i, p) => np.insert(i.a!, p.obj, i.v!, ax(p))],
  [/^resize/, (i, p) => np.resize(i.a!, p.shape as number[])],
  [/^trim2dax-/, (i, p) => np.trim_zeros(i.a!, p.trim as string, p.axis as number)],
  [/^trim/, (i, p) => np.trim_zeros(i.a!, { trim: p.trim as string })],
  [/^ediff1dbe-/, (i, p) => np.ediff1d(i.a!, { to_end: p.end as number[], to_begin: p.begin as number })],
  [/^ediff1d-/, (i) => np.ediff1d(i.a!)],
  [/^block1d-/, (i) => np.block([i.a!, i.b!])],
  [/^block-/, (i) => np.block([[i.a!, i.b!], [i.c!]])],
  [/^unstack-/, (i, p) => np.unstack(i.a!, { axis: p.axis as number })],
  [/^concatnone-/, (i) => np.concat([i.a!, i.b!], null)],
  [/^concat-/, (i, p) => np.concat([i.a!, i.b!], { axis: p.axis as number })],
  [/^permdims-/, (i, p) => np.permute_dims(i.a!, p.axes as number[])],
  [/^mtrans-/, (i) => np.matrix_transpose(i.a!)],
  [/^cumsumarr-/, (i, p) => np.cumulative_sum(i.a!, { axis: p.axis as number })],
  [/^cumsuminit-/, (i, p) => np.cumulative_sum(i.a!, { axis: p.axis as number, include_initial: true })],
  [/^cumprodarr-/, (i) => np.cumulative_prod(i.a!, { include_initial: true })],
  [/^filldiagwrap-/, (i, p) => inPlace(i.a!, (b) => np.fill_diagonal(b, p.val as number[], true))],
  [/^filldiag/, (i, p) => inPlace(i.a!, (b) => np.fill_diagonal(b, p.val as number))],
  [/^diagflat-/, (i, p) => np.diagflat(i.a!, p.k as number)],
  [/^compress/, (i, p) => np.compress(i.c!, i.a!, ax(p))],
  [/^extract-/, (i) => np.extract(i.c!, i.a!)],
  [/^choosemode-/, (i, p) => np.choose(i.i!, [i.c0!, i.c1!, i.c2!], { mode: p.mode as string })],
  [/^choose-/, (i) => np.choose(i.i!, [i.c0!, i.c1!, i.c2!])],
  [/^selectdf-/, (i, p) => np.select([i.c1!, i.c2!], [i.x!, i.y!], p.default as number)],
  [/^select-/, (i) => np.select([i.c1!, i.c2!], [i.x!, i.y!])],
  [/^unravel-/, (i, p) => np.unravel_index(i.i!, p.shape as number[], p.order as 'C')],
  [
    /^ravelmi-/,
    (i, p) =>
      np.ravel_multi_index(
        Object.keys(i)
          .sort()
          .map((k) => i[k]!),
        p.dims as number[],
        { mode: (p.mode as string) ?? 'raise', order: (p.order as 'C') ?? 'C' },
      ),
  ],
  [
    /^indices-/,
    (_, p) =>
      np.indices(p.dims as number[], {
        dtype: (p.dtype as DType) ?? null,
        sparse: (p.sparse as boolean) ?? false,
      }),
  ],
  [/^trili-/, (_, p) => np.tril_indices(p.n as number, p.k as number, p.m as number | null)],
  [/^triui-/, (_, p) => np.triu_indices(p.n as number, { k: p.k as number, m: p.m as number | null })],
  [/^trilifrom/, (i, p) => np.tril_indices_from(i.a!, p.k as number)],
  [/^triuifrom/, (i, p) => np.triu_indices_from(i.a!, { k: p.k as number })],
  [/^diagifrom/, (i) => np.diag_indices_from(i.a!)],
  [/^diagi/, (_, p) => np.diag_indices(p.n as number, p.ndim as number)],
  [/^nanprod-/, (i, p) => np.nanprod(i.a!, ax(p))],
  [/^nanvar1-/, (i, p) => np.nanvar(i.a!, { axis: ax(p), ddof: 1 })],
  [/^nanvar-/, (i, p) => np.nanvar(i.a!, ax(p))],
  [/^nanstd-/, (i, p) => np.nanstd(i.a!, ax(p))],
  [/^nanmedian-/, (i, p) => np.nanmedian(i.a!, ax(p))],
  [/^nanquantile-qarr-/, (i, p) => np.nanquantile(i.a!, p.qs as number[], ax(p))],
  [/^nanquantile-/, (i, p) => np.nanquantile(i.a!, p.q as number, { axis: ax(p) })],
  [/^nanpercentile-/, (i, p) => np.nanpercentile(i.a!, p.q as number, ax(p))],
  [/^nancumsum-/, (i, p) => np.nancumsum(i.a!, ax(p))],
  [/^nancumprod-/, (i, p) => np.nancumprod(i.a!, ax(p))],
  [/^nanargmax-/, (i, p) => np.nanargmax(i.a!, ax(p))],
  [/^nanargmin-/, (i, p) => np.nanargmin(i.a!, ax(p))],
  [/^gradient-(1d|2d)-/, (i) => np.gradient(i.f!)],
  [/^gradient-h-/, (i, p) => np.gradient(i.f!, p.h as number)],
  [/^gradient-e2-/, (i) => np.gradient(i.f!, { edge_order: 2 })],
  [/^gradient-xe2-/, (i) => np.gradient(i.f!, i.x!, { edge_order: 2 })],
  [/^gradient-u?x-/, (i) => np.gradient(i.f!, i.x!)],
  [/^gradient-2dax-/, (i, p) => np.gradient(i.f!, p.h as number, { axis: p.axis as number })],
  [/^gradient-2dhs-/, (i, p) => np.gradient(i.f!, ...(p.hs as number[]))],
  [/^copyto-/, (i) => inPlace(i.a!, (d) => np.copyto(d, i.b!, { where: i.w! }))],
  [/^putmask-/, (i) => inPlace(i.a!, (d) => np.putmask(d, i.m!, i.v!))],
  [/^place-/, (i) => inPlace(i.a!, (d) => np.place(d, i.m!, i.v!))],
  [/^rollaxis-/, (i, p) => np.rollaxis(i.a!, p.axis as number, p.start as number)],
  [/^aaasum-/, (i, p) => np.apply_along_axis((v: np.ndarray) => np.sum(v), p.axis as number, i.a!)],
  [/^aaasort-/, (i, p) => np.apply_along_axis((v: np.ndarray) => np.sort(v), p.axis as number, i.a!)],
  [/^aaaouter-/, (i, p) => np.apply_along_axis((v: np.ndarray) => np.outer(v, v), p.axis as number, i.a!)],
  [
    /^aoa-/,
    (i, p) => np.apply_over_axes((x: np.ndarray, a: number) => np.sum(x, a), i.a!, p.axes as number[]),
  ],
  [/^piecewise-/, (i) => np.piecewise(i.x!, [i.c!], [(t: np.ndarray) => t.multiply(2), 5])],
  [
    /^piecewise2-/,
    (i) => np.piecewise(i.x!, [i.c!, np.logical_not(i.c!)], [3, (t: np.ndarray) => t.subtract(1)]),
  ],
  [/^hbe-/, (i, p) => np.histogram_bin_edges(i.a!, p.bins as number)],
  [/^trapzdx-/, (i, p) => np.trapezoid(i.y!, { dx: p.dx as number, axis: p.axis as number })],
  [/^trapzx2-/, (i, p) => np.trapezoid(i.y!, i.x!, { axis: p.axis as number })],
  [/^trapzx?-/, (i) => np.trapezoid(i.y!, i.x ?? null)],
];

/** Ids whose sums run in another order than NumPy's: compared within rounding. */
const APPROX = /^(nanvar|nanstd|nanprod|trapz|aoa|aaasum|pad-(mean|ramp|linear_ramp|statlen-mean))/;

describeFixture(
  'pad, index helpers, editing, NaN statistics, calculus against NumPy (workers=%i)',
  fixture,
  CALLS,
  APPROX,
);
