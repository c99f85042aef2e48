/** `dot vdot matmul inner outer` and `linalg.norm`. */
import { fx } from '../codegen/index.js';
import {
  ArgumentTypeError,
  argMessage,
  broadcast,
  type Constraint,
  type DType,
  launch,
  launchScalar,
  project,
  registerKernel,
  ShapeError,
  type Store,
  ValueError,
} from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { floatResult, promote } from './dtypes.js';
import { fmtShape, optionsArg } from './errors.js';
import { copyAs, ewise } from './ewise.js';
import { DOT, GEMV_COMBINE_F64, GEMV_F64, GEMV_SPLIT_F64, MATMUL, MATMUL_F64 } from './kernel-names.js';
import './kernels-gemv.js';
import { gemvSplitBlock } from './kernels-gemv-split.js';
import { HAS_GEMM_SIMD } from './kernels-linalg.js';
import { currentFuseScope } from './lazy-fused.js';
import { ndarray } from './ndarray.js';
import { axesArg, count_nonzero, fromFuture, max, min, sum } from './reduce.js';
import { expand_dims, ravel, reshape, squeeze, swapaxes, transpose } from './shape.js';

function arr(fn: string, x: unknown, arg: string): ndarray {
  if (!(x instanceof ndarray)) throw new ArgumentTypeError(argMessage(fn, arg, 'an ndarray', x));
  return x;
}

/** Σ x·y of two 1-D arrays of equal length, as a 0-d array (a future underneath). */
/** One constraint list for every dot (the runtime memoizes what it learns per list object). */
const ALIGN_01: readonly Constraint[] = Object.freeze([
  Object.freeze({ kind: 'align', a: 0, b: 1 } as const),
]);

function dot1(fn: string, x: ndarray, y: ndarray): ndarray {
  if (x.size !== y.size) {
    throw new ShapeError(
      `${fn}: argument 'b' with shape ${fmtShape(y.shape)} does not match ${fmtShape(x.shape)}`,
    );
  }
  const dt = promote(x.dtype, y.dtype);
  const f = launch({
    op: fn,
    kernel: DOT,
    args: [
      { store: x.store, privilege: 'read' },
      { store: y.store, privilege: 'read' },
    ],
    constraints: ALIGN_01,
    reduce: { combine: 'sum', identity: 0 },
    key: 0,
  });
  return fromFuture(fn, f, dt === 'bool' || dt === 'uint8' ? dt : dt);
}

/**
 * `out[...] = a @ b` written by the matrix-product launch itself, without a result region and its
 * copy into `out`, when that is safe: `a`, `b` and `out` 2-D float64, `out` C-contiguous with the
 * product's shape, in a region that neither operand reads (an aliased `out` goes through a
 * temporary, as NumPy does). The same kernel, so the same bits as the copying path.
 * @returns whether the product was written into `out` (else nothing was done)
 */
export function matmulInto(fn: string, a: ndarray, b: ndarray, out: ndarray): boolean {
  if (a.ndim !== 2 || b.ndim !== 2 || out.ndim !== 2) return false;
  if (a.dtype !== 'float64' || b.dtype !== 'float64' || out.dtype !== 'float64') return false;
  const [m, k] = a.shape as [number, number];
  const [k2, n] = b.shape as [number, number];
  if (k !== k2 || out.shape[0] !== m || out.shape[1] !== n || m === 0 || n === 0) return false;
  const C = out.store;
  if (C.strides[0] !== n || C.strides[1] !== 1) return false;
  if (a.store.region === C.region || b.store.region === C.region) return false;
  matmul2(fn, a, b, C);
  return true;
}

/**
 * 2-D matrix product C = A @ B (a launch partitioned by rows of C), into `into` when given (a
 * float64 store of C's shape that A and B do not read: see {@link matmulInto}).
 */
function matmul2(fn: string, a: ndarray, b: ndarray, into?: Store): ndarray {
  const [m, k] = a.shape as [number, number];
  const [k2, n] = b.shape as [number, number];
  if (k !== k2) {
    throw new ShapeError(
      `${fn}: argument 'b' with shape ${fmtShape(b.shape)} does not match argument 'a' with shape ${fmtShape(a.shape)} (inner dimensions ${k} and ${k2})`,
    );
  }
  const dt = promote(a.dtype, b.dtype);
  // The kernel accumulates in float64; integer and float32 inputs go through a float64 product.
  const work = dt === 'float64' ? 'float64' : 'float64';
  const A = a.dtype === work ? a : copyAs(fn, a, work);
  const B = b.dtype === work ? b : copyAs(fn, b, work);
  // Not inside `np.fuse`, which stops tracking pending values: a product must not stay pending
  // past an in-place write to its operands there (it is computed at once, as the GEMM launch is).
  if (k >= 1 && k <= SMALL_K && m > 0 && n > 0 && currentFuseScope() === 0)
    return smallK(fn, A, B, into, dt === work ? null : dt);
  // The launch writes every element (K = 0 included): no zero fill.
  const C = into ?? allocStore(work, [m, n], false);
  if (m > 0 && n > 0) {
    launch({
      op: fn,
      kernel: HAS_GEMM_SIMD ? MATMUL_F64 : MATMUL,
      args: [
        { store: C, privilege: 'write-discard' },
        { store: A.store, privilege: 'read' },
        { store: B.store, privilege: 'read' },
      ],
      constraints: [project(0, 1, [0, -1]), broadcast(2)],
      key: 0,
    });
  }
  const c = new ndarray(C);
  return dt === work ? c : copyAs(fn, c, dt);
}

/**
 * Inner dimensions from 1 to this make a matrix product an element-wise expression (see
 * {@link smallK}).
 */
export const SMALL_K = 4;

/**
 * C = A @ B for an inner dimension k ≤ {@link SMALL_K} (kmeans' `data @ centroids.T`, 2e6 × 2 by
 * 2 × 10): the element-wise expression `(((0 + A[:, 0]·B[0, :]) + A[:, 1]·B[1, :]) + …)` over
 * broadcast column and row views — each element summed in k order from +0 as the GEMM kernels do,
 * so the same bits — which runs at element-wise speed (rows form, dense/ewise-rows.ts) where the
 * GEMM kernel packs panels for two products per element, and stays lazy: a following element-wise
 * use fuses it (kmeans' `dd + cd − 2·(data @ C.T)` writes no product). B's rows are made
 * contiguous first (a k × n copy) when they are not.
 * @param into - C's store (matmulInto: float64, not read by A or B), or none
 * @param cast - the result's dtype when not float64
 */
function smallK(fn: string, A: ndarray, B: ndarray, into: Store | undefined, cast: DType | null): ndarray {
  const [m, k] = A.shape as [number, number];
  const n = B.shape[1]!;
  const Bc = n > 1 && B.store.strides[1] !== 1 ? copyAs(fn, B) : B;
  const sa = A.store;
  const sb = Bc.store;
  const operands: (ndarray | number)[] = [0];
  const names = ['zero'];
  for (let j = 0; j < k; j++) {
    operands.push(new ndarray(sa.view([m, 1], [sa.strides[0]!, 1], sa.offset + j * sa.strides[1]!)));
    operands.push(new ndarray(sb.view([1, n], [1, sb.strides[1]!], sb.offset + j * sb.strides[0]!)));
    names.push(`a[:, ${j}]`, `b[${j}, :]`);
  }
  const c = ewise(fn, `matmul-k${k}`, operands, names, into === undefined ? null : new ndarray(into), {
    dtype: 'float64',
    build: (l) => {
      let acc = l[0]!;
      for (let j = 0; j < k; j++) acc = fx.add(acc, fx.multiply(l[1 + 2 * j]!, l[2 + 2 * j]!));
      return acc;
    },
  });
  return cast === null ? c : copyAs(fn, c, cast);
}

/** y = M @ x's constraints: M's rows follow y's tiles, x whole (see kernels-gemv.ts). */
const GEMV_CONSTRAINTS: readonly Constraint[] = Object.freeze([project(0, 1, [0, -1]), broadcast(2)]);
/** The block partials' launch: M and x whole (each task picks its blocks of k). */
const SPLIT_CONSTRAINTS: readonly Constraint[] = Object.freeze([broadcast(1), broadcast(2)]);
/** The combine: the partials whole. */
const COMBINE_CONSTRAINTS: readonly Constraint[] = Object.freeze([broadcast(1)]);

/**
 * Whether y = m @ x is cut along k (kernels-gemv-split.ts) rather than by rows of y: m's columns
 * contiguous (`x @ A`, `A.T @ x` on a row-major A), y short and k long — by rows, each worker
 * would sweep the whole of A for a few rows.
 */
function splitsK(m: ndarray, rows: number, k: number): boolean {
  const [s0, s1] = m.store.strides as [number, number];
  return s0 === 1 && s1 !== 1 && rows <= 1024 && k >= 2 * gemvSplitBlock(k);
}

/** y = m @ x as block partials along k, then their sum in block order (kernels-gemv-split.ts). */
function gemvSplit(fn: string, m: ndarray, x: ndarray, Y: Store, rows: number, k: number): void {
  const kb = gemvSplitBlock(k);
  const nb = Math.ceil(k / kb);
  const partials = new ndarray(allocStore('float64', [nb, rows], false));
  launch({
    op: fn,
    kernel: GEMV_SPLIT_F64,
    args: [
      { store: partials.store, privilege: 'write-discard' },
      { store: m.store, privilege: 'read' },
      { store: x.store, privilege: 'read' },
    ],
    scalars: [kb],
    constraints: SPLIT_CONSTRAINTS,
    key: 0,
  });
  launch({
    op: fn,
    kernel: GEMV_COMBINE_F64,
    args: [
      { store: Y, privilege: 'write-discard' },
      { store: partials.store, privilege: 'read' },
    ],
    constraints: COMBINE_CONSTRAINTS,
    key: 0,
  });
  partials.dispose();
}

/**
 * y = m @ x for a float64 matrix (any view: rows or columns contiguous, strided, reversed) and a
 * float64 vector: one launch partitioned by rows of y, each y[i] summed by one task in a fixed
 * order (bitwise the same at every worker count). `x @ A` and `A.T @ x` come here as `A.T @ x`.
 */
function gemv(fn: string, m: ndarray, x: ndarray): ndarray {
  const [rows, k] = m.shape as [number, number];
  if (x.size !== k) {
    throw new ShapeError(
      `${fn}: argument 'b' with shape ${fmtShape(x.shape)} does not match argument 'a' with shape ${fmtShape(m.shape)} (inner dimensions ${k} and ${x.size})`,
    );
  }
  const Y = allocStore('float64', [rows], false);
  if (rows > 0 && splitsK(m, rows, k)) gemvSplit(fn, m, x, Y, rows, k);
  else if (rows > 0) {
    launch({
      op: fn,
      kernel: GEMV_F64,
      args: [
        { store: Y, privilege: 'write-discard' },
        { store: m.store, privilege: 'read' },
        { store: x.store, privilege: 'read' },
      ],
      constraints: GEMV_CONSTRAINTS,
      key: 0,
    });
  }
  return new ndarray(Y);
}

/** Whether a 2-D × 1-D (or 1-D × 2-D) product takes the GEMV path: float64 operands only. */
const isGemv = (m: ndarray, v: ndarray): boolean =>
  m.ndim === 2 && v.ndim === 1 && m.dtype === 'float64' && v.dtype === 'float64';

/**
 * Matrix product with NumPy's `matmul` rules (1-D operands are promoted and the added axis removed;
 * N-D operands are stacks of matrices, broadcast over leading axes).
 * @param a an array of at least one dimension
 * @param b an array of at least one dimension
 * @returns the product
 * @throws {ShapeError} on mismatched inner dimensions
 * @example np.matmul(np.eye(2), np.ones([2, 1])).tolist() // [[1], [1]]
 */
export function matmul(a: ndarray, b: ndarray): ndarray {
  const fn = 'matmul';
  arr(fn, a, 'a');
  arr(fn, b, 'b');
  if (a.ndim === 0 || b.ndim === 0)
    throw new ValueError(`${fn}: operands must have at least one dimension (use multiply for scalars)`);
  if (a.ndim === 1 && b.ndim === 1) return dot1(fn, a, b);
  if (isGemv(a, b)) return gemv(fn, a, b);
  if (isGemv(b, a)) {
    if (a.size !== b.shape[0]) {
      throw new ShapeError(
        `${fn}: argument 'b' with shape ${fmtShape(b.shape)} does not match argument 'a' with shape ${fmtShape(a.shape)} (inner dimensions ${a.size} and ${b.shape[0]})`,
      );
    }
    return gemv(fn, transpose(b), a);
  }
  const A = a.ndim === 1 ? expand_dims(a, 0) : a;
  const B = b.ndim === 1 ? expand_dims(b, 1) : b;
  let out: ndarray;
  if (A.ndim === 2 && B.ndim === 2) out = matmul2(fn, A, B);
  else {
    const batchA = A.shape.slice(0, -2);
    const batchB = B.shape.slice(0, -2);
    const nb = Math.max(batchA.length, batchB.length);
    const batch: number[] = [];
    for (let d = 0; d < nb; d++) {
      const ea = batchA[d - (nb - batchA.length)] ?? 1;
      const eb = batchB[d - (nb - batchB.length)] ?? 1;
      if (ea !== eb && ea !== 1 && eb !== 1) {
        throw new ShapeError(
          `${fn}: argument 'b' with shape ${fmtShape(b.shape)} cannot broadcast to ${fmtShape(a.shape)} in its batch dimensions`,
        );
      }
      batch.push(Math.max(ea, eb));
    }
    const m = A.shape[A.ndim - 2]!;
    const n = B.shape[B.ndim - 1]!;
    const results: ndarray[] = [];
    const total = batch.reduce((x, y) => x * y, 1);
    for (let q = 0; q < total; q++) {
      let rem = q;
      const idx = batch.map(() => 0);
      for (let d = nb - 1; d >= 0; d--) {
        idx[d] = rem % batch[d]!;
        rem = Math.floor(rem / batch[d]!);
      }
      const pick = (X: ndarray, bs: number[]) =>
        bs.length === 0 ? X : X.get(bs.map((e, d) => (e === 1 ? 0 : idx[d + nb - bs.length]!)));
      results.push(matmul2(fn, pick(A, batchA), pick(B, batchB)));
    }
    const dt = promote(a.dtype, b.dtype);
    out =
      results.length === 0
        ? new ndarray(allocStore(dt, [...batch, m, n]))
        : reshape(stackAll(results), [...batch, m, n]);
  }
  if (a.ndim === 1) out = squeeze(out, out.ndim - 2);
  if (b.ndim === 1) out = squeeze(out, out.ndim - 1);
  return out;
}

function stackAll(xs: ndarray[]): ndarray {
  const dt = xs[0]!.dtype;
  const [m, n] = xs[0]!.shape as [number, number];
  const out = allocStore(dt, [xs.length, m, n]);
  xs.forEach((x, q) => {
    ewise('matmul', 'copy', [x], ['a'], new ndarray(out.view([m, n], [n, 1], q * m * n)), {
      build: (l) => l[0]!,
    });
  });
  return new ndarray(out);
}

/**
 * NumPy's `dot`: inner product of 1-D arrays, matrix product of 2-D arrays, sum over the last
 * axis of `a` and the second-to-last of `b` otherwise; scalars multiply.
 * @param a an array
 * @param b an array
 * @returns the product (0-d for two 1-D arrays)
 * @throws {ShapeError} on mismatched inner dimensions
 * @example np.dot(np.array([1, 2]), np.array([3, 4])).item() // 11
 */
export function dot(a: ndarray, b: ndarray): ndarray {
  const fn = 'dot';
  arr(fn, a, 'a');
  arr(fn, b, 'b');
  if (a.ndim === 0 || b.ndim === 0) return ewise(fn, 'multiply', [a, b], ['a', 'b']);
  if (a.ndim === 1 && b.ndim === 1) return dot1(fn, a, b);
  if (a.ndim <= 2 && b.ndim <= 2) return matmul(a, b);
  const K = a.shape[a.ndim - 1]!;
  const kb = b.ndim === 1 ? 0 : b.ndim - 2;
  if (b.shape[kb] !== K) {
    throw new ShapeError(
      `${fn}: argument 'b' with shape ${fmtShape(b.shape)} does not match argument 'a' with shape ${fmtShape(a.shape)} (summed dimensions ${K} and ${b.shape[kb]})`,
    );
  }
  const a2 = reshape(a, [-1, K]);
  const bm =
    b.ndim === 1 ? expand_dims(b, 1) : transpose(b, [kb, ...[...b.shape.keys()].filter((d) => d !== kb)]);
  const b2 = reshape(bm, [K, -1]);
  const outShape = [...a.shape.slice(0, -1), ...b.shape.filter((_, d) => d !== kb)];
  return reshape(matmul2(fn, a2, b2), outShape);
}

/**
 * Dot product of the flattened arrays.
 * @param a an array
 * @param b an array of the same size
 * @returns a 0-d array
 * @example np.vdot(np.eye(2), np.eye(2)).item() // 2
 */
export function vdot(a: ndarray, b: ndarray): ndarray {
  arr('vdot', a, 'a');
  arr('vdot', b, 'b');
  return dot1('vdot', ravel(a), ravel(b));
}

/**
 * Inner product over the last axes.
 * @param a an array
 * @param b an array with the same last dimension
 * @returns the inner product (0-d for two 1-D arrays)
 * @example np.inner(np.array([1, 2]), np.array([3, 4])).item() // 11
 */
export function inner(a: ndarray, b: ndarray): ndarray {
  arr('inner', a, 'a');
  arr('inner', b, 'b');
  if (a.ndim === 0 || b.ndim === 0) return ewise('inner', 'multiply', [a, b], ['a', 'b']);
  if (a.ndim === 1 && b.ndim === 1) return dot1('inner', a, b);
  const K = a.shape[a.ndim - 1]!;
  if (b.shape[b.ndim - 1] !== K) {
    throw new ShapeError(
      `inner: argument 'b' with shape ${fmtShape(b.shape)} does not match argument 'a' with shape ${fmtShape(a.shape)} in the last dimension`,
    );
  }
  const r = matmul2('inner', reshape(a, [-1, K]), transpose(reshape(b, [-1, K])));
  return reshape(r, [...a.shape.slice(0, -1), ...b.shape.slice(0, -1)]);
}

/**
 * Outer product of the flattened arrays.
 * @param a an array (flattened)
 * @param b an array (flattened)
 * @returns a 2-D array of shape [a.size, b.size]
 * @example np.outer(np.array([1, 2]), np.array([1, 10])).tolist() // [[1, 10], [2, 20]]
 */
export function outer(a: ndarray, b: ndarray): ndarray {
  arr('outer', a, 'a');
  arr('outer', b, 'b');
  return ewise(
    'outer',
    'multiply',
    [reshape(ravel(a), [a.size, 1]), reshape(ravel(b), [1, b.size])],
    ['a', 'b'],
  );
}

const SQRT_F = 'dense.norm.sqrt';
registerKernel(SQRT_F, (t) => Math.sqrt(t.futures[0]!));

/** Options of {@link norm}. */
export interface NormOptions {
  axis?: number | readonly number[] | null;
  keepdims?: boolean;
}

/**
 * Vector or matrix norm (NumPy's `linalg.norm`): 2-norm / Frobenius by default; vector ords
 * `Infinity, -Infinity, 0, 1, 2, p`; matrix ords `'fro', 1, -1, Infinity, -Infinity`.
 * @param x the array
 * @param ord the order of the norm (default: 2-norm / Frobenius)
 * @param opts `axis` and `keepdims`
 * @returns the norm (0-d without an axis)
 * @throws {ValueError} on an unsupported ord (matrix 2-norm and nuclear norm need an SVD: Tier 2)
 * @example np.linalg.norm(np.array([3, 4])).item() // 5
 */
export function norm(x: ndarray, ord?: number | 'fro' | null, opts: NormOptions = {}): ndarray {
  opts = optionsArg('linalg.norm', opts);
  const fn = 'linalg.norm';
  arr(fn, x, 'x');
  const dt = floatResult(x.dtype);
  const xf = x.dtype === dt ? x : copyAs(fn, x, dt);
  let axes = axesArg(fn, opts.axis, x.ndim);
  const keepdims = opts.keepdims ?? false;
  if (
    (ord === undefined || ord === null) &&
    (axes === null || (axes.length === 2 && x.ndim === 2 && false))
  ) {
    const flat = ravel(xf);
    const d = dot1(fn, flat, flat);
    const r = fromFuture(fn, launchScalar(fn, SQRT_F, [d._future!], []), dt);
    return keepdims
      ? reshape(
          r,
          x.shape.map(() => 1),
        )
      : r;
  }
  if (axes === null) axes = [...x.shape.keys()];
  const ab = ewise(fn, 'abs', [xf], ['x']);
  if (axes.length === 1) {
    const o = ord ?? 2;
    const kd = { axis: axes, keepdims };
    if (o === Number.POSITIVE_INFINITY) return max(ab, kd);
    if (o === Number.NEGATIVE_INFINITY) return min(ab, kd);
    if (o === 0) return copyAs(fn, count_nonzero(xf, kd), dt);
    if (o === 1) return sum(ab, kd);
    if (o === 2) return ewise(fn, 'sqrt', [sum(ewise(fn, 'multiply', [xf, xf], ['x', 'x']), kd)], ['x']);
    if (typeof o !== 'number') throw new ValueError(argMessage(fn, 'ord', 'a number for vector norms', o));
    const s = sum(ewise(fn, 'power', [ab, o], ['x', 'ord']), kd);
    return ewise(fn, 'power', [s, 1 / o], ['x', 'ord']);
  }
  if (axes.length === 2) {
    const o = ord ?? 'fro';
    const [r0, c0] = axes as [number, number];
    const kd = (a: number) => ({ axis: a, keepdims: false });
    let res: ndarray;
    if (o === 'fro')
      res = ewise(fn, 'sqrt', [sum(ewise(fn, 'multiply', [xf, xf], ['x', 'x']), { axis: axes })], ['x']);
    else if (o === 1 || o === -1) {
      const cs = sum(ab, kd(r0));
      res = (o === 1 ? max : min)(cs, kd(c0 > r0 ? c0 - 1 : c0));
    } else if (o === Number.POSITIVE_INFINITY || o === Number.NEGATIVE_INFINITY) {
      const rs = sum(ab, kd(c0));
      res = (o > 0 ? max : min)(rs, kd(r0 > c0 ? r0 - 1 : r0));
    } else
      throw new ValueError(
        argMessage(
          fn,
          'ord',
          "'fro', 1, -1, Infinity or -Infinity for matrix norms (2 and 'nuc' are Tier 2)",
          o,
        ),
      );
    if (keepdims) {
      let k = res;
      for (const a of axes) k = expand_dims(k, a);
      return k;
    }
    return res;
  }
  throw new ValueError(argMessage(fn, 'axis', 'one or two axes', opts.axis));
}

export { swapaxes };
