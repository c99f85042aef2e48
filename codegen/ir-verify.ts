/**
 * The IR verifier: checks that a kernel is well formed before it is emitted. It runs on every lowered
 * kernel in the tests and on request in {@link generateKernel}.
 */
import { CodegenInternalError } from './errors.js';
import type { Expr, KernelIR, Stmt } from './ir.js';

const IDENT = /^[A-Za-z_$][\w$]*$/;
const RESERVED = new Set([
  'Math',
  'undefined',
  'NaN',
  'Infinity',
  'arguments',
  'this',
  'let',
  'const',
  'var',
]);

type Kind = 'array' | 'scalar' | 'let' | 'const' | 'loop';

/**
 * Verifies a kernel: every name is a valid identifier, declared exactly once (no shadowing) and
 * before use; arrays are only indexed through array parameters; only `let` variables are assigned;
 * loop variables are never assigned; literals are finite. So the emitted function has no free
 * variables.
 * @param k - the kernel IR
 * @returns `k`, for chaining
 * @throws {@link CodegenInternalError} naming the first violation
 * @example
 * verifyKernel(kernel('f', [{ name: 'y', kind: 'array' }], [store('y', num(0), num(1))])) // ok
 */
export function verifyKernel(k: KernelIR): KernelIR {
  const fail = (msg: string): never => {
    throw new CodegenInternalError(`cohort codegen: IR verification of kernel '${k.name}' failed: ${msg}`);
  };
  if (!IDENT.test(k.name)) fail(`bad kernel name ${JSON.stringify(k.name)}`);
  const scopes: Map<string, Kind>[] = [new Map()];
  const lookup = (name: string): Kind | undefined => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const kind = scopes[i]!.get(name);
      if (kind) return kind;
    }
    return undefined;
  };
  const declare = (name: string, kind: Kind) => {
    if (!IDENT.test(name) || RESERVED.has(name)) fail(`bad identifier ${JSON.stringify(name)}`);
    if (lookup(name)) fail(`'${name}' declared twice in nested scopes`);
    scopes[scopes.length - 1]!.set(name, kind);
  };
  for (const p of k.params) declare(p.name, p.kind);

  const expr = (e: Expr): void => {
    switch (e.k) {
      case 'var': {
        const kind = lookup(e.name);
        if (!kind) fail(`'${e.name}' used before declaration`);
        if (kind === 'array') fail(`array '${e.name}' used as a number`);
        return;
      }
      case 'num':
        if (!Number.isFinite(e.value)) fail(`non-finite literal ${e.value}`);
        return;
      case 'load':
      case 'len':
        if (lookup(e.array) !== 'array') fail(`'${e.array}' indexed but not an array parameter`);
        if (e.k === 'load') expr(e.index);
        return;
      case 'neg':
        expr(e.a);
        return;
      case 'bin':
        expr(e.a);
        expr(e.b);
        return;
      case 'call':
        if (e.args.length < 2) fail(`${e.fn} needs two arguments`);
        e.args.forEach(expr);
        return;
    }
  };
  const block = (body: readonly Stmt[]) => {
    scopes.push(new Map());
    body.forEach(stmt);
    scopes.pop();
  };
  const stmt = (s: Stmt): void => {
    switch (s.k) {
      case 'decl':
        expr(s.init);
        declare(s.name, s.mutable ? 'let' : 'const');
        return;
      case 'assign': {
        expr(s.value);
        const kind = lookup(s.name);
        if (kind !== 'let') fail(`assignment to '${s.name}', which is ${kind ?? 'undeclared'}`);
        return;
      }
      case 'store':
        if (lookup(s.array) !== 'array') fail(`store into '${s.array}', not an array parameter`);
        expr(s.index);
        expr(s.value);
        return;
      case 'for':
        expr(s.lo);
        expr(s.hi);
        scopes.push(new Map());
        declare(s.v, 'loop');
        block(s.body);
        scopes.pop();
        return;
      case 'while':
        expr(s.cond);
        block(s.body);
        return;
      case 'if':
        expr(s.cond);
        block(s.thenBody);
        block(s.elseBody);
        return;
      case 'comment':
        if (s.text.includes('\n')) fail('multi-line comment');
        return;
    }
  };
  block(k.body);
  return k;
}
