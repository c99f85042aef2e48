/** `cumsum`: a scan along one axis (the flattened array when no axis). */
import { ArgumentTypeError, argMessage, launch, project, registerKernel } from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { sumResult } from './dtypes.js';
import { optionsArg } from './errors.js';
import { CUMSUM } from './kernel-names.js';
import { ndarray } from './ndarray.js';
import { axesArg } from './reduce.js';
import { ravel } from './shape.js';

/**
 * Arg 0: output, arg 1: input, both viewed with the scan axis last. Each line of the piece is
 * scanned from its start (the input's whole line is visible through `project(..., -1)`); only the
 * piece's part of the line is written, so any tiling of the output is correct.
 */
registerKernel(CUMSUM, (t) => {
  const O = t.arrays[0]!;
  const X = t.arrays[1]!;
  const os = t.strides[0]!;
  const xs = t.strides[1]!;
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
    let acc = 0;
    for (let k = 0; k < khi; k++) {
      acc += X[xo + k * xl]!;
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
 * Cumulative sum along `axis` (of the flattened array when `axis` is null/omitted). Integer and
 * bool input sums in int32.
 * @param a the array
 * @param opts `axis` (null or omitted: the flattened array)
 * @returns a new array
 * @example np.cumsum(np.array([1, 2, 3])).tolist() // [1, 3, 6]
 */
export function cumsum(a: ndarray, opts: { axis?: number | null } = {}): ndarray {
  opts = optionsArg('cumsum', opts);
  if (!(a instanceof ndarray)) throw new ArgumentTypeError(argMessage('cumsum', 'a', 'an ndarray', a));
  const src = opts.axis === undefined || opts.axis === null ? ravel(a) : a;
  const axis = src.ndim === 1 ? 0 : axesArg('cumsum', opts.axis ?? 0, src.ndim)![0]!;
  const s = src.store;
  const out = allocStore(sumResult(a.dtype), s.shape);
  if (out.size === 0) return new ndarray(out);
  const perm = [...s.shape.keys()].filter((d) => d !== axis).concat([axis]);
  const v = (st: typeof s) =>
    st.view(
      perm.map((d) => st.shape[d]!),
      perm.map((d) => st.strides[d]!),
      st.offset,
    );
  const r = perm.length - 1;
  launch({
    op: 'cumsum',
    kernel: CUMSUM,
    args: [
      { store: v(out), privilege: 'write-discard' },
      { store: v(s), privilege: 'read' },
    ],
    constraints: [project(0, 1, [...Array(r).keys(), -1])],
    key: 0,
  });
  return new ndarray(out);
}
