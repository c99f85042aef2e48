/**
 * Tier 2 dense functions against NumPy's own results (tests/fixtures/dense/tier2.json, written by
 * scripts/fixtures_tier2.py), at pool sizes 0, 1 and 2. Each case id's prefix names the call.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as np from '../../../dense/index.js';
import { configure, type DType } from '../../../runtime/index.js';
import { POOLS } from '../ref.js';

interface Arr {
  dtype: string;
  shape: number[];
  values: (number | string | boolean)[];
}
type Expected = ({ kind: 'array' } & Arr) | { kind: 'tuple'; values: Arr[] };
interface Case {
  id: string;
  call: string;
  inputs: Record<string, Arr>;
  expected: Expected;
}

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/dense/tier2.json', import.meta.url), 'utf8'),
) as { numpy: string; cases: Case[] };

const dec = (v: number | string | boolean): number =>
  v === 'nan'
    ? Number.NaN
    : v === 'inf'
      ? Infinity
      : v === '-inf'
        ? -Infinity
        : v === '-0'
          ? -0
          : typeof v === 'boolean'
            ? Number(v)
            : (v as number);

const input = (a: Arr): np.ndarray => {
  const flat = np.array(a.values.map(dec), { dtype: a.dtype as DType });
  return flat.reshape(a.shape);
};

type In = Record<string, np.ndarray>;
/** einsum cases carry their subscripts (looked up by the inputs object). */
const SUBS = new WeakMap<In, string>();
/** Call prefix (the id up to the dtype) → the cohort call. */
const CALLS: [RegExp, (i: In) => np.ndarray | np.ndarray[]][] = [
  [/^sort-/, (i) => np.sort(i.a!)],
  [/^argsort-/, (i) => np.argsort(i.a!, { kind: 'stable' })],
  [/^sort0-/, (i) => np.sort(i.a!, 0)],
  [/^argsort0-/, (i) => np.argsort(i.a!, 0, 'stable')],
  [/^sortN-/, (i) => np.sort(i.a!, null)],
  [/^unique-all-/, (i) => np.unique(i.a!, true, true, true) as np.ndarray[]],
  [/^unique-/, (i) => np.unique(i.a!)],
  [/^searchsorted-right-/, (i) => np.searchsorted(i.a!, i.v!, 'right')],
  [/^searchsorted-/, (i) => np.searchsorted(i.a!, i.v!)],
  [/^mod-/, (i) => np.mod(i.a!, i.b!)],
  [/^round-/, (i) => np.round(i.a!)],
  [/^round2-/, (i) => np.round(i.a!, 2)],
  [/^round3-/, (i) => np.round(i.a!, 3)],
  [/^roundm1-/, (i) => np.round(i.a!, -1)],
  [/^log10-/, (i) => np.log10(i.a!)],
  [/^log2-/, (i) => np.log2(i.a!)],
  [/^isinf-/, (i) => np.isinf(i.a!)],
  ...(['N', '0', '-1'] as const).flatMap((at) => {
    const axis = at === 'N' ? null : Number(at);
    const re = (p: string) => new RegExp(`^${p}${at === '-1' ? '-1' : at}-`);
    return [
      [re('nansum'), (i: In) => np.nansum(i.a!, axis)],
      [re('nanmean'), (i: In) => np.nanmean(i.a!, axis)],
      [re('nanmax'), (i: In) => np.nanmax(i.a!, axis)],
      [re('nanmin'), (i: In) => np.nanmin(i.a!, axis)],
      [re('median'), (i: In) => np.median(i.a!, axis)],
      [re('pct'), (i: In) => np.percentile(i.a!, 37, axis)],
      [re('pctq'), (i: In) => np.percentile(i.a!, i.q!, axis)],
      [re('cumprod'), (i: In) => np.cumprod(i.a!, axis)],
    ] as [RegExp, (i: In) => np.ndarray][];
  }),
  [/^median-even-/, (i) => np.median(i.a!)],
  [/^bincount-w/, (i) => np.bincount(i.x!, i.w!)],
  [/^bincount-min/, (i) => np.bincount(i.x!, { minlength: 8 })],
  [/^bincount-big/, (i) => np.bincount(i.x!)],
  [/^flip-/, (i) => np.flip(i.a!)],
  [/^flip0-/, (i) => np.flip(i.a!, 0)],
  [/^roll-/, (i) => np.roll(i.a!, 5)],
  [/^rollm-/, (i) => np.roll(i.a!, -2, { axis: -1 })],
  [/^tile-/, (i) => np.tile(i.a!, [2, 1, 3])],
  [/^repeat-/, (i) => np.repeat(i.a!, 3)],
  [/^repeat0-/, (i) => np.repeat(i.a!, 2, { axis: 0 })],
  [/^nonzero-/, (i) => np.nonzero(i.a!)],
  [/^diff-prepend/, (i) => np.diff(i.a!, { prepend: 0, append: [20, 30] })],
  [/^diff-/, (i) => np.diff(i.a!)],
  [/^diff2-/, (i) => np.diff(i.a!, 2, { axis: 0 })],
  [/^take0-/, (i) => np.take(i.a!, i.i!, 0)],
  [/^take-/, (i) => np.take(i.a!, i.i!)],
  [/^takewrap-/, (i) => np.take(i.a!, i.i!, { mode: 'wrap' })],
  [/^takeclip-/, (i) => np.take(i.a!, i.i!, { mode: 'clip' })],
  [
    /^put-/,
    (i) => {
      const b = i.a!.copy();
      np.put(b, i.i!, i.v!);
      return b;
    },
  ],
  [/^meshgrid-xy/, (i) => np.meshgrid(i.x!, i.y!, i.z!)],
  [/^meshgrid-ij/, (i) => np.meshgrid(i.x!, i.y!, i.z!, { indexing: 'ij' })],
  [
    /^einsum\d+-/,
    (i) => {
      const ops = Object.keys(i)
        .sort()
        .map((k) => i[k]!);
      return np.einsum(SUBS.get(i) ?? '', ...ops);
    },
  ],
  [/^meshgrid-sparse/, (i) => np.meshgrid(i.x!, i.y!, { sparse: true })],
];
/** Relative tolerance by case prefix (sums and interpolations may round differently from NumPy's order). */
const TOL: [RegExp, number][] = [
  [/^(nansum|nanmean|bincount-w)/, 1e-12],
  [/^(pct|median|cumprod|log|einsum)/, 1e-12],
];

/** Bitwise for exact results (signed zeros aside: NumPy's quicksort does not order ±0). */
function check(id: string, got: np.ndarray, want: Arr, tol: number): void {
  const dt = want.dtype === 'int64' ? 'int32' : want.dtype;
  expect(`${id}: ${got.dtype} ${JSON.stringify(got.shape)}`).toBe(
    `${id}: ${dt} ${JSON.stringify(want.shape)}`,
  );
  const g = got.toArray();
  want.values.forEach((w, k) => {
    const x = Number(g[k]);
    const y = dec(w);
    const ok = Number.isNaN(y)
      ? Number.isNaN(x)
      : x === y || (tol > 0 && Math.abs(x - y) <= tol * Math.max(1, Math.abs(y)));
    if (!ok) throw new Error(`${id} [${k}]: ${x} vs NumPy ${y}`);
  });
}

for (const workers of POOLS) {
  describe(`Tier 2 NumPy fixtures (workers=${workers}, NumPy ${fixture.numpy})`, () => {
    for (const [re, call] of CALLS) {
      const cs = fixture.cases.filter((c) => re.test(c.id) && CALLS.find(([r]) => r.test(c.id))![0] === re);
      if (cs.length === 0) continue;
      it(`${re.source} (${cs.length} cases)`, () => {
        configure({ workers });
        for (const c of cs) {
          const ins = Object.fromEntries(Object.entries(c.inputs).map(([k, v]) => [k, input(v)]));
          if ((c as { subscripts?: string }).subscripts)
            SUBS.set(ins, (c as { subscripts?: string }).subscripts!);
          const got = call(ins);
          if (c.expected.kind === 'tuple') {
            const gs = got as np.ndarray[];
            expect(gs.length).toBe(c.expected.values.length);
            c.expected.values.forEach((w, k) => {
              check(`${c.id}[${k}]`, gs[k]!, w, 0);
            });
          } else {
            const w = c.expected;
            const tol = TOL.find(([r]) => r.test(c.id))?.[1] ?? 0;
            check(c.id, got as np.ndarray, w, w.dtype === 'float32' && tol > 0 ? 1e-6 : tol);
          }
        }
      });
    }
  });
}
