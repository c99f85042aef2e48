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
import { wasmOp } from '../../codegen/index.js';

const { I32, F64, V128, get, set, i32c, i32Add, i32Sub, i32And, i32Shl, i32LtU, i32GeU } = wasmOp;
const { f64Load, f64Store, f64Add, f64Mul, block, loop, end, br, brIf, ifThen } = wasmOp;
const { v128Load, v128Store, v128Zero, f64x2Lane, f64x2Add, f64x2Mul } = wasmOp;

const i32Load = (off: number): number[] => [0x28, 2, ...uleb(off)];
const f64Sub = [0xa1];
const f64Zero = [0x44, 0, 0, 0, 0, 0, 0, 0, 0];
const f64x2Sub = [0xfd, 0xf1, 0x01];
const f64x2Splat = [0xfd, 0x14];
const i32GeS = [0x4e];
const i32LtS = [0x48];
const i32GtS = [0x4a];
const select = [0x1b];
const ret = [0x0f];
const call = (f: number): number[] => [0x10, ...uleb(f)];

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}
const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const str = (s: string): number[] => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

interface Fn {
  readonly name: string;
  readonly params: number[];
  readonly results: number[];
  readonly locals: number[];
  readonly code: number[];
}

/** Function indices (in {@link FNS} order). */
const DOT_PART = 0;
const SPMV_ROWS = 2;
const YMX = 4;

function c(...xs: number[][]): number[] {
  return xs.flat();
}

/** `for (b0 = 0; b0 < n; b0 += B) { e = min(b0 + B, n); body }` with b0, e, n, B locals. */
function blocks(b0: number, e: number, n: number, B: number, body: number[]): number[] {
  return c(
    i32c(0),
    set(b0),
    block,
    loop,
    get(b0),
    get(n),
    i32GeU,
    brIf(1),
    get(b0),
    get(B),
    i32Add,
    get(n),
    get(b0),
    get(B),
    i32Add,
    get(n),
    i32LtU,
    select,
    set(e),
    body,
    get(b0),
    get(B),
    i32Add,
    set(b0),
    br(0),
    end,
    end,
  );
}

/** `dst ← u ∘ v·a` over pairs then the tail; `sub` picks −, `swap` reads y as v (p ← z + p·β). */
function update(sub: boolean): Fn {
  // Params 0 yp, 1 a, 2 xp, 3 lo, 4 hi; locals 5 i, 6 stop, 7 av (v128).
  const [YP, A, XP, LO, HI, I, STOP, AV] = [0, 1, 2, 3, 4, 5, 6, 7];
  const op2 = sub ? f64x2Sub : f64x2Add;
  const op1 = sub ? f64Sub : f64Add;
  return {
    name: sub ? 'ymx' : 'ypx',
    params: [I32, F64, I32, I32, I32],
    results: [],
    locals: [I32, I32, V128],
    code: c(
      get(A),
      f64x2Splat,
      set(AV),
      get(LO),
      i32c(3),
      i32Shl,
      set(I),
      get(HI),
      get(LO),
      i32Sub,
      i32c(-2),
      i32And,
      get(LO),
      i32Add,
      i32c(3),
      i32Shl,
      set(STOP),
      block,
      loop,
      get(I),
      get(STOP),
      i32GeU,
      brIf(1),
      get(YP),
      get(I),
      i32Add,
      get(YP),
      get(I),
      i32Add,
      v128Load(0),
      get(XP),
      get(I),
      i32Add,
      v128Load(0),
      get(AV),
      f64x2Mul,
      op2,
      v128Store(0),
      get(I),
      i32c(16),
      i32Add,
      set(I),
      br(0),
      end,
      end,
      get(HI),
      i32c(3),
      i32Shl,
      set(STOP),
      block,
      loop,
      get(I),
      get(STOP),
      i32GeU,
      brIf(1),
      get(YP),
      get(I),
      i32Add,
      get(YP),
      get(I),
      i32Add,
      f64Load,
      get(XP),
      get(I),
      i32Add,
      f64Load,
      get(A),
      f64Mul,
      op1,
      f64Store,
      get(I),
      i32c(8),
      i32Add,
      set(I),
      br(0),
      end,
      end,
      end,
    ),
  };
}

/** p ← z + p·β: params 0 pp, 1 β, 2 zp, 3 lo, 4 hi. */
function zpp(): Fn {
  const [PP, BETA, ZP, LO, HI, I, STOP, BV] = [0, 1, 2, 3, 4, 5, 6, 7];
  return {
    name: 'zpp',
    params: [I32, F64, I32, I32, I32],
    results: [],
    locals: [I32, I32, V128],
    code: c(
      get(BETA),
      f64x2Splat,
      set(BV),
      get(LO),
      i32c(3),
      i32Shl,
      set(I),
      get(HI),
      get(LO),
      i32Sub,
      i32c(-2),
      i32And,
      get(LO),
      i32Add,
      i32c(3),
      i32Shl,
      set(STOP),
      block,
      loop,
      get(I),
      get(STOP),
      i32GeU,
      brIf(1),
      get(PP),
      get(I),
      i32Add,
      get(ZP),
      get(I),
      i32Add,
      v128Load(0),
      get(PP),
      get(I),
      i32Add,
      v128Load(0),
      get(BV),
      f64x2Mul,
      f64x2Add,
      v128Store(0),
      get(I),
      i32c(16),
      i32Add,
      set(I),
      br(0),
      end,
      end,
      get(HI),
      i32c(3),
      i32Shl,
      set(STOP),
      block,
      loop,
      get(I),
      get(STOP),
      i32GeU,
      brIf(1),
      get(PP),
      get(I),
      i32Add,
      get(ZP),
      get(I),
      i32Add,
      f64Load,
      get(PP),
      get(I),
      i32Add,
      f64Load,
      get(BETA),
      f64Mul,
      f64Add,
      f64Store,
      get(I),
      i32c(8),
      i32Add,
      set(I),
      br(0),
      end,
      end,
      end,
    ),
  };
}

/** The partial of one block: params 0 xp, 1 yp, 2 lo, 3 hi. */
function dotPart(): Fn {
  const [XP, YP, LO, HI, I, STOP, A01, A23, S0, S1, S2, S3] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  const acc = (a: number, off: number) =>
    c(
      get(a),
      get(XP),
      get(I),
      i32Add,
      v128Load(off),
      get(YP),
      get(I),
      i32Add,
      v128Load(off),
      f64x2Mul,
      f64x2Add,
      set(a),
    );
  return {
    name: 'dotPart',
    params: [I32, I32, I32, I32],
    results: [F64],
    locals: [I32, I32, V128, V128, F64, F64, F64, F64],
    code: c(
      get(LO),
      i32c(3),
      i32Shl,
      set(I),
      get(HI),
      get(LO),
      i32Sub,
      i32c(-4),
      i32And,
      get(LO),
      i32Add,
      i32c(3),
      i32Shl,
      set(STOP),
      v128Zero,
      set(A01),
      v128Zero,
      set(A23),
      block,
      loop,
      get(I),
      get(STOP),
      i32GeU,
      brIf(1),
      acc(A01, 0),
      acc(A23, 16),
      get(I),
      i32c(32),
      i32Add,
      set(I),
      br(0),
      end,
      end,
      get(A01),
      f64x2Lane(0),
      set(S0),
      get(A01),
      f64x2Lane(1),
      set(S1),
      get(A23),
      f64x2Lane(0),
      set(S2),
      get(A23),
      f64x2Lane(1),
      set(S3),
      get(HI),
      i32c(3),
      i32Shl,
      set(STOP),
      block,
      loop,
      get(I),
      get(STOP),
      i32GeU,
      brIf(1),
      get(S0),
      get(XP),
      get(I),
      i32Add,
      f64Load,
      get(YP),
      get(I),
      i32Add,
      f64Load,
      f64Mul,
      f64Add,
      set(S0),
      get(I),
      i32c(8),
      i32Add,
      set(I),
      br(0),
      end,
      end,
      get(S0),
      get(S1),
      f64Add,
      get(S2),
      get(S3),
      f64Add,
      f64Add,
      end,
    ),
  };
}

/** Σ over blocks: params 0 xp, 1 yp, 2 n, 3 B. */
function dotBlocks(): Fn {
  const [XP, YP, N, B, B0, E, TOT] = [0, 1, 2, 3, 4, 5, 6];
  return {
    name: 'dotBlocks',
    params: [I32, I32, I32, I32],
    results: [F64],
    locals: [I32, I32, F64],
    code: c(
      f64Zero,
      set(TOT),
      blocks(B0, E, N, B, c(get(TOT), get(XP), get(YP), get(B0), get(E), call(DOT_PART), f64Add, set(TOT))),
      get(TOT),
      end,
    ),
  };
}

/** The SpMV loop: params 0 P, 1 C, 2 V, 3 xp, 4 yp, 5 lo, 6 hi. */
function spmvRows(): Fn {
  const [P, C, V, XP, YP, LO, HI, I, K, END, S] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  return {
    name: 'spmvRows',
    params: [I32, I32, I32, I32, I32, I32, I32],
    results: [],
    locals: [I32, I32, I32, F64],
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
      get(P),
      get(I),
      i32c(2),
      i32Shl,
      i32Add,
      i32Load(0),
      set(K),
      get(P),
      get(I),
      i32c(2),
      i32Shl,
      i32Add,
      i32Load(4),
      set(END),
      block,
      loop,
      get(K),
      get(END),
      i32GeS,
      brIf(1),
      get(S),
      get(V),
      get(K),
      i32c(3),
      i32Shl,
      i32Add,
      f64Load,
      get(XP),
      get(C),
      get(K),
      i32c(2),
      i32Shl,
      i32Add,
      i32Load(0),
      i32c(3),
      i32Shl,
      i32Add,
      f64Load,
      f64Mul,
      f64Add,
      set(S),
      get(K),
      i32c(1),
      i32Add,
      set(K),
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

/** y ← y − x·a and y·y block by block: params 0 yp, 1 a, 2 xp, 3 n, 4 B. */
function axmyDot(): Fn {
  const [YP, A, XP, N, B, B0, E, TOT] = [0, 1, 2, 3, 4, 5, 6, 7];
  return {
    name: 'axmyDot',
    params: [I32, F64, I32, I32, I32],
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
          get(YP),
          get(A),
          get(XP),
          get(B0),
          get(E),
          call(YMX),
          get(TOT),
          get(YP),
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
const FNS = (): Fn[] => [
  dotPart(),
  dotBlocks(),
  spmvRows(),
  spmvDot(),
  update(true),
  update(false),
  zpp(),
  axmyDot(),
  checkCsr(),
];

/**
 * The module's bytes (imports `e.mem`, the shared region heap, as dense's Wasm kernels do).
 * @returns the bytes
 * @example WebAssembly.validate(oneTaskWasmBytes()) // true
 */
export function oneTaskWasmBytes(): Uint8Array {
  const fns = FNS();
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
