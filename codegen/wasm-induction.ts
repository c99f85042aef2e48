/**
 * Strength reduction for the Wasm back end: inside `for v in [lo, hi)`, an access `a[v + c]` (c a
 * non-negative integer constant) reads through a byte pointer that starts at `a + (lo << shift)`
 * and steps by the element size, with `c * size` as the load's constant offset. The address
 * arithmetic per access drops from a shift and an add to nothing, which V8's optimizing tier does
 * not do by itself: the CSR SpMV loop runs ~15% faster on one core this way (measured,
 * `benchmarks/codegen/spmv-and-fusion.ts`). Values are untouched, so results stay bitwise equal.
 */
import type { Expr, Stmt } from './ir.js';

/** `v + c` (either order, c ≥ 0 an integer) or `v` alone: the constant c, else null. */
export function inductionOffset(index: Expr, v: string): number | null {
  if (index.k === 'var') return index.name === v ? 0 : null;
  if (index.k !== 'bin' || index.op !== '+') return null;
  const [x, c] = index.a.k === 'var' ? [index.a, index.b] : [index.b, index.a];
  if (x.k !== 'var' || x.name !== v || c.k !== 'num') return null;
  return Number.isInteger(c.value) && c.value >= 0 && c.value < 2 ** 20 ? c.value : null;
}

/**
 * The arrays that `body` (the body of the loop over `v`) accesses at `v + c`, in first-use
 * order; none when `body` declares another `v` (a shadowed name would not be the loop's).
 * @param v - the loop variable
 * @param body - the loop's statements, nested loops and branches included
 * @returns the array names
 * @example inductionArrays('i', [store('y', v('i'), load('x', add(v('i'), 1)))]) // ['y', 'x']
 */
export function inductionArrays(v: string, body: readonly Stmt[]): string[] {
  const found = new Set<string>();
  let shadowed = false;
  const ex = (e: Expr): void => {
    if (e.k === 'load') {
      if (inductionOffset(e.index, v) !== null) found.add(e.array);
      ex(e.index);
    } else if (e.k === 'neg') ex(e.a);
    else if (e.k === 'bin') {
      ex(e.a);
      ex(e.b);
    } else if (e.k === 'call') for (const a of e.args) ex(a);
  };
  const st = (list: readonly Stmt[]): void => {
    for (const s of list) {
      switch (s.k) {
        case 'decl':
          if (s.name === v) shadowed = true;
          ex(s.init);
          break;
        case 'assign':
          ex(s.value);
          break;
        case 'store':
          if (inductionOffset(s.index, v) !== null) found.add(s.array);
          ex(s.index);
          ex(s.value);
          break;
        case 'for':
          if (s.v === v) shadowed = true;
          ex(s.lo);
          ex(s.hi);
          st(s.body);
          break;
        case 'while':
          ex(s.cond);
          st(s.body);
          break;
        case 'if':
          ex(s.cond);
          st(s.thenBody);
          st(s.elseBody);
          break;
        case 'comment':
          break;
      }
    }
  };
  st(body);
  return shadowed ? [] : [...found];
}

/** Calls `visit` on every expression of `list` (nested statements included). */
function eachExpr(list: readonly Stmt[], visit: (e: Expr) => void): void {
  for (const s of list) {
    if (s.k === 'decl') visit(s.init);
    else if (s.k === 'assign') visit(s.value);
    else if (s.k === 'store') {
      visit({ k: 'load', array: s.array, index: s.index });
      visit(s.value);
    } else if (s.k === 'for') {
      visit(s.lo);
      visit(s.hi);
      eachExpr(s.body, visit);
    } else if (s.k === 'while') {
      visit(s.cond);
      eachExpr(s.body, visit);
    } else if (s.k === 'if') {
      visit(s.cond);
      eachExpr(s.thenBody, visit);
      eachExpr(s.elseBody, visit);
    }
  }
}

/**
 * Whether `body` uses `v` only as the index of `a[v + c]` accesses: then the loop needs no
 * counter, its pointers carry the iteration.
 * @param v - the loop variable (not redeclared in `body`)
 * @param body - the loop's statements
 * @returns true when no other use of `v` exists
 */
export function onlyAsIndex(v: string, body: readonly Stmt[]): boolean {
  let other = false;
  const ex = (e: Expr): void => {
    if (e.k === 'var') other ||= e.name === v;
    else if (e.k === 'load') {
      if (inductionOffset(e.index, v) === null) ex(e.index);
    } else if (e.k === 'neg') ex(e.a);
    else if (e.k === 'bin') {
      ex(e.a);
      ex(e.b);
    } else if (e.k === 'call') for (const a of e.args) ex(a);
  };
  eachExpr(body, ex);
  return !other;
}

/**
 * Whether `e` keeps its value while `body` runs: it reads no variable that `body` assigns and no
 * array that `body` stores into.
 * @param e - an expression evaluated before the loop (its bound)
 * @param body - the loop's statements
 * @returns true when evaluating `e` once is the same as evaluating it every iteration
 */
export function invariantIn(e: Expr, body: readonly Stmt[]): boolean {
  const assigned = new Set<string>();
  const stored = new Set<string>();
  const st = (list: readonly Stmt[]): void => {
    for (const s of list) {
      if (s.k === 'assign') assigned.add(s.name);
      else if (s.k === 'store') stored.add(s.array);
      else if (s.k === 'for' || s.k === 'while') st(s.body);
      else if (s.k === 'if') {
        st(s.thenBody);
        st(s.elseBody);
      }
    }
  };
  st(body);
  const inv = (x: Expr): boolean => {
    switch (x.k) {
      case 'num':
      case 'len':
        return true;
      case 'var':
        return !assigned.has(x.name);
      case 'load':
        return !stored.has(x.array) && inv(x.index);
      case 'neg':
        return inv(x.a);
      case 'bin':
        return inv(x.a) && inv(x.b);
      case 'call':
        return x.args.every(inv);
    }
  };
  return inv(e);
}

/** Statements of a loop body small enough to emit twice per turn. */
const UNROLL_MAX_STATEMENTS = 6;

/**
 * Whether a counterless loop's `body` is emitted twice per turn: no loops inside (their own
 * pointers would restart per copy) and at most {@link UNROLL_MAX_STATEMENTS} statements.
 * @param body - the loop's statements
 * @returns true for an innermost, short body (a CSR row's `t += A_vals[p] * x[A_crd[p]]`)
 */
export function unrollable(body: readonly Stmt[]): boolean {
  let count = 0;
  let loops = false;
  const st = (list: readonly Stmt[]): void => {
    for (const s of list) {
      if (s.k === 'comment') continue;
      count++;
      if (s.k === 'for' || s.k === 'while') loops = true;
      else if (s.k === 'if') {
        st(s.thenBody);
        st(s.elseBody);
      }
    }
  };
  st(body);
  return !loops && count <= UNROLL_MAX_STATEMENTS;
}
