/**
 * NumPy's pairwise summation of a contiguous float64 run as a WebAssembly module (SIMD128): the
 * row sums of `sum(X, axis=-1)` on C-ordered float64 data in the region heap
 * (dense/reduce-kernels.ts `pairwiseAxisKernel`, whose JavaScript `pw` it replaces there).
 *
 * Export `kernel(p, len) → f64` (p: the byte address of the run's first element), NumPy's
 * `pairwise_sum` exactly: a run of fewer than 8 elements adds in order from +0; a run of up to 128
 * keeps 8 running sums s0…s7 (element k into s(k mod 8), starting from the first eight
 * elements), folds them as ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)) and adds the last
 * (len mod 8) elements in order; a longer run splits at half its length rounded down to a multiple
 * of 8 and adds the two halves' sums (the function calls itself). The eight sums are the lanes of
 * four `f64x2` accumulators (s0 s1 | s2 s3 | s4 s5 | s6 s7), each lane adding as a scalar does,
 * so every result has the bits of the JavaScript `pw` — and of NumPy.
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
  i32Shl,
  i32LtU,
  i32GeU,
  i32GtU,
  block,
  loop,
  end,
  br,
  brIf,
  ifThen,
  v128Load,
  f64x2Add,
  f64x2Lane,
  f64Load,
  f64Add,
} = wasmOp;

/** `f64.const 0`, `return`, `call 0` (the module's one function: itself), `i32.shr_u`. */
const F64_ZERO = [0x44, 0, 0, 0, 0, 0, 0, 0, 0];
const RETURN = [0x0f];
const CALL_SELF = [0x10, 0];
const I32_SHR_U = [0x76];

/**
 * Assembles the module (imports `e.mem`, the shared region heap).
 * @returns the module's bytes
 * @example WebAssembly.validate(pairwiseWasmBytes()) // true
 */
export function pairwiseWasmBytes(): Uint8Array {
  // Params 0 p, 1 len; locals 2 q (address), 3 e (end of the blocks of 8, bytes), 4 end (bytes),
  // 5 half (elements), 6 acc (f64), 7–10 the four accumulators.
  const [P, LEN, Q, E, END, HALF, ACC] = [0, 1, 2, 3, 4, 5, 6];
  const S = [7, 8, 9, 10];
  const body: number[] = [];
  const emit = (...xs: number[][]) => {
    for (const x of xs) body.push(...x);
  };
  /** acc = acc + x[q] for q from `from` (a local) up to END, in order. */
  const tail = (from: number) => {
    emit(get(from), set(Q));
    emit(block, loop, get(Q), get(END), i32GeU, brIf(1));
    emit(get(ACC), get(Q), f64Load, f64Add, set(ACC), get(Q), i32c(8), i32Add, set(Q), br(0), end, end);
  };
  emit(get(P), get(LEN), i32c(3), i32Shl, i32Add, set(END));
  // len < 8: in order from +0.
  emit(get(LEN), i32c(8), i32LtU, ifThen);
  emit(F64_ZERO, set(ACC));
  tail(P);
  emit(get(ACC), RETURN, end);
  // len ≤ 128: eight running sums.
  emit(get(LEN), i32c(128), i32GtU, i32c(0), [0x46] /* i32.eq: len ≤ 128 */, ifThen);
  for (let v = 0; v < 4; v++) emit(get(P), v128Load(16 * v), set(S[v]!));
  emit(get(P), get(LEN), i32c(-8), i32And, i32c(3), i32Shl, i32Add, set(E));
  emit(get(P), i32c(64), i32Add, set(Q));
  emit(block, loop, get(Q), get(E), i32GeU, brIf(1));
  for (let v = 0; v < 4; v++) emit(get(S[v]!), get(Q), v128Load(16 * v), f64x2Add, set(S[v]!));
  emit(get(Q), i32c(64), i32Add, set(Q), br(0), end, end);
  // ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
  const pair = (v: number) => emit(get(S[v]!), f64x2Lane(0), get(S[v]!), f64x2Lane(1), f64Add);
  pair(0);
  pair(1);
  emit(f64Add);
  pair(2);
  pair(3);
  emit(f64Add, f64Add, set(ACC));
  tail(E);
  emit(get(ACC), RETURN, end);
  // Longer: the halves' sums, split at ⌊len / 2⌋ rounded down to a multiple of 8.
  emit(get(LEN), i32c(1), I32_SHR_U, i32c(-8), i32And, set(HALF));
  emit(get(P), get(HALF), CALL_SELF);
  emit(get(P), get(HALF), i32c(3), i32Shl, i32Add, get(LEN), get(HALF), i32Sub, CALL_SELF);
  emit(f64Add);
  emit(end);
  return wasmKernelModule([I32, I32], [I32, I32, I32, I32, F64, V128, V128, V128, V128], body, [F64]);
}
