/**
 * Tensor index notation: the parser and its small AST. Grammar:
 *
 *     assignment := access '=' expr
 *     expr       := term (('+' | '-') term)*
 *     term       := factor ('*' factor)*
 *     factor     := access | '(' expr ')'
 *     access     := NAME '(' [INDEX (',' INDEX)*] ')'
 *
 * Index variables not on the left-hand side are summed over (Einstein convention).
 */
import { argError } from './errors.js';

/** One tensor access `A(i,j)`. `id` numbers the accesses of an assignment left to right (lhs is 0). */
export interface Access {
  readonly k: 'access';
  readonly id: number;
  readonly tensor: string;
  readonly vars: readonly string[];
}

/** A right-hand-side expression. */
export type IndexExpr =
  | Access
  | { readonly k: 'add' | 'sub' | 'mul'; readonly a: IndexExpr; readonly b: IndexExpr }
  | { readonly k: 'neg'; readonly a: IndexExpr };

/** A parsed assignment `lhs = rhs`. */
export interface Assignment {
  readonly lhs: Access;
  readonly rhs: IndexExpr;
  /** Every rhs access, left to right. */
  readonly accesses: readonly Access[];
  /** Index variables of the lhs, in order. */
  readonly outVars: readonly string[];
  /** Summed index variables, in order of first appearance. */
  readonly reductionVars: readonly string[];
}

const TOKEN = /\s*(?:([A-Za-z_]\w*)|(\S))/y;

/**
 * Parses an assignment in index notation.
 * @param src - e.g. `'y(i) = A(i,j) * x(j)'`
 * @returns the assignment
 * @throws {@link CodegenError} on a syntax error, a repeated index in one access, an lhs tensor that
 * also appears on the right, or an lhs index that the right-hand side never uses
 * @example
 * parse('y(i) = A(i,j) * x(j)').reductionVars // ['j']
 */
export function parse(src: string): Assignment {
  if (typeof src !== 'string') throw argError('parse', 'expr', 'a string in index notation', src);
  const toks: string[] = [];
  let end = 0;
  for (;;) {
    TOKEN.lastIndex = end;
    const m = TOKEN.exec(src);
    if (!m) break;
    toks.push(m[1] ?? m[2]!);
    end = TOKEN.lastIndex;
  }
  if (src.slice(end).trim() !== '' || toks.length === 0) {
    throw argError('parse', 'expr', 'an assignment like "y(i) = A(i,j) * x(j)"', src);
  }
  let at = 0;
  let nextId = 0;
  const fail = (what: string): never => {
    throw argError('parse', 'expr', `${what} at token ${at} (${JSON.stringify(toks[at] ?? 'end')})`, src);
  };
  const peek = () => toks[at];
  const eat = (t: string): boolean => {
    if (peek() !== t) return false;
    at++;
    return true;
  };
  const expect = (t: string) => {
    if (!eat(t)) fail(`'${t}'`);
  };
  const name = (): string => {
    const t = peek();
    if (t === undefined || !/^[A-Za-z_]\w*$/.test(t)) fail('a name');
    at++;
    return t!;
  };
  const access = (): Access => {
    const tensor = name();
    expect('(');
    const vars: string[] = [];
    if (!eat(')')) {
      do vars.push(name());
      while (eat(','));
      expect(')');
    }
    if (new Set(vars).size !== vars.length) fail(`distinct indices in ${tensor}`);
    return Object.freeze({ k: 'access', id: nextId++, tensor, vars: Object.freeze(vars) });
  };
  const factor = (): IndexExpr => {
    if (eat('(')) {
      const e = expr();
      expect(')');
      return e;
    }
    if (eat('-')) return Object.freeze({ k: 'neg', a: factor() });
    return access();
  };
  const term = (): IndexExpr => {
    let e = factor();
    while (eat('*')) e = Object.freeze({ k: 'mul', a: e, b: factor() });
    return e;
  };
  const expr = (): IndexExpr => {
    let e = term();
    for (;;) {
      if (eat('+')) e = Object.freeze({ k: 'add', a: e, b: term() });
      else if (eat('-')) e = Object.freeze({ k: 'sub', a: e, b: term() });
      else return e;
    }
  };
  const lhs = access();
  expect('=');
  const rhs = expr();
  if (at !== toks.length) fail('end of input');
  const accesses = accessesOf(rhs);
  if (accesses.some((a) => a.tensor === lhs.tensor)) fail(`no use of output '${lhs.tensor}' on the right`);
  const rhsVars: string[] = [];
  for (const a of accesses) for (const x of a.vars) if (!rhsVars.includes(x)) rhsVars.push(x);
  for (const x of lhs.vars)
    if (!rhsVars.includes(x)) fail(`every lhs index used on the right (missing '${x}')`);
  return Object.freeze({
    lhs,
    rhs,
    accesses: Object.freeze(accesses),
    outVars: lhs.vars,
    reductionVars: Object.freeze(rhsVars.filter((x) => !lhs.vars.includes(x))),
  });
}

/** The accesses of an expression, left to right. */
export function accessesOf(e: IndexExpr): Access[] {
  if (e.k === 'access') return [e];
  if (e.k === 'neg') return accessesOf(e.a);
  return [...accessesOf(e.a), ...accessesOf(e.b)];
}

/** Prints an expression back in index notation (canonical spacing; used in cache keys). */
export function printIndexExpr(e: IndexExpr, outer = 0): string {
  switch (e.k) {
    case 'access':
      return `${e.tensor}(${e.vars.join(',')})`;
    case 'neg':
      return `-${printIndexExpr(e.a, 3)}`;
    case 'mul': {
      const s = `${printIndexExpr(e.a, 2)} * ${printIndexExpr(e.b, 3)}`;
      return outer > 2 ? `(${s})` : s;
    }
    default: {
      const s = `${printIndexExpr(e.a, 1)} ${e.k === 'add' ? '+' : '-'} ${printIndexExpr(e.b, 2)}`;
      return outer > 1 ? `(${s})` : s;
    }
  }
}
