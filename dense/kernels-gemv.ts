/**
 * The float64 matrix–vector product y = M·x, partitioned by rows of y (M's rows projected, x
 * whole). Two sweeps, chosen by M's strides:
 * - rows contiguous (`A @ x` on a row-major A): one sum per row, four accumulators (s0…s3 take
 *   k ≡ 0…3 mod 4, the rest to s0, result `s0 + s1 + (s2 + s3)`), on the Wasm SIMD row sweep of
 *   `gemv-wasm.ts` (three rows per step) when M and x are contiguous in the region heap, else in
 *   JavaScript — the same bits; any other strides take the JavaScript loop in that order too;
 * - columns contiguous (`A.T @ x`, `x @ A` on a row-major A): per chunk of `IB` (8192) rows, y += x[j]·M[:, j]
 *   over the columns, four at a time (`gemv-wasm.ts` gives the order), Wasm SIMD for the even
 *   rows of a chunk where it can run, JavaScript for the rest — the same bits.
 * Each y[i] is summed by one task in an order fixed by i, K and the strides only, so the result
 * is bitwise the same at every worker count and every partition.
 */
import { registerKernel, type TaskContext } from '../runtime/index.js';
import { GEMV_ROWS_PER_STEP, gemvColumnsWasmBytes, gemvRowsWasmBytes, gemvWarmModules } from './gemv-wasm.js';
import { GEMV_F64 } from './kernel-names.js';

/** Stand for the modules' bytes in the kernel's source; replaced by array literals (or null). */
declare const __GEMV_COLS_WASM__: number[] | null;
declare const __GEMV_ROWS_WASM__: number[] | null;
/** Stands for GEMV_ROWS_PER_STEP in the kernel's source (replaced by its value). */
declare const __GEMV_ROW_STEP__: number;

/** The slice of the WebAssembly API used here (the project's `lib` has no WebAssembly types). */
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

/** The column sweep's export (gemv-wasm.ts): byte addresses, strides, counts. */
type GemvColsFn = (
  yp: number,
  cp: number,
  ldc: number,
  xp: number,
  xs: number,
  nc: number,
  n: number,
) => void;
/** The row sweep's export (gemv-wasm.ts). */
type GemvRowsFn = (
  yp: number,
  ys: number,
  mp: number,
  ldm: number,
  xp: number,
  nr: number,
  k: number,
  g: number,
  gy: number,
) => void;

/** Args: y (key, write-discard, 1-D), M (rows projected, 2-D), x (broadcast, 1-D); all float64. */
const gemvKernel = (t: TaskContext): void => {
  const Y = t.arrays[0] as Float64Array;
  const M = t.arrays[1] as Float64Array;
  const X = t.arrays[2] as Float64Array;
  const yo = t.offsets[0]!;
  const ys = t.strides[0]![0]!;
  const mo = t.offsets[1]!;
  const m0 = t.strides[1]![0]!;
  const m1 = t.strides[1]![1]!;
  const xo = t.offsets[2]!;
  const xs = t.strides[2]![0]!;
  const K = t.shapes[1]![1]!;
  const i0 = t.lo[0]!;
  const i1 = t.hi[0]!;
  const g = globalThis as unknown as {
    WebAssembly: WasmApi;
    __cohortWasmModule?: (bytes: Uint8Array, elements: number) => object;
    __cohortGemvMods?: { cols: object | null; rows: object | null };
    __cohortGemv?: {
      mem: unknown;
      cols: GemvColsFn | null;
      rows: GemvRowsFn | null;
    };
  };
  const heap = t.heap;
  let w = g.__cohortGemv;
  if (heap && (w === undefined || w.mem !== heap)) {
    // No inner functions here: the kernel ships as source, and a bundler's name helper
    // (tsx's `__name`) would not exist in the worker.
    const colsBytes = __GEMV_COLS_WASM__;
    const rowsBytes = __GEMV_ROWS_WASM__;
    const Wasm = g.WebAssembly;
    // Compiled once per thread (the warm-up's own memories and the heap share the code, so the
    // tier-up the warm-up triggers is kept); instantiated per memory.
    let mods = g.__cohortGemvMods;
    if (mods === undefined) {
      mods = {
        // Optimized from the first call (runtime/wasm-tier.ts): the sweeps run on whole matrices.
        cols:
          colsBytes === null
            ? null
            : (g.__cohortWasmModule?.(new Uint8Array(colsBytes), Infinity) ??
              new Wasm.Module(new Uint8Array(colsBytes))),
        rows:
          rowsBytes === null
            ? null
            : (g.__cohortWasmModule?.(new Uint8Array(rowsBytes), Infinity) ??
              new Wasm.Module(new Uint8Array(rowsBytes))),
      };
      g.__cohortGemvMods = mods;
    }
    w = {
      mem: heap,
      cols:
        mods.cols === null
          ? null
          : (new Wasm.Instance(mods.cols, { e: { mem: heap } }).exports.kernel as GemvColsFn),
      rows:
        mods.rows === null
          ? null
          : (new Wasm.Instance(mods.rows, { e: { mem: heap } }).exports.kernel as GemvRowsFn),
    };
    g.__cohortGemv = w;
  }
  const colsW = heap && w ? w.cols : null;
  const rowsW = heap && w ? w.rows : null;
  if (m0 === 1 && m1 !== 1 && K > 0) {
    // Chunks of 8192 rows of y (64 KiB, kept in L2 across the column passes): each column is
    // read in runs of up to 64 KiB, long enough for the hardware prefetchers (8000² from memory,
    // one thread: 1024-row chunks, 8 KiB runs, ~14 GB/s best; 8192, ~21).
    const IB = 8192;
    for (let c0 = i0; c0 < i1; c0 += IB) {
      const n = Math.min(i1, c0 + IB) - c0;
      const yb = yo + c0 * ys;
      const mb = mo + c0;
      for (let i = 0; i < n; i++) Y[yb + i * ys] = 0;
      let first = 0;
      if (colsW !== null && ys === 1) {
        first = n & ~1;
        colsW(Y.byteOffset + 8 * yb, M.byteOffset + 8 * mb, 8 * m1, X.byteOffset + 8 * xo, 8 * xs, K, first);
      }
      if (first === n) continue;
      let j = 0;
      for (; j + 3 < K; j += 4) {
        const x0 = X[xo + j * xs]!;
        const x1 = X[xo + (j + 1) * xs]!;
        const x2 = X[xo + (j + 2) * xs]!;
        const x3 = X[xo + (j + 3) * xs]!;
        const p0 = mb + j * m1;
        const p1 = p0 + m1;
        const p2 = p1 + m1;
        const p3 = p2 + m1;
        for (let i = first; i < n; i++) {
          Y[yb + i * ys] += x0 * M[p0 + i]! + x1 * M[p1 + i]! + (x2 * M[p2 + i]! + x3 * M[p3 + i]!);
        }
      }
      for (; j < K; j++) {
        const xj = X[xo + j * xs]!;
        const p = mb + j * m1;
        for (let i = first; i < n; i++) Y[yb + i * ys] += xj * M[p + i]!;
      }
    }
    return;
  }
  let from = i0;
  if (rowsW !== null && m1 === 1 && xs === 1) {
    // R = GEMV_ROWS_PER_STEP rows per step (each x load serves R rows): row i of each of the R
    // parts of the piece's rows, so that a step reads R memory streams a part apart, not one
    // (125,000 × 32 from memory: 3.2 → 1.7 ms on one thread with four); then the last n mod R
    // rows one at a time. Every row is summed in the order of the loop below, whatever its
    // neighbours.
    const R = __GEMV_ROW_STEP__;
    const n = i1 - i0;
    const nb = Math.floor(n / R);
    const yb = Y.byteOffset + 8 * (yo + i0 * ys);
    const mb = M.byteOffset + 8 * (mo + i0 * m0);
    const xb = X.byteOffset + 8 * xo;
    if (nb > 0) rowsW(yb, 8 * ys, mb, 8 * m0, xb, R * nb, K, 8 * nb * m0, 8 * nb * ys);
    if (n > R * nb)
      rowsW(yb + 8 * R * nb * ys, 8 * ys, mb + 8 * R * nb * m0, 8 * m0, xb, n - R * nb, K, 0, 0);
    from = i1;
  }
  for (let i = from; i < i1; i++) {
    const r = mo + i * m0;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let k = 0;
    if (m1 === 1 && xs === 1) {
      const d = xo - r;
      for (; k + 3 < K; k += 4) {
        const p = r + k;
        s0 += M[p]! * X[p + d]!;
        s1 += M[p + 1]! * X[p + d + 1]!;
        s2 += M[p + 2]! * X[p + d + 2]!;
        s3 += M[p + 3]! * X[p + d + 3]!;
      }
    } else {
      for (; k + 3 < K; k += 4) {
        s0 += M[r + k * m1]! * X[xo + k * xs]!;
        s1 += M[r + (k + 1) * m1]! * X[xo + (k + 1) * xs]!;
        s2 += M[r + (k + 2) * m1]! * X[xo + (k + 2) * xs]!;
        s3 += M[r + (k + 3) * m1]! * X[xo + (k + 3) * xs]!;
      }
    }
    for (; k < K; k++) s0 += M[r + k * m1]! * X[xo + k * xs]!;
    Y[yo + i * ys] = s0 + s1 + (s2 + s3);
  }
};

{
  const api = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  const literal = (bytes: Uint8Array) => (api?.validate(bytes) ? `[${Array.from(bytes).join(',')}]` : 'null');
  const colsBytes = gemvColumnsWasmBytes();
  const rowsBytes = gemvRowsWasmBytes();
  const source = gemvKernel
    .toString()
    .replace(/\b__GEMV_COLS_WASM__\b/, literal(colsBytes))
    .replace(/\b__GEMV_ROWS_WASM__\b/, literal(rowsBytes))
    .replace(/\b__GEMV_ROW_STEP__\b/g, String(GEMV_ROWS_PER_STEP));
  // Products and sums of any numbers, NaN and ±Inf included: it never throws.
  registerKernel(GEMV_F64, new Function(`return (${source});`)() as (t: TaskContext) => void, {
    source,
    nothrow: true,
    // Compiled and warmed here once, shared with every worker (tier-up included).
    globals: () =>
      api?.validate(colsBytes) ? { __cohortGemvMods: gemvWarmModules(colsBytes, rowsBytes) } : {},
    // A worker whose first call is a long loop stays on slow code (ANCHORS.md): warm every
    // sweep on a 24×20 matrix, in turn rows/columns contiguous, in a heap (Wasm) or not.
    warm: () => {
      const g = globalThis as unknown as {
        __cohortGemvWarm?: number;
        __cohortGemvWarmMem?: { buffer: SharedArrayBuffer };
        WebAssembly: { Memory: new (d: object) => { buffer: SharedArrayBuffer } };
      };
      const v = (g.__cohortGemvWarm ?? 0) + 1;
      g.__cohortGemvWarm = v;
      const cols = v % 2 === 0;
      const inHeap = v % 4 < 2;
      // One small memory per thread for every warm-up call (a fresh shared memory per call cost a
      // reservation and an instance each: ten of both per thread).
      if (inHeap && g.__cohortGemvWarmMem === undefined)
        g.__cohortGemvWarmMem = new g.WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
      const mem = inHeap ? g.__cohortGemvWarmMem! : null;
      const buf = mem === null ? new SharedArrayBuffer(8 * 1024) : mem.buffer;
      const M = new Float64Array(buf, 0, 480).fill(0.5);
      const X = new Float64Array(buf, 8 * 512, 20).fill(0.25);
      const Y = new Float64Array(buf, 8 * 600, 24);
      return {
        arrays: [Y, M, X],
        offsets: [0, 0, 0],
        strides: [[1], cols ? [1, 24] : [20, 1], [1]],
        shapes: [[24], [24, 20], [20]],
        lo: [0],
        hi: [24],
        scalars: [],
        futures: [],
        color: 0,
        colors: 1,
        partials: null,
        block: 0,
        heap: mem,
      };
    },
  });
}
