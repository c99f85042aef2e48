/**
 * The dense library's binder (signature/): its kinds (array_like coerced as `np.asarray` does,
 * ufunc operands, axes, dtypes, shapes) and `ArgumentTypeError` for bad calls. The `ndarray` class
 * and `asarray` are reached through {@link denseHooks} (set by ndarray.ts and creation.ts), so that
 * this file imports no dense module and may be loaded first in any import order.
 */
import { ArgumentTypeError, argMessage, checkDType, type DType, describe } from '../runtime/index.js';
import { type Bound, type KindCheck, makeBinder } from '../signature/index.js';

/** Late-bound pieces of the dense library (set at module load of ndarray.ts and creation.ts). */
export const denseHooks = {
  /** The ndarray class. */
  ndarray: null as unknown as abstract new (...a: never[]) => object,
  /** `np.asarray(value)` for a value that is not an ndarray. */
  asarray: null as unknown as (fn: string, name: string, value: unknown) => object,
};

/**
 * The brand of ndarrays (set on `ndarray.prototype` by ndarray.ts): a property read is several
 * times cheaper than `instanceof` with a class reached through an object, and the kind checks
 * run on every element-wise call.
 */
export const NDARRAY_BRAND: unique symbol = Symbol('cohort.ndarray') as never;

const isArray = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && (v as { [NDARRAY_BRAND]?: boolean })[NDARRAY_BRAND] === true;

const bad = (fn: string, name: string, expected: string, v: unknown): never => {
  throw new ArgumentTypeError(argMessage(fn, name, expected, v));
};

const int: KindCheck = (v, fn, name) =>
  typeof v === 'number' && Number.isInteger(v) ? v : bad(fn, name, 'an integer', v);

const intList = (v: unknown, fn: string, name: string, what: string): readonly number[] => {
  if (!Array.isArray(v)) return bad(fn, name, what, v);
  for (const e of v) if (typeof e !== 'number' || !Number.isInteger(e)) bad(fn, name, what, v);
  return v;
};

/** The dense kinds (see signature/README.md). */
export const DENSE_KINDS: Record<string, KindCheck> = {
  /** Anything np.asarray accepts: ndarrays pass through, the rest is converted. */
  array_like: (v, fn, name) => (isArray(v) ? v : denseHooks.asarray(fn, name, v)),
  /** A ufunc operand: ndarrays and JavaScript scalars pass (scalars stay weak), the rest converts. */
  operand: (v, fn, name) =>
    typeof v === 'number' || typeof v === 'boolean' || isArray(v) ? v : denseHooks.asarray(fn, name, v),
  /**
   * A ufunc operand, or an operand of another library implementing {@link REFLECT} (a sparse
   * array), passed as it is for the function to hand over (`np.add(a, S)`).
   */
  operand_or_reflecting: (v, fn, name) =>
    typeof v === 'number' || typeof v === 'boolean' || isArray(v) || reflects(v)
      ? v
      : denseHooks.asarray(fn, name, v),
  /** An array_like, or an operand implementing {@link REFLECT} (`np.matmul(a, S)`), as it is. */
  array_like_or_reflecting: (v, fn, name) =>
    isArray(v) || reflects(v) ? v : denseHooks.asarray(fn, name, v),
  /** A sequence of array_likes (`concatenate((a, b))`). */
  arrays: (v, fn, name) => {
    if (!Array.isArray(v) && !isArray(v)) bad(fn, name, 'a sequence of arrays', v);
    if (isArray(v)) return v;
    return (v as unknown[]).map((x, i) => (isArray(x) ? x : denseHooks.asarray(fn, `${name}[${i}]`, x)));
  },
  ndarray: (v, fn, name) => (isArray(v) ? v : bad(fn, name, 'an ndarray', v)),
  int,
  number: (v, fn, name) => (typeof v === 'number' ? v : bad(fn, name, 'a number', v)),
  scalar: (v, fn, name) =>
    typeof v === 'number' || typeof v === 'boolean' ? v : bad(fn, name, 'a number or a boolean', v),
  bool: (v, fn, name) => (typeof v === 'boolean' ? v : bad(fn, name, 'true or false', v)),
  str: (v, fn, name) => (typeof v === 'string' ? v : bad(fn, name, 'a string', v)),
  callable: (v, fn, name) => (typeof v === 'function' ? v : bad(fn, name, 'a function', v)),
  /** One axis (an integer). */
  axis: int,
  /** One axis or several (an integer or an array of integers). */
  axes: (v, fn, name) =>
    typeof v === 'number' ? int(v, fn, name) : intList(v, fn, name, 'an integer or an array of integers'),
  /** A shape: an integer or an array of integers (checked for sign by the function). */
  shape: (v) => v, // validated by each function's shapeArg (a ValueError naming the dimension)
  /** A dtype name (`'float32'`, or `np.float32`). */
  dtype: (v, fn, name): DType => checkDType(fn, name, v),
  /** The memory order of a result: 'C' (cohort's only layout) or 'A'/'K' (same here). */
  order: (v, fn, name) =>
    v === 'C' || v === 'A' || v === 'K' || v === 'F' ? v : bad(fn, name, "one of 'C', 'F', 'A', 'K'", v),
};

/** The dense binder. */
export const denseBinder = makeBinder({
  kinds: DENSE_KINDS,
  error: (m) => new ArgumentTypeError(m),
  describe,
});

/**
 * Binds a dense public function: `sig(line, impl)` (see signature/README.md).
 * @param line the signature line
 * @param impl the implementation, receiving every parameter in order
 * @returns the public function, tagged with its signature
 */
export function sig<F extends (...args: never[]) => unknown>(
  line: string,
  impl: (...args: never[]) => unknown,
): F & Bound {
  return denseBinder.bind<F>(line, impl);
}

/**
 * What NumPy calls array_like: an ndarray, a number or boolean, a typed array, or nested JS arrays.
 * (Type-only import of the class: this file loads no dense module.)
 */
export type ArrayInput =
  | import('./ndarray.js').ndarray
  | number
  | boolean
  | ArrayBufferView
  | readonly unknown[];

/**
 * The reflected-operation protocol (Python's `__radd__`, `__rmatmul__`, ...): an operand of another
 * library (a sparse array) that carries a method under this symbol gets `a.add(b)`, `a.matmul(b)`
 * ... of an ndarray `a` handed to it as `b[REFLECT](op, a)`, so that dense and sparse operands mix
 * in both orders without dense importing sparse. The module functions hand over both orders:
 * `np.add(a, S)` as `S[REFLECT]('add', a)`, `np.add(S, a)` as `S[REFLECT]('add', a, true)` (the
 * operand is first: `S op a`). A registered symbol: libraries need no import.
 */
export const REFLECT: unique symbol = Symbol.for('cohort.reflect') as never;

/** The operations handed over by {@link REFLECT}. */
export type ReflectedOp = 'add' | 'subtract' | 'multiply' | 'divide' | 'matmul' | 'dot';

/** An operand of another library implementing the reflected-operation protocol. */
export interface Reflecting<R = unknown> {
  /**
   * Computes `a op this` for an ndarray `a` — or `this op a` when `first` is true (then `a` may
   * also be another operand implementing the protocol: `np.add(S1, S2)`). `R` types
   * `a.multiply(this)`, the one reflected operation whose result is the other library's (`add`,
   * `subtract`, `matmul`, `dot` with an ndarray are dense).
   */
  [REFLECT](
    op: ReflectedOp,
    a: import('./ndarray.js').ndarray,
    first?: boolean,
  ): R | import('./ndarray.js').ndarray;
}

/** True when `b` implements {@link REFLECT} (and is not an ndarray). */
export function reflects(b: unknown): b is Reflecting {
  return (
    typeof b === 'object' &&
    b !== null &&
    !isArray(b) &&
    typeof (b as Partial<Reflecting>)[REFLECT] === 'function'
  );
}
