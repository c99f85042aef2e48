/**
 * The constructors SciPy now recommends for sparse arrays (`eye_array diags_array random_array
 * block_array`), `bmat` and `kronsum`. The first three bind SciPy's keyword-only signatures to the
 * older functions (`eye diags random`); `block_array`/`bmat` place a 2-D grid of blocks.
 */
import type { ndarray } from '../dense/index.js';
import { argMessage, checkDType, type DType, ShapeError, ValueError } from '../runtime/index.js';
import type { SparseFormat, sparray } from './base.js';
import { type Coo, promote } from './core/types.js';
import {
  type Diagonals,
  type DiagsOptions,
  diagsImpl,
  type EyeOptions,
  eye,
  type FormatOptions,
  identity,
  type KronOptions,
  sparseArg,
} from './functions.js';
import { optionsArg } from './inputs.js';
import { type RandomOptions, randomCore } from './random.js';
import { ssigOpts } from './sig.js';
import { cooOf, kron, place, stackFormat } from './stack.js';

/**
 * SciPy's `eye_array(m, n=None, *, k=0, dtype=float, format=None)`: ones on diagonal k.
 * @param m rows; @param n columns (default m); @param opts `{k, dtype, format}` (default format 'dia')
 * @throws {ValueError} for negative sizes or a diagonal outside the shape
 * @example sparse.eye_array(2, 3, { k: 1 }).toarray().tolist() // [[0, 1, 0], [0, 0, 1]]
 */
export const eye_array = ssigOpts<(m: number, n?: number | null | EyeOptions, opts?: EyeOptions) => sparray>(
  'eye_array(m: int, n: int = None, *, k: int = 0, dtype: dtype = None, format: format = None)',
  2,
  (m: number, n: number | undefined, opts: EyeOptions) => eye(m, n ?? null, opts),
);

/** Keyword options of {@link diags_array}. */
export type DiagsArrayOptions = DiagsOptions;

/**
 * SciPy's `diags_array(diagonals, /, *, offsets=0, shape=None, format=None, dtype=None)`.
 * @param diagonals one diagonal or a list of them (a scalar diagonal is broadcast)
 * @param opts `{offsets, shape, format, dtype}`
 * @throws {ValueError} when the counts differ, an offset is out of bounds or a length is wrong
 * @example sparse.diags_array([1, -2, 1], { offsets: [-1, 0, 1], shape: [3, 3] }).toarray().tolist() // [[-2, 1, 0], [1, -2, 1], [0, 1, -2]]
 */
export const diags_array = ssigOpts<(diagonals: Diagonals, opts?: DiagsArrayOptions) => sparray>(
  "diags_array(diagonals, /, *, offsets = 0, shape: shape = None, format: format = None, dtype: dtype? = 'inexact')",
  1,
  (diagonals: Diagonals, opts: DiagsOptions) => {
    const { offsets, ...rest } = opts;
    return diagsImpl('diags_array', diagonals as never, (offsets ?? 0) as never, rest);
  },
);

/** Keyword options of {@link random_array}: SciPy's `data_sampler` is cohort's `data_rvs`. */
export interface RandomArrayOptions extends Omit<RandomOptions, 'data_rvs'> {
  /** Value generator `(k) => values` (default uniform in [0, 1)). */
  data_sampler?: (k: number) => ArrayLike<number> | ndarray;
}

/**
 * SciPy's `random_array(shape, *, density=0.01, format='coo', dtype=None, rng=None,
 * data_sampler=None)`: distinct random positions, uniform values in [0, 1) — generated on the
 * pool as {@link random} (bitwise the same at every pool size); a `data_sampler` runs on the
 * issuing thread.
 * @param shape `[rows, cols]`
 * @throws {ValueError} for a shape that is not two non-negative integers or a density outside [0, 1]
 * @throws {AllocationError} for more than 2^31 − 1 entries
 * @example sparse.random_array([4, 5], { density: 0.5, rng: 1 }).nnz // 10
 */
export const random_array = ssigOpts<(shape: readonly number[], opts?: RandomArrayOptions) => sparray>(
  "random_array(shape: shape, *, density: number = 0.01, format: format = 'coo', dtype: dtype = None, rng = None, data_sampler: callable = None, random_state = None)",
  1,
  (shape: readonly number[], opts: RandomArrayOptions) => {
    if (shape.length !== 2)
      throw new ValueError(argMessage('random_array', 'shape', 'a shape [rows, cols]', shape));
    const { data_sampler, ...rest } = opts;
    return randomCore(
      'random_array',
      'data_sampler',
      shape[0]!,
      shape[1]!,
      data_sampler === undefined ? rest : { ...rest, data_rvs: data_sampler },
    );
  },
);

/** Blocks of {@link block_array} / {@link bmat}: rows of sparse or dense arrays, `null` for zeros. */
export type BlockGrid = readonly (readonly unknown[])[];

function grid(fn: string, blocks: unknown, opts: FormatOptions): sparray {
  opts = optionsArg(fn, opts);
  if (!Array.isArray(blocks) || blocks.length === 0 || !blocks.every((r) => Array.isArray(r)))
    throw new ValueError(argMessage(fn, 'blocks', 'a 2-D grid (an array of rows of blocks)', blocks));
  const rows = blocks as unknown[][];
  const N = rows[0]!.length;
  rows.forEach((r, i) => {
    if (r.length !== N)
      throw new ValueError(argMessage(fn, `blocks[${i}]`, `${N} blocks (a rectangular grid)`, `${r.length}`));
  });
  const bs = rows.map((r, i) =>
    r.map((b, j) => (b === null || b === undefined ? null : sparseArg(fn, `blocks[${i}][${j}]`, b))),
  );
  const heights = new Array<number>(rows.length).fill(-1);
  const widths = new Array<number>(N).fill(-1);
  bs.forEach((r, i) => {
    r.forEach((b, j) => {
      if (b === null) return;
      if (heights[i] === -1) heights[i] = b.shape[0];
      else if (heights[i] !== b.shape[0])
        throw new ShapeError(
          argMessage(
            fn,
            `blocks[${i}][${j}]`,
            `${heights[i]} rows (as the other blocks of row ${i})`,
            `shape [${b.shape}]`,
          ),
        );
      if (widths[j] === -1) widths[j] = b.shape[1];
      else if (widths[j] !== b.shape[1])
        throw new ShapeError(
          argMessage(
            fn,
            `blocks[${i}][${j}]`,
            `${widths[j]} columns (as the other blocks of column ${j})`,
            `shape [${b.shape}]`,
          ),
        );
    });
  });
  // SciPy gives an all-None block row (column) zero height (width).
  const present = bs.flat().filter((b): b is sparray => b !== null);
  let dtype: DType = 'float64';
  if (opts.dtype !== undefined && opts.dtype !== null) dtype = checkDType(fn, 'dtype', opts.dtype);
  else if (present.length > 0) dtype = present.map((b) => b.dtype).reduce(promote);
  const parts: { c: Coo; r: number; k: number }[] = [];
  let r0 = 0;
  bs.forEach((r, i) => {
    let k0 = 0;
    r.forEach((b, j) => {
      if (b !== null) parts.push({ c: cooOf(b, dtype), r: r0, k: k0 });
      k0 += Math.max(0, widths[j]!);
    });
    r0 += Math.max(0, heights[i]!);
  });
  const cols = widths.reduce((s, w) => s + Math.max(0, w), 0);
  const dflt: SparseFormat =
    present.length === rows.length * N && present.length > 0 ? stackFormat(present) : 'coo';
  return place(parts, r0, cols, dtype).asformat(opts.format ?? dflt);
}

/**
 * SciPy's `block_array(blocks, *, format=None, dtype=None)`: a 2-D grid of blocks (`null` for an
 * all-zero block); all-CSR grids give CSR, all-CSC grids CSC, others COO.
 * @param blocks rows of sparse (or dense) arrays and nulls
 * @throws {ShapeError} when the blocks of a row (column) differ in height (width)
 * @throws {ValueError} for a grid that is not rectangular
 * @example sparse.block_array([[sparse.eye_array(1), null], [null, sparse.csr_array([[2, 3]])]]).toarray().tolist() // [[1, 0, 0], [0, 2, 3]]
 */
export const block_array = ssigOpts<(blocks: BlockGrid, opts?: FormatOptions) => sparray>(
  'block_array(blocks, *, format: format = None, dtype: dtype = None)',
  1,
  (blocks: BlockGrid, opts: FormatOptions) => grid('block_array', blocks, opts),
);

/**
 * SciPy's `bmat(blocks, format=None, dtype=None)`: {@link block_array} with positional options.
 * @throws {ShapeError} when the blocks of a row (column) differ in height (width)
 * @example sparse.bmat([[sparse.csr_array([[1]]), sparse.csr_array([[2]])]]).format // 'csr'
 */
export const bmat = ssigOpts<
  (
    blocks: BlockGrid,
    format?: SparseFormat | null | FormatOptions,
    dtype?: DType | null | FormatOptions,
    opts?: FormatOptions,
  ) => sparray
>('bmat(blocks, format: format = None, dtype: dtype = None)', 1, (blocks: BlockGrid, opts: FormatOptions) =>
  grid('bmat', blocks, opts),
);

/**
 * SciPy's `kronsum(A, B, format=None)`: `kron(I_n, A) + kron(B, I_m)` for square A (m × m) and B
 * (n × n) — the operator of a 2-D grid from two 1-D ones.
 * @throws {ValueError} when A or B is not square
 * @example
 * const T = sparse.csr_array([[2, -1], [-1, 2]]);
 * sparse.kronsum(T, T).toarray().tolist() // [[4, -1, -1, 0], [-1, 4, 0, -1], [-1, 0, 4, -1], [0, -1, -1, 4]]
 */
export const kronsum = ssigOpts<
  (A: unknown, B: unknown, format?: SparseFormat | null | KronOptions, opts?: KronOptions) => sparray
>('kronsum(A, B, format: format = None)', 2, (A: unknown, B: unknown, opts: KronOptions) => {
  const fn = 'kronsum';
  const a = sparseArg(fn, 'A', A);
  const b = sparseArg(fn, 'B', B);
  if (a.shape[0] !== a.shape[1])
    throw new ValueError(argMessage(fn, 'A', 'a square array', `shape [${a.shape}]`));
  if (b.shape[0] !== b.shape[1])
    throw new ValueError(argMessage(fn, 'B', 'a square array', `shape [${b.shape}]`));
  const dtype = promote(a.dtype, b.dtype);
  const L = kron(identity(b.shape[0], { dtype }), a, { format: 'coo' });
  const R = kron(b, identity(a.shape[0], { dtype }), { format: 'coo' });
  const S = L.add(R) as sparray;
  return S.asformat(opts.format ?? S.format);
});
