/**
 * The float64 dot product of two contiguous vectors as a WebAssembly module (SIMD128) over the
 * runtime's region heap. In JavaScript the dot kernel is compute-bound here (each element costs a
 * bounds-checked load pair and a dependent add: 1e7 elements take as long on two workers as the
 * plain loop on one); on `f64x2` lanes it reaches the memory's speed.
 *
 * Export `kernel(xp, yp, n) → f64` (byte offsets of x[0] and y[0] in the imported memory, n
 * elements): the sums of the JavaScript kernel exactly — four accumulators s0…s3 take the elements
 * k ≡ 0…3 (mod 4) of the unrolled part (the lanes of two `f64x2` accumulators), the last n mod 4
 * elements go to s0, and the result is `s0 + s1 + (s2 + s3)`. Multiply and add round separately
 * (no FMA), so the bits equal the JavaScript kernel's.
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
  i32And,
  i32Shl,
  i32GeU,
  f64Load,
  f64Add,
  f64Mul,
  block,
  loop,
  end,
  br,
  brIf,
  v128Load,
  v128Zero,
  f64x2Lane: lane,
  f64x2Add,
  f64x2Mul,
} = wasmOp;

/**
 * Assembles the module (imports `e.mem`, the shared region heap).
 * @returns the module's bytes
 * @example WebAssembly.validate(dotWasmBytes()) // true
 */
export function dotWasmBytes(): Uint8Array {
  // Params 0 xp, 1 yp, 2 n; locals 3 i (bytes done), 4 stop (bytes), 5 a01, 6 a23, 7–10 s0…s3.
  const [XP, YP, N, I, STOP, A01, A23, S0, S1, S2, S3] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const body: number[] = [];
  const emit = (...xs: number[][]) => {
    for (const x of xs) body.push(...x);
  };
  const acc = (a: number, off: number) =>
    emit(
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
  emit(i32c(0), set(I), v128Zero, set(A01), v128Zero, set(A23));
  // stop = (n & ~3) * 8: the unrolled part, four elements (32 bytes) per step.
  emit(get(N), i32c(-4), i32And, i32c(3), i32Shl, set(STOP));
  emit(block, loop, get(I), get(STOP), i32GeU, brIf(1));
  acc(A01, 0);
  acc(A23, 16);
  emit(get(I), i32c(32), i32Add, set(I), br(0), end, end);
  emit(get(A01), lane(0), set(S0), get(A01), lane(1), set(S1));
  emit(get(A23), lane(0), set(S2), get(A23), lane(1), set(S3));
  // The rest into s0, one element at a time.
  emit(get(N), i32c(3), i32Shl, set(STOP));
  emit(block, loop, get(I), get(STOP), i32GeU, brIf(1));
  emit(get(S0), get(XP), get(I), i32Add, f64Load, get(YP), get(I), i32Add, f64Load, f64Mul, f64Add, set(S0));
  emit(get(I), i32c(8), i32Add, set(I), br(0), end, end);
  emit(get(S0), get(S1), f64Add, get(S2), get(S3), f64Add, f64Add, end);
  return wasmKernelModule([I32, I32, I32], [I32, I32, V128, V128, F64, F64, F64, F64], body, [F64]);
}
