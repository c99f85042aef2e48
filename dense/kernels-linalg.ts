/** Kernels of linear algebra: the blocked matrix products and dot-product partials. */
import { registerKernel, type TaskContext } from '../runtime/index.js';
import { dotWasmBytes } from './dot-wasm.js';
import { GEMM_MR, GEMM_NR, GEMM_NR_PACKED, gemmWarmModule, gemmWasmBytes } from './gemm-wasm.js';
import { DOT, MATMUL, MATMUL_F64 } from './kernel-names.js';

/** Stands for the module's bytes in {@link matmulF64}'s source; replaced by an array literal. */
declare const __GEMM_WASM__: number[];
/** Stands for the module's bytes in the dot kernel's source (see `dot-wasm.ts`). */
declare const __DOT_WASM__: number[] | null;
/** Stands for the two-block module's bytes (`dotWasmBytes(2)`) in the dot kernel's source. */
declare const __DOT2_WASM__: number[] | null;

/** The slice of the WebAssembly API used here (the project's `lib` has no WebAssembly types). */
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
/** The GEMM module's export: C[mc×nc] (+)= packed A[mc×kc] · packed B[kc×nc] (dense/gemm-wasm.ts). */
export type GemmFn = (
  ap: number,
  bp: number,
  cp: number,
  mc: number,
  nc: number,
  kc: number,
  ldc: number,
  first: number,
) => void;
interface GemmInstance {
  gemm: GemmFn;
  mem: { buffer: ArrayBuffer; grow(pages: number): number };
}

/**
 * C[lo0:hi0, lo1:hi1] = A[rows, :] @ B[:, cols] in plain JavaScript (where WebAssembly SIMD is
 * missing). Args: C (key), A (rows projected), B (whole).
 * B is packed transposed per block of 64 columns × 256 k, then a 4×4 register tile accumulates
 * each block before adding to C; every element sums k in the same order whatever the tiling.
 */
registerKernel(MATMUL, (t) => {
  const C = t.arrays[0]!;
  const A = t.arrays[1]!;
  const B = t.arrays[2]!;
  const co = t.offsets[0]!;
  const cs0 = t.strides[0]![0]!;
  const cs1 = t.strides[0]![1]!;
  const ao = t.offsets[1]!;
  const as0 = t.strides[1]![0]!;
  const as1 = t.strides[1]![1]!;
  const bo = t.offsets[2]!;
  const bs0 = t.strides[2]![0]!;
  const bs1 = t.strides[2]![1]!;
  const K = t.shapes[1]![1]!;
  const i0 = t.lo[0]!;
  const i1 = t.hi[0]!;
  const j0 = t.lo[1]!;
  const j1 = t.hi[1]!;
  for (let i = i0; i < i1; i++) for (let j = j0; j < j1; j++) C[co + i * cs0 + j * cs1] = 0;
  if (K === 0) return;
  const JB = 64;
  const KB = 256;
  const P = new Float64Array(JB * KB);
  for (let jj = j0; jj < j1; jj += JB) {
    const je = Math.min(j1, jj + JB);
    const nj = je - jj;
    for (let kk = 0; kk < K; kk += KB) {
      const ke = Math.min(K, kk + KB);
      const nk = ke - kk;
      for (let j = 0; j < nj; j++) {
        const src = bo + (jj + j) * bs1 + kk * bs0;
        for (let k = 0; k < nk; k++) P[j * nk + k] = B[src + k * bs0]!;
      }
      let i = i0;
      for (; i + 3 < i1; i += 4) {
        const a0 = ao + i * as0 + kk * as1;
        const a1 = a0 + as0;
        const a2 = a1 + as0;
        const a3 = a2 + as0;
        let j = 0;
        for (; j + 3 < nj; j += 4) {
          const p0 = j * nk;
          const p1 = p0 + nk;
          const p2 = p1 + nk;
          const p3 = p2 + nk;
          let c00 = 0,
            c01 = 0,
            c02 = 0,
            c03 = 0,
            c10 = 0,
            c11 = 0,
            c12 = 0,
            c13 = 0;
          let c20 = 0,
            c21 = 0,
            c22 = 0,
            c23 = 0,
            c30 = 0,
            c31 = 0,
            c32 = 0,
            c33 = 0;
          for (let k = 0; k < nk; k++) {
            const x0 = A[a0 + k * as1]!;
            const x1 = A[a1 + k * as1]!;
            const x2 = A[a2 + k * as1]!;
            const x3 = A[a3 + k * as1]!;
            const y0 = P[p0 + k]!;
            const y1 = P[p1 + k]!;
            const y2 = P[p2 + k]!;
            const y3 = P[p3 + k]!;
            c00 += x0 * y0;
            c01 += x0 * y1;
            c02 += x0 * y2;
            c03 += x0 * y3;
            c10 += x1 * y0;
            c11 += x1 * y1;
            c12 += x1 * y2;
            c13 += x1 * y3;
            c20 += x2 * y0;
            c21 += x2 * y1;
            c22 += x2 * y2;
            c23 += x2 * y3;
            c30 += x3 * y0;
            c31 += x3 * y1;
            c32 += x3 * y2;
            c33 += x3 * y3;
          }
          const c0 = co + i * cs0 + (jj + j) * cs1;
          const c1 = c0 + cs0;
          const c2 = c1 + cs0;
          const c3 = c2 + cs0;
          C[c0] += c00;
          C[c0 + cs1] += c01;
          C[c0 + 2 * cs1] += c02;
          C[c0 + 3 * cs1] += c03;
          C[c1] += c10;
          C[c1 + cs1] += c11;
          C[c1 + 2 * cs1] += c12;
          C[c1 + 3 * cs1] += c13;
          C[c2] += c20;
          C[c2 + cs1] += c21;
          C[c2 + 2 * cs1] += c22;
          C[c2 + 3 * cs1] += c23;
          C[c3] += c30;
          C[c3 + cs1] += c31;
          C[c3 + 2 * cs1] += c32;
          C[c3 + 3 * cs1] += c33;
        }
        for (; j < nj; j++) {
          for (let r = 0; r < 4; r++) {
            const ar = a0 + r * as0;
            let acc = 0;
            for (let k = 0; k < nk; k++) acc += A[ar + k * as1]! * P[j * nk + k]!;
            C[co + (i + r) * cs0 + (jj + j) * cs1] += acc;
          }
        }
      }
      for (; i < i1; i++) {
        const ar = ao + i * as0 + kk * as1;
        for (let j = 0; j < nj; j++) {
          let acc = 0;
          for (let k = 0; k < nk; k++) acc += A[ar + k * as1]! * P[j * nk + k]!;
          C[co + i * cs0 + (jj + j) * cs1] += acc;
        }
      }
    }
  }
});

/**
 * Dot-product partials, one per block of the piece. Contiguous float64 operands in the region
 * heap run the Wasm SIMD loop of `dot-wasm.ts` (compiled once per thread and heap, kept on
 * `globalThis`; the bytes are spliced into this source); everything else the JavaScript loop.
 * Both give the same bits: per block, eight partial sums s0…s7 over k ≡ 0…7 (mod 8), the last
 * (block length mod 8) products into s0, then `((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))`
 * (`dot-wasm.ts`). Full blocks go two at a time, a half of the piece's full blocks apart
 * (`dotWasmBytes(2)`: four memory streams; each partial keeps its bits). Args: x (key), y (aligned).
 */
const dotKernel = (t: TaskContext): void => {
  const X = t.arrays[0]!;
  const Y = t.arrays[1]!;
  const xo = t.offsets[0]!;
  const xs = t.strides[0]![0]!;
  const yo = t.offsets[1]!;
  const ys = t.strides[1]![0]!;
  const P = t.partials!;
  const Bk = t.block;
  const wasm = __DOT_WASM__;
  if (
    wasm !== null &&
    t.heap &&
    xs === 1 &&
    ys === 1 &&
    X instanceof Float64Array &&
    Y instanceof Float64Array
  ) {
    const g = globalThis as unknown as {
      WebAssembly: WasmApi;
      __cohortDot?: {
        mem: unknown;
        fn: (xp: number, yp: number, n: number) => number;
        fn2: ((xa: number, ya: number, xb: number, yb: number, n: number) => number[]) | null;
      };
    };
    let w = g.__cohortDot;
    if (w === undefined || w.mem !== t.heap) {
      const mod = new g.WebAssembly.Module(new Uint8Array(wasm));
      const fn = new g.WebAssembly.Instance(mod, { e: { mem: t.heap } }).exports.kernel as (
        xp: number,
        yp: number,
        n: number,
      ) => number;
      const wasm2 = __DOT2_WASM__;
      const fn2 =
        wasm2 === null
          ? null
          : (new g.WebAssembly.Instance(new g.WebAssembly.Module(new Uint8Array(wasm2)), {
              e: { mem: t.heap },
            }).exports.kernel as (xa: number, ya: number, xb: number, yb: number, n: number) => number[]);
      w = { mem: t.heap, fn, fn2 };
      g.__cohortDot = w;
    }
    const f = w.fn;
    const f2 = w.fn2;
    const xb = X.byteOffset + 8 * xo;
    const yb = Y.byteOffset + 8 * yo;
    let from = t.lo[0]!;
    // Full blocks in pairs a half of them apart (four memory streams, not two; each partial has
    // the bits of its one-block call), then the rest one at a time.
    const h = Math.floor((t.hi[0]! - from) / Bk) >> 1;
    if (f2 !== null && h > 0) {
      for (let j = 0; j < h; j++) {
        const a = from + j * Bk;
        const b = a + h * Bk;
        const r = f2(xb + 8 * a, yb + 8 * a, xb + 8 * b, yb + 8 * b, Bk);
        P[(a / Bk) | 0] = r[0]!;
        P[(b / Bk) | 0] = r[1]!;
      }
      from += 2 * h * Bk;
    }
    for (let b0 = from; b0 < t.hi[0]!; b0 += Bk) {
      const e = Math.min(t.hi[0]!, b0 + Bk);
      P[(b0 / Bk) | 0] = f(xb + 8 * b0, yb + 8 * b0, e - b0);
    }
    return;
  }
  for (let b0 = t.lo[0]!; b0 < t.hi[0]!; b0 += Bk) {
    const e = Math.min(t.hi[0]!, b0 + Bk);
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let s4 = 0;
    let s5 = 0;
    let s6 = 0;
    let s7 = 0;
    let k = b0;
    if (xs === 1 && ys === 1) {
      const d = yo - xo;
      for (; k + 7 < e; k += 8) {
        const p = xo + k;
        s0 += X[p]! * Y[p + d]!;
        s1 += X[p + 1]! * Y[p + d + 1]!;
        s2 += X[p + 2]! * Y[p + d + 2]!;
        s3 += X[p + 3]! * Y[p + d + 3]!;
        s4 += X[p + 4]! * Y[p + d + 4]!;
        s5 += X[p + 5]! * Y[p + d + 5]!;
        s6 += X[p + 6]! * Y[p + d + 6]!;
        s7 += X[p + 7]! * Y[p + d + 7]!;
      }
    } else {
      for (; k + 7 < e; k += 8) {
        const p = xo + k * xs;
        const q = yo + k * ys;
        s0 += X[p]! * Y[q]!;
        s1 += X[p + xs]! * Y[q + ys]!;
        s2 += X[p + 2 * xs]! * Y[q + 2 * ys]!;
        s3 += X[p + 3 * xs]! * Y[q + 3 * ys]!;
        s4 += X[p + 4 * xs]! * Y[q + 4 * ys]!;
        s5 += X[p + 5 * xs]! * Y[q + 5 * ys]!;
        s6 += X[p + 6 * xs]! * Y[q + 6 * ys]!;
        s7 += X[p + 7 * xs]! * Y[q + 7 * ys]!;
      }
    }
    for (; k < e; k++) s0 += X[xo + k * xs]! * Y[yo + k * ys]!;
    P[(b0 / Bk) | 0] = s0 + s1 + (s2 + s3) + (s4 + s5 + (s6 + s7));
  }
};
{
  const bytes = dotWasmBytes();
  const bytes2 = dotWasmBytes(2);
  const api = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  const ok = api?.validate(bytes) === true;
  const ok2 = ok && api?.validate(bytes2) === true;
  const source = dotKernel
    .toString()
    .replace(/\b__DOT_WASM__\b/, ok ? `[${Array.from(bytes).join(',')}]` : 'null')
    .replace(/\b__DOT2_WASM__\b/, ok2 ? `[${Array.from(bytes2).join(',')}]` : 'null');
  // Products and sums of any numbers, NaN and ±Inf included: it never throws.
  registerKernel(DOT, new Function(`return (${source});`)() as (t: TaskContext) => void, {
    source,
    nothrow: true,
  });
}

/**
 * C[lo0:hi0, lo1:hi1] = A[rows, :] @ B[:, cols] for float64 stores, on the Wasm micro-kernel of
 * `gemm-wasm.ts` (GotoBLAS loop order). Per chunk of at most `RB` rows and per block of `NC`
 * columns: for each `KC` slice of k, pack B's slice into column panels (k-major, 4 columns per
 * k), then per `MC` rows pack A's slice into row panels and let the micro-kernel store
 * (first slice) or add (later slices) the block's products into a chunk-sized accumulator Cb,
 * which is finally copied into C. Every element is `(Σ_{k<256} + Σ_{256≤k<512}) + …`, each Σ in
 * k order from +0: the scalar kernel's order, whatever the pieces. Packing pads partial panels with
 * zeros (their lanes are never copied out).
 * `NC` = 1024: A's panels are packed once per k slice for matrices up to 1024 columns wide; with
 * 256 (measured) A was packed 4× for n = 1000 and the micro-kernel ran ~15% slower.
 * The module is compiled once per thread and kept on `globalThis` (the kernel has no free
 * variables; its bytes are spliced into its source). K ≤ 8: a plain loop per element, the same
 * order (Σ in k order from +0), no packing.
 */
const matmulF64 = (t: TaskContext): void => {
  const C = t.arrays[0] as Float64Array;
  const A = t.arrays[1] as Float64Array;
  const B = t.arrays[2] as Float64Array;
  const co = t.offsets[0]!;
  const cs0 = t.strides[0]![0]!;
  const cs1 = t.strides[0]![1]!;
  const ao = t.offsets[1]!;
  const as0 = t.strides[1]![0]!;
  const as1 = t.strides[1]![1]!;
  const bo = t.offsets[2]!;
  const bs0 = t.strides[2]![0]!;
  const bs1 = t.strides[2]![1]!;
  const K = t.shapes[1]![1]!;
  const i0 = t.lo[0]!;
  const i1 = t.hi[0]!;
  const j0 = t.lo[1]!;
  const j1 = t.hi[1]!;
  if (K === 0) {
    for (let i = i0; i < i1; i++) for (let j = j0; j < j1; j++) C[co + i * cs0 + j * cs1] = 0;
    return;
  }
  if (K <= 8) {
    // A short sum (kmeans' data @ centroids.T has K = 2): packing costs more than the products.
    // Each element is Σ in k order from +0 — the micro-kernel's order, the same bits.
    // B's block is copied k-major into a local array (small: K ≤ 8 rows); K = 1, 2 unrolled.
    const nj = j1 - j0;
    const bl = new Float64Array(K * nj);
    for (let k = 0; k < K; k++)
      for (let j = 0; j < nj; j++) bl[k * nj + j] = B[bo + k * bs0 + (j0 + j) * bs1]!;
    for (let i = i0; i < i1; i++) {
      const a = ao + i * as0;
      const c = co + i * cs0 + j0 * cs1;
      if (K === 1) {
        const a0 = A[a]!;
        for (let j = 0; j < nj; j++) C[c + j * cs1] = 0 + a0 * bl[j]!;
      } else if (K === 2) {
        const a0 = A[a]!;
        const a1 = A[a + as1]!;
        for (let j = 0; j < nj; j++) C[c + j * cs1] = 0 + a0 * bl[j]! + a1 * bl[nj + j]!;
      } else {
        for (let j = 0; j < nj; j++) {
          let s = 0;
          for (let k = 0; k < K; k++) s += A[a + k * as1]! * bl[k * nj + j]!;
          C[c + j * cs1] = s;
        }
      }
    }
    return;
  }
  const g = globalThis as unknown as {
    WebAssembly: WasmApi;
    __cohortGemmF64?: GemmInstance;
    __cohortGemmMod?: { mod: object; warmed: boolean };
  };
  let w = g.__cohortGemmF64;
  if (w === undefined) {
    // The issuing thread's compiled and warmed module when the pool shipped it (`globals`), else
    // compiled here.
    const mod = g.__cohortGemmMod?.mod ?? new g.WebAssembly.Module(new Uint8Array(__GEMM_WASM__));
    const ex = new g.WebAssembly.Instance(mod, {}).exports;
    w = { gemm: ex.gemm as GemmInstance['gemm'], mem: ex.mem as GemmInstance['mem'] };
    g.__cohortGemmF64 = w;
  }
  const gemm = w.gemm;
  const MR = 4; // GEMM_MR
  const NR = 4; // GEMM_NR
  const NP = 4; // GEMM_NR_PACKED: doubles per k of a packed B panel
  const KC = 256;
  const MC = 64;
  const NC = 1024;
  const RB = 2048;
  const rows = i1 - i0;
  const ncMax = Math.ceil(Math.min(NC, j1 - j0) / NR) * NR;
  const rbMax = Math.ceil(Math.min(RB, rows) / MR) * MR;
  const kcMax = Math.min(KC, K);
  const bBytes = kcMax * (ncMax / NR) * NP * 8;
  const aBytes = Math.min(MC, rbMax) * kcMax * 8;
  const need = bBytes + aBytes + rbMax * ncMax * 8;
  const have = w.mem.buffer.byteLength;
  if (have < need) w.mem.grow(Math.ceil((need - have) / 65536));
  const H = new Float64Array(w.mem.buffer);
  const bp = 0;
  const ap = bBytes;
  const cp = bBytes + aBytes;
  const b8 = bp / 8;
  const a8 = ap / 8;
  const c8 = cp / 8;
  for (let r0 = i0; r0 < i1; r0 += RB) {
    const r1 = Math.min(i1, r0 + RB);
    const mr = r1 - r0;
    for (let jc = j0; jc < j1; jc += NC) {
      const nc = Math.min(NC, j1 - jc);
      const ncq = Math.ceil(nc / NR) * NR;
      for (let pc = 0; pc < K; pc += KC) {
        const kc = Math.min(KC, K - pc);
        // B[pc:pc+kc, jc:jc+nc] → panels of kc × (b0 b1 b2 b3), zero-padded.
        for (let jr = 0; jr < ncq; jr += NR) {
          let d = b8 + (jr / NR) * kc * NP;
          const w4 = Math.min(NR, nc - jr);
          const s0 = bo + pc * bs0 + (jc + jr) * bs1;
          for (let k = 0; k < kc; k++) {
            const s = s0 + k * bs0;
            const x0 = B[s]!;
            const x1 = w4 > 1 ? B[s + bs1]! : 0;
            const x2 = w4 > 2 ? B[s + 2 * bs1]! : 0;
            const x3 = w4 > 3 ? B[s + 3 * bs1]! : 0;
            H[d] = x0;
            H[d + 1] = x1;
            H[d + 2] = x2;
            H[d + 3] = x3;
            d += NP;
          }
        }
        for (let ic = 0; ic < mr; ic += MC) {
          const mc = Math.min(MC, mr - ic);
          const mcq = Math.ceil(mc / MR) * MR;
          // A[rows, pc:pc+kc] → panels of kc × (a0 a1 a2 a3), zero-padded.
          for (let ir = 0; ir < mcq; ir += MR) {
            let d = a8 + ir * kc;
            const h4 = Math.min(MR, mc - ir);
            const s0 = ao + (r0 + ic + ir) * as0 + pc * as1;
            if (h4 === 4) {
              for (let k = 0; k < kc; k++) {
                const s = s0 + k * as1;
                H[d] = A[s]!;
                H[d + 1] = A[s + as0]!;
                H[d + 2] = A[s + 2 * as0]!;
                H[d + 3] = A[s + 3 * as0]!;
                d += 4;
              }
            } else {
              for (let k = 0; k < kc; k++) {
                const s = s0 + k * as1;
                for (let q = 0; q < MR; q++) H[d + q] = q < h4 ? A[s + q * as0]! : 0;
                d += MR;
              }
            }
          }
          gemm(ap, bp, cp + ic * ncq * 8, mcq, ncq, kc, ncq * 8, pc === 0 ? 1 : 0);
        }
      }
      for (let i = 0; i < mr; i++) {
        const src = c8 + i * ncq;
        const dst = co + (r0 + i) * cs0 + jc * cs1;
        if (cs1 === 1) C.set(H.subarray(src, src + nc), dst);
        else for (let j = 0; j < nc; j++) C[dst + j * cs1] = H[src + j]!;
      }
    }
  }
};

/**
 * Whether this engine runs WebAssembly SIMD (Node ≥ 16.4 does): then float64 products use
 * {@link MATMUL_F64}, else the plain-JavaScript {@link MATMUL}.
 * @example HAS_GEMM_SIMD // true
 */
export const HAS_GEMM_SIMD: boolean = (() => {
  const bytes = gemmWasmBytes();
  if (GEMM_MR !== 4 || GEMM_NR !== 4 || GEMM_NR_PACKED !== 4)
    throw new Error('matmulF64 is written for the 4×4 micro-kernel with B panels of 4 per k');
  const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  if (wasm === undefined || !wasm.validate(bytes)) return false;
  const source = matmulF64.toString().replace(/\b__GEMM_WASM__\b/, `[${Array.from(bytes).join(',')}]`);
  registerKernel(MATMUL_F64, new Function(`return (${source});`)() as (t: TaskContext) => void, {
    source,
    // Compiled and warmed here once, shared with every worker (tier-up included).
    globals: () => ({ __cohortGemmMod: gemmWarmModule(bytes) }),
    warm: () => {
      // 9×300 @ 300×7 through strided views: both k slices, partial panels, all packing paths.
      const A = new Float64Array(9 * 300).fill(0.5);
      const B = new Float64Array(300 * 7).fill(0.25);
      return {
        arrays: [new Float64Array(63), A, B],
        offsets: [0, 0, 0],
        strides: [
          [7, 1],
          [300, 1],
          [1, 300],
        ],
        shapes: [
          [9, 7],
          [9, 300],
          [300, 7],
        ],
        lo: [0, 0],
        hi: [9, 7],
        scalars: [],
        futures: [],
        color: 0,
        colors: 1,
        partials: null,
        block: 0,
      };
    },
  });
  return true;
})();
