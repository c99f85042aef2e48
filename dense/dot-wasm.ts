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
 * Assembles the module (imports `e.mem`, the shared region heap). With `blocks` = 2 it sums two
 * blocks of the same length side by side — `kernel(xa, ya, xb, yb, n) → [f64, f64]`, each in the
 * order above, so each result has the bits of its own one-block call — which reads four memory
 * streams instead of two: from memory, one thread, 1e7 elements in blocks of 4096 taken in pairs
 * a half apart, 16–19.5 → 19.4–22.5 GB/s (alternating, loaded host), the same on cached data.
 * @param blocks blocks per call, 1 or 2
 * @returns the module's bytes
 * @example WebAssembly.validate(dotWasmBytes()) && WebAssembly.validate(dotWasmBytes(2)) // true
 */
export function dotWasmBytes(blocks: 1 | 2 = 1): Uint8Array {
  // Params: xp, yp of each block, then n; locals i (bytes done), stop (bytes), then per block px,
  // py (addresses of the current step), accumulators a01 a23 a45 a67, s0, t (f64).
  const B = Array.from({ length: blocks }, (_, b) => b);
  const N = 2 * blocks;
  const [I, STOP] = [N + 1, N + 2];
  let next = N + 3;
  const PX = B.map(() => next++);
  const PY = B.map(() => next++);
  const ACC = B.map(() => [next++, next++, next++, next++]);
  const S0 = B.map(() => next++);
  const T = B.map(() => next++);
  const body: number[] = [];
  const emit = (...xs: number[][]) => {
    for (const x of xs) body.push(...x);
  };
  const xp = (b: number) => 2 * b;
  const yp = (b: number) => 2 * b + 1;
  /** acc[v mod 4] += x[v] · y[v] for the vectors v of one step of each block (offsets from px, py). */
  const step = (vectors: number) => {
    for (const b of B) {
      emit(get(xp(b)), get(I), i32Add, set(PX[b]!), get(yp(b)), get(I), i32Add, set(PY[b]!));
      for (let v = 0; v < vectors; v++) {
        const a = ACC[b]![v % 4]!;
        emit(
          get(a),
          get(PX[b]!),
          v128Load(16 * v),
          get(PY[b]!),
          v128Load(16 * v),
          f64x2Mul,
          f64x2Add,
          set(a),
        );
      }
    }
    emit(get(I), i32c(16 * vectors), i32Add, set(I));
  };
  emit(i32c(0), set(I));
  for (const b of B) for (const a of ACC[b]!) emit(v128Zero, set(a));
  // stop = (n & ~7) * 8: the unrolled part, eight elements (64 bytes) per lane round.
  emit(get(N), i32c(-8), i32And, i32c(3), i32Shl, set(STOP));
  // Eight elements per iteration (each accumulator once).
  emit(block, loop, get(I), get(STOP), i32GeU, brIf(1));
  step(4);
  emit(br(0), end, end);
  for (const b of B) {
    // The rest into s0, one element at a time.
    const acc = ACC[b]!;
    emit(get(acc[0]!), lane(0), set(S0[b]!));
    emit(get(STOP), set(I));
    emit(get(N), i32c(3), i32Shl, set(STOP));
    emit(block, loop, get(I), get(STOP), i32GeU, brIf(1));
    emit(get(S0[b]!), get(xp(b)), get(I), i32Add, f64Load, get(yp(b)), get(I), i32Add, f64Load, f64Mul);
    emit(f64Add, set(S0[b]!), get(I), i32c(8), i32Add, set(I), br(0), end, end);
    emit(get(N), i32c(-8), i32And, i32c(3), i32Shl, set(STOP));
  }
  for (const b of B) {
    // ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
    const acc = ACC[b]!;
    const pair = (a: number) => emit(get(a), lane(0), get(a), lane(1), f64Add);
    emit(get(S0[b]!), get(acc[0]!), lane(1), f64Add);
    pair(acc[1]!);
    emit(f64Add, set(T[b]!));
    pair(acc[2]!);
    pair(acc[3]!);
    emit(f64Add, get(T[b]!), f64Add);
  }
  emit(end);
  return wasmKernelModule(
    [...B.flatMap(() => [I32, I32]), I32],
    [
      I32,
      I32,
      ...B.flatMap(() => [I32, I32]),
      ...B.flatMap(() => [V128, V128, V128, V128]),
      ...B.flatMap(() => [F64, F64]),
    ],
    body,
    B.map(() => F64),
  );
}
