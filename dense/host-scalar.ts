/**
 * 0-d arithmetic on known values, on the issuing thread (issue 16). A user's solver loop is full
 * of 0-d steps — `alpha = rr / p·Ap`, `beta = rr_new / rr` — and each was a launch. When every
 * operand is a 0-d float64 array whose value was known when it was made (an inline reduction, or
 * a step like this one: its future is *immediate*, a fact of the program, never of timing), the
 * float64 result of `+ − × ÷`, negation, `abs` and `sqrt` is computed here instead: the same IEEE
 * operations the kernel would do (JavaScript and Wasm agree on them bit for bit), stored in a
 * fresh 0-d region no task touches, and itself immediate, so a chain of such steps never launches.
 * Anything else — another dtype or operation, a pending value, an `out` — takes the kernel.
 */
import { type FuseNode, type TypedNode, typeTree } from '../codegen/index.js';
import { Future } from '../runtime/index.js';
import type { Operand } from './ewise.js';
import { ndarray } from './ndarray.js';

const ARITH = new Set(['add', 'subtract', 'multiply', 'divide', 'negative', 'abs', 'sqrt']);

/** The value of a 0-d float64 operand known by the program, or undefined. */
function known(a: ndarray): number | undefined {
  const f = a._future;
  if (f === null || !f._immediate || a.dtype !== 'float64') return;
  const st = a._store;
  if (st === null) return a._lazy === null ? f._value : undefined; // no region: never written
  if (st.shape.length !== 0) return;
  return st.region.version === a._futureVersion ? f._value : undefined;
}

/** Whether every operation of a typed tree is one of {@link ARITH}, computed and typed float64. */
function allFloat64(t: TypedNode): boolean {
  const op = t.node.op;
  if (op === 'input') return t.dtype === 'float64';
  if (op === 'scalar') return true; // converted to the operation's float64 compute type
  if (!ARITH.has(op) || t.dtype !== 'float64' || t.compute !== 'float64') return false;
  for (const a of t.args) if (!allFloat64(a)) return false;
  return true;
}
const eligible = new WeakMap<FuseNode, boolean>();
function isEligible(tree: FuseNode): boolean {
  let ok = eligible.get(tree);
  if (ok === undefined) {
    try {
      ok = allFloat64(typeTree(tree));
    } catch {
      ok = false;
    }
    eligible.set(tree, ok);
  }
  return ok;
}

/** Evaluates an eligible tree (every node one of {@link ARITH}, see {@link isEligible}). */
function evaluate(t: FuseNode, inputs: readonly number[], scalars: readonly number[]): number {
  if (t.op === 'input') return inputs[t.index]!;
  if (t.op === 'scalar') return scalars[t.index]!;
  const a = evaluate(t.args[0]!, inputs, scalars);
  switch (t.op) {
    case 'negative':
      return -a;
    case 'abs':
      return Math.abs(a);
    case 'sqrt':
      return Math.sqrt(a);
  }
  const b = evaluate(t.args[1]!, inputs, scalars);
  switch (t.op) {
    case 'add':
      return a + b;
    case 'subtract':
      return a - b;
    case 'multiply':
      return a * b;
    default:
      return a / b;
  }
}

/**
 * The 0-d float64 result of `tree` over `operands`, computed on the issuing thread, or null when
 * the kernel must run (see the file comment).
 * @param tree - the operation's typed tree (inputs: array operands in order; scalars likewise).
 * @param operands - the operands.
 * @returns a 0-d array holding the value (its future immediate), or null.
 */
export function hostScalar(tree: FuseNode, operands: readonly Operand[]): ndarray | null {
  if (!isEligible(tree)) return null;
  const inputs: number[] = [];
  const scalars: number[] = [];
  for (const o of operands) {
    if (o instanceof ndarray) {
      const v = known(o);
      if (v === undefined) return null;
      inputs.push(v);
    } else if (typeof o === 'number') scalars.push(o);
    else return null;
  }
  if (inputs.length === 0) return null;
  const v = evaluate(tree, inputs, scalars);
  return ndarray._fromValue(Future.of(v), 'float64');
}
