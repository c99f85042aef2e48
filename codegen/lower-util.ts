/** Helpers of the lowerer: products, and the kernel's parameter list. */
import type { Level } from './formats.js';
import type { Expr, Param, Stmt } from './ir.js';
import { v } from './ir.js';
import type { IndexExpr } from './notation.js';

/** The factors of a product, left to right. */
export function flattenMul(e: IndexExpr): IndexExpr[] {
  return e.k === 'mul' ? [...flattenMul(e.a), ...flattenMul(e.b)] : [e];
}

/** The product of factors, left-associated. */
export function product(fs: readonly IndexExpr[]): IndexExpr {
  return fs.reduce((a, b) => ({ k: 'mul', a, b }));
}

export function collectNames(body: readonly Stmt[], used: Set<string>): void {
  const ex = (e: Expr): void => {
    if (e.k === 'var') used.add(e.name);
    else if (e.k === 'load' || e.k === 'len') used.add(e.array);
    if (e.k === 'load') ex(e.index);
    else if (e.k === 'neg') ex(e.a);
    else if (e.k === 'bin') [e.a, e.b].forEach(ex);
    else if (e.k === 'call') e.args.forEach(ex);
  };
  for (const s of body) {
    if (s.k === 'decl') ex(s.init);
    else if (s.k === 'assign') ex(s.value);
    else if (s.k === 'store') [v(s.array), s.index, s.value].forEach(ex);
    else if (s.k === 'for') [s.lo, s.hi].forEach(ex);
    else if (s.k === 'while' || s.k === 'if') ex(s.cond);
    if (s.k === 'for' || s.k === 'while') collectNames(s.body, used);
    if (s.k === 'if') {
      collectNames(s.thenBody, used);
      collectNames(s.elseBody, used);
    }
  }
}

/**
 * The parameters of a kernel: operands (rhs order, then the output), each with its level arrays, its
 * values, then its level scalars; then extents `N_<index>` in loop order; then `lo, hi`. Names the
 * body never uses are dropped (`lo, hi` always stay).
 * @param body - the kernel body
 * @param operands - tensor name, levels and values array name, in parameter order
 * @param order - the loop order
 * @returns the parameter list
 */
export function kernelParams(
  body: readonly Stmt[],
  operands: readonly { tensor: string; levels: readonly Level[]; values: string }[],
  order: readonly string[],
): Param[] {
  const used = new Set<string>();
  collectNames(body, used);
  const seen = new Set<string>();
  const cands: Param[] = [];
  const add = (name: string, kind: Param['kind']) => {
    if (seen.has(name)) return;
    seen.add(name);
    cands.push({ name, kind });
  };
  for (const o of operands) {
    for (const l of o.levels) for (const s of l.arrays) add(`${o.tensor}_${s}`, 'array');
    add(o.values, 'array');
    for (const l of o.levels) for (const s of l.scalars) add(`${o.tensor}_${s}`, 'scalar');
  }
  for (const x of order) add(`N_${x}`, 'scalar');
  return [
    ...cands.filter((p) => used.has(p.name)),
    { name: 'lo', kind: 'scalar' },
    { name: 'hi', kind: 'scalar' },
  ];
}
