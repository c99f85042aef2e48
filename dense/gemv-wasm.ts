/**
 * The column sweep of the float64 GEMV as a WebAssembly module (SIMD128) over the region heap:
 * y[0:n] += Σ_j x[j]·M[0:n, j] for a column-major block (M[i, j] at `cp + i·8 + j·ldc`), the case
 * of `A.T @ x` and `x @ A` on a row-major A. The JavaScript kernel (kernels-gemv.ts) calls it for
 * the even part of each row chunk and finishes an odd last row itself, in the same order.
 *
 * Export `kernel(yp, cp, ldc, xp, xs, ncols, n)` (byte addresses of y[0], M[0, 0] and x[0]; byte
 * strides ldc between columns and xs between x's elements; `n` rows, even). Summation order of
 * every y[i], fixed whatever the rows or the pieces: columns in groups of four from j = 0,
 * y += ((x0·c0 + x1·c1) + (x2·c2 + x3·c3)); then the last ncols mod 4 columns one at a time,
 * y += x·c. Multiply and add round separately (no FMA), as in JavaScript.
 */
import { wasmKernelModule, wasmOp } from '../codegen/index.js';

const {
  I32,
  F64,
  V128,
  get,
  set,
  i32c,
  i32Add,
  i32Sub,
  i32And,
  i32LtU,
  i32GtU,
  i32Shl,
  i32GeU,
  ifThen,
  block,
  loop,
  end,
  br,
  brIf,
  v128Load,
  v128Store,
  load64Splat,
  f64x2Add,
  f64x2Mul,
  f64x2Lane,
  f64Load,
  f64Store,
  f64Add,
  f64Mul,
  v128Zero,
} = wasmOp;

/**
 * Assembles the module (imports `e.mem`, the shared region heap). A pass adds `groups` groups of
 * four columns to y, `vecs` vectors of y (two rows each) per step; the bits are the same for any
 * choice (y = (y + group 0) + group 1 …, one group after the other). The default, one group and
 * two vectors, keeps a step's eight column loads, four splatted x, the y vectors and their sums in
 * x64's 16 vector registers: two groups (sixteen loads a step) spilled to the stack (CPU time on
 * cached data, one thread: ~4 Gelem/s against ~5.7).
 * @param groups groups of four columns per pass (1 or 2)
 * @param vecs vectors of y per step (1 or 2)
 * @returns the module's bytes
 * @example WebAssembly.validate(gemvColumnsWasmBytes()) // true
 */
export function gemvColumnsWasmBytes(groups = 1, vecs = 2): Uint8Array {
  // Params 0 yp, 1 cp, 2 ldc, 3 xp, 4 xs, 5 ncols, 6 n; locals 7 j, 8 i (bytes), 9 stop (bytes),
  // 10 jstop, 11–18 column addresses c0…c7, 19–26 splatted x0…x7, 27–34 the columns' addresses
  // at the current rows, 35 the address of y there.
  const [YP, CP, LDC, XP, XS, NC, N, J, I, STOP, JSTOP] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const C = [11, 12, 13, 14, 15, 16, 17, 18];
  const X = [19, 20, 21, 22, 23, 24, 25, 26];
  const PC = [27, 28, 29, 30, 31, 32, 33, 34];
  const PY = 35;
  const [C0, X0] = [C[0]!, X[0]!];
  const body: number[] = [];
  const emit = (...xs: number[][]) => {
    for (const x of xs) body.push(...x);
  };
  const prod = (x: number, c: number) => emit(get(x), get(c), get(I), i32Add, v128Load(0), f64x2Mul);
  const prodAt = (x: number, pc: number, off: number) => emit(get(x), get(pc), v128Load(off), f64x2Mul);
  /** y[v] = ((y[v] + group 0) + group 1)… for the vector at byte offset `off` from py. */
  const rowsAt = (g: number, off: number) => {
    emit(get(PY), get(PY), v128Load(off));
    for (let h = 0; h < g; h++) {
      const q = 4 * h;
      prodAt(X[q]!, PC[q]!, off);
      prodAt(X[q + 1]!, PC[q + 1]!, off);
      emit(f64x2Add);
      prodAt(X[q + 2]!, PC[q + 2]!, off);
      prodAt(X[q + 3]!, PC[q + 3]!, off);
      emit(f64x2Add, f64x2Add, f64x2Add);
    }
    emit(v128Store(off));
  };
  /**
   * One pass over the rows for `g` groups of four columns: y = (y + group 0) + group 1 — the
   * order of g passes of one group each, with one load and store of y. Four rows of y per step
   * (two vectors, loads at immediate offsets from one address per column), then two if left.
   */
  const pass = (g: number) => {
    emit(block, loop, get(J), i32c(4 * g), i32Add, get(JSTOP), i32GtU, brIf(1));
    emit(get(CP), set(C0));
    for (let q = 1; q < 4 * g; q++) emit(get(C[q - 1]!), get(LDC), i32Add, set(C[q]!));
    for (let q = 0; q < 4 * g; q++)
      emit(get(XP), load64Splat(0), set(X[q]!), get(XP), get(XS), i32Add, set(XP));
    emit(i32c(0), set(I), block, loop, get(I), i32c(16 * vecs), i32Add, get(STOP), i32GtU, brIf(1));
    emit(get(YP), get(I), i32Add, set(PY));
    for (let q = 0; q < 4 * g; q++) emit(get(C[q]!), get(I), i32Add, set(PC[q]!));
    for (let v = 0; v < vecs; v++) rowsAt(g, 16 * v);
    emit(get(I), i32c(16 * vecs), i32Add, set(I), br(0), end, end);
    if (vecs === 2) {
      emit(get(I), get(STOP), i32LtU, ifThen);
      emit(get(YP), get(I), i32Add, set(PY));
      for (let q = 0; q < 4 * g; q++) emit(get(C[q]!), get(I), i32Add, set(PC[q]!));
      rowsAt(g, 0);
      emit(end);
    }
    emit(get(C[4 * g - 1]!), get(LDC), i32Add, set(CP));
    emit(get(J), i32c(4 * g), i32Add, set(J), br(0), end, end);
  };
  emit(get(N), i32c(3), i32Shl, set(STOP));
  emit(i32c(0), set(J), get(NC), i32c(-4), i32And, set(JSTOP));
  // Groups of four columns, `groups` per pass while they last, then fewer.
  for (let g = groups; g >= 1; g--) pass(g);
  // The last ncols mod 4 columns, one at a time.
  emit(block, loop, get(J), get(NC), i32GeU, brIf(1));
  emit(get(XP), load64Splat(0), set(X0), get(XP), get(XS), i32Add, set(XP));
  emit(i32c(0), set(I), block, loop, get(I), get(STOP), i32GeU, brIf(1));
  emit(get(YP), get(I), i32Add);
  emit(get(YP), get(I), i32Add, v128Load(0));
  prod(X0, CP);
  emit(f64x2Add, v128Store(0));
  emit(get(I), i32c(16), i32Add, set(I), br(0), end, end);
  emit(get(CP), get(LDC), i32Add, set(CP));
  emit(get(J), i32c(1), i32Add, set(J), br(0), end, end);
  emit(end);
  return wasmKernelModule(
    [I32, I32, I32, I32, I32, I32, I32],
    [...[J, I, STOP, JSTOP, ...C].map(() => I32), ...X.map(() => V128), ...[...PC, PY].map(() => I32)],
    body,
  );
}

/**
 * Rows per step of the row sweep: each load of x serves this many rows. Three, not four or more:
 * V8's TurboFan issues all of a step's loads before its arithmetic, so a step holds its R·2 row
 * vectors, two x vectors and 2R accumulators in registers at once — x64 has 16; at R = 3 that is
 * 14 and nothing spills (four rows spilled accumulators to the stack every step: 5.0 Gelem/s on
 * cached data against 6.6–7.0 at three, one thread).
 * @example GEMV_ROWS_PER_STEP // 3
 */
export const GEMV_ROWS_PER_STEP = 3;

/**
 * The row sweep of the float64 GEMV as a WebAssembly module (SIMD128): y = M·x for `nrows` rows
 * of a row-major block, `R` = {@link GEMV_ROWS_PER_STEP} rows at a time so that each load of x
 * serves R rows and 2R independent accumulators hide the adds' latency, then the last
 * `nrows mod R` rows one at a time. The R rows of a step are `g` bytes apart (their y `gy` bytes
 * apart), and steps `ldm` bytes apart (y: `ys`); the single rows are `ldm` bytes apart (y: `ys`).
 * The GEMV kernel takes the R rows of a step from the R parts of its piece (g = a part's rows):
 * R memory streams instead of one — from memory, one thread, 125,000 × 32: 3.2 → 1.7 ms with
 * four streams. Four elements of k per step, every load addressed by an immediate offset from one
 * address per row. Every row is summed in the same order whatever the rows around it (so the bits
 * do not depend on how rows are grouped or pieced): s0…s3 take k ≡ 0…3 mod 4 in increasing k
 * (the lanes of two `f64x2` accumulators), the last K mod 4 products go to s0 in order,
 * y = s0 + s1 + (s2 + s3) — the order of the JavaScript loop of `kernels-gemv.ts`.
 *
 * Export `kernel(yp, ys, mp, ldm, xp, nrows, K, g, gy)` (byte addresses of y[0], M[0, 0], x[0];
 * byte strides as above; adjacent rows R at a time: ys·R, ldm·R, g = ldm, gy = ys).
 * @param rowsPerStep rows per step R (1–4; the kernels use the default)
 * @returns the module's bytes
 * @example WebAssembly.validate(gemvRowsWasmBytes()) // true
 */
export function gemvRowsWasmBytes(rowsPerStep: number = GEMV_ROWS_PER_STEP): Uint8Array {
  const R = rowsPerStep;
  // Params 0 yp, 1 ys, 2 mp, 3 ldm, 4 xp, 5 nrows, 6 K, 7 g, 8 gy; locals 9 r (rows left),
  // 10 i (bytes), 11 stop (bytes, the part in steps of four), 12 end (bytes), then R row
  // addresses, R addresses of the rows at the current step, px, yq (the y of a row of a group),
  // 2R accumulators (a01, a23 of each row), x01 x23, s (f64).
  const [YP, YS, MP, LDM, XP, NR, K, G, GY, RL, I, STOP, ENDB] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  let next = 13;
  const ROW = Array.from({ length: R }, () => next++);
  const PR = Array.from({ length: R }, () => next++);
  const PX = next++;
  const YQ = next++;
  const ACC = Array.from({ length: 2 * R }, () => next++);
  const XV = [next++, next++];
  const S = next++;
  const body: number[] = [];
  const emit = (...xs: number[][]) => {
    for (const x of xs) body.push(...x);
  };
  /** One step (four elements of k: x01 into a01, x23 into a23) for rows 0…nr-1 at byte offset i. */
  const step = (nr: number) => {
    emit(get(XP), get(I), i32Add, set(PX));
    for (let h = 0; h < 2; h++) emit(get(PX), v128Load(16 * h), set(XV[h]!));
    for (let q = 0; q < nr; q++) {
      emit(get(ROW[q]!), get(I), i32Add, set(PR[q]!));
      for (let h = 0; h < 2; h++) {
        const a = ACC[2 * q + h]!;
        emit(get(a), get(PR[q]!), v128Load(16 * h), get(XV[h]!), f64x2Mul, f64x2Add, set(a));
      }
    }
    emit(get(I), i32c(32), i32Add, set(I));
  };
  /**
   * y[row q] for rows 0…nr-1 from their accumulators and the K mod 4 tail. One row (nr = 1): at
   * yp, then yp advances by ys; a group: at yp + q·gy.
   */
  const finish = (nr: number) => {
    const Y = nr === 1 ? YP : YQ;
    const DY = nr === 1 ? YS : GY;
    if (nr !== 1) emit(get(YP), set(YQ));
    for (let q = 0; q < nr; q++) {
      const a01 = ACC[2 * q]!;
      const a23 = ACC[2 * q + 1]!;
      // s0, then the last K mod 4 products into it, then s0 + s1 + (s2 + s3).
      emit(get(a01), f64x2Lane(0), set(S), get(STOP), set(I));
      emit(block, loop, get(I), get(ENDB), i32GeU, brIf(1));
      emit(get(S), get(ROW[q]!), get(I), i32Add, f64Load, get(XP), get(I), i32Add, f64Load, f64Mul);
      emit(f64Add, set(S), get(I), i32c(8), i32Add, set(I), br(0), end, end);
      emit(get(Y), get(S), get(a01), f64x2Lane(1), f64Add);
      emit(get(a23), f64x2Lane(0), get(a23), f64x2Lane(1), f64Add, f64Add, f64Store);
      emit(get(Y), get(DY), i32Add, set(Y));
    }
  };
  /**
   * Rows nr at a time while at least nr are left (r counts them down): one row (nr = 1) at mp, then
   * mp advances by ldm; a group at mp + q·g, then mp advances by ldm and yp by ys.
   */
  const sweep = (nr: number) => {
    emit(block, loop, get(RL), i32c(nr), i32LtU, brIf(1));
    emit(get(MP), set(ROW[0]!));
    for (let q = 1; q < nr; q++) emit(get(ROW[q - 1]!), get(G), i32Add, set(ROW[q]!));
    for (let q = 0; q < 2 * nr; q++) emit(v128Zero, set(ACC[q]!));
    // Four elements per step while they last.
    emit(i32c(0), set(I), block, loop, get(I), get(STOP), i32GeU, brIf(1));
    step(nr);
    emit(br(0), end, end);
    finish(nr);
    emit(get(MP), get(LDM), i32Add, set(MP));
    if (nr !== 1) emit(get(YP), get(YS), i32Add, set(YP));
    emit(get(RL), i32c(nr), i32Sub, set(RL), br(0), end, end);
  };
  emit(get(K), i32c(-4), i32And, i32c(3), i32Shl, set(STOP));
  emit(get(K), i32c(3), i32Shl, set(ENDB));
  emit(get(NR), set(RL));
  if (R > 1) sweep(R);
  sweep(1);
  emit(end);
  return wasmKernelModule(
    [I32, I32, I32, I32, I32, I32, I32, I32, I32],
    [
      ...[RL, I, STOP, ENDB, ...ROW, ...PR, PX, YQ].map(() => I32),
      ...ACC.map(() => V128),
      ...XV.map(() => V128),
      F64,
    ],
    body,
  );
}

/** The compiled sweeps (`WebAssembly.Module`s; null where WebAssembly or SIMD is missing). */
export interface GemvModules {
  readonly cols: object | null;
  readonly rows: object | null;
  /** True on modules compiled and warmed by {@link gemvWarmModules} (a worker's own lack it). */
  readonly warmed?: boolean;
}

/** The part of the WebAssembly API used here (the project's lib has no WebAssembly types). */
interface WasmApi {
  validate(b: Uint8Array): boolean;
  Module: new (b: Uint8Array) => object;
  Instance: new (m: object, i: object) => { exports: Record<string, unknown> };
  Memory: new (d: object) => object;
}

/**
 * Compiles both sweeps (the bytes given, else assembled here: ~4 ms) once on this thread and runs each ~60 times on a zeroed 16 × 256 block in
 * a one-page memory (~2 ms), enough for V8's dynamic tiering to start their optimized compile in
 * the background. Shipped to the workers (GEMV's `globals`), the modules share that code: a
 * worker's first long sweep no longer runs Liftoff code beside its own TurboFan job on busy
 * cores (jacobi's first pieces took 3–18 ms instead of 0.6). Stored on globalThis as
 * `__cohortGemvMods`, where the GEMV kernel looks for them on this thread and the workers.
 * @returns the modules
 * @example gemvWarmModules().rows !== null // true
 */
export function gemvWarmModules(
  colsBytes: Uint8Array = gemvColumnsWasmBytes(),
  rowsBytes: Uint8Array = gemvRowsWasmBytes(),
): GemvModules {
  const g = globalThis as unknown as { __cohortGemvMods?: GemvModules };
  // The kernel stores its own unwarmed modules there when it runs on this thread first.
  if (g.__cohortGemvMods?.warmed === true) return g.__cohortGemvMods;
  const W = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
  // Optimized from the first call (runtime/wasm-tier.ts): the sweeps run on whole matrices.
  const mk = (globalThis as unknown as { __cohortWasmModule?: (b: Uint8Array, n: number) => object })
    .__cohortWasmModule;
  const compile = (b: Uint8Array) =>
    W.validate(b) ? (mk?.(b, Number.POSITIVE_INFINITY) ?? new W.Module(b)) : null;
  const mods = { cols: compile(colsBytes), rows: compile(rowsBytes), warmed: true };
  const mem = new W.Memory({ initial: 1, maximum: 1, shared: true });
  const kernel = (m: object) => new W.Instance(m, { e: { mem } }).exports.kernel as (...a: number[]) => void;
  // M: 16 × 256 float64 at 0 (32 KiB), x at 32 KiB, y at 40 KiB.
  const rows = mods.rows === null ? null : kernel(mods.rows);
  const cols = mods.cols === null ? null : kernel(mods.cols);
  for (let k = 0; k < 60; k++) {
    rows?.(40960, 8, 0, 2048, 32768, 15, 256, 10240, 40);
    rows?.(40960, 8, 0, 2048, 32768, 3, 253, 0, 0);
    cols?.(40960, 0, 128, 32768, 8, 255, 16);
  }
  g.__cohortGemvMods = mods;
  return mods;
}
