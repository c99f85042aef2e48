/**
 * Loop-invariant subexpressions of a contiguous fused kernel: a subtree whose leaves are all
 * scalars or broadcast inputs (one element read once, e.g. a solver's 0-d `alpha`) has the same
 * value at every element, so it is computed once before the loop. Solvers build such subtrees
 * (`where(active, rho / pq, 0)`), and evaluating them per element cost more than the update.
 */
import type { TypedNode } from './fuse-expr.js';

/**
 * The maximal invariant subtrees of `tree` that are operations (not bare leaves), in a fixed
 * order (first reached, depth first, left to right): the kernel evaluates them once, in order.
 * @param tree - the typed expression
 * @param broadcast - indices of the inputs read once
 * @param ids - value numbers of the tree's nodes (equal subtrees are hoisted once)
 * @returns the subtrees to hoist
 */
export function invariantSubtrees(
  tree: TypedNode,
  broadcast: ReadonlySet<number>,
  ids: ReadonlyMap<TypedNode, number>,
): TypedNode[] {
  const out: TypedNode[] = [];
  const taken = new Set<number>();
  const invariant = new Map<TypedNode, boolean>();
  const mark = (t: TypedNode): boolean => {
    const n = t.node;
    let inv: boolean;
    if (n.op === 'scalar') inv = true;
    else if (n.op === 'input') inv = broadcast.has(n.index);
    else {
      inv = true;
      for (const a of t.args) if (!mark(a)) inv = false;
    }
    invariant.set(t, inv);
    return inv;
  };
  if (mark(tree)) {
    // The whole expression is invariant: one value for every element.
    if (tree.args.length > 0) out.push(tree);
    return out;
  }
  const collect = (t: TypedNode): void => {
    for (const a of t.args) {
      if (invariant.get(a) === true) {
        // Each distinct value once (equal subtrees share one value number).
        if (a.args.length > 0 && !taken.has(ids.get(a)!)) {
          taken.add(ids.get(a)!);
          out.push(a);
        }
      } else collect(a);
    }
  };
  collect(tree);
  return out;
}
