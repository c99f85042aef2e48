/**
 * NumPy's fast paths of `power` for a scalar exponent. NumPy's float `power` loops (so `np.power`,
 * `np.pow` and the `**` operator alike) test a broadcast exponent once: `-1` is the reciprocal
 * `1 / x`, `0.5` the square root, `1` a copy and `2` the square `x * x` (and `0` ones, which `pow`
 * gives too; not taken here). `np.float_power` has no fast path in NumPy (a generic loop calling
 * C's `pow`): it takes the ones with `pow`'s bits, 2, -1 and 1. Here a JavaScript number exponent builds that
 * expression instead of `pow`, so the fused kernel computes a multiply, a divide or a square root
 * with the bits NumPy gives (exact, and cheaper than `pow`). Other exponents — scalars or arrays —
 * go through the generic ufunc: `pow`, codegen's fixed algorithm (wasm-pow.ts), in the fused
 * kernel's WebAssembly SIMD form and its JavaScript form alike.
 *
 * Bits: V8's `Math.pow(x, 2)` is `x * x` and `Math.pow(x, -1)` is `1 / x` for every double, and
 * `Math.pow(x, 0.5)` is `Math.sqrt(x)` except at `-0` and `-inf`, where the square root (and so
 * NumPy) gives `-0` and NaN and C's `pow` `+0` and `+inf` (tests/dense/power-scalar.test.ts, with
 * NumPy's own results in tests/fixtures/dense/power-scalar.json). Float32 rounds once from the
 * double result, which is exact for the square and correctly rounded for `1 / x` and the root.
 * Integer bases to the power 2 and 1 are `x * x` (wrapping as the integer `pow` does) and `x`.
 */
import { type FuseNode, fx, typeTree } from '../codegen/index.js';
import type { DType } from '../runtime/index.js';
import { ewise } from './ewise.js';
import { ndarray } from './ndarray.js';

/** The exponents with a fast path, and the label of each (part of the kernel cache key). */
const KINDS = new Map<number, string>([
  [2, 'square'],
  [-1, 'reciprocal'],
  [0.5, 'sqrt'],
  [1, 'copy'],
]);

const isFloatDType = (d: DType): boolean => d === 'float64' || d === 'float32';

/**
 * The expression of `op(x, b)` (`op` is `power` or `float_power`) through NumPy's fast path, with
 * the generic expression's result dtype; null when `b` has none for this dtype.
 */
function fastTree(op: string, x: FuseNode, b: number, cast: DType | undefined): FuseNode | null {
  const generic = fx[op as 'power'](x, fx.scalar(0, Number.isInteger(b) ? 'int32' : 'float64'));
  const t = cast ?? (typeTree(generic).dtype as DType);
  const xt = x.op === 'input' && x.dtype === t ? x : fx.castTo(t, x);
  let tree: FuseNode;
  if (isFloatDType(t)) {
    if (b === 2) tree = fx.multiply(xt, xt);
    else if (b === -1) tree = fx.reciprocal(xt);
    else if (b === 0.5) tree = fx.sqrt(xt);
    else tree = xt;
  } else if ((t === 'int32' || t === 'uint8') && cast === undefined && (b === 2 || b === 1)) {
    // Integer pow(x, 2) is the wrapped product (int32: Math.imul; uint8: & 255), pow(x, 1) is x.
    tree = b === 2 ? fx.square(xt) : xt;
  } else return null;
  return typeTree(tree).dtype === t ? tree : null;
}

/**
 * `op(a, b)` through NumPy's scalar-exponent fast path when `a` is an array and `b` a number with
 * one (see the module comment), else null (the caller runs the generic ufunc).
 * @param fn the user-facing name
 * @param op `power` or `float_power`
 * @param a the base operand
 * @param b the exponent operand
 * @param out the output array, if any
 * @param dtype the computation dtype, if given
 * @returns the result, or null
 */
export function scalarPower(
  fn: string,
  op: 'power' | 'float_power',
  a: unknown,
  b: unknown,
  out: ndarray | null | undefined,
  dtype: DType | null | undefined,
): ndarray | null {
  if (typeof b !== 'number' || !(a instanceof ndarray)) return null;
  const kind = KINDS.get(b);
  // NumPy's float_power calls C's pow in a generic loop, without the fast paths: only the ones
  // that give pow's bits (all but the square root: pow(-0, 0.5) = +0, pow(-inf, 0.5) = +inf).
  if (kind === undefined || (op === 'float_power' && b === 0.5)) return null;
  let cast: DType | undefined = dtype ?? undefined;
  if (op === 'float_power') cast ??= 'float64';
  if (cast !== undefined && !isFloatDType(cast)) return null;
  const tree = fastTree(op, fx.input(0, a.dtype), b, cast);
  if (tree === null) return null;
  return ewise(fn, `${op}|${kind}|${cast ?? ''}`, [a], ['a'], out, {
    build: ([x]) => fastTree(op, x!, b, cast)!,
  });
}
