/**
 * Turns an `@example` block into a runnable check. A line `expr // value` (or `expr;  // value`),
 * or an expression line followed by a comment line `// value`, asserts that `expr` equals `value`.
 * A value is a JavaScript literal: numbers, strings, booleans, null, NaN, Infinity, arrays and
 * objects of them, or `Float64Array [1, 2]` for a typed array. Any other comment is prose.
 */
import ts from 'typescript';
import type { Example } from './extract.js';

const VALUE = /^(?:[[{'"`\d-]|true\b|false\b|null\b|NaN\b|Infinity\b|undefined\b|0x|[A-Z]\w*Array \[)/;
const DECL = /^(?:const|let|var|function|class|import|export|if|for|while|return|throw)\b/;

/** Splits `code // comment` at a `//` outside strings (a small scanner, no regexes in strings). */
function splitComment(line: string): [string, string | undefined] {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '/' && line[i + 1] === '/') return [line.slice(0, i).trimEnd(), line.slice(i + 2).trim()];
  }
  return [line, undefined];
}

/** `Int32Array [0, 1]` -> a value the checker recognizes; other values are JS source as is. */
function valueSource(text: string): string {
  const typed = /^([A-Z]\w*Array) (\[.*\])$/.exec(text);
  return typed ? `{ __typed: '${typed[1]}', values: ${typed[2]} }` : text;
}

/** The example as JavaScript source calling `__check(line, actual, expected)`; and its check count. */
export function exampleSource(ex: Example): { js: string; checks: number } {
  const out: string[] = [];
  let checks = 0;
  ex.code.forEach((raw, k) => {
    const [code, comment] = splitComment(raw);
    const expr = code.trim().replace(/;$/, '');
    const next = ex.code[k + 1] !== undefined ? splitComment(ex.code[k + 1]!) : undefined;
    // An expression whose value is shown on the next, comment-only line.
    const nextValue = comment === undefined && next && !next[0].trim() && next[1] && VALUE.test(next[1]);
    const value = comment !== undefined && VALUE.test(comment) ? comment : nextValue ? next![1] : undefined;
    if (value !== undefined && expr && !DECL.test(expr)) {
      checks++;
      out.push(`__check(${ex.line + k}, (${expr}), (${valueSource(value)}));`);
    } else out.push(code);
  });
  const js = ts.transpileModule(`{\n${out.join('\n')}\n}`, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
  return { js, checks };
}

/** Plain data for comparison: typed arrays become `{ __typed, values }`, ndarrays are not allowed. */
export function normalize(v: unknown): unknown {
  if (ArrayBuffer.isView(v) && !(v instanceof DataView))
    return { __typed: v.constructor.name, values: Array.from(v as unknown as ArrayLike<number>) };
  if (Array.isArray(v)) return v.map(normalize);
  return v;
}

/** Deep equality where numbers agree to 12 significant digits (examples show rounded values). */
export function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Object.is(a, b) || Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return Object.is(a, b);
}
