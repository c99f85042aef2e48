/** More creation functions: `*_like`, `arange`, `linspace`, `eye`, `identity`, `diag`. */
import {
  ArgumentTypeError,
  argMessage,
  type DType,
  launch,
  registerKernel,
  ValueError,
} from '../runtime/index.js';
import { alloc, shapeArg } from './alloc.js';
import { type DTypeOptions, full, zeros } from './creation.js';
import { dtypeArg } from './dtypes.js';
import { optionsArg } from './errors.js';
import { assign } from './ewise.js';
import { RAMP } from './kernel-names.js';
import { ndarray } from './ndarray.js';

registerKernel(RAMP, (t) => {
  const a = t.arrays[0]!;
  const o = t.offsets[0]!;
  const start = t.scalars[0]!;
  const step = t.scalars[1]!;
  const n = t.scalars[2]!;
  const stop = t.scalars[3]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) a[o + i] = n > 0 && i === n - 1 ? stop : start + i * step;
});

function like(fn: string, a: unknown, arg = 'a'): ndarray {
  if (!(a instanceof ndarray)) throw new ArgumentTypeError(argMessage(fn, arg, 'an ndarray', a));
  return a;
}

/**
 * Zeros with the shape (and dtype, unless given) of `a`.
 * @param a the array whose shape (and dtype) to take
 * @param opts `{dtype}` to override the dtype of `a`
 * @returns a new array
 * @example String(np.zeros_like(np.array([[1, 2]]))) // '[[0 0]]'
 */
export function zeros_like(a: ndarray, opts: DTypeOptions = {}): ndarray {
  opts = optionsArg('zeros_like', opts);
  const x = like('zeros_like', a);
  return zeros(x.shape, { dtype: opts.dtype ?? x.dtype });
}
/**
 * Ones with the shape and dtype of `a`.
 * @param a the array whose shape (and dtype) to take
 * @param opts `{dtype}` to override the dtype of `a`
 * @returns a new array
 * @example String(np.ones_like(np.array([1.5, 2]))) // '[1. 1.]'
 */
export function ones_like(a: ndarray, opts: DTypeOptions = {}): ndarray {
  opts = optionsArg('ones_like', opts);
  const x = like('ones_like', a);
  return full(x.shape, 1, { dtype: opts.dtype ?? x.dtype });
}
/**
 * `value` with the shape and dtype of `a`.
 * @param a the array whose shape (and dtype) to take
 * @param value the fill value
 * @param opts `{dtype}` to override the dtype of `a`
 * @returns a new array
 * @example np.full_like(np.array([1, 2, 3]), 7).tolist() // [7, 7, 7]
 */
export function full_like(a: ndarray, value: number | boolean, opts: DTypeOptions = {}): ndarray {
  opts = optionsArg('full_like', opts);
  const x = like('full_like', a);
  return full(x.shape, value, { dtype: opts.dtype ?? x.dtype });
}
/**
 * Uninitialized (zeros) with the shape and dtype of `a`.
 * @param a the array whose shape (and dtype) to take
 * @param opts `{dtype}` to override the dtype of `a`
 * @returns a new array
 * @example np.empty_like(np.zeros([2, 3])).shape // [2, 3]
 */
export function empty_like(a: ndarray, opts: DTypeOptions = {}): ndarray {
  opts = optionsArg('empty_like', opts);
  return zeros_like(a, opts);
}

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
export function arange(start: number, stop?: number, step = 1, opts: DTypeOptions = {}): ndarray {
  opts = optionsArg('arange', opts);
  if (stop === undefined) {
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
  const dt = dtypeArg('arange', opts.dtype, ints ? 'int32' : 'float64');
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
export function linspace(
  start: number,
  stop: number,
  num = 50,
  opts: DTypeOptions & { endpoint?: boolean } = {},
): ndarray {
  opts = optionsArg('linspace', opts);
  // NaN and ±Inf bounds are allowed (NumPy's results); a string or an object is not.
  if (typeof start !== 'number')
    throw new ArgumentTypeError(argMessage('linspace', 'start', 'a number', start));
  if (typeof stop !== 'number') throw new ArgumentTypeError(argMessage('linspace', 'stop', 'a number', stop));
  if (!Number.isInteger(num) || num < 0)
    throw new ValueError(argMessage('linspace', 'num', 'a non-negative integer', num));
  const endpoint = opts.endpoint ?? true;
  const div = endpoint ? num - 1 : num;
  const step = div > 0 ? (stop - start) / div : 0;
  const dt = dtypeArg('linspace', opts.dtype, 'float64');
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
export function eye(N: number, M?: number, k = 0, opts: DTypeOptions = {}): ndarray {
  opts = optionsArg('eye', opts);
  const m = M ?? N;
  const [n, mm] = shapeArg('eye', [N, m]) as [number, number];
  if (!Number.isInteger(k)) throw new ValueError(argMessage('eye', 'k', 'an integer', k));
  const a = zeros([n, mm], { dtype: dtypeArg('eye', opts.dtype, 'float64') });
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
export function identity(n: number, opts: DTypeOptions = {}): ndarray {
  opts = optionsArg('identity', opts);
  shapeArg('identity', [n], 'n');
  return eye(n, n, 0, opts);
}

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
export function diag(v: ndarray, k = 0): ndarray {
  const x = like('diag', v, 'v');
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
