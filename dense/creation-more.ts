/** More creation functions: `*_like`, `arange`, `linspace`, `eye`, `identity`, `diag`. */
import {
  ArgumentTypeError,
  argMessage,
  type DType,
  IndexError,
  launch,
  registerKernel,
  ValueError,
} from '../runtime/index.js';
import { alloc, type ShapeLike, shapeArg } from './alloc.js';
import { type DTypeOptions, full, zeros } from './creation.js';
import { dtypeArg } from './dtypes.js';
import { assign } from './ewise.js';
import { RAMP } from './kernel-names.js';
import { ndarray } from './ndarray.js';
import { type ArrayInput, sig } from './sig.js';

registerKernel(RAMP, (t) => {
  const a = t.arrays[0]!;
  const o = t.offsets[0]!;
  const start = t.scalars[0]!;
  const step = t.scalars[1]!;
  const n = t.scalars[2]!;
  const stop = t.scalars[3]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) a[o + i] = n > 0 && i === n - 1 ? stop : start + i * step;
});

/**
 * Zeros with the shape (and dtype, unless given) of `a`.
 * @param a the array whose shape (and dtype) to take
 * @param opts `{dtype}` to override the dtype of `a`
 * @returns a new array
 * @example String(np.zeros_like(np.array([[1, 2]]))) // '[[0 0]]'
 */
export const zeros_like = sig<LikeFn>(
  'zeros_like(a: array_like, dtype: dtype = None, *, shape: shape = None)',
  ((x: ndarray, dtype: DType | undefined, shape: ShapeLike | undefined) =>
    zeros(shape ?? x.shape, { dtype: dtype ?? x.dtype })) as never,
);
/**
 * Ones with the shape and dtype of `a`.
 * @param a the array whose shape (and dtype) to take
 * @param opts `{dtype}` to override the dtype of `a`
 * @returns a new array
 * @example String(np.ones_like(np.array([1.5, 2]))) // '[1. 1.]'
 */
export const ones_like = sig<LikeFn>(
  'ones_like(a: array_like, dtype: dtype = None, *, shape: shape = None)',
  ((x: ndarray, dtype: DType | undefined, shape: ShapeLike | undefined) =>
    full(shape ?? x.shape, 1, { dtype: dtype ?? x.dtype })) as never,
);
/**
 * `value` with the shape and dtype of `a`.
 * @param a the array whose shape (and dtype) to take
 * @param value the fill value
 * @param opts `{dtype}` to override the dtype of `a`
 * @returns a new array
 * @example np.full_like(np.array([1, 2, 3]), 7).tolist() // [7, 7, 7]
 */
export const full_like = sig<
  (
    a: ArrayInput,
    fill_value: number | boolean | ArrayInput,
    dtype?: DType | null | LikeOptions,
    opts?: LikeOptions,
  ) => ndarray
>('full_like(a: array_like, fill_value: operand, dtype: dtype = None, *, shape: shape = None)', ((
  x: ndarray,
  value: number | boolean | ndarray,
  dtype: DType | undefined,
  shape: ShapeLike | undefined,
) => full(shape ?? x.shape, value, { dtype: dtype ?? x.dtype })) as never);

/** Keyword options of the `*_like` functions. */
export interface LikeOptions extends DTypeOptions {
  /** Overrides the shape of `a`. */
  shape?: ShapeLike | null;
}
/** A `*_like` creation function: `f(a, dtype?, {dtype, shape})`. */
export type LikeFn = (a: ArrayInput, dtype?: DType | null | LikeOptions, opts?: LikeOptions) => ndarray;
/**
 * Uninitialized (zeros) with the shape and dtype of `a`.
 * @param a the array whose shape (and dtype) to take
 * @param opts `{dtype}` to override the dtype of `a`
 * @returns a new array
 * @example np.empty_like(np.zeros([2, 3])).shape // [2, 3]
 */
export const empty_like = sig<LikeFn>(
  'empty_like(a: array_like, dtype: dtype = None, *, shape: shape = None)',
  ((x: ndarray, dtype: DType | undefined, shape: ShapeLike | undefined) =>
    zeros(shape ?? x.shape, { dtype: dtype ?? x.dtype })) as never,
);

function ramp(fn: string, n: number, start: number, step: number, dt: DType, last?: number): ndarray {
  // Validated here so that a huge length raises naming this function (not createRegion).
  const a = alloc(dt, shapeArg(fn, [n], 'num'));
  if (n > 0) {
    launch({
      op: fn,
      kernel: RAMP,
      args: [{ store: a.store, privilege: 'write-discard' }],
      scalars: [start, step, last === undefined ? 0 : n, last ?? 0],
    });
  }
  return a;
}

/** Keyword options of {@link arange}: `stop`, `step` and `dtype` (NumPy's keywords). */
export interface ArangeOptions extends DTypeOptions {
  /** End of the interval (exclusive). */
  stop?: number | null;
  /** Spacing between values (default 1). */
  step?: number | null;
}

/**
 * Evenly spaced values in `[start, stop)`: `arange(stop)`, `arange(start, stop, step?)`. int32 when
 * every argument is an integer, else float64.
 * @param start the first value (or `stop` when it is the only argument)
 * @param stop the end (excluded)
 * @param step the spacing (default 1)
 * @param opts `{dtype}`
 * @returns a new 1-D array
 * @example np.arange(1, 7, 2).tolist() // [1, 3, 5]
 */
export const arange = sig<
  (
    start: number,
    stop?: number | null | ArangeOptions,
    step?: number | null | ArangeOptions,
    dtype?: DType | null | ArangeOptions,
    opts?: ArangeOptions,
  ) => ndarray
>('arange(start, stop = None, step = None, dtype: dtype = None)', ((
  start: number,
  stop: number | undefined,
  step: number | undefined,
  dtype: DType | undefined,
) => arangeImpl(start, stop, step ?? 1, dtype)) as never);

function arangeImpl(
  start: number,
  stop: number | undefined | null,
  step: number,
  dtype: DType | undefined,
): ndarray {
  if (stop === undefined || stop === null) {
    stop = start;
    start = 0;
  }
  for (const [nm, v] of [
    ['start', start],
    ['stop', stop],
    ['step', step],
  ] as const) {
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new ValueError(argMessage('arange', nm, 'a finite number', v));
  }
  if (step === 0) throw new ValueError(argMessage('arange', 'step', 'a nonzero number', step));
  const n = Math.max(0, Math.ceil((stop - start) / step));
  const ints = Number.isInteger(start) && Number.isInteger(stop) && Number.isInteger(step);
  const dt = dtypeArg('arange', dtype, ints ? 'int32' : 'float64');
  return ramp('arange', n, start, step, dt);
}

/**
 * `num` evenly spaced values from `start` to `stop` (inclusive unless `endpoint: false`).
 * @param start the first value
 * @param stop the last value (unless `endpoint: false`)
 * @param num the number of values (default 50)
 * @param opts `endpoint` and `dtype`
 * @returns a new 1-D array
 * @example np.linspace(0, 1, 5).tolist() // [0, 0.25, 0.5, 0.75, 1]
 */
export const linspace = sig<
  (start: number, stop: number, num?: number | LinspaceOptions, opts?: LinspaceOptions) => ndarray
>(
  'linspace(start, stop, num = 50, endpoint: bool = True, retstep: bool = False, dtype: dtype = None, axis: axis = 0)',
  ((
    start: number,
    stop: number,
    num: number,
    endpoint: boolean,
    retstep: boolean,
    dtype: DType,
    axis: number,
  ) => {
    if (axis !== 0 && axis !== -1)
      throw new IndexError(`linspace: axis ${axis} is out of bounds for array of dimension 1`);
    const r = linspaceImpl(start, stop, num, endpoint, dtype);
    if (!retstep) return r;
    const div = endpoint ? num - 1 : num;
    return [r, div > 0 ? (stop - start) / div : Number.NaN];
  }) as never,
);

/** Keyword options of {@link linspace}. */
export interface LinspaceOptions extends DTypeOptions {
  /** The number of samples (default 50). */
  num?: number;
  /** Include `stop` (default true). */
  endpoint?: boolean;
  /** Return `[samples, step]` instead of the samples (typed as the array; cast the result). */
  retstep?: boolean;
  /** The axis of the samples: 0 or -1 (the result is 1-D). */
  axis?: number;
}

function linspaceImpl(
  start: number,
  stop: number,
  num: number,
  endpoint: boolean,
  dtype: DType | undefined,
): ndarray {
  // NaN and ±Inf bounds are allowed (NumPy's results); a string or an object is not.
  if (typeof start !== 'number')
    throw new ArgumentTypeError(argMessage('linspace', 'start', 'a number', start));
  if (typeof stop !== 'number') throw new ArgumentTypeError(argMessage('linspace', 'stop', 'a number', stop));
  if (!Number.isInteger(num) || num < 0)
    throw new ValueError(argMessage('linspace', 'num', 'a non-negative integer', num));
  const div = endpoint ? num - 1 : num;
  const step = div > 0 ? (stop - start) / div : 0;
  const dt = dtypeArg('linspace', dtype, 'float64');
  return ramp('linspace', num, start, step, dt, endpoint && num > 1 ? stop : undefined);
}

/**
 * A 2-D array with ones on diagonal `k`.
 * @param N rows
 * @param M columns (default N)
 * @param k the diagonal (0 main, > 0 above, < 0 below)
 * @param opts `{dtype}` (default float64)
 * @returns a new 2-D array
 * @example np.eye(2).tolist() // [[1, 0], [0, 1]]
 */
export const eye = sig<
  (
    N: number,
    M?: number | null | EyeOptions,
    k?: number | EyeOptions,
    dtype?: DType | null | EyeOptions,
    opts?: EyeOptions,
  ) => ndarray
>("eye(N: int, M: int = None, k: int = 0, dtype: dtype = None, order: order = 'C')", ((
  N: number,
  M: number | undefined,
  k: number,
  dtype: DType | undefined,
  order: string,
) => {
  if (order !== 'C')
    throw new ValueError(argMessage('eye', 'order', "'C' (cohort arrays are C-ordered)", order));
  return eyeImpl(N, M ?? undefined, k, dtype);
}) as never);

/** Keyword options of {@link eye}. */
export interface EyeOptions extends DTypeOptions {
  /** Columns (default N). */
  M?: number | null;
  /** The diagonal (0 main, > 0 above, < 0 below). */
  k?: number;
  /** 'C' only (cohort arrays are C-ordered). */
  order?: 'C';
}

function eyeImpl(N: number, M: number | undefined, k: number, dtype: DType | undefined): ndarray {
  const m = M ?? N;
  const [n, mm] = shapeArg('eye', [N, m]) as [number, number];
  if (!Number.isInteger(k)) throw new ValueError(argMessage('eye', 'k', 'an integer', k));
  const a = zeros([n, mm], { dtype: dtypeArg('eye', dtype, 'float64') });
  const d = diagView(a, k);
  if (d.size > 0) assign('eye', d, 1);
  return a;
}

/**
 * The identity matrix.
 * @param n rows and columns
 * @param opts `{dtype}` (default float64)
 * @returns a new n×n array
 * @example String(np.identity(2)) // '[[1. 0.]\n [0. 1.]]'
 */
export const identity = sig<(n: number, dtype?: DType | null | DTypeOptions, opts?: DTypeOptions) => ndarray>(
  'identity(n: int, dtype: dtype = None)',
  ((n: number, dtype: DType | undefined) => {
    shapeArg('identity', [n], 'n');
    return eyeImpl(n, n, 0, dtype);
  }) as never,
);

/** The diagonal `k` of a 2-D array as a 1-D view. */
function diagView(a: ndarray, k: number): ndarray {
  const [n, m] = a.shape as [number, number];
  const s = a.store;
  const len = Math.max(0, k >= 0 ? Math.min(n, m - k) : Math.min(n + k, m));
  const off = s.offset + (k >= 0 ? k * s.strides[1]! : -k * s.strides[0]!);
  return new ndarray(s.view([len], [s.strides[0]! + s.strides[1]!], len > 0 ? off : s.offset));
}

/**
 * `diag(v)`: a 2-D array with `v` on diagonal `k` (1-D input), or diagonal `k` of a 2-D array (a view).
 * @param v a 1-D or 2-D array
 * @param k the diagonal (0 main, > 0 above, < 0 below)
 * @returns a new 2-D array (1-D input) or a 1-D view (2-D input)
 * @throws {ValueError} when `v` is not 1-D or 2-D
 * @example np.diag(np.array([1, 2])).tolist() // [[1, 0], [0, 2]]
 */
export const diag = sig<(v: ArrayInput, k?: number | { k?: number }) => ndarray>(
  'diag(v: array_like, k: int = 0)',
  ((v: ndarray, k: number) => diagImpl(v, k)) as never,
);

function diagImpl(x: ndarray, k: number): ndarray {
  if (!Number.isInteger(k)) throw new ValueError(argMessage('diag', 'k', 'an integer', k));
  if (x.ndim === 1) {
    const n = x.size + Math.abs(k);
    const a = zeros([n, n], { dtype: x.dtype });
    if (x.size > 0) assign('diag', diagView(a, k), x);
    return a;
  }
  if (x.ndim === 2) return diagView(x, k);
  throw new ValueError(argMessage('diag', 'v', 'a 1-D or 2-D array', `an array of shape [${x.shape}]`));
}
