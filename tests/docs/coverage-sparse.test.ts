/**
 * Issue 8, "TSDoc on every public export with a runnable example", for `cohort/sparse`,
 * `cohort/sparse/linalg` and `cohort/io`: every key of each namespace object that is a function or
 * a class, and every public method of an exported class's prototype chain, has an `@example` in
 * the TSDoc of its declaration — and that declaration lives where `examples.test.ts` runs the
 * examples, so the example is executed and its stated output checked.
 *
 * Declarations are found with the TypeScript checker (re-exports and aliases resolved), not by
 * name matching. A method's TSDoc is the one a reader sees: the comment of the nearest declaration
 * up the class chain that has one (an undocumented override inherits its base's, as TypeDoc shows
 * it). A method is public unless it is `private`/`protected`, named `_…`, or tagged `@internal`.
 */
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as integrate from '../../integrate/index.js';
import * as csgraph from '../../sparse/csgraph/index.js';
import * as sparse from '../../sparse/index.js';
import * as io from '../../sparse/io/index.js';
import * as linalg from '../../sparse/linalg/index.js';

const root = join(import.meta.dirname, '..', '..');
/** Each public face: its module file and its namespace object. */
const FACES: [string, string, Record<string, unknown>][] = [
  ['cohort/sparse', 'sparse/index.ts', sparse],
  ['cohort/sparse/linalg', 'sparse/linalg/index.ts', linalg],
  ['cohort/io', 'sparse/io/index.ts', io],
  ['cohort/sparse/csgraph', 'sparse/csgraph/index.ts', csgraph],
  ['cohort/integrate', 'integrate/index.ts', integrate],
];
/** The folders whose `@example` blocks examples.test.ts runs (their top-level .ts files). */
const RUN_DIRS = new Set(['dense', 'sparse', 'sparse/linalg', 'sparse/io', 'sparse/csgraph', 'integrate']);
/**
 * Known gaps, each with its reason; the test fails when one is no longer a gap (remove it then).
 * `FormatError` is re-exported by cohort/io from runtime/errors.ts, whose examples
 * examples.test.ts does not run: it needs a runnable example in a folder the harness covers.
 */
const KNOWN_GAPS = new Set(['FormatError (runtime/errors.ts:28): no @example']);

const program = ts.createProgram(
  FACES.map(([, file]) => join(root, file)),
  {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
  },
);
const checker = program.getTypeChecker();

/** Every class declaration of the project (not node_modules), by name. */
const classes = new Map<string, ts.ClassDeclaration[]>();
for (const sf of program.getSourceFiles()) {
  if (sf.fileName.includes('/node_modules/') || !sf.fileName.startsWith(root)) continue;
  const visit = (n: ts.Node) => {
    if (ts.isClassDeclaration(n) && n.name) {
      const list = classes.get(n.name.text) ?? [];
      list.push(n);
      classes.set(n.name.text, list);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}

/** The TSDoc (JSDoc) blocks attached to a declaration (for a variable: its statement's). */
function docsOf(decl: ts.Node): ts.JSDoc[] {
  return ts.getJSDocCommentsAndTags(decl).filter((d): d is ts.JSDoc => ts.isJSDoc(d));
}
function hasTag(docs: ts.JSDoc[], tag: string): boolean {
  return docs.some((d) => (d.tags ?? []).some((t) => t.tagName.text === tag));
}
/** `file:line` of a node, relative to the repository. */
function where(n: ts.Node): string {
  const sf = n.getSourceFile();
  return `${relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
}
/** Why the documenting declaration `decl` does not give a runnable example ('' when it does). */
function problem(decl: ts.Node | undefined, docs: ts.JSDoc[]): string {
  if (!decl || docs.length === 0) return 'no TSDoc';
  if (!hasTag(docs, 'example')) return 'no @example';
  const dir = relative(root, dirname(decl.getSourceFile().fileName));
  if (!RUN_DIRS.has(dir)) return `@example in ${dir}/, which examples.test.ts does not run`;
  return '';
}

/** The declaration of export `name` of `moduleFile` that carries its TSDoc, aliases resolved. */
function exportDeclaration(moduleFile: string, name: string): { decl?: ts.Node; docs: ts.JSDoc[] } {
  const sf = program.getSourceFile(join(root, moduleFile));
  const mod = sf && checker.getSymbolAtLocation(sf);
  let sym = mod && checker.getExportsOfModule(mod).find((s) => s.name === name);
  if (!sym) return { docs: [] };
  if (sym.flags & ts.SymbolFlags.Alias) sym = checker.getAliasedSymbol(sym);
  // The value side (a `const` + `type` pair such as csr_array documents the const); overloads:
  // the first signature with a comment documents the function.
  const decls = (sym.declarations ?? []).filter(
    (d) => !ts.isTypeAliasDeclaration(d) && !ts.isInterfaceDeclaration(d),
  );
  for (const d of decls) {
    const docs = docsOf(d);
    if (docs.length) return { decl: d, docs };
  }
  return { decl: decls[0], docs: [] };
}

/** The TS class declaration of a runtime prototype, or undefined for a built-in (Object, Error...). */
function classOf(proto: object): ts.ClassDeclaration | undefined | 'builtin' {
  const ctor = (proto as { constructor?: { name?: string } }).constructor;
  const name = ctor?.name ?? '';
  if ((globalThis as Record<string, unknown>)[name] === ctor) return 'builtin';
  const found = classes.get(name) ?? [];
  return found.length === 1 ? found[0] : undefined;
}

/**
 * A class's members, then those of the interfaces merged with it: methods grouped in other files
 * (sparse/base-*.ts) are declared, TSDoc and all, by a module augmentation of the class's module.
 */
function membersOf(cls: ts.ClassDeclaration): (ts.ClassElement | ts.TypeElement)[] {
  const sym = cls.name && checker.getSymbolAtLocation(cls.name);
  const merged = (sym?.declarations ?? []).filter(ts.isInterfaceDeclaration).flatMap((d) => [...d.members]);
  return [...cls.members, ...merged];
}

function isPrivate(d: ts.Node): boolean {
  const mods = ts.canHaveModifiers(d) ? (ts.getModifiers(d) ?? []) : [];
  return mods.some(
    (m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword,
  );
}

/** Problems of the public methods of the class whose prototype is `proto` ([] when all are fine). */
function methodProblems(label: string, proto: object): string[] {
  const out: string[] = [];
  const names = new Set<string>();
  const chain: object[] = [];
  for (let p: object | null = proto; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    const cls = classOf(p);
    if (cls === 'builtin') break;
    if (!cls) {
      out.push(`${label}: no unique class declaration for prototype ${p.constructor.name}`);
      return out;
    }
    chain.push(p);
    for (const k of Object.getOwnPropertyNames(p)) {
      const desc = Object.getOwnPropertyDescriptor(p, k)!;
      if (k !== 'constructor' && typeof desc.value === 'function') names.add(k);
    }
  }
  for (const name of [...names].sort()) {
    if (name.startsWith('_')) continue;
    // Walk up from the class: the first declaration with a comment is the method's TSDoc.
    let documented: { decl: ts.Node; docs: ts.JSDoc[] } | undefined;
    let first: ts.Node | undefined;
    let hidden = false;
    for (const p of chain) {
      const cls = classOf(p) as ts.ClassDeclaration;
      for (const m of membersOf(cls)) {
        if (!m.name || !ts.isIdentifier(m.name) || m.name.text !== name) continue;
        if (!ts.isMethodDeclaration(m) && !ts.isMethodSignature(m)) continue;
        first ??= m;
        if (isPrivate(m)) hidden = true;
        const docs = docsOf(m);
        if (!documented && docs.length) documented = { decl: m, docs };
      }
    }
    if (hidden || (documented && hasTag(documented.docs, 'internal'))) continue;
    const why = problem(documented?.decl, documented?.docs ?? []);
    if (why)
      out.push(
        `${label}.${name} (${where(documented?.decl ?? first ?? (classOf(chain[0]!) as ts.Node))}): ${why}`,
      );
  }
  return out;
}

describe('every public export of the sparse faces has a runnable @example', () => {
  for (const [face, file, ns] of FACES) {
    it(face, () => {
      const missing: string[] = [];
      const keys = Object.keys(ns).filter((k) => typeof ns[k] === 'function');
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys.sort()) {
        const { decl, docs } = exportDeclaration(file, key);
        if (!decl) {
          missing.push(`${key}: no declaration found`);
          continue;
        }
        const why = problem(decl, docs);
        if (why) missing.push(`${key} (${where(decl)}): ${why}`);
        const proto = (ns[key] as { prototype?: object }).prototype;
        // A class (or a SciPy-style constructor sharing a class's prototype): its public methods.
        if (proto && Object.getOwnPropertyNames(proto).some((k) => k !== 'constructor'))
          missing.push(...methodProblems(key, proto));
        else if (proto && Object.getPrototypeOf(proto) !== Object.prototype)
          missing.push(...methodProblems(key, proto));
      }
      // One class's methods are reached from several keys (csr_array, csr_matrix, CsrArray): once each.
      const unique = [...new Set(missing.map((m) => m.replace(/^[\w$]+\./, '.')))];
      const gaps = unique.filter((m) => KNOWN_GAPS.has(m));
      for (const g of gaps) unique.splice(unique.indexOf(g), 1);
      if (face === 'cohort/io')
        expect(gaps, 'a known gap was closed: remove it from KNOWN_GAPS').toEqual([...KNOWN_GAPS]);
      expect(unique, `${unique.length} without a runnable example:\n${unique.join('\n')}`).toEqual([]);
    });
  }
});
