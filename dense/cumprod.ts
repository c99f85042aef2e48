/**
 * `cumprod`: a scan along one axis (the flattened array when no axis), the output partitioned by
 * the mapper and the input projected so that each piece sees whole lines (as `cumsum`).
 */

import type { DType } from '../runtime/index.js';
import { launch, project, registerKernel } from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { sumResult } from './dtypes.js';
import { copyAs, ewise } from './ewise.js';
import { CUMPROD } from './kernel-names.js';
import { ndarray } from './ndarray.js';
import { axesArg } from './reduce.js';
import { ravel } from './shape.js';
import { type ArrayInput, sig } from './sig.js';

/**
 * Arg 0: output, arg 1: input, both viewed with the scan axis last. scalars: [mode] (1: wrap each
 * product to int32, 2: round each to float32, as NumPy's accumulators of those dtypes do). Each line of the piece is scanned from its
 * start; only the piece's part of the line is written.
 */
registerKernel(CUMPROD, (t) => {
  const O = t.arrays[0]!;
  const X = t.arrays[1]!;
  const os = t.strides[0]!;
  const xs = t.strides[1]!;
  const mode = t.scalars[0]!;
  const r = t.lo.length - 1;
  const lo = t.lo;
  const hi = t.hi;
  for (let d = 0; d <= r; d++) if (hi[d]! <= lo[d]!) return;
  const idx = lo.slice(0, r);
  const ol = os[r]!;
  const xl = xs[r]!;
  const klo = lo[r]!;
  const khi = hi[r]!;
  for (;;) {
    let oo = t.offsets[0]!;
    let xo = t.offsets[1]!;
    for (let d = 0; d < r; d++) {
      oo += idx[d]! * os[d]!;
      xo += idx[d]! * xs[d]!;
    }
    let acc = 1;
    for (let k = 0; k < khi; k++) {
      const x = X[xo + k * xl]!;
      acc = mode === 1 ? Math.imul(acc, x) : mode === 2 ? Math.fround(acc * x) : acc * x;
      if (k >= klo) O[oo + k * ol] = acc;
    }
    let d = r - 1;
    for (; d >= 0; d--) {
      if (++idx[d]! < hi[d]!) break;
      idx[d] = lo[d]!;
    }
    if (d < 0) break;
  }
});

function cumprodImpl(a: ndarray, axis: number | null | undefined): ndarray {
  const src = axis === undefined || axis === null ? ravel(a) : a;
  const ax = src.ndim === 1 ? 0 : axesArg('cumprod', axis ?? 0, src.ndim)![0]!;
  if (src.ndim === 1 && axis !== undefined && axis !== null) axesArg('cumprod', axis, 1);
  const dt = sumResult(a.dtype);
  const s = src.store;
  const out = allocStore(dt, s.shape, false);
  if (out.size === 0) return new ndarray(out);
  const perm = [...s.shape.keys()].filter((d) => d !== ax).concat([ax]);
  const v = (st: typeof s) =>
    st.view(
      perm.map((d) => st.shape[d]!),
      perm.map((d) => st.strides[d]!),
      st.offset,
    );
  const r = perm.length - 1;
  launch({
    op: 'cumprod',
    kernel: CUMPROD,
    args: [
      { store: v(out), privilege: 'write-discard' },
      { store: v(s), privilege: 'read' },
    ],
    scalars: [dt === 'int32' ? 1 : dt === 'float32' ? 2 : 0],
    constraints: [project(0, 1, [...Array(r).keys(), -1])],
    key: 0,
  });
  return new ndarray(out);
}

/** Keyword options of {@link cumprod}. */
export interface CumprodOptions {
  /** The axis (null: the flattened array). */
  axis?: number | null;
  /** The accumulation dtype. */
  dtype?: DType | null;
  /** An array to write the result into. */
  out?: ndarray | null;
}

/**
 * Cumulative product along `axis` (of the flattened array when `axis` is null/omitted). Integer
 * and bool input multiply in int32 (wrapping, as NumPy's fixed-width integers).
 * @param a an array_like
 * @param axis the axis (null: the flattened array); then `dtype`, `out`, or the options object
 * @returns a new array
 * @throws {IndexError} when `axis` is out of bounds
 * @example np.cumprod([1, 2, 3]).tolist() // [1, 2, 6]
 * @example np.cumprod([[1, 2, 3], [4, 5, 6]], 0).tolist() // [[1, 2, 3], [4, 10, 18]]
 * @example np.cumprod([[1, 2, 3], [4, 5, 6]], { dtype: 'float64' }).tolist() // [1, 2, 6, 24, 120, 720]
 */
export const cumprod = sig<
  (
    a: ArrayInput,
    axis?: number | null | CumprodOptions,
    dtype?: DType | null | CumprodOptions,
    out?: ndarray | null | CumprodOptions,
    opts?: CumprodOptions,
  ) => ndarray
>('cumprod(a: array_like, axis: axis = None, dtype: dtype = None, out: ndarray = None)', ((
  a: ndarray,
  axis: number | null,
  dtype: DType,
  out: ndarray,
) => {
  const x = dtype === undefined || dtype === null || dtype === a.dtype ? a : copyAs('cumprod', a, dtype);
  const r = cumprodImpl(x, axis);
  if (out === undefined || out === null) return r;
  ewise('cumprod', 'assign', [r], ['a'], out, { dtype: out.dtype, build: (l) => l[0]! });
  return out;
}) as never);
