/**
 * NumPy's type promotion among the dense dtypes, and how JavaScript scalars join it.
 *
 * JavaScript numbers behave as NumPy 2's "weak" Python scalars (NEP 50): an integer-valued number
 * keeps an integer or float array's dtype, a non-integer number turns an integer or bool array
 * into float64 and keeps float32; a boolean keeps any array's dtype. (NumPy's default integer is
 * int64; cohort's is int32 — a documented difference.)
 */
import { checkDType, type DType, OverflowError } from '../runtime/index.js';

const RANK: Record<DType, number> = { bool: 0, uint8: 1, int32: 2, float32: 3, float64: 4 };

/** NumPy's `result_type` of two array dtypes. */
export function promote(a: DType, b: DType): DType {
  if (a === b) return a;
  const [lo, hi] = RANK[a] < RANK[b] ? [a, b] : [b, a];
  if (hi === 'float32' && lo === 'int32') return 'float64';
  return hi;
}

/** True for float32/float64. */
export function isFloat(dt: DType): boolean {
  return dt === 'float64' || dt === 'float32';
}

/** True for int32/uint8/bool (exact values). */
export function isIntegral(dt: DType): boolean {
  return !isFloat(dt);
}

/** The dtype of a JavaScript scalar on its own (`array(3)`). */
export function scalarDType(v: number | boolean): DType {
  if (typeof v === 'boolean') return 'bool';
  return Number.isInteger(v) && v >= -2147483648 && v <= 2147483647 ? 'int32' : 'float64';
}

/** Weak promotion of an array dtype with a JavaScript scalar (NEP 50). */
export function promoteScalar(dt: DType, v: number | boolean): DType {
  if (typeof v === 'boolean') return dt;
  if (Number.isInteger(v)) return dt === 'bool' ? 'int32' : dt;
  return isFloat(dt) ? dt : 'float64';
}

/** The dtype of true division (`divide`, `mean`, `sqrt`, ...): floats keep theirs, others float64. */
export function floatResult(dt: DType): DType {
  return isFloat(dt) ? dt : 'float64';
}

/** Validates an optional dtype argument. */
export function dtypeArg(fn: string, dt: unknown, dflt: DType): DType {
  return dt === undefined || dt === null ? dflt : checkDType(fn, 'dtype', dt);
}

/** The dtype of a sum/prod accumulator: NumPy sums bool/uint8/int32 in the default integer. */
export function sumResult(dt: DType): DType {
  return dt === 'bool' || dt === 'uint8' ? 'int32' : dt;
}

/** The values an integer dtype holds. */
export const INT_RANGE: Partial<Record<DType, readonly [number, number]>> = {
  uint8: [0, 255],
  int32: [-2147483648, 2147483647],
};

/**
 * Throws NumPy's OverflowError when an integer JavaScript number (a Python int) does not fit an
 * integer dtype: NumPy 2 refuses `np.array([300], dtype=np.uint8)` and `a[0] = 300` rather than
 * wrapping. Non-integer numbers and other dtypes pass (NumPy casts floats unsafely there).
 * @param fn - the function, for the message
 * @param arg - the argument, for the message
 * @param v - the value
 * @param dtype - the target dtype
 * @throws {OverflowError} naming the function, the argument, the range and the value
 */
export function checkIntFits(fn: string, arg: string, v: number, dtype: DType): void {
  const r = INT_RANGE[dtype];
  if (r === undefined || !Number.isInteger(v) || (v >= r[0] && v <= r[1])) return;
  throw new OverflowError(
    `${fn}: argument '${arg}' expected an integer in [${r[0]}, ${r[1]}] for ${dtype}, received ${v} (Python integer out of bounds)`,
  );
}
