/**
 * The image task's kernel as it was before the per-dtype kernels of runtime/image-kernel.ts (issue
 * 24): one generic loop per mode. Kept as the reference the new kernel's slots are compared with
 * (tests/runtime/image-kernel.test.ts) and as the "before" of benchmarks/runtime/_image-scan.ts.
 */
import { registerKernel, type TaskContext } from '../../runtime/kernels.js';

/**
 * The task: the image of source piece `t.lo[0]` into its slot of `t.arrays[1]` (count, then
 * sorted disjoint non-adjacent pairs). Shipped to workers as source text: no free variables.
 */
export function referenceImageKernel(t: TaskContext): void {
  const src = t.arrays[0]!;
  const out = t.arrays[1]!;
  const sc = t.scalars;
  const mode = sc[0]!;
  const exact = sc[1]! === 1;
  const ext = sc[2]!;
  const K = sc[3]!;
  const off = sc[4]!;
  const s0 = sc[5]!;
  const s1 = sc[6]!;
  const c = t.lo[0]!;
  const from = sc[8 + c]!;
  const to = sc[9 + c]!;
  const o = c * (1 + 2 * K);
  let pairs: number[] = [];
  if (mode === 0 && !exact) {
    let mn = Number.POSITIVE_INFINITY;
    let mx = Number.NEGATIVE_INFINITY;
    for (let k = from; k < to; k += 2) {
      for (let i = sc[k]!; i < sc[k + 1]!; i++) {
        const v = src[off + i * s0]!;
        if (v < 0 || v >= ext) continue;
        if (v < mn) mn = v;
        if (v > mx) mx = v;
      }
    }
    if (mx >= mn) pairs.push(mn, mx + 1);
  } else if (mode === 0) {
    let m = 0;
    for (let k = from; k < to; k += 2) m += sc[k + 1]! - sc[k]!;
    if (m * 8 >= ext) {
      const mark = new Uint8Array(ext);
      for (let k = from; k < to; k += 2) {
        for (let i = sc[k]!; i < sc[k + 1]!; i++) {
          const v = src[off + i * s0]!;
          if (v >= 0 && v < ext) mark[v] = 1;
        }
      }
      let p = 0;
      while (p < ext) {
        while (p < ext && mark[p] === 0) p++;
        if (p >= ext) break;
        const s = p;
        while (p < ext && mark[p] === 1) p++;
        pairs.push(s, p);
      }
    } else {
      const vals = new Float64Array(m);
      let n = 0;
      for (let k = from; k < to; k += 2) {
        for (let i = sc[k]!; i < sc[k + 1]!; i++) {
          const v = src[off + i * s0]!;
          if (v >= 0 && v < ext) vals[n++] = v;
        }
      }
      const view = vals.subarray(0, n);
      view.sort();
      let k = 0;
      while (k < n) {
        const s = view[k]!;
        let e = s + 1;
        k++;
        while (k < n && view[k]! <= e) {
          if (view[k] === e) e++;
          k++;
        }
        pairs.push(s, e);
      }
    }
  } else {
    const raw: number[] = [];
    for (let k = from; k < to; k += 2) {
      if (mode === 1) {
        raw.push(Math.max(0, src[off + sc[k]! * s0]!), Math.min(ext, src[off + sc[k + 1]! * s0]!));
      } else {
        for (let i = sc[k]!; i < sc[k + 1]!; i++) {
          const at = off + i * s0;
          raw.push(Math.max(0, src[at]!), Math.min(ext, src[at + s1]!));
        }
      }
    }
    const n = raw.length >> 1;
    const idx: number[] = [];
    for (let q = 0; q < n; q++) idx.push(q);
    idx.sort((a, b) => raw[2 * a]! - raw[2 * b]! || a - b);
    for (let j = 0; j < n; j++) {
      const s = raw[2 * idx[j]!]!;
      const e = raw[2 * idx[j]! + 1]!;
      if (e <= s) continue;
      if (pairs.length > 0 && s <= pairs[pairs.length - 1]!) {
        if (e > pairs[pairs.length - 1]!) pairs[pairs.length - 1] = e;
      } else pairs.push(s, e);
    }
    if (!exact && pairs.length > 2) pairs = [pairs[0]!, pairs[pairs.length - 1]!];
  }
  if (pairs.length > 2 * K) {
    // Coarsen: buckets of g destination points, each kept whole if any of its points is hit.
    const g = Math.ceil(ext / K);
    const coarse: number[] = [];
    for (let k = 0; k < pairs.length; k += 2) {
      const s = Math.floor(pairs[k]! / g) * g;
      const e = Math.min(ext, Math.ceil(pairs[k + 1]! / g) * g);
      if (coarse.length > 0 && s <= coarse[coarse.length - 1]!) {
        if (e > coarse[coarse.length - 1]!) coarse[coarse.length - 1] = e;
      } else coarse.push(s, e);
    }
    pairs = coarse;
  }
  out[o] = pairs.length >> 1;
  for (let k = 0; k < pairs.length; k++) out[o + 1 + k] = pairs[k]!;
}

/** The reference kernel's registered name (same scalars and slots as `runtime.image.<dtype>`). */
export const REFERENCE_IMAGE_KERNEL = 'test.image.reference';
registerKernel(REFERENCE_IMAGE_KERNEL, referenceImageKernel);
