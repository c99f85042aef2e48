/**
 * Extracts the `@example` blocks of TSDoc comments from source files, as the lines of code a
 * reader would type.
 */
import { readFileSync } from 'node:fs';

/** One `@example` block: where it is and its lines (comment stars removed). */
export interface Example {
  file: string;
  /** 1-based line of the `@example` tag. */
  line: number;
  /** The symbol the comment documents (the first word of the declaration after it). */
  symbol: string;
  code: string[];
}

/** Every `@example` block of the TSDoc comments in `file`. */
export function extractExamples(file: string): Example[] {
  const src = readFileSync(file, 'utf8');
  const out: Example[] = [];
  for (const m of src.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const startLine = src.slice(0, m.index).split('\n').length;
    const lines = m[1]!.split('\n').map((l) => l.replace(/^\s*\* ?/, ''));
    const after = src
      .slice(m.index! + m[0].length)
      .match(
        /^\s*(?:export\s+)?(?:(?:declare|abstract|async|static|readonly|get|set|const|let|function|class|interface|type)\s+)*([\w$]+)/,
      );
    const symbol = after?.[1] ?? '?';
    for (let i = 0; i < lines.length; i++) {
      const at = lines[i]!.indexOf('@example');
      if (at < 0) continue;
      const code: string[] = [];
      const rest = lines[i]!.slice(at + '@example'.length).trim();
      if (rest) code.push(rest);
      let j = i + 1;
      for (; j < lines.length && !/^\s*@\w/.test(lines[j]!); j++) code.push(lines[j]!);
      const body = code.filter((l) => !/^\s*```/.test(l));
      while (body.length && !body[body.length - 1]!.trim()) body.pop();
      out.push({ file, line: startLine + i, symbol, code: body });
      i = j - 1;
    }
  }
  return out;
}
