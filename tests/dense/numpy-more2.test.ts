/**
 * dense/partition.ts, sets.ts, ufuncs-int.ts, ufuncs-float-more.ts, poly.ts and signal.ts against
 * NumPy's own results (tests/fixtures/dense/numpy-more2.json, written by
 * scripts/fixtures_numpy_more2.py) at pool sizes 0, 1 and 2: dtypes and shapes exactly; values
 * bitwise where cohort performs NumPy's operations, within rounding where the algorithm or a
 * libm routine differs (sinc's sin, i0's series, least squares, windows' cos). NumPy's errors
 * (TypeError for float operands of integer ufuncs, ...) must be raised too.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import { type Arr, dec, input } from './fixture-cases.js';
import { POOLS } from './ref.js';

type Expected =
  | ({ kind: 'array' } & Arr)
  | { kind: 'tuple'; values: Arr[] }
  | { kind: 'error'; error: string };
interface Case {
  id: string;
  inputs: Record<string, Arr>;
  params: Record<string, number | string | boolean>;
  expected: Expected;
}
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/dense/numpy-more2.json', import.meta.url), 'utf8'),
) as { numpy: string; cases: Case[] };

type In = Record<string, np.ndarray>;
type P = Case['params'];
type R = np.ndarray | np.ndarray[];
const num = (p: P, k: string) => p[k] as number;
const fields = (o: object): np.ndarray[] => Object.values(o) as np.ndarray[];
/** The k-th element along `axis` (what NumPy fixes in a partition). */
const kth = (a: np.ndarray, k: number, axis: number): np.ndarray => np.take(a, [k], axis).squeeze(axis);

/** The binary integer/float ufuncs recorded as `<name>-<dtype>-<dtype>` and `<name>-<dtype>-scalar`. */
const BIN: Record<string, np.Bin> = {
  bitwise_and: np.bitwise_and,
  bitwise_or: np.bitwise_or,
  bitwise_xor: np.bitwise_xor,
  left_shift: np.left_shift,
  right_shift: np.right_shift,
  bitwise_left_shift: np.bitwise_left_shift,
  bitwise_right_shift: np.bitwise_right_shift,
  gcd: np.gcd,
  lcm: np.lcm,
  nextafter: np.nextafter,
  ldexp: np.ldexp,
};
const UN: Record<string, (x: np.ndarray) => np.ndarray> = {
  bitwise_not: np.bitwise_not,
  invert: np.invert,
  bitwise_invert: np.bitwise_invert,
  rint: np.rint,
  fix: np.fix,
  sinc: np.sinc,
  spacing: np.spacing,
  isneginf: np.isneginf,
  isposinf: np.isposinf,
  i0: np.i0,
};

/** Id prefix → the cohort call (positional and options forms both used). */
const CALLS: [RegExp, (i: In, p: P) => R][] = [
  [/^lexsort2-/, (i) => np.lexsort([i.a!, i.b!])],
  [/^lexsort3-/, (i) => np.lexsort([i.a!, i.b!, i.c!], -1)],
  [/^lexsortrows-/, (i) => np.lexsort(i.a!)],
  [/^lexsortax0-/, (i) => np.lexsort([i.a!, i.b!], { axis: 0 })],
  [
    /^partitionk-/,
    (i, p) => kth(np.partition(i.a!, num(p, 'k'), num(p, 'axis')), num(p, 'k'), num(p, 'axis')),
  ],
  [
    /^argpartitionk-/,
    (i, p) => {
      const ix = np.argpartition(i.a!, num(p, 'k'), { axis: num(p, 'axis') });
      const ax = num(p, 'axis');
      // take_along_axis through a transposed gather: move the axis last, index row by row.
      const a = np.moveaxis(i.a!, ax, -1);
      const idx = np.moveaxis(ix, ax, -1);
      const n = a.shape[a.ndim - 1]!;
      const rows = a.size / Math.max(n, 1);
      const base = np.arange(rows, { dtype: 'int32' }).reshape([rows, 1]).multiply(n);
      const g = np.take(a.reshape([a.size]), np.add(idx.reshape([rows, n]), base)).reshape(a.shape);
      return kth(np.moveaxis(g, -1, ax), num(p, 'k'), ax);
    },
  ],
  [/^intersect-/, (i) => np.intersect1d(i.a!, i.b!)],
  [/^intersectidx-/, (i) => np.intersect1d(i.a!, i.b!, false, true)],
  [/^intersectuniq-/, (i) => np.intersect1d(i.a!, i.b!, { assume_unique: true, return_indices: true })],
  [/^union-/, (i) => np.union1d(i.a!, i.b!)],
  [/^setdiff-/, (i) => np.setdiff1d(i.a!, i.b!)],
  [/^setdiffuniq-/, (i) => np.setdiff1d(i.a!, i.b!, true)],
  [/^setxor-/, (i) => np.setxor1d(i.a!, i.b!)],
  [/^setxoruniq-/, (i) => np.setxor1d(i.a!, i.b!, { assume_unique: true })],
  [/^uvalues-/, (i) => np.unique_values(i.x!)],
  [/^ucounts-/, (i) => fields(np.unique_counts(i.x!))],
  [/^uinverse-/, (i) => fields(np.unique_inverse(i.x!))],
  [/^uall-/, (i) => fields(np.unique_all(i.x!))],
  ...Object.entries(BIN).flatMap(([op, f]): [RegExp, (i: In, p: P) => R][] => [
    [new RegExp(`^${op}-\\w+-scalar$`), (i, p) => f(i.a!, num(p, 's'))],
    [new RegExp(`^${op}-\\w+-\\w+$`), (i) => f(i.a!, i.b!)],
  ]),
  ...Object.entries(UN).map(([op, f]): [RegExp, (i: In) => R] => [
    new RegExp(`^${op}-`),
    (i) => f(i.a ?? i.x!),
  ]),
  [/^divmod-/, (i) => np.divmod(i.a!, i.b!)],
  [/^modf-/, (i) => np.modf(i.x!)],
  [/^frexp-/, (i) => np.frexp(i.x!)],
  [/^poly-/, (i) => np.poly(i.a!)],
  [/^polyadd-/, (i) => np.polyadd(i.a!, i.b!)],
  [/^polysub-/, (i) => np.polysub(i.a!, i.b!)],
  [/^polymul-/, (i) => np.polymul(i.a!, i.b!)],
  [/^polydiv-/, (i) => np.polydiv(i.a!, i.b!)],
  [/^polyder-/, (i, p) => np.polyder(i.p!, num(p, 'm'))],
  [/^polyint-/, (i, p) => np.polyint(i.p!, { m: num(p, 'm') })],
  [/^polyintk-/, (i) => np.polyint(i.p!, 2, [1.5, -2])],
  [/^polyfit-/, (i, p) => np.polyfit(i.x!, i.y!, num(p, 'deg')) as np.ndarray],
  [/^polyfitint/, (i, p) => np.polyfit(i.x!, i.y!, num(p, 'deg')) as np.ndarray],
  [/^polyfitw-/, (i, p) => np.polyfit(i.x!, i.y!, num(p, 'deg'), { w: i.w! }) as np.ndarray],
  [/^polyfit2d-/, (i, p) => np.polyfit(i.x!, i.y!, num(p, 'deg')) as np.ndarray],
  [
    /^polyfitfull-/,
    (i, p) => {
      const r = np.polyfit(i.x!, i.y!, num(p, 'deg'), null, true) as (np.ndarray | number)[];
      return [r[0] as np.ndarray, r[1] as np.ndarray, np.array(r[2] as number, 'int32'), r[3] as np.ndarray];
    },
  ],
  [/^polyfitcov-/, (i, p) => np.polyfit(i.x!, i.y!, num(p, 'deg'), { cov: true }) as np.ndarray[]],
  [/^correlate-/, (i, p) => np.correlate(i.a!, i.b!, p.mode as 'full')],
  [/^hamming/, (_, p) => np.hamming(num(p, 'M'))],
  [/^hanning/, (_, p) => np.hanning(num(p, 'M'))],
  [/^blackman/, (_, p) => np.blackman(num(p, 'M'))],
  [/^bartlett/, (_, p) => np.bartlett(num(p, 'M'))],
  [/^kaiser/, (_, p) => np.kaiser(num(p, 'M'), { beta: num(p, 'beta') })],
  [/^vecdot-/, (i) => np.vecdot(i.a!, i.b!)],
  [/^vecdotax-/, (i) => np.vecdot(i.a!, i.b!, { axis: -2 })],
  [/^matvec-/, (i) => np.matvec(i.a!, i.b!)],
  [/^vecmat-/, (i) => np.vecmat(i.a!, i.b!.reshape([1, ...i.b!.shape]))],
  [/^unwrap-/, (i) => np.unwrap(i.p!)],
  [/^unwrapd-/, (i) => np.unwrap(i.p!, 4.0)],
  [/^unwrapp-/, (i) => np.unwrap(i.p!, { period: 6 })],
  [/^unwrapax-/, (i) => np.unwrap(i.p!, null, 0)],
];

/**
 * Ids compared within a tolerance: |got - NumPy| ≤ tol · ε · max(floor, |NumPy|) (ε of the dtype),
 * where the algorithm, a libm routine or a summation order differs.
 */
const APPROX: [RegExp, number, number][] = [
  [/^sinc-/, 4, 1e-300],
  [/^i0-/, 16, 1e-300],
  [/^kaiser/, 16, 1],
  [/^(hamming|hanning|blackman|bartlett)/, 8, 1],
  [/^polyfit/, 1e6, 1],
  [/^(vecdot|matvec|vecmat|correlate|polymul)/, 64, 1],
  [/^unwrap/, 64, 1],
];

function check(c: Case, got: np.ndarray, want: Arr, part: string, bad: string[]): void {
  const tag = `${c.id}${part}`;
  if (got.dtype !== want.dtype) {
    bad.push(`${tag}: dtype ${got.dtype}, NumPy ${want.dtype}`);
    return;
  }
  if (JSON.stringify(got.shape) !== JSON.stringify(want.shape)) {
    bad.push(`${tag}: shape [${got.shape}], NumPy [${want.shape}]`);
    return;
  }
  const g = Array.from(got.toArray() as ArrayLike<number>, Number);
  const w = want.values.map(dec);
  const eps = want.dtype === 'float32' ? 1.1920928955078125e-7 : 2.220446049250313e-16;
  const [, tol, floor] = APPROX.find(([re]) => re.test(c.id)) ?? [null, 0, 1];
  for (let k = 0; k < w.length; k++) {
    const x = g[k]!;
    const y = w[k]!;
    const ok =
      Object.is(x, y) ||
      (Number.isNaN(x) && Number.isNaN(y)) ||
      (tol > 0 && Number.isFinite(x) && Math.abs(x - y) <= tol * eps * Math.max(floor, Math.abs(y)));
    if (!ok) {
      bad.push(`${tag}[${k}] = ${Object.is(x, -0) ? '-0' : x}, NumPy ${Object.is(y, -0) ? '-0' : y}`);
      return;
    }
  }
}

describe.each(POOLS)('more NumPy functions against NumPy (workers=%i)', (workers) => {
  it(`matches NumPy ${fixture.numpy} on ${fixture.cases.length} cases`, () => {
    configure({ workers });
    const bad: string[] = [];
    for (const c of fixture.cases) {
      const entry = CALLS.find(([re]) => re.test(c.id));
      if (!entry) {
        bad.push(`${c.id}: no call`);
        continue;
      }
      const inputs: In = {};
      for (const [k, v] of Object.entries(c.inputs)) inputs[k] = input(v);
      let r: R;
      try {
        r = entry[1](inputs, c.params);
        if (c.expected.kind === 'error') {
          bad.push(`${c.id}: no error, NumPy raises ${c.expected.error}`);
          continue;
        }
      } catch (e) {
        const name = e instanceof Error ? e.name : '';
        if (c.expected.kind === 'error') {
          const want = c.expected.error.endsWith('TypeError') ? /DTypeError|ArgumentTypeError/ : /ValueError/;
          if (!want.test(name)) bad.push(`${c.id}: ${name}, NumPy ${c.expected.error}`);
        } else bad.push(`${c.id}: ${e instanceof Error ? e.message : String(e)}`);
        continue;
      }
      if (c.expected.kind === 'tuple') {
        const rs = r as np.ndarray[];
        if (!Array.isArray(rs) || rs.length !== c.expected.values.length) {
          bad.push(
            `${c.id}: ${Array.isArray(rs) ? rs.length : 1} results, NumPy ${c.expected.values.length}`,
          );
          continue;
        }
        c.expected.values.forEach((w, k) => {
          check(c, rs[k]!, w, `[${k}]`, bad);
        });
      } else if (c.expected.kind === 'array') check(c, r as np.ndarray, c.expected, '', bad);
    }
    expect(bad).toEqual([]);
  });
});
