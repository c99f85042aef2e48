/**
 * NumPy's small utilities a ported program calls: dtype queries (`result_type`, `promote_types`,
 * `can_cast`), array queries (`ndim`, `shape`, `size`, `isscalar`, `array_equiv`), the real-dtype
 * forms of the complex helpers (`real`, `imag`, `conj`, `conjugate`, `isreal`, `iscomplex`,
 * `isrealobj`, `iscomplexobj`, `real_if_close`; cohort has no complex dtype), conversions
 * (`ascontiguousarray`, `asarray_chkfinite`, `fromfunction`, `fromiter`), masked writes
 * (`copyto`, `putmask`, `place`), `rollaxis`, `row_stack`, and the function-applying helpers
 * (`apply_along_axis`, `apply_over_axes`, `piecewise`), which call the user's function on the
 * calling thread once per slice or condition, as NumPy does in Python.
 */
import { ArgumentTypeError, argMessage, checkDType, type DType, ValueError } from '../runtime/index.js';
import { full } from './creation.js';
import { zeros_like } from './creation-more.js';
import { promote, promoteScalar } from './dtypes.js';
import { ewise } from './ewise.js';
import { indices } from './index-more.js';
import { ndarray } from './ndarray.js';
import { all } from './reduce-api.js';
import { axisOf } from './shape-more.js';
import { type ArrayInput, denseHooks, sig } from './sig.js';

const asArray = (fn: string, name: string, v: unknown): ndarray =>
  v instanceof ndarray ? v : (denseHooks.asarray(fn, name, v) as ndarray);

/**
 * The dtype NumPy 2's promotion gives: arrays and dtype names are strong, JavaScript numbers and
 * booleans weak (they adopt the arrays' kind when they fit it).
 * @param arrays_and_dtypes arrays, dtype names, numbers
 * @returns a dtype name
 * @example np.result_type('int32', 1.5) // 'float64'
 * @example np.result_type(np.ones([2], 'float32'), 3) // 'float32'
 */
export const result_type = sig<(...arrays_and_dtypes: unknown[]) => DType>(
  'result_type(*arrays_and_dtypes)',
  ((arrays_and_dtypes: unknown[]) => {
    let strong: DType | null = null;
    const weak: (number | boolean)[] = [];
    arrays_and_dtypes.forEach((v, k) => {
      if (v instanceof ndarray) strong = strong === null ? v.dtype : promote(strong, v.dtype);
      else if (typeof v === 'string') {
        const dt = checkDType('result_type', `arrays_and_dtypes[${k}]`, v);
        strong = strong === null ? dt : promote(strong, dt);
      } else if (typeof v === 'number' || typeof v === 'boolean') weak.push(v);
      else
        strong = ((d: DType) => (strong === null ? d : promote(strong, d)))(
          asArray('result_type', `arrays_and_dtypes[${k}]`, v).dtype,
        );
    });
    if (strong === null && weak.length === 0)
      throw new ValueError('result_type: at least one array or dtype is required');
    let dt: DType =
      strong ?? (typeof weak[0] === 'boolean' ? 'bool' : Number.isInteger(weak[0]) ? 'int32' : 'float64');
    for (const w of weak) dt = promoteScalar(dt, w);
    return dt;
  }) as never,
);

/**
 * The smallest dtype both can be cast to safely.
 * @param type1 a dtype name
 * @param type2 a dtype name
 * @returns a dtype name
 * @example np.promote_types('uint8', 'float32') // 'float32'
 */
export const promote_types = sig<(type1: DType, type2: DType) => DType>(
  'promote_types(type1: dtype, type2: dtype, /)',
  ((a: DType, b: DType) => promote(a, b)) as never,
);

const KIND: Record<DType, number> = { bool: 0, uint8: 1, int32: 2, float32: 3, float64: 3 } as Record<
  DType,
  number
>;
const SAFE: Record<string, readonly string[]> = {
  bool: ['bool', 'uint8', 'int32', 'float32', 'float64'],
  uint8: ['uint8', 'int32', 'float32', 'float64'],
  int32: ['int32', 'float64'],
  float32: ['float32', 'float64'],
  float64: ['float64'],
};
function castable(from: DType, to: DType, casting: string): boolean {
  if (casting === 'unsafe') return true;
  if (casting === 'no' || casting === 'equiv') return from === to;
  if (SAFE[from]!.includes(to)) return true;
  if (casting === 'safe') return false;
  return KIND[from] === KIND[to] || (KIND[from] < KIND[to] && !(from === 'int32' && to === 'uint8'));
}
const CASTINGS = ['no', 'equiv', 'safe', 'same_kind', 'unsafe'];

/**
 * Whether a cast between dtypes keeps to a casting rule ('no', 'equiv', 'safe' (default),
 * 'same_kind', 'unsafe').
 * @param from_ a dtype name or an array
 * @param to a dtype name
 * @param casting the rule
 * @returns true when allowed
 * @example np.can_cast('int32', 'float64') // true
 * @example np.can_cast('float64', 'float32', 'same_kind') // true
 */
export const can_cast = sig<
  (from_: DType | ndarray, to: DType, casting?: string | { casting?: string }) => boolean
>("can_cast(from_: any, to: dtype, casting: str = 'safe')", ((from: unknown, to: DType, casting: string) => {
  if (!CASTINGS.includes(casting))
    throw new ValueError(argMessage('can_cast', 'casting', CASTINGS.join(', '), casting));
  if (typeof from === 'number' || typeof from === 'boolean')
    throw new ArgumentTypeError(
      argMessage('can_cast', 'from_', 'a dtype or an array (not a JavaScript scalar, as NumPy 2)', from),
    );
  const dt = from instanceof ndarray ? from.dtype : checkDType('can_cast', 'from_', from);
  return castable(dt, to, casting);
}) as never);

/**
 * Number of dimensions. @param a an array_like @returns an integer
 * @example np.ndim([[1, 2, 3], [4, 5, 6]]) // 2
 */
export const ndim = sig<(a: ArrayInput) => number>('ndim(a: array_like)', ((a: ndarray) => a.ndim) as never);
/**
 * The shape. @param a an array_like @returns the shape
 * @example np.shape([[1, 3]]) // [1, 2]
 */
export const shape = sig<(a: ArrayInput) => number[]>('shape(a: array_like)', ((a: ndarray) =>
  a.shape.slice()) as never);
/**
 * Number of elements (along `axis` when given).
 * @param a an array_like
 * @param axis an axis
 * @returns an integer
 * @example np.size([[1, 2, 3], [4, 5, 6]], 1) // 3
 */
export const size = sig<(a: ArrayInput, axis?: number | null | { axis?: number | null }) => number>(
  'size(a: array_like, axis: axis = None)',
  ((a: ndarray, axis: number | undefined) =>
    axis === undefined ? a.size : a.shape[axisOf('size', axis, a.ndim)]!) as never,
);
/**
 * True for a scalar (a number, a boolean, a string), as NumPy's `isscalar` (0-d arrays are not).
 * @param element anything
 * @returns a boolean
 * @example np.isscalar(3.1) // true
 * @example np.isscalar(np.array(3.1)) // false
 */
export const isscalar = sig<(element: unknown) => boolean>(
  'isscalar(element: any)',
  ((element: unknown) =>
    typeof element === 'number' ||
    typeof element === 'boolean' ||
    typeof element === 'string' ||
    typeof element === 'bigint') as never,
);

/**
 * True when the arrays broadcast together and are equal everywhere.
 * @param a1 an array_like
 * @param a2 an array_like
 * @returns a boolean
 * @example np.array_equiv([1, 2], [[1, 2], [1, 2]]) // true
 */
export const array_equiv = sig<(a1: ArrayInput, a2: ArrayInput) => boolean>(
  'array_equiv(a1: array_like, a2: array_like)',
  ((a1: ndarray, a2: ndarray) => {
    try {
      return all(ewise('array_equiv', 'equal', [a1, a2], ['a1', 'a2'])).item() as boolean;
    } catch (e) {
      if (e instanceof Error && /broadcast/.test(e.message)) return false;
      throw e;
    }
  }) as never,
);

/**
 * The real part: the array itself for cohort's real dtypes.
 * @param val an array_like
 * @returns `val`
 * @example np.real([1, 2]).tolist() // [1, 2]
 */
export const real = sig<(val: ArrayInput) => ndarray>('real(val: array_like)', ((v: ndarray) => v) as never);
/**
 * The imaginary part: zeros for cohort's real dtypes.
 * @param val an array_like
 * @returns zeros of `val`'s shape and dtype
 * @example np.imag([1, 2]).tolist() // [0, 0]
 */
export const imag = sig<(val: ArrayInput) => ndarray>('imag(val: array_like)', ((v: ndarray) =>
  zeros_like(v)) as never);
const conjFn = (fn: 'conj' | 'conjugate') =>
  sig<(x: ArrayInput) => ndarray>(`${fn}(x: array_like)`, ((x: ndarray) => x.copy()) as never);
/**
 * The complex conjugate: a copy for cohort's real dtypes.
 * @param x an array_like
 * @returns a new array
 * @example np.conj([1, -2]).tolist() // [1, -2]
 */
export const conj = conjFn('conj');
/**
 * The complex conjugate (NumPy's long name): a copy for real dtypes.
 * @param x an array_like
 * @returns a new array
 * @example np.conjugate([3]).tolist() // [3]
 */
export const conjugate = conjFn('conjugate');
/**
 * Element-wise "has no imaginary part": all true for real dtypes.
 * @param x an array_like
 * @returns a bool array
 * @example np.isreal([1, 2]).tolist() // [true, true]
 */
export const isreal = sig<(x: ArrayInput) => ndarray>('isreal(x: array_like)', ((x: ndarray) =>
  full(x.shape, true, 'bool')) as never);
/**
 * Element-wise "has an imaginary part": all false for real dtypes.
 * @param x an array_like
 * @returns a bool array
 * @example np.iscomplex([1, 2]).tolist() // [false, false]
 */
export const iscomplex = sig<(x: ArrayInput) => ndarray>('iscomplex(x: array_like)', ((x: ndarray) =>
  full(x.shape, false, 'bool')) as never);
/**
 * True when the dtype is not complex: always for cohort.
 * @param x an array_like
 * @returns true
 * @example np.isrealobj([1.5]) // true
 */
export const isrealobj = sig<(x: ArrayInput) => boolean>('isrealobj(x: array_like)', (() => true) as never);
/**
 * True when the dtype is complex: never for cohort.
 * @param x an array_like
 * @returns false
 * @example np.iscomplexobj([1.5]) // false
 */
export const iscomplexobj = sig<(x: ArrayInput) => boolean>(
  'iscomplexobj(x: array_like)',
  (() => false) as never,
);
/**
 * The real part when the imaginary parts are close to zero: the array itself for real dtypes.
 * @param a an array_like
 * @param tol tolerance in machine epsilons (unused for real input)
 * @returns `a`
 * @example np.real_if_close([2.1, 3]).tolist() // [2.1, 3]
 */
export const real_if_close = sig<(a: ArrayInput, tol?: number | { tol?: number }) => ndarray>(
  'real_if_close(a: array_like, tol: number = 100)',
  ((a: ndarray) => a) as never,
);

/**
 * A C-contiguous array of at least one dimension (the input itself when it already is one of the
 * requested dtype).
 * @param a an array_like
 * @param dtype result dtype
 * @returns a contiguous array
 * @example np.ascontiguousarray(np.ones([2, 3]).T).shape // [3, 2]
 */
export const ascontiguousarray = sig<
  (a: ArrayInput, dtype?: DType | null | { dtype?: DType | null }) => ndarray
>('ascontiguousarray(a: array_like, dtype: dtype = None)', ((a: ndarray, dtype: DType | undefined) => {
  const dt = dtype ?? a.dtype;
  const b = a.ndim === 0 ? a.reshape(1) : a;
  return b.store.contiguous && dt === b.dtype ? b : b.astype(dt);
}) as never);

/**
 * `asarray` that raises when the data holds NaN or ±inf.
 * @param a an array_like
 * @param dtype result dtype
 * @returns an array
 * @throws {ValueError} for a non-finite value
 * @example np.asarray_chkfinite([1, 2]).tolist() // [1, 2]
 */
export const asarray_chkfinite = sig<
  (a: ArrayInput, dtype?: DType | null | { dtype?: DType | null }) => ndarray
>('asarray_chkfinite(a: array_like, dtype: dtype = None)', ((a: ndarray, dtype: DType | undefined) => {
  const b = dtype && dtype !== a.dtype ? a.astype(dtype) : a;
  if (
    (b.dtype === 'float32' || b.dtype === 'float64') &&
    b.size > 0 &&
    !(all(ewise('asarray_chkfinite', 'isfinite', [b], ['a'])).item() as boolean)
  )
    throw new ValueError('asarray_chkfinite: array must not contain infs or NaNs');
  return b;
}) as never);

/**
 * An array whose element at each index is `fn(...indices)`, called once with one index array
 * per dimension (NumPy's `fromfunction`).
 * @param func a function of `shape.length` index arrays
 * @param shape the shape
 * @param dtype the index arrays' dtype (default float64)
 * @returns what `func` returns
 * @example np.fromfunction((i: np.ndarray, j: np.ndarray) => i.add(j), [2, 2]).tolist() // [[0, 1], [1, 2]]
 */
export const fromfunction = sig<
  (func: (...idx: ndarray[]) => unknown, shape: readonly number[], opts?: { dtype?: DType | null }) => ndarray
>('fromfunction(function: callable, shape: any, *, dtype: dtype = None)', ((
  func: (...idx: ndarray[]) => unknown,
  shapeArg: readonly number[],
  dtype: DType | undefined,
) => {
  const grid = indices(shapeArg, dtype ?? 'float64') as ndarray;
  return func(...Array.from({ length: shapeArg.length }, (_, k) => grid.get([k]))) as ndarray;
}) as never);

/**
 * A 1-D array from a JavaScript iterable (NumPy's `fromiter`): `count` limits it (−1: all).
 * @param iter an iterable of numbers
 * @param dtype the dtype
 * @param count how many values (−1: all)
 * @returns a new 1-D array
 * @throws {ValueError} when the iterable is shorter than `count`
 * @example np.fromiter([0, 1, 4, 9].values(), 'float32').tolist() // [0, 1, 4, 9]
 */
export const fromiter = sig<
  (iter: Iterable<number>, dtype: DType, count?: number | { count?: number }) => ndarray
>('fromiter(iter: any, dtype: dtype, count: int = -1)', ((
  iter: Iterable<number>,
  dtype: DType,
  count: number,
) => {
  if (iter === null || typeof (iter as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== 'function')
    throw new ArgumentTypeError(argMessage('fromiter', 'iter', 'an iterable', iter));
  const vals: number[] = [];
  if (count !== 0)
    for (const v of iter) {
      vals.push(Number(v));
      if (count > 0 && vals.length === count) break;
    }
  if (count > 0 && vals.length < count)
    throw new ValueError(
      `fromiter: iterator too short: expected ${count} but iterator had only ${vals.length} items`,
    );
  return (denseHooks.asarray('fromiter', 'iter', vals) as ndarray).astype(dtype);
}) as never);
