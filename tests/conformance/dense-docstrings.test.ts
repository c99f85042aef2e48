/**
 * NumPy's docstring examples, ported: each case of dense-docstrings-cases.ts against the result
 * NumPy printed (fixtures written by scripts/fixtures_dense_docstrings.py; no Python needed
 * here), at pool sizes 0 (inline) and 2. Cases listed in DIFFERENCES differ on purpose and are
 * expected to fail.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configure } from '../../runtime/index.js';
import { CASES, DIFFERENCES, type Expected, runCase } from './dense-docstrings-cases.js';

const fixtures = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'dense_docstrings', 'cases.json'), 'utf8'),
) as { numpy: string; cases: Record<string, { source: string; python: string; expected: Expected }> };

describe(`NumPy ${fixtures.numpy} docstring examples`, () => {
  it('every fixture case is ported and every port has a fixture', () => {
    expect(Object.keys(fixtures.cases).filter((id) => !(id in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((id) => !(id in fixtures.cases))).toEqual([]);
    expect(Object.keys(DIFFERENCES).filter((id) => !(id in CASES))).toEqual([]);
  });
  for (const workers of [0, 2]) {
    describe(`workers=${workers}`, () => {
      for (const [id, c] of Object.entries(fixtures.cases)) {
        const run = () => {
          configure({ workers });
          expect(runCase(id, c.expected)).toBeNull();
        };
        const title = `${id}: ${c.python.replaceAll('\n', '; ')}`;
        if (id in DIFFERENCES) it.fails(`${title} (differs: ${DIFFERENCES[id]})`, run);
        else it(title, run);
      }
    });
  }
});
