/**
 * `min`/`max`/`argmin`/`argmax` along contiguous float64 rows as a WebAssembly module (SIMD128)
 * over the region heap, two rows at a time: lane 0 walks one row and lane 1 the next, so a row of
 * ten (kmeans' `argmin(pairwise, 1)` over 2e6 rows) costs no branch per element. The JavaScript
 * loop (dense/reduce-kernels.ts) takes a compare-and-branch per element whose outcome the CPU
 * cannot predict on such data (~7 ns per element here; NumPy's own loops ~5–7).
 *
 * Export `kernel(op, os, xp, xs, n, rows)` (byte address of the first output and byte stride
 * between outputs; byte address of the first row's element 0 and byte stride between rows; n ≥ 1
 * elements per row; the row count). Per row, the JavaScript loop's rule exactly: from element 0,
 * element k replaces the kept one when the kept one is not NaN and `!(v >= kept)` (min; max:
 * `!(v <= kept)`) — a strictly smaller (larger) value or a NaN, so ties keep the first index and a
 * NaN, once kept, ends the row's changes. The value (float64) or its index (int32) is stored.
 */
import { wasmKernelModule, wasmOp } from '../codegen/index.js';

const {
  I32,
  V128,
  get,
  set,
  i32c,
  i32Add,
  i32Sub,
  i32Shl,
  i32LtU,
  i32GeU,
  block,
  loop,
  end,
  br,
  brIf,
  simd,
  f64x2Const,
} = wasmOp;

/** `v128.load64_splat` and `v128.load64_lane` (lane 1) at the address on the stack. */
const splat64 = [...simd(0x0a), 3, 0];
const lane64 = [...simd(0x57), 3, 0, 1];

/**
 * Assembles the module (imports `e.mem`, the shared region heap).
 * @param max true for max/argmax, false for min/argmin
 * @param arg true to store the index (int32), false the value (float64)
 * @returns the module's bytes
 * @example WebAssembly.validate(rowExtremeWasmBytes(false, true)) // true
 */
export function rowExtremeWasmBytes(max: boolean, arg: boolean): Uint8Array {
  // Params 0 op, 1 os, 2 xp, 3 xs, 4 n, 5 rows; locals 6 k, 7 pa (byte address of lane 0's
  // element k), 8 acc, 9 idx, 10 kv (k as float64 in both lanes), 11 v, 12 take, 13 one.
  const [OP, OS, XP, XS, N, ROWS] = [0, 1, 2, 3, 4, 5];
  const [K, PA, ACC, IDX, KV, VV, TAKE, ONE] = [6, 7, 8, 9, 10, 11, 12, 13];
  const body: number[] = [];
  const emit = (...xs: number[][]) => {
    for (const x of xs) body.push(...x);
  };
  /** One row pair (or one row in both lanes): the walk, then the stores. */
  const rows = (pair: boolean) => {
    emit(get(XP), set(PA));
    // Element 0 of each row: acc; idx and kv 0.
    emit(get(PA), splat64, set(ACC));
    if (pair) emit(get(PA), get(XS), i32Add, get(ACC), lane64, set(ACC));
    emit(f64x2Const(0), set(IDX), f64x2Const(0), set(KV));
    emit(i32c(1), set(K), block, loop, get(K), get(N), i32GeU, brIf(1));
    emit(get(PA), i32c(8), i32Add, set(PA), get(KV), get(ONE), simd(0xf0), set(KV));
    emit(get(PA), splat64, set(VV));
    if (pair) emit(get(PA), get(XS), i32Add, get(VV), lane64, set(VV));
    // take = (acc == acc) & ~(v >= acc)   (max: v <= acc)
    emit(get(ACC), get(ACC), simd(0x47), get(VV), get(ACC), simd(max ? 0x4b : 0x4c), simd(0x4f), set(TAKE));
    emit(get(VV), get(ACC), get(TAKE), simd(0x52), set(ACC));
    if (arg) emit(get(KV), get(IDX), get(TAKE), simd(0x52), set(IDX));
    emit(get(K), i32c(1), i32Add, set(K), br(0), end, end);
    const lanes = pair ? [0, 1] : [0];
    for (const lane of lanes) {
      emit(get(OP), ...(lane === 1 ? [get(OS), i32Add] : []));
      if (arg)
        emit(get(IDX), [...simd(0x21), lane], [0xaa], [0x36, 2, 0]); // i32.trunc_f64_s, i32.store
      else emit(get(ACC), [...simd(0x21), lane], [0x39, 3, 0]); // f64.store
    }
  };
  emit(f64x2Const(1), set(ONE));
  // Pairs while two rows are left.
  emit(block, loop, get(ROWS), i32c(2), i32LtU, brIf(1));
  rows(true);
  emit(get(OP), get(OS), i32c(1), i32Shl, i32Add, set(OP));
  emit(get(XP), get(XS), i32c(1), i32Shl, i32Add, set(XP));
  emit(get(ROWS), i32c(2), i32Sub, set(ROWS), br(0), end, end);
  // The last row, if any (both lanes on it; lane 0 stored).
  emit(get(ROWS), [0x04, 0x40]);
  rows(false);
  emit(end, end);
  return wasmKernelModule(
    [I32, I32, I32, I32, I32, I32],
    [I32, I32, V128, V128, V128, V128, V128, V128],
    body,
  );
}
