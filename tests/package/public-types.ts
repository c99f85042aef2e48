/**
 * The public declaration files of a built package: every `.d.ts` reachable by imports from the
 * `types` of package.json's `exports`, and the `any`s written in them (comments and string
 * literals aside).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/** Entry declaration files of the `exports` of a package.json (paths relative to its folder). */
export function exportedTypes(packageJson: string): string[] {
  const pkg = JSON.parse(readFileSync(packageJson, 'utf8')) as {
    exports: Record<string, { types: string }>;
  };
  return Object.values(pkg.exports).map((e) => e.types);
}

const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every declaration file reachable from `entries` through relative imports and re-exports. */
export function reachableDeclarations(pkgRoot: string, entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const todo = entries.map((e) => resolve(pkgRoot, e));
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      todo.push(resolve(dirname(file), m[1]!.replace(/\.js$/, '.d.ts')));
    }
  }
  return [...seen].map((f) => relative(pkgRoot, f)).sort();
}

/** Source text with comments and string literals blanked out. */
function codeOnly(src: string): string {
  return src
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
}

/** `any` as a type: after `:`, `<`, `=`, `|`, `&` or `,` in a type list, or before `[]`, `|`, `&`, `>`. */
const ANY_TYPE = /(?:[:<=|&]\s*any\b)|(?:\bany\s*(?:\[\]|[|&>]))/;

/** Lines of `file` that use `any` as a type: `"line: text"`. */
export function anyTypes(file: string): string[] {
  const lines = codeOnly(readFileSync(file, 'utf8')).split('\n');
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (ANY_TYPE.test(l)) out.push(`${i + 1}: ${l.trim()}`);
  });
  return out;
}
