/**
 * Scans along one axis (`cumsum`, `cumprod`): one kernel and one launch for both. The output is
 * partitioned by the mapper and the input projected so that each piece sees whole lines: each
 * line of a piece is scanned from its start, and only the piece's part of the line is written, so
 * any tiling of the output is correct.
 */
import { launch, project, registerKernel } from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { sumResult } from './dtypes.js';
import { SCAN } from './kernel-names.js';
import { ndarray } from './ndarray.js';
import { axesArg } from './reduce.js';
import { ravel } from './shape.js';

/**
 * Arg 0: output, arg 1: input, both viewed with the scan axis last. scalars: [op, mode]; op 0 sum,
 * 1 product; mode 1 wraps each step to int32, 2 rounds each to float32 (as NumPy's accumulators
 * of those dtypes do), 0 float64.
 */
registerKernel(SCAN, (t) => {
  const O = t.arrays[0]!;
  const X = t.arrays[1]!;
  const os = t.strides[0]!;
  const xs = t.strides[1]!;
  const prod = t.scalars[0] === 1;
  const mode = t.scalars[1]!;
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
    let acc = prod ? 1 : 0;
    for (let k = 0; k < khi; k++) {
      const x = X[xo + k * xl]!;
      if (prod) acc = mode === 1 ? Math.imul(acc, x) : mode === 2 ? Math.fround(acc * x) : acc * x;
      else acc = mode === 1 ? (acc + x) | 0 : mode === 2 ? Math.fround(acc + x) : acc + x;
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

/**
 * The scan of `a` along `axis` (the flattened array when null/undefined), in `a`'s accumulation
 * dtype (int32 for integers and bool).
 * @param fn - the public name, for errors.
 * @param op - `sum` or `prod`.
 * @param a - the array.
 * @param axis - the axis.
 * @returns a new array
 */
export function scan(fn: string, op: 'sum' | 'prod', a: ndarray, axis: number | null | undefined): ndarray {
  const src = axis === undefined || axis === null ? ravel(a) : a;
  if (src.ndim === 1 && axis !== undefined && axis !== null) axesArg(fn, axis, 1);
  const ax = src.ndim === 1 ? 0 : axesArg(fn, axis ?? 0, src.ndim)![0]!;
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
    op: fn,
    kernel: SCAN,
    args: [
      { store: v(out), privilege: 'write-discard' },
      { store: v(s), privilege: 'read' },
    ],
    scalars: [op === 'prod' ? 1 : 0, dt === 'int32' ? 1 : dt === 'float32' ? 2 : 0],
    constraints: [project(0, 1, [...Array(r).keys(), -1])],
    key: 0,
  });
  return new ndarray(out);
}
