/**
 * NumPy's index helpers: `take_along_axis`, `put_along_axis`, `unravel_index`,
 * `ravel_multi_index`, `indices`, `tril_indices`, `triu_indices` (and `_from`), `diag_indices`
 * (and `_from`), `fill_diagonal`, `diagflat`, `compress`, `extract`, `choose`, `select`. The
 * gathers and scatters are advanced indexing on the runtime (one broadcast index per axis);
 * index arithmetic is fused element-wise expressions. The calling thread reads values only where
 * NumPy does to size a result (`compress`/`extract`, the triangle index counts are shapes).
 */
import { fx } from '../codegen/index.js';
import { ArgumentTypeError, argMessage, type DType, IndexError, ValueError } from '../runtime/index.js';
import { broadcastShapes, broadcastStore } from './broadcast.js';
import { arange } from './creation-more.js';
import { isFloat } from './dtypes.js';
import { ewise } from './ewise.js';
import { ndarray } from './ndarray.js';
import { ravel, stack } from './shape.js';
import { axisOf } from './shape-more.js';
import { type ArrayInput, denseHooks, sig } from './sig.js';

const asArray = (fn: string, name: string, v: unknown): ndarray =>
  v instanceof ndarray ? v : (denseHooks.asarray(fn, name, v) as ndarray);

const intArg = (fn: string, name: string, a: ndarray): ndarray => {
  if (isFloat(a.dtype)) throw new IndexError(argMessage(fn, name, 'integer indices', a.dtype));
  return a;
};

/** An arange along `axis` of an `nd`-dimensional broadcast shape (1 elsewhere). */
const axisRange = (n: number, axis: number, nd: number): ndarray =>
  arange(n, { dtype: 'int32' }).reshape(Array.from({ length: nd }, (_, d) => (d === axis ? n : 1)));

/** The index tuple that selects `indices` along `axis` and every position on the others. */
function alongIndex(fn: string, arr: ndarray, indices: ndarray, axis: number): ndarray[] {
  const nd = arr.ndim;
  if (indices.ndim !== nd)
    throw new ValueError(
      `${fn}: argument 'indices' and 'arr' must have the same number of dimensions (received ${indices.ndim} and ${nd})`,
    );
  const shape = arr.shape.map((e, d) => (d === axis ? indices.shape[d]! : e));
  broadcastShapes(fn, [shape, indices.shape], ['arr', 'indices']);
  return arr.shape.map((e, d) => (d === axis ? indices : axisRange(e, d, nd)));
}

/**
 * Takes values along an axis at matching 1-D index slices (`arr[..., indices[...], ...]`): the
 * companion of `argsort`/`argpartition` results.
 * @param arr the source array
 * @param indices integer indices with `arr`'s number of dimensions (null axis: 1-D)
 * @param axis the axis (default -1; null: the flattened array)
 * @returns a new array
 * @throws {IndexError} for an out-of-range index (at the read) or float indices
 * @example np.take_along_axis(np.array([[10, 30, 20], [60, 40, 50]]), np.array([[0], [1]]), 1).tolist() // [[10], [40]]
 * @example
 * const a = np.array([[10, 30, 20]]);
 * np.take_along_axis(a, np.argsort(a, 1), 1).tolist() // [[10, 20, 30]]
 */
export const take_along_axis = sig<
  (arr: ArrayInput, indices: ArrayInput, axis?: number | null | { axis?: number | null }) => ndarray
>('take_along_axis(arr: array_like, indices: array_like, axis: axis? = -1)', ((
  arr: ndarray,
  indices: ndarray,
  axis: number | null | undefined,
) => {
  intArg('take_along_axis', 'indices', indices);
  if (axis === undefined || axis === null) {
    if (indices.ndim !== 1)
      throw new ValueError(
        `take_along_axis: when axis is None, 'indices' must have 1 dimension (received ${indices.ndim})`,
      );
    return ravel(arr).get([indices]);
  }
  const ax = axisOf('take_along_axis', axis, arr.ndim);
  return arr.get(alongIndex('take_along_axis', arr, indices, ax) as never);
}) as never);

/**
 * Writes `values` along an axis at matching 1-D index slices (in place; the inverse of
 * {@link take_along_axis}).
 * @param arr the array to write
 * @param indices integer indices with `arr`'s number of dimensions
 * @param values values broadcast to the indexed shape
 * @param axis the axis (null: the flattened array)
 * @returns nothing
 * @example
 * const a = np.array([[10, 30, 20], [60, 40, 50]]);
 * np.put_along_axis(a, np.argmax(a, 1, { keepdims: true }), 99, 1);
 * a.tolist() // [[10, 99, 20], [99, 40, 50]]
 */
export const put_along_axis = sig<
  (
    arr: ndarray,
    indices: ArrayInput,
    values: ArrayInput,
    axis: number | null | { axis: number | null },
  ) => void
>('put_along_axis(arr: ndarray, indices: array_like, values: array_like, axis: axis?)', ((
  arr: ndarray,
  indices: ndarray,
  values: ndarray,
  axis: number | null | undefined,
) => {
  intArg('put_along_axis', 'indices', indices);
  if (axis === undefined || axis === null) {
    if (indices.ndim !== 1)
      throw new ValueError(
        `put_along_axis: when axis is None, 'indices' must have 1 dimension (received ${indices.ndim})`,
      );
    const flat = arr.reshape(arr.size);
    if (flat.store !== arr.store && !arr.store.contiguous)
      throw new ValueError('put_along_axis: axis None needs a contiguous array');
    flat.set([indices], values);
    return;
  }
  const ax = axisOf('put_along_axis', axis, arr.ndim);
  arr.set(alongIndex('put_along_axis', arr, indices, ax) as never, values);
}) as never);

const shapeList = (fn: string, name: string, v: unknown): number[] => {
  const list = typeof v === 'number' ? [v] : v;
  if (!Array.isArray(list) || list.some((e) => typeof e !== 'number' || !Number.isInteger(e) || e < 0))
    throw new ArgumentTypeError(argMessage(fn, name, 'a shape (non-negative integers)', v));
  return list as number[];
};

/**
 * Converts flat indices into a tuple of coordinate arrays for a shape (C or Fortran order).
 * @param indices integer flat indices
 * @param shape the array shape
 * @param order 'C' (default) or 'F'
 * @returns one int32 array per dimension
 * @throws {ValueError} for an index outside the array (at the read)
 * @example np.unravel_index([22, 41, 37], [7, 6]).map((a) => a.tolist()) // [[3, 6, 6], [4, 5, 1]]
 */
export const unravel_index = sig<
  (
    indices: ArrayInput,
    shape: number | readonly number[],
    order?: 'C' | 'F' | { order?: 'C' | 'F' },
  ) => ndarray[]
>("unravel_index(indices: array_like, shape: any, order: str = 'C')", ((
  indices: ndarray,
  shapeArg: unknown,
  order: string,
) => {
  const fn = 'unravel_index';
  intArg(fn, 'indices', indices);
  const shape = shapeList(fn, 'shape', shapeArg);
  if (order !== 'C' && order !== 'F') throw new ValueError(argMessage(fn, 'order', "'C' or 'F'", order));
  const size = shape.reduce((p, e) => p * e, 1);
  const bad = ewise(fn, 'oob', [indices, 0, size], ['indices', 'zero', 'size'], null, {
    dtype: 'bool',
    build: ([i, z, n]) =>
      fx.logical_or(fx.less(i!, fx.castTo('int32', z!)), fx.greater_equal(i!, fx.castTo('int32', n!))),
  });
  if (indices.size > 0 && bad.any().item())
    throw new ValueError(`${fn}: argument 'indices' has an index out of bounds for size ${size}`);
  const dims = order === 'C' ? shape.map((_, d) => d) : shape.map((_, d) => shape.length - 1 - d);
  const out: ndarray[] = new Array(shape.length);
  let stride = 1;
  for (let k = dims.length - 1; k >= 0; k--) {
    const d = dims[k]!;
    const e = shape[d]!;
    out[d] = ewise(fn, 'coord', [indices, stride, e], ['indices', 'stride', 'dim'], null, {
      dtype: 'int32',
      build: ([i, s, m]) =>
        fx.castTo(
          'int32',
          fx.mod(fx.floor_divide(fx.castTo('int32', i!), fx.castTo('int32', s!)), fx.castTo('int32', m!)),
        ),
    });
    stride *= e;
  }
  return out;
}) as never);

/**
 * Converts a tuple of coordinate arrays into flat indices (C or Fortran order), with NumPy's
 * modes per dimension ('raise', 'wrap', 'clip').
 * @param multi_index one integer array per dimension
 * @param dims the array shape
 * @param mode one mode, or one per dimension
 * @param order 'C' (default) or 'F'
 * @returns int32 flat indices
 * @example np.ravel_multi_index([[3, 6, 6], [4, 5, 1]], [7, 6]).tolist() // [22, 41, 37]
 * @example np.ravel_multi_index([[3, 6, 6], [4, 5, 1]], [4, 6], { mode: 'clip' }).tolist() // [22, 23, 19]
 */
export const ravel_multi_index = sig<
  (
    multi_index: readonly ArrayInput[] | ndarray,
    dims: readonly number[],
    mode?: string | readonly string[] | { mode?: string | readonly string[]; order?: 'C' | 'F' },
    order?: 'C' | 'F' | { order?: 'C' | 'F' },
    opts?: { mode?: string | readonly string[]; order?: 'C' | 'F' },
  ) => ndarray
>("ravel_multi_index(multi_index: any, dims: any, mode: any = 'raise', order: str = 'C')", ((
  multiIndex: unknown,
  dimsArg: unknown,
  mode: unknown,
  order: string,
) => {
  const fn = 'ravel_multi_index';
  const dims = shapeList(fn, 'dims', dimsArg);
  // An array whose first axis runs over the dimensions (`np.ravel_multi_index(arr, (7, 6))`).
  if (multiIndex instanceof ndarray && multiIndex.ndim >= 1)
    multiIndex = Array.from({ length: multiIndex.shape[0]! }, (_, d) => (multiIndex as ndarray).get(d));
  if (!Array.isArray(multiIndex) || multiIndex.length !== dims.length)
    throw new ValueError(
      argMessage(fn, 'multi_index', `${dims.length} index arrays (one per dimension)`, multiIndex),
    );
  if (order !== 'C' && order !== 'F') throw new ValueError(argMessage(fn, 'order', "'C' or 'F'", order));
  const modes = typeof mode === 'string' ? dims.map(() => mode) : mode;
  if (
    !Array.isArray(modes) ||
    modes.length !== dims.length ||
    modes.some((m) => !['raise', 'wrap', 'clip'].includes(m))
  )
    throw new ValueError(argMessage(fn, 'mode', "'raise', 'wrap' or 'clip' (or one per dimension)", mode));
  const idx = multiIndex.map((v, d) => intArg(fn, `multi_index[${d}]`, asArray(fn, `multi_index[${d}]`, v)));
  const strides: number[] = new Array(dims.length);
  let s = 1;
  for (let k = dims.length - 1; k >= 0; k--) {
    const d = order === 'C' ? k : dims.length - 1 - k;
    strides[d] = s;
    s *= dims[d]!;
  }
  let acc: ndarray | number = 0;
  idx.forEach((a, d) => {
    const n = dims[d]!;
    let v = a;
    if (modes[d] === 'raise') {
      const bad = ewise(fn, 'oob', [a, 0, n], ['i', 'zero', 'n'], null, {
        dtype: 'bool',
        build: ([i, z, m]) =>
          fx.logical_or(fx.less(i!, fx.castTo('int32', z!)), fx.greater_equal(i!, fx.castTo('int32', m!))),
      });
      if (a.size > 0 && bad.any().item()) throw new ValueError(`${fn}: invalid entry in coordinates array`);
    } else if (modes[d] === 'wrap') v = ewise(fn, 'mod', [a, n], ['i', 'n'], null, { dtype: 'int32' });
    else v = ewise(fn, 'clip', [a, 0, n - 1], ['i', 'lo', 'hi'], null, { dtype: 'int32' });
    acc = ewise(fn, 'axpy', [v, strides[d]!, acc], ['i', 'stride', 'acc'], null, {
      dtype: 'int32',
      build: ([i, st, p]) =>
        fx.add(fx.multiply(fx.castTo('int32', i!), fx.castTo('int32', st!)), fx.castTo('int32', p!)),
    });
  });
  return acc as unknown as ndarray;
}) as never);

/**
 * An array of grid indices: `indices([2, 3])[0][i][j] == i` (NumPy's `np.indices`); `sparse`
 * gives one broadcastable array per dimension instead.
 * @param dimensions the grid shape
 * @param dtype result dtype (default int32)
 * @param sparse one broadcastable array per dimension
 * @returns a `[ndim, ...dimensions]` array, or an array of arrays when `sparse`
 * @example np.indices([2, 3]).tolist() // [[[0, 0, 0], [1, 1, 1]], [[0, 1, 2], [0, 1, 2]]]
 */
export const indices = sig<
  (
    dimensions: readonly number[],
    dtype?: DType | null | { dtype?: DType | null; sparse?: boolean },
    sparse?: boolean | { sparse?: boolean },
    opts?: { dtype?: DType | null; sparse?: boolean },
  ) => ndarray | ndarray[]
>('indices(dimensions: any, dtype: dtype = None, sparse: bool = False)', ((
  dimensions: unknown,
  dtype: DType | undefined,
  sparse: boolean,
) => {
  const dims = shapeList('indices', 'dimensions', dimensions);
  const nd = dims.length;
  const dt = dtype ?? 'int32';
  const parts = dims.map((e, d) => {
    const r = axisRange(e, d, nd);
    return dt === 'int32' ? r : r.astype(dt);
  });
  if (sparse) return parts;
  if (nd === 0) return arange(0, { dtype: dt });
  return stack(parts.map((p) => new ndarray(broadcastStore(p.store, dims))));
}) as never);
