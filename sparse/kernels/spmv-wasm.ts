/**
 * The float64 CSR SpMV `y = A x` as a hand-assembled WebAssembly module that walks two rows at
 * once. Each row's sum is the generated kernel's (sparse/core/generated.ts): `t = 0`, then
 * `t += vals[p] * x[crd[p]]` in increasing p, multiply and add rounded separately — so the bits
 * are the same. What changes is the schedule: a row's sum is a chain of dependent adds, and a row
 * of a few dozen entries costs the add's latency times its length (the Rydberg Hamiltonian's 21
 * entries a row, whose `x` reads scatter over the whole vector: ~1.2× SciPy's time per core with
 * one row at a time). Two rows step together through their common length, two independent chains
 * the core overlaps; the longer row's rest follows alone.
 *
 * Export `kernel(posp, crdp, valp, xp, yp, lo, hi)`: byte addresses of `A_pos` (int32), `A_crd`
 * (int32), `A_vals`, `x`, `y` (float64) in the region heap, rows `[lo, hi)`. The same parameters
 * as the generated module; like it, it reads unchecked and runs only behind the structure's range
 * check (products.ts).
 */
import { wasmKernelModule, wasmOp } from '../../codegen/index.js';

const {
  I32,
  F64,
  get,
  set,
  i32c,
  i32Add,
  i32Sub,
  i32Shl,
  i32LtU,
  i32GtU,
  i32GeU,
  f64Add,
  f64Mul,
  block,
  loop,
  end,
  br,
  brIf,
} = wasmOp;

const i32Load = (off = 0): number[] => [0x28, 2, off];
const f64Load = (off = 0): number[] => [0x2b, 3, off];
const f64Store: number[] = [0x39, 3, 0];
const f64Const0: number[] = [0x44, 0, 0, 0, 0, 0, 0, 0, 0];
const i32LtS: number[] = [0x48];
const select: number[] = [0x1b];

/**
 * Assembles the module (imports `e.mem`, the shared region heap).
 * @returns the module's bytes
 * @example WebAssembly.validate(spmvPairsWasmBytes()) // true
 */
export function spmvPairsWasmBytes(): Uint8Array {
  // Params 0 posp, 1 crdp, 2 valp, 3 xp, 4 yp, 5 lo, 6 hi; locals 7 i (row), 8 pp (byte address
  // of pos[i]), 9 c0, 10 v0 (byte addresses of row 0's next entry), 11 c1, 12 v1 (row 1's),
  // 13 stop0 (c0 at the end of the common part), 14 end0, 15 end1 (c0's and c1's ends), 16 n0,
  // 17 n1 (the rows' lengths), 18 t0, 19 t1 (f64 sums).
  const [POSP, CRDP, VALP, XP, YP, LO, HI] = [0, 1, 2, 3, 4, 5, 6];
  const [I, PP, C0, V0, C1, V1, STOP0, END0, END1, N0, N1, T0, T1] = [
    7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
  ];
  const body: number[] = [];
  const emit = (...xs: number[][]) => {
    for (const x of xs) body.push(...x);
  };
  /** t += vals[v] * x[crd[c]]; c += 4; v += 8 (one entry of a row). */
  const entry = (t: number, c: number, v: number) => {
    emit(get(t), get(v), f64Load(), get(XP), get(c), i32Load(), i32c(3), i32Shl, i32Add, f64Load(), f64Mul);
    emit(f64Add, set(t));
    emit(get(c), i32c(4), i32Add, set(c), get(v), i32c(8), i32Add, set(v));
  };
  /** Entries of one row from c to `endC` (byte address of crd at the row's end). */
  const rest = (t: number, c: number, v: number, endC: number) => {
    emit(block, loop, get(c), get(endC), i32GeU, brIf(1));
    entry(t, c, v);
    emit(br(0), end, end);
  };
  /** Sets c and v to the byte addresses of entry index (int32) on the stack: c = crdp + 4e, v = valp + 8e. */
  const addressOf = (c: number, v: number, e: number) => {
    emit(get(CRDP), get(e), i32c(2), i32Shl, i32Add, set(c));
    emit(get(VALP), get(e), i32c(3), i32Shl, i32Add, set(v));
  };
  emit(get(LO), set(I));
  // Pairs of rows.
  emit(block, loop, get(I), i32c(2), i32Add, get(HI), i32GtU, brIf(1));
  emit(get(POSP), get(I), i32c(2), i32Shl, i32Add, set(PP));
  // n0 = pos[i+1] - pos[i], n1 = pos[i+2] - pos[i+1]; row 0 from pos[i], row 1 from pos[i+1].
  emit(get(PP), i32Load(4), get(PP), i32Load(0), i32Sub, set(N0));
  emit(get(PP), i32Load(8), get(PP), i32Load(4), i32Sub, set(N1));
  emit(get(PP), i32Load(0), set(STOP0));
  addressOf(C0, V0, STOP0);
  emit(get(PP), i32Load(4), set(STOP0));
  addressOf(C1, V1, STOP0);
  emit(get(C0), get(N0), i32c(2), i32Shl, i32Add, set(END0));
  emit(get(C1), get(N1), i32c(2), i32Shl, i32Add, set(END1));
  // The common part: min(n0, n1) entries of each, interleaved.
  emit(get(C0), get(N0), get(N1), get(N0), get(N1), i32LtS, select, i32c(2), i32Shl, i32Add, set(STOP0));
  emit(f64Const0, set(T0), f64Const0, set(T1));
  emit(block, loop, get(C0), get(STOP0), i32GeU, brIf(1));
  entry(T0, C0, V0);
  entry(T1, C1, V1);
  emit(br(0), end, end);
  rest(T0, C0, V0, END0);
  rest(T1, C1, V1, END1);
  emit(get(YP), get(I), i32c(3), i32Shl, i32Add, get(T0), f64Store);
  emit(get(YP), get(I), i32c(3), i32Shl, i32Add, i32c(8), i32Add, get(T1), f64Store);
  emit(get(I), i32c(2), i32Add, set(I), br(0), end, end);
  // A last single row.
  emit(get(I), get(HI), i32LtU, [0x04, 0x40]);
  emit(get(POSP), get(I), i32c(2), i32Shl, i32Add, set(PP));
  emit(get(PP), i32Load(0), set(STOP0));
  addressOf(C0, V0, STOP0);
  emit(get(PP), i32Load(4), get(PP), i32Load(0), i32Sub, set(N0));
  emit(get(C0), get(N0), i32c(2), i32Shl, i32Add, set(END0));
  emit(f64Const0, set(T0));
  rest(T0, C0, V0, END0);
  emit(get(YP), get(I), i32c(3), i32Shl, i32Add, get(T0), f64Store);
  emit(end);
  emit(end);
  return wasmKernelModule(
    [I32, I32, I32, I32, I32, I32, I32],
    [I32, I32, I32, I32, I32, I32, I32, I32, I32, I32, I32, F64, F64],
    body,
  );
}

/** The module in {@link WasmSpec} form (sparse/kdef.ts): the generated SpMV module's parameter classes. */
export const SPMV_PAIRS_TYPES = [
  'Int32Array',
  'Int32Array',
  'Float64Array',
  'Float64Array',
  'Float64Array',
  null,
  null,
];
