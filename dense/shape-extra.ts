/**
 * NumPy's other shape functions, all views or joins of views: `broadcast_to`, `broadcast_arrays`,
 * `broadcast_shapes`, `moveaxis`, `atleast_1d/2d/3d`, `split`, `array_split`, `hsplit`, `vsplit`,
 * `dsplit`, `column_stack`, `dstack`, `fliplr`, `flipud`, `rot90`, `diagonal`. Nothing is computed
 * on the calling thread but index arithmetic; copies are launches (concatenate, copy).
 */
import { ArgumentTypeError, argMessage, ValueError } from '../runtime/index.js';
import { broadcastShapes, broadcastStore, canBroadcastTo } from './broadcast.js';
import { ndarray } from './ndarray.js';
import * as sh from './shape.js';
import { along, axisOf } from './shape-more.js';
import { type ArrayInput, denseHooks, sig } from './sig.js';

/** The `*args` of a signature arrive as given: each is converted as np.asarray would. */
const arrays = (fn: string, xs: readonly unknown[]): ndarray[] =>
  xs.map((x, k) => (x instanceof ndarray ? x : (denseHooks.asarray(fn, `arys[${k}]`, x) as ndarray)));

/**
 * `array` broadcast to `shape`: a view with stride 0 on the stretched axes (NumPy's is read-only;
 * cohort has no read-only flag — do not write through it).
 * @param array an array_like
 * @param shape the target shape
 * @returns a view of `array`
 * @throws {ValueError} when `array` does not broadcast to `shape`
 * @example np.broadcast_to(np.array([1, 2, 3]), [2, 3]).tolist() // [[1, 2, 3], [1, 2, 3]]
 */
export const broadcast_to = sig<(array: ArrayInput, shape: number | readonly number[]) => ndarray>(
  'broadcast_to(array: array_like, shape: axes)',
  ((a: ndarray, shape: number | number[]) => {
    const to = typeof shape === 'number' ? [shape] : shape;
    if (to.some((e) => e < 0))
      throw new ValueError(argMessage('broadcast_to', 'shape', 'non-negative extents', to));
    if (!canBroadcastTo(a.shape, to))
      throw new ValueError(
        `broadcast_to: cannot broadcast an array of shape [${a.shape.join(', ')}] to shape [${to.join(', ')}]`,
      );
    return new ndarray(broadcastStore(a.store, to));
  }) as never,
);

/**
 * The shape that operands of these shapes broadcast to.
 * @param shapes shapes (an integer is a 1-D shape)
 * @returns the broadcast shape
 * @throws {ShapeError} when they do not broadcast
 * @example np.broadcast_shapes([1, 2], [3, 1], [3, 2]) // [3, 2]
 */
export const broadcast_shapes = sig<(...shapes: (number | readonly number[])[]) => number[]>(
  'broadcast_shapes(*args)',
  ((shapes: readonly unknown[]) => {
    const list = shapes.map((s, k) => {
      const t = typeof s === 'number' ? [s] : s;
      if (!Array.isArray(t) || t.some((e) => !Number.isInteger(e) || e < 0))
        throw new ValueError(
          argMessage('broadcast_shapes', `args[${k}]`, 'a shape (non-negative integers)', s),
        );
      return t as number[];
    });
    if (list.length === 0) return [];
    return broadcastShapes(
      'broadcast_shapes',
      list,
      list.map((_, k) => `args[${k}]`),
    );
  }) as never,
);

/**
 * The arrays broadcast against each other: views (see {@link broadcast_to}).
 * @param args array_likes
 * @returns one view per argument, all of the broadcast shape
 * @throws {ShapeError} when they do not broadcast
 * @example np.broadcast_arrays(np.array([[1], [2]]), np.array([3, 4, 5]))[1].tolist() // [[3, 4, 5], [3, 4, 5]]
 */
export const broadcast_arrays = sig<(...args: ArrayInput[]) => ndarray[]>(
  'broadcast_arrays(*args: array_like)',
  ((args0: unknown[]) => {
    const args = arrays('broadcast_arrays', args0);
    if (args.length === 0) return []; // NumPy: broadcast_arrays() is ()
    const shape = broadcastShapes(
      'broadcast_arrays',
      args.map((a) => a.shape),
      args.map((_, k) => `args[${k}]`),
    );
    return args.map((a) => new ndarray(broadcastStore(a.store, shape)));
  }) as never,
);

/**
 * Moves axes to new positions, the others keeping their order: a view.
 * @param a an array_like
 * @param source the axes to move
 * @param destination their new positions
 * @returns a view
 * @throws {ValueError} when `source` and `destination` differ in length or repeat an axis
 * @example np.moveaxis(np.zeros([3, 4, 5]), 0, -1).shape // [4, 5, 3]
 */
export const moveaxis = sig<
  (a: ArrayInput, source: number | readonly number[], destination: number | readonly number[]) => ndarray
>('moveaxis(a: array_like, source: axes, destination: axes)', ((
  a: ndarray,
  source: number | number[],
  destination: number | number[],
) => {
  const nd = a.ndim;
  const src = (typeof source === 'number' ? [source] : source).map((x) => axisOf('moveaxis', x, nd));
  const dst = (typeof destination === 'number' ? [destination] : destination).map((x) =>
    axisOf('moveaxis', x, nd),
  );
  if (src.length !== dst.length)
    throw new ValueError(
      argMessage('moveaxis', 'destination', `as many axes as source (${src.length})`, destination),
    );
  if (new Set(src).size !== src.length)
    throw new ValueError(argMessage('moveaxis', 'source', 'distinct axes', source));
  if (new Set(dst).size !== dst.length)
    throw new ValueError(argMessage('moveaxis', 'destination', 'distinct axes', destination));
  const rest = [...Array(nd).keys()].filter((d) => !src.includes(d));
  const perm = new Array<number>(nd);
  const order = dst.map((d, k) => [d, src[k]!] as const).sort((x, y) => x[0] - y[0]);
  for (const [d, s] of order) perm[d] = s;
  let r = 0;
  for (let d = 0; d < nd; d++) if (perm[d] === undefined) perm[d] = rest[r++]!;
  return sh.transpose(a, perm);
}) as never);

function atleast(fn: string, n: number, arys0: readonly unknown[]): ndarray | ndarray[] {
  const out = arrays(fn, arys0).map((a) => {
    if (a.ndim >= n) return a;
    if (a.ndim === 0) return sh.reshape(a, Array(n).fill(1));
    if (n === 2) return sh.reshape(a, [1, ...a.shape]);
    // atleast_3d: (N,) → (1, N, 1); (M, N) → (M, N, 1).
    return sh.reshape(a, a.ndim === 1 ? [1, a.shape[0]!, 1] : [...a.shape, 1]);
  });
  return out.length === 1 ? out[0]! : out;
}

/**
 * Views with at least one dimension (scalars become shape [1]).
 * @param arys array_likes
 * @returns one array, or an array per argument when there are several
 * @example (np.atleast_1d(5) as np.ndarray).shape // [1]
 */
export const atleast_1d = sig<(...arys: ArrayInput[]) => ndarray | ndarray[]>(
  'atleast_1d(*arys: array_like)',
  ((arys: ndarray[]) => atleast('atleast_1d', 1, arys)) as never,
);
/**
 * Views with at least two dimensions (1-D arrays become one row).
 * @param arys array_likes
 * @returns one array, or an array per argument when there are several
 * @example (np.atleast_2d([1, 2]) as np.ndarray).shape // [1, 2]
 */
export const atleast_2d = sig<(...arys: ArrayInput[]) => ndarray | ndarray[]>(
  'atleast_2d(*arys: array_like)',
  ((arys: ndarray[]) => atleast('atleast_2d', 2, arys)) as never,
);
/**
 * Views with at least three dimensions ((N,) → (1, N, 1); (M, N) → (M, N, 1)).
 * @param arys array_likes
 * @returns one array, or an array per argument when there are several
 * @example (np.atleast_3d([[1, 2]]) as np.ndarray).shape // [1, 2, 1]
 */
export const atleast_3d = sig<(...arys: ArrayInput[]) => ndarray | ndarray[]>(
  'atleast_3d(*arys: array_like)',
  ((arys: ndarray[]) => atleast('atleast_3d', 3, arys)) as never,
);

/** Views of `a` cut along `axis` at the given boundaries. */
function cut(fn: string, a: ndarray, bounds: readonly number[], axis: number): ndarray[] {
  if (a.ndim === 0) throw new ValueError(`${fn}: a 0-d array cannot be split`);
  const d = axisOf(fn, axis, a.ndim);
  const n = a.shape[d]!;
  const out: ndarray[] = [];
  let prev = 0;
  for (const b of [...bounds, n]) {
    const lo = Math.min(Math.max(prev < 0 ? prev + n : prev, 0), n);
    const hi = Math.min(Math.max(b < 0 ? b + n : b, 0), n);
    out.push(along(a, d, lo, Math.max(hi - lo, 0)));
    prev = b;
  }
  return out;
}

function sections(fn: string, a: ndarray, spec: number | number[], axis: number, even: boolean): ndarray[] {
  if (typeof spec !== 'number') return cut(fn, a, spec, axis);
  if (!Number.isInteger(spec) || spec <= 0)
    throw new ValueError(argMessage(fn, 'indices_or_sections', 'a positive number of sections', spec));
  const d = axisOf(fn, axis, Math.max(a.ndim, 1));
  const n = a.ndim === 0 ? 0 : a.shape[d]!;
  if (even && n % spec !== 0) throw new ValueError(`${fn}: array split does not result in an equal division`);
  // array_split: the first n % spec sections get one more element.
  const q = Math.floor(n / spec);
  const r = n % spec;
  const bounds: number[] = [];
  let at = 0;
  for (let k = 0; k < spec - 1; k++) {
    at += q + (k < r ? 1 : 0);
    bounds.push(at);
  }
  return cut(fn, a, bounds, axis);
}

/** Keyword options of {@link split}. */
export interface SplitOptions {
  /** The axis to split along (default 0). */
  axis?: number;
}

/**
 * Splits into equal sections (a number that divides the axis) or at the given indices: views.
 * @param ary an array_like
 * @param indices_or_sections a number of equal sections, or sorted split indices
 * @param axis the axis (default 0)
 * @returns the views
 * @throws {ValueError} when the sections are not equal
 * @example np.split(np.arange(6), 3).map((x) => x.tolist()) // [[0, 1], [2, 3], [4, 5]]
 * @example np.split(np.arange(6), [1, 4]).map((x) => x.tolist()) // [[0], [1, 2, 3], [4, 5]]
 */
export const split = sig<
  (
    ary: ArrayInput,
    indices_or_sections: number | readonly number[],
    axis?: number | SplitOptions,
  ) => ndarray[]
>('split(ary: array_like, indices_or_sections: axes, axis: axis = 0)', ((
  a: ndarray,
  spec: number | number[],
  axis: number,
) => sections('split', a, spec, axis, true)) as never);

/**
 * As {@link split}, but a number of sections need not divide the axis (the first sections get one
 * more element).
 * @param ary an array_like
 * @param indices_or_sections a number of sections, or sorted split indices
 * @param axis the axis (default 0)
 * @returns the views
 * @throws {ValueError} for a non-positive number of sections
 * @example np.array_split(np.arange(7), 3).map((x) => x.tolist()) // [[0, 1, 2], [3, 4], [5, 6]]
 */
export const array_split = sig<
  (
    ary: ArrayInput,
    indices_or_sections: number | readonly number[],
    axis?: number | SplitOptions,
  ) => ndarray[]
>('array_split(ary: array_like, indices_or_sections: axes, axis: axis = 0)', ((
  a: ndarray,
  spec: number | number[],
  axis: number,
) => sections('array_split', a, spec, axis, false)) as never);

/**
 * {@link split} along axis 1 (axis 0 for 1-D arrays).
 * @param ary an array_like
 * @param indices_or_sections a number of equal sections, or split indices
 * @returns the views
 * @throws {ValueError} when the sections are not equal
 * @example np.hsplit(np.arange(8).reshape(2, 4), 2)[1].tolist() // [[2, 3], [6, 7]]
 */
export const hsplit = sig<(ary: ArrayInput, indices_or_sections: number | readonly number[]) => ndarray[]>(
  'hsplit(ary: array_like, indices_or_sections: axes)',
  ((a: ndarray, spec: number | number[]) => {
    if (a.ndim === 0) throw new ValueError('hsplit: only works on arrays of 1 or more dimensions');
    return sections('hsplit', a, spec, a.ndim > 1 ? 1 : 0, true);
  }) as never,
);
/**
 * {@link split} along axis 0 (arrays of 2 or more dimensions).
 * @param ary an array_like
 * @param indices_or_sections a number of equal sections, or split indices
 * @returns the views
 * @throws {ValueError} for fewer than 2 dimensions, or unequal sections
 * @example np.vsplit(np.arange(8).reshape(4, 2), 2)[0].tolist() // [[0, 1], [2, 3]]
 */
export const vsplit = sig<(ary: ArrayInput, indices_or_sections: number | readonly number[]) => ndarray[]>(
  'vsplit(ary: array_like, indices_or_sections: axes)',
  ((a: ndarray, spec: number | number[]) => {
    if (a.ndim < 2) throw new ValueError('vsplit: only works on arrays of 2 or more dimensions');
    return sections('vsplit', a, spec, 0, true);
  }) as never,
);
/**
 * {@link split} along axis 2 (arrays of 3 or more dimensions).
 * @param ary an array_like
 * @param indices_or_sections a number of equal sections, or split indices
 * @returns the views
 * @throws {ValueError} for fewer than 3 dimensions, or unequal sections
 * @example np.dsplit(np.arange(8).reshape(1, 2, 4), 2)[1].tolist() // [[[2, 3], [6, 7]]]
 */
export const dsplit = sig<(ary: ArrayInput, indices_or_sections: number | readonly number[]) => ndarray[]>(
  'dsplit(ary: array_like, indices_or_sections: axes)',
  ((a: ndarray, spec: number | number[]) => {
    if (a.ndim < 3) throw new ValueError('dsplit: only works on arrays of 3 or more dimensions');
    return sections('dsplit', a, spec, 2, true);
  }) as never,
);

/** A sequence argument given as one array: its sub-arrays along axis 0, as NumPy iterates it. */
function sequence(fn: string, tup: ndarray[] | ndarray): ndarray[] {
  if (!(tup instanceof ndarray)) return tup;
  if (tup.ndim === 0) throw new ArgumentTypeError(argMessage(fn, 'tup', 'a sequence of arrays', '0-d array'));
  return Array.from({ length: tup.shape[0]! }, (_, k) => tup.get([k]));
}

/**
 * Stacks 1-D arrays as columns (2-D arrays join as they are) into a 2-D array.
 * @param tup array_likes
 * @returns a new 2-D array
 * @throws {ShapeError} when the lengths differ
 * @example np.column_stack([[1, 2], [3, 4]]).tolist() // [[1, 3], [2, 4]]
 */
export const column_stack = sig<(tup: readonly ArrayInput[]) => ndarray>('column_stack(tup: arrays)', ((
  tup: ndarray[] | ndarray,
) =>
  sh.concatenate(
    sequence('column_stack', tup).map((a) => (a.ndim < 2 ? sh.reshape(a, [a.size, 1]) : a)),
    { axis: 1 },
  )) as never);

/**
 * Stacks along the third axis (1-D (N,) → (1, N, 1), 2-D (M, N) → (M, N, 1) first).
 * @param tup array_likes
 * @returns a new array of at least 3 dimensions
 * @throws {ShapeError} when the shapes do not fit
 * @example np.dstack([[1, 2], [3, 4]]).tolist() // [[[1, 3], [2, 4]]]
 */
export const dstack = sig<(tup: readonly ArrayInput[]) => ndarray>('dstack(tup: arrays)', ((
  tup: ndarray[] | ndarray,
) =>
  sh.concatenate(
    sequence('dstack', tup).map((a) => atleast('dstack', 3, [a]) as ndarray),
    { axis: 2 },
  )) as never);

/**
 * Reverses the columns (axis 1): a view.
 * @param m an array_like of at least 2 dimensions
 * @returns a view
 * @throws {ValueError} for fewer than 2 dimensions
 * @example np.fliplr([[1, 2], [3, 4]]).tolist() // [[2, 1], [4, 3]]
 */
export const fliplr = sig<(m: ArrayInput) => ndarray>('fliplr(m: array_like)', ((m: ndarray) => {
  if (m.ndim < 2) throw new ValueError('fliplr: the input must be at least 2-d');
  const n = m.shape[1]!;
  return along(m, 1, n - 1, n, -1);
}) as never);

/**
 * Reverses the rows (axis 0): a view.
 * @param m an array_like of at least 1 dimension
 * @returns a view
 * @throws {ValueError} for a 0-d input
 * @example np.flipud([[1, 2], [3, 4]]).tolist() // [[3, 4], [1, 2]]
 */
export const flipud = sig<(m: ArrayInput) => ndarray>('flipud(m: array_like)', ((m: ndarray) => {
  if (m.ndim < 1) throw new ValueError('flipud: the input must be at least 1-d');
  const n = m.shape[0]!;
  return along(m, 0, n - 1, n, -1);
}) as never);

/** Keyword options of {@link rot90}. */
export interface Rot90Options {
  /** Number of quarter turns (default 1; negative: clockwise). */
  k?: number;
  /** The plane of the rotation (default [0, 1]). */
  axes?: readonly number[];
}

/**
 * Rotates by 90° `k` times in the plane of `axes`, from the first axis toward the second: a view.
 * @param m an array_like of at least 2 dimensions
 * @param k quarter turns (default 1)
 * @param axes the plane (two distinct axes, default [0, 1])
 * @returns a view
 * @throws {ValueError} for a bad plane
 * @example np.rot90([[1, 2], [3, 4]]).tolist() // [[2, 4], [1, 3]]
 * @example np.rot90([[1, 2], [3, 4]], 2).tolist() // [[4, 3], [2, 1]]
 */
export const rot90 = sig<
  (
    m: ArrayInput,
    k?: number | Rot90Options,
    axes?: readonly number[] | Rot90Options,
    opts?: Rot90Options,
  ) => ndarray
>('rot90(m: array_like, k: int = 1, axes: axes = None)', ((
  m: ndarray,
  k: number,
  axes0: number[] | undefined,
) => {
  const axes = axes0 ?? [0, 1];
  if (!Array.isArray(axes) || axes.length !== 2)
    throw new ValueError(argMessage('rot90', 'axes', 'two axes', axes));
  if (m.ndim < 2) throw new ValueError('rot90: the array must have at least 2 dimensions');
  const a0 = axisOf('rot90', axes[0]!, m.ndim);
  const a1 = axisOf('rot90', axes[1]!, m.ndim);
  if (a0 === a1) throw new ValueError(argMessage('rot90', 'axes', 'two different axes', axes));
  const q = ((k % 4) + 4) % 4;
  const flipAx = (x: ndarray, d: number) => along(x, d, x.shape[d]! - 1, x.shape[d]!, -1);
  if (q === 0) return along(m, 0, 0, m.shape[0]!);
  if (q === 2) return flipAx(flipAx(m, a0), a1);
  const perm = [...Array(m.ndim).keys()];
  perm[a0] = a1;
  perm[a1] = a0;
  return q === 1 ? sh.transpose(flipAx(m, a1), perm) : flipAx(sh.transpose(m, perm), a1);
}) as never);

/** Keyword options of {@link diagonal}. */
export interface DiagonalOptions {
  /** Offset from the main diagonal (positive: above). */
  offset?: number;
  /** First axis of the 2-D sub-arrays (default 0). */
  axis1?: number;
  /** Second axis (default 1). */
  axis2?: number;
}

/**
 * The diagonal of the sub-arrays given by `axis1` and `axis2`, as the last axis: a view.
 * @param a an array_like of at least 2 dimensions
 * @param offset offset from the main diagonal (default 0)
 * @param axis1 first axis (default 0)
 * @param axis2 second axis (default 1)
 * @returns a view (NumPy's is read-only)
 * @throws {ValueError} for fewer than 2 dimensions or equal axes
 * @example np.diagonal(np.arange(9).reshape(3, 3)).tolist() // [0, 4, 8]
 * @example np.diagonal(np.arange(9).reshape(3, 3), 1).tolist() // [1, 5]
 */
export const diagonal = sig<
  (
    a: ArrayInput,
    offset?: number | DiagonalOptions,
    axis1?: number | DiagonalOptions,
    axis2?: number | DiagonalOptions,
    opts?: DiagonalOptions,
  ) => ndarray
>('diagonal(a: array_like, offset: int = 0, axis1: axis = 0, axis2: axis = 1)', ((
  a: ndarray,
  offset: number,
  axis1: number,
  axis2: number,
) => diagonalView('diagonal', a, offset, axis1, axis2)) as never);

/** The diagonal view (shared with `trace`). */
export function diagonalView(fn: string, a: ndarray, offset: number, axis1: number, axis2: number): ndarray {
  if (a.ndim < 2) throw new ValueError(`${fn}: the array must have at least 2 dimensions`);
  const d1 = axisOf(fn, axis1, a.ndim);
  const d2 = axisOf(fn, axis2, a.ndim);
  if (d1 === d2) throw new ValueError(`${fn}: axis1 and axis2 cannot be the same`);
  const s = a.store;
  const n1 = s.shape[d1]!;
  const n2 = s.shape[d2]!;
  const len = Math.max(0, offset >= 0 ? Math.min(n1, n2 - offset) : Math.min(n1 + offset, n2));
  const start = len === 0 ? 0 : offset >= 0 ? offset * s.strides[d2]! : -offset * s.strides[d1]!;
  const keep = [...Array(a.ndim).keys()].filter((d) => d !== d1 && d !== d2);
  return new ndarray(
    s.view(
      [...keep.map((d) => s.shape[d]!), len],
      [...keep.map((d) => s.strides[d]!), s.strides[d1]! + s.strides[d2]!],
      s.offset + start,
    ),
  );
}
