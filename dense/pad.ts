/**
 * `np.pad`: every NumPy mode (`constant edge linear_ramp maximum mean median minimum reflect
 * symmetric wrap empty`, with `stat_length`, `constant_values`, `end_values`, `reflect_type`, and a
 * callable: see {@link PadFunction}). Axes are padded in order, each by concatenating pad blocks to the array padded
 * so far along the earlier axes — which is how NumPy fills its corners (the later axis reads the
 * earlier axes' pads). Blocks are views (reversed for the reflections, stride-0 for the edges),
 * fused element-wise expressions (ramps, odd reflections) and reductions (the statistic modes),
 * all launches; the calling thread computes only shapes and, for `linear_ramp`, reads whether a
 * ramp is flat (NumPy's linspace takes another rounding path then). Pads wider than the array
 * are filled in rounds, as NumPy's `reflect`, `symmetric` and `wrap` do.
 */
import { fx } from '../codegen/index.js';
import { ArgumentTypeError, argMessage, type DType, ValueError } from '../runtime/index.js';
import { broadcastStore } from './broadcast.js';
import { arange } from './creation-more.js';
import { isFloat, isIntegral } from './dtypes.js';
import { ewise } from './ewise.js';
import { ndarray } from './ndarray.js';
import { median } from './quantile.js';
import * as red from './reduce.js';
import { astype, concatenate } from './shape.js';
import { along } from './shape-more.js';
import { type ArrayInput, sig } from './sig.js';
import { type Slice, slice } from './slice.js';

/** The modes of {@link pad}. */
export type PadMode =
  | 'constant'
  | 'edge'
  | 'linear_ramp'
  | 'maximum'
  | 'mean'
  | 'median'
  | 'minimum'
  | 'reflect'
  | 'symmetric'
  | 'wrap'
  | 'empty';

/** A width or value per axis side: a number, `[both]`, `[before, after]`, or one pair per axis. */
export type PadPairs = number | readonly number[] | readonly (readonly number[])[];

/**
 * Widths per axis as NumPy 2.3's dict `pad_width` (`{1: [1, 2]}`; axes not named get none); given
 * by name, `{ pad_width: {...} }`, since a trailing object is the options object.
 */
export type PadWidthsByAxis = { readonly [axis: number]: number | readonly number[] };

/**
 * A callable mode (NumPy's `padding_func(vector, iaxis_pad_width, iaxis, kwargs)`): called for
 * each 1-D line along each axis in turn with a view of it (the pads hold zeros, or what the
 * earlier axes wrote), the `[before, after]` widths of that axis, the axis, and `{}` (NumPy's
 * extra keywords are not passed on: close over the values instead). It fills the pads by writing
 * through the view (`vector.set(':2', 10)`).
 */
export type PadFunction = (
  vector: ndarray,
  iaxis_pad_width: [number, number],
  iaxis: number,
  kwargs: Record<string, unknown>,
) => void;

/** Keyword options of {@link pad}. */
export interface PadOptions {
  /** Widths before and after each axis (also positional). */
  pad_width?: PadPairs | PadWidthsByAxis;
  /** The mode (default 'constant'), or a {@link PadFunction}. */
  mode?: PadMode | PadFunction;
  /** Elements of each edge used by the statistic modes (null: the whole axis). */
  stat_length?: PadPairs | null;
  /** Values of the 'constant' mode (default 0). */
  constant_values?: PadPairs;
  /** Values at the outer ends of 'linear_ramp' (default 0). */
  end_values?: PadPairs;
  /** 'even' (default) or 'odd' reflection for 'reflect' and 'symmetric'. */
  reflect_type?: 'even' | 'odd';
}

/** The callable mode: zeros around `a`, then `fn` on every 1-D line along each axis in turn. */
function padWith(a: ndarray, widths: [number, number][], fn: PadFunction): ndarray {
  let cur = a;
  for (let d = 0; d < a.ndim; d++) {
    const [l, r] = widths[d]!;
    cur = join(d, filled(cur, d, l, 0), cur, filled(cur, d, r, 0));
  }
  const out = astype(cur, a.dtype); // a fresh copy even with no padding
  for (let d = 0; d < out.ndim; d++) {
    const count = out.shape.reduce((p, e, k) => (k === d ? p : p * e), 1);
    for (let i = 0; i < count; i++) {
      const parts: (number | Slice)[] = [];
      let q = i;
      for (let k = out.ndim - 1; k >= 0; k--) {
        if (k === d) continue;
        parts[k] = q % out.shape[k]!;
        q = Math.floor(q / out.shape[k]!);
      }
      parts[d] = slice();
      fn(out.get(parts), [widths[d]![0], widths[d]![1]], d, {});
    }
  }
  return out;
}

const MODES = new Set<string>([
  'constant',
  'edge',
  'linear_ramp',
  'maximum',
  'mean',
  'median',
  'minimum',
  'reflect',
  'symmetric',
  'wrap',
  'empty',
]);

/** `v` as one `[before, after]` pair per axis (NumPy's `_as_pairs`), integers when `index`. */
function asPairs(fn: string, name: string, v: unknown, nd: number, index: boolean): [number, number][] {
  const what = index
    ? 'a non-negative integer, [before, after], or one such pair per axis'
    : 'a number, [before, after], or one such pair per axis';
  const bad = (): never => {
    throw new ArgumentTypeError(argMessage(fn, name, what, v));
  };
  const num = (x: unknown): number => {
    if (typeof x !== 'number' || Number.isNaN(x)) return bad();
    if (index) {
      if (!Number.isInteger(x)) throw new ArgumentTypeError(argMessage(fn, name, 'integers', v));
      if (x < 0)
        throw new ValueError(`${fn}: argument '${name}' can't contain negative values (received ${x})`);
    }
    return x;
  };
  if (typeof v === 'number') return Array.from({ length: nd }, () => [num(v), num(v)]);
  if (index && typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype) {
    // NumPy 2.3's dict: {axis: width or [before, after]}, the other axes unpadded.
    const out: [number, number][] = Array.from({ length: nd }, () => [0, 0]);
    for (const [k, w] of Object.entries(v)) {
      const ax = Number(k);
      if (!Number.isInteger(ax) || ax < -nd || ax >= nd)
        throw new ValueError(
          `${fn}: argument '${name}' names axis ${k}, out of bounds for array of dimension ${nd}`,
        );
      out[ax < 0 ? ax + nd : ax] = asPairs(fn, `${name}[${k}]`, w, 1, true)[0]!;
    }
    return out;
  }
  if (!Array.isArray(v)) return bad();
  if (v.every((x) => typeof x === 'number')) {
    if (v.length === 1) return Array.from({ length: nd }, () => [num(v[0]), num(v[0])]);
    if (v.length === 2) return Array.from({ length: nd }, () => [num(v[0]), num(v[1])]);
    throw new ValueError(argMessage(fn, name, `1 or 2 values, or ${nd} pairs`, v));
  }
  if (!v.every((p) => Array.isArray(p) && (p.length === 1 || p.length === 2))) return bad();
  const rows = v as number[][];
  if (rows.length !== 1 && rows.length !== nd)
    throw new ValueError(argMessage(fn, name, `1 or ${nd} pairs (one per axis)`, v));
  return Array.from({ length: nd }, (_, d) => {
    const p = rows[rows.length === 1 ? 0 : d]!;
    return [num(p[0]), num(p[p.length === 2 ? 1 : 0])];
  });
}

/** An array of `cur`'s shape but `len` along `axis`, filled with `v` (cast as NumPy assigns). */
function filled(cur: ndarray, axis: number, len: number, v: number): ndarray {
  const shape = cur.shape.slice();
  shape[axis] = len;
  const one = ewise('pad', 'fill', [v], ['v'], null, {
    dtype: cur.dtype,
    build: (l) => fx.castTo(cur.dtype, l[0]!),
  });
  return new ndarray(broadcastStore(one.store, shape));
}

/** `block` (length 1 along `axis`) repeated `len` times along it (a stride-0 view). */
function repeated(block: ndarray, axis: number, len: number): ndarray {
  const shape = block.shape.slice();
  shape[axis] = len;
  return new ndarray(broadcastStore(block.store, shape));
}

const join = (axis: number, l: ndarray | null, cur: ndarray, r: ndarray | null): ndarray =>
  concatenate(
    [l, cur, r].filter((x): x is ndarray => x !== null && x.shape[axis]! > 0),
    { axis },
  );

/** `2·edge − chunk` in `dt` (NumPy's odd reflection). */
const odd = (edge: ndarray, chunk: ndarray, dt: DType): ndarray =>
  ewise('pad', `odd|${dt}`, [edge, chunk, 2], ['edge', 'chunk', 'two'], null, {
    dtype: dt,
    build: ([e, c, two]) => fx.castTo(dt, fx.subtract(fx.multiply(two!, e!), c!)),
  });

/** One axis of 'reflect' (edge excluded) or 'symmetric' (included), in rounds as NumPy. */
function reflectAxis(
  cur: ndarray,
  axis: number,
  l: number,
  r: number,
  n: number,
  include: boolean,
  isOdd: boolean,
) {
  if (n === 1) return join(axis, repeated(cur, axis, l), cur, repeated(cur, axis, r));
  const dt = cur.dtype;
  while (l > 0 || r > 0) {
    const len = cur.shape[axis]!;
    const period = include ? Math.floor(len / n) * n : Math.floor((len - 1) / (n - 1)) * (n - 1);
    let left: ndarray | null = null;
    let right: ndarray | null = null;
    if (l > 0) {
      const c = Math.min(period, l);
      left = along(cur, axis, include ? c - 1 : c, c, -1);
      if (isOdd) left = odd(along(cur, axis, 0, 1), left, dt);
      l -= c;
    }
    if (r > 0) {
      const c = Math.min(period, r);
      right = along(cur, axis, include ? len - 1 : len - 2, c, -1);
      if (isOdd) right = odd(along(cur, axis, len - 1, 1), right, dt);
      r -= c;
    }
    cur = join(axis, left, cur, right);
  }
  return cur;
}

/** One axis of 'wrap', in rounds of whole periods as NumPy. */
function wrapAxis(cur: ndarray, axis: number, l: number, r: number, n: number): ndarray {
  while (l > 0 || r > 0) {
    const len = cur.shape[axis]!;
    const period = Math.floor(len / n) * n;
    const cl = Math.min(period, l);
    const cr = Math.min(period, r);
    cur = join(axis, along(cur, axis, period - cl, cl), cur, along(cur, axis, len - period, cr));
    l -= cl;
    r -= cr;
  }
  return cur;
}

/** NumPy's `linspace(end, edge, width, endpoint=False)` along `axis`, cast to `dt`. */
function ramp(edge: ndarray, end: number, width: number, axis: number, dt: DType, reverse: boolean): ndarray {
  const ct: DType = edge.dtype === 'float32' ? 'float32' : 'float64';
  const j = arange(width, { dtype: ct }).reshape(edge.shape.map((_, d) => (d === axis ? width : 1)));
  // linspace divides first when any step is zero (denormal steps): a read, as NumPy's own test.
  const flat = red
    .any(
      ewise('pad', `flat|${ct}`, [edge, end, width, 0], ['edge', 'end', 'w', 'zero'], null, {
        dtype: 'bool',
        build: ([e, s, w, z]) =>
          fx.equal(
            fx.divide(fx.subtract(fx.castTo(ct, e!), fx.castTo(ct, s!)), fx.castTo(ct, w!)),
            fx.castTo(ct, z!),
          ),
      }),
    )
    .item() as boolean;
  const floor = isIntegral(dt);
  const y = ewise(
    'pad',
    `ramp|${ct}|${dt}|${flat}|${floor}`,
    [j, edge, end, width],
    ['j', 'edge', 'end', 'w'],
    null,
    {
      dtype: dt,
      build: ([jj, e, s, w]) => {
        const delta = fx.subtract(fx.castTo(ct, e!), fx.castTo(ct, s!));
        const wc = fx.castTo(ct, w!);
        const t = flat ? fx.multiply(fx.divide(jj!, wc), delta) : fx.multiply(jj!, fx.divide(delta, wc));
        const v = fx.add(t, fx.castTo(ct, s!));
        return fx.castTo(dt, floor ? fx.floor(v) : v);
      },
    },
  );
  return reverse ? along(y, axis, width - 1, width, -1) : y;
}

/** The statistic of `chunk` along `axis`, kept as length 1, rounded for integer arrays. */
function stat(mode: string, chunk: ndarray, axis: number, dt: DType): ndarray {
  const o = { axis, keepdims: true };
  let s =
    mode === 'maximum'
      ? red.max(chunk, o)
      : mode === 'minimum'
        ? red.min(chunk, o)
        : mode === 'mean'
          ? red.mean(chunk, o)
          : (median(chunk, axis, null, false, true) as ndarray);
  if (isIntegral(dt) && isFloat(s.dtype))
    s = ewise('pad', 'rint', [s], ['a'], null, { dtype: s.dtype, build: (l) => fx.rint(l[0]!) });
  return s.dtype === dt ? s : astype(s, dt);
}

function statAxis(
  mode: string,
  cur: ndarray,
  axis: number,
  l: number,
  r: number,
  lengths: [number, number] | null,
) {
  const n = cur.shape[axis]!;
  const ll = lengths === null ? n : Math.min(lengths[0], n);
  const rl = lengths === null ? n : Math.min(lengths[1], n);
  if ((ll === 0 || rl === 0) && (mode === 'maximum' || mode === 'minimum'))
    throw new ValueError(`pad: stat_length of 0 yields no value for padding`);
  const ls = stat(mode, along(cur, axis, 0, ll), axis, cur.dtype);
  const rs = ll === n && rl === n ? ls : stat(mode, along(cur, axis, n - rl, rl), axis, cur.dtype);
  return join(axis, repeated(ls, axis, l), cur, repeated(rs, axis, r));
}

/**
 * Pads an array (NumPy's `np.pad`). `pad_width` is a number, `[before, after]`, or one pair per
 * axis (or, by name, NumPy 2.3's dict of widths per axis: `{ pad_width: { 1: [1, 2] } }`); the
 * mode's own options are keywords (`constant_values`, `end_values`, `stat_length`,
 * `reflect_type`). A callable mode fills the pads itself ({@link PadFunction}).
 * @param array an array_like
 * @param pad_width widths before and after each axis
 * @param mode 'constant' (default), 'edge', 'linear_ramp', 'maximum', 'mean', 'median',
 *   'minimum', 'reflect', 'symmetric', 'wrap', 'empty', or a {@link PadFunction}
 * @returns a new array
 * @throws {ValueError} for an unknown mode, negative widths, or extending an empty axis by a mode
 *   other than 'constant'/'empty'
 * @example np.pad([1, 2, 3], [2, 3], 'constant', { constant_values: [4, 6] }).tolist() // [4, 4, 1, 2, 3, 6, 6, 6]
 * @example np.pad([1, 2, 3, 4, 5], [2, 3], 'reflect').tolist() // [3, 2, 1, 2, 3, 4, 5, 4, 3, 2]
 * @example np.pad([[1, 2], [3, 4]], 1, 'edge').tolist() // [[1, 1, 2, 2], [1, 1, 2, 2], [3, 3, 4, 4], [3, 3, 4, 4]]
 * @example np.pad([1, 2], 1, (v, w) => { v.set(`:${w[0]}`, 9); v.set(`${-w[1]}:`, 9); }).tolist() // [9, 1, 2, 9]
 * @example np.pad([[1, 2]], { pad_width: { 1: [1, 0] } }).tolist() // [[0, 1, 2]]
 */
export const pad = sig<
  (
    array: ArrayInput,
    pad_width: PadPairs | PadOptions,
    mode?: PadMode | PadFunction | PadOptions,
    opts?: PadOptions,
  ) => ndarray
>(
  "pad(array: array_like, pad_width: any, mode: any = 'constant', *, stat_length: any = None, constant_values: any = 0, end_values: any = 0, reflect_type: str = 'even')",
  ((
    a: ndarray,
    pw: unknown,
    mode: string | PadFunction,
    statLength: unknown,
    constantValues: unknown,
    endValues: unknown,
    reflectType: string,
  ) => {
    if (typeof mode === 'function') return padWith(a, asPairs('pad', 'pad_width', pw, a.ndim, true), mode);
    if (typeof mode !== 'string' || !MODES.has(mode))
      throw new ValueError(argMessage('pad', 'mode', [...MODES].join(', '), mode));
    if (reflectType !== 'even' && reflectType !== 'odd')
      throw new ValueError(argMessage('pad', 'reflect_type', "'even' or 'odd'", reflectType));
    const nd = a.ndim;
    const widths = asPairs('pad', 'pad_width', pw, nd, true);
    const shape = a.shape.map((e, d) => e + widths[d]![0] + widths[d]![1]);
    const extendsEmpty = a.shape.some((e, d) => e === 0 && widths[d]![0] + widths[d]![1] > 0);
    if (extendsEmpty && mode !== 'constant' && mode !== 'empty')
      throw new ValueError(
        `pad: can't extend empty axis ${a.shape.findIndex((e, d) => e === 0 && widths[d]![0] + widths[d]![1] > 0)} using modes other than 'constant' or 'empty'`,
      );
    if (nd === 0) return astype(a, a.dtype);
    const values =
      mode === 'constant'
        ? asPairs('pad', 'constant_values', constantValues, nd, false)
        : mode === 'linear_ramp'
          ? asPairs('pad', 'end_values', endValues, nd, false)
          : null;
    const lengths =
      statLength === null || statLength === undefined
        ? null
        : asPairs('pad', 'stat_length', statLength, nd, true);
    let cur = a;
    for (let d = 0; d < nd; d++) {
      const [l, r] = widths[d]!;
      if (l === 0 && r === 0) continue;
      const n = a.shape[d]!;
      if (mode === 'constant' || mode === 'empty') {
        const [vl, vr] = mode === 'empty' ? [0, 0] : values![d]!;
        cur = join(d, filled(cur, d, l, vl), cur, filled(cur, d, r, vr));
      } else if (mode === 'edge') {
        const len = cur.shape[d]!;
        cur = join(d, repeated(along(cur, d, 0, 1), d, l), cur, repeated(along(cur, d, len - 1, 1), d, r));
      } else if (mode === 'linear_ramp') {
        const len = cur.shape[d]!;
        const [el, er] = values![d]!;
        const left = l > 0 ? ramp(along(cur, d, 0, 1), el, l, d, cur.dtype, false) : null;
        const right = r > 0 ? ramp(along(cur, d, len - 1, 1), er, r, d, cur.dtype, true) : null;
        cur = join(d, left, cur, right);
      } else if (mode === 'reflect' || mode === 'symmetric') {
        cur = reflectAxis(cur, d, l, r, n, mode === 'symmetric', reflectType === 'odd');
      } else if (mode === 'wrap') cur = wrapAxis(cur, d, l, r, n);
      else cur = statAxis(mode, cur, d, l, r, lengths === null ? null : lengths[d]!);
    }
    if (cur === a || cur.shape.some((e, d) => e !== shape[d])) return astype(cur, a.dtype);
    return cur;
  }) as never,
);
