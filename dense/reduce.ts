/**
 * Reductions with `axis` and `keepdims`: `sum prod min max mean var std argmin argmax all any`.
 * Full reductions are `reduce` launches over fixed blocks (bitwise identical at any pool size) whose
 * result is a 0-d array backed by a future; axis reductions partition the output and project the
 * input (`project`), reducing the axis inside each piece.
 */
import {
  ArgumentTypeError,
  argMessage,
  type DType,
  type Future,
  IndexError,
  launch,
  launchScalar,
  project,
  registerKernel,
  Store,
  ValueError,
  withFusedLaunches,
} from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { floatResult, sumResult } from './dtypes.js';
import { optionsArg } from './errors.js';
import { copyAs, ewise } from './ewise.js';
import { FROM_FUTURE } from './kernel-names.js';
import { reduceLazy } from './lazy.js';
import { ndarray } from './ndarray.js';
import { ARG_COMBINE, axisKernel, fullKernel, type RedKind } from './reduce-kernels.js';
import { sumLastAxisLazy } from './reduce-lazy-axis.js';

/** Options of reductions. */
export interface ReduceOptions {
  /** Axis or axes to reduce (negative counts from the end); all when omitted or null. */
  axis?: number | readonly number[] | null;
  /** Keep reduced axes as size-1 dimensions. */
  keepdims?: boolean;
}

/** Options of `var`/`std`. */
export interface VarOptions extends ReduceOptions {
  /** Delta degrees of freedom (divide by `n - ddof`). Default 0. */
  ddof?: number;
}

registerKernel(FROM_FUTURE, (t) => {
  t.arrays[0]![t.offsets[0]!] = t.futures[0]!;
});
const SQRT = 'dense.scalar.sqrt';
const DIVN = 'dense.scalar.divn';
registerKernel(SQRT, (t) => Math.sqrt(t.futures[0]!));
registerKernel(DIVN, (t) => t.futures[0]! / t.scalars[0]!);

/** A 0-d array holding a future's value (cast to `dtype`), readable without a region read. */
export function fromFuture(fn: string, f: Future, dtype: DType): ndarray {
  // A value known when it was made (an inline reduction): no launch, and no region until
  // something needs the array's store (then written as the kernel would store it).
  if (f._immediate) return ndarray._fromValue(f, dtype);
  const st = allocStore(dtype, [], false);
  launch({
    op: fn,
    kernel: FROM_FUTURE,
    args: [{ store: st, privilege: 'write-discard' }],
    futures: [f],
    key: 0,
  });
  const a = new ndarray(st);
  a._future = f;
  a._futureVersion = st.region.version;
  return a;
}

/** Normalizes an axis argument to sorted unique non-negative axes (null: all). */
export function axesArg(fn: string, axis: ReduceOptions['axis'], ndim: number): number[] | null {
  if (axis === undefined || axis === null) return null;
  if (typeof axis !== 'number' && !Array.isArray(axis))
    throw new ArgumentTypeError(argMessage(fn, 'axis', 'an integer, an array of integers or null', axis));
  const list = typeof axis === 'number' ? [axis] : axis;
  const out: number[] = [];
  for (const a of list) {
    if (!Number.isInteger(a) || a < -ndim || a >= ndim) {
      throw new IndexError(`${fn}: axis ${a} is out of bounds for array of dimension ${ndim}`);
    }
    const n = a < 0 ? a + ndim : a;
    if (out.includes(n)) throw new ValueError(`${fn}: argument 'axis' has a repeated axis ${n}`);
    out.push(n);
  }
  return out.sort((x, y) => x - y);
}

function resultDType(kind: RedKind, dt: DType): DType {
  switch (kind) {
    case 'sum':
    case 'prod':
      return sumResult(dt);
    case 'argmin':
    case 'argmax':
    case 'count':
      return 'int32';
    case 'all':
    case 'any':
      return 'bool';
    case 'sqdev':
      return floatResult(dt);
    default:
      return dt;
  }
}

const IDENTITY: Partial<Record<RedKind, number>> = { sum: 0, prod: 1, all: 1, any: 0, count: 0, sqdev: 0 };

/** A 1-D view of all of `a`'s elements in C order (a copy when not contiguous). */
function flat(fn: string, a: ndarray): Store {
  const s = a.store;
  if (s.ndim === 1) return s;
  if (s.contiguous) return new Store(s.region, [s.size], [1], s.offset);
  const c = copyAs(fn, a);
  return new Store(c.store.region, [c.size], [1], 0);
}

/** A full reduction as a future. */
export function reduceAll(fn: string, kind: RedKind, a: ndarray, futures: Future[] = []): Future {
  if (a.size === 0 && IDENTITY[kind] === undefined) {
    throw new ValueError(`${fn}: zero-size array to reduction operation ${fn} which has no identity`);
  }
  const combine =
    kind === 'argmin' || kind === 'argmax'
      ? ARG_COMBINE[kind]
      : kind === 'min' || kind === 'max'
        ? kind
        : kind === 'prod'
          ? 'prod'
          : kind === 'all'
            ? 'min'
            : kind === 'any'
              ? 'max'
              : 'sum';
  const run = () =>
    launch({
      op: fn,
      kernel: fullKernel(kind),
      args: [{ store: flat(fn, a), privilege: 'read' }],
      futures,
      reduce: { combine, width: kind === 'argmin' || kind === 'argmax' ? 2 : 1, identity: IDENTITY[kind] },
      key: 0,
    });
  // A pending float element-wise input of contiguous operands (`sum(y * y)`, `sum(power(y, 2))`):
  // one kernel computes and sums each block, nothing stored (dense/ewise-reduce.ts), the bits of
  // storing then reducing; the input stays pending.
  if ((kind === 'sum' || kind === 'prod') && a._lazy !== null) {
    const f = reduceLazy(a, kind);
    if (f !== null) return f;
  }
  // Another pending 1-D element-wise input (`max(abs(x - y))`): its launch and this one run as
  // one, block by block (runtime launch-pair fusion): the reduction reads each block of the
  // computed values while they are in cache. Same ranges, same bits as unfused.
  return a._lazy !== null && a.ndim === 1 ? withFusedLaunches(run) : run();
}

/** Reduces one axis (the output partitions; the input is projected onto it). */
function reduceAxis(fn: string, kind: RedKind, a: ndarray, axis: number, scalars: number[] = []): ndarray {
  // A pending broadcast expression summed along its last axis: no temporary of its size (before
  // `a.store`, which would compute it).
  if (kind === 'sum' && a._lazy !== null && axis === a.ndim - 1) {
    const r = sumLastAxisLazy(fn, a);
    if (r !== null) return r;
  }
  const s = a.store;
  const n = s.shape[axis]!;
  if (n === 0 && IDENTITY[kind] === undefined) {
    throw new ValueError(`${fn}: zero-size array to reduction operation ${fn} which has no identity`);
  }
  const outShape = s.shape.filter((_, d) => d !== axis);
  const out = allocStore(resultDType(kind, a.dtype), outShape);
  if (out.size === 0) return new ndarray(out);
  const perm = [...outShape.keys()].map((d) => (d < axis ? d : d + 1));
  const inView = s.view(
    [...perm.map((d) => s.shape[d]!), n],
    [...perm.map((d) => s.strides[d]!), s.strides[axis]!],
    s.offset,
  );
  const r = outShape.length;
  // NumPy sums pairwise along the reduced axis when it is the innermost one in memory (the
  // smallest stride of the axes longer than 1), and in order otherwise.
  const inner = s.shape.every(
    (len, d) => d === axis || len <= 1 || Math.abs(s.strides[d]!) >= Math.abs(s.strides[axis]!),
  );
  launch({
    op: fn,
    kernel: axisKernel(kind, r, inner),
    args: [
      { store: out, privilege: 'write-discard' },
      { store: inView, privilege: 'read' },
    ],
    scalars,
    constraints: [project(0, 1, [...perm.keys(), -1])],
    key: 0,
  });
  return new ndarray(out);
}

function keep(a: ndarray, axes: number[] | null, ndim: number): ndarray {
  const all = axes ?? [...Array(ndim).keys()];
  const shape: number[] = [];
  const strides: number[] = [];
  let j = 0;
  for (let d = 0; d < ndim; d++) {
    if (all.includes(d)) {
      shape.push(1);
      strides.push(0);
    } else {
      shape.push(a.store.shape[j]!);
      strides.push(a.store.strides[j]!);
      j++;
    }
  }
  return new ndarray(a.store.view(shape, strides, a.store.offset));
}

/** Raises unless `a` is an ndarray (before any of its properties is read). */
function arrayArg(fn: string, a: unknown): asserts a is ndarray {
  if (!(a instanceof ndarray)) throw new ArgumentTypeError(argMessage(fn, 'a', 'an ndarray', a));
}

/** Generic reduction driver for the simple kinds. */
export function reduction(fn: string, kind: RedKind, a: ndarray, opts: ReduceOptions = {}): ndarray {
  opts = optionsArg(fn, opts);
  arrayArg(fn, a);
  const nd = a.ndim;
  let axes = axesArg(fn, opts.axis, nd);
  if ((kind === 'argmin' || kind === 'argmax') && axes && axes.length > 1) {
    throw new ValueError(`${fn}: argument 'axis' expected one axis or null, received [${axes}]`);
  }
  if (axes && axes.length === nd) axes = kind === 'argmin' || kind === 'argmax' ? axes : null;
  let res: ndarray;
  if (axes === null || nd === 0) {
    res = fromFuture(fn, reduceAll(fn, kind, a), resultDType(kind, a.dtype));
  } else if (nd === 1) {
    res = fromFuture(fn, reduceAll(fn, kind, a), resultDType(kind, a.dtype));
  } else {
    res = a;
    for (let k = axes.length - 1; k >= 0; k--) res = reduceAxis(fn, kind, res, axes[k]!);
  }
  return opts.keepdims ? keep(res, axes, nd) : res;
}

function count(a: ndarray, axes: number[] | null): number {
  if (axes === null) return a.size;
  let n = 1;
  for (const d of axes) n *= a.shape[d]!;
  return n;
}

/**
 * Sum of elements (bool/uint8 sum in int32, cohort's default integer).
 * @param a the array
 * @param opts `axis` (one, several or null for all) and `keepdims`
 * @returns the result (0-d for a full reduction)
 * @throws {IndexError} on an axis out of bounds
 * @example np.sum(np.array([1, 2])).item() // 3
 */
export function sum(a: ndarray, opts: ReduceOptions = {}): ndarray {
  return reduction('sum', 'sum', a, opts);
}
/**
 * Product of elements.
 * @param a the array
 * @param opts `axis` (one, several or null for all) and `keepdims`
 * @returns the result (0-d for a full reduction)
 * @example np.prod(np.array([[1, 2], [3, 4]]), { axis: 1 }).tolist() // [2, 12]
 */
export function prod(a: ndarray, opts: ReduceOptions = {}): ndarray {
  return reduction('prod', 'prod', a, opts);
}
/**
 * Minimum (NaN propagates).
 * @param a the array
 * @param opts `axis` (one, several or null for all) and `keepdims`
 * @returns the result (0-d for a full reduction)
 * @throws {ValueError} on an empty reduction
 * @example np.min(np.array([3, 1, 2])).item() // 1
 */
export function min(a: ndarray, opts: ReduceOptions = {}): ndarray {
  return reduction('min', 'min', a, opts);
}
/**
 * Maximum (NaN propagates).
 * @param a the array
 * @param opts `axis` (one, several or null for all) and `keepdims`
 * @returns the result (0-d for a full reduction)
 * @throws {ValueError} on an empty reduction
 * @example np.max(np.array([[1, 5], [7, 2]]), { axis: 0 }).tolist() // [7, 5]
 */
export function max(a: ndarray, opts: ReduceOptions = {}): ndarray {
  return reduction('max', 'max', a, opts);
}
/**
 * Index of the first minimum (of the flattened array when no axis).
 * @param a the array
 * @param opts `axis` (one or null for the flattened array) and `keepdims`
 * @returns int32 indices (0-d without an axis)
 * @throws {ValueError} on an empty array
 * @example np.argmin(np.array([3, 1, 1])).item() // 1
 */
export function argmin(a: ndarray, opts: { axis?: number | null; keepdims?: boolean } = {}): ndarray {
  return reduction('argmin', 'argmin', a, opts);
}
/**
 * Index of the first maximum (of the flattened array when no axis).
 * @param a the array
 * @param opts `axis` (one or null for the flattened array) and `keepdims`
 * @returns int32 indices (0-d without an axis)
 * @throws {ValueError} on an empty array
 * @example np.argmax(np.array([[1, 9], [7, 2]]), { axis: 1 }).tolist() // [1, 0]
 */
export function argmax(a: ndarray, opts: { axis?: number | null; keepdims?: boolean } = {}): ndarray {
  return reduction('argmax', 'argmax', a, opts);
}
/**
 * True when every element is nonzero.
 * @param a the array
 * @param opts `axis` (one, several or null for all) and `keepdims`
 * @returns a bool result (0-d for a full reduction)
 * @example np.all(np.array([1, 2, 0])).item() // false
 */
export function all(a: ndarray, opts: ReduceOptions = {}): ndarray {
  return reduction('all', 'all', a, opts);
}
/**
 * True when any element is nonzero.
 * @param a the array
 * @param opts `axis` (one, several or null for all) and `keepdims`
 * @returns a bool result (0-d for a full reduction)
 * @example np.any(np.array([0, 0, 3])).item() // true
 */
export function any(a: ndarray, opts: ReduceOptions = {}): ndarray {
  return reduction('any', 'any', a, opts);
}
/**
 * Number of nonzero elements.
 * @param a the array
 * @param opts `axis` (one, several or null for all) and `keepdims`
 * @returns the counts (0-d for a full reduction)
 * @example np.count_nonzero(np.array([0, 1, 2, 0])).item() // 2
 */
export function count_nonzero(a: ndarray, opts: ReduceOptions = {}): ndarray {
  return reduction('count_nonzero', 'count', a, opts);
}

/**
 * Arithmetic mean (float64 for integer input).
 * @param a the array
 * @param opts `axis` (one, several or null for all) and `keepdims`
 * @returns the result (0-d for a full reduction)
 * @throws {IndexError} on an axis out of bounds
 * @example np.mean(np.array([1, 2])).item() // 1.5
 */
export function mean(a: ndarray, opts: ReduceOptions = {}): ndarray {
  opts = optionsArg('mean', opts);
  arrayArg('mean', a);
  const axes = axesArg('mean', opts.axis, a.ndim);
  const n = count(a, axes);
  const dt = floatResult(a.dtype);
  const s = sum(a.dtype === dt ? a : copyAs('mean', a, dt), opts);
  if (s.ndim === 0 && s._future) return fromFuture('mean', launchScalar('mean', DIVN, [s._future], [n]), dt);
  return ewise('mean', 'divide', [s, n], ['a', 'n'], null, { dtype: dt });
}

/**
 * Variance with `ddof`.
 * @param a the array
 * @param opts `axis`, `keepdims` and `ddof`
 * @returns the variance (0-d for a full reduction)
 * @example np.var(np.array([1, 2, 3, 4]), { ddof: 1 }).item() // 1.6666666666666667
 */
export function var_(a: ndarray, opts: VarOptions = {}): ndarray {
  opts = optionsArg('var', opts);
  const fn = 'var';
  arrayArg(fn, a);
  const axes = axesArg(fn, opts.axis, a.ndim);
  const n = count(a, axes);
  const ddof = opts.ddof ?? 0;
  if (typeof ddof !== 'number' || !Number.isFinite(ddof))
    throw new ArgumentTypeError(argMessage(fn, 'ddof', 'a finite number', ddof));
  const dt = floatResult(a.dtype);
  if (axes === null || a.ndim <= 1 || axes.length === a.ndim) {
    const m = mean(a)._future!;
    const ss = reduceAll(fn, 'sqdev', a, [m]);
    const r = fromFuture(fn, launchScalar(fn, DIVN, [ss], [Math.max(n - ddof, 0)]), dt);
    return opts.keepdims ? keep(r, null, a.ndim) : r;
  }
  const m = mean(a, { axis: axes, keepdims: true });
  const d = ewise(fn, 'subtract', [a, m], ['a', 'mean'], null, { dtype: dt });
  const sq = ewise(fn, 'multiply', [d, d], ['a', 'a'], null);
  const s = sum(sq, { axis: axes, keepdims: opts.keepdims ?? false });
  return ewise(fn, 'divide', [s, Math.max(n - ddof, 0)], ['a', 'n'], null, { dtype: dt });
}

/**
 * Standard deviation with `ddof`.
 * @param a the array
 * @param opts `axis`, `keepdims` and `ddof`
 * @returns the standard deviation (0-d for a full reduction)
 * @example np.std(np.array([1, 2, 3, 4])).item() // 1.118033988749895
 */
export function std(a: ndarray, opts: VarOptions = {}): ndarray {
  opts = optionsArg('std', opts);
  const v = var_(a, opts);
  if (v.ndim === 0 && v._future)
    return fromFuture('std', launchScalar('std', SQRT, [v._future], []), v.dtype);
  return ewise('std', 'sqrt', [v], ['a'], null, { dtype: v.dtype });
}

export { var_ as var };
