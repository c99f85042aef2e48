/**
 * The largest (or smallest) element of a contiguous float64 run as a WebAssembly module (SIMD128)
 * over the region heap: the loop of a full `max`/`min` block (dense/reduce-kernels.ts), which
 * JavaScript runs one compare-and-branch at a time (~2.7–3.6 ns per element here, NumPy ~0.4).
 *
 * Export `kernel(xp, n) → f64` (byte address of x[0], n ≥ 1 elements): eight running extremes —
 * the lanes of four `f64x2`, from −∞ (max) or +∞ (min) — take the elements t ≡ 0…7 (mod 8) of the
 * first multiple of eight by `f64x2.pmax`/`pmin` (one x64 instruction; a lane keeps its value on a
 * tie), then one scalar extreme joins the lanes and the last n mod 8 elements in order; any NaN
 * makes the result NaN. That is the JavaScript loop's value — `if (v > acc || v !== v) acc = v`
 * from the first element — whenever it is not zero: equal non-zero doubles are the same bits,
 * whichever of them is kept. A zero result (±0 tie: the loop keeps the first zero in index order)
 * and a NaN (the loop keeps the last NaN's payload) are left to the JavaScript loop by the caller.
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
  block,
  loop,
  end,
  br,
  brIf,
  simd,
  f64x2Const,
} = wasmOp;

const f64c = (v: number): number[] => [0x44, ...new Uint8Array(new Float64Array([v]).buffer)];

/**
 * Assembles the module (imports `e.mem`, the shared region heap).
 * @param max true for the largest element, false for the smallest
 * @returns the module's bytes
 * @example WebAssembly.validate(extremeWasmBytes(true)) // true
 */
export function extremeWasmBytes(max: boolean): Uint8Array {
  // Params 0 xp, 1 n; locals 2 i (bytes), 3 end (bytes), 4–7 a0…a3, 8 bad (NaN lanes), 9 v, 10 r,
  // 11 x.
  const [XP, N, I, END] = [0, 1, 2, 3];
  const A = [4, 5, 6, 7];
  const [BAD, VV, R, X] = [8, 9, 10, 11];
  const init = max ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  // pmax(a, v) = a < v ? v : a; pmin(a, v) = v < a ? v : a.
  const pick = simd(max ? 0xf7 : 0xf6);
  const body: number[] = [];
  const emit = (...xs: number[][]) => {
    for (const x of xs) body.push(...x);
  };
  /** r = x if x beats r (strictly), else r. */
  const join = () =>
    max
      ? emit(get(X), get(R), get(R), get(X), [0x63], [0x1b], set(R)) // r < x ? x : r
      : emit(get(X), get(R), get(X), get(R), [0x63], [0x1b], set(R)); // x < r ? x : r
  for (const a of A) emit(f64x2Const(init), set(a));
  emit(get(N), i32c(-8), i32And, i32c(3), i32Shl, set(END));
  emit(i32c(0), set(I), block, loop, get(I), get(END), i32GeU, brIf(1));
  for (let p = 0; p < 4; p++) {
    emit(get(XP), get(I), i32Add, [...simd(0x00), 3, 16 * p], set(VV));
    emit(get(A[p]!), get(VV), pick, set(A[p]!));
    emit(get(BAD), get(VV), get(VV), simd(0x48), simd(0x50), set(BAD)); // bad |= v != v
  }
  emit(get(I), i32c(64), i32Add, set(I), br(0), end, end);
  emit(f64c(init), set(R));
  for (const a of A)
    for (const lane of [0, 1]) {
      emit(get(a), [...simd(0x21), lane], set(X));
      join();
    }
  // The last n mod 8 elements, in order.
  emit(block, loop, get(I), get(N), i32c(3), i32Shl, i32GeU, brIf(1));
  emit(get(XP), get(I), i32Add, [0x2b, 3, 0], set(X));
  // A NaN: mark a lane of `bad`.
  emit(
    get(BAD),
    get(X),
    get(X),
    [0x62],
    [0x04, 0x7b],
    f64x2Const(Number.NaN),
    [0x05],
    f64x2Const(0),
    [0x0b],
    simd(0x50),
  );
  emit(set(BAD));
  join();
  emit(get(I), i32c(8), i32Add, set(I), br(0), end, end);
  emit(get(BAD), simd(0x53), [0x04, 0x7c], f64c(Number.NaN), [0x05], get(R), [0x0b], end);
  return wasmKernelModule([I32, I32], [I32, I32, V128, V128, V128, V128, V128, V128, F64, F64], body, [F64]);
}
