/** Kernels of advanced indexing: gather/scatter through index arrays, and nonzero. */
import { registerKernel } from '../runtime/index.js';
import { NONZERO, TAKE } from './kernel-names.js';

/**
 * arg 0: the index-shaped side R (gather: out; scatter: values), arg 1: the base view, args 2..:
 * index arrays viewed with R's shape. scalars: [dir, m, nd, S[0..nd), advStride[0..m), advSize[0..m)].
 * dir 0 gathers base → R, dir 1 scatters R → base. Iterates the piece [lo, hi) of R.
 */
registerKernel(TAKE, (t) => {
  const c = t.scalars;
  const dir = c[0]!;
  const m = c[1]!;
  const nd = c[2]!;
  const R = t.arrays[0]!;
  const B = t.arrays[1]!;
  const rs = t.strides[0]!;
  const lo = t.lo;
  const hi = t.hi;
  for (let d = 0; d < nd; d++) if (hi[d]! <= lo[d]!) return;
  const idx = lo.slice();
  for (;;) {
    let ro = t.offsets[0]!;
    let bo = t.offsets[1]!;
    for (let d = 0; d < nd; d++) {
      ro += idx[d]! * rs[d]!;
      bo += idx[d]! * c[3 + d]!;
    }
    for (let k = 0; k < m; k++) {
      const s = t.strides[2 + k]!;
      let io = t.offsets[2 + k]!;
      for (let d = 0; d < nd; d++) io += idx[d]! * s[d]!;
      let v = t.arrays[2 + k]![io]!;
      const n = c[3 + nd + m + k]!;
      if (v < 0) v += n;
      if (v < 0 || v >= n) throw new Error(`index ${v} is out of bounds for size ${n}`);
      bo += v * c[3 + nd + k]!;
    }
    if (dir === 0) R[ro] = B[bo]!;
    else B[bo] = R[ro]!;
    let d = nd - 1;
    for (; d >= 0; d--) {
      if (++idx[d]! < hi[d]!) break;
      idx[d] = lo[d]!;
    }
    if (d < 0) break;
  }
});

/**
 * arg 0: the (bool or numeric) array, args 1..nd: int32 outputs, one per dimension. One piece:
 * walks the array in C order writing each nonzero element's coordinates.
 */
registerKernel(NONZERO, (t) => {
  const a = t.arrays[0]!;
  const shape = t.shapes[0]!;
  const st = t.strides[0]!;
  const nd = shape.length;
  let total = 1;
  for (let d = 0; d < nd; d++) total *= shape[d]!;
  if (total === 0) return;
  const idx = new Array(nd).fill(0);
  let off = t.offsets[0]!;
  let w = 0;
  for (let k = 0; k < total; k++) {
    if (a[off] !== 0) {
      for (let d = 0; d < nd; d++) t.arrays[1 + d]![t.offsets[1 + d]! + w] = idx[d];
      w++;
    }
    for (let d = nd - 1; d >= 0; d--) {
      off += st[d]!;
      if (++idx[d] < shape[d]!) break;
      off -= st[d]! * shape[d]!;
      idx[d] = 0;
    }
  }
});
