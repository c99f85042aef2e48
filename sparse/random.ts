/**
 * `random` / `rand`: sparse arrays with uniformly random positions and values (cohort's own
 * generator: results depend only on the seed, never on the pool size).
 */

import {
  AllocationError,
  argMessage,
  checkDType,
  type DType,
  entropySeed,
  ValueError,
} from '../runtime/index.js';
import type { SparseFormat, sparray } from './base.js';
import { region } from './core/types.js';
import { optionsArg } from './inputs.js';
import { wrap } from './registry.js';
import { ssigOpts } from './sig.js';

/** Options of {@link random}. */
export interface RandomOptions {
  /** Fraction of stored entries, in [0, 1] (default 0.01). */
  density?: number;
  /** Result format (default 'coo'). */
  format?: SparseFormat | null;
  /** Value dtype (default float64). */
  dtype?: DType;
  /** Seed (an integer); omitted: a random seed. `random_state` is accepted as an alias. */
  rng?: number;
  random_state?: number;
  /** Value generator `(k) => values` (default uniform in [0, 1)). */
  data_rvs?: (k: number) => ArrayLike<number>;
}

/** A small counter-free generator (mulberry32) returning doubles in [0, 1) with 53 random bits. */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  const next32 = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return () => ((next32() >>> 5) * 67108864 + (next32() >>> 6)) / 9007199254740992;
}

/** The most entries {@link random} samples (V8's limit on the size of a Set). */
const MAX_SAMPLED = 2 ** 24 - 1;

/**
 * An m × n sparse array with `round(density·m·n)` entries at distinct random positions (Floyd's
 * sampling) and uniform values in [0, 1).
 * @throws {ValueError} for a density outside [0, 1] or negative dimensions
 * @throws {AllocationError} for more than 2^24 − 1 entries
 * @example sparse.random(4, 5, { density: 0.5, rng: 1 }).nnz // 10
 */
export const random = ssigOpts<
  (
    m: number,
    n: number,
    density?: number | RandomOptions,
    format?: SparseFormat | null | RandomOptions,
    dtype?: DType | null | RandomOptions,
    opts?: RandomOptions,
  ) => sparray
>(
  "random(m: int, n: int, density: number = 0.01, format: format = 'coo', dtype: dtype = None, rng = None, random_state = None, data_rvs: callable = None)",
  2,
  randomImpl as never,
);

function randomImpl(m: number, n: number, opts: RandomOptions = {}): sparray {
  opts = optionsArg('random', opts);
  const fn = 'random';
  if (!Number.isInteger(m) || m < 0) throw new ValueError(argMessage(fn, 'm', 'a non-negative integer', m));
  if (!Number.isInteger(n) || n < 0) throw new ValueError(argMessage(fn, 'n', 'a non-negative integer', n));
  const density = opts.density ?? 0.01;
  if (!(density >= 0 && density <= 1))
    throw new ValueError(argMessage(fn, 'density', 'a number in [0, 1]', density));
  const dtype = opts.dtype === undefined ? 'float64' : checkDType(fn, 'dtype', opts.dtype);
  const seed = opts.rng ?? opts.random_state ?? entropySeed();
  const rand = generator(seed);
  const total = m * n;
  const k = Math.round(density * total);
  // The positions are sampled on the host in a Set, whose size V8 caps at 2^24 entries.
  if (k > MAX_SAMPLED)
    throw new AllocationError(
      argMessage(fn, 'density', `at most ${MAX_SAMPLED} entries (density·m·n)`, `${k} entries`),
    );
  const chosen = new Set<number>();
  const order: number[] = [];
  for (let j = total - k; j < total; j++) {
    const t = Math.floor(rand() * (j + 1));
    const pick = chosen.has(t) ? j : t;
    chosen.add(pick);
    order.push(pick);
  }
  const row = region('int32', k);
  const col = region('int32', k);
  const data = region(dtype, k);
  const vals = opts.data_rvs ? opts.data_rvs(k) : null;
  for (let p = 0; p < k; p++) {
    const lin = order[p]!;
    row.data[p] = Math.floor(lin / n);
    col.data[p] = lin % n;
    data.data[p] = vals ? vals[p]! : rand();
  }
  return wrap.coo({ rows: m, cols: n, dtype, row, col, data, nnz: k }).asformat(opts.format ?? 'coo');
}

/** Keyword options of {@link rand}: SciPy's `rand` has no `data_rvs`. */
export type RandOptions = Omit<RandomOptions, 'data_rvs'>;

/**
 * Same as {@link random} (SciPy's `rand`).
 * @example sparse.rand(3, 4, { density: 0.5, rng: 1 }).nnz // 6
 */
export const rand = ssigOpts<
  (
    m: number,
    n: number,
    density?: number | RandOptions,
    format?: SparseFormat | null | RandOptions,
    dtype?: DType | null | RandOptions,
    opts?: RandOptions,
  ) => sparray
>(
  "rand(m: int, n: int, density: number = 0.01, format: format = 'coo', dtype: dtype = None, rng = None, random_state = None)",
  2,
  randImpl as never,
);

function randImpl(m: number, n: number, opts: RandomOptions = {}): sparray {
  return random(m, n, opts);
}
