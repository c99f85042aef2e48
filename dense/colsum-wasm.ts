/**
 * Column sums of a row-major float64 block as a WebAssembly module (SIMD128) over the region heap:
 * the loop of `sum(X, axis=0)` (and of any sum over an axis that is farther apart in memory than
 * the outputs), which JavaScript runs one element at a time (~2.4–4 ns per element on this machine
 * kind: a 4000 × 4000 `sum(axis=0)` took 34–38 ms at two workers against NumPy's 14 on one thread).
 *
 * Export `kernel(op, xp, rowBytes, w, n)` (byte addresses in the heap): for j < w,
 * O[j] = ((0 + X[0][j]) + X[1][j]) + … + X[n−1][j], where O[j] is at `op + 8j` and X[k][j] at
 * `xp + k·rowBytes + 8j`. Columns go in blocks of {@link COLSUM_BLOCK} (their sums stay in the
 * first-level cache while the rows stream past), each block over every row in order, two lanes
 * (`f64x2.add`) at a time and an odd last column alone. Every output adds its column in row order
 * from +0 — NumPy's order for a reduction over an outer axis — and a lane adds as a scalar add
 * does (IEEE, no reassociation), so the bits are those of the JavaScript loop it replaces.
 */
import { wasmKernelModule, wasmOp } from '../codegen/index.js';

const {
  I32,
  get,
  set,
  i32c,
  i32Add,
  i32Shl,
  i32LtU,
  i32GtU,
  i32GeU,
  block,
  loop,
  end,
  br,
  brIf,
  ifThen,
  else: orElse,
  v128Load,
  v128Store,
  f64x2Add,
  f64Load,
  f64Store,
  f64Add,
} = wasmOp;

/**
 * Columns per block: 2,048 float64 sums (16 KiB), inside a 32–48 KiB first-level data cache with
 * room for the rows' lines in flight.
 * @example COLSUM_BLOCK // 2048
 */
export const COLSUM_BLOCK = 2048;

/** `f64.const 0`. */
const F64_ZERO = [0x44, 0, 0, 0, 0, 0, 0, 0, 0];

/**
 * Assembles the module (imports `e.mem`, the shared region heap).
 * @param blockColumns columns per block (default {@link COLSUM_BLOCK})
 * @returns the module's bytes
 * @example WebAssembly.validate(colsumWasmBytes()) // true
 */
export function colsumWasmBytes(blockColumns: number = COLSUM_BLOCK): Uint8Array {
  // Params 0 op, 1 xp, 2 rb, 3 w, 4 n; locals 5 jb (block start, bytes from op), 6 je (its end),
  // 7 k (rows left), 8 pr (the row's address at the block's start), 9 po, 10 px, 11 pe (the
  // block's end address in O), 12 wb (w in bytes).
  const [OP, XP, RB, W, N, JB, JE, K, PR, PO, PX, PE, WB] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const body: number[] = [];
  const emit = (...xs: number[][]) => {
    for (const x of xs) body.push(...x);
  };
  /** O[po + off .. +16) += X[px + off .. +16), two lanes. */
  const vadd = (off: number) =>
    emit(get(PO), get(PO), v128Load(off), get(PX), v128Load(off), f64x2Add, v128Store(off));
  emit(get(W), i32c(3), i32Shl, set(WB), i32c(0), set(JB));
  // Blocks of columns.
  emit(block, loop, get(JB), get(WB), i32GeU, brIf(1));
  // je = min(jb + 8·BLOCK, wb)
  emit(get(JB), i32c(8 * blockColumns), i32Add, set(JE));
  emit(get(JE), get(WB), i32GtU, ifThen, get(WB), set(JE), end);
  emit(get(OP), get(JE), i32Add, set(PE));
  // The block's sums start at +0.
  emit(get(OP), get(JB), i32Add, set(PO));
  emit(block, loop, get(PO), get(PE), i32GeU, brIf(1));
  emit(get(PO), F64_ZERO, f64Store, get(PO), i32c(8), i32Add, set(PO), br(0), end, end);
  // Every row, in order, added to the block's sums.
  emit(get(N), set(K), get(XP), get(JB), i32Add, set(PR));
  emit(block, loop, get(K), i32c(1), i32LtU, brIf(1));
  emit(get(OP), get(JB), i32Add, set(PO), get(PR), set(PX));
  // Four columns a turn while they last, then two, then the odd one.
  emit(block, loop, get(PO), i32c(32), i32Add, get(PE), i32GtU, brIf(1));
  vadd(0);
  vadd(16);
  emit(get(PO), i32c(32), i32Add, set(PO), get(PX), i32c(32), i32Add, set(PX), br(0), end, end);
  emit(get(PO), i32c(16), i32Add, get(PE), i32GtU, ifThen);
  emit(get(PO), get(PE), i32LtU, ifThen);
  emit(get(PO), get(PO), f64Load, get(PX), f64Load, f64Add, f64Store);
  emit(end);
  emit(orElse);
  vadd(0);
  emit(get(PO), i32c(16), i32Add, set(PO), get(PX), i32c(16), i32Add, set(PX));
  emit(get(PO), get(PE), i32LtU, ifThen);
  emit(get(PO), get(PO), f64Load, get(PX), f64Load, f64Add, f64Store);
  emit(end);
  emit(end);
  emit(get(PR), get(RB), i32Add, set(PR), get(K), i32c(-1), i32Add, set(K), br(0), end, end);
  emit(get(JE), set(JB), br(0), end, end);
  emit(end);
  return wasmKernelModule([I32, I32, I32, I32, I32], [I32, I32, I32, I32, I32, I32, I32, I32], body);
}
