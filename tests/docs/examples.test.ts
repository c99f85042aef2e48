/**
 * "The examples in the docs run as tests": every `@example` block of the TSDoc comments in
 * dense/, sparse/, sparse/linalg/, sparse/io/, sparse/csgraph/ and integrate/ runs as written, and every output it states in a
 * `// value` comment is asserted. Each example must state at least one output.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import * as integrate from '../../integrate/index.js';
import * as runtime from '../../runtime/index.js';
import * as csgraph from '../../sparse/csgraph/index.js';
import * as sparse from '../../sparse/index.js';
import * as io from '../../sparse/io/index.js';
import * as linalg from '../../sparse/linalg/index.js';
import { extractExamples } from './extract.js';
import { exampleSource, normalize, same } from './run-example.js';

const root = join(import.meta.dirname, '..', '..');
/** Each library folder and the public face its examples are written against (imported bare). */
const LIBS: [string, Record<string, unknown>][] = [
  ['dense', np],
  ['dense/linalg', np],
  ['sparse', sparse],
  ['sparse/linalg', linalg],
  ['sparse/io', io],
  ['sparse/csgraph', csgraph],
  ['integrate', integrate],
];
const NAMESPACES = { np, sparse, sp: sparse, linalg, io, os, fs };

/** True when `name` can be a function parameter (not `var`, `delete`, ...). */
function isParameterName(name: string): boolean {
  try {
    new Function(name, '');
    return true;
  } catch {
    return false;
  }
}

for (const [dir, face] of LIBS) {
  const files = fs
    .readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.ts'))
    .sort();
  describe(`@example blocks of ${dir}/`, () => {
    const examples = files.flatMap((f) => extractExamples(join(root, dir, f)));
    it('exist', () => expect(examples.length).toBeGreaterThan(0));
    for (const ex of examples) {
      const where = `${dir}/${ex.file.split('/').pop()}:${ex.line} (${ex.symbol})`;
      it(where, async () => {
        const { js, checks } = exampleSource(ex);
        expect(checks, `${where} states no output in a // comment`).toBeGreaterThan(0);
        const own = await import(ex.file);
        // The file's own exports, the library's public face, then the namespaces a reader imports.
        const scope: Record<string, unknown> = { ...runtime, ...own, ...face, ...NAMESPACES };
        let done = 0;
        const check = (line: number, actual: unknown, expected: unknown) => {
          const got = normalize(actual);
          expect(same(got, expected), `${dir} line ${line}: got ${JSON.stringify(got)}`).toBe(true);
          done++;
        };
        const names = Object.keys(scope).filter(isParameterName); // np.var stays np.var
        new Function(...names, '__check', js)(...names.map((k) => scope[k]), check);
        expect(done).toBe(checks);
      });
    }
  });
}
