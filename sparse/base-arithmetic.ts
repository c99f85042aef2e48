/**
 * The operators of {@link sparray}: products (`dot`, `matmul`, `rmatmul`: SpMV/SpMM, SpGEMM,
 * scaling) and element-wise arithmetic (`add subtract multiply divide neg power abs`), each
 * dispatching on its operand (a number, a dense array_like or a sparse array). Declared here, with
 * their TSDoc, by merging into `sparray`'s interface, and defined by {@link arithmeticMethods},
 * which base.ts installs on the prototype.
 */
import type { ndarray } from '../dense/index.js';
import type { DType } from '../runtime/index.js';
import type { DenseLike, SparrayMethods, sparray } from './base.js';
import type { CscArray, CsrArray } from './compressed.js';
import * as m from './methods.js';
import * as ops from './ops.js';

declare module './base.js' {
  interface sparray {
    // ---- products --------------------------------------------------------------------------------

    /**
     * `this @ other`: a dense vector or matrix (SpMV/SpMM, result dense), a sparse array (SpGEMM,
     * result sparse) or a scalar (scaling).
     *
     * A dense result can go into `opts.out` (as NumPy's `dot(a, b, out)`): an array of the result's
     * shape and dtype, written in place and returned. A loop that multiplies again and again (an
     * iterative solver) then reuses one vector instead of making a fresh one each time.
     * @param opts - `{out}`: where the dense result goes.
     * @returns by a number: the same format, scaled; by a sparse array: CSR (CSC when both are CSC);
     * by a dense vector or matrix: an ndarray (`out` when given)
     * @throws {ShapeError} when the inner dimensions differ (naming `other`), or `out`'s shape is not
     * the result's
     * @throws {ValueError} when `out`'s dtype is not the result's
     * @example sparse.eye(2).dot(np.array([1, 2])).tolist() // [1, 2]
     * @example
     * const y = np.zeros([2]); // float64, the dtype of the product below
     * sparse.csr_array([[1, 2], [3, 4]], { dtype: 'float64' }).dot(np.array([1, 1]), { out: y });
     * y.tolist() // [3, 7]
     */
    dot(other: number, opts?: ops.ProductOptions): this;
    dot(other: sparray, opts?: ops.ProductOptions): CsrArray | CscArray;
    dot(other: DenseLike, opts?: ops.ProductOptions): ndarray;
    dot(other: sparray | DenseLike | number, opts?: ops.ProductOptions): ndarray | sparray;
    /**
     * `this @ other` (see {@link sparray.dot}, also for `opts.out`).
     * @throws {ShapeError} when the inner dimensions differ
     * @throws {ValueError} for a scalar operand (SciPy: use `multiply`)
     * @example sparse.csr_array([[1, 2], [3, 4]]).matmul(np.array([1, 1])).tolist() // [3, 7]
     */
    matmul(other: number, opts?: ops.ProductOptions): this;
    matmul(other: sparray, opts?: ops.ProductOptions): CsrArray | CscArray;
    matmul(other: DenseLike, opts?: ops.ProductOptions): ndarray;
    matmul(other: sparray | DenseLike | number, opts?: ops.ProductOptions): ndarray | sparray;
    /**
     * `other @ this` for a dense vector or matrix (Python's `__rmatmul__`).
     * @throws {ShapeError} when the inner dimensions differ
     * @example sparse.csr_array([[1, 2], [3, 4]]).rmatmul(np.array([1, 1])).tolist() // [4, 6]
     */
    rmatmul(other: DenseLike): ndarray;

    // ---- element-wise ----------------------------------------------------------------------------

    /**
     * `this + other`: sparse (union; zeros dropped), dense (a dense result) or 0.
     * @returns by a sparse array: CSR (CSC when both are CSC); by a dense array: an ndarray; by 0: a
     * copy of this array
     * @throws {ShapeError} when the shapes differ
     * @example
     * const S = sparse.csr_array([[1, 0], [0, 2]]).add(sparse.csr_array([[0, 3], [0, -2]]));
     * S.toarray().tolist() // [[1, 3], [0, 0]]
     * S.nnz // 2
     */
    add(other: sparray): CsrArray | CscArray;
    add(other: DenseLike): ndarray;
    add(other: number): this;
    add(other: sparray | DenseLike | number): ndarray | sparray;
    /**
     * `this - other` (the same operands as {@link sparray.add}).
     * @example sparse.csr_array([[1, 0], [0, 2]]).subtract(sparse.csr_array([[1, 3], [0, 0]])).toarray().tolist() // [[0, -3], [0, 2]]
     */
    subtract(other: sparray): CsrArray | CscArray;
    subtract(other: DenseLike): ndarray;
    subtract(other: number): this;
    subtract(other: sparray | DenseLike | number): ndarray | sparray;
    /**
     * Element-wise product: by a scalar, a sparse array (intersection) or a dense array (broadcast).
     * @example
     * const A = sparse.csr_array([[1, 2], [0, 3]]);
     * A.multiply(sparse.csr_array([[2, 0], [1, 1]])).toarray().tolist() // [[2, 0], [0, 3]]
     * A.multiply(2).toarray().tolist() // [[2, 4], [0, 6]]
     */
    multiply(other: sparray | DenseLike | number): sparray;
    /**
     * Element-wise true division: by a scalar (sparse result) or by an array (dense result).
     * @returns by a number: the same format; by an array: an ndarray
     * @example sparse.csr_array([[2, 4], [0, 6]]).divide(2).toarray().tolist() // [[1, 2], [0, 3]]
     */
    divide(other: number): this;
    divide(other: sparray | DenseLike): ndarray;
    divide(other: sparray | DenseLike | number): ndarray | sparray;
    /**
     * `-this`.
     * @example sparse.csr_array([[1, -2]]).neg().toarray().tolist() // [[-1, 2]]
     */
    neg(): sparray;
    /**
     * Element-wise power of the stored values (duplicates summed first).
     * @throws {ValueError} for 0
     * @example sparse.csr_array([[1, -2]]).power(2).toarray().tolist() // [[1, 4]]
     */
    power(n: number, dtype?: DType | { dtype?: DType }): sparray;
    /**
     * Element-wise absolute value (duplicates summed first).
     * @example sparse.csr_array([[1, -2]]).abs().toarray().tolist() // [[1, 2]]
     */
    abs(): sparray;
  }
}

/**
 * @internal The definitions of the operators declared above, for base.ts to install on
 * `sparray.prototype`. A function (hoisted), so that base.ts can call it whichever module a
 * program imports first.
 */
export function arithmeticMethods() {
  return {
    dot(this: sparray, other: sparray | DenseLike | number, opts?: ops.ProductOptions): ndarray | sparray {
      return m.mDot.call(this, other, opts) as never;
    },
    matmul(this: sparray, other: sparray | DenseLike | number, opts?: ops.ProductOptions): ndarray | sparray {
      return m.mMatmul.call(this, other, opts) as never;
    },
    rmatmul(this: sparray, other: DenseLike): ndarray {
      return ops.rmatmul(this, other);
    },
    add(this: sparray, other: sparray | DenseLike | number): ndarray | sparray {
      return m.mAdd.call(this, other) as never;
    },
    subtract(this: sparray, other: sparray | DenseLike | number): ndarray | sparray {
      return m.mSubtract.call(this, other) as never;
    },
    multiply(this: sparray, other: sparray | DenseLike | number): sparray {
      return m.mMultiply.call(this, other);
    },
    divide(this: sparray, other: sparray | DenseLike | number): ndarray | sparray {
      return m.mDivide.call(this, other) as never;
    },
    neg(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return m.mNeg.apply(this, arguments as never);
    },
    power(this: sparray, n: number, dtype?: DType | { dtype?: DType }): sparray {
      return m.mPower.call(this, n, dtype);
    },
    abs(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return m.mAbs.apply(this, arguments as never);
    },
  } satisfies SparrayMethods;
}
