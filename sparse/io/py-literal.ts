/**
 * A parser for the small subset of Python literals that a `.npy` header holds:
 * `{'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }` — dicts, tuples, lists, strings,
 * integers, True/False/None. Returns undefined-free JS values; throws a plain Error with the
 * reason, which the caller wraps into a FormatError naming the file.
 */
export type PyValue = string | number | boolean | null | PyValue[] | { [key: string]: PyValue };

export function parsePyLiteral(text: string): PyValue {
  let p = 0;
  const ws = () => {
    while (p < text.length && /\s/.test(text[p]!)) p++;
  };
  const fail = (what: string): never => {
    throw new Error(`${what} at character ${p} of ${JSON.stringify(text.trim())}`);
  };
  const value = (): PyValue => {
    ws();
    const c = text[p];
    if (c === '{') {
      p++;
      const out: { [key: string]: PyValue } = {};
      for (;;) {
        ws();
        if (text[p] === '}') {
          p++;
          return out;
        }
        const k = value();
        if (typeof k !== 'string') fail('expected a string key');
        ws();
        if (text[p] !== ':') fail("expected ':'");
        p++;
        out[k as string] = value();
        ws();
        if (text[p] === ',') p++;
        else if (text[p] !== '}') fail("expected ',' or '}'");
      }
    }
    if (c === '(' || c === '[') {
      const close = c === '(' ? ')' : ']';
      p++;
      const out: PyValue[] = [];
      for (;;) {
        ws();
        if (text[p] === close) {
          p++;
          return out;
        }
        out.push(value());
        ws();
        if (text[p] === ',') p++;
        else if (text[p] !== close) fail(`expected ',' or '${close}'`);
      }
    }
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, p + 1);
      if (end < 0) fail('unterminated string');
      const s = text.slice(p + 1, end);
      p = end + 1;
      return s;
    }
    const m = /^(True|False|None|[+-]?\d+L?)/.exec(text.slice(p, p + 32));
    if (!m) return fail('unexpected token');
    p += m[0].length;
    if (m[0] === 'True') return true;
    if (m[0] === 'False') return false;
    if (m[0] === 'None') return null;
    return Number(m[0].replace('L', ''));
  };
  const v = value();
  ws();
  if (p !== text.length) fail('trailing text');
  return v;
}
