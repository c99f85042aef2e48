/**
 * The float64 dot product of two contiguous vectors as a WebAssembly module (SIMD128) over the
 * runtime's region heap. In JavaScript the dot kernel is compute-bound here (each element costs a
 * bounds-checked load pair and a dependent add: 1e7 elements take as long on two workers as the
 * plain loop on one); on `f64x2` lanes it reaches the memory's speed.
 *
 * Export `kernel(xp, yp, n) → f64` (byte offsets of x[0] and y[0] in the imported memory, n
 * elements): the sums of the JavaScript kernel exactly ({@link DOT_LANES} partial sums) — eight
 * accumulators s0…s7 take the elements k ≡ 0…7 (mod 8) of the unrolled part, each in increasing k
 * (the lanes of four `f64x2` accumulators), the last n mod 8 elements go to s0 in order, and the
 * result is `((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))`. Multiply and add round separately
 * (no FMA), so the bits equal the JavaScript kernel's.
 *
 * Why eight: an `f64x2` add has a latency of 3–4 cycles, so two accumulators (the previous form,
 * four lanes) capped the loop at about one element per cycle — below what a core's caches deliver;
 * with four (eight elements per iteration, the loads addressed by immediate offsets from one
 * address per operand), the loop ran ~1.35× faster on cached data (3.6 → 4.9 Gelem/s per core,
 * CPU time, AMD EPYC host); from memory it is at the memory's speed either way.
 */
import { wasmKernelModule, wasmOp } from '../codegen/index.js';

/**
 * Partial sums of one dot (each a lane k mod 8); the JavaScript kernels follow the same order.
 * @example DOT_LANES // 8
 */
export const DOT_LANES = 8;

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
  // Params 0 xp, 1 yp, 2 n; locals 3 i (bytes done), 4 stop (bytes), 5 px, 6 py (addresses of
  // the current step), 7–10 accumulators a01 a23 a45 a67, 11 s0, 12 t (f64).
  const [XP, YP, N, I, STOP, PX, PY] = [0, 1, 2, 3, 4, 5, 6];
  const ACC = [7, 8, 9, 10];
  const [S0, T] = [11, 12];
  const body: number[] = [];
  const emit = (...xs: number[][]) => {
    for (const x of xs) body.push(...x);
  };
  /** acc[v mod 4] += x[v] · y[v] for the vectors v of one step (offsets from px, py). */
  const step = (vectors: number) => {
    emit(get(XP), get(I), i32Add, set(PX), get(YP), get(I), i32Add, set(PY));
    for (let v = 0; v < vectors; v++) {
      const a = ACC[v % 4]!;
      emit(get(a), get(PX), v128Load(16 * v), get(PY), v128Load(16 * v), f64x2Mul, f64x2Add, set(a));
    }
    emit(get(I), i32c(16 * vectors), i32Add, set(I));
  };
  emit(i32c(0), set(I));
  for (const a of ACC) emit(v128Zero, set(a));
  // stop = (n & ~7) * 8: the unrolled part, eight elements (64 bytes) per lane round.
  emit(get(N), i32c(-8), i32And, i32c(3), i32Shl, set(STOP));
  // Eight elements per iteration (each accumulator once).
  emit(block, loop, get(I), get(STOP), i32GeU, brIf(1));
  step(4);
  emit(br(0), end, end);
  // The rest into s0, one element at a time.
  emit(get(ACC[0]!), lane(0), set(S0));
  emit(get(N), i32c(3), i32Shl, set(STOP));
  emit(block, loop, get(I), get(STOP), i32GeU, brIf(1));
  emit(get(S0), get(XP), get(I), i32Add, f64Load, get(YP), get(I), i32Add, f64Load, f64Mul, f64Add, set(S0));
  emit(get(I), i32c(8), i32Add, set(I), br(0), end, end);
  // ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
  const pair = (a: number) => emit(get(a), lane(0), get(a), lane(1), f64Add);
  emit(get(S0), get(ACC[0]!), lane(1), f64Add);
  pair(ACC[1]!);
  emit(f64Add, set(T));
  pair(ACC[2]!);
  pair(ACC[3]!);
  emit(f64Add, get(T), f64Add, end);
  return wasmKernelModule([I32, I32, I32], [I32, I32, I32, I32, V128, V128, V128, V128, F64, F64], body, [
    F64,
  ]);
}
