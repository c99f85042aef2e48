/**
 * The reduction methods of {@link ndarray}: `a.sum()`, `a.prod()`, `a.min()`, `a.max()`,
 * `a.mean()`, `a.var()`, `a.std()`, `a.argmin()`, `a.argmax()`, `a.all()`, `a.any()` and
 * `a.cumsum()`, each forwarding to its module function (dense/reduce-api.ts).
 *
 * Declared on the class's type here, TSDoc and all (a module augmentation of ndarray.ts), and
 * installed on `ndarray.prototype` by ndarray.ts (`installMethods`): `ndarray` stays one class.
 */
import type { DType } from '../runtime/index.js';
import type { Methods } from './ndarray.js';
import * as ra from './reduce-api.js';

declare module './ndarray.js' {
  interface ndarray {
    // ---- reductions -----------------------------------------------------------------------------

    /**
     * Sum (see {@link sum}).
     * @param axis as for {@link sum}; then `dtype`, `out`, or the options object
     * @returns as for {@link sum}
     * @example
     * np.array([[1, 2], [3, 4]]).sum({ axis: 0 }).tolist() // [4, 6]
     * np.array([[1, 2], [3, 4]]).sum(1).tolist() // [3, 7]
     */
    sum(
      axis?: ra.AxisArg | ra.SumOptions,
      dtype?: DType | null | ra.SumOptions,
      out?: ndarray | null | ra.SumOptions,
      opts?: ra.SumOptions,
    ): ndarray;
    /**
     * Product.
     * @param opts as for {@link prod}
     * @returns as for {@link prod}
     * @example np.array([2, 3, 4]).prod().item() // 24
     */
    prod(
      axis?: ra.AxisArg | ra.SumOptions,
      dtype?: DType | null | ra.SumOptions,
      out?: ndarray | null | ra.SumOptions,
      opts?: ra.SumOptions,
    ): ndarray;
    /**
     * Minimum.
     * @param opts as for {@link min}
     * @returns as for {@link min}
     * @throws {ValueError} on an empty reduction
     * @example np.array([3, 1, 2]).min().item() // 1
     */
    min(
      axis?: ra.AxisArg | ra.MinMaxOptions,
      out?: ndarray | null | ra.MinMaxOptions,
      opts?: ra.MinMaxOptions,
    ): ndarray;
    /**
     * Maximum.
     * @param opts as for {@link max}
     * @returns as for {@link max}
     * @throws {ValueError} on an empty reduction
     * @example np.array([3, 1, 2]).max().item() // 3
     */
    max(
      axis?: ra.AxisArg | ra.MinMaxOptions,
      out?: ndarray | null | ra.MinMaxOptions,
      opts?: ra.MinMaxOptions,
    ): ndarray;
    /**
     * Mean.
     * @param opts as for {@link mean}
     * @returns as for {@link mean}
     * @example np.array([[1, 2], [3, 4]]).mean({ axis: 1 }).tolist() // [1.5, 3.5]
     */
    mean(
      axis?: ra.AxisArg | ra.MeanOptions,
      dtype?: DType | null | ra.MeanOptions,
      out?: ndarray | null | ra.MeanOptions,
      opts?: ra.MeanOptions,
    ): ndarray;
    /**
     * Variance.
     * @param opts `axis`, `keepdims` and `ddof`
     * @returns the variance
     * @example np.array([1, 2, 3, 4]).var().item() // 1.25
     */
    var(
      axis?: ra.AxisArg | ra.VarOptions,
      dtype?: DType | null | ra.VarOptions,
      out?: ndarray | null | ra.VarOptions,
      ddof?: number | ra.VarOptions,
      opts?: ra.VarOptions,
    ): ndarray;
    /**
     * Standard deviation.
     * @param opts `axis`, `keepdims` and `ddof`
     * @returns the standard deviation
     * @example np.array([1, 3]).std().item() // 1
     */
    std(
      axis?: ra.AxisArg | ra.VarOptions,
      dtype?: DType | null | ra.VarOptions,
      out?: ndarray | null | ra.VarOptions,
      ddof?: number | ra.VarOptions,
      opts?: ra.VarOptions,
    ): ndarray;
    /**
     * Index of the minimum.
     * @param opts `axis` and `keepdims`
     * @returns int32 indices
     * @example np.array([3, 1, 2]).argmin().item() // 1
     */
    argmin(
      axis?: number | null | ra.ArgOptions,
      out?: ndarray | null | ra.ArgOptions,
      opts?: ra.ArgOptions,
    ): ndarray;
    /**
     * Index of the maximum.
     * @param opts `axis` and `keepdims`
     * @returns int32 indices
     * @example np.array([3, 1, 2]).argmax().item() // 0
     */
    argmax(
      axis?: number | null | ra.ArgOptions,
      out?: ndarray | null | ra.ArgOptions,
      opts?: ra.ArgOptions,
    ): ndarray;
    /**
     * All nonzero.
     * @param opts as for {@link all}
     * @returns a bool result
     * @example np.array([1, 0]).all().item() // false
     */
    all(
      axis?: ra.AxisArg | ra.MinMaxOptions,
      out?: ndarray | null | ra.MinMaxOptions,
      opts?: ra.MinMaxOptions,
    ): ndarray;
    /**
     * Any nonzero.
     * @param opts as for {@link any}
     * @returns a bool result
     * @example np.array([1, 0]).any().item() // true
     */
    any(
      axis?: ra.AxisArg | ra.MinMaxOptions,
      out?: ndarray | null | ra.MinMaxOptions,
      opts?: ra.MinMaxOptions,
    ): ndarray;
    /**
     * Cumulative sum (flattened when no axis).
     * @param opts `axis` (null or omitted: the flattened array)
     * @returns a new array
     * @example np.array([1, 2, 3]).cumsum().tolist() // [1, 3, 6]
     */
    cumsum(
      axis?: number | null | ra.CumsumOptions,
      dtype?: DType | null | ra.CumsumOptions,
      out?: ndarray | null | ra.CumsumOptions,
      opts?: ra.CumsumOptions,
    ): ndarray;
  }
}

/**
 * @internal The implementations, which ndarray.ts installs on `ndarray.prototype` when it defines the
 * class. A function, not a constant: that can happen before this module has run (when it is the
 * first one imported, ndarray.ts runs first, as its dependency), and a function declaration exists
 * from the start.
 */
export function reductionMethods(): Methods<
  'sum' | 'prod' | 'min' | 'max' | 'mean' | 'var' | 'std' | 'argmin' | 'argmax' | 'all' | 'any' | 'cumsum'
> {
  return {
    sum(axis, dtype, out, opts) {
      return ra.sum(this, axis, dtype, out, opts);
    },
    prod(axis, dtype, out, opts) {
      return ra.prod(this, axis, dtype, out, opts);
    },
    min(axis, out, opts) {
      return ra.min(this, axis, out, opts);
    },
    max(axis, out, opts) {
      return ra.max(this, axis, out, opts);
    },
    mean(axis, dtype, out, opts) {
      return ra.mean(this, axis, dtype, out, opts);
    },
    var(axis, dtype, out, ddof, opts) {
      return ra.var_(this, axis, dtype, out, ddof, opts);
    },
    std(axis, dtype, out, ddof, opts) {
      return ra.std(this, axis, dtype, out, ddof, opts);
    },
    argmin(axis, out, opts) {
      return ra.argmin(this, axis, out, opts);
    },
    argmax(axis, out, opts) {
      return ra.argmax(this, axis, out, opts);
    },
    all(axis, out, opts) {
      return ra.all(this, axis, out, opts);
    },
    any(axis, out, opts) {
      return ra.any(this, axis, out, opts);
    },
    cumsum(axis, dtype, out, opts) {
      return ra.cumsum(this, axis, dtype, out, opts);
    },
  };
}
