/**
 * Kernels of dense/nonzero.ts. Blocks `[lo, hi)` of the array's C-order positions (block `b`:
 * positions `[b·B, min(n, (b+1)·B))`, scalars `[n, B]`); arg 1 is the array (any view). Each
 * kernel unravels a block's first position into coordinates and walks the view from there (kernels
 * ship to the workers as source: no shared helper).
 */
import { registerKernel } from '../runtime/index.js';
import { NONZERO_COUNT, NONZERO_FILL, NONZERO_SCAN } from './kernel-names.js';

/** arg 0: the counts (one per block, written); arg 1: the array. */
registerKernel(NONZERO_COUNT, (t) => {
  const cnt = t.arrays[0]!;
  const co = t.offsets[0]!;
  const a = t.arrays[1]!;
  const shape = t.shapes[1]!;
  const st = t.strides[1]!;
  const nd = shape.length;
  const n = t.scalars[0]!;
  const B = t.scalars[1]!;
  const idx = new Array(nd).fill(0);
  for (let b = t.lo[0]!; b < t.hi[0]!; b++) {
    const start = b * B;
    const end = Math.min(n, start + B);
    let off = t.offsets[1]!;
    let r = start;
    for (let d = nd - 1; d >= 0; d--) {
      idx[d] = r % shape[d]!;
      r = Math.floor(r / shape[d]!);
      off += idx[d] * st[d]!;
    }
    let c = 0;
    for (let k = start; k < end; k++) {
      if (a[off] !== 0) c++;
      for (let d = nd - 1; d >= 0; d--) {
        off += st[d]!;
        if (++idx[d] < shape[d]!) break;
        off -= st[d]! * shape[d]!;
        idx[d] = 0;
      }
    }
    cnt[co + b] = c;
  }
});

/** arg 0: offsets (nb + 1): element 0 set to 0, then the counts in 1..nb summed in place. */
registerKernel(NONZERO_SCAN, (t) => {
  const x = t.arrays[0]!;
  const o = t.offsets[0]!;
  const len = t.shapes[0]![0]!;
  x[o] = 0;
  for (let k = 1; k < len; k++) x[o + k] = x[o + k]! + x[o + k - 1]!;
});

/** arg 0: block offsets (read), arg 1: the array, args 2..: one int32 output per dimension. */
registerKernel(NONZERO_FILL, (t) => {
  const offs = t.arrays[0]!;
  const oo = t.offsets[0]!;
  const a = t.arrays[1]!;
  const shape = t.shapes[1]!;
  const st = t.strides[1]!;
  const nd = shape.length;
  const n = t.scalars[0]!;
  const B = t.scalars[1]!;
  const idx = new Array(nd).fill(0);
  for (let b = t.lo[0]!; b < t.hi[0]!; b++) {
    const start = b * B;
    const end = Math.min(n, start + B);
    let off = t.offsets[1]!;
    let r = start;
    for (let d = nd - 1; d >= 0; d--) {
      idx[d] = r % shape[d]!;
      r = Math.floor(r / shape[d]!);
      off += idx[d] * st[d]!;
    }
    let w = offs[oo + b]!;
    for (let k = start; k < end; k++) {
      if (a[off] !== 0) {
        for (let d = 0; d < nd; d++) t.arrays[2 + d]![t.offsets[2 + d]! + w] = idx[d];
        w++;
      }
      for (let d = nd - 1; d >= 0; d--) {
        off += st[d]!;
        if (++idx[d] < shape[d]!) break;
        off -= st[d]! * shape[d]!;
        idx[d] = 0;
      }
    }
  }
});
