/**
 * SciPy's queries of a sparse array: `max min argmax argmin` (with `explicit`), `trace`,
 * `nonzero`, `reshape`, and the module function `find`. Bound to SciPy's signatures with the array
 * as `this`; base.ts declares the methods.
 */
import * as np from '../dense/index.js';
import { readStore, ValueError } from '../runtime/index.js';
import type { sparray } from './base.js';
import type { CooArray } from './coo.js';
import { canonicalize, denseToCsr } from './core/convert.js';
import { type Csr, vec } from './core/types.js';
import { reshapeCoo, rowExtremes } from './core/values-math.js';
import { csrT, isSparse } from './ops.js';
import { wrap } from './registry.js';
import { ssig } from './sig.js';

type M<R> = (this: sparray, ...args: unknown[]) => R;
type ndarray = np.ndarray;

/** The canonical CSR structure of the rows (`axis` 1) or of the columns (`axis` 0). */
function lines(a: sparray, axis: 0 | 1): Csr {
  return canonicalize(axis === 1 ? a._csr() : csrT(a));
}

function axisOf(fn: string, axis: unknown): 0 | 1 | null {
  if (axis === undefined || axis === null) return null;
  if (axis === 0 || axis === -2) return 0;
  if (axis === 1 || axis === -1) return 1;
  throw new ValueError(`${fn}: argument 'axis' expected null, 0, 1, -1 or -2, received ${String(axis)}`);
}

function noOut(fn: string, out: unknown): void {
  if (out !== undefined && out !== null)
    throw new ValueError(
      `${fn}: argument 'out' is not supported by sparse arrays (SciPy's rule), received an array`,
    );
}

/** `A.max(axis=None, out=None, *, explicit=False)` and `min`. */
function minmax(fn: 'max' | 'min'): M<ndarray> {
  const mode = fn === 'max' ? 0 : 1;
  return ssig<M<ndarray>>(`${fn}(axis = None, out = None, *, explicit: bool = False)`, function (
    this: sparray,
    axis: unknown,
    out: unknown,
    explicit: boolean,
  ) {
    noOut(fn, out);
    const ax = axisOf(fn, axis);
    const [m, n] = this.shape;
    if (ax === null) {
      if (m === 0 || n === 0)
        throw new ValueError(`${fn}: zero-size array to reduction operation (shape [${m}, ${n}])`);
      const c = canonicalize(this._csr());
      if (c.nnz === 0) return np.zeros([], { dtype: this.dtype });
      const vals = np.ndarray.fromStore(vec(c.data, c.nnz));
      const r = fn === 'max' ? np.max(vals) : np.min(vals);
      if (explicit || c.nnz === m * n) return r;
      return (fn === 'max' ? np.maximum : np.minimum)(r, 0).astype(this.dtype);
    }
    if ((ax === 0 ? m : n) === 0)
      throw new ValueError(
        `${fn}: zero-size array to reduction operation (axis ${ax} of shape [${m}, ${n}])`,
      );
    return np.ndarray.fromStore(rowExtremes(lines(this, ax === 0 ? 0 : 1), mode, explicit, fn)[0]);
  } as never);
}
/** @internal */
export const mMax = minmax('max');
/** @internal */
export const mMin = minmax('min');

/**
 * The flat index of the first extreme from per-row extremes: rows without stored entries are no
 * candidates when `explicit`. A NaN is the extreme (the first one), as NumPy's argmax.
 */
function firstExtreme(
  c: Csr,
  vals: ArrayLike<number>,
  cols: ArrayLike<number>,
  mode: number,
  explicit: boolean,
): number {
  const ptr = explicit ? readStore(vec(c.indptr, c.rows + 1)) : null;
  let best = -1;
  for (let i = 0; i < c.rows; i++) {
    if (ptr !== null && ptr[i + 1]! <= ptr[i]!) continue;
    const v = vals[i]!;
    if (Number.isNaN(v)) return i * c.cols + cols[i]!;
    if (best < 0 || (mode === 0 ? v > vals[best]! : v < vals[best]!)) best = i;
  }
  return best < 0 ? 0 : best * c.cols + cols[best]!;
}

/** `A.argmax(axis=None, out=None, *, explicit=False)` and `argmin`. */
function argminmax(fn: 'argmax' | 'argmin'): M<ndarray | number> {
  const mode = fn === 'argmax' ? 0 : 1;
  return ssig<M<ndarray | number>>(`${fn}(axis = None, out = None, *, explicit: bool = False)`, function (
    this: sparray,
    axis: unknown,
    out: unknown,
    explicit: boolean,
  ) {
    noOut(fn, out);
    const ax = axisOf(fn, axis);
    const [m, n] = this.shape;
    if (ax !== null) {
      if ((ax === 0 ? m : n) === 0)
        throw new ValueError(
          `${fn}: cannot apply ${fn} along a zero-sized dimension (axis ${ax} of shape [${m}, ${n}])`,
        );
      return np.ndarray.fromStore(rowExtremes(lines(this, ax === 0 ? 0 : 1), mode, explicit, fn)[1]);
    }
    if (m === 0 || n === 0)
      throw new ValueError(`${fn}: cannot apply ${fn} to an empty array (shape [${m}, ${n}])`);
    const c = lines(this, 1);
    if (c.nnz === 0) {
      if (explicit)
        throw new ValueError(
          `${fn}: cannot apply ${fn} to an array with no stored entries when explicit=true`,
        );
      return 0;
    }
    const [val, arg] = rowExtremes(c, mode, explicit, fn);
    return firstExtreme(c, readStore(val), readStore(arg), mode, explicit);
  } as never);
}
/** @internal */
export const mArgmax = argminmax('argmax');
/** @internal */
export const mArgmin = argminmax('argmin');

/** @internal `A.trace(offset=0)`: the sum of diagonal `offset` (a 0-d array). */
export const mTrace = ssig<M<ndarray>>('trace(offset: int = 0)', function (this: sparray, offset: number) {
  return np.sum(this.diagonal(offset));
} as never);

/** Rows, columns (and values) of the entries of a COO array whose value is nonzero. */
function nonzeroEntries(c: CooArray): [ndarray, ndarray, ndarray] {
  const keep = np.not_equal(c.data, 0);
  return [c.row.get([keep]), c.col.get([keep]), c.data.get([keep])];
}

/**
 * @internal `A.nonzero()`: `[row, col]` of the stored entries whose value is nonzero, in COO order
 * (duplicates are not summed, as SciPy).
 */
export const mNonzero = ssig<M<[ndarray, ndarray]>>('nonzero()', function (this: sparray) {
  const [r, c] = nonzeroEntries(this.tocoo());
  return [r, c];
} as never);

/**
 * `[row, col, data]` of the nonzero entries of `A` (duplicates summed, sorted by row then column).
 * @param A a sparse array (or a dense array_like)
 * @returns three 1-D arrays (int32, int32, A's dtype)
 * @throws {ArgumentTypeError} when `A` is neither sparse nor dense
 * @example
 * const [i, j, v] = sparse.find(sparse.csr_array([[0, 5], [3, 0]]));
 * [i.tolist(), j.tolist(), v.tolist()] // [[0, 1], [1, 0], [5, 3]]
 */
export const find = ssig<(A: unknown) => [ndarray, ndarray, ndarray]>('find(A)', (A: unknown) => {
  const src = isSparse(A) ? (A as sparray) : wrap.csr(denseToCsr(np.asarray(A as np.ArrayInput).store));
  const c = src.tocoo(true) as CooArray;
  c.sum_duplicates();
  return nonzeroEntries(c);
});

/** `[rows, cols]` from SciPy's reshape arguments (one shape or two integers; one may be -1). */
function newShape(fn: string, args: readonly unknown[], size: number): [number, number] {
  const s = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  if (s.length !== 2 || !s.every((d) => Number.isInteger(d) && (d as number) >= -1))
    throw new ValueError(
      `${fn}: argument 'shape' expected two integers (one may be -1), received [${s.map(String)}]`,
    );
  let [m, n] = s as [number, number];
  if (m === -1 && n === -1)
    throw new ValueError(`${fn}: argument 'shape' can only specify one unknown dimension`);
  if (m === -1) m = n === 0 ? 0 : size / n;
  if (n === -1) n = m === 0 ? 0 : size / m;
  if (!Number.isInteger(m) || !Number.isInteger(n) || m * n !== size)
    throw new ValueError(`${fn}: cannot reshape an array of size ${size} into shape [${s.map(String)}]`);
  return [m, n];
}

/**
 * @internal `A.reshape(*shape, order='C', copy=False)`: a COO array (SciPy's result), the same
 * array when the shape is unchanged (a copy with `copy`).
 */
export const mReshape = ssig<M<sparray>>("reshape(*shape, order: str = 'C', copy: bool = False)", function (
  this: sparray,
  shape: unknown[],
  order: string,
  copy: boolean,
) {
  if (order !== 'C' && order !== 'F')
    throw new ValueError(`reshape: argument 'order' expected 'C' or 'F', received "${order}"`);
  const [m, n] = this.shape;
  const [m2, n2] = newShape('reshape', shape, m * n);
  if (m2 === m && n2 === n) return copy ? this.copy() : this;
  if (m * n > 2 ** 53) throw new ValueError(`reshape: an array of size ${m * n} exceeds 2^53 positions`);
  if (Math.max(m2, n2) > 2 ** 31 - 1)
    throw new ValueError(
      `reshape: argument 'shape' expected dimensions below 2^31 (int32 indices), received [${m2}, ${n2}]`,
    );
  const c = (this.tocoo(copy) as CooArray)._c;
  return wrap.coo(reshapeCoo(c, m2, n2, order === 'F'));
} as never);
