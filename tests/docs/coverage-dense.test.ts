/**
 * Issue 8, "TSDoc on every public export with a runnable example", for `cohort/numpy`: every key
 * of the `np` namespace object that is a function or a class (and those of its `linalg` and
 * `random` namespaces), and every public method, getter and static method of those classes, has
 * an `@example` in the TSDoc of its own declaration. The example must be one that
 * examples.test.ts runs (it states an output) and must name what it documents.
 *
 * The list of what needs an example comes from the runtime objects (so nothing public can be left
 * out); the declarations come from the TypeScript checker resolving dense/index.ts's exports (so
 * re-exports and `export { var_ as var }` find the declaration they alias).
 */
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { program as tsProgram } from '../signature/option-keys.js';
import { type Example, extractExamples } from './extract.js';
import { exampleSource } from './run-example.js';

const root = resolve(import.meta.dirname, '..', '..');
const indexFile = join(root, 'dense', 'index.ts');

const { program, checker } = tsProgram([indexFile]);

/** The non-alias symbol an export stands for. */
function target(sym: ts.Symbol): ts.Symbol {
  return sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
}

/** The exports of a module (or of `export * as ns`) by name. */
function exportsOf(sym: ts.Symbol): Map<string, ts.Symbol> {
  return new Map(checker.getExportsOfModule(target(sym)).map((s) => [s.name, s]));
}

const indexSource = program.getSourceFile(indexFile)!;
const npExports = exportsOf(checker.getSymbolAtLocation(indexSource)!);

/** Every `@example` the docs harness runs, by `file:line` of its tag. */
const examples = new Map<string, Example>();
const exampleFiles = new Set(
  program
    .getSourceFiles()
    .map((f) => resolve(f.fileName))
    .filter((f) => f.startsWith(join(root, 'dense') + '/')),
);
for (const f of exampleFiles) for (const ex of extractExamples(f)) examples.set(`${f}:${ex.line}`, ex);

/** The `@example` tags in the TSDoc of `decl` (for a variable, that of its statement). */
function exampleTags(decl: ts.Node): Example[] {
  const out: Example[] = [];
  for (const tag of ts.getJSDocTags(decl)) {
    if (tag.tagName.text !== 'example') continue;
    // Only a tag of a comment that directly precedes this declaration counts.
    const sf = tag.getSourceFile();
    const file = resolve(sf.fileName);
    const line = sf.getLineAndCharacterOfPosition(tag.getStart(sf)).line + 1;
    const ex = examples.get(`${file}:${line}`);
    if (ex) out.push(ex);
  }
  return out;
}

/** The problem with the documentation of `decl` as `label`, or null when it has a good example. */
function problem(label: string, name: string, decls: readonly ts.Node[]): string | null {
  if (decls.length === 0) return `${label}: no declaration found`;
  const found = decls.flatMap(exampleTags);
  if (found.length === 0) return `${label}: no @example in the TSDoc of its declaration`;
  const word = new RegExp(`(^|[^\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
  const ok = found.some((ex) => exampleSource(ex).checks > 0 && ex.code.some((l) => word.test(l)));
  return ok ? null : `${label}: its @example states no output or does not use \`${name}\``;
}

/** Public members of a class at runtime: prototype methods/getters and static methods. */
function runtimeMembers(cls: new (...args: never[]) => unknown): { name: string; isStatic: boolean }[] {
  const pub = (k: string) => !k.startsWith('_') && k !== 'constructor';
  const proto = Object.getOwnPropertyNames(cls.prototype)
    .filter(pub)
    .map((name) => ({ name, isStatic: false }));
  const statics = Object.getOwnPropertyNames(cls)
    .filter((k) => pub(k) && !['length', 'name', 'prototype'].includes(k))
    .filter((k) => typeof Object.getOwnPropertyDescriptor(cls, k)?.value === 'function')
    .map((name) => ({ name, isStatic: true }));
  return [...proto, ...statics];
}

/**
 * The declarations of member `name` of the class declared by `decls`: in the class body or in an
 * interface merged into it (dense/ndarray-*.ts declare the methods they install that way).
 */
function memberDecls(decls: readonly ts.Node[], name: string, isStatic: boolean): ts.Node[] {
  const owners = decls.filter((d) => ts.isClassDeclaration(d) || ts.isInterfaceDeclaration(d));
  return (owners as (ts.ClassDeclaration | ts.InterfaceDeclaration)[]).flatMap((c) =>
    (c.members as ts.NodeArray<ts.ClassElement | ts.TypeElement>).filter((m) => {
      if (!m.name || m.name.getText() !== name) return false;
      const st = (ts.getCombinedModifierFlags(m) & ts.ModifierFlags.Static) !== 0;
      return st === isStatic;
    }),
  );
}

/** A member TypeScript keeps private (`private`/`protected`, or tagged `@internal`). */
function isPrivate(decls: readonly ts.Node[]): boolean {
  return (
    decls.length > 0 &&
    decls.every(
      (d) =>
        (ts.getCombinedModifierFlags(d as ts.Declaration) &
          (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !==
          0 || ts.getJSDocTags(d).some((t) => t.tagName.text === 'internal'),
    )
  );
}

interface Item {
  label: string;
  name: string;
  decls: readonly ts.Node[];
}

/** What must be documented: functions and classes of `face`, recursing into namespace objects. */
function items(face: Record<string, unknown>, exportsMap: Map<string, ts.Symbol>, prefix: string): Item[] {
  const out: Item[] = [];
  for (const key of Object.keys(face).sort()) {
    const value = face[key];
    const sym = exportsMap.get(key);
    const decls = sym ? (target(sym).declarations ?? []) : [];
    if (typeof value === 'function') {
      out.push({ label: `${prefix}${key}`, name: key, decls });
      if (/^class\b/.test(Function.prototype.toString.call(value))) {
        for (const m of runtimeMembers(value as new () => unknown)) {
          const label = `${prefix}${key}${m.isStatic ? '.' : '.prototype.'}${m.name}`;
          const mDecls = memberDecls(decls, m.name, m.isStatic);
          if (!isPrivate(mDecls)) out.push({ label, name: m.name, decls: mDecls });
        }
      }
    } else if (value && typeof value === 'object' && sym && Object.getPrototypeOf(value) === null) {
      // `export * as linalg`: a module namespace object.
      out.push(...items(value as Record<string, unknown>, exportsOf(sym), `${prefix}${key}.`));
    }
  }
  return out;
}

const all = items(np as unknown as Record<string, unknown>, npExports, 'np.');

describe('every public export of cohort/numpy has a runnable @example', () => {
  it('finds the exports (sanity)', () => {
    const labels = all.map((i) => i.label);
    for (const l of ['np.add', 'np.var', 'np.ndarray', 'np.ndarray.prototype.T', 'np.linalg.norm'])
      expect(labels).toContain(l);
    expect(labels).toContain('np.random.Generator.prototype.integers');
    expect(all.length).toBeGreaterThan(150);
  });
  it('each has one', () => {
    const missing = all.map((i) => problem(i.label, i.name, i.decls)).filter((p) => p !== null);
    expect(missing, `${missing.length} without an example:\n${missing.join('\n')}`).toEqual([]);
  });
});
