/**
 * Issue #19: the TypeScript types stay in step with the signature tables. For every public
 * function bound to a signature line (np, sparse, sparse.linalg, io), the keys its options type
 * accepts (read from its declared type with the TypeScript checker, option-keys.ts) are compared
 * with the parameters Python lets one pass by keyword (the binder's `keywords`):
 * - every keyword parameter with a default must be a key (else it cannot be written without a
 *   cast). Required parameters (`a` of `sum`) are typed positionally and need not be keys;
 * - every key must be a keyword parameter (else it compiles and raises `unknown option` at run
 *   time).
 * The methods bound with the instance as `this` (dense/ndarray-methods.ts, sparse/methods.ts) are
 * checked the same way against the class's declared method.
 * Optional keyword parameters deliberately typed only positionally are listed in
 * TYPED_POSITIONALLY below, with the reason.
 *
 * Why the checker and not a generated `expectTypeOf` file: the keys come out of the declared
 * types as data, so one loop covers every bound export (including the ones added later) and the
 * failure names the function and the keys; no build (`dist/*.d.ts`) is needed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import * as dm from '../../dense/ndarray-methods.js';
import * as integrate from '../../integrate/index.js';
import { makeBinder, signatureOf } from '../../signature/index.js';
import * as sp from '../../sparse/index.js';
import * as io from '../../sparse/io/index.js';
import * as la from '../../sparse/linalg/index.js';
import * as sm from '../../sparse/methods.js';
import { exportType, memberType, optionKeys, program } from './option-keys.js';

const root = resolve(import.meta.dirname, '..', '..');
const MODULES: [string, Record<string, unknown>, string][] = [
  ['np', np, join(root, 'dense', 'index.ts')],
  ['sparse', sp, join(root, 'sparse', 'index.ts')],
  ['sparse.linalg', la, join(root, 'sparse', 'linalg', 'index.ts')],
  ['io', io, join(root, 'sparse', 'io', 'index.ts')],
  ['integrate', integrate, join(root, 'integrate', 'index.ts')],
];

type Entry = [label: string, path: string[], keywords: string[], optional: string[]];
/** Bound public functions: `[label, path, keyword names]`, recursing into namespaces (np.linalg). */
function bound(prefix: string, mod: Record<string, unknown>, path: string[] = []): Entry[] {
  const out: Entry[] = [];
  for (const [name, v] of Object.entries(mod)) {
    const sig = signatureOf(v);
    if (sig) {
      const kw = [...sig.keywords.keys()].sort();
      const optional = kw.filter((k) => !sig.params[sig.keywords.get(k)!]!.required);
      out.push([`${prefix}.${name}`, [...path, name], kw, optional]);
    } else if (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === null)
      out.push(...bound(`${prefix}.${name}`, v as Record<string, unknown>, [...path, name]));
  }
  return out;
}

/** `label: problem` for each bound function of the modules whose type disagrees with its line. */
function mismatches(
  modules: readonly [string, Record<string, unknown>, string][],
  positional: Readonly<Record<string, readonly string[]>>,
): string[] {
  const env = program(modules.map((m) => m[2]));
  const out: string[] = [];
  for (const [prefix, mod, file] of modules) {
    for (const [label, path, keywords, optional] of bound(prefix, mod)) {
      const t = exportType(env, file, path);
      if (t === null) {
        out.push(`${label}: no declared type found`);
        continue;
      }
      const keys = optionKeys(env.checker, t.type, t.at);
      const missing = optional.filter((k) => !keys.includes(k) && !positional[label]?.includes(k));
      const extra = keys.filter((k) => !keywords.includes(k));
      if (missing.length > 0) out.push(`${label}: options type lacks ${missing.join(', ')}`);
      if (extra.length > 0)
        out.push(`${label}: options type has ${extra.join(', ')}, not in its signature line`);
    }
  }
  return out;
}

/**
 * Optional keyword parameters typed only positionally, by function (each with its reason). The
 * sparse constructors' `arg1` is SciPy's required data argument; cohort lets it be omitted
 * (`csr_array({shape})`, an empty array), which the options type does not spell as a key.
 */
const TYPED_POSITIONALLY: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  ['csr', 'csc', 'coo', 'dia', 'bsr', 'lil', 'dok'].flatMap((f) => [
    [`sparse.${f}_array`, ['arg1']],
    [`sparse.${f}_matrix`, ['arg1']],
  ]),
);

/** `label: problem` for each method bound in `methods` (`this` an instance of `className`). */
function methodMismatches(file: string, className: string, methods: Record<string, unknown>): string[] {
  const env = program([file]);
  const out: string[] = [];
  for (const v of Object.values(methods)) {
    const sig = signatureOf(v);
    if (!sig) continue;
    const name = sig.name.slice(sig.name.lastIndexOf('.') + 1);
    const label = `${className}.${name}`;
    const t = memberType(env, file, className, name);
    if (t === null) {
      out.push(`${label}: no declared method found`);
      continue;
    }
    const keys = optionKeys(env.checker, t.type, t.at);
    const kw = [...sig.keywords.keys()];
    const missing = kw.filter((k) => !sig.params[sig.keywords.get(k)!]!.required && !keys.includes(k));
    const extra = keys.filter((k) => !kw.includes(k));
    if (missing.length > 0) out.push(`${label}: options type lacks ${missing.join(', ')}`);
    if (extra.length > 0)
      out.push(`${label}: options type has ${extra.join(', ')}, not in its signature line`);
  }
  return out;
}

describe('TypeScript option types match the signature lines', () => {
  it('for the methods bound with the instance as this (ndarray-methods.ts, sparse/methods.ts)', () => {
    expect(methodMismatches(join(root, 'dense', 'ndarray.ts'), 'ndarray', dm)).toEqual([]);
    expect(methodMismatches(join(root, 'sparse', 'base.ts'), 'sparray', sm)).toEqual([]);
  }, 120_000);

  it('for every bound public function of np, sparse, sparse.linalg and io', () => {
    expect(mismatches(MODULES, TYPED_POSITIONALLY)).toEqual([]);
  }, 120_000);

  it('fails on a mismatch (a type lacking a key, a key the line lacks)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cohort-types-'));
    const file = join(dir, 'mod.ts');
    writeFileSync(
      file,
      [
        'export declare const f: (a: number, opts?: { axis?: number }) => number;',
        'export declare const g: (a: number, opts?: { axis?: number; oops?: boolean }) => number;',
        'export declare const h: (a: number, axis?: number | { axis?: number }) => number;',
      ].join('\n'),
    );
    const binder = makeBinder({ kinds: { bool: (v) => v }, error: (m) => new Error(m), describe: String });
    const b = (line: string) => binder.bind(line, () => 0);
    const mod = {
      f: b('f(a, axis = None, keepdims: bool = False)'),
      g: b('g(a, axis = None)'),
      h: b('h(a, axis = None)'),
    };
    expect(mismatches([['m', mod, file]], {})).toEqual([
      'm.f: options type lacks keepdims',
      'm.g: options type has oops, not in its signature line',
    ]);
  });
});
