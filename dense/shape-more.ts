/**
 * NumPy's Tier 2 shape functions: `flip` (a view with negative strides), `roll`, `tile`,
 * `repeat`, `meshgrid`, `diff`. They are views, stride-0 broadcasts and element-wise launches
 * (copies, differences) on the runtime; nothing is computed on the calling thread but index
 * arithmetic (and `repeat` with per-element counts, which reads the counts to size its result).
 */
import { ArgumentTypeError, argMessage, IndexError, ValueError } from '../runtime/index.js';
import { broadcastStore } from './broadcast.js';
import { fromData } from './creation.js';
import { copyAs, ewise } from './ewise.js';
import { ndarray } from './ndarray.js';
import { concatenate, ravel } from './shape.js';
import { type ArrayInput, denseHooks, sig } from './sig.js';

/** `axis` normalized for an array of `nd` dimensions, or an IndexError naming `fn`. */
export const axisOf = (fn: string, axis: number, nd: number): number => {
  if (!Number.isInteger(axis) || axis < -nd || axis >= nd)
    throw new IndexError(`${fn}: axis ${axis} is out of bounds for array of dimension ${nd}`);
  return axis < 0 ? axis + nd : axis;
};
const axisList = (fn: string, axis: number | readonly number[], nd: number): number[] => {
  const list = (typeof axis === 'number' ? [axis] : axis).map((a) => axisOf(fn, a, nd));
  if (new Set(list).size !== list.length) throw new ValueError(argMessage(fn, 'axis', 'distinct axes', axis));
  return list;
};

/** A view of `a` along `axis` from `start`, `len` elements, step `step` (negative: backwards). */
export function along(a: ndarray, axis: number, start: number, len: number, step = 1): ndarray {
  const s = a.store;
  const shape = s.shape.slice();
  shape[axis] = len;
  const strides = s.strides.slice();
  strides[axis] = s.strides[axis]! * step;
  return new ndarray(s.view(shape, strides, s.offset + (len === 0 ? 0 : start * s.strides[axis]!)));
}

/**
 * Reverses the order of elements along `axis` (all axes when null): a view, as NumPy's.
 * @param m an array_like
 * @param axis an axis, several, or null (all)
 * @returns a view of `m`
 * @throws {IndexError} when an axis is out of bounds
 * @example np.flip([[0, 1], [2, 3]]).tolist() // [[3, 2], [1, 0]]
 * @example np.flip([[0, 1], [2, 3]], 1).tolist() // [[1, 0], [3, 2]]
 */
export const flip = sig<
  (
    m: ArrayInput,
    axis?: number | readonly number[] | null | { axis?: number | readonly number[] | null },
  ) => ndarray
>('flip(m: array_like, axis: axes = None)', ((m: ndarray, axis: number | number[] | undefined) => {
  const axes = axis === undefined ? [...Array(m.ndim).keys()] : axisList('flip', axis, m.ndim);
  let r = m;
  for (const d of axes) {
    const n = r.shape[d]!;
    r = along(r, d, n === 0 ? 0 : n - 1, n, -1);
  }
  return r;
}) as never);

/** Keyword options of {@link roll}. */
export interface RollOptions {
  /** The axis or axes to roll (null: the flattened array, reshaped back). */
  axis?: number | readonly number[] | null;
}

/**
 * Rolls elements along `axis` by `shift` (elements leaving one end come back at the other); with
 * no axis, the flattened array is rolled and reshaped back.
 * @param a an array_like
 * @param shift the shift, or one per axis
 * @param axis an axis, several, or null
 * @returns a new array
 * @throws {ValueError} when `shift` and `axis` have different lengths
 * @example np.roll(np.arange(10), 2).tolist() // [8, 9, 0, 1, 2, 3, 4, 5, 6, 7]
 * @example np.roll([[0, 1, 2], [3, 4, 5]], -1, 1).tolist() // [[1, 2, 0], [4, 5, 3]]
 */
export const roll = sig<
  (
    a: ArrayInput,
    shift: number | readonly number[],
    axis?: number | readonly number[] | null | RollOptions,
    opts?: RollOptions,
  ) => ndarray
>('roll(a: array_like, shift: axes, axis: axes = None)', ((
  a: ndarray,
  shift: number | number[],
  axis: number | number[] | undefined,
) => {
  if (axis === undefined) {
    if (typeof shift !== 'number') {
      const total = shift.reduce((p, s) => p + s, 0);
      return rollAxis(ravel(a), total, 0).reshape(a.shape);
    }
    return rollAxis(ravel(a), shift, 0).reshape(a.shape);
  }
  const axes = typeof axis === 'number' ? [axis] : axis;
  const shifts = typeof shift === 'number' ? axes.map(() => shift) : shift;
  if (shifts.length !== axes.length && shifts.length !== 1 && axes.length !== 1)
    throw new ValueError(argMessage('roll', 'shift', `${axes.length} shifts (one per axis)`, shift));
  const n = Math.max(shifts.length, axes.length);
  let r = a;
  const acc = new Map<number, number>();
  for (let k = 0; k < n; k++) {
    const d = axisOf('roll', axes[axes.length === 1 ? 0 : k]!, a.ndim);
    acc.set(d, (acc.get(d) ?? 0) + shifts[shifts.length === 1 ? 0 : k]!);
  }
  for (const [d, s] of acc) r = rollAxis(r, s, d);
  return r === a ? copyAs('roll', a) : r;
}) as never);

function rollAxis(a: ndarray, shift: number, axis: number): ndarray {
  const n = a.shape[axis]!;
  if (n === 0) return copyAs('roll', a);
  const s = ((shift % n) + n) % n;
  if (s === 0) return copyAs('roll', a);
  return concatenate([along(a, axis, n - s, s), along(a, axis, 0, n - s)], { axis });
}

/**
 * Repeats `A` `reps` times along each axis (a stride-0 broadcast copied once).
 * @param A an array_like
 * @param reps repetitions per axis (an integer, or one per axis)
 * @returns a new array
 * @throws {ValueError} for a negative repetition
 * @example np.tile([0, 1, 2], 2).tolist() // [0, 1, 2, 0, 1, 2]
 * @example np.tile([0, 1, 2], [2, 2]).tolist() // [[0, 1, 2, 0, 1, 2], [0, 1, 2, 0, 1, 2]]
 */
export const tile = sig<(A: ArrayInput, reps: number | readonly number[]) => ndarray>(
  'tile(A: array_like, reps: axes)',
  ((A: ndarray, reps: number | number[]) => {
    const r = typeof reps === 'number' ? [reps] : reps.slice();
    for (const x of r)
      if (x < 0) throw new ValueError(argMessage('tile', 'reps', 'non-negative integers', reps));
    const nd = Math.max(r.length, A.ndim);
    const shape = [...Array(nd - A.ndim).fill(1), ...A.shape];
    const rr = [...Array(nd - r.length).fill(1), ...r];
    const inter: number[] = [];
    const big: number[] = [];
    shape.forEach((e, d) => {
      inter.push(1, e);
      big.push(rr[d]!, e);
    });
    const base = A.reshape(inter);
    const view = new ndarray(broadcastStore(base.store, big));
    return copyAs('tile', view).reshape(shape.map((e, d) => e * rr[d]!));
  }) as never,
);

/**
 * Repeats each element `repeats` times (the flattened array when `axis` is null). Per-element
 * counts are read (a wait) to size the result; the copy is a gather on the runtime.
 * @param a an array_like
 * @param repeats a count, or one per element along the axis
 * @param axis the axis (null: flattened)
 * @returns a new array
 * @throws {ValueError} for negative counts or a count array of the wrong length
 * @example np.repeat([1, 2], 2).tolist() // [1, 1, 2, 2]
 * @example np.repeat([[1, 2], [3, 4]], [1, 2], 0).tolist() // [[1, 2], [3, 4], [3, 4]]
 */
export const repeat = sig<
  (
    a: ArrayInput,
    repeats: ArrayInput,
    axis?: number | null | { axis?: number | null },
    opts?: { axis?: number | null },
  ) => ndarray
>('repeat(a: array_like, repeats: array_like, axis: axis = None)', ((
  a: ndarray,
  repeats: ndarray,
  axis: number | undefined,
) => {
  const src = axis === undefined ? ravel(a) : a;
  const ax = axis === undefined ? 0 : axisOf('repeat', axis, a.ndim);
  const n = src.shape[ax]!;
  if (repeats.dtype === 'float32' || repeats.dtype === 'float64')
    throw new ArgumentTypeError(argMessage('repeat', 'repeats', 'integers', repeats.dtype));
  const counts = Array.from(repeats.toArray(), Number);
  if (counts.some((c) => c < 0))
    throw new ValueError(argMessage('repeat', 'repeats', 'non-negative counts', counts));
  if (counts.length === 1) {
    const r = counts[0]!;
    // [.., n, 1, ..] broadcast to [.., n, r, ..], copied, merged
    const shape = src.shape.slice();
    const ins = shape.slice(0, ax + 1).concat([1], shape.slice(ax + 1));
    const big = ins.slice();
    big[ax + 1] = r;
    const view = new ndarray(broadcastStore(src.reshape(ins).store, big));
    shape[ax] = n * r;
    return copyAs('repeat', view).reshape(shape);
  }
  if (counts.length !== n)
    throw new ValueError(argMessage('repeat', 'repeats', `1 or ${n} counts`, `${counts.length} counts`));
  const idx: number[] = [];
  counts.forEach((c, i) => {
    for (let k = 0; k < c; k++) idx.push(i);
  });
  const ia = fromData('repeat', Int32Array.from(idx), 'int32', true);
  const moved = ax === 0 ? src : src.swapaxes(0, ax);
  const g = moved.get([ia]);
  return ax === 0 ? g : g.swapaxes(0, ax);
}) as never);

/** Keyword options of {@link meshgrid}. */
export interface MeshgridOptions {
  /** Copy the grids (default true); false returns broadcast views. */
  copy?: boolean;
  /** Grids of shape 1 except along their own axis. */
  sparse?: boolean;
  /** 'xy' (Cartesian, the default) or 'ij' (matrix). */
  indexing?: 'xy' | 'ij';
}

/**
 * Coordinate matrices from coordinate vectors (NumPy's `meshgrid(*xi, copy, sparse, indexing)`).
 * @param xi the coordinate vectors (flattened), then an options object
 * @returns one array per vector
 * @throws {ValueError} for an `indexing` other than 'xy' or 'ij'
 * @example np.meshgrid([1, 2, 3], [4, 5])[0].tolist() // [[1, 2, 3], [1, 2, 3]]
 * @example np.meshgrid([1, 2, 3], [4, 5])[1].tolist() // [[4, 4, 4], [5, 5, 5]]
 * @example np.meshgrid([1, 2], [3, 4, 5], { indexing: 'ij' })[0].shape // [2, 3]
 */
export const meshgrid = sig<(...xi: (ArrayInput | MeshgridOptions)[]) => ndarray[]>(
  "meshgrid(*xi, copy: bool = True, sparse: bool = False, indexing: str = 'xy')",
  ((xi: readonly unknown[], copy: boolean, sparse: boolean, indexing: string) => {
    if (indexing !== 'xy' && indexing !== 'ij')
      throw new ValueError(argMessage('meshgrid', 'indexing', "'xy' or 'ij'", indexing));
    const vs = xi.map((x, k) => {
      const a = x instanceof ndarray ? x : (denseHooks.asarray('meshgrid', `xi[${k}]`, x) as ndarray);
      return ravel(a);
    });
    const nd = vs.length;
    const sizes = vs.map((v) => v.size);
    const swap = indexing === 'xy' && nd >= 2;
    const outShape = sizes.slice();
    if (swap) [outShape[0], outShape[1]] = [outShape[1]!, outShape[0]!];
    return vs.map((v, k) => {
      const pos = swap && k < 2 ? 1 - k : k;
      const s1 = outShape.map((_, d) => (d === pos ? sizes[k]! : 1));
      const g = v.reshape(s1);
      if (sparse) return copy ? copyAs('meshgrid', g) : g;
      const view = new ndarray(broadcastStore(g.store, outShape));
      return copy ? copyAs('meshgrid', view) : view;
    });
  }) as never,
);

/** Keyword options of {@link diff}. */
export interface DiffOptions {
  /** How many times to difference (default 1). */
  n?: number;
  /** The axis (default -1). */
  axis?: number;
  /** Values put before `a` along the axis first. */
  prepend?: ArrayInput | null;
  /** Values put after `a` along the axis first. */
  append?: ArrayInput | null;
}

/**
 * The `n`-th discrete difference along `axis`: `a[1:] - a[:-1]` (for bool: `!=`), `n` times, each
 * a fused element-wise launch over views.
 * @param a an array_like
 * @param n the order (default 1)
 * @param axis the axis (default -1)
 * @param prepend values joined before `a` (broadcast along the axis)
 * @param append values joined after `a`
 * @returns a new array, `n` shorter along the axis
 * @throws {ValueError} for a negative `n`
 * @example np.diff([1, 2, 4, 7, 0]).tolist() // [1, 2, 3, -7]
 * @example np.diff([1, 2, 4, 7, 0], 2).tolist() // [1, 1, -10]
 * @example np.diff([[1, 3, 6, 10], [0, 5, 6, 8]], { axis: 0 }).tolist() // [[-1, 2, 0, -2]]
 */
export const diff = sig<
  (
    a: ArrayInput,
    n?: number | DiffOptions,
    axis?: number | DiffOptions,
    prepend?: ArrayInput | null | DiffOptions,
    append?: ArrayInput | null | DiffOptions,
    opts?: DiffOptions,
  ) => ndarray
>(
  'diff(a: array_like, n: int = 1, axis: axis = -1, prepend: array_like = None, append: array_like = None)',
  ((a: ndarray, n: number, axis: number, prepend: ndarray | undefined, append: ndarray | undefined) => {
    if (n < 0) throw new ValueError(argMessage('diff', 'n', 'a non-negative integer', n));
    if (a.ndim === 0) throw new ValueError("diff: argument 'a' must be at least one dimensional");
    const ax = axisOf('diff', axis, a.ndim);
    let x = a;
    const edge = (v: ndarray) => {
      if (v.ndim !== 0) return v;
      const sh = a.shape.slice();
      sh[ax] = 1;
      return new ndarray(broadcastStore(v.store, sh));
    };
    if (prepend !== undefined || append !== undefined) {
      const parts = [...(prepend ? [edge(prepend)] : []), x, ...(append ? [edge(append)] : [])];
      x = concatenate(parts, { axis: ax });
    }
    for (let k = 0; k < n; k++) {
      const len = x.shape[ax]!;
      if (len === 0) break;
      const hi = along(x, ax, 1, len - 1);
      const lo = along(x, ax, 0, len - 1);
      x =
        x.dtype === 'bool'
          ? ewise('diff', 'not_equal', [hi, lo], ['a', 'a'])
          : ewise('diff', 'subtract', [hi, lo], ['a', 'a']);
    }
    return x;
  }) as never,
);
