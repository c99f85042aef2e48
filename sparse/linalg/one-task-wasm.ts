/**
 * The loops of one-task solves (one-task-kernels.ts) as one WebAssembly module over the region
 * heap. WebAssembly is compiled before its first call (V8's baseline tier, then optimized in the
 * background), so a solve's first iterations do not run in the JavaScript interpreter: the cold
 * start the first solve of a process paid (issue 16 item 4). Every function does the JavaScript
 * loop's arithmetic in its order (the dot's four accumulators are the lanes of two `f64x2`
 * accumulators, as dense's dot module; element-wise updates round `x·a` then add, no fused
 * multiply-add), so results are bitwise those of the JavaScript loops.
 *
 * Exports (addresses are byte offsets in the heap, element ranges are `lo ≤ i < hi`):
 * `dotPart(xp, yp, lo, hi) → f64`, `dotBlocks(xp, yp, n, B) → f64`,
 * `spmvRows(P, C, V, xp, yp, lo, hi)`, `spmvDot(P, C, V, xp, yp, wp, n, B) → f64` (y ← A·x, w·y),
 * `ymx(yp, a, xp, lo, hi)` (y − x·a), `ypx(yp, a, xp, lo, hi)` (y + x·a),
 * `zpp(pp, β, zp, lo, hi)` (p ← z + p·β), `axmyDot(yp, a, xp, n, B) → f64`,
 * `checkCsr(P, C, n, cap) → i32` (1 when every row's range is ordered within `[0, cap]` and
 * every column index is in `[0, n)`: the Wasm SpMV then reads only the matrix's own entries).
 */
import {
  block,
  blocks,
  br,
  brIf,
  c,
  call,
  DOT_PART,
  end,
  F64,
  type Fn,
  f64Add,
  f64Load,
  f64Mul,
  f64Store,
  f64Zero,
  get,
  I32,
  i32Add,
  i32c,
  i32GeS,
  i32GeU,
  i32GtS,
  i32Load,
  i32LtS,
  i32Shl,
  ifThen,
  loop,
  ret,
  SPMV_ROWS,
  section,
  set,
  str,
  uleb,
  vec,
  YMX,
} from './one-task-wasm-asm.js';
import { axmyDot, dotBlocks, dotPart, update, zpp } from './one-task-wasm-vec.js';

/**
 * The SpMV loop: params 0 P, 1 C, 2 V, 3 xp, 4 yp, 5 lo, 6 hi. A row's entries are read through
 * byte pointers into V and C that step per entry (no index shift and add per access), `unroll`
 * entries per turn, then the rest one at a time — as codegen's CSR SpMV (codegen/wasm-induction.ts:
 * strength reduction and a doubled short body). The row's sum is still `((0 + v₀x₀) + v₁x₁) + …`
 * in entry order: the same bits. Pointers are compared unsigned (the heap reaches 3 GiB).
 * @param unroll entries per turn of the main loop (1: no unrolling)
 */
function spmvRows(unroll = SPMV_UNROLL): Fn {
  const [P, C, V, XP, YP, LO, HI, I, VP, CP, VEND, S] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  /** s = s + V[vp + 8q] · x[C[cp + 4q]] */
  const term = (q: number) =>
    c(
      get(S),
      get(VP),
      f64LoadAt(8 * q),
      get(XP),
      get(CP),
      i32Load(4 * q),
      i32c(3),
      i32Shl,
      i32Add,
      f64Load,
      f64Mul,
      f64Add,
      set(S),
    );
  const step = (q: number) => c(get(VP), i32c(8 * q), i32Add, set(VP), get(CP), i32c(4 * q), i32Add, set(CP));
  const terms: number[][] = [];
  for (let q = 0; q < unroll; q++) terms.push(term(q));
  return {
    name: 'spmvRows',
    params: [I32, I32, I32, I32, I32, I32, I32],
    results: [],
    locals: [I32, I32, I32, I32, F64],
    code: c(
      get(LO),
      set(I),
      block,
      loop,
      get(I),
      get(HI),
      i32GeS,
      brIf(1),
      f64Zero,
      set(S),
      // vp = V + 8·P[i], cp = C + 4·P[i], vend = V + 8·P[i + 1]
      get(P),
      get(I),
      i32c(2),
      i32Shl,
      i32Add,
      set(CP), // the address of P[i], for now
      get(V),
      get(CP),
      i32Load(4),
      i32c(3),
      i32Shl,
      i32Add,
      set(VEND),
      get(CP),
      i32Load(0),
      set(CP), // k = P[i]
      get(V),
      get(CP),
      i32c(3),
      i32Shl,
      i32Add,
      set(VP),
      get(C),
      get(CP),
      i32c(2),
      i32Shl,
      i32Add,
      set(CP),
      // while (vp + 8·(unroll − 1) < vend): unroll entries
      block,
      loop,
      get(VP),
      i32c(8 * (unroll - 1)),
      i32Add,
      get(VEND),
      i32GeU,
      brIf(1),
      ...terms,
      step(unroll),
      br(0),
      end,
      end,
      // while (vp < vend): one entry
      block,
      loop,
      get(VP),
      get(VEND),
      i32GeU,
      brIf(1),
      term(0),
      step(1),
      br(0),
      end,
      end,
      get(YP),
      get(I),
      i32c(3),
      i32Shl,
      i32Add,
      get(S),
      f64Store,
      get(I),
      i32c(1),
      i32Add,
      set(I),
      br(0),
      end,
      end,
      end,
    ),
  };
}

/** Entries per turn of {@link spmvRows}' main loop (measured: see sparse/linalg/README "One task"). */
const SPMV_UNROLL = 4;

/** An f64 load at a constant byte offset from the address on the stack. */
const f64LoadAt = (off: number): number[] => [0x2b, 3, ...uleb(off)];

/** y ← A·x and w·y block by block: params 0 P, 1 C, 2 V, 3 xp, 4 yp, 5 wp, 6 n, 7 B. */
function spmvDot(): Fn {
  const [P, C, V, XP, YP, WP, N, B, B0, E, TOT] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  return {
    name: 'spmvDot',
    params: [I32, I32, I32, I32, I32, I32, I32, I32],
    results: [F64],
    locals: [I32, I32, F64],
    code: c(
      f64Zero,
      set(TOT),
      blocks(
        B0,
        E,
        N,
        B,
        c(
          get(P),
          get(C),
          get(V),
          get(XP),
          get(YP),
          get(B0),
          get(E),
          call(SPMV_ROWS),
          get(TOT),
          get(WP),
          get(YP),
          get(B0),
          get(E),
          call(DOT_PART),
          f64Add,
          set(TOT),
        ),
      ),
      get(TOT),
      end,
    ),
  };
}

/** Structure check: params 0 P, 1 C, 2 n, 3 cap; 1 when safe to read unchecked. */
function checkCsr(): Fn {
  const [P, C, N, CAP, I, K, END] = [0, 1, 2, 3, 4, 5, 6];
  const fail = c(ifThen, i32c(0), ret, end);
  return {
    name: 'checkCsr',
    params: [I32, I32, I32, I32],
    results: [I32],
    locals: [I32, I32, I32],
    code: c(
      // P[0] ≥ 0 and P[n] ≤ cap.
      get(P),
      i32Load(0),
      i32c(0),
      i32LtS,
      fail,
      get(P),
      get(N),
      i32c(2),
      i32Shl,
      i32Add,
      i32Load(0),
      get(CAP),
      i32GtS,
      fail,
      // Rows ordered: P[i + 1] ≥ P[i].
      i32c(0),
      set(I),
      block,
      loop,
      get(I),
      get(N),
      i32GeS,
      brIf(1),
      get(P),
      get(I),
      i32c(2),
      i32Shl,
      i32Add,
      i32Load(4),
      get(P),
      get(I),
      i32c(2),
      i32Shl,
      i32Add,
      i32Load(0),
      i32LtS,
      fail,
      get(I),
      i32c(1),
      i32Add,
      set(I),
      br(0),
      end,
      end,
      // Columns in [0, n).
      get(P),
      i32Load(0),
      set(K),
      get(P),
      get(N),
      i32c(2),
      i32Shl,
      i32Add,
      i32Load(0),
      set(END),
      block,
      loop,
      get(K),
      get(END),
      i32GeS,
      brIf(1),
      get(C),
      get(K),
      i32c(2),
      i32Shl,
      i32Add,
      i32Load(0),
      get(N),
      i32GeU,
      fail,
      get(K),
      i32c(1),
      i32Add,
      set(K),
      br(0),
      end,
      end,
      i32c(1),
      end,
    ),
  };
}

/** The module's functions; the indices {@link DOT_PART}, {@link SPMV_ROWS}, {@link YMX} follow this order. */
const FNS = (spmvUnroll: number): Fn[] => [
  dotPart(),
  dotBlocks(),
  spmvRows(spmvUnroll),
  spmvDot(),
  update(true),
  update(false),
  zpp(),
  axmyDot(),
  checkCsr(),
];

/**
 * The module's bytes (imports `e.mem`, the shared region heap, as dense's Wasm kernels do).
 * @param spmvUnroll entries per turn of the SpMV's main loop (the same bits for any; tests and
 *   benchmarks compare them)
 * @returns the bytes
 * @example WebAssembly.validate(oneTaskWasmBytes()) // true
 */
export function oneTaskWasmBytes(spmvUnroll = SPMV_UNROLL): Uint8Array {
  const fns = FNS(spmvUnroll);
  const body = (f: Fn): number[] => {
    const b = [...vec(f.locals.map((t) => [1, t])), ...f.code];
    return [...uleb(b.length), ...b];
  };
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(
      1,
      vec(fns.map((f) => [0x60, ...vec(f.params.map((t) => [t])), ...vec(f.results.map((t) => [t]))])),
    ),
    ...section(2, vec([[...str('e'), ...str('mem'), 0x02, 0x03, ...uleb(0), ...uleb(65536)]])),
    ...section(3, vec(fns.map((_, i) => uleb(i)))),
    ...section(7, vec(fns.map((f, i) => [...str(f.name), 0x00, ...uleb(i)]))),
    ...section(10, vec(fns.map(body))),
  ]);
}
