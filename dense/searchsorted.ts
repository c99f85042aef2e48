/**
 * `searchsorted`: one binary search per needle, in parallel over the needles (the sorted array is
 * read whole by every piece). Comparisons order NaN last, as NumPy's sort and searchsorted do.
 */
import { align, broadcast, launch, registerKernel } from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { copyAs } from './ewise.js';
import { SEARCHSORTED } from './kernel-names.js';
import { ndarray } from './ndarray.js';

/** arg 0: int32 out, arg 1: needles (aligned, contiguous 1-D), arg 2: the sorted array (whole). scalars: [right]. */
registerKernel(SEARCHSORTED, (t) => {
  const O = t.arrays[0]!;
  const V = t.arrays[1]!;
  const A = t.arrays[2]!;
  const oo = t.offsets[0]!;
  const vo = t.offsets[1]!;
  const ao = t.offsets[2]!;
  const as = t.strides[2]![0]!;
  const na = t.shapes[2]![0]!;
  const right = t.scalars[0] === 1;
  for (let k = t.lo[0]!; k < t.hi[0]!; k++) {
    const v = V[vo + k]!;
    const vnan = Number.isNaN(v);
    let lo = 0;
    let hi = na;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const x = A[ao + mid * as]!;
      // left: is x < v ? right: is x <= v ? (NaN is the largest value)
      const xnan = Number.isNaN(x);
      const before = right ? (vnan ? true : !xnan && x <= v) : vnan ? !xnan : x < v;
      if (before) lo = mid + 1;
      else hi = mid;
    }
    O[oo + k] = lo;
  }
});

/**
 * The insertion points of `v` in the sorted 1-D `a` (`side` 'left': the first suitable one).
 * @returns int32 indices with `v`'s shape
 */
export function searchsortedCore(fn: string, a: ndarray, v: ndarray, right: boolean): ndarray {
  const shape = v.shape;
  const n = v.size;
  const out = allocStore('int32', [n], false);
  if (n > 0) {
    const vs = copyAs(fn, v.ndim === 1 ? v : v.reshape(n)).store;
    launch({
      op: fn,
      kernel: SEARCHSORTED,
      args: [
        { store: out, privilege: 'write-discard' },
        { store: vs, privilege: 'read' },
        { store: a.store, privilege: 'read' },
      ],
      scalars: [right ? 1 : 0],
      constraints: SS_CONS,
      key: 0,
    });
  }
  return new ndarray(out).reshape(shape);
}
const SS_CONS = Object.freeze([align(0, 1), broadcast(2)]);
