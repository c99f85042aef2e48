/** Creation functions: `zeros empty ones full array asarray` and friends. */
import {
  ArgumentTypeError,
  argMessage,
  type DType,
  dtypeOfArray,
  launch,
  regionFromArray,
  Store,
  type TypedArray,
  ValueError,
} from '../runtime/index.js';
import { alloc, allocStore, type ShapeLike, shapeArg } from './alloc.js';
import { checkIntFits, dtypeArg, INT_RANGE, scalarDType } from './dtypes.js';
import { assign, copyAs } from './ewise.js';
import { FILL_CONTIG } from './kernel-names.js';
import { type NestedArray, ndarray } from './ndarray.js';
import { type ArrayInput, denseHooks, sig } from './sig.js';
import './kernels-basic.js';

/** Options of creation functions. */
export interface DTypeOptions {
  /** The dtype of the result. */
  dtype?: DType | null;
}

/**
 * A new array of zeros.
 * @param shape dimensions
 * @param opts `{dtype}` (default float64)
 * @returns a new array
 * @throws {ValueError} on a negative or non-integer dimension
 * @throws {DTypeError} on an unknown dtype
 * @example np.zeros([2, 3]).shape // [2, 3]
 */
export const zeros = sig<Creator>('zeros(shape: shape, dtype: dtype = None)', ((
  shape: ShapeLike,
  dtype?: DType,
) => alloc(dtype ?? 'float64', shapeArg('zeros', shape))) as never);

/**
 * A new array whose contents are unspecified (cohort returns zeros: fresh shared memory is zeroed).
 * @param shape dimensions
 * @param opts `{dtype}` (default float64)
 * @returns a new array
 * @example np.empty([2]).shape // [2]
 */
export const empty = sig<Creator>('empty(shape: shape, dtype: dtype = None)', ((
  shape: ShapeLike,
  dtype?: DType,
) => alloc(dtype ?? 'float64', shapeArg('empty', shape))) as never);

/**
 * A new array of ones.
 * @param shape dimensions
 * @param opts `{dtype}` (default float64)
 * @returns a new array
 * @example np.ones([2]).tolist() // [1, 1]
 */
export const ones = sig<Creator>('ones(shape: shape, dtype: dtype = None)', ((
  shape: ShapeLike,
  dtype?: DType,
) => fullImpl('ones', shape, 1, dtype ?? 'float64')) as never);

/**
 * A new array filled with `value` (dtype inferred from the value when not given: int32 for
 * integers, float64 otherwise, bool for booleans; an array's own dtype).
 * @param shape dimensions
 * @param value the fill value: a scalar, or an array_like broadcast to `shape`
 * @param opts `{dtype}`
 * @returns a new array
 * @throws {ShapeError} when an array `value` does not broadcast to `shape`
 * @example
 * np.full([2], 7).tolist() // [7, 7]
 * np.full([2, 2], [1, 2]).tolist() // [[1, 2], [1, 2]]
 */
export const full = sig<
  (
    shape: ShapeLike,
    fill_value: number | boolean | ArrayInput,
    dtype?: DType | null | DTypeOptions,
    opts?: DTypeOptions,
  ) => ndarray
>('full(shape: shape, fill_value: operand, dtype: dtype = None)', ((
  shape: ShapeLike,
  value: number | boolean | ndarray,
  dtype?: DType,
) => {
  if (typeof value === 'object') {
    // An array fill value broadcasts to the shape (NumPy's `full((2, 2), [1, 2])`).
    const a = alloc(dtype ?? value.dtype, shapeArg('full', shape));
    assign('full', a, value);
    return a;
  }
  return fullImpl('full', shape, value, dtype ?? scalarDType(value));
}) as never);

function fullImpl(fn: string, shape: ShapeLike, value: number | boolean, dt: DType): ndarray {
  if (typeof value === 'number') checkIntFits(fn, 'fill_value', value, dt);
  const v = Number(value);
  // Zeros as `zeros` makes them (fresh memory is zero already); any other value, -0.0 in a float
  // array included (NumPy's `full(3, -0.0)` keeps the sign), writes every element: no zeros first
  // (on recycled memory, a pass).
  if (v === 0 && (Object.is(v, 0) || (dt !== 'float64' && dt !== 'float32')))
    return alloc(dt, shapeArg(fn, shape));
  const a = new ndarray(allocStore(dt, shapeArg(fn, shape), false));
  fillContiguous(a, v);
  return a;
}

/** Fills every element of a fresh C-contiguous array with a value (a launch; none when empty). */
export function fillContiguous(a: ndarray, v: number): void {
  if (a.size === 0) return;
  const st = a.store;
  launch({
    op: 'full',
    kernel: FILL_CONTIG,
    args: [{ store: new Store(st.region, [a.size], [1], st.offset), privilege: 'write-discard' }],
    scalars: [a.dtype === 'bool' ? (v !== 0 ? 1 : 0) : v],
  });
}

/**
 * An array from nested JavaScript arrays, a scalar, a typed array (no copy when it is backed by a
 * `SharedArrayBuffer` and the dtype matches) or another ndarray (copied).
 * @param data the values
 * @param opts `{dtype}`: default inferred (bool, int32 when every value is an integer in range, else float64)
 * @returns a new array
 * @throws {ValueError} on ragged nested arrays
 * @example np.array([[1, 2], [3, 4]]).shape // [2, 2]
 */
export const array = sig<
  (object: unknown, dtype?: DType | null | ArrayOptions, opts?: ArrayOptions) => ndarray
>('array(object, dtype: dtype = None, *, ndmin: int = 0)', ((
  data: unknown,
  dtype: DType | undefined,
  ndmin: number,
) => withNdmin(fromData('array', data, dtype, true), ndmin)) as never);

/** Keyword options of {@link array}. */
export interface ArrayOptions extends DTypeOptions {
  /** The minimum number of dimensions (ones are prepended to the shape). */
  ndmin?: number;
}

function withNdmin(a: ndarray, ndmin: number): ndarray {
  if (a.ndim >= ndmin) return a;
  const shape = [...Array(ndmin - a.ndim).fill(1), ...a.shape];
  const s = a.store;
  return new ndarray(s.view(shape, [...Array(ndmin - a.ndim).fill(0), ...s.strides], s.offset));
}

/**
 * Like {@link array} but never copies an ndarray of the right dtype (returns it as is).
 * @param data the values
 * @param opts `{dtype}`
 * @returns `data` itself when it is an ndarray of that dtype, else a new array
 * @example
 * const a = np.array([1, 2]);
 * np.asarray(a) === a // true
 * np.asarray(a, { dtype: 'float32' }) === a // false
 */
export const asarray = sig<(a: unknown, dtype?: DType | null | DTypeOptions, opts?: DTypeOptions) => ndarray>(
  'asarray(a, dtype: dtype = None)',
  ((data: unknown, dtype: DType | undefined) => fromData('asarray', data, dtype, false)) as never,
);

denseHooks.asarray = (fn, name, v) => {
  if (
    typeof v === 'number' ||
    typeof v === 'boolean' ||
    Array.isArray(v) ||
    (ArrayBuffer.isView(v) && !(v instanceof DataView))
  )
    return fromData(fn, v, undefined, false);
  throw new ArgumentTypeError(
    argMessage(
      fn,
      name,
      'an array_like (an ndarray, a number, a boolean, a typed array or nested arrays)',
      v,
    ),
  );
};

/** A creation function `f(shape, dtype?, {dtype})`. */
export type Creator = (shape: ShapeLike, dtype?: DType | null | DTypeOptions, opts?: DTypeOptions) => ndarray;

/** Shared implementation of array/asarray. */
export function fromData(fn: string, data: unknown, dtype: DType | undefined, copyArrays: boolean): ndarray {
  if (data instanceof ndarray) {
    const dt = dtypeArg(fn, dtype, data.dtype);
    if (!copyArrays && dt === data.dtype) return data;
    return copyAs(fn, data, dt);
  }
  if (ArrayBuffer.isView(data) && !(data instanceof DataView)) {
    const ta = data as unknown as TypedArray;
    const own = dtypeOfArray(ta);
    const dt = dtypeArg(fn, dtype, own ?? 'float64');
    // Same dtype: wrap without copying when the memory is shared (regionFromArray copies otherwise).
    if (own === dt && dt !== 'bool') return new ndarray(Store.whole(regionFromArray(ta, dt)));
    const a = alloc(dt, [ta.length]);
    const out = a.store.region.data;
    const src = ta as unknown as ArrayLike<number>;
    if (dt === 'bool') for (let i = 0; i < src.length; i++) out[i] = src[i] ? 1 : 0;
    else for (let i = 0; i < src.length; i++) out[i] = Number(src[i]);
    return a;
  }
  if (Array.isArray(data) && data.some(holdsArrays)) return fromNested(fn, data, dtype);
  const shape: number[] = [];
  let kind = 0 as number; // 0 none, 1 bool, 2 int, 3 float
  let leafDepth = -1; // the depth of the first scalar: every scalar sits there, no array does
  const probe = (x: unknown, d: number): void => {
    if (Array.isArray(x)) {
      if (leafDepth >= 0 && d >= leafDepth) throw ragged(fn, data); // [1, [2]]
      if (d === shape.length) shape.push(x.length);
      else if (shape[d] !== x.length) throw ragged(fn, data);
      for (const e of x) probe(e, d + 1);
      return;
    }
    if (d !== shape.length) throw ragged(fn, data);
    leafDepth = d;
    if (typeof x === 'boolean') kind = Math.max(kind, 1);
    else if (typeof x === 'number') {
      const k = scalarDType(x) === 'int32' ? 2 : 3;
      kind = Math.max(kind, k);
    } else
      throw new ArgumentTypeError(argMessage(fn, 'data', 'numbers, booleans or nested arrays of them', x));
  };
  probe(data, 0);
  const inferred: DType = kind === 1 ? 'bool' : kind === 2 ? 'int32' : 'float64';
  const dt = dtypeArg(fn, dtype, inferred);
  const a = alloc(dt, shape);
  const out = a.store.region.data;
  let pos = 0;
  const bool = dt === 'bool';
  const range = INT_RANGE[dt];
  const fill = (x: unknown): void => {
    if (Array.isArray(x)) for (const e of x) fill(e);
    else {
      if (range !== undefined && typeof x === 'number' && (x < range[0] || x > range[1]))
        checkIntFits(fn, 'object', x, dt);
      const v = Number(x);
      out[pos++] = bool ? (v !== 0 ? 1 : 0) : v;
    }
  };
  fill(data);
  return a;
}

/** True when a nested array holds an ndarray or a typed array (NumPy reads them as sequences). */
function holdsArrays(x: unknown): boolean {
  if (x instanceof ndarray || (ArrayBuffer.isView(x) && !(x instanceof DataView))) return true;
  return Array.isArray(x) && x.some(holdsArrays);
}

/**
 * `np.array([a, b])` for nested arrays holding ndarrays or typed arrays (`np.transpose(np.nonzero(x))`):
 * each is read as the nested array of its values; the dtype is theirs when every leaf is one of
 * them with one dtype, else inferred from the values as for plain nested arrays (a float array's
 * values count as floats).
 */
function fromNested(fn: string, data: unknown[], dtype: DType | undefined): ndarray {
  const dtypes = new Set<DType>();
  let plain = false;
  let float = false;
  const expand = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(expand);
    if (ArrayBuffer.isView(x) && !(x instanceof DataView)) x = fromData(fn, x, undefined, false);
    if (x instanceof ndarray) {
      dtypes.add(x.dtype);
      if (x.dtype === 'float64' || x.dtype === 'float32') float = true;
      return x.ndim === 0 ? x.item() : x.tolist();
    }
    plain = true;
    return x;
  };
  const nested = expand(data);
  const own = !plain && dtypes.size === 1 ? [...dtypes][0]! : undefined;
  const inferred = fromData(fn, nested, dtype ?? own, false);
  if (dtype !== undefined || own !== undefined || !float || inferred.dtype === 'float64') return inferred;
  return copyAs(fn, inferred, 'float64');
}

function ragged(fn: string, data: unknown): ValueError {
  return new ValueError(argMessage(fn, 'data', 'a rectangular (non-ragged) nested array', data));
}

export type { NestedArray };
