/**
 * SciPy's element-wise math on the stored values of a sparse array (`A.sqrt()`, `A.sin()`, ...:
 * the functions with f(0) = 0, so the structure is kept) and `A.maximum(other)` /
 * `A.minimum(other)`. Each method is bound to SciPy's signature with the array as `this`; base.ts
 * declares them.
 */
import * as np from '../dense/index.js';
import { argMessage, type DType, DTypeError } from '../runtime/index.js';
import type { sparray } from './base.js';
import { denseToCsr } from './core/convert.js';
import { OP } from './core/elementwise.js';
import { promote, promoteScalar } from './core/types.js';
import { type MathName, mathStore } from './core/values-math.js';
import { isSparse, union } from './ops.js';
import { wrap } from './registry.js';
import { ssig } from './sig.js';

type M<R> = (this: sparray, ...args: unknown[]) => R;

/** The rounding functions: integer and bool values keep their dtype (NumPy's loops). */
const ROUNDING = new Set<MathName>(['floor', 'ceil', 'trunc', 'sign']);

/**
 * NumPy's result dtype of a unary math function: floats keep theirs; integers give float64
 * (uint8/bool: NumPy gives float16, which cohort lacks, so float32); the rounding functions keep
 * integer dtypes.
 */
function mathType(name: MathName, dtype: DType): DType {
  if (dtype === 'float32' || dtype === 'float64') return dtype;
  if (name === 'sign' && dtype === 'bool')
    throw new DTypeError(
      argMessage('sign', 'self', 'numeric values (NumPy has no sign loop for booleans)', 'dtype bool'),
    );
  if (ROUNDING.has(name)) return dtype;
  return dtype === 'int32' ? 'float64' : 'float32';
}

/** `f(A)` on the stored values (duplicates summed first, as SciPy's `_deduped_data`). */
function unary(name: MathName): M<sparray> {
  return ssig<M<sparray>>(`${name}()`, function (this: sparray) {
    const out = mathType(name, this.dtype);
    if (this.format !== 'dia') this.sum_duplicates();
    if (out === this.dtype && ROUNDING.has(name) && name !== 'sign' && out !== 'float32' && out !== 'float64')
      return this.copy(); // floor/ceil/trunc of integers: the same values
    return this._withData(mathStore(this._values(), out, name).region, out);
  } as never);
}

/** @internal */
export const mSqrt = unary('sqrt');
/** @internal */
export const mSin = unary('sin');
/** @internal */
export const mTan = unary('tan');
/** @internal */
export const mExpm1 = unary('expm1');
/** @internal */
export const mLog1p = unary('log1p');
/** @internal */
export const mSign = unary('sign');
/** @internal */
export const mFloor = unary('floor');
/** @internal */
export const mCeil = unary('ceil');
/** @internal */
export const mRint = unary('rint');
/** @internal */
export const mTrunc = unary('trunc');
/** @internal */
export const mDeg2rad = unary('deg2rad');
/** @internal */
export const mRad2deg = unary('rad2deg');
/** @internal */
export const mArcsin = unary('arcsin');
/** @internal */
export const mArcsinh = unary('arcsinh');
/** @internal */
export const mArctan = unary('arctan');
/** @internal */
export const mArctanh = unary('arctanh');
/** @internal */
export const mSinh = unary('sinh');
/** @internal */
export const mTanh = unary('tanh');

/**
 * `np.maximum(A, other)` / `np.minimum(A, other)` as SciPy's `_maximum_minimum`: a scalar with
 * `op(0, s) = 0` maps the stored values (CSR/CSC result, zeros dropped); any other scalar gives a
 * dense-valued array of this format; a dense operand gives a dense result; a sparse one the union
 * (CSR, CSC when both are CSC, zeros dropped).
 */
function extremum(name: 'maximum' | 'minimum'): M<unknown> {
  const isMax = name === 'maximum';
  return ssig<M<unknown>>(`${name}(other, /)`, function (this: sparray, other: unknown) {
    if (other instanceof np.ndarray && other.ndim === 0) other = Number(other.item());
    if (typeof other === 'boolean') other = Number(other);
    if (typeof other === 'number') {
      const s = other;
      const atZero = isMax ? Math.max(0, s) : Math.min(0, s);
      if (atZero !== 0) {
        // SciPy warns (SparseEfficiencyWarning) and returns every entry stored.
        const d = (isMax ? np.maximum : np.minimum)(this.toarray(), s);
        return wrap.csr(denseToCsr(d.store)).asformat(this.format);
      }
      const cs = this.format === 'csr' || this.format === 'csc' ? this : this.tocsr();
      cs.sum_duplicates();
      const out = promoteScalar(cs.dtype, s);
      const res = cs._withData(mathStore(cs._values(), out, name, s).region, out);
      res.eliminate_zeros();
      return res;
    }
    if (isSparse(other)) {
      const b = other as sparray;
      return union(this, b, isMax ? OP.maximum : OP.minimum, promote(this.dtype, b.dtype), name);
    }
    return (isMax ? np.maximum : np.minimum)(this.toarray(), other as np.ArrayInput);
  } as never);
}
/** @internal `A.maximum(other)`. */
export const mMaximum = extremum('maximum');
/** @internal `A.minimum(other)`. */
export const mMinimum = extremum('minimum');
