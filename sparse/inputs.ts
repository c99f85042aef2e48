/**
 * Normalizes constructor inputs (nested arrays, typed arrays, ndarrays) into regions, with the
 * cheap validation SciPy does at construction (lengths, `indptr[0]`, shapes); the O(nnz) scan is
 * `check_format(true)`.
 */
import { ndarray } from '../dense/index.js';
import {
  ArgumentTypeError,
  argMessage,
  checkDType,
  type DType,
  dtypeOfArray,
  type Region,
  readStore,
  regionFromArray,
  ShapeError,
  type TypedArray,
  ValueError,
} from '../runtime/index.js';
import { region } from './core/types.js';

/** Anything that holds a 1-D sequence of numbers. */
export type VectorLike = ndarray | TypedArray | readonly number[];

/** True for a 1-D ndarray, a typed array or a JS array of numbers (or booleans). */
export function isVectorLike(x: unknown): x is VectorLike {
  if (x instanceof ndarray) return x.ndim === 1;
  if (ArrayBuffer.isView(x) && !(x instanceof DataView)) return true;
  return Array.isArray(x) && x.every((e) => typeof e === 'number' || typeof e === 'boolean');
}

/**
 * True for a 2-D ndarray or a rectangular-looking JS array of rows (number arrays, typed arrays or
 * 1-D ndarrays: SciPy's `dia_array(([ex, 2 * ex, ex], offsets))`).
 */
export function isMatrixLike(x: unknown): boolean {
  if (x instanceof ndarray) return x.ndim === 2;
  return Array.isArray(x) && x.length > 0 && x.every((r) => isVectorLike(r));
}

/** A vector's elements on the host (waits for an ndarray's pending writes). */
export function hostVector(x: VectorLike): ArrayLike<number> {
  if (x instanceof ndarray) return readStore(x.store);
  return x as ArrayLike<number>;
}

/** The dtype a vector carries (JS arrays: int32 when all integers, bool for booleans, else float64). */
export function vectorDType(x: VectorLike): DType {
  if (x instanceof ndarray) return x.dtype;
  if (!Array.isArray(x)) return dtypeOfArray(x as TypedArray) ?? 'float64';
  const arr = x as readonly unknown[];
  if (arr.length > 0 && arr.every((e) => typeof e === 'boolean')) return 'bool';
  return arr.every((e) => Number.isInteger(e)) ? 'int32' : 'float64';
}

/**
 * A region holding `x` with `dtype`, shared without a copy when `x` already is a whole, contiguous
 * region of that dtype (SciPy's `copy=False`); `n` is the number of elements.
 */
export function vectorRegion(
  fn: string,
  arg: string,
  x: VectorLike,
  dtype: DType,
  copy = false,
): { r: Region; n: number } {
  if (x instanceof ndarray) {
    const st = x.store;
    if (!copy && st.dtype === dtype && st.offset === 0 && st.strides[0] === 1 && st.region.size === st.size) {
      return { r: st.region, n: st.size };
    }
    return { r: fill(fn, arg, readStore(st), dtype), n: st.size };
  }
  if (!copy && !Array.isArray(x) && dtypeOfArray(x as TypedArray) === dtype && dtype !== 'bool') {
    return { r: regionFromArray(x as TypedArray, dtype), n: (x as TypedArray).length };
  }
  const src = x as ArrayLike<number>;
  return { r: fill(fn, arg, src, dtype), n: src.length };
}

function fill(fn: string, arg: string, src: ArrayLike<number>, dtype: DType): Region {
  const r = region(dtype, src.length);
  const out = r.data;
  if (dtype === 'int32') {
    for (let i = 0; i < src.length; i++) {
      const v = Number(src[i]);
      if (!Number.isInteger(v) || v > 2147483647 || v < -2147483648) {
        throw new ValueError(argMessage(fn, arg, 'int32 integers', `${v} at position ${i}`));
      }
      out[i] = v;
    }
  } else if (dtype === 'bool') for (let i = 0; i < src.length; i++) out[i] = src[i] ? 1 : 0;
  else for (let i = 0; i < src.length; i++) out[i] = Number(src[i]);
  return r;
}

/** Validates a `shape` option: two non-negative integers. */
export function shapeArg(fn: string, shape: unknown): [number, number] {
  if (
    !Array.isArray(shape) ||
    shape.length !== 2 ||
    !shape.every((e) => Number.isInteger(e) && e >= 0 && e <= 2147483647)
  ) {
    throw new ValueError(argMessage(fn, 'shape', 'two non-negative integers [m, n]', shape));
  }
  return [shape[0], shape[1]];
}

/** Validates an optional dtype option. */
export function dtypeOpt(fn: string, dtype: unknown): DType | undefined {
  return dtype === undefined ? undefined : checkDType(fn, 'dtype', dtype);
}

/** Largest value of an int array (−1 when empty). */
export function maxOf(a: ArrayLike<number>): number {
  let m = -1;
  for (let i = 0; i < a.length; i++) if (a[i]! > m) m = a[i]!;
  return m;
}

/** Throws the standard error for an unrecognized constructor argument. */
export function badInput(fn: string, forms: string, arg: unknown): never {
  throw new ArgumentTypeError(argMessage(fn, 'arg1', forms, arg));
}

/** Throws a ShapeError naming `arg`. */
export function shapeError(fn: string, arg: string, expected: string, received: unknown): never {
  throw new ShapeError(argMessage(fn, arg, expected, received));
}

/**
 * The options object of `fn`: `{}` when omitted or null; anything but a plain object raises (the
 * same rule as cohortjs/numpy's, kept here because sparse/ sees only the public dense API).
 * @throws {ArgumentTypeError} when `opts` is not a plain object
 */
export function optionsArg<T extends object>(fn: string, opts: T | null | undefined): T {
  if (opts === undefined || opts === null) return {} as T;
  const proto = typeof opts === 'object' ? Object.getPrototypeOf(opts) : undefined;
  if (proto !== Object.prototype && proto !== null) {
    throw new ArgumentTypeError(
      argMessage(fn, 'options', 'an options object such as { format: "csr" }', opts),
    );
  }
  return opts;
}
