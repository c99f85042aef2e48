/**
 * `random` / `rand`: sparse arrays with uniformly random positions and values, generated on the
 * pool (random-split.ts draws the block counts on the host, kernels/random.ts fills the blocks):
 * results depend only on the seed, never on the pool size.
 */

import { ndarray } from '../dense/index.js';
import {
  AllocationError,
  argMessage,
  checkDType,
  type DType,
  entropySeed,
  image,
  type LaunchArg,
  launch,
  type Region,
  ValueError,
} from '../runtime/index.js';
import type { SparseFormat, sparray } from './base.js';
import { region, vec } from './core/types.js';
import { optionsArg } from './inputs.js';
import { kernel } from './kdef.js';
import { RANDOM_FILL } from './kernel-names.js';
import { RANDOM_FILL_SOURCE } from './kernels/random.js';
import { blockCounts, blockLayout, seedKey } from './random-split.js';
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
  /**
   * Seed (an integer), or a generator (`np.random.default_rng(s)`: the seed is drawn from it, which
   * advances it, as SciPy draws from a `Generator`); omitted: a random seed. `random_state` is
   * accepted as an alias.
   */
  rng?: number | SeedSource;
  random_state?: number | SeedSource;
  /**
   * Value generator `(k) => values` (default uniform in [0, 1)): k values as a JS array, a typed
   * array or a 1-D ndarray (what `rng.standard_normal(k)` returns).
   */
  data_rvs?: (k: number) => ArrayLike<number> | ndarray;
}

/** The most entries {@link random} makes: its indices and offsets are int32. */
const MAX_ENTRIES = 2147483647;

/** Python's `round` (SciPy's `k = int(round(density·m·n))`): halves go to the even neighbour. */
function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  return d > 0.5 || (d === 0.5 && f % 2 === 1) ? f + 1 : f;
}

/** Value modes of the fill kernel (sparse/kernels/random.ts) per dtype. */
const VMODE: Record<DType, number> = { float64: 0, float32: 0, int32: 1, uint8: 2, bool: 3 };

/**
 * An m × n sparse array with `k = round(density·m·n)` entries (Python's rounding: halves to even)
 * at distinct uniformly random positions, in canonical (row-major) order, with uniform values in
 * [0, 1) — integer dtypes: uniform in `[iinfo.min, iinfo.max)` as SciPy draws them; bool: true.
 *
 * Generated on the pool: the positions `[0, m·n)` are cut into blocks that depend only on
 * (m, n, k); the host draws each block's count exactly (multivariate hypergeometric) and one
 * launch makes each block's positions and values from a generator keyed by (seed, block), so a
 * seed gives bitwise the same array at every pool size (not SciPy's numbers for the same seed).
 * A `data_rvs` callback runs on the issuing thread (`data_rvs(k)` must return k values, copied in
 * the row-major order of the positions).
 * @throws {ValueError} for a density outside [0, 1], negative dimensions, or m·n above 2^53
 * @throws {AllocationError} for more than 2^31 − 1 entries (int32 indices) or storage that cannot be allocated
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
  "random(m: int, n: int, density: number = 0.01, format: format = 'coo', dtype: dtype = None, rng = None, data_rvs: callable = None, *, random_state = None)",
  2,
  randomImpl as never,
);

/** A generator a seed can be drawn from (cohort's `np.random.Generator`). */
export interface SeedSource {
  integers(low: number, high: number, size: number[]): { tolist(): unknown };
}

/** The integer seed of `rng`: itself, one drawn from a generator, or fresh entropy. */
function seedOf(fn: string, rng: number | SeedSource | null | undefined): number {
  if (rng === undefined || rng === null) return entropySeed();
  if (typeof rng === 'object' && typeof (rng as SeedSource).integers === 'function')
    return ((rng as SeedSource).integers(0, 2147483647, [1]).tolist() as number[])[0]!;
  if (typeof rng !== 'number' || !Number.isSafeInteger(rng))
    throw new ValueError(argMessage(fn, 'rng', 'an integer seed or a np.random.Generator', rng));
  return rng;
}

function randomImpl(m: number, n: number, opts: RandomOptions = {}): sparray {
  return randomCore('random', 'data_rvs', m, n, optionsArg('random', opts));
}

/**
 * {@link random}'s body; `fn` and `rvsName` name the public function and its value-generator
 * argument in errors (`random_array` calls its `data_rvs` `data_sampler`).
 */
export function randomCore(fn: string, rvsName: string, m: number, n: number, opts: RandomOptions): sparray {
  if (!Number.isInteger(m) || m < 0) throw new ValueError(argMessage(fn, 'm', 'a non-negative integer', m));
  if (!Number.isInteger(n) || n < 0) throw new ValueError(argMessage(fn, 'n', 'a non-negative integer', n));
  if (m > MAX_ENTRIES) throw new ValueError(argMessage(fn, 'm', 'at most 2147483647 (int32 indices)', m));
  if (n > MAX_ENTRIES) throw new ValueError(argMessage(fn, 'n', 'at most 2147483647 (int32 indices)', n));
  const density = opts.density ?? 0.01;
  if (!(density >= 0 && density <= 1))
    throw new ValueError(argMessage(fn, 'density', 'a number in [0, 1]', density));
  const dtype = opts.dtype === undefined ? 'float64' : checkDType(fn, 'dtype', opts.dtype);
  const seed = seedOf(fn, opts.rng ?? opts.random_state);
  const total = m * n;
  const k = roundHalfEven(density * total);
  // Positions are exact doubles up to 2^53.
  if (k > 0 && total > 2 ** 53)
    throw new ValueError(argMessage(fn, 'm·n', 'at most 2^53 positions', `${m}·${n}`));
  if (k > MAX_ENTRIES)
    throw new AllocationError(
      argMessage(
        fn,
        'density',
        `at most ${MAX_ENTRIES} entries (density·m·n; int32 indices)`,
        `${k} entries`,
      ),
    );
  const vals = opts.data_rvs ? sampled(fn, rvsName, opts.data_rvs(k), k) : null;
  const row = region('int32', k, false);
  const col = region('int32', k, false);
  const data = region(dtype, k, false);
  // Cast as NumPy's astype does (typed arrays truncate; bool: nonzero, NaN included, is true).
  if (vals !== null)
    for (let p = 0; p < k; p++) data.data[p] = dtype === 'bool' ? (vals[p] !== 0 ? 1 : 0) : vals[p]!;
  fillPositions(m, n, k, seed, vals === null ? VMODE[dtype] : -1, row, col, data);
  return wrap
    .coo({ rows: m, cols: n, dtype, row, col, data, nnz: k, canonical: true })
    .asformat(opts.format ?? 'coo');
}

/** The k values a `data_rvs` callback returned: an array-like of length k or a 1-D ndarray of size k. */
function sampled(fn: string, name: string, vals: unknown, k: number): ArrayLike<number> {
  if (vals instanceof ndarray) {
    if (vals.ndim === 1 && vals.size === k) return vals.toArray() as ArrayLike<number>;
  } else if (
    vals !== null &&
    typeof vals === 'object' &&
    (Array.isArray(vals) || ArrayBuffer.isView(vals)) &&
    (vals as ArrayLike<number>).length === k
  )
    return vals as ArrayLike<number>;
  throw new ValueError(argMessage(fn, name, `a function returning ${k} values`, vals));
}

/** The block counts on the host, then one launch over the blocks (sparse/kernels/random.ts). */
function fillPositions(
  m: number,
  n: number,
  k: number,
  seed: number,
  vmode: number,
  row: Region,
  col: Region,
  data: Region,
): void {
  const total = m * n;
  const { B, L } = blockLayout(total, k);
  if (B === 0) return;
  const counts = blockCounts(total, k, B, L, seedKey(seed, 0));
  const off = region('int32', B + 1, false);
  const o = off.data as Int32Array;
  o[0] = 0;
  for (let b = 0; b < B; b++) o[b + 1] = o[b]! + counts[b]!;
  const args: LaunchArg[] = [
    { store: vec(off, B), privilege: 'read' },
    { store: vec(row), privilege: 'write-discard' },
    { store: vec(col), privilege: 'write-discard' },
  ];
  const constraints = [image(0, 1, 'offsets'), image(0, 2, 'offsets')];
  if (vmode >= 0) {
    args.push({ store: vec(data), privilege: 'write-discard' });
    constraints.push(image(0, 3, 'offsets'));
  }
  launch({
    op: 'random',
    kernel: kernel(`${RANDOM_FILL}.${data.dtype}`, RANDOM_FILL_SOURCE, (t, f) =>
      f(
        t.arrays[0],
        t.scalars[0],
        t.scalars[1],
        t.scalars[2],
        t.scalars[3],
        t.scalars[4],
        t.scalars[5],
        t.arrays[1],
        t.arrays[2],
        t.arrays.length > 3 ? t.arrays[3] : null,
        t.lo[0],
        t.hi[0],
      ),
    ),
    args,
    scalars: [n, L, total, seedKey(seed, 1), seedKey(seed, 2), vmode],
    constraints,
    key: 0,
  });
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
  "rand(m: int, n: int, density: number = 0.01, format: format = 'coo', dtype: dtype = None, rng = None, *, random_state = None)",
  2,
  randImpl as never,
);

function randImpl(m: number, n: number, opts: RandomOptions = {}): sparray {
  return random(m, n, opts);
}
