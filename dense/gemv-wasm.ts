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
  V128,
  get,
  set,
  i32c,
  i32Add,
  i32And,
  i32Shl,
  i32GeU,
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
} = wasmOp;

/**
 * Assembles the module (imports `e.mem`, the shared region heap).
 * @returns the module's bytes
 * @example WebAssembly.validate(gemvColumnsWasmBytes()) // true
 */
export function gemvColumnsWasmBytes(): Uint8Array {
  // Params 0 yp, 1 cp, 2 ldc, 3 xp, 4 xs, 5 ncols, 6 n; locals 7 j, 8 i (bytes), 9 stop (bytes),
  // 10 jstop, 11–14 column addresses c0…c3, 15–18 splatted x0…x3.
  const [YP, CP, LDC, XP, XS, NC, N, J, I, STOP, JSTOP, C0, C1, C2, C3, X0, X1, X2, X3] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
  ];
  const body: number[] = [];
  const emit = (...xs: number[][]) => {
    for (const x of xs) body.push(...x);
  };
  const prod = (x: number, c: number) => emit(get(x), get(c), get(I), i32Add, v128Load(0), f64x2Mul);
  emit(get(N), i32c(3), i32Shl, set(STOP));
  emit(i32c(0), set(J), get(NC), i32c(-4), i32And, set(JSTOP));
  // Groups of four columns.
  emit(block, loop, get(J), get(JSTOP), i32GeU, brIf(1));
  emit(get(CP), set(C0), get(C0), get(LDC), i32Add, set(C1));
  emit(get(C1), get(LDC), i32Add, set(C2), get(C2), get(LDC), i32Add, set(C3));
  emit(get(XP), load64Splat(0), set(X0), get(XP), get(XS), i32Add, set(XP));
  emit(get(XP), load64Splat(0), set(X1), get(XP), get(XS), i32Add, set(XP));
  emit(get(XP), load64Splat(0), set(X2), get(XP), get(XS), i32Add, set(XP));
  emit(get(XP), load64Splat(0), set(X3), get(XP), get(XS), i32Add, set(XP));
  emit(i32c(0), set(I), block, loop, get(I), get(STOP), i32GeU, brIf(1));
  emit(get(YP), get(I), i32Add); // store address
  emit(get(YP), get(I), i32Add, v128Load(0));
  prod(X0, C0);
  prod(X1, C1);
  emit(f64x2Add);
  prod(X2, C2);
  prod(X3, C3);
  emit(f64x2Add, f64x2Add, f64x2Add, v128Store(0));
  emit(get(I), i32c(16), i32Add, set(I), br(0), end, end);
  emit(get(C3), get(LDC), i32Add, set(CP));
  emit(get(J), i32c(4), i32Add, set(J), br(0), end, end);
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
    [I32, I32, I32, I32, I32, I32, I32, I32, V128, V128, V128, V128],
    body,
  );
}
