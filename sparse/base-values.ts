/**
 * The math on stored values of {@link sparray} (SciPy's `_data_matrix` methods: `sqrt sin tan
 * expm1 log1p sign floor ceil rint trunc deg2rad rad2deg arcsin arcsinh arctan arctanh sinh tanh`,
 * f(0) = 0, the structure is kept) and `maximum`/`minimum`. Declared here, with their TSDoc, by
 * merging into `sparray`'s interface, and defined by {@link valueMethods}, which base.ts installs
 * on the prototype.
 */
import type { ndarray } from '../dense/index.js';
import type { DenseLike, SparrayMethods, sparray } from './base.js';
import * as mv from './methods-values.js';

declare module './base.js' {
  interface sparray {
    // ---- math on stored values (SciPy's `_data_matrix` methods: f(0) = 0, the structure is kept) ----

    /**
     * Square root of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[4, 0], [0, 9]]).sqrt().toarray().tolist() // [[2, 0], [0, 3]]
     */
    sqrt(): sparray;
    /**
     * Sine of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[0, Math.PI / 2]]).sin().toarray().tolist() // [[0, 1]]
     */
    sin(): sparray;
    /**
     * Tangent of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[0, Math.PI / 4]]).tan().data.tolist() // [0.9999999999999999]
     */
    tan(): sparray;
    /**
     * `exp(v) - 1` of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[0, 1e-10]]).expm1().data.tolist() // [1.00000000005e-10]
     */
    expm1(): sparray;
    /**
     * `log(1 + v)` of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[0, 1e-10]]).log1p().data.tolist() // [9.999999999500001e-11]
     */
    log1p(): sparray;
    /**
     * Sign (-1, 0, 1; NaN stays NaN; integer dtypes are kept) of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[-3, 0, 2]]).sign().toarray().tolist() // [[-1, 0, 1]]
     */
    sign(): sparray;
    /**
     * Floor (integer dtypes are kept) of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[-1.5, 0, 2.5]]).floor().toarray().tolist() // [[-2, 0, 2]]
     */
    floor(): sparray;
    /**
     * Ceiling (integer dtypes are kept) of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[-1.5, 0, 2.5]]).ceil().toarray().tolist() // [[-1, 0, 3]]
     */
    ceil(): sparray;
    /**
     * Rounding to the nearest integer, halves to even (NumPy's `rint`) of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[0.5, 1.5, 2.5]]).rint().toarray().tolist() // [[0, 2, 2]]
     */
    rint(): sparray;
    /**
     * Truncation toward zero (integer dtypes are kept) of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[-1.5, 0, 2.5]]).trunc().toarray().tolist() // [[-1, 0, 2]]
     */
    trunc(): sparray;
    /**
     * Degrees to radians of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[180, 0]]).deg2rad().data.tolist() // [3.141592653589793]
     */
    deg2rad(): sparray;
    /**
     * Radians to degrees of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[Math.PI, 0]]).rad2deg().data.tolist() // [180]
     */
    rad2deg(): sparray;
    /**
     * Inverse sine of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[1, 0]]).arcsin().data.tolist() // [1.5707963267948966]
     */
    arcsin(): sparray;
    /**
     * Inverse hyperbolic sine of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[1, 0]]).arcsinh().data.tolist() // [0.881373587019543]
     */
    arcsinh(): sparray;
    /**
     * Inverse tangent of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[1, 0]]).arctan().data.tolist() // [0.7853981633974483]
     */
    arctan(): sparray;
    /**
     * Inverse hyperbolic tangent of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[0.5, 0]]).arctanh().data.tolist() // [0.5493061443340548]
     */
    arctanh(): sparray;
    /**
     * Hyperbolic sine of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[1, 0]]).sinh().data.tolist() // [1.1752011936438014]
     */
    sinh(): sparray;
    /**
     * Hyperbolic tangent of the stored values (duplicates summed first; the same format). Integer values give
     * float64 (uint8/bool: float32, where NumPy gives float16).
     * @returns an array of the same format and structure
     * @example sparse.csr_array([[1, 0]]).tanh().data.tolist() // [0.7615941559557649]
     */
    tanh(): sparray;
    /**
     * NumPy's `maximum(A, other)` (SciPy's `A.maximum`): by a scalar whose maximum with 0 is 0, the
     * stored values mapped (CSR/CSC, zeros dropped); by another scalar, every entry stored (SciPy
     * warns that the result is dense); by a dense array, a dense result; by a sparse array, the union
     * (CSR, CSC when both are CSC).
     * @param other a number, a dense array_like or a sparse array of the same shape
     * @throws {ShapeError} when a sparse operand's shape differs
     * @example sparse.csr_array([[1, 0, -2]]).maximum(sparse.csr_array([[0, 5, -3]])).toarray().tolist() // [[1, 5, -2]]
     * @example sparse.csr_array([[1, 0, -2]]).maximum(0).toarray().tolist() // [[1, 0, 0]]
     */
    maximum(other: sparray | DenseLike | number): sparray | ndarray;
    /**
     * NumPy's `minimum(A, other)` (SciPy's `A.minimum`; the operands as {@link sparray.maximum}).
     * @throws {ShapeError} when a sparse operand's shape differs
     * @example sparse.csr_array([[1, 0, -2]]).minimum(sparse.csr_array([[0, 5, -3]])).toarray().tolist() // [[0, 0, -3]]
     */
    minimum(other: sparray | DenseLike | number): sparray | ndarray;
  }
}

/**
 * @internal The definitions of the methods on stored values declared above, for base.ts to install on
 * `sparray.prototype`. A function (hoisted), so that base.ts can call it whichever module a
 * program imports first.
 */
export function valueMethods() {
  return {
    sqrt(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mSqrt.apply(this, arguments as never);
    },
    sin(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mSin.apply(this, arguments as never);
    },
    tan(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mTan.apply(this, arguments as never);
    },
    expm1(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mExpm1.apply(this, arguments as never);
    },
    log1p(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mLog1p.apply(this, arguments as never);
    },
    sign(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mSign.apply(this, arguments as never);
    },
    floor(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mFloor.apply(this, arguments as never);
    },
    ceil(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mCeil.apply(this, arguments as never);
    },
    rint(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mRint.apply(this, arguments as never);
    },
    trunc(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mTrunc.apply(this, arguments as never);
    },
    deg2rad(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mDeg2rad.apply(this, arguments as never);
    },
    rad2deg(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mRad2deg.apply(this, arguments as never);
    },
    arcsin(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mArcsin.apply(this, arguments as never);
    },
    arcsinh(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mArcsinh.apply(this, arguments as never);
    },
    arctan(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mArctan.apply(this, arguments as never);
    },
    arctanh(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mArctanh.apply(this, arguments as never);
    },
    sinh(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mSinh.apply(this, arguments as never);
    },
    tanh(this: sparray): sparray {
      // biome-ignore lint/complexity/noArguments: forwarded whole to the binder (which rejects any)
      return mv.mTanh.apply(this, arguments as never);
    },
    maximum(this: sparray, other: sparray | DenseLike | number): sparray | ndarray {
      return mv.mMaximum.call(this, other) as never;
    },
    minimum(this: sparray, other: sparray | DenseLike | number): sparray | ndarray {
      return mv.mMinimum.call(this, other) as never;
    },
  } satisfies SparrayMethods;
}
