/**
 * The kernel IR: a small, immutable, JavaScript-shaped imperative language. The lowerer builds it,
 * {@link verifyKernel} checks it, {@link printIR} prints it for people and {@link emitJS} turns it
 * into the source of one plain JavaScript function.
 */

/** Binary operators of the IR (JavaScript semantics on numbers). */
export type BinOp = '+' | '-' | '*' | '/' | '<' | '<=' | '>' | '>=' | '===' | '!==' | '&&' | '||';

/** Built-in functions an IR expression may call. */
export type Builtin = 'Math.min' | 'Math.max';

/** An IR expression. */
export type Expr =
  | { readonly k: 'var'; readonly name: string }
  | { readonly k: 'num'; readonly value: number }
  | { readonly k: 'load'; readonly array: string; readonly index: Expr }
  | { readonly k: 'len'; readonly array: string }
  | { readonly k: 'neg'; readonly a: Expr }
  | { readonly k: 'bin'; readonly op: BinOp; readonly a: Expr; readonly b: Expr }
  | { readonly k: 'call'; readonly fn: Builtin; readonly args: readonly Expr[] };

/** An IR statement. `for` declares its own loop variable and counts up by one. */
export type Stmt =
  | { readonly k: 'decl'; readonly name: string; readonly mutable: boolean; readonly init: Expr }
  | { readonly k: 'assign'; readonly name: string; readonly op: '=' | '+='; readonly value: Expr }
  | {
      readonly k: 'store';
      readonly array: string;
      readonly index: Expr;
      readonly op: '=' | '+=';
      readonly value: Expr;
    }
  | {
      readonly k: 'for';
      readonly v: string;
      readonly lo: Expr;
      readonly hi: Expr;
      readonly body: readonly Stmt[];
    }
  | { readonly k: 'while'; readonly cond: Expr; readonly body: readonly Stmt[] }
  | {
      readonly k: 'if';
      readonly cond: Expr;
      readonly thenBody: readonly Stmt[];
      readonly elseBody: readonly Stmt[];
    }
  | { readonly k: 'comment'; readonly text: string };

/** A kernel parameter: a typed array or a number. */
export interface Param {
  readonly name: string;
  readonly kind: 'array' | 'scalar';
}

/** A whole kernel: one function. */
export interface KernelIR {
  readonly name: string;
  readonly params: readonly Param[];
  readonly body: readonly Stmt[];
}

const freeze = <T>(x: T): T => Object.freeze(x);

/** A variable reference. */
export const v = (name: string): Expr => freeze({ k: 'var', name });
/** A numeric literal. */
export const num = (value: number): Expr => freeze({ k: 'num', value });
/** `array[index]`. */
export const load = (array: string, index: Expr): Expr => freeze({ k: 'load', array, index });
/** `array.length`. */
export const len = (array: string): Expr => freeze({ k: 'len', array });
/** `-a`. */
export const neg = (a: Expr): Expr => freeze({ k: 'neg', a });

const isNum = (e: Expr, n: number): boolean => e.k === 'num' && e.value === n;

/** `a op b`, folding `0 + x`, `x + 0`, `x - 0`, `1 * x`, `x * 1` and `0 * x` (indices only: never NaN). */
export function bin(op: BinOp, a: Expr, b: Expr): Expr {
  if (op === '+' && isNum(a, 0)) return b;
  if ((op === '+' || op === '-') && isNum(b, 0)) return a;
  if (op === '*' && (isNum(a, 1) || isNum(b, 1))) return isNum(a, 1) ? b : a;
  if (op === '*' && (isNum(a, 0) || isNum(b, 0))) return num(0);
  if (a.k === 'num' && b.k === 'num' && (op === '+' || op === '*'))
    return num(op === '+' ? a.value + b.value : a.value * b.value);
  return freeze({ k: 'bin', op, a, b });
}
/** A call of a builtin. */
export const call = (fn: Builtin, args: readonly Expr[]): Expr =>
  freeze({ k: 'call', fn, args: freeze([...args]) });

/** `const name = init` or `let name = init`. */
export const decl = (name: string, init: Expr, mutable = false): Stmt =>
  freeze({ k: 'decl', name, mutable, init });
/** `name = value` or `name += value`. */
export const assign = (name: string, value: Expr, op: '=' | '+=' = '='): Stmt =>
  freeze({ k: 'assign', name, op, value });
/** `array[index] = value` or `+=`. */
export const store = (array: string, index: Expr, value: Expr, op: '=' | '+=' = '='): Stmt =>
  freeze({ k: 'store', array, index, op, value });
/** `for (let v = lo; v < hi; v++) body`. */
export const forLoop = (name: string, lo: Expr, hi: Expr, body: readonly Stmt[]): Stmt =>
  freeze({ k: 'for', v: name, lo, hi, body: freeze([...body]) });
/** `while (cond) body`. */
export const whileLoop = (cond: Expr, body: readonly Stmt[]): Stmt =>
  freeze({ k: 'while', cond, body: freeze([...body]) });
/** `if (cond) then else otherwise`. */
export const ifThen = (cond: Expr, then: readonly Stmt[], otherwise: readonly Stmt[] = []): Stmt =>
  freeze({ k: 'if', cond, thenBody: freeze([...then]), elseBody: freeze([...otherwise]) });
/** A comment line. */
export const comment = (text: string): Stmt => freeze({ k: 'comment', text });

/** Builds a frozen {@link KernelIR}. */
export function kernel(name: string, params: readonly Param[], body: readonly Stmt[]): KernelIR {
  return freeze({ name, params: freeze(params.map((p) => freeze({ ...p }))), body: freeze([...body]) });
}
