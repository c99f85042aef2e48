/**
 * Selection by index: `take`, `put`, `nonzero`, `flatnonzero`, `argwhere`, and NumPy's one-argument
 * `where(condition)`
 * (with three arguments it is the element-wise `where` of ufuncs.ts). Gathers and scatters are
 * the advanced-indexing launches of indexing.ts; `nonzero` counts (a block reduction) then fills.
 */
import { argMessage, IndexError, ValueError } from '../runtime/index.js';
import { copyAs, ewise, type Operand } from './ewise.js';
import { nonzero as nonzeroImpl } from './indexing.js';
import type { ndarray } from './ndarray.js';
import { concatenate, ravel, stack } from './shape.js';
import { type ArrayInput, denseHooks, sig } from './sig.js';
import { Slice } from './slice.js';
import { where as where3 } from './ufuncs.js';

const MODES = new Set(['raise', 'wrap', 'clip']);

/** `indices` made valid for an axis of `n` by `mode` ('raise' leaves them to the gather's check). */
function modeIndices(fn: string, idx: ndarray, n: number, mode: string): ndarray {
  if (!MODES.has(mode)) throw new ValueError(argMessage(fn, 'mode', "'raise', 'wrap' or 'clip'", mode));
  if (idx.dtype === 'float32' || idx.dtype === 'float64')
    throw new IndexError(argMessage(fn, 'indices', 'integer indices', idx.dtype));
  if (mode === 'raise' || idx.size === 0) return idx;
  if (n === 0) throw new IndexError(`${fn}: cannot do a non-empty take from an empty axis`);
  return mode === 'wrap'
    ? ewise(fn, 'mod', [idx, n], ['indices', 'n'], null, { dtype: 'int32' })
    : ewise(fn, 'clip', [idx, 0, n - 1], ['indices', 'lo', 'hi'], null, { dtype: 'int32' });
}

/** Keyword options of {@link take}. */
export interface TakeOptions {
  /** The axis (null: the flattened array). */
  axis?: number | null;
  /** Write the result here. */
  out?: ndarray | null;
  /** Out-of-range indices: 'raise' (an error), 'wrap' (modulo) or 'clip'. */
  mode?: 'raise' | 'wrap' | 'clip';
}

/**
 * Elements of `a` at `indices` along `axis` (of the flattened array when null): the result has
 * `a`'s shape with that axis replaced by `indices`' shape. A gather on the runtime.
 * @param a an array_like
 * @param indices integer indices
 * @param axis the axis (null: flattened)
 * @returns a new array
 * @throws {IndexError} for an out-of-range index with mode 'raise' (at the read)
 * @example np.take([4, 3, 5, 7, 6, 8], [0, 1, 4]).tolist() // [4, 3, 6]
 * @example np.take([4, 3, 5, 7, 6, 8], [[0, 1], [2, 3]]).tolist() // [[4, 3], [5, 7]]
 * @example np.take([[1, 2], [3, 4]], [1], 1).tolist() // [[2], [4]]
 */
export const take = sig<
  (
    a: ArrayInput,
    indices: ArrayInput,
    axis?: number | null | TakeOptions,
    out?: ndarray | null | TakeOptions,
    mode?: 'raise' | 'wrap' | 'clip' | TakeOptions,
    opts?: TakeOptions,
  ) => ndarray
>("take(a: array_like, indices: array_like, axis: axis = None, out: ndarray = None, mode: str = 'raise')", ((
  a: ndarray,
  indices: ndarray,
  axis: number | undefined,
  out: ndarray | undefined,
  mode: string,
) => {
  const src = axis === undefined ? ravel(a) : a;
  const nd = src.ndim;
  if (axis !== undefined && (axis < -nd || axis >= nd))
    throw new IndexError(`take: axis ${axis} is out of bounds for array of dimension ${nd}`);
  const ax = axis === undefined ? 0 : axis < 0 ? axis + nd : axis;
  const idx = modeIndices('take', indices, src.shape[ax]!, mode);
  const parts = [...Array(ax).fill(new Slice()), idx];
  const r = src.get(parts as never);
  if (out === undefined) return r;
  ewise('take', 'assign', [r], ['a'], out, { dtype: out.dtype, build: (l) => l[0]! });
  return out;
}) as never);

/**
 * Writes `v` into the flattened `a` at `ind` (in place; `v` is repeated to the length of `ind`,
 * as NumPy). A scatter on the runtime; with repeated indices, which value lands is unspecified
 * (NumPy: the last).
 * @param a the array to write (an ndarray)
 * @param ind flat integer indices
 * @param v the values
 * @param mode 'raise', 'wrap' or 'clip'
 * @returns nothing
 * @throws {IndexError} for an out-of-range index with mode 'raise'
 * @example
 * const a = np.arange(5);
 * np.put(a, [0, 2], [-44, -55]);
 * a.tolist() // [-44, 1, -55, 3, 4]
 */
export const put = sig<
  (
    a: ndarray,
    ind: ArrayInput,
    v: ArrayInput,
    mode?: 'raise' | 'wrap' | 'clip' | { mode?: 'raise' | 'wrap' | 'clip' },
    opts?: { mode?: 'raise' | 'wrap' | 'clip' },
  ) => void
>("put(a: ndarray, ind: array_like, v: array_like, mode: str = 'raise')", ((
  a: ndarray,
  ind: ndarray,
  v: ndarray,
  mode: string,
) => {
  const n = a.size;
  const idx = ravel(modeIndices('put', ind, n, mode));
  const m = idx.size;
  if (m === 0) return;
  if (v.size === 0) throw new ValueError(argMessage('put', 'v', 'at least one value', 'an empty array'));
  let vals = ravel(v);
  if (vals.size !== m) {
    const reps = Math.ceil(m / vals.size);
    const tiled: ndarray[] = [];
    for (let k = 0; k < reps; k++) tiled.push(vals);
    vals = concatenate(tiled).get([new Slice(0, m)]);
  }
  const contiguous = a.store.contiguous;
  const flat = contiguous ? a.reshape(n) : copyAs('put', a).reshape(n);
  flat.set([idx], vals);
  if (!contiguous) a.set('...', flat.reshape(a.shape));
}) as never);

/**
 * The indices of the nonzero elements: one int32 array per dimension (C order). Counts with a
 * block reduction, then fills.
 * @param a an array_like (0-d arrays are treated as 1-D, as NumPy's deprecated path)
 * @returns an array of index arrays
 * @example np.nonzero([[3, 0, 0], [0, 4, 0], [5, 6, 0]])[1].tolist() // [0, 1, 0, 1]
 */
export const nonzero = sig<(a: ArrayInput) => ndarray[]>('nonzero(a: array_like)', ((a: ndarray) =>
  nonzeroImpl('nonzero', a.ndim === 0 ? a.reshape(1) : a)) as never);

/**
 * The indices of the nonzero elements of the flattened array (NumPy's `nonzero(ravel(a))[0]`),
 * int32: counted, scanned and written on the pool like {@link nonzero} (a view that is not
 * C-contiguous is first copied by a launch).
 * @param a an array_like
 * @returns a 1-D int32 array of C-order positions
 * @example np.flatnonzero([[0, 3], [4, 0]]).tolist() // [1, 2]
 */
export const flatnonzero = sig<(a: ArrayInput) => ndarray>(
  'flatnonzero(a: array_like)',
  ((a: ndarray) => nonzeroImpl('flatnonzero', ravel(a))[0]!) as never,
);

/**
 * The coordinates of the nonzero elements, one row per element in C order (NumPy's
 * `transpose(nonzero(a))`), int32 of shape `[count, a.ndim]`: {@link nonzero}'s launches, then
 * one launch that interleaves the coordinate arrays. A 0-d array gives shape `[1, 0]` when it
 * is nonzero, else `[0, 0]` (as NumPy).
 * @param a an array_like
 * @returns a 2-D int32 array
 * @example np.argwhere([[0, 3], [4, 0]]).tolist() // [[0, 1], [1, 0]]
 */
export const argwhere = sig<(a: ArrayInput) => ndarray>('argwhere(a: array_like)', ((a: ndarray) => {
  if (a.ndim === 0) {
    const c = nonzeroImpl('argwhere', a.reshape(1))[0]!;
    return c.reshape(c.size, 1).get(':, 0:0');
  }
  const coords = nonzeroImpl('argwhere', a);
  return a.ndim === 1 ? coords[0]!.reshape(coords[0]!.size, 1) : stack(coords, { axis: 1 });
}) as never);

/**
 * NumPy's `where`: with three arguments `condition ? x : y` element-wise (broadcast, fused); with
 * the condition alone, `nonzero(condition)`.
 * @param condition where true, take `x`
 * @param x the values where true
 * @param y the values where false
 * @returns the result array, or (condition alone) the index arrays
 * @throws {ValueError} when only one of `x` and `y` is given
 * @example np.where(np.array([true, false]), 1, 2).tolist() // [1, 2]
 * @example np.where([[0, 1], [1, 0]])[0].tolist() // [0, 1]
 */
export const where: {
  (condition: ArrayInput): ndarray[];
  (condition: ArrayInput, x: ArrayInput, y: ArrayInput): ndarray;
} = sig('where(condition: operand, x: operand = None, y: operand = None, /)', ((
  c: Operand,
  x: Operand | undefined,
  y: Operand | undefined,
) => {
  if (x === undefined && y === undefined) {
    const ca = typeof c === 'object' ? c : (ravel(copyAs('where', asScalar(c))) as ndarray);
    return nonzeroImpl('where', ca.ndim === 0 ? ca.reshape(1) : ca);
  }
  if (x === undefined || y === undefined)
    throw new ValueError('where: either both or neither of x and y should be given');
  return where3(c, x, y);
}) as never);

const asScalar = (v: number | boolean): ndarray => denseHooks.asarray('where', 'condition', v) as ndarray;
