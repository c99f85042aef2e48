/**
 * The methods of `sparray` bound to SciPy's signatures (`A.sum(axis=None, dtype=None, out=None)`,
 * `A.diagonal(k=0)`, `A.setdiag(values, k=0)`, `A.count_nonzero(axis=None)`, ...). Each is called
 * with the array as `this`; base.ts's methods delegate here.
 */
import * as np from '../dense/index.js';
import { ArgumentTypeError, argMessage, type DType, DTypeError, ValueError } from '../runtime/index.js';
import type { SparseFormat, sparray } from './base.js';
import { disposeSparse } from './dispose.js';
import { getItem, type IndexLike, setItem } from './indexing.js';
import * as ops from './ops.js';
import { ssig } from './sig.js';

type ndarray = np.ndarray;
type M<R> = (this: sparray, ...args: unknown[]) => R;

function intoOut(res: ndarray, out: ndarray | undefined): ndarray {
  if (out === undefined || out === null) return res;
  out.set('...', res);
  return out;
}

/** `A.sum(axis, dtype, out)` and `A.mean(...)`: `dtype` casts the values first. */
const reduction = (fn: 'sum' | 'mean') =>
  ssig<M<ndarray>>(`${fn}(axis: axis? = None, dtype: dtype = None, out: ndarray = None)`, function (
    this: sparray,
    axis: number | null | undefined,
    dtype: DType | undefined,
    out: ndarray | undefined,
  ) {
    const a = dtype === undefined || dtype === this.dtype ? this : this.astype(dtype);
    return intoOut(ops.sum(a, axis, fn === 'mean'), out);
  } as never);
/** @internal */
export const mSum = reduction('sum');
/** @internal */
export const mMean = reduction('mean');

/** @internal `A.diagonal(k=0)`. */
export const mDiagonal = ssig<M<ndarray>>('diagonal(k: int = 0)', function (this: sparray, k: number) {
  return ops.diagonal(this, k);
} as never);

/** @internal `A.setdiag(values, k=0)`. */
export const mSetdiag = ssig<M<void>>('setdiag(values, k: int = 0)', function (
  this: sparray,
  values: unknown,
  k: number,
) {
  const v = ArrayBuffer.isView(values) ? np.asarray(values) : values;
  this._replace(ops.setdiagCsr(this._csr(), v, k));
} as never);

/**
 * @internal `A.count_nonzero(axis=None)`: nonzero values after summing duplicates, all of them (a
 * number) or per column (axis 0) / row (axis 1) as an int32 ndarray.
 */
export const mCountNonzero = ssig<M<number | ndarray>>('count_nonzero(axis: axis? = None)', function (
  this: sparray,
  axis: number | null | undefined,
) {
  if (axis === undefined || axis === null) return ops.countNonzero(this);
  if (![0, 1, -1, -2].includes(axis))
    throw new ValueError(`count_nonzero: argument 'axis' expected null, 0, 1, -1 or -2, received ${axis}`);
  // Per row (axis 1) or column (axis 0): the lengths of the canonical, zero-free CSR or CSC rows.
  const b = (axis === 1 || axis === -1 ? this.tocsr(true) : this.tocsc(true)) as sparray & {
    indptr: ndarray;
  };
  b.sum_duplicates();
  b.eliminate_zeros();
  return np.subtract(b.indptr.get('1:'), b.indptr.get(':-1'));
} as never);

/** @internal `A.power(n, dtype=None)`. */
export const mPower = ssig<M<sparray>>('power(n: number, dtype: dtype = None)', function (
  this: sparray,
  n: number,
  dtype: DType | undefined,
) {
  const a = dtype === undefined || dtype === this.dtype ? this : this.astype(dtype);
  return ops.power(a, n);
} as never);

/** @internal `A.astype(dtype, casting='unsafe', copy=True)`. */
export const mAstype = ssig<M<sparray>>(
  "astype(dtype: dtype, casting: str = 'unsafe', copy: bool = True)",
  function (this: sparray, dtype: DType, casting: string, copy: boolean) {
    if (casting !== 'unsafe')
      throw new ValueError(
        `astype: argument 'casting' expected 'unsafe' (the only casting cohort implements), received "${casting}"`,
      );
    if (!copy && dtype === this.dtype) return this;
    return ops.astype(this, dtype);
  } as never,
);

/** @internal `A.asformat(format, copy=False)`. */
export const mAsformat = ssig<M<sparray>>('asformat(format: format?, copy: bool = False)', function (
  this: sparray,
  format: SparseFormat | null,
  copy: boolean,
) {
  return ops.convert(this, format ?? this.format, copy, 'asformat');
} as never);

const conv = (f: SparseFormat) =>
  ssig<M<sparray>>(`to${f}(copy: bool = False)`, function (this: sparray, copy: boolean) {
    return ops.convert(this, f, copy);
  } as never);
/** @internal */
export const mTocoo = conv('coo');
/** @internal */
export const mTocsr = conv('csr');
/** @internal */
export const mTocsc = conv('csc');
/** @internal */
export const mTodia = conv('dia');
/** @internal */
export const mTolil = conv('lil');
/** @internal */
export const mTodok = conv('dok');

/** @internal `A.dot(other)` (cohort extension: `{out}` for a dense result). */
export const mDot = ssig<M<unknown>>('dot(other, /, *, out: ndarray = None)', function (
  this: sparray,
  other: unknown,
  out: ndarray | undefined,
) {
  return ops.matmul(this, other, 'dot', out === undefined ? undefined : { out });
} as never);

/** @internal `A @ other`: SciPy refuses scalars ("use '*' instead"). */
export const mMatmul = ssig<M<unknown>>('matmul(other, /, *, out: ndarray = None)', function (
  this: sparray,
  other: unknown,
  out: ndarray | undefined,
) {
  if (
    typeof other === 'number' ||
    typeof other === 'boolean' ||
    (other instanceof np.ndarray && other.ndim === 0)
  )
    throw new ValueError("matmul: Scalar operands are not allowed, use '*' instead");
  return ops.matmul(this, other, 'matmul', out === undefined ? undefined : { out });
} as never);

/** Dense operands of another shape broadcast (SciPy densifies `A + dense`). */
function addsub(a: sparray, other: unknown, sign: 1 | -1, fn: string): unknown {
  if (typeof other !== 'number' && !ops.isSparse(other)) {
    const d =
      other instanceof np.ndarray
        ? other
        : ArrayBuffer.isView(other) || Array.isArray(other)
          ? np.asarray(other)
          : null;
    if (d !== null && (d.ndim !== 2 || d.shape[0] !== a.shape[0] || d.shape[1] !== a.shape[1]))
      return sign === 1 ? np.add(a.toarray(), d) : np.subtract(a.toarray(), d);
  }
  return ops.addsub(a, other, sign, fn);
}
/** @internal */
export const mAdd = ssig<M<unknown>>('add(other, /)', function (this: sparray, other: unknown) {
  return addsub(this, other, 1, 'add');
} as never);
/** @internal */
export const mSubtract = ssig<M<unknown>>('subtract(other, /)', function (this: sparray, other: unknown) {
  return addsub(this, other, -1, 'subtract');
} as never);
/** @internal */
export const mMultiply = ssig<M<sparray>>('multiply(other, /)', function (this: sparray, other: unknown) {
  return ops.multiply(this, other);
} as never);
/** @internal */
export const mDivide = ssig<M<unknown>>('divide(other, /)', function (this: sparray, other: unknown) {
  return ops.divide(this, other);
} as never);

/** `A op other` (`np.add(A, other)` ...): the methods, bound to SciPy's signatures. */
const FORWARD: Record<np.ReflectedOp, M<unknown>> = {
  add: mAdd,
  subtract: mSubtract,
  multiply: mMultiply,
  divide: mDivide,
  matmul: mMatmul,
  dot: mDot,
};

/**
 * @internal `a op A` for an ndarray `a` (dense's reflected-operation protocol, `np.REFLECT`):
 * Python's `__radd__`, `__rsub__`, `__rmul__`, `__rtruediv__` and `__rmatmul__` of SciPy's sparse
 * arrays. Sums are dense, the element-wise product is sparse; a quotient raises (as SciPy). With
 * `first`, `A op a` (the module functions `np.add(A, a)` ...): the method of that operation.
 */
export function reflected(A: sparray, op: np.ReflectedOp, a: ndarray, first?: boolean): unknown {
  if (first === true) return FORWARD[op].call(A, a);
  switch (op) {
    case 'add':
      return addsub(A, a, 1, 'add');
    case 'subtract':
      return np.negative(addsub(A, a, -1, 'subtract') as ndarray);
    case 'multiply':
      return ops.multiply(A, a);
    case 'divide':
      // SciPy: "unsupported operand type(s) for /: 'numpy.ndarray' and 'csr_array'".
      throw new ArgumentTypeError(
        argMessage(
          'divide',
          'b',
          'an array_like (dense / sparse is unsupported, as in SciPy: use b.toarray())',
          A,
        ),
      );
    default:
      return ops.rmatmul(A, a);
  }
}

/** @internal `A.toarray(order=None, out=None)` (and `todense`): `out` receives the values. */
export const mToarray = ssig<M<ndarray>>('toarray(order: str = None, out: ndarray = None)', function (
  this: sparray,
  order: string | undefined,
  out: ndarray | undefined,
) {
  if (order !== undefined && order !== 'C' && order !== 'F')
    throw new ValueError(`toarray: argument 'order' expected 'C' or 'F', received "${order}"`);
  return intoOut(ops.toarray(this), out);
} as never);

/** @internal `A.copy()`: new regions. */
export const mCopy = ssig<M<sparray>>('copy()', function (this: sparray) {
  return this._copy();
} as never);

/**
 * @internal `A.transpose(axes=None, copy=False)`: SciPy accepts only `None` or `(1, 0)` for
 * `axes` (swapping is the only permutation of two dimensions).
 */
export const mTranspose = ssig<M<sparray>>('transpose(axes = None, copy: bool = False)', function (
  this: sparray,
  axes: unknown,
  copy: boolean,
) {
  if (axes !== undefined && !(Array.isArray(axes) && axes.length === 2 && axes[0] === 1 && axes[1] === 0))
    throw new ValueError(
      argMessage(
        'transpose',
        'axes',
        'None or [1, 0] (sparse arrays support no other permutation: swapping the two dimensions is the only one)',
        axes,
      ),
    );
  const t = this._transpose();
  return copy ? t._copy() : t;
} as never);

/** @internal `A.sum_duplicates()` (in place). */
export const mSumDuplicates = ssig<M<void>>('sum_duplicates()', function (this: sparray) {
  this._sum_duplicates();
} as never);

/** @internal `A.eliminate_zeros()` (in place). */
export const mEliminateZeros = ssig<M<void>>('eliminate_zeros()', function (this: sparray) {
  this._eliminate_zeros();
} as never);

/** @internal `A.check_format(full_check=True)`. */
export const mCheckFormat = ssig<M<void>>('check_format(full_check: bool = True)', function (
  this: sparray,
  full: boolean,
) {
  this._check_format(full);
} as never);

/** @internal `-A` (SciPy's `__neg__`). */
export const mNeg = ssig<M<sparray>>('neg()', function (this: sparray) {
  if (this.dtype === 'bool')
    throw new DTypeError(
      "neg: negating a boolean sparse array is not supported (SciPy's NotImplementedError; use logical_not on a dense array)",
    );
  return ops.mapData(this, 4, 0, this.dtype, 'neg');
} as never);

/** @internal `abs(A)` (SciPy's `__abs__`; duplicates summed first). */
export const mAbs = ssig<M<sparray>>('abs()', function (this: sparray) {
  return ops.absolute(this);
} as never);

/** @internal `A[index]` (cohort's index method, positional only). */
export const mGet = ssig<M<unknown>>('get(index, /)', function (this: sparray, index: IndexLike) {
  return getItem(this, index);
} as never);

/** @internal `A[index] = values` (cohort's index method, positional only; in place). */
export const mSet = ssig<M<void>>('set(index, values, /)', function (
  this: sparray,
  index: IndexLike,
  values: unknown,
) {
  setItem(this, index, values);
} as never);

/** @internal `A.dispose()`: frees the storage no other sparse array holds (sparse/dispose.ts). */
export const mDispose = ssig<M<void>>('dispose()', function (this: sparray) {
  disposeSparse(this);
} as never);
