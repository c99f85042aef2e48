/**
 * The float64 matrix-product micro-kernel as a WebAssembly module (SIMD128), assembled here from a
 * readable listing. Scalar JavaScript tops out near 3 GFLOP/s per core on this machine kind (V8
 * emits no vector instructions), so the register-blocked product runs on `f64x2` lanes instead.
 * The bytes are spliced into the matmul kernel's source text (kernels are shipped to workers as
 * source), and each thread compiles them once.
 *
 * Export `gemm(ap, bp, cp, mc, nc, kc, ldc)` (byte offsets into the exported memory `mem`):
 * `Cb[0:mc, 0:nc] += Ap @ Bp` where Ap holds `mc/MR` row panels of `MR × kc` (k-major, `MR`
 * contiguous), Bp holds `nc/NR` column panels of `kc × NR` (k-major, `NR` contiguous), and Cb is
 * row-major with `ldc` bytes per row; `mc`, `nc` are multiples of MR, NR. Every element of Cb is
 * one lane that sums its `kc` products in k order and is then added to Cb — the order of the
 * scalar kernel, so results are bitwise the same (multiply and add round separately: no FMA).
 */
import { wasmName as name, wasmSection as section, uleb, wasmVec as vec, wasmOp } from '../codegen/index.js';

/** Rows of A per register block. @example GEMM_MR // 4 */
export const GEMM_MR = 4;
/** Columns of B per register block (two `f64x2` vectors). @example GEMM_NR // 4 */
export const GEMM_NR = 4;

const {
  I32,
  V128,
  get,
  set,
  i32c,
  i32Add: add,
  i32Mul: mul,
  i32LtU: ltU,
  i32Eqz: eqz,
  block,
  loop,
  end,
  br,
  brIf,
  v128Load,
  v128Store,
  load64Splat,
  v128Zero,
  f64x2Add,
  f64x2Mul,
} = wasmOp;

/**
 * Assembles the module.
 * @returns the module's bytes (a few hundred)
 * @example WebAssembly.validate(gemmWasmBytes()) // true
 */
export function gemmWasmBytes(): Uint8Array {
  const MR = GEMM_MR;
  const NR = GEMM_NR;
  const NV = NR / 2;
  // Params: 0 ap, 1 bp, 2 cp, 3 mc, 4 nc, 5 kc, 6 ldc. Locals below.
  const [AP, BP, CP, MC, NC, KC, LDC] = [0, 1, 2, 3, 4, 5, 6];
  const [JR, IR, PA, PB, KEND, CROW] = [7, 8, 9, 10, 11, 12];
  const ACC = 13; // MR*NV v128 accumulators, then NV b vectors, then one a vector
  const BV = ACC + MR * NV;
  const AV = BV + NV;
  const acc = (r: number, v: number) => ACC + r * NV + v;

  const body: number[] = [];
  const emit = (...xs: number[][]) => {
    for (const x of xs) body.push(...x);
  };
  // for (jr = 0; jr < nc; jr += NR)
  emit(i32c(0), set(JR), block, loop);
  emit(get(JR), get(NC), ltU, eqz, brIf(1)); // exit when !(jr < nc)
  // for (ir = 0; ir < mc; ir += MR)
  emit(i32c(0), set(IR), block, loop);
  emit(get(IR), get(MC), ltU, eqz, brIf(1));
  for (let r = 0; r < MR; r++) for (let v = 0; v < NV; v++) emit(v128Zero, set(acc(r, v)));
  // pa = ap + ir*kc*8; pb = bp + jr*kc*8; kend = pa + kc*MR*8
  emit(get(AP), get(IR), get(KC), mul, i32c(8), mul, add, set(PA));
  emit(get(BP), get(JR), get(KC), mul, i32c(8), mul, add, set(PB));
  emit(get(PA), get(KC), i32c(MR * 8), mul, add, set(KEND));
  // k loop (kc ≥ 1 is guaranteed by the caller)
  emit(loop);
  for (let v = 0; v < NV; v++) emit(get(PB), v128Load(16 * v), set(BV + v));
  for (let r = 0; r < MR; r++) {
    emit(get(PA), load64Splat(8 * r), set(AV));
    for (let v = 0; v < NV; v++)
      emit(get(acc(r, v)), get(AV), get(BV + v), f64x2Mul, f64x2Add, set(acc(r, v)));
  }
  emit(get(PA), i32c(MR * 8), add, set(PA));
  emit(get(PB), i32c(NR * 8), add, set(PB));
  emit(get(PA), get(KEND), ltU, brIf(0), end);
  // Cb rows ir..ir+MR, columns jr..jr+NR: += acc
  emit(get(CP), get(IR), get(LDC), mul, add, get(JR), i32c(8), mul, add, set(CROW));
  for (let r = 0; r < MR; r++) {
    for (let v = 0; v < NV; v++)
      emit(get(CROW), get(CROW), v128Load(16 * v), get(acc(r, v)), f64x2Add, v128Store(16 * v));
    if (r + 1 < MR) emit(get(CROW), get(LDC), add, set(CROW));
  }
  emit(get(IR), i32c(MR), add, set(IR), br(0), end, end); // continue the ir loop
  emit(get(JR), i32c(NR), add, set(JR), br(0), end, end);
  emit(end);

  const locals = vec([
    [...uleb(6), I32],
    [...uleb(MR * NV + NV + 1), V128],
  ]);
  const code = [...locals, ...body];
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([[0x60, ...vec(new Array(7).fill([I32])), 0]])),
    ...section(3, vec([[0]])),
    ...section(5, vec([[0x00, 1]])),
    ...section(
      7,
      vec([
        [...name('gemm'), 0x00, 0],
        [...name('mem'), 0x02, 0],
      ]),
    ),
    ...section(10, vec([[...uleb(code.length), ...code]])),
  ];
  return Uint8Array.from(bytes);
}
