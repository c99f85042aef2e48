/**
 * Conformance with NumPy and SciPy (issue #19): each case of cases.ts, the port of a docstring
 * example or test-file case, against the result NumPy/SciPy gave (fixtures written by
 * scripts/fixtures_conformance.py; no Python needed here). Cases that cannot pass are listed with
 * their reason in KNOWN.md and are expected to fail (so that one that starts passing is noticed).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { CASES } from './cases.js';

type Expected =
  | { kind: 'array'; shape: number[]; dtype: string; values: unknown }
  | { kind: 'scalar'; dtype: string; value: number | string }
  | { kind: 'bool'; value: boolean }
  | { kind: 'tuple'; values: Expected[] }
  | { kind: 'error'; error: string; python: string; message: string };

const here = import.meta.dirname;
const fixtures = JSON.parse(
  readFileSync(join(here, '..', 'fixtures', 'conformance', 'expected.json'), 'utf8'),
) as {
  numpy: string;
  scipy: string;
  cases: Record<string, { source: string; python: string; expected: Expected }>;
};

/** Ids listed in KNOWN.md (a line starting with `- \`id\``). */
const known = new Set(
  [...readFileSync(join(here, 'KNOWN.md'), 'utf8').matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]!),
);

/** NumPy's dtype → cohort's (int64 is cohort's int32, its default integer: a documented difference). */
const DTYPE: Record<string, string> = {
  int64: 'int32',
  int32: 'int32',
  float64: 'float64',
  float32: 'float32',
  bool: 'bool',
  uint8: 'uint8',
};

const decode = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(decode)
    : v === 'nan'
      ? Number.NaN
      : v === 'inf'
        ? Infinity
        : v === '-inf'
          ? -Infinity
          : v;

function close(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => close(x, b[i]));
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) === Number(b);
  if (typeof a !== 'number' || typeof b !== 'number') return false;
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  return a === b || Math.abs(a - b) <= 1e-12 * Math.abs(b);
}

function check(got: unknown, exp: Expected): void {
  switch (exp.kind) {
    case 'array': {
      expect(got).toBeInstanceOf(np.ndarray);
      const g = got as np.ndarray;
      expect([...g.shape]).toEqual(exp.shape);
      expect(g.dtype).toBe(DTYPE[exp.dtype] ?? exp.dtype);
      expect(close(g.tolist(), decode(exp.values)), `${g.tolist()} vs ${JSON.stringify(exp.values)}`).toBe(
        true,
      );
      return;
    }
    case 'scalar': {
      const v = got instanceof np.ndarray ? got.item() : got;
      if (got instanceof np.ndarray) expect(got.dtype).toBe(DTYPE[exp.dtype] ?? exp.dtype);
      expect(close(v, decode(exp.value)), `${v} vs ${exp.value}`).toBe(true);
      return;
    }
    case 'bool':
      expect(got instanceof np.ndarray ? got.item() : got).toBe(exp.value);
      return;
    case 'tuple':
      expect(Array.isArray(got)).toBe(true);
      expect((got as unknown[]).length).toBe(exp.values.length);
      exp.values.forEach((e, i) => {
        check((got as unknown[])[i], e);
      });
      return;
    case 'error':
      throw new Error('unreachable');
  }
}

function run(id: string): void {
  const c = fixtures.cases[id]!;
  const exp = c.expected;
  const f = CASES[id]!;
  if (exp.kind === 'error') {
    let err: unknown;
    try {
      f();
    } catch (e) {
      err = e;
    }
    expect(err, `${id}: NumPy/SciPy raise ${exp.python}: ${exp.message}`).toBeInstanceOf(Error);
    expect((err as Error).name).toBe(exp.error);
    return;
  }
  check(f(), exp);
}

describe(`conformance with NumPy ${fixtures.numpy} / SciPy ${fixtures.scipy}`, () => {
  it('every fixture case is ported (or listed in KNOWN.md) and every port has a fixture', () => {
    const missing = Object.keys(fixtures.cases).filter((id) => !(id in CASES) && !known.has(id));
    expect(missing).toEqual([]);
    expect(Object.keys(CASES).filter((id) => !(id in fixtures.cases))).toEqual([]);
  });
  for (const id of Object.keys(fixtures.cases)) {
    const c = fixtures.cases[id]!;
    if (!(id in CASES)) continue;
    if (known.has(id)) it.fails(`${id} (KNOWN.md): ${c.python}`, () => run(id));
    else it(`${id}: ${c.python}  [${c.source}]`, () => run(id));
  }
});
