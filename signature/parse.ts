/**
 * Parses a signature line written as NumPy and SciPy print theirs:
 * `sum(a: array_like, /, axis: axis = None, *, keepdims: bool = False)`. A `/` ends the
 * positional-only parameters, a `*` starts the keyword-only ones, `*name` collects the remaining
 * positional arguments (`reshape(self, *shape)`). A kind ending in `?` also accepts `None` (`null`)
 * when the default is not `None` (`axis: axis? = 0`). Defaults are Python literals (`None`, `True`,
 * `False`, numbers, quoted strings); `None` becomes `undefined`, and a `None` given for a `None`
 * default reaches the implementation as `undefined`.
 */

/** How a parameter may be passed (Python's `inspect.Parameter` kinds). */
export type ParamMode = 'positional' | 'either' | 'keyword' | 'varargs';

/** One parameter of a signature. */
export interface Param {
  /** The Python name (the options key). */
  readonly name: string;
  /** How it may be passed. */
  readonly mode: ParamMode;
  /** The kind its value must have (a key of the binder's kind table; `any` checks nothing). */
  readonly kind: string;
  /** Whether a value must be given. */
  readonly required: boolean;
  /** The value used when none is given. */
  readonly default: unknown;
  /** Whether `None` (`null`/`undefined`) is accepted without a kind check (default `None`). */
  readonly nullable: boolean;
}

/** A parsed signature. */
export interface Signature {
  /** The function name used in error messages (`ndarray.sum` for methods). */
  readonly name: string;
  /** The parameters in order. */
  readonly params: readonly Param[];
  /** How many leading parameters may be passed by position (Infinity with `*args`). */
  readonly maxPositional: number;
  /** Index of the `*args` parameter, or -1. */
  readonly varargs: number;
  /** Parameter index by the names that may be given in the options object. */
  readonly keywords: ReadonlyMap<string, number>;
  /** The signature line as written. */
  readonly text: string;
}

const LINE = /^\s*([\w.]+)\s*\((.*)\)\s*$/s;

function literal(text: string, where: string): unknown {
  const t = text.trim();
  if (t === 'None') return undefined;
  if (t === 'True') return true;
  if (t === 'False') return false;
  if (/^'[^']*'$/.test(t) || /^"[^"]*"$/.test(t)) return t.slice(1, -1);
  if (t === 'inf') return Number.POSITIVE_INFINITY;
  const n = Number(t);
  if (t !== '' && !Number.isNaN(n)) return n;
  throw new SyntaxError(`signature ${where}: default ${JSON.stringify(t)} is not a literal`);
}

/**
 * Parses a signature line.
 * @param text `name(param: kind = default, ...)` with Python's `/` and `*` markers
 * @returns the parsed signature
 * @throws {SyntaxError} on a malformed line (a programming error, raised at module load)
 * @example parseSignature('clip(a: array_like, a_min, a_max, /)').params.length // 3
 */
export function parseSignature(text: string): Signature {
  const m = LINE.exec(text);
  if (m === null) throw new SyntaxError(`signature: cannot parse ${JSON.stringify(text)}`);
  const name = m[1]!;
  const parts = m[2]!
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const params: Param[] = [];
  let mode: ParamMode = 'either';
  let varargs = -1;
  for (const part of parts) {
    if (part === '/') {
      for (let i = 0; i < params.length; i++) params[i] = { ...params[i]!, mode: 'positional' };
      continue;
    }
    if (part === '*') {
      mode = 'keyword';
      continue;
    }
    const pm = /^(\*?)(\w+)\s*(?::\s*([\w|]+)(\??))?\s*(?:=\s*(.+))?$/.exec(part);
    if (pm === null)
      throw new SyntaxError(`signature ${name}: cannot parse parameter ${JSON.stringify(part)}`);
    const star = pm[1] === '*';
    const hasDefault = pm[5] !== undefined;
    const dflt = hasDefault ? literal(pm[5]!, name) : undefined;
    params.push({
      name: pm[2]!,
      mode: star ? 'varargs' : mode,
      kind: pm[3] ?? 'any',
      required: !hasDefault && !star,
      default: dflt,
      nullable: (hasDefault && dflt === undefined) || pm[4] === '?',
    });
    if (star) {
      varargs = params.length - 1;
      mode = 'keyword';
    }
  }
  let maxPositional = 0;
  while (maxPositional < params.length && params[maxPositional]!.mode !== 'keyword') maxPositional++;
  const keywords = new Map<string, number>();
  params.forEach((p, i) => {
    if (p.mode === 'either' || p.mode === 'keyword') keywords.set(p.name, i);
  });
  return {
    name,
    params,
    maxPositional: varargs >= 0 ? Number.POSITIVE_INFINITY : maxPositional,
    varargs,
    keywords,
    text,
  };
}
