/**
 * The ndarray methods with no module function of their own, bound to NumPy's signatures:
 * `a.item(*args)`, `a.fill(value, /)`, `a.flatten(order='C')`, and cohort's index methods
 * `a.get(index, /)`, `a.set(index, value, /)`. Each is called with the array as `this`
 * (ndarray.ts's methods forward their `arguments`), so a plain positional call goes through the
 * binder's generated fast path: no options object is looked for past the arguments given, and
 * `a.item()` allocates nothing.
 */
import { ArgumentTypeError, argMessage, disposeRegion, IndexError, ValueError } from '../runtime/index.js';
import { disposedStore } from './alloc.js';
import { assign, copyAs, type Operand } from './ewise.js';
import { getItem, type Index, setItem } from './indexing.js';
import { discardLazy } from './lazy.js';
import type { ndarray } from './ndarray.js';
import * as sh from './shape.js';
import type { Order } from './shape-api.js';
import { sig } from './sig.js';

type M<R> = (this: ndarray, ...args: unknown[]) => R;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** The C-order multi-index of `a.item(*args)`'s arguments (a flat index, a tuple, or ndim ints). */
function itemIndex(a: ndarray, args: readonly unknown[]): number[] {
  const fn = 'ndarray.item';
  const shape = a.shape;
  if (args.length === 1 && !Array.isArray(args[0])) {
    const i = args[0];
    if (!isInt(i)) throw new ArgumentTypeError(argMessage(fn, 'args', 'integers', i));
    const n = a.size;
    if (i < -n || i >= n) throw new IndexError(`${fn}: index ${i} is out of bounds for size ${n}`);
    let flat = i < 0 ? i + n : i;
    const idx = new Array<number>(shape.length);
    for (let d = shape.length - 1; d >= 0; d--) {
      idx[d] = flat % shape[d]!;
      flat = Math.floor(flat / shape[d]!);
    }
    return idx;
  }
  const t = (args.length === 1 ? args[0] : args) as readonly unknown[];
  if (t.length !== shape.length)
    throw new ValueError(
      argMessage(
        fn,
        'args',
        `${shape.length} indices (one per axis) or one flat index`,
        `${t.length} indices`,
      ),
    );
  return t.map((i, d) => {
    if (!isInt(i)) throw new ArgumentTypeError(argMessage(fn, 'args', 'integers', i));
    const n = shape[d]!;
    if (i < -n || i >= n)
      throw new IndexError(`${fn}: index ${i} is out of bounds for axis ${d} with size ${n}`);
    return i < 0 ? i + n : i;
  });
}

/** @internal `a.item(*args)`: no argument for a one-element array, else a flat index or one index per axis. */
export const mItem = sig<M<number | boolean>>('ndarray.item(*args)', function (
  this: ndarray,
  args: readonly unknown[],
) {
  if (args.length === 0) return this._item();
  return getItem(this, itemIndex(this, args).join(','))._item();
} as never);

/** @internal `a.fill(value, /)` (in place). */
export const mFill = sig<M<ndarray>>('ndarray.fill(value: scalar, /)', function (
  this: ndarray,
  value: number | boolean,
) {
  assign('fill', this, value);
  return this;
} as never);

/** @internal `a.flatten(order='C')`: a 1-D copy read in `order` ('F': column-major). */
export const mFlatten = sig<M<ndarray>>("ndarray.flatten(order: order = 'C')", function (
  this: ndarray,
  order: Order,
) {
  return sh.ravel(copyAs('flatten', order === 'F' ? sh.transpose(this) : this));
} as never);

/** @internal `a.get(index, /)`: NumPy's `a[index]`. */
export const mGet = sig<M<ndarray>>('ndarray.get(index, /)', function (this: ndarray, index: Index) {
  return getItem(this, index);
} as never);

/** @internal `a.set(index, value, /)`: NumPy's `a[index] = value`. */
export const mSet = sig<M<ndarray>>('ndarray.set(index, value, /)', function (
  this: ndarray,
  index: Index,
  value: Operand,
) {
  setItem(this, index, value);
  return this;
} as never);

/**
 * @internal `a.dispose()`: frees the array's memory now (runtime/region.ts `disposeRegion`: pending
 * work on it finishes first). A lazy array that was never computed forgets its expression.
 * Afterwards the array keeps its shape and dtype, and any operation or read of it, or of an
 * array sharing its memory, raises `DisposedError`. Idempotent.
 */
export const mDispose = sig<M<void>>('ndarray.dispose()', function (this: ndarray) {
  const st = this._store;
  this._future = null;
  if (st !== null) {
    disposeRegion(st.region);
    return;
  }
  const lazy = this._lazy;
  if (lazy === null) {
    // A known 0-d value that never had a region.
    this._store = disposedStore(this._valueDtype!, []);
    return;
  }
  this._store = disposedStore(lazy.dtype, lazy.shape);
  discardLazy(this);
} as never);
