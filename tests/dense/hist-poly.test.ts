/**
 * histogram's bin estimators ('auto', 'fd', 'doane', 'scott', 'stone', 'rice', 'sturges',
 * 'sqrt'), `poly` of a square matrix and `polyfit`'s `cov` for 2-D y against NumPy's own results
 * (tests/fixtures/hist_poly/hist-poly.json, written by scripts/fixtures_hist_poly.py) at pool sizes
 * 0, 1 and 2: dtypes and shapes exactly; histogram counts and edges bitwise (densities within 4
 * ulp); `poly` of a matrix within the accuracy of both methods — coefficient k of an n×n matrix
 * within 16·ε·C(n,k)·‖A‖_Fᵏ (cohort computes the characteristic polynomial directly, NumPy from
 * eigenvalues); `polyfit` within 1e6·ε (least squares). NumPy's errors must be raised too.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, type DType } from '../../runtime/index.js';
import { type Arr, dec } from './fixture-cases.js';
import { POOLS } from './ref.js';

type Expected =
  | ({ kind: 'array' } & Arr)
  | { kind: 'tuple'; values: Arr[] }
  | { kind: 'error'; error: string };
interface Case {
  id: string;
  /** argument → name in the data table */
  inputs: Record<string, string>;
  params: Record<string, unknown>;
  expected: Expected;
}
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/hist_poly/hist-poly.json', import.meta.url), 'utf8'),
) as { numpy: string; data: Record<string, Arr>; cases: Case[] };

type In = Record<string, np.ndarray>;
type P = Case['params'];
type R = np.ndarray | np.ndarray[];
type Bins = number | 'auto';
const bins = (p: P) => p.bins as Bins;
const range = (p: P) => p.range as [number, number];
const polyfitCov = (i: In, p: P): R =>
  np.polyfit(i.x!, i.y!, p.deg as number, {
    cov: p.cov as true | 'unscaled',
    w: i.w ?? null,
  }) as np.ndarray[];

/** Id prefix → the cohort call (positional and options forms both used). */
const CALLS: [RegExp, (i: In, p: P) => R][] = [
  [/^hist-/, (i, p) => np.histogram(i.a!, bins(p))],
  [/^hbe-/, (i, p) => np.histogram_bin_edges(i.a!, p.bins as never)],
  [/^histr-/, (i, p) => np.histogram(i.a!, bins(p), range(p))],
  [/^histd-/, (i, p) => np.histogram(i.a!, { bins: bins(p), density: true })],
  [/^histerr-/, (i, p) => np.histogram(i.a!, bins(p))],
  [/^histw-/, (i, p) => np.histogram(i.a!, { bins: bins(p), weights: i.w! })],
  [/^histint-/, (i, p) => np.histogram(i.a!, bins(p))],
  [/^poly(m|err)?-/, (i) => np.poly(i.a!)],
  [/^polyfitcovw?[su]-/, polyfitCov],
  [/^polyfit-/, (i, p) => np.polyfit(i.x!, i.y!, p.deg as number) as np.ndarray],
];

const EPS: Record<string, number> = { float32: 1.1920928955078125e-7, float64: 2.220446049250313e-16 };

/** C(n, k) as a double. */
const binom = (n: number, k: number): number => {
  let r = 1;
  for (let j = 1; j <= k; j++) r = (r * (n - k + j)) / j;
  return r;
};

/**
 * The allowed error of element k: null for bitwise; `poly` of a matrix 16·ε·C(n,k)·‖A‖_Fᵏ;
 * densities 4 ulp; polyfit 1e6·ε·max(1, |NumPy|).
 */
function tolerance(c: Case, inputs: In, want: Arr): ((k: number, y: number) => number) | null {
  const eps = EPS[want.dtype] ?? 0;
  if (/^polym-/.test(c.id)) {
    const a = inputs.a!;
    const n = a.shape[0]!;
    const fro = Math.sqrt(
      Array.from(a.toArray() as ArrayLike<number>, Number).reduce((s, v) => s + v * v, 0),
    );
    return (k) => 16 * eps * binom(n, k) * fro ** k;
  }
  if (/^histd-/.test(c.id)) return (_, y) => 4 * eps * Math.abs(y);
  if (/^polyfit/.test(c.id)) return (_, y) => 1e6 * eps * Math.max(1, Math.abs(y));
  return null;
}

function check(c: Case, inputs: In, got: np.ndarray, want: Arr, part: string, bad: string[]): void {
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
  const tol = tolerance(c, inputs, want);
  for (let k = 0; k < w.length; k++) {
    const x = g[k]!;
    const y = w[k]!;
    const ok =
      Object.is(x, y) ||
      (Number.isNaN(x) && Number.isNaN(y)) ||
      (tol !== null && Number.isFinite(x) && Math.abs(x - y) <= tol(k, y));
    if (!ok) {
      bad.push(`${tag}[${k}] = ${x}, NumPy ${y}`);
      return;
    }
  }
}

const ERRORS: Record<string, RegExp> = {
  TypeError: /^(ArgumentTypeError|DTypeError)$/,
  ValueError: /^(ValueError|LinAlgError)$/,
  LinAlgError: /^LinAlgError$/,
};

const input = (a: Arr): np.ndarray =>
  np.array(a.values.map(dec), { dtype: a.dtype as DType }).reshape(a.shape);

describe.each(POOLS)(
  'histogram estimators, poly of a matrix, polyfit cov against NumPy (workers=%i)',
  (workers) => {
    it(`matches NumPy ${fixture.numpy} on ${fixture.cases.length} cases`, () => {
      configure({ workers });
      const data = new Map(Object.entries(fixture.data).map(([k, v]) => [k, input(v)]));
      const bad: string[] = [];
      for (const c of fixture.cases) {
        const entry = CALLS.find(([re]) => re.test(c.id));
        if (!entry) {
          bad.push(`${c.id}: no call`);
          continue;
        }
        const inputs: In = {};
        for (const [k, v] of Object.entries(c.inputs)) inputs[k] = data.get(v)!;
        let r: R;
        try {
          r = entry[1](inputs, c.params);
        } catch (e) {
          const name = e instanceof Error ? e.name : '';
          if (c.expected.kind !== 'error') bad.push(`${c.id}: ${e instanceof Error ? e.message : String(e)}`);
          else if (!ERRORS[c.expected.error]!.test(name))
            bad.push(`${c.id}: ${name}, NumPy ${c.expected.error}`);
          continue;
        }
        if (c.expected.kind === 'error') {
          bad.push(`${c.id}: no error, NumPy raises ${c.expected.error}`);
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
            check(c, inputs, rs[k]!, w, `[${k}]`, bad);
          });
        } else check(c, inputs, r as np.ndarray, c.expected, '', bad);
      }
      expect(bad).toEqual([]);
    });
  },
);
