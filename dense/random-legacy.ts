/**
 * NumPy's module-level (legacy, global-state) random functions: `np.random.random(size)`,
 * `uniform`, `normal`, `randint`, `choice`, ... They draw from the one global generator that
 * `seed`, `rand` and `randn` use (dense/random.ts): after `seed(s)` it is exactly `default_rng(s)`,
 * so `np.random.random(size)` then gives `default_rng(s).random(size)`, and each function is the
 * Generator method of the same name (same validation, same errors; `randint` is `integers` with
 * its own messages and dtypes).
 *
 * Differences from NumPy, on purpose:
 * - the numbers are not NumPy's (its global `RandomState` is a Mersenne Twister); the contract is
 *   the same numbers for the same seed, whatever the number of workers;
 * - with `size` omitted the result is a 0-d array, as the Generator's (NumPy returns a Python
 *   scalar): `.item()` gives the number;
 * - parameters are scalars (NumPy also broadcasts array-valued `low`, `loc`, `lam`, ...);
 * - `randint` returns int32 (cohort's default integer; NumPy's is int64), or uint8/bool by `dtype`.
 */
import { ArgumentTypeError, argMessage, type DType, DTypeError, ValueError } from '../runtime/index.js';
import { type ShapeLike, shapeArg } from './alloc.js';
import { ndarray } from './ndarray.js';
import { globalGenerator, type NormalOptions, type RangeDrawOptions } from './random.js';
import { type ArrayInput, sig } from './sig.js';

/** Keyword options of the functions whose only parameter is `size`. */
export interface SizeOptions {
  /** Dimensions (a 0-d array when omitted). */
  size?: ShapeLike | null;
}
/** Keyword options of `exponential`. */
export interface ExponentialOptions extends SizeOptions {
  /** The scale (the mean, 1/rate). */
  scale?: number;
}
/** Keyword options of `poisson`. */
export interface PoissonOptions extends SizeOptions {
  /** The mean. */
  lam?: number;
}
/** Keyword options of `randint`. */
export interface RandintOptions extends SizeOptions {
  /** The lower bound (included), or the upper bound when `high` is omitted. */
  low?: number;
  /** The upper bound (excluded). */
  high?: number | null;
  /** int32 (default, cohort's default integer), uint8 or bool. */
  dtype?: 'int32' | 'uint8' | 'bool' | null;
}
/** Keyword options of the module-level `choice`. */
export interface LegacyChoiceOptions extends SizeOptions {
  /** Sample with replacement (default true). */
  replace?: boolean;
  /** Probabilities of the entries of `a`. */
  p?: ArrayInput | null;
}

/** The size of a draw, checked under the name of the function called. */
const sizeOf = (fn: string, size: ShapeLike | undefined): number[] => shapeArg(fn, size ?? [], 'size');

type FloatFn = (size?: ShapeLike | null | SizeOptions) => ndarray;

/** `random_sample` and its aliases (NumPy's are separate functions too): uniform floats in [0, 1). */
const floats = (name: string): FloatFn =>
  sig<FloatFn>(`${name}(size: shape = None)`, ((size: ShapeLike | undefined) =>
    globalGenerator().random(sizeOf(name, size))) as never);

/**
 * Uniform floats in [0, 1) from the global generator.
 * @param size dimensions (a 0-d array when omitted)
 * @returns a new float64 array
 * @throws {ValueError} for negative or non-integer dimensions
 * @example
 * np.random.seed(3);
 * const a = np.random.random_sample([2, 2]);
 * a.shape // [2, 2]
 * np.array_equal(a, np.random.default_rng(3).random([2, 2])) // true
 */
export const random_sample: FloatFn = floats('random_sample');

/**
 * Uniform floats in [0, 1) from the global generator (NumPy's alias of {@link random_sample}).
 * @param size dimensions (a 0-d array when omitted)
 * @returns a new float64 array
 * @throws {ValueError} for negative or non-integer dimensions
 * @example
 * np.random.random([3]).shape // [3]
 * np.random.random().ndim // 0
 */
export const random: FloatFn = floats('random');

/**
 * Uniform floats in [0, 1) from the global generator (NumPy's alias of {@link random_sample}).
 * @param size dimensions (a 0-d array when omitted)
 * @returns a new float64 array
 * @throws {ValueError} for negative or non-integer dimensions
 * @example np.random.sample({ size: 4 }).shape // [4]
 */
export const sample: FloatFn = floats('sample');

/**
 * Uniform floats in [0, 1) from the global generator (NumPy's alias of {@link random_sample}).
 * @param size dimensions (a 0-d array when omitted)
 * @returns a new float64 array
 * @throws {ValueError} for negative or non-integer dimensions
 * @example np.random.ranf(5).max().item() < 1 // true
 */
export const ranf: FloatFn = floats('ranf');

/**
 * Uniform floats in [low, high) from the global generator.
 * @param low the lower bound (included, default 0)
 * @param high the upper bound (excluded, default 1)
 * @param size dimensions (a 0-d array when omitted)
 * @returns a new float64 array
 * @throws {ValueError} for a bound that is not a finite number
 * @example np.random.uniform({ low: 1, high: 2, size: [100] }).min().item() >= 1 // true
 */
export const uniform = sig<
  (
    low?: number | RangeDrawOptions,
    high?: number | RangeDrawOptions,
    size?: ShapeLike | null | RangeDrawOptions,
    opts?: RangeDrawOptions,
  ) => ndarray
>('uniform(low = 0.0, high = 1.0, size: shape = None)', ((
  low: number,
  high: number,
  size: ShapeLike | undefined,
) => globalGenerator().uniform(low, high, sizeOf('uniform', size))) as never);

/**
 * Normal floats with mean `loc` and standard deviation `scale` from the global generator.
 * @param loc the mean (default 0)
 * @param scale the standard deviation (default 1)
 * @param size dimensions (a 0-d array when omitted)
 * @returns a new float64 array
 * @throws {ValueError} when scale < 0
 * @example np.random.normal(5, 0, [2]).tolist() // [5, 5]
 */
export const normal = sig<
  (
    loc?: number | NormalOptions,
    scale?: number | NormalOptions,
    size?: ShapeLike | null | NormalOptions,
    opts?: NormalOptions,
  ) => ndarray
>('normal(loc = 0.0, scale = 1.0, size: shape = None)', ((
  loc: number,
  scale: number,
  size: ShapeLike | undefined,
) => globalGenerator().normal(loc, scale, sizeOf('normal', size))) as never);

/**
 * Standard normal floats from the global generator.
 * @param size dimensions (a 0-d array when omitted)
 * @returns a new float64 array
 * @throws {ValueError} for negative or non-integer dimensions
 * @example
 * np.random.seed(1);
 * np.array_equal(np.random.standard_normal([4]), np.random.default_rng(1).standard_normal([4])) // true
 */
export const standard_normal = sig<FloatFn>('standard_normal(size: shape = None)', ((
  size: ShapeLike | undefined,
) => globalGenerator().standard_normal(sizeOf('standard_normal', size))) as never);

/**
 * Exponential floats with scale `scale` (the mean) from the global generator.
 * @param scale the scale (1/rate), >= 0 (default 1)
 * @param size dimensions (a 0-d array when omitted)
 * @returns a new float64 array
 * @throws {ValueError} for a negative scale
 * @example np.random.exponential(2, [1000]).min().item() >= 0 // true
 */
export const exponential = sig<
  (
    scale?: number | ExponentialOptions,
    size?: ShapeLike | null | SizeOptions,
    opts?: ExponentialOptions,
  ) => ndarray
>('exponential(scale = 1.0, size: shape = None)', ((scale: number, size: ShapeLike | undefined) =>
  globalGenerator().exponential(scale, sizeOf('exponential', size))) as never);

/**
 * Poisson counts with mean `lam` from the global generator (int32).
 * @param lam the mean, in [0, 1e9] (default 1)
 * @param size dimensions (a 0-d array when omitted)
 * @returns a new int32 array
 * @throws {ValueError} for a negative or too large `lam`
 * @example np.random.poisson(0, [3]).tolist() // [0, 0, 0]
 */
export const poisson = sig<
  (lam?: number | PoissonOptions, size?: ShapeLike | null | SizeOptions, opts?: PoissonOptions) => ndarray
>('poisson(lam = 1.0, size: shape = None)', ((lam: number, size: ShapeLike | undefined) =>
  globalGenerator().poisson(lam, sizeOf('poisson', size))) as never);

/** The range of each dtype `randint` draws (NumPy's bounds check is per dtype too). */
const RANDINT_RANGE: Partial<Record<DType, [min: number, max: number]>> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  uint8: [0, 255],
  bool: [0, 1],
};

/**
 * Integers in [low, high) from the global generator (NumPy's legacy `randint`: `high` excluded;
 * `randint(n)` draws from [0, n)).
 * @param low the lower bound (included), or the upper bound (excluded) when `high` is omitted
 * @param high the upper bound (excluded)
 * @param size dimensions (a 0-d array when omitted)
 * @param dtype int32 (default: cohort's default integer, where NumPy's is int64), uint8 or bool
 * @returns a new array of `dtype`
 * @throws {ArgumentTypeError} for a bound that is not an integer
 * @throws {DTypeError} for another dtype
 * @throws {ValueError} for an empty range (high <= low) or a bound outside the dtype's range
 * @example
 * np.random.randint(1, 2, [3]).tolist() // [1, 1, 1]
 * np.random.randint(5, { size: 1000 }).max().item() < 5 // true
 */
export const randint = sig<
  (
    low: number | RandintOptions,
    high?: number | null | RandintOptions,
    size?: ShapeLike | null | RandintOptions,
    dtype?: 'int32' | 'uint8' | 'bool' | null | RandintOptions,
    opts?: RandintOptions,
  ) => ndarray
>('randint(low: int, high: int = None, size: shape = None, dtype: dtype = None)', ((
  low: number,
  high: number | undefined,
  size: ShapeLike | undefined,
  dtype: DType | undefined,
) => {
  const fn = 'randint';
  const dt = dtype ?? 'int32';
  const range = RANDINT_RANGE[dt];
  if (range === undefined) throw new DTypeError(argMessage(fn, 'dtype', "'int32', 'uint8' or 'bool'", dtype));
  // One bound given: it is the (excluded) upper bound, and errors name it as the caller wrote it.
  const hiArg = high === undefined ? 'low' : 'high';
  if (high === undefined) {
    high = low;
    low = 0;
  }
  const [min, max] = range;
  if (low < min) throw new ValueError(argMessage(fn, 'low', `a value >= ${min} (${dt})`, low));
  if (high > max + 1) throw new ValueError(argMessage(fn, hiArg, `a value <= ${max + 1} (${dt})`, high));
  if (high <= low) {
    const expected =
      hiArg === 'low'
        ? 'a positive integer (the upper bound when high is omitted)'
        : `an integer greater than low (${low})`;
    throw new ValueError(argMessage(fn, hiArg, expected, high));
  }
  const out = globalGenerator().integers(low, high, sizeOf(fn, size));
  return dt === 'int32' ? out : out.astype(dt);
}) as never);

/**
 * Random samples from `a` (an array, or `arange(a)` for an integer) from the global generator:
 * with replacement by default, weighted by `p` when given.
 * @param a an array_like or an integer
 * @param size dimensions (a 0-d array when omitted)
 * @param replace sample with replacement (default true)
 * @param p probabilities (summing to 1)
 * @returns a new array
 * @throws {ValueError} for bad probabilities or a sample larger than the population without replacement
 * @example np.random.choice([7, 8], [4], { p: [0, 1] }).tolist() // [8, 8, 8, 8]
 */
export const choice = sig<
  (
    a: number | ArrayInput,
    size?: ShapeLike | null | LegacyChoiceOptions,
    replace?: boolean | LegacyChoiceOptions,
    p?: ArrayInput | null | LegacyChoiceOptions,
    opts?: LegacyChoiceOptions,
  ) => ndarray
>('choice(a, size: shape = None, replace: bool = True, p: array_like = None)', ((
  a: number | ArrayInput,
  size: ShapeLike | undefined,
  replace: boolean,
  p: ndarray | undefined,
) => globalGenerator().choice(a, sizeOf('choice', size), replace, p)) as never);

/**
 * A random permutation of `arange(x)` (int32), or a copy of the array `x` permuted along its first
 * axis, from the global generator.
 * @param x an integer or an array_like
 * @returns a new array
 * @throws {ValueError} for a negative integer or a 0-d array
 * @example np.sort(np.random.permutation(5)).tolist() // [0, 1, 2, 3, 4]
 */
export const permutation = sig<(x: number | ArrayInput) => ndarray>('permutation(x)', ((
  x: number | ArrayInput,
) => globalGenerator().permutation(x)) as never);

/** What `shuffle` reorders in place: an ndarray, or NumPy's mutable sequence (a JS or typed array). */
export type Shufflable = ndarray | unknown[] | Exclude<ArrayBufferView, DataView>;

/**
 * Shuffles `x` in place along its first axis, from the global generator. Besides an ndarray, `x`
 * may be a JavaScript array or a typed array (NumPy's mutable sequence): its elements are
 * reordered as those of `np.array(x)` would be.
 * @param x the array
 * @returns nothing
 * @throws {ArgumentTypeError} when `x` is not an ndarray, a JavaScript array or a typed array
 * @throws {ValueError} for a 0-d array
 * @example
 * const a = np.arange(4);
 * np.random.shuffle(a);
 * np.sort(a).tolist() // [0, 1, 2, 3]
 */
export const shuffle = sig<(x: Shufflable) => void>('shuffle(x)', ((x: Shufflable) => {
  const g = globalGenerator();
  if (x instanceof ndarray) return g.shuffle(x);
  if (!Array.isArray(x) && !(ArrayBuffer.isView(x) && !(x instanceof DataView)))
    throw new ArgumentTypeError(
      argMessage('shuffle', 'x', 'an ndarray, a JavaScript array or a typed array', x),
    );
  const seq = x as unknown as { length: number; [i: number]: unknown; slice(): typeof seq };
  // The same draw as shuffling an ndarray of `seq.length` rows: element i takes element idx[i].
  const idx = g.permutation(seq.length).toArray();
  const copy = seq.slice();
  for (let i = 0; i < seq.length; i++) seq[i] = copy[idx[i]!];
}) as never);
