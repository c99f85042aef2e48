/**
 * Kernels of the engine's model-based test. Each one spins for `t.scalars[0]` ms first (random
 * task durations shuffle completion order), then works element-wise in ascending order, so the
 * sequential model is: every launch, its points in ascending order.
 */
import { registerKernel } from '../../runtime/index.js';

export const K = {
  map: 'test.model.map',
  gather: 'test.model.gather',
  scatter: 'test.model.scatter',
  bcast: 'test.model.bcast',
  sum: 'test.model.sum',
  addFuture: 'test.model.addFuture',
  scalar: 'test.model.scalar',
} as const;

let registered = false;

/** Registers the model's kernels once. */
export function registerModelKernels(): void {
  if (registered) return;
  registered = true;
  // out[i] = a*out[i] + in[i] + b   (mode 0: read-write / reduce; mode 1: write, ignores out)
  registerKernel(K.map, (t) => {
    const end = Date.now() + t.scalars[0]!;
    while (Date.now() < end);
    const o = t.arrays[0]!;
    const x = t.arrays[1]!;
    const a = t.scalars[1]!;
    const b = t.scalars[2]!;
    const keep = t.scalars[3]!;
    const oo = t.offsets[0]!;
    const os = t.strides[0]![0]!;
    const xo = t.offsets[1]!;
    const xs = t.strides[1]![0]!;
    for (let i = t.lo[0]!; i < t.hi[0]!; i++) {
      const prev = keep ? o[oo + i * os]! : 0;
      o[oo + i * os] = a * prev + x[xo + i * xs]! + b;
    }
  });
  // out[i] = src[idx[i]] + b   (src derived by an image of idx)
  registerKernel(K.gather, (t) => {
    const end = Date.now() + t.scalars[0]!;
    while (Date.now() < end);
    const o = t.arrays[0]!;
    const idx = t.arrays[1]!;
    const src = t.arrays[2]!;
    const oo = t.offsets[0]!;
    const os = t.strides[0]![0]!;
    for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[oo + i * os] = src[idx[i]!]! + t.scalars[1]!;
  });
  // dst[idx[i]] = in[i] * a   (dst derived by an image of idx: a write through an image)
  registerKernel(K.scatter, (t) => {
    const end = Date.now() + t.scalars[0]!;
    while (Date.now() < end);
    const idx = t.arrays[0]!;
    const x = t.arrays[1]!;
    const dst = t.arrays[2]!;
    const xo = t.offsets[1]!;
    const xs = t.strides[1]![0]!;
    for (let i = t.lo[0]!; i < t.hi[0]!; i++) dst[idx[i]!] = x[xo + i * xs]! * t.scalars[1]!;
  });
  // out[i] += sum of all of in (broadcast)
  registerKernel(K.bcast, (t) => {
    const end = Date.now() + t.scalars[0]!;
    while (Date.now() < end);
    const o = t.arrays[0]!;
    const x = t.arrays[1]!;
    const xo = t.offsets[1]!;
    const xs = t.strides[1]![0]!;
    const n = t.shapes[1]![0]!;
    let s = 0;
    for (let k = 0; k < n; k++) s += x[xo + k * xs]!;
    const oo = t.offsets[0]!;
    const os = t.strides[0]![0]!;
    for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[oo + i * os] = o[oo + i * os]! + s;
  });
  // partial per block: sum of the block's elements
  registerKernel(K.sum, (t) => {
    const end = Date.now() + t.scalars[0]!;
    while (Date.now() < end);
    const x = t.arrays[0]!;
    const xo = t.offsets[0]!;
    const xs = t.strides[0]![0]!;
    const p = t.partials!;
    for (let b0 = t.lo[0]!; b0 < t.hi[0]!; b0 += t.block) {
      const e = Math.min(t.hi[0]!, b0 + t.block);
      let s = 0;
      for (let i = b0; i < e; i++) s += x[xo + i * xs]!;
      p[(b0 / t.block) | 0] = s;
    }
  });
  // out[i] += future
  registerKernel(K.addFuture, (t) => {
    const end = Date.now() + t.scalars[0]!;
    while (Date.now() < end);
    const o = t.arrays[0]!;
    const oo = t.offsets[0]!;
    const os = t.strides[0]![0]!;
    const f = t.futures[0]!;
    for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[oo + i * os] = o[oo + i * os]! + f;
  });
  // scalar task: f0 * scalar - f1
  registerKernel(K.scalar, (t) => t.futures[0]! * t.scalars[0]! - t.futures[1]!);
}
