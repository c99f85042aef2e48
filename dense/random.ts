/**
 * Random numbers: a counter-based generator (Philox2x32-10) keyed by (seed, call, global element
 * index), so a seed gives the same numbers whatever the number of workers or pieces.
 */
import {
  argMessage,
  type DType,
  DTypeError,
  ensureKernel,
  entropySeed,
  launch,
  ValueError,
} from '../runtime/index.js';
import { alloc, type ShapeLike, shapeArg } from './alloc.js';
import { RANDOM } from './kernel-names.js';
import type { ndarray } from './ndarray.js';
import * as rm from './random-more.js';
import { type ArrayInput, sig } from './sig.js';

/**
 * Scalars: [kind, key, stream, a, b]; kind 0 uniform in [a, b), 1 normal (mean a, sd b), 2
 * integers in [a, b). Element i uses counters (i, 2·stream) and, for normals, (i, 2·stream + 1).
 */
// Written as source text (not a function) so that no transpiler helper (e.g. esbuild's `__name`
// for inner functions) leaks into the text shipped to workers.
ensureKernel(RANDOM, () => ({
  source: `function (t) {
  const out = t.arrays[0], o = t.offsets[0];
  const kind = t.scalars[0], key0 = t.scalars[1] >>> 0, stream = t.scalars[2];
  const a = t.scalars[3], b = t.scalars[4];
  function mulhi(x, y) {
    const x0 = x & 0xffff, x1 = x >>> 16, y0 = y & 0xffff, y1 = y >>> 16;
    const t0 = x1 * y0 + ((x0 * y0) >>> 16);
    const w1 = (t0 & 0xffff) + x0 * y1;
    return (x1 * y1 + Math.floor(t0 / 65536) + Math.floor(w1 / 65536)) >>> 0;
  }
  function uniform(c0, c1) {
    let L = c0 >>> 0, R = c1 >>> 0, k = key0;
    for (let r = 0; r < 10; r++) {
      const hi = mulhi(0xd256d193, L);
      const lo = Math.imul(0xd256d193, L) >>> 0;
      L = (hi ^ k ^ R) >>> 0;
      R = lo;
      k = (k + 0x9e3779b9) >>> 0;
    }
    return ((L >>> 5) * 67108864 + (R >>> 6)) / 9007199254740992;
  }
  const s0 = 2 * stream;
  for (let i = t.lo[0]; i < t.hi[0]; i++) {
    const u = uniform(i, s0);
    let v;
    if (kind === 0) v = a + (b - a) * u;
    else if (kind === 1) v = a + b * Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * uniform(i, s0 + 1));
    else v = a + Math.floor(u * (b - a));
    out[o + i] = v;
  }
}`,
}));

function mixSeed(seed: number): number {
  let x = (Math.floor(seed) ^ Math.floor(seed / 4294967296)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * A random generator (NumPy's `Generator`), made by {@link default_rng}.
 * @example np.random.default_rng(1) instanceof np.random.Generator // true
 */
export class Generator {
  private readonly key: number;
  private stream = 0;

  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0)
      throw new ValueError(argMessage('default_rng', 'seed', 'a non-negative integer', seed));
    this.key = mixSeed(seed);
  }

  /** @internal The key and a fresh stream number (dense/random-more.ts). */
  _stream(): [number, number] {
    return [this.key, this.stream++];
  }

  /** @internal Fills a new array from stream `kind`. */
  _fill(fn: string, kind: number, shape: ShapeLike, a: number, b: number, dt: DType): ndarray {
    const out = alloc(dt, shapeArg(fn, shape));
    const stream = this.stream++;
    if (out.size > 0) {
      launch({
        op: fn,
        kernel: RANDOM,
        args: [{ store: out.store.view([out.size], [1], 0), privilege: 'write-discard' }],
        scalars: [kind, this.key, stream, a, b],
      });
    }
    return out;
  }

  /**
   * Uniform floats in [0, 1).
   * @param shape dimensions (a scalar when omitted)
   * @param opts `{dtype}`: float64 (default) or float32
   * @returns a new array
   * @example np.random.default_rng(0).random([2]).shape // [2]
   */
  random(
    size?: ShapeLike | null | FloatDrawOptions,
    dtype?: FloatDType | FloatDrawOptions,
    opts?: FloatDrawOptions,
  ): ndarray {
    return gRandom.call(this, size, dtype, opts);
  }

  /**
   * Uniform floats in [low, high).
   * @param low the lower bound (included)
   * @param high the upper bound (excluded)
   * @param shape dimensions (a scalar when omitted)
   * @returns a new float64 array
   * @example np.random.default_rng(0).uniform(2, 3, [100]).min().item() >= 2 // true
   */
  uniform(
    low?: number | RangeDrawOptions,
    high?: number | RangeDrawOptions,
    size?: ShapeLike | null | RangeDrawOptions,
    opts?: RangeDrawOptions,
  ): ndarray {
    return gUniform.call(this, low, high, size, opts);
  }

  /**
   * Standard normal floats (Box–Muller over two counter streams).
   * @param shape dimensions (a scalar when omitted)
   * @param opts `{dtype}`: float64 (default) or float32
   * @returns a new array
   * @example np.random.default_rng(0).standard_normal([2, 2]).shape // [2, 2]
   */
  standard_normal(
    size?: ShapeLike | null | FloatDrawOptions,
    dtype?: FloatDType | FloatDrawOptions,
    opts?: FloatDrawOptions,
  ): ndarray {
    return gStandardNormal.call(this, size, dtype, opts);
  }

  /**
   * Normal floats with mean `loc` and standard deviation `scale`.
   * @param loc the mean
   * @param scale the standard deviation
   * @param shape dimensions (a scalar when omitted)
   * @returns a new float64 array
   * @throws {ValueError} when scale < 0
   * @example np.random.default_rng(0).normal(5, 0, [2]).tolist() // [5, 5]
   */
  normal(
    loc?: number | NormalOptions,
    scale?: number | NormalOptions,
    size?: ShapeLike | null | NormalOptions,
    opts?: NormalOptions,
  ): ndarray {
    return gNormal.call(this, loc, scale, size, opts);
  }

  /**
   * Exponential floats with scale `scale` (mean; inversion of a uniform).
   * @param scale the scale (1/rate), >= 0
   * @param size dimensions (a scalar when omitted)
   * @returns a new float64 array
   * @throws {ValueError} for a negative scale
   * @example np.random.default_rng(0).exponential(2, [1000]).min().item() >= 0 // true
   */
  exponential(
    scale?: number | { scale?: number; size?: ShapeLike | null },
    size?: ShapeLike | null | { size?: ShapeLike | null },
    opts?: { scale?: number; size?: ShapeLike | null },
  ): ndarray {
    return rm.gExponential.call(this, scale, size, opts);
  }

  /**
   * Poisson counts with mean `lam` (int32; multiplication method below 10, NumPy's PTRS above).
   * @param lam the mean, in [0, 1e9]
   * @param size dimensions (a scalar when omitted)
   * @returns a new int32 array
   * @throws {ValueError} for a negative or too large `lam`
   * @example np.random.default_rng(0).poisson(0, [3]).tolist() // [0, 0, 0]
   */
  poisson(
    lam?: number | { lam?: number; size?: ShapeLike | null },
    size?: ShapeLike | null | { size?: ShapeLike | null },
    opts?: { lam?: number; size?: ShapeLike | null },
  ): ndarray {
    return rm.gPoisson.call(this, lam, size, opts);
  }

  /**
   * A random permutation of `arange(x)` (int32), or a permuted copy of the array `x` along `axis`.
   * @param x an integer or an array_like
   * @param axis the axis to permute (arrays only)
   * @returns a new array
   * @example np.sort(np.random.default_rng(0).permutation(5)).tolist() // [0, 1, 2, 3, 4]
   */
  permutation(x: number | ArrayInput, axis?: number | { axis?: number }, opts?: { axis?: number }): ndarray {
    return rm.gPermutation.call(this, x, axis, opts);
  }

  /**
   * Shuffles the array `x` in place along `axis`.
   * @param x the array
   * @param axis the axis (default 0)
   * @returns nothing
   * @example
   * const a = np.arange(4);
   * np.random.default_rng(0).shuffle(a);
   * np.sort(a).tolist() // [0, 1, 2, 3]
   */
  shuffle(x: ndarray, axis?: number | { axis?: number }, opts?: { axis?: number }): void {
    rm.gShuffle.call(this, x, axis, opts);
  }

  /**
   * Random samples from `a` (an array, or `arange(a)` for an integer): with replacement by default,
   * weighted by `p` when given (without replacement and `p`: Efraimidis–Spirakis keys).
   * @param a an array_like or an integer
   * @param size dimensions (a scalar when omitted)
   * @param replace sample with replacement (default true)
   * @param p probabilities (summing to 1)
   * @returns a new array
   * @throws {ValueError} for bad probabilities or a sample larger than the population without replacement
   * @example np.random.default_rng(0).choice([7, 8], [4], { p: [0, 1] }).tolist() // [8, 8, 8, 8]
   */
  choice(
    a: number | ArrayInput,
    size?: ShapeLike | null | ChoiceOptions,
    replace?: boolean | ChoiceOptions,
    p?: ArrayInput | null | ChoiceOptions,
    axis?: number | ChoiceOptions,
    shuffle?: boolean | ChoiceOptions,
    opts?: ChoiceOptions,
  ): ndarray {
    return rm.gChoice.call(this, a, size, replace, p, axis, shuffle, opts);
  }

  /**
   * Integers in [low, high) (int32); `integers(high)` draws from [0, high).
   * @param low the lower bound (included), or `high` when `high` is omitted
   * @param high the upper bound (excluded)
   * @param shape dimensions (a scalar when omitted)
   * @returns a new int32 array
   * @throws {ValueError} when low >= high
   * @example np.random.default_rng(0).integers(1, 2, [3]).tolist() // [1, 1, 1]
   */
  integers(
    low: number | IntegersOptions,
    high?: number | null | IntegersOptions,
    size?: ShapeLike | null | IntegersOptions,
    opts?: IntegersOptions,
  ): ndarray {
    return gIntegers.call(this, low, high, size, opts);
  }
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** Raises unless `v` is a finite number (an infinite range has no uniform distribution). */
function finiteArg(fn: string, arg: string, v: unknown): void {
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new ValueError(argMessage(fn, arg, 'a finite number', v));
}

/** The `dtype` of the float generators: float64 (default) or float32. */
function floatDType(fn: string, dt: DType | undefined): DType {
  if (dt === undefined) return 'float64';
  if (dt !== 'float64' && dt !== 'float32')
    throw new DTypeError(argMessage(fn, 'dtype', "'float64' or 'float32'", dt));
  return dt;
}

/** The float dtypes of the float generators. */
export type FloatDType = 'float64' | 'float32';
/** Keyword options of `random` and `standard_normal`. */
export interface FloatDrawOptions {
  /** Dimensions (a scalar when omitted). */
  size?: ShapeLike | null;
  /** float64 (default) or float32. */
  dtype?: FloatDType | null;
}
/** Keyword options of `uniform`. */
export interface RangeDrawOptions {
  /** The lower bound (included). */
  low?: number;
  /** The upper bound (excluded). */
  high?: number;
  /** Dimensions (a scalar when omitted). */
  size?: ShapeLike | null;
}
/** Keyword options of `normal`. */
export interface NormalOptions {
  /** The mean. */
  loc?: number;
  /** The standard deviation. */
  scale?: number;
  /** Dimensions (a scalar when omitted). */
  size?: ShapeLike | null;
}
/** Keyword options of `choice`. */
export interface ChoiceOptions {
  /** Dimensions (a scalar when omitted). */
  size?: ShapeLike | null;
  /** Sample with replacement (default true). */
  replace?: boolean;
  /** Probabilities of the entries of `a`. */
  p?: ArrayInput | null;
  /** The axis of `a` to sample along. */
  axis?: number;
  /** Shuffle a sample drawn without replacement (always random order here). */
  shuffle?: boolean;
}
/** Keyword options of `integers`. */
export interface IntegersOptions {
  /** The lower bound (included). */
  low?: number;
  /** The upper bound (excluded, or included with `endpoint`). */
  high?: number | null;
  /** Dimensions (a scalar when omitted). */
  size?: ShapeLike | null;
  /** int32 only (cohort's default integer; NumPy's default here is int64). */
  dtype?: 'int32' | null;
  /** Include `high` (default false). */
  endpoint?: boolean;
}

const gRandom = sig<(this: Generator, ...a: unknown[]) => ndarray>(
  'Generator.random(size: shape = None, dtype: dtype = None)',
  function (this: Generator, size: ShapeLike | undefined, dtype: DType | undefined) {
    return this._fill('random', 0, size ?? [], 0, 1, floatDType('random', dtype));
  } as never,
);
const gStandardNormal = sig<(this: Generator, ...a: unknown[]) => ndarray>(
  'Generator.standard_normal(size: shape = None, dtype: dtype = None)',
  function (this: Generator, size: ShapeLike | undefined, dtype: DType | undefined) {
    return this._fill('standard_normal', 1, size ?? [], 0, 1, floatDType('standard_normal', dtype));
  } as never,
);
const gUniform = sig<(this: Generator, ...a: unknown[]) => ndarray>(
  'Generator.uniform(low = 0, high = 1, size: shape = None)',
  function (this: Generator, low: number, high: number, size: ShapeLike | undefined) {
    finiteArg('uniform', 'low', low);
    finiteArg('uniform', 'high', high);
    return this._fill('uniform', 0, size ?? [], low, high, 'float64');
  } as never,
);
const gNormal = sig<(this: Generator, ...a: unknown[]) => ndarray>(
  'Generator.normal(loc = 0, scale = 1, size: shape = None)',
  function (this: Generator, loc: number, scale: number, size: ShapeLike | undefined) {
    finiteArg('normal', 'loc', loc);
    finiteArg('normal', 'scale', scale);
    if (scale < 0) throw new ValueError(argMessage('normal', 'scale', 'a non-negative number', scale));
    return this._fill('normal', 1, size ?? [], loc, scale, 'float64');
  } as never,
);
const gIntegers = sig<(this: Generator, ...a: unknown[]) => ndarray>(
  'Generator.integers(low, high = None, size: shape = None, dtype: dtype = None, endpoint: bool = False)',
  function (
    this: Generator,
    low: number,
    high: number | undefined | null,
    size: ShapeLike | undefined,
    dtype: DType | undefined,
    endpoint: boolean,
  ) {
    if (dtype !== undefined && dtype !== 'int32')
      throw new DTypeError(argMessage('integers', 'dtype', "'int32' (cohort's default integer)", dtype));
    if (high === undefined || high === null) {
      high = low;
      low = 0;
    }
    if (endpoint && typeof high === 'number') high += 1;
    if (!Number.isInteger(low) || !Number.isInteger(high) || low >= high) {
      throw new ValueError(argMessage('integers', 'high', `an integer greater than low (${low})`, high));
    }
    // The result is int32: bounds beyond it would wrap silently (NumPy raises too).
    if (low < INT32_MIN)
      throw new ValueError(argMessage('integers', 'low', 'a value >= -2147483648 (int32)', low));
    if (high > INT32_MAX + 1)
      throw new ValueError(argMessage('integers', 'high', 'a value <= 2147483648 (int32)', high));
    return this._fill('integers', 2, size ?? [], low, high, 'int32');
  } as never,
);

/**
 * A generator seeded by `seed` (a random seed when omitted).
 * @param seed the seed
 * @returns a new {@link Generator}
 * @example
 * const a = np.random.default_rng(42).random([3]).tolist();
 * // The same seed gives the same numbers:
 * np.array_equal(np.array(a), np.random.default_rng(42).random([3])) // true
 */
export const default_rng = sig<(seed?: number | null | { seed?: number | null }) => Generator>(
  'default_rng(seed = None)',
  ((seed: number | undefined) => new Generator(seed ?? entropySeed())) as never,
);

let global = default_rng();

/**
 * @internal The global generator of the legacy API (rand, randn, dense/random-legacy.ts), reseeded
 * by {@link seed}: read it at each call.
 */
export function globalGenerator(): Generator {
  return global;
}

/**
 * Seeds the global generator of the module-level functions ({@link rand}, {@link randn} and the
 * legacy ones of dense/random-legacy.ts: `random`, `uniform`, `normal`, `randint`, ...).
 * @param s the seed
 * @example
 * np.random.seed(7);
 * const a = np.random.rand(3);
 * np.random.seed(7);
 * np.array_equal(a, np.random.rand(3)) // true
 */
export const seed = sig<(seed?: number | null | { seed?: number | null }) => void>('seed(seed = None)', ((
  s: number | undefined,
) => {
  global = default_rng(s);
}) as never);

/**
 * Uniform floats in [0, 1) of the given dimensions (legacy API).
 * @param shape the dimensions
 * @returns a new float64 array
 * @example np.random.rand(2, 3).shape // [2, 3]
 */
export const rand = sig<(...shape: number[]) => ndarray>('rand(*d: int)', ((d: number[]) =>
  global.random(shapeArg('rand', d))) as never);

/**
 * Standard normal floats of the given dimensions (legacy API).
 * @param shape the dimensions
 * @returns a new float64 array
 * @example np.random.randn(2, 3).shape // [2, 3]
 */
export const randn = sig<(...shape: number[]) => ndarray>('randn(*d: int)', ((d: number[]) =>
  global.standard_normal(shapeArg('randn', d))) as never);
