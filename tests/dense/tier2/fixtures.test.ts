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
          const got = call(ins);
          if (c.expected.kind === 'tuple') {
            const gs = got as np.ndarray[];
            expect(gs.length).toBe(c.expected.values.length);
            c.expected.values.forEach((w, k) => {
              check(`${c.id}[${k}]`, gs[k]!, w, 0);
            });
          } else check(c.id, got as np.ndarray, c.expected, 0);
        }
      });
    }
  });
}
