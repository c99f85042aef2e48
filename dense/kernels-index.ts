/** Kernels of advanced indexing: gather/scatter through index arrays (nonzero: kernels-nonzero.ts). */
import { registerKernel } from '../runtime/index.js';
import { TAKE } from './kernel-names.js';

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
