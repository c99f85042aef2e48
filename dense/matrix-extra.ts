/**
 * NumPy's matrix helpers: `tri`, `tril`, `triu` (a mask of two broadcast ranges, one fused
 * element-wise launch), `trace` (a diagonal view summed), `kron` (one broadcast product),
 * `cross`, `tensordot` (transposes and one matmul) and `vander` (a running product along rows).
 */
import { type DType, ValueError } from '../runtime/index.js';
import { ones } from './creation.js';
import { arange } from './creation-more.js';
import { cumprod } from './cumprod.js';
import { matmul } from './linalg-api.js';
import { ndarray } from './ndarray.js';
import { sum } from './reduce-api.js';
import { where } from './select.js';
import * as sh from './shape.js';
import { diagonalView, moveaxis } from './shape-extra.js';
import { type ArrayInput, sig } from './sig.js';
import { add, less_equal, multiply, subtract } from './ufuncs.js';

/** The N×M boolean mask `j <= i + k` (a lazy expression of two broadcast ranges). */
function lowerMask(N: number, M: number, k: number): ndarray {
  const i = sh.reshape(arange(N), [N, 1]);
  const j = sh.reshape(arange(M), [1, M]);
  return less_equal(j, add(i, k));
}

/** Keyword options of {@link tri}. */
export interface TriOptions {
  /** Columns (default N). */
  M?: number | null;
  /** Diagonal offset: ones at and below it (default 0). */
  k?: number;
  /** Result dtype (default float64). */
  dtype?: DType;
}

/**
 * An N×M array with ones at and below the `k`-th diagonal, zeros elsewhere.
 * @param N rows
 * @param M columns (default N)
 * @param k the diagonal (default 0; positive above the main one)
 * @param dtype the result dtype (default float64)
 * @returns a new array
 * @throws {ValueError} for negative sizes
 * @example np.tri(3, 4, 1, 'int32').tolist() // [[1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1]]
 */
export const tri = sig<
  (
    N: number,
    M?: number | null | TriOptions,
    k?: number | TriOptions,
    dtype?: DType | TriOptions,
    opts?: TriOptions,
  ) => ndarray
>("tri(N: int, M: int? = None, k: int = 0, dtype: dtype = 'float64')", ((
  N: number,
  M: number | null | undefined,
  k: number,
  dtype: DType,
) => {
  const m = M ?? N;
  if (N < 0 || m < 0) throw new ValueError(`tri: negative dimensions are not allowed (N=${N}, M=${m})`);
  return sh.astype(lowerMask(N, m, k), dtype);
}) as never);

function triangle(fn: string, m: ndarray, k: number, lower: boolean): ndarray {
  if (m.ndim === 0) throw new ValueError(`${fn}: the input must be at least 1-d`);
  // A 1-D input broadcasts as a row against the n×n mask, as NumPy's.
  const M = m.shape[m.ndim - 1]!;
  const N = m.ndim === 1 ? M : m.shape[m.ndim - 2]!;
  // tril keeps j <= i + k; triu keeps j >= i + k, i.e. drops j <= i + k - 1.
  const mask = lowerMask(N, M, lower ? k : k - 1);
  const zero = m.dtype === 'bool' ? false : 0;
  return lower ? where(mask, m, zero) : where(mask, zero, m);
}

/**
 * The lower triangle: zeros above the `k`-th diagonal (the last two axes; a 1-D input is a row
 * repeated, as NumPy's).
 * @param m an array_like
 * @param k the diagonal (default 0)
 * @returns a new array of `m`'s dtype
 * @throws {ValueError} for a 0-d input
 * @example np.tril(np.arange(1, 10).reshape(3, 3), -1).tolist() // [[0, 0, 0], [4, 0, 0], [7, 8, 0]]
 */
export const tril = sig<(m: ArrayInput, k?: number | { k?: number }) => ndarray>(
  'tril(m: array_like, k: int = 0)',
  ((m: ndarray, k: number) => triangle('tril', m, k, true)) as never,
);

/**
 * The upper triangle: zeros below the `k`-th diagonal.
 * @param m an array_like
 * @param k the diagonal (default 0)
 * @returns a new array of `m`'s dtype
 * @throws {ValueError} for a 0-d input
 * @example np.triu(np.arange(1, 10).reshape(3, 3), 1).tolist() // [[0, 2, 3], [0, 0, 6], [0, 0, 0]]
 */
export const triu = sig<(m: ArrayInput, k?: number | { k?: number }) => ndarray>(
  'triu(m: array_like, k: int = 0)',
  ((m: ndarray, k: number) => triangle('triu', m, k, false)) as never,
);

/** Keyword options of {@link trace}. */
export interface TraceOptions {
  /** Offset of the diagonal (default 0). */
  offset?: number;
  /** First axis (default 0). */
  axis1?: number;
  /** Second axis (default 1). */
  axis2?: number;
  /** Accumulator and result dtype. */
  dtype?: DType | null;
  /** Write the result here. */
  out?: ndarray | null;
}

/**
 * The sum along a diagonal (of each 2-D sub-array given by `axis1`, `axis2`).
 * @param a an array_like of at least 2 dimensions
 * @param offset the diagonal (default 0)
 * @param axis1 first axis (default 0)
 * @param axis2 second axis (default 1)
 * @param dtype accumulator and result dtype
 * @param out an array to write the result into
 * @returns a 0-d array for 2-D input, else the sums
 * @throws {ValueError} for fewer than 2 dimensions
 * @example np.trace(np.arange(9).reshape(3, 3)).item() // 12
 */
export const trace = sig<
  (
    a: ArrayInput,
    offset?: number | TraceOptions,
    axis1?: number | TraceOptions,
    axis2?: number | TraceOptions,
    dtype?: DType | null | TraceOptions,
    out?: ndarray | null | TraceOptions,
    opts?: TraceOptions,
  ) => ndarray
>(
  'trace(a: array_like, offset: int = 0, axis1: axis = 0, axis2: axis = 1, dtype: dtype = None, out: ndarray = None)',
  ((
    a: ndarray,
    offset: number,
    axis1: number,
    axis2: number,
    dtype: DType | undefined,
    out: ndarray | undefined,
  ) => {
    const d = diagonalView('trace', a, offset, axis1, axis2);
    return sum(d, { axis: -1, dtype: dtype ?? null, out: out ?? null });
  }) as never,
);

/**
 * The Kronecker product: blocks `a[i, j] * b` (operands of fewer dimensions get leading 1s).
 * @param a an array_like
 * @param b an array_like
 * @returns a new array of shape `a.shape * b.shape` (per axis)
 * @example np.kron([1, 10], [1, 2, 3]).tolist() // [1, 2, 3, 10, 20, 30]
 * @example np.kron(np.eye(2), np.ones([2, 2])).tolist() // [[1, 1, 0, 0], [1, 1, 0, 0], [0, 0, 1, 1], [0, 0, 1, 1]]
 */
export const kron = sig<(a: ArrayInput, b: ArrayInput) => ndarray>('kron(a: array_like, b: array_like)', ((
  a: ndarray,
  b: ndarray,
) => {
  const nd = Math.max(a.ndim, b.ndim);
  const sa = [...Array(nd - a.ndim).fill(1), ...a.shape];
  const sb = [...Array(nd - b.ndim).fill(1), ...b.shape];
  // a as [a0, 1, a1, 1, ...], b as [1, b0, 1, b1, ...]: their product is [a0, b0, a1, b1, ...].
  const ai = sh.reshape(
    a,
    sa.flatMap((e) => [e, 1]),
  );
  const bi = sh.reshape(
    b,
    sb.flatMap((e) => [1, e]),
  );
  const p = multiply(ai, bi);
  return sh.reshape(
    sh.copy(p),
    sa.map((e, d) => e * sb[d]!),
  );
}) as never);

/** Keyword options of {@link cross}. */
export interface CrossOptions {
  /** Axis of `a` holding the vectors (default -1). */
  axisa?: number;
  /** Axis of `b` holding the vectors (default -1). */
  axisb?: number;
  /** Axis of the result holding the vectors (default -1). */
  axisc?: number;
  /** Sets all three axes at once. */
  axis?: number | null;
}

const comp = (v: ndarray, k: number): ndarray => {
  const s = v.store;
  const d = v.ndim - 1;
  return new ndarray(s.view(s.shape.slice(0, d), s.strides.slice(0, d), s.offset + k * s.strides[d]!));
};

/**
 * The cross product of 3-vectors (or of 2-vectors, giving the z component), broadcast over the
 * other axes.
 * @param a vectors (an array_like)
 * @param b vectors, broadcast against `a`
 * @param axisa the axis of `a` holding the vectors (default -1)
 * @param axisb the axis of `b` (default -1)
 * @param axisc the axis of the result (default -1)
 * @param axis sets all three
 * @returns a new array
 * @throws {ValueError} when a vector axis has a length other than 2 or 3
 * @example np.cross([1, 0, 0], [0, 1, 0]).tolist() // [0, 0, 1]
 * @example np.cross([[1, 2, 3], [4, 5, 6]], [[4, 5, 6], [1, 2, 3]]).tolist() // [[-3, 6, -3], [3, -6, 3]]
 */
export const cross = sig<
  (
    a: ArrayInput,
    b: ArrayInput,
    axisa?: number | CrossOptions,
    axisb?: number | CrossOptions,
    axisc?: number | CrossOptions,
    axis?: number | null | CrossOptions,
    opts?: CrossOptions,
  ) => ndarray
>(
  'cross(a: array_like, b: array_like, axisa: axis = -1, axisb: axis = -1, axisc: axis = -1, axis: axis? = None)',
  ((a: ndarray, b: ndarray, axisa: number, axisb: number, axisc: number, axis: number | null | undefined) => {
    const [xa, xb, xc] = axis === null || axis === undefined ? [axisa, axisb, axisc] : [axis, axis, axis];
    const va = moveaxis(a, xa, -1);
    const vb = moveaxis(b, xb, -1);
    const na = va.shape[va.ndim - 1]!;
    const nb = vb.shape[vb.ndim - 1]!;
    if ((na !== 2 && na !== 3) || (nb !== 2 && nb !== 3))
      throw new ValueError(
        `cross: incompatible dimensions for cross product (dimension must be 2 or 3), received ${na} and ${nb}`,
      );
    const [a0, a1, a2] = [comp(va, 0), comp(va, 1), na === 3 ? comp(va, 2) : 0];
    const [b0, b1, b2] = [comp(vb, 0), comp(vb, 1), nb === 3 ? comp(vb, 2) : 0];
    const z = subtract(multiply(a0, b1), multiply(a1, b0));
    if (na === 2 && nb === 2) return sh.copy(z);
    const x = subtract(multiply(a1, b2), multiply(a2, b1));
    const y = subtract(multiply(a2, b0), multiply(a0, b2));
    const c = sh.stack([x, y, z], { axis: -1 });
    return moveaxis(c, -1, xc);
  }) as never,
);

/**
 * Sums products over the given axes: the last `axes` of `a` with the first of `b`, or the listed
 * pairs (`[[1, 0], [0, 1]]`); one matmul after transposes.
 * @param a an array_like
 * @param b an array_like
 * @param axes a count (default 2), or two lists of axes
 * @returns a new array (free axes of `a`, then of `b`)
 * @throws {ValueError} when the summed axes differ in length
 * @example np.tensordot(np.arange(6).reshape(2, 3), np.arange(6).reshape(3, 2), 1).tolist() // [[10, 13], [28, 40]]
 * @example np.tensordot(np.ones([2, 3, 4]), np.ones([3, 4, 5]), 2).shape // [2, 5]
 */
export const tensordot = sig<
  (
    a: ArrayInput,
    b: ArrayInput,
    axes?: number | readonly (number | readonly number[])[] | { axes?: unknown },
  ) => ndarray
>('tensordot(a: array_like, b: array_like, axes: any = 2)', ((a: ndarray, b: ndarray, axes: unknown) => {
  const norm = (list: number[], nd: number, name: string) =>
    list.map((x) => {
      if (!Number.isInteger(x) || x < -nd || x >= nd)
        throw new ValueError(`tensordot: axis ${x} of ${name} is out of range`);
      return x < 0 ? x + nd : x;
    });
  let axA: number[];
  let axB: number[];
  if (typeof axes === 'number') {
    if (!Number.isInteger(axes) || axes < 0 || axes > a.ndim || axes > b.ndim)
      throw new ValueError(
        `tensordot: axes=${axes} does not fit arrays of ${a.ndim} and ${b.ndim} dimensions`,
      );
    axA = [...Array(axes).keys()].map((k) => a.ndim - axes + k);
    axB = [...Array(axes).keys()];
  } else if (Array.isArray(axes) && axes.length === 2) {
    const [x, y] = axes as [number | number[], number | number[]];
    axA = norm(typeof x === 'number' ? [x] : [...x], a.ndim, 'a');
    axB = norm(typeof y === 'number' ? [y] : [...y], b.ndim, 'b');
  } else {
    throw new ValueError(
      `tensordot: axes must be an integer or two lists of axes, received ${JSON.stringify(axes)}`,
    );
  }
  if (axA.length !== axB.length) throw new ValueError('tensordot: the two lists of axes differ in length');
  for (let k = 0; k < axA.length; k++)
    if (a.shape[axA[k]!] !== b.shape[axB[k]!])
      throw new ValueError(
        `tensordot: shape mismatch for sum: axis ${axA[k]} of a has ${a.shape[axA[k]!]}, axis ${axB[k]} of b has ${b.shape[axB[k]!]}`,
      );
  const freeA = [...Array(a.ndim).keys()].filter((d) => !axA.includes(d));
  const freeB = [...Array(b.ndim).keys()].filter((d) => !axB.includes(d));
  const S = axA.reduce((p, d) => p * a.shape[d]!, 1);
  const FA = freeA.reduce((p, d) => p * a.shape[d]!, 1);
  const FB = freeB.reduce((p, d) => p * b.shape[d]!, 1);
  const A2 = sh.reshape(sh.transpose(a, [...freeA, ...axA]), [FA, S]);
  const B2 = sh.reshape(sh.transpose(b, [...axB, ...freeB]), [S, FB]);
  return sh.reshape(matmul(A2, B2) as ndarray, [
    ...freeA.map((d) => a.shape[d]!),
    ...freeB.map((d) => b.shape[d]!),
  ]);
}) as never);

/** Keyword options of {@link vander}. */
export interface VanderOptions {
  /** Columns (default `len(x)`). */
  N?: number | null;
  /** Powers increasing left to right (default false: decreasing). */
  increasing?: boolean;
}

/**
 * The Vandermonde matrix: columns are powers of `x` (decreasing by default), each column the
 * previous times `x`, as NumPy computes it.
 * @param x a 1-D array_like
 * @param N columns (default `len(x)`)
 * @param increasing powers increasing left to right
 * @returns a new 2-D array
 * @throws {ValueError} when `x` is not 1-D or `N` is negative
 * @example np.vander([1, 2, 3], 3).tolist() // [[1, 1, 1], [4, 2, 1], [9, 3, 1]]
 */
export const vander = sig<
  (
    x: ArrayInput,
    N?: number | null | VanderOptions,
    increasing?: boolean | VanderOptions,
    opts?: VanderOptions,
  ) => ndarray
>('vander(x: array_like, N: int? = None, increasing: bool = False)', ((
  x: ndarray,
  N: number | null | undefined,
  increasing: boolean,
) => {
  if (x.ndim !== 1) throw new ValueError('vander: x must be a one-dimensional array or sequence');
  const n = N ?? x.shape[0]!;
  if (n < 0) throw new ValueError(`vander: N must be non-negative, received ${n}`);
  const m = x.shape[0]!;
  // NumPy: promote_types(x.dtype, int) — int64 (cohort: int32) for integers, float64 for floats.
  const dt: DType = x.dtype === 'float32' || x.dtype === 'float64' ? 'float64' : 'int32';
  const xs = sh.astype(x, dt);
  const cols: ndarray[] = [];
  if (n > 0) cols.push(ones([m, 1], dt));
  if (n > 1) {
    const rep = sh.reshape(sh.concatenate(Array(n - 1).fill(sh.reshape(xs, [m, 1])), { axis: 1 }), [
      m,
      n - 1,
    ]);
    cols.push(cumprod(rep, 1));
  }
  const v = n === 0 ? sh.reshape(sh.astype(arange(0), dt), [m, 0]) : sh.concatenate(cols, { axis: 1 });
  if (increasing || n === 0) return v;
  const s = v.store;
  return sh.copy(
    new ndarray(s.view([m, n], [s.strides[0]!, -s.strides[1]!], s.offset + (n - 1) * s.strides[1]!)),
  );
}) as never);
