/**
 * NumPy's `gradient` (second-order central differences inside, first- or second-order one-sided
 * differences at the edges; uniform spacings or coordinate arrays) and `trapezoid` (the composite
 * trapezoidal rule). Each is fused element-wise expressions over shifted views and a reduction,
 * with NumPy's formulas and operation order. The calling thread reads a coordinate array's
 * spacings once, as NumPy does, to decide whether they are uniform.
 */
import { fx } from '../codegen/index.js';
import { ArgumentTypeError, argMessage, type DType, ValueError } from '../runtime/index.js';
import { full } from './creation.js';
import { ewise, type Operand } from './ewise.js';
import { ndarray } from './ndarray.js';
import * as red from './reduce.js';
import { concatenate } from './shape.js';
import { along, axisOf } from './shape-more.js';
import { type ArrayInput, denseHooks, sig } from './sig.js';
import { Slice } from './slice.js';

const Slice1 = (a: number, b: number) => new Slice(a, b);

const asArray = (fn: string, name: string, v: unknown): ndarray =>
  v instanceof ndarray ? v : (denseHooks.asarray(fn, name, v) as ndarray);

/** A spacing: a weak JavaScript number, a strong float64 number (from an array), or per-interval values. */
type Spacing = { kind: 'weak' | 'strong'; h: number } | { kind: 'array'; dx: number[] };

/** `Σ c_k · f_k` in `dt` (coefficients as scalars, weak or cast to float64 when strong). */
function combo(fn: string, fs: ndarray[], cs: (number | ndarray)[], strong: boolean, dt: DType): ndarray {
  // A strong coefficient is a float64 0-d array (a JavaScript number would adopt f's dtype).
  const ops: Operand[] = [
    ...cs.map((c) => (strong && typeof c === 'number' ? full([], c, 'float64') : c)),
    ...fs,
  ];
  const n = fs.length;
  return ewise(
    fn,
    `combo|${n}|${strong}|${dt}`,
    ops,
    [...cs.map((_, k) => `c${k}`), ...fs.map((_, k) => `f${k}`)],
    null,
    {
      dtype: dt,
      build: (l) => {
        const c = (k: number) => (strong ? fx.castTo('float64', l[k]!) : l[k]!);
        let r = fx.multiply(c(0), l[n]!);
        for (let k = 1; k < n; k++) r = fx.add(r, fx.multiply(c(k), l[n + k]!));
        return fx.castTo(dt, r);
      },
    },
  );
}

/** `(f1 − f0) / h` in `dt` (a strong h computes in float64). */
function quotient(
  fn: string,
  f1: ndarray,
  f0: ndarray,
  h: number | ndarray,
  strong: boolean,
  dt: DType,
): ndarray {
  const hh = strong && typeof h === 'number' ? full([], h, 'float64') : h;
  return ewise(fn, `quot|${strong}|${dt}`, [f1, f0, hh], ['f1', 'f0', 'h'], null, {
    dtype: dt,
    build: ([a, b, d]) =>
      fx.castTo(dt, fx.divide(fx.subtract(a!, b!), strong ? fx.castTo('float64', d!) : d!)),
  });
}

function gradAxis(fn: string, f: ndarray, ax: number, sp: Spacing, order: number, dt: DType): ndarray {
  const n = f.shape[ax]!;
  const v = (start: number, len: number) => along(f, ax, start, len);
  const col = (vals: number[]) =>
    asArray(fn, 'varargs', Float64Array.from(vals)).reshape(
      f.shape.map((_, d) => (d === ax ? vals.length : 1)),
    );
  let mid: ndarray;
  let first: ndarray;
  let last: ndarray;
  if (sp.kind !== 'array') {
    const strong = sp.kind === 'strong';
    const h = sp.h;
    mid = quotient(fn, v(2, n - 2), v(0, n - 2), 2 * h, strong, dt);
    if (order === 1) {
      first = quotient(fn, v(1, 1), v(0, 1), h, strong, dt);
      last = quotient(fn, v(n - 1, 1), v(n - 2, 1), h, strong, dt);
    } else {
      first = combo(fn, [v(0, 1), v(1, 1), v(2, 1)], [-1.5 / h, 2 / h, -0.5 / h], strong, dt);
      last = combo(fn, [v(n - 3, 1), v(n - 2, 1), v(n - 1, 1)], [0.5 / h, -2 / h, 1.5 / h], strong, dt);
    }
  } else {
    const dx = sp.dx;
    const a: number[] = [];
    const b: number[] = [];
    const c: number[] = [];
    for (let k = 0; k + 1 < dx.length; k++) {
      const d1 = dx[k]!;
      const d2 = dx[k + 1]!;
      a.push(-d2 / (d1 * (d1 + d2)));
      b.push((d2 - d1) / (d1 * d2));
      c.push(d1 / (d2 * (d1 + d2)));
    }
    mid = combo(fn, [v(0, n - 2), v(1, n - 2), v(2, n - 2)], [col(a), col(b), col(c)], true, dt);
    if (order === 1) {
      first = quotient(fn, v(1, 1), v(0, 1), dx[0]!, true, dt);
      last = quotient(fn, v(n - 1, 1), v(n - 2, 1), dx[dx.length - 1]!, true, dt);
    } else {
      const [d1, d2] = [dx[0]!, dx[1]!];
      first = combo(
        fn,
        [v(0, 1), v(1, 1), v(2, 1)],
        [-(2 * d1 + d2) / (d1 * (d1 + d2)), (d1 + d2) / (d1 * d2), -d1 / (d2 * (d1 + d2))],
        true,
        dt,
      );
      const [e1, e2] = [dx[dx.length - 2]!, dx[dx.length - 1]!];
      last = combo(
        fn,
        [v(n - 3, 1), v(n - 2, 1), v(n - 1, 1)],
        [e2 / (e1 * (e1 + e2)), -(e2 + e1) / (e1 * e2), (2 * e2 + e1) / (e2 * (e1 + e2))],
        true,
        dt,
      );
    }
  }
  return concatenate([first, mid, last], { axis: ax });
}

/** Keyword options of {@link gradient}. */
export interface GradientOptions {
  /** Axis or axes (null: all). */
  axis?: number | readonly number[] | null;
  /** 1 (default) or 2: accuracy of the edge differences. */
  edge_order?: number;
}

/**
 * The gradient of an N-d array by second-order central differences (NumPy's `np.gradient`):
 * spacings are numbers (one for all axes or one per axis) or coordinate arrays.
 * @param f an array_like
 * @param varargs spacings, then an optional options object (`axis`, `edge_order`)
 * @returns one array per axis (a single array for one axis)
 * @throws {ValueError} for an axis shorter than `edge_order + 1`
 * @example np.gradient([1, 2, 4, 7, 11, 16]).tolist() // [1, 1.5, 2.5, 3.5, 4.5, 5]
 * @example np.gradient([1, 2, 4, 7, 11, 16], 2).tolist() // [0.5, 0.75, 1.25, 1.75, 2.25, 2.5]
 * @example np.gradient([1, 2, 4, 7, 11, 16], [0, 1, 1.5, 3.5, 4, 6]).tolist() // [1, 3, 3.5, 6.7, 6.9, 2.5]
 */
export const gradient = sig<
  (f: ArrayInput, ...varargs: (number | ArrayInput | GradientOptions)[]) => ndarray | ndarray[]
>('gradient(f: array_like, *varargs, axis: axes = None, edge_order: int = 1)', ((
  f: ndarray,
  varargs: unknown[],
  axis: number | readonly number[] | undefined,
  order: number,
) => {
  const fn = 'gradient';
  const nd = f.ndim;
  const axes =
    axis === undefined
      ? [...Array(nd).keys()]
      : (typeof axis === 'number' ? [axis] : axis).map((d) => axisOf(fn, d, nd));
  if (order !== 1 && order !== 2) throw new ValueError(argMessage(fn, 'edge_order', '1 or 2', order));
  let specs: unknown[];
  if (varargs.length === 0) specs = axes.map(() => 1);
  else if (varargs.length === 1 && typeof varargs[0] === 'number') specs = axes.map(() => varargs[0]);
  else if (varargs.length === axes.length) specs = varargs;
  else
    throw new ArgumentTypeError(
      argMessage(fn, 'varargs', `0, 1 or ${axes.length} spacings`, `${varargs.length}`),
    );
  const dt: DType = f.dtype === 'float32' ? 'float32' : 'float64';
  const src = f.dtype === dt ? f : f.astype('float64');
  const res = axes.map((ax, k) => {
    const n = f.shape[ax]!;
    if (n < order + 1)
      throw new ValueError(
        `${fn}: shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements are required (axis ${ax} has ${n})`,
      );
    const s = specs[k];
    let sp: Spacing;
    if (typeof s === 'number') sp = { kind: 'weak', h: s };
    else {
      const x = asArray(fn, 'varargs', s);
      if (x.ndim === 0) sp = { kind: 'strong', h: Number(x.item()) };
      else {
        if (x.ndim !== 1) throw new ValueError(`${fn}: distances must be either scalars or 1d`);
        if (x.size !== n)
          throw new ValueError(
            `${fn}: when 1d, distances must match the length of the corresponding dimension`,
          );
        const xs = Array.from(x.astype('float64').toArray() as Float64Array);
        const dx = xs.slice(1).map((e, j) => e - xs[j]!);
        sp = dx.every((d) => d === dx[0]) ? { kind: 'strong', h: dx[0]! } : { kind: 'array', dx };
      }
    }
    return gradAxis(fn, src, ax, sp, order, dt);
  });
  return res.length === 1 ? res[0]! : res;
}) as never);

/**
 * Integrates along an axis by the composite trapezoidal rule (NumPy's `np.trapezoid`).
 * @param y an array_like
 * @param x sample points (null: spacing `dx`)
 * @param dx the spacing when `x` is null (default 1)
 * @param axis the axis (default -1)
 * @returns the integral (an array with `axis` removed)
 * @example np.trapezoid([1, 2, 3]).item() // 4
 * @example np.trapezoid([1, 2, 3], [4, 6, 8]).item() // 8
 */
export const trapezoid = sig<
  (
    y: ArrayInput,
    x?: ArrayInput | null | { x?: ArrayInput | null; dx?: number; axis?: number },
    dx?: number | { dx?: number; axis?: number },
    axis?: number | { axis?: number },
    opts?: { x?: ArrayInput | null; dx?: number; axis?: number },
  ) => ndarray
>('trapezoid(y: array_like, x: array_like = None, dx: number = 1.0, axis: axis = -1)', ((
  y: ndarray,
  x: ndarray | undefined,
  dx: number,
  axis: number,
) => {
  const fn = 'trapezoid';
  const ax = axisOf(fn, axis, y.ndim);
  const n = y.shape[ax]!;
  const hi = along(y, ax, 1, Math.max(0, n - 1));
  const lo = along(y, ax, 0, Math.max(0, n - 1));
  let d: Operand = dx;
  if (x !== undefined) {
    if (x.ndim === 1) {
      const m = x.shape[0]!;
      d = ewise(
        fn,
        'subtract',
        [x.get([Slice1(1, m)]), x.get([Slice1(0, Math.max(0, m - 1))])],
        ['a', 'b'],
      ).reshape(y.shape.map((_, k) => (k === ax ? Math.max(0, m - 1) : 1)));
    } else {
      const xa = axisOf(fn, axis, x.ndim);
      const m = x.shape[xa]!;
      d = ewise(
        fn,
        'subtract',
        [along(x, xa, 1, Math.max(0, m - 1)), along(x, xa, 0, Math.max(0, m - 1))],
        ['a', 'b'],
      );
    }
  }
  const terms = ewise(fn, 'trap', [d, hi, lo, 2], ['d', 'y1', 'y0', 'two'], null, {
    build: ([dd, a, b, two]) => fx.divide(fx.multiply(dd!, fx.add(a!, b!)), two!),
  });
  return red.reduction(fn, 'sum', terms, { axis: ax });
}) as never);
