/**
 * The float64 matrix-product micro-kernel as a WebAssembly module (SIMD128), assembled here from a
 * readable listing. Scalar JavaScript tops out near 3 GFLOP/s per core on this machine kind (V8
 * emits no vector instructions), so the register-blocked product runs on `f64x2` lanes instead.
 * The bytes are spliced into the matmul kernel's source text (kernels are shipped to workers as
 * source), and each thread compiles them once.
 *
 * Export `gemm(ap, bp, cp, mc, nc, kc, ldc, first)` (byte offsets into the exported memory `mem`):
 * `Cb[0:mc, 0:nc] (+)= Ap @ Bp` for a 4 × 4 register block:
 * - Ap holds `mc/4` row panels of `4 × kc`, k-major: `a0 a1 a2 a3` per k.
 * - Bp holds `nc/4` column panels of `kc × 8`, k-major: `b0 b1 b2 b3 b1 b0 b3 b2` per k — each
 *   pair of columns also stored swapped, so that the lanes `(a0, a1) × (b1, b0)` give the
 *   anti-diagonal products. No broadcast (splat) is needed in the k loop: per k, 2 loads of A,
 *   4 of B, 8 multiplies and 8 adds into 8 accumulators (measured ~3% faster than splatting A).
 * - Cb is row-major with `ldc` bytes per row; `mc`, `nc` are multiples of 4. With `first` ≠ 0
 *   the block's sums are stored, else added to Cb.
 *
 * Every element of Cb is one lane that sums its `kc` products in k order from +0 and is then added
 * to Cb (or stored: +0 + Σ is Σ, since a sum that starts at +0 is never −0) — the order of the
 * scalar kernel, so results are bitwise the same (multiply and add round separately: no FMA).
 */
import { wasmName as name, wasmSection as section, uleb, wasmVec as vec, wasmOp } from '../codegen/index.js';

/** Rows of A per register block. @example GEMM_MR // 4 */
export const GEMM_MR = 4;
/** Columns of B per register block (two `f64x2` vectors). @example GEMM_NR // 4 */
export const GEMM_NR = 4;
/** Doubles per k of a packed B panel (each column pair also swapped). @example GEMM_NR_PACKED // 8 */
export const GEMM_NR_PACKED = 8;

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
  v128Zero,
  f64x2Add,
  f64x2Mul,
  i8x16Shuffle,
  ifThen,
  else: orElse,
} = wasmOp;

/** Lanes (lo of a, lo of b) and (hi of b, hi of a) of two f64x2 vectors, as byte shuffles. */
const LO_LO = [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23];
const HI_HI = [24, 25, 26, 27, 28, 29, 30, 31, 8, 9, 10, 11, 12, 13, 14, 15];

/**
 * Assembles the module.
 * @returns the module's bytes (a few hundred)
 * @example WebAssembly.validate(gemmWasmBytes()) // true
 */
export function gemmWasmBytes(): Uint8Array {
  // Params: 0 ap, 1 bp, 2 cp, 3 mc, 4 nc, 5 kc, 6 ldc, 7 first. Locals below.
  const [AP, BP, CP, MC, NC, KC, LDC, FIRST] = [0, 1, 2, 3, 4, 5, 6, 7];
  const [JR, IR, PA, PB, KEND, CROW] = [8, 9, 10, 11, 12, 13];
  // acc(p, q): A lane pair p (rows 2p, 2p+1) × B vector q (b01, b23, b10, b32); then B, A vectors.
  const ACC = 14;
  const BV = ACC + 8;
  const AV = BV + 4;
  const acc = (p: number, q: number) => ACC + p * 4 + q;

  const body: number[] = [];
  const emit = (...xs: number[][]) => {
    for (const x of xs) body.push(...x);
  };
  // for (jr = 0; jr < nc; jr += 4)
  emit(i32c(0), set(JR), block, loop);
  emit(get(JR), get(NC), ltU, eqz, brIf(1)); // exit when !(jr < nc)
  // for (ir = 0; ir < mc; ir += 4)
  emit(i32c(0), set(IR), block, loop);
  emit(get(IR), get(MC), ltU, eqz, brIf(1));
  for (let p = 0; p < 2; p++) for (let q = 0; q < 4; q++) emit(v128Zero, set(acc(p, q)));
  // pa = ap + ir*kc*8; pb = bp + jr*kc*16; kend = pa + kc*32
  emit(get(AP), get(IR), get(KC), mul, i32c(8), mul, add, set(PA));
  emit(get(BP), get(JR), get(KC), mul, i32c(16), mul, add, set(PB));
  emit(get(PA), get(KC), i32c(32), mul, add, set(KEND));
  // k loop (kc ≥ 1 is guaranteed by the caller)
  emit(loop);
  for (let q = 0; q < 4; q++) emit(get(PB), v128Load(16 * q), set(BV + q));
  for (let p = 0; p < 2; p++) {
    emit(get(PA), v128Load(16 * p), set(AV + p));
    for (let q = 0; q < 4; q++)
      emit(get(acc(p, q)), get(AV + p), get(BV + q), f64x2Mul, f64x2Add, set(acc(p, q)));
  }
  emit(get(PA), i32c(32), add, set(PA));
  emit(get(PB), i32c(64), add, set(PB));
  emit(get(PA), get(KEND), ltU, brIf(0), end);
  // Rows ir+2p (lanes lo) and ir+2p+1 (lanes hi), columns jr+2v, jr+2v+1:
  //   row 2p:   (acc(p, v).lo, acc(p, v+2).lo)    row 2p+1: (acc(p, v+2).hi, acc(p, v).hi)
  const rowsBlock = (store: boolean) => {
    emit(get(CP), get(IR), get(LDC), mul, add, get(JR), i32c(8), mul, add, set(CROW));
    for (let p = 0; p < 2; p++) {
      for (let h = 0; h < 2; h++) {
        for (let v = 0; v < 2; v++) {
          emit(get(CROW));
          if (!store) emit(get(CROW), v128Load(16 * v));
          emit(get(acc(p, v)), get(acc(p, v + 2)), i8x16Shuffle(h === 0 ? LO_LO : HI_HI));
          if (!store) emit(f64x2Add);
          emit(v128Store(16 * v));
        }
        if (p + h < 2) emit(get(CROW), get(LDC), add, set(CROW));
      }
    }
  };
  emit(get(FIRST), eqz, ifThen); // if (!first) add, else store
  rowsBlock(false);
  emit(orElse);
  rowsBlock(true);
  emit(end);
  emit(get(IR), i32c(4), add, set(IR), br(0), end, end); // continue the ir loop
  emit(get(JR), i32c(4), add, set(JR), br(0), end, end);
  emit(end);

  const locals = vec([
    [...uleb(6), I32],
    [...uleb(8 + 4 + 2), V128],
  ]);
  const code = [...locals, ...body];
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([[0x60, ...vec(new Array(8).fill([I32])), 0]])),
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
