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
 * - Bp holds `nc/4` column panels of `kc × 4`, k-major: `b0 b1 b2 b3` per k.
 * - Per k: 2 loads of A (`a01`, `a23`), 2 of B (`b01`, `b23`), each A pair also swapped in
 *   registers (`a10`, one shuffle) so that `(a0, a1) × (b0, b1)` gives the diagonal products and
 *   `(a1, a0) × (b0, b1)` the anti-diagonal ones; 8 multiplies and 8 adds into 8 accumulators, no
 *   broadcast (splat). Until 2026-11-27 B was packed with each column pair also stored swapped
 *   (`b0 b1 b2 b3 b1 b0 b3 b2`, 4 loads of B per k): swapping A in registers instead halves the
 *   packed B panel and its loads, 13.4–15.7 → 15.5–17.0 GFlop per CPU-second on this module alone
 *   (5 alternating pairs, `kc` 256 × `mc` 64 × `nc` 1024, loaded 2-vCPU AMD host). Same products,
 *   same order: the same bits.
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
/** Doubles per k of a packed B panel. @example GEMM_NR_PACKED // 4 */
export const GEMM_NR_PACKED = 4;

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

/** The two lanes of an f64x2 swapped, as a byte shuffle of one vector. */
const SWAP = [8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7];
/** Lanes (lo of a, hi of b) of two f64x2 vectors, as a byte shuffle. */
const LO_HI = [0, 1, 2, 3, 4, 5, 6, 7, 24, 25, 26, 27, 28, 29, 30, 31];

/**
 * Assembles the module.
 * @returns the module's bytes (a few hundred)
 * @example WebAssembly.validate(gemmWasmBytes()) // true
 */
export function gemmWasmBytes(): Uint8Array {
  // Params: 0 ap, 1 bp, 2 cp, 3 mc, 4 nc, 5 kc, 6 ldc, 7 first. Locals below.
  const [AP, BP, CP, MC, NC, KC, LDC, FIRST] = [0, 1, 2, 3, 4, 5, 6, 7];
  const [JR, IR, PA, PB, KEND, CROW] = [8, 9, 10, 11, 12, 13];
  // acc(p, q): A lane pair p (rows 2p, 2p+1), as loaded (q = 0, 1) or swapped (q = 2, 3), × B
  // vector q mod 2 (b01, b23); then the B vectors, then the A pair and its swap.
  const ACC = 14;
  const BV = ACC + 8;
  const AV = BV + 2;
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
  // pa = ap + ir*kc*8; pb = bp + jr*kc*8; kend = pa + kc*32
  emit(get(AP), get(IR), get(KC), mul, i32c(8), mul, add, set(PA));
  emit(get(BP), get(JR), get(KC), mul, i32c(8), mul, add, set(PB));
  emit(get(PA), get(KC), i32c(32), mul, add, set(KEND));
  // k loop (kc ≥ 1 is guaranteed by the caller)
  emit(loop);
  for (let q = 0; q < 2; q++) emit(get(PB), v128Load(16 * q), set(BV + q));
  for (let p = 0; p < 2; p++) {
    emit(get(PA), v128Load(16 * p), set(AV));
    emit(get(AV), get(AV), i8x16Shuffle(SWAP), set(AV + 1));
    for (let q = 0; q < 2; q++) {
      emit(get(acc(p, q)), get(AV), get(BV + q), f64x2Mul, f64x2Add, set(acc(p, q)));
      emit(get(acc(p, q + 2)), get(AV + 1), get(BV + q), f64x2Mul, f64x2Add, set(acc(p, q + 2)));
    }
  }
  emit(get(PA), i32c(32), add, set(PA));
  emit(get(PB), i32c(32), add, set(PB));
  emit(get(PA), get(KEND), ltU, brIf(0), end);
  // Rows ir+2p and ir+2p+1, columns jr+2v, jr+2v+1: acc(p, v) = (a0·b0, a1·b1) and
  // acc(p, v+2) = (a1·b0, a0·b1), so
  //   row 2p:   (acc(p, v).lo, acc(p, v+2).hi)    row 2p+1: (acc(p, v+2).lo, acc(p, v).hi)
  const rowsBlock = (store: boolean) => {
    emit(get(CP), get(IR), get(LDC), mul, add, get(JR), i32c(8), mul, add, set(CROW));
    for (let p = 0; p < 2; p++) {
      for (let h = 0; h < 2; h++) {
        for (let v = 0; v < 2; v++) {
          emit(get(CROW));
          if (!store) emit(get(CROW), v128Load(16 * v));
          const [lo, hi] = h === 0 ? [acc(p, v), acc(p, v + 2)] : [acc(p, v + 2), acc(p, v)];
          emit(get(lo), get(hi), i8x16Shuffle(LO_HI));
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
    [...uleb(8 + 2 + 2), V128],
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

/** The compiled micro-kernel, as {@link gemmWarmModule} leaves it on globalThis. */
export interface GemmModule {
  /** A `WebAssembly.Module` of {@link gemmWasmBytes}. */
  readonly mod: object;
  /** True when compiled and warmed by {@link gemmWarmModule} (a worker's own module lacks it). */
  readonly warmed: boolean;
}

/** The part of the WebAssembly API used here (the project's lib has no WebAssembly types). */
interface WasmApi {
  Module: new (b: Uint8Array) => object;
  Instance: new (m: object, i: object) => { exports: Record<string, unknown> };
}

/**
 * Compiles the micro-kernel once on this thread and runs it 100 times on a 16 × 16 block with
 * k = 64 in the instance's own one-page memory (~1 ms), enough for V8's dynamic tiering to start
 * its optimized compile. Shipped to the workers (the matmul kernel's `globals`), the module shares
 * that code: a worker's first product no longer starts on Liftoff code (its first 64 × 1024 ×
 * 256 block took 10–17 ms instead of 2.2 in a fresh worker, measured on a loaded host) beside its
 * own TurboFan job. Stored on globalThis as `__cohortGemmMod`, where the kernel looks for it.
 * @param bytes - the module's bytes (default: {@link gemmWasmBytes})
 * @returns the compiled module, marked warmed
 * @example gemmWarmModule().warmed // true
 */
export function gemmWarmModule(bytes: Uint8Array = gemmWasmBytes()): GemmModule {
  const g = globalThis as unknown as { __cohortGemmMod?: GemmModule; WebAssembly: WasmApi };
  if (g.__cohortGemmMod?.warmed === true) return g.__cohortGemmMod;
  const mod = new g.WebAssembly.Module(bytes);
  const gemm = new g.WebAssembly.Instance(mod, {}).exports.gemm as (...a: number[]) => void;
  // B panels at 0 (8 KiB), A panels at 8 KiB, C (16 × 16) at 16 KiB: zeros, stored then added.
  for (let r = 0; r < 100; r++) gemm(8192, 0, 16384, 16, 16, 64, 128, r & 1);
  const m = { mod, warmed: true };
  g.__cohortGemmMod = m;
  return m;
}
