/**
 * The shared harness of the NumPy fixture tests (scripts/fixture_arrays.py writes the cases): the
 * JSON encoding of arrays (NaN, ±inf and -0 as strings), decoding an input, and — for the files
 * whose cases are arrays or tuples of arrays — running every case through the first call whose
 * id pattern matches and comparing dtype, shape and values (bitwise, or within rounding for the
 * ids of `approx`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, type DType } from '../../runtime/index.js';
import { POOLS } from './ref.js';

export interface Arr {
  dtype: string;
  shape: number[];
  values: (number | string | boolean)[];
}
export type Expected = ({ kind: 'array' } & Arr) | { kind: 'tuple'; values: Arr[] };
export type P = Record<string, unknown>;
export interface Case {
  id: string;
  inputs: Record<string, Arr>;
  params: P;
  expected: Expected;
}
export type In = Record<string, np.ndarray>;
export type R = np.ndarray | np.ndarray[];

/** A fixture file of tests/fixtures/dense/. */
export const loadFixture = <C = Case>(name: string): { numpy: string; cases: C[] } =>
  JSON.parse(readFileSync(new URL(`../fixtures/dense/${name}`, import.meta.url), 'utf8'));

/** A JSON-encoded value as a number. */
export const dec = (v: number | string | boolean): number =>
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

/** A JSON-encoded array as an ndarray. */
export const input = (a: Arr): np.ndarray =>
  np.array(a.values.map(dec), { dtype: a.dtype as DType }).reshape(a.shape);

function check(c: Case, got: np.ndarray, want: Arr, part: string, approxIds: RegExp, bad: string[]): void {
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
  const rtol = want.dtype === 'float32' ? 2e-6 : 1e-12;
  const approx = approxIds.test(c.id);
  for (let k = 0; k < w.length; k++) {
    const x = g[k]!;
    const y = w[k]!;
    const ok =
      x === y ||
      (Number.isNaN(x) && Number.isNaN(y)) ||
      (approx && Number.isFinite(x) && Math.abs(x - y) <= rtol * Math.max(1, Math.abs(y)) * 8);
    if (!ok) {
      bad.push(`${tag}[${k}] = ${x}, NumPy ${y}`);
      return;
    }
  }
}

/**
 * One test per pool size (0, 1, 2) running every case of `fixture` through `calls`.
 * @param title - the describe title (with `%i` for the pool size)
 * @param fixture - the loaded fixture
 * @param calls - id pattern → the cohort call
 * @param approx - ids compared within rounding (sums in another order than NumPy's)
 */
export function describeFixture(
  title: string,
  fixture: { numpy: string; cases: Case[] },
  calls: [RegExp, (i: In, p: P) => R][],
  approx: RegExp,
): void {
  describe.each(POOLS)(title, (workers) => {
    it(`matches NumPy ${fixture.numpy} on ${fixture.cases.length} cases`, () => {
      configure({ workers });
      const bad: string[] = [];
      for (const c of fixture.cases) {
        const entry = calls.find(([re]) => re.test(c.id));
        if (!entry) {
          bad.push(`${c.id}: no call`);
          continue;
        }
        const inputs: In = {};
        for (const [k, v] of Object.entries(c.inputs)) inputs[k] = input(v);
        let r: R;
        try {
          r = entry[1](inputs, c.params);
        } catch (e) {
          bad.push(`${c.id}: ${e instanceof Error ? e.message : String(e)}`);
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
            check(c, rs[k]!, w, `[${k}]`, approx, bad);
          });
        } else check(c, r as np.ndarray, c.expected, '', approx, bad);
      }
      expect(bad).toEqual([]);
    });
  });
}
