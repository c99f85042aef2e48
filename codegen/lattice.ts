/**
 * Merge lattices (TACO): which sets of co-iterated operands can hold a nonzero of an expression, and
 * the expression that remains on each set. Multiplication intersects (`a*b` lives where both live);
 * addition unions (`a+b` lives where both, only `a`, or only `b` live).
 */
import type { Access, IndexExpr } from './notation.js';

/** A lattice point: the iterators that are all at the current coordinate, and what to compute there. */
export interface LatticePoint {
  /** Access ids, ascending. */
  readonly iters: readonly number[];
  /** The expression with every other iterator's access replaced by zero and simplified. */
  readonly expr: IndexExpr;
}

function sets(e: IndexExpr, isIter: (a: Access) => boolean): number[][] {
  switch (e.k) {
    case 'access':
      return [isIter(e) ? [e.id] : []];
    case 'neg':
      return sets(e.a, isIter);
    default: {
      const a = sets(e.a, isIter);
      const b = sets(e.b, isIter);
      const cross = a.flatMap((x) => b.map((y) => [...new Set([...x, ...y])].sort((p, q) => p - q)));
      return e.k === 'mul' ? cross : [...cross, ...a, ...b];
    }
  }
}

/**
 * The expression left when every iterator not in `live` is zero, or `null` when it is zero.
 * @param e - the expression
 * @param live - ids of iterators present
 * @param isIter - which accesses are iterators at this loop
 * @returns the simplified expression, or null
 */
export function restrict(
  e: IndexExpr,
  live: ReadonlySet<number>,
  isIter: (a: Access) => boolean,
): IndexExpr | null {
  switch (e.k) {
    case 'access':
      return isIter(e) && !live.has(e.id) ? null : e;
    case 'neg': {
      const a = restrict(e.a, live, isIter);
      return a && { k: 'neg', a };
    }
    case 'mul': {
      const a = restrict(e.a, live, isIter);
      const b = restrict(e.b, live, isIter);
      return a && b && { k: 'mul', a, b };
    }
    default: {
      const a = restrict(e.a, live, isIter);
      const b = restrict(e.b, live, isIter);
      if (a && b) return { k: e.k, a, b };
      if (a) return a;
      return b && (e.k === 'sub' ? { k: 'neg', a: b } : b);
    }
  }
}

/**
 * Builds the merge lattice of `e` over the accesses for which `isIter` holds: distinct points,
 * largest first (ties in first-appearance order), each with its restricted expression.
 * @param e - the expression at this loop
 * @param isIter - which accesses are co-iterated at this loop
 * @returns the lattice points
 * @example
 * // A(i,j) + B(i,j) over j: [{A,B}: A+B, {A}: A, {B}: B];  A(i,j) * B(i,j): [{A,B}: A*B]
 */
export function buildLattice(e: IndexExpr, isIter: (a: Access) => boolean): LatticePoint[] {
  const seen = new Set<string>();
  const out: LatticePoint[] = [];
  const all = sets(e, isIter).map((s, i) => ({ s, i }));
  all.sort((x, y) => y.s.length - x.s.length || x.i - y.i);
  for (const { s } of all) {
    const key = s.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    const expr = restrict(e, new Set(s), isIter);
    if (expr) out.push(Object.freeze({ iters: Object.freeze(s), expr }));
  }
  return out;
}
