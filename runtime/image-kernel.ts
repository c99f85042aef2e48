/**
 * The image task's kernel (image-task.ts): the image of one source piece into its slot of the
 * result — the count, then at most `K` sorted disjoint non-adjacent pairs (coarsened to buckets
 * of ⌈ext / K⌉ destination points beyond that, a superset).
 *
 * Registered once per source dtype (`runtime.image.<dtype>`, the same source text): each thread
 * builds one function per registration, so every load site sees one typed-array class — the
 * single kernel it replaces ran one generic loop for every dtype at ~4–7 ns per index. The
 * common case, the min/max of contiguous int32 indices (`'point'`, not exact: the x image of a
 * CSR SpMV), runs on a WebAssembly SIMD scan (image-wasm.ts) when the source is in the region
 * heap. The slots are exactly those of the previous kernel, kept as the test reference
 * (tests/runtime/image-kernel-ref.ts) and compared over random sources, modes, pieces and `K`.
 */
import { DTYPES, type DType } from './dtype.js';
import { imageMinMaxWasmBytes, imageWarmModule } from './image-wasm.js';
import { registerKernel, type TaskContext } from './kernels.js';

/** Stands for the Wasm module's bytes in the kernel's source (an array literal, or null). */
declare const __IMAGE_WASM__: number[] | null;

/** The slice of the WebAssembly API the kernel uses (the project's `lib` has no Wasm types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

/**
 * The task: the image of source piece `t.lo[0]` into its slot of `t.arrays[1]`. Scalars: mode
 * (0 point, 1 offsets, 2 range), exact, ext, K, the source's offset and strides, colors, then the
 * per-color table of source pairs and the pairs. Shipped as source text: no free variables, no
 * named inner functions.
 */
function imageKernel(t: TaskContext): void {
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
  if (mode === 0 && !exact && src instanceof Int32Array) {
    // Integers: the order of the scan cannot change the result, so it may be vectorized.
    let mn = 2147483647;
    let mx = -1;
    const g = globalThis as unknown as {
      WebAssembly: WasmApi;
      __cohortImageMod?: object | null;
      __cohortImageWasm?: { mem: unknown; fn: (p: number, n: number, e: number) => number[] };
    };
    let wasm: ((p: number, n: number, e: number) => number[]) | null = null;
    if (t.heap && s0 === 1) {
      let w = g.__cohortImageWasm;
      if (w === undefined || w.mem !== t.heap) {
        if (g.__cohortImageMod === undefined) {
          const bytes = __IMAGE_WASM__;
          g.__cohortImageMod = bytes === null ? null : new g.WebAssembly.Module(new Uint8Array(bytes));
        }
        const mod = g.__cohortImageMod;
        if (mod !== null) {
          const fn = new g.WebAssembly.Instance(mod, { e: { mem: t.heap } }).exports.kernel as (
            p: number,
            n: number,
            e: number,
          ) => number[];
          w = { mem: t.heap, fn };
          g.__cohortImageWasm = w;
        }
      }
      if (w !== undefined && w.mem === t.heap) wasm = w.fn;
    }
    // Values are int32: an extent past 2³¹ admits every non-negative one.
    const lim = ext > 2147483648 ? 2147483648 : ext;
    for (let k = from; k < to; k += 2) {
      let p = off + sc[k]! * s0;
      const n = sc[k + 1]! - sc[k]!;
      let q = 0;
      if (wasm !== null && n >= 64) {
        q = n - (n & 15);
        const r = wasm(src.byteOffset + 4 * p, q, lim);
        if (r[0]! >= 0) {
          if (r[0]! < mn) mn = r[0]!;
          if (r[1]! > mx) mx = r[1]!;
        }
        p += q;
      }
      if (s0 === 1) {
        // (A bound on the position, not a count: the faster loop shape in V8 here.)
        for (const e = p + n - q; p < e; p++) {
          const v = src[p]!;
          if (v >= 0 && v < lim) {
            if (v < mn) mn = v;
            if (v > mx) mx = v;
          }
        }
      } else {
        for (; q < n; q++, p += s0) {
          const v = src[p]!;
          if (v >= 0 && v < lim) {
            if (v < mn) mn = v;
            if (v > mx) mx = v;
          }
        }
      }
    }
    if (mx >= mn) pairs.push(mn, mx + 1);
  } else if (mode === 0 && !exact) {
    // Any other dtype: the same comparisons in the same order as the reference (ties of -0 and
    // 0 keep the first, as there).
    let mn = Number.POSITIVE_INFINITY;
    let mx = Number.NEGATIVE_INFINITY;
    for (let k = from; k < to; k += 2) {
      const n = sc[k + 1]! - sc[k]!;
      let p = off + sc[k]! * s0;
      for (let q = 0; q < n; q++, p += s0) {
        const v = src[p]!;
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
      // Dense: mark the hit points (a fractional value marks nothing, as in the reference).
      // Only [lo, hi] of the marks can hold runs: a piece hitting a narrow band of a long
      // destination scans that band, not the whole destination.
      const mark = new Uint8Array(ext);
      let lo = ext;
      let hi = -1;
      for (let k = from; k < to; k += 2) {
        const n = sc[k + 1]! - sc[k]!;
        let p = off + sc[k]! * s0;
        for (let q = 0; q < n; q++, p += s0) {
          const v = src[p]!;
          if (v >= 0 && v < ext) {
            mark[v] = 1;
            if (v < lo) lo = v;
            if (v > hi) hi = v;
          }
        }
      }
      const stop = hi < 0 ? 0 : Math.min(ext, Math.floor(hi) + 1);
      // (From +0 when the lowest hit is -0 or 0: a run starts at +0, as in the reference.)
      let p = lo > 0 ? Math.floor(lo) : 0;
      while (p < stop) {
        while (p < stop && mark[p] === 0) p++;
        if (p >= stop) break;
        const s = p;
        while (p < stop && mark[p] === 1) p++;
        pairs.push(s, p);
      }
    } else {
      const vals = new Float64Array(m);
      let n = 0;
      for (let k = from; k < to; k += 2) {
        const len = sc[k + 1]! - sc[k]!;
        let p = off + sc[k]! * s0;
        for (let q = 0; q < len; q++, p += s0) {
          const v = src[p]!;
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
    // 'offsets' (one pair per source interval) or 'range' (one per row): clipped ranges, merged
    // in the order of their starts (ties by position).
    let cnt = 0;
    if (mode === 1) cnt = (to - from) >> 1;
    else for (let k = from; k < to; k += 2) cnt += sc[k + 1]! - sc[k]!;
    const raw = new Float64Array(2 * cnt);
    let r = 0;
    let sorted = true;
    let last = Number.NEGATIVE_INFINITY;
    for (let k = from; k < to; k += 2) {
      if (mode === 1) {
        const s = Math.max(0, src[off + sc[k]! * s0]!);
        raw[r++] = s;
        raw[r++] = Math.min(ext, src[off + sc[k + 1]! * s0]!);
        if (s < last) sorted = false;
        last = s;
      } else {
        const n = sc[k + 1]! - sc[k]!;
        let at = off + sc[k]! * s0;
        for (let q = 0; q < n; q++, at += s0) {
          const s = Math.max(0, src[at]!);
          raw[r++] = s;
          raw[r++] = Math.min(ext, src[at + s1]!);
          if (s < last) sorted = false;
          last = s;
        }
      }
    }
    // Starts already in order (the usual case: offsets, sorted ranges): no sort needed.
    let idx: Int32Array | number[] | null = null;
    if (!sorted) {
      const order: number[] = [];
      for (let q = 0; q < cnt; q++) order.push(q);
      order.sort((a, b) => raw[2 * a]! - raw[2 * b]! || a - b);
      idx = order;
    }
    for (let j = 0; j < cnt; j++) {
      const q = idx === null ? j : idx[j]!;
      const s = raw[2 * q]!;
      const e = raw[2 * q + 1]!;
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

const KERNEL = 'runtime.image';

/** The image kernel's registered name for a source of `dtype`. */
export function imageKernelName(dtype: DType): string {
  return `${KERNEL}.${dtype}`;
}

{
  const api = (globalThis as unknown as { WebAssembly?: { validate(b: Uint8Array): boolean } }).WebAssembly;
  const bytes = imageMinMaxWasmBytes();
  const hasWasm = api?.validate(bytes) === true;
  const source = imageKernel
    .toString()
    .replace(/\b__IMAGE_WASM__\b/, hasWasm ? `[${Array.from(bytes).join(',')}]` : 'null');
  for (const dtype of DTYPES) {
    // One function per dtype on this thread too (a fresh build of the source, its own feedback).
    registerKernel(
      imageKernelName(dtype),
      new Function(`return (${source});`)() as (t: TaskContext) => void,
      {
        source,
        // Only int32 sources use the module: compiled and tiered up here once, shared with workers.
        ...(dtype === 'int32' && hasWasm ? { globals: () => ({ __cohortImageMod: imageWarmModule() }) } : {}),
      },
    );
  }
}
