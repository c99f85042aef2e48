/**
 * Element-wise expression trees for fusion: node types, a small builder, and dtype inference
 * (NumPy 2 promotion with NEP 50 weak scalars, restricted to cohort's dtypes).
 */
import type { CodegenDType } from './dtypes.js';
import { isCodegenDType } from './dtypes.js';
import { argError } from './errors.js';
import { BIT_BINARY_OPS, BIT_FLOAT_ONLY, BIT_INT_ONLY, BIT_UNARY_OPS } from './fuse-ops-bits.js';

/** Unary element-wise operations (`cast` needs the node's `dtype`). */
export const UNARY_OPS = [
  'negative',
  'abs',
  'sqrt',
  'exp',
  'log',
  'sin',
  'cos',
  'tanh',
  'sign',
  'floor',
  'ceil',
  'isnan',
  'isfinite',
  'logical_not',
  'cast',
  'rint',
  'log10',
  'log2',
  'isinf',
  'arcsin',
  'arccos',
  'arctan',
  'sinh',
  'cosh',
  'tan',
  'arcsinh',
  'arccosh',
  'arctanh',
  'expm1',
  'log1p',
  'cbrt',
  'exp2',
  'deg2rad',
  'rad2deg',
  'fabs',
  'square',
  'reciprocal',
  'trunc',
  'positive',
  'signbit',
  ...BIT_UNARY_OPS,
] as const;
/** Binary element-wise operations. */
export const BINARY_OPS = [
  'add',
  'subtract',
  'multiply',
  'divide',
  'power',
  'maximum',
  'minimum',
  'equal',
  'not_equal',
  'less',
  'less_equal',
  'greater',
  'greater_equal',
  'logical_and',
  'logical_or',
  'logical_xor',
  'mod',
  'arctan2',
  'hypot',
  'copysign',
  'logaddexp',
  'logaddexp2',
  'heaviside',
  'floor_divide',
  'fmod',
  'fmax',
  'fmin',
  'float_power',
  ...BIT_BINARY_OPS,
] as const;
/** Ternary element-wise operations: `where(cond, a, b)`, `clip(x, lo, hi)`. */
export const TERNARY_OPS = ['where', 'clip'] as const;

/** A unary operation name. */
export type UnaryOp = (typeof UNARY_OPS)[number];
/** A binary operation name. */
export type BinaryOp = (typeof BINARY_OPS)[number];
/** A ternary operation name. */
export type TernaryOp = (typeof TERNARY_OPS)[number];
/** Any operation name. */
export type FuseOp = UnaryOp | BinaryOp | TernaryOp;

/**
 * A node of a fused expression. Leaves: `input` k (the k-th array operand, a strided view of the
 * given dtype) and `scalar` k (the k-th scalar parameter; `weak` — the default — means a Python-like
 * scalar that adopts the array operand's kind, as in NumPy 2). An operation node may fix its result
 * dtype with `dtype` (then it also computes in that dtype); otherwise it is inferred.
 */
export type FuseNode =
  | { readonly op: 'input'; readonly index: number; readonly dtype: CodegenDType }
  | { readonly op: 'scalar'; readonly index: number; readonly dtype: CodegenDType; readonly weak?: boolean }
  | { readonly op: FuseOp; readonly args: readonly FuseNode[]; readonly dtype?: CodegenDType };

/** A node with its inferred types. */
export interface TypedNode {
  readonly node: FuseNode;
  readonly args: readonly TypedNode[];
  /** The dtype of the result. */
  readonly dtype: CodegenDType;
  /** The dtype arguments are converted to before the operation. */
  readonly compute: CodegenDType;
  /** True for a weak scalar (or an expression of weak scalars only). */
  readonly weak: boolean;
}

const ARITY = new Map<string, number>([
  ...UNARY_OPS.map((o) => [o, 1] as const),
  ...BINARY_OPS.map((o) => [o, 2] as const),
  ...TERNARY_OPS.map((o) => [o, 3] as const),
]);
const PREDICATES = new Set<string>([
  'equal',
  'not_equal',
  'less',
  'less_equal',
  'greater',
  'greater_equal',
  'logical_and',
  'logical_or',
  'logical_xor',
  'logical_not',
  'isnan',
  'isfinite',
  'isinf',
  'signbit',
]);
const FLOAT_ONLY = new Set<string>([
  'sqrt',
  'exp',
  'log',
  'sin',
  'cos',
  'tanh',
  'divide',
  'log10',
  'log2',
  'arcsin',
  'arccos',
  'arctan',
  'sinh',
  'cosh',
  'tan',
  'arcsinh',
  'arccosh',
  'arctanh',
  'expm1',
  'log1p',
  'cbrt',
  'exp2',
  'deg2rad',
  'rad2deg',
  'fabs',
  'arctan2',
  'hypot',
  'copysign',
  'logaddexp',
  'logaddexp2',
  'heaviside',
  ...BIT_FLOAT_ONLY,
]);
/** Integer/boolean-only operations (NumPy has no float loops for them); gcd and lcm refuse bools too. */
const INT_ONLY = new Set<string>(BIT_INT_ONLY);
/**
 * Integer operations NumPy computes in int8 for booleans (cohort has no int8: uint8 holds the same
 * values, 0 and 1).
 */
const BOOL_AS_INT = new Set<string>([
  'square',
  'reciprocal',
  'floor_divide',
  'fmod',
  'left_shift',
  'right_shift',
]);

const kind = (d: CodegenDType): number => (d === 'bool' ? 0 : d === 'uint8' || d === 'int32' ? 1 : 2);
/** True for float32 and float64. */
export const isFloat = (d: CodegenDType): boolean => kind(d) === 2;

function promoteStrong(a: CodegenDType, b: CodegenDType): CodegenDType {
  if (a === b) return a;
  if (a === 'bool') return b;
  if (b === 'bool') return a;
  if (a === 'float64' || b === 'float64') return 'float64';
  if (a === 'float32' || b === 'float32') return a === 'int32' || b === 'int32' ? 'float64' : 'float32';
  return 'int32'; // uint8 with int32
}

/**
 * NumPy 2 promotion of operand types, weak scalars (NEP 50) adopting the strong operand's dtype when
 * its kind (bool < int < float) is at least theirs.
 * @param ts - operand dtypes with their weakness
 * @returns the promoted dtype
 * @example
 * promote([{ dtype: 'float32', weak: false }, { dtype: 'float64', weak: true }]) // 'float32'
 */
export function promote(ts: readonly { dtype: CodegenDType; weak: boolean }[]): CodegenDType {
  const strong = ts.filter((t) => !t.weak);
  const weak = ts.filter((t) => t.weak);
  const weakKind = Math.max(-1, ...weak.map((t) => kind(t.dtype)));
  if (strong.length === 0) return weakKind === 2 ? 'float64' : weakKind === 1 ? 'int32' : 'bool';
  const s = strong.map((t) => t.dtype).reduce(promoteStrong);
  if (weakKind <= kind(s)) return s;
  return weakKind === 2 ? 'float64' : 'int32';
}

/**
 * Checks a fused expression and infers every node's dtypes.
 * @param node - the expression
 * @returns the typed tree
 * @throws {@link CodegenError} on an unknown op, wrong arity, a bad dtype or index, or an operation
 * NumPy refuses (`subtract`/`negative` of booleans, `cast` without a dtype)
 */
export function typeTree(node: FuseNode): TypedNode {
  // Trees are frozen and share subtrees (a value used several times): each node is typed once
  // (a walk of every path costs time exponential in the depth of the sharing).
  const hit = node !== null && typeof node === 'object' ? typed.get(node) : undefined;
  if (hit !== undefined) return hit;
  const t = typeTreeOnce(node);
  if (Object.isFrozen(node)) typed.set(node, t);
  return t;
}

/** Typed trees of frozen nodes (see {@link typeTree}). */
const typed = new WeakMap<FuseNode, TypedNode>();

function typeTreeOnce(node: FuseNode): TypedNode {
  const fail = (what: string, got: unknown): never => {
    throw argError('fuse', 'expr', what, got);
  };
  if (node === null || typeof node !== 'object') fail('an expression node', node);
  if (node.op === 'input' || node.op === 'scalar') {
    if (!Number.isInteger(node.index) || node.index < 0)
      fail(`a non-negative integer ${node.op} index`, node.index);
    if (!isCodegenDType(node.dtype)) fail('a dtype on every leaf', node.dtype);
    const weak = node.op === 'scalar' && node.weak !== false;
    return { node, args: [], dtype: node.dtype, compute: node.dtype, weak };
  }
  const arity = ARITY.get(node.op);
  if (arity === undefined) fail('a known operation', node.op);
  if (!Array.isArray(node.args) || node.args.length !== arity)
    fail(`${arity} argument(s) to '${node.op}'`, node.args?.length);
  if (node.dtype !== undefined && !isCodegenDType(node.dtype)) fail(`a dtype on '${node.op}'`, node.dtype);
  const args = node.args.map(typeTree);
  const weak = args.every((a) => a.weak);
  const op = node.op;
  let compute: CodegenDType;
  let dtype: CodegenDType;
  if (op === 'cast') {
    if (!node.dtype) fail("a dtype on 'cast'", undefined);
    compute = dtype = node.dtype!;
  } else if (op === 'where') {
    compute = node.dtype ?? promote(args.slice(1));
    dtype = compute;
  } else {
    const p = promote(args);
    compute =
      node.dtype && !PREDICATES.has(op)
        ? node.dtype
        : op === 'float_power'
          ? 'float64'
          : op === 'ldexp'
            ? ldexpCompute(args)
            : FLOAT_ONLY.has(op) && !isFloat(p)
              ? 'float64'
              : p === 'bool' && BOOL_AS_INT.has(op)
                ? 'uint8'
                : p;
    dtype = PREDICATES.has(op) ? 'bool' : compute;
    if (PREDICATES.has(op) && node.dtype !== undefined && node.dtype !== 'bool')
      fail(`dtype 'bool' on '${op}'`, node.dtype);
  }
  if (INT_ONLY.has(op) && (isFloat(compute) || (compute === 'bool' && (op === 'gcd' || op === 'lcm'))))
    fail(
      `integer${op === 'gcd' || op === 'lcm' ? '' : ' or boolean'} operands for '${op}' (NumPy has no ${compute} loop)`,
      compute,
    );
  if (compute === 'bool' && (op === 'subtract' || op === 'negative' || op === 'positive')) {
    fail(`non-boolean operands for '${op}' (NumPy refuses it)`, 'bool');
  }
  return { node, args, dtype, compute, weak };
}

/** `ldexp(x, n)` computes in x's float dtype (float64 for integers); a float `n` is refused. */
function ldexpCompute(args: readonly TypedNode[]): CodegenDType {
  if (isFloat(args[1]!.dtype))
    throw argError(
      'fuse',
      'expr',
      "an integer exponent for 'ldexp' (NumPy has no float loop)",
      args[1]!.dtype,
    );
  return isFloat(args[0]!.dtype) ? args[0]!.dtype : 'float64';
}

/** Canonical text of an expression (used in cache keys). */
export function fuseKey(node: FuseNode): string {
  if (node.op === 'input') return `in${node.index}:${node.dtype}`;
  if (node.op === 'scalar') return `s${node.index}:${node.dtype}${node.weak === false ? '!' : ''}`;
  return `${node.op}${node.dtype ? `:${node.dtype}` : ''}(${node.args.map(fuseKey).join(',')})`;
}

type Builder = { [K in FuseOp]: (...args: FuseNode[]) => FuseNode };

/**
 * A small builder of fused expressions.
 * @example
 * const { add, multiply, subtract } = fx;
 * const e = subtract(add(multiply(fx.scalar(0), fx.input(0)), multiply(fx.scalar(1), fx.input(1))), fx.input(2));
 * // a*x + b*y - z over float64 inputs 0..2 and scalars 0..1
 */
export const fx: Builder & {
  /** Array operand `index` of `dtype` (default float64). */
  input(index: number, dtype?: CodegenDType): FuseNode;
  /** Scalar parameter `index` of `dtype` (default float64), weak unless `weak` is false. */
  scalar(index: number, dtype?: CodegenDType, weak?: boolean): FuseNode;
  /** `cast(x)` to `dtype`. */
  castTo(dtype: CodegenDType, x: FuseNode): FuseNode;
} = Object.freeze({
  ...(Object.fromEntries(
    [...ARITY.keys()].map((op) => [
      op,
      (...args: FuseNode[]) => Object.freeze({ op, args: Object.freeze(args) }),
    ]),
  ) as Builder),
  input: (index: number, dtype: CodegenDType = 'float64'): FuseNode =>
    Object.freeze({ op: 'input', index, dtype }),
  scalar: (index: number, dtype: CodegenDType = 'float64', weak = true): FuseNode =>
    Object.freeze({ op: 'scalar', index, dtype, weak }),
  castTo: (dtype: CodegenDType, x: FuseNode): FuseNode =>
    Object.freeze({ op: 'cast', args: Object.freeze([x]), dtype }),
});

/**
 * Value numbers of a typed tree: structurally equal subtrees (same operation, dtype, leaves and
 * arguments) get the same number, so a fused kernel computes each distinct value once per element
 * (common-subexpression elimination; the tree is read as a DAG). Numbers are dense from 0, in
 * depth-first, left-to-right order of first appearance: deterministic for a given tree.
 * @param tree - the typed expression
 * @returns the value number of every node
 */
export function valueNumbers(tree: TypedNode): Map<TypedNode, number> {
  const ids = new Map<TypedNode, number>();
  const byKey = new Map<string, number>();
  const walk = (t: TypedNode): number => {
    const n = t.node;
    let key: string;
    if (n.op === 'input') key = `in${n.index}:${n.dtype}`;
    else if (n.op === 'scalar') key = `s${n.index}:${n.dtype}${t.weak ? '' : '!'}`;
    else key = `${n.op}:${t.dtype}:${t.compute}(${t.args.map(walk).join(',')})`;
    let id = byKey.get(key);
    if (id === undefined) byKey.set(key, (id = byKey.size));
    ids.set(t, id);
    return id;
  };
  walk(tree);
  return ids;
}

/**
 * How many times each value number is used as an argument in the DAG of `tree` (each distinct
 * value's arguments counted once), plus one for the root.
 * @param tree - the typed expression
 * @param ids - its value numbers ({@link valueNumbers})
 * @returns uses per value number
 */
export function valueUses(tree: TypedNode, ids: ReadonlyMap<TypedNode, number>): Map<number, number> {
  const uses = new Map<number, number>();
  const seen = new Set<number>();
  const walk = (t: TypedNode): void => {
    const id = ids.get(t)!;
    uses.set(id, (uses.get(id) ?? 0) + 1);
    if (seen.has(id)) return;
    seen.add(id);
    for (const a of t.args) walk(a);
  };
  walk(tree);
  return uses;
}
