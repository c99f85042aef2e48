/**
 * Two printers of the kernel IR: {@link emitJS} (the kernel's JavaScript source) and {@link printIR}
 * (a compact, language-neutral listing for people reading what the lowerer made).
 */
import type { Expr, KernelIR, Stmt } from './ir.js';

const PREC: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '===': 3,
  '!==': 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
};

/** Prints an expression as JavaScript, with only the parentheses precedence needs. */
export function exprJS(e: Expr, outer = 0): string {
  switch (e.k) {
    case 'var':
      return e.name;
    case 'num':
      return Object.is(e.value, -0) ? '-0' : e.value < 0 ? `(${e.value})` : String(e.value);
    case 'load':
      return `${e.array}[${exprJS(e.index)}]`;
    case 'len':
      return `${e.array}.length`;
    case 'neg':
      return e.a.k === 'neg' ? `-(${exprJS(e.a)})` : `-${exprJS(e.a, 7)}`;
    case 'call':
      return `${e.fn}(${e.args.map((a) => exprJS(a)).join(', ')})`;
    case 'bin': {
      const p = PREC[e.op]!;
      // Right operand of a left-associative operator needs parentheses at equal precedence.
      const s = `${exprJS(e.a, p)} ${e.op} ${exprJS(e.b, p + 1)}`;
      return p < outer ? `(${s})` : s;
    }
  }
}

function stmtJS(s: Stmt, ind: string, out: string[]): void {
  const block = (body: readonly Stmt[]) => {
    for (const b of body) stmtJS(b, `${ind}  `, out);
  };
  switch (s.k) {
    case 'decl':
      out.push(`${ind}${s.mutable ? 'let' : 'const'} ${s.name} = ${exprJS(s.init)};`);
      return;
    case 'assign':
      if (s.op === '+=' && s.value.k === 'num' && s.value.value === 1) out.push(`${ind}${s.name}++;`);
      else out.push(`${ind}${s.name} ${s.op} ${exprJS(s.value)};`);
      return;
    case 'store':
      out.push(`${ind}${s.array}[${exprJS(s.index)}] ${s.op} ${exprJS(s.value)};`);
      return;
    case 'for':
      out.push(`${ind}for (let ${s.v} = ${exprJS(s.lo)}; ${s.v} < ${exprJS(s.hi, 5)}; ${s.v}++) {`);
      block(s.body);
      out.push(`${ind}}`);
      return;
    case 'while':
      out.push(`${ind}while (${exprJS(s.cond)}) {`);
      block(s.body);
      out.push(`${ind}}`);
      return;
    case 'if': {
      out.push(`${ind}if (${exprJS(s.cond)}) {`);
      block(s.thenBody);
      let rest = s.elseBody;
      // Print `else if` chains flat.
      while (rest.length === 1 && rest[0]!.k === 'if') {
        const nested = rest[0] as Extract<Stmt, { k: 'if' }>;
        out.push(`${ind}} else if (${exprJS(nested.cond)}) {`);
        block(nested.thenBody);
        rest = nested.elseBody;
      }
      if (rest.length > 0) {
        out.push(`${ind}} else {`);
        block(rest);
      }
      out.push(`${ind}}`);
      return;
    }
    case 'comment':
      out.push(`${ind}// ${s.text}`);
      return;
  }
}

/**
 * Emits the JavaScript source of a kernel: one function declaration with no free variables.
 * @param k - the kernel IR
 * @returns source text `function name(params) { ... }`
 * @example
 * emitJS(kernel('f', [{ name: 'y', kind: 'array' }], [store('y', num(0), num(1))]))
 * // "function f(y) {\n  y[0] = 1;\n}"
 */
export function emitJS(k: KernelIR): string {
  const out = [`function ${k.name}(${k.params.map((p) => p.name).join(', ')}) {`];
  for (const s of k.body) stmtJS(s, '  ', out);
  out.push('}');
  return out.join('\n');
}

function stmtIR(s: Stmt, ind: string, out: string[]): void {
  const block = (body: readonly Stmt[]) => {
    for (const b of body) stmtIR(b, `${ind}  `, out);
  };
  const e = (x: Expr) => exprJS(x);
  switch (s.k) {
    case 'decl':
      out.push(`${ind}${s.mutable ? 'var' : 'val'} ${s.name} := ${e(s.init)}`);
      return;
    case 'assign':
      out.push(`${ind}${s.name} ${s.op === '=' ? ':=' : '+='} ${e(s.value)}`);
      return;
    case 'store':
      out.push(`${ind}${s.array}[${e(s.index)}] ${s.op === '=' ? ':=' : '+='} ${e(s.value)}`);
      return;
    case 'for':
      out.push(`${ind}for ${s.v} in [${e(s.lo)}, ${e(s.hi)}):`);
      block(s.body);
      return;
    case 'while':
      out.push(`${ind}while ${e(s.cond)}:`);
      block(s.body);
      return;
    case 'if':
      out.push(`${ind}if ${e(s.cond)}:`);
      block(s.thenBody);
      if (s.elseBody.length > 0) {
        out.push(`${ind}else:`);
        block(s.elseBody);
      }
      return;
    case 'comment':
      out.push(`${ind}# ${s.text}`);
      return;
  }
}

/**
 * Prints the IR of a kernel as an indented listing (`for i in [lo, hi):`, `y[i] := t`).
 * @param k - the kernel IR
 * @returns the listing
 * @example
 * printIR(kernel('f', [{ name: 'y', kind: 'array' }], [store('y', num(0), num(1))]))
 * // "kernel f(y: array)\n  y[0] := 1"
 */
export function printIR(k: KernelIR): string {
  const out = [`kernel ${k.name}(${k.params.map((p) => `${p.name}: ${p.kind}`).join(', ')})`];
  for (const s of k.body) stmtIR(s, '  ', out);
  return out.join('\n');
}
