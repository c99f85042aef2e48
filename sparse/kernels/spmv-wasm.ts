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
import { Asm, F64, I32, w } from './wasm-asm.js';
import { tridiagonalCsr, WARM_IDX, WARM_ROWS, warmOnce } from './wasm-warm.js';

/**
 * Assembles the module (imports `e.mem`, the shared region heap).
 * @returns the module's bytes
 * @example WebAssembly.validate(spmvPairsWasmBytes()) // true
 */
export function spmvPairsWasmBytes(): Uint8Array {
  const a = new Asm(new Array<number>(7).fill(I32));
  const [POSP, CRDP, VALP, XP, YP, LO, HI] = [0, 1, 2, 3, 4, 5, 6];
  const i = a.local();
  /** Byte address of pos[i]. */
  const pp = a.local();
  /** Per row r of a step: byte addresses of its next crd and value, and of its crd's end; its sum. */
  const c = [a.local(), a.local()];
  const v = [a.local(), a.local()];
  const end = [a.local(), a.local()];
  const t = [a.local(F64), a.local(F64)];
  /** Scratch: an entry index, then the end of the common part (byte address of row 0's crd). */
  const stop = a.local();
  /** Row i + r from pos[i + r] to pos[i + r + 1], its sum at 0. */
  const start = (r: number) => {
    a.e(w.get(pp), w.i32Load(4 * r), w.set(stop));
    a.addr(CRDP, stop, 2).e(w.set(c[r]!));
    a.addr(VALP, stop, 3).e(w.set(v[r]!));
    a.e(w.get(pp), w.i32Load(4 * r + 4), w.set(stop));
    a.addr(CRDP, stop, 2).e(w.set(end[r]!), w.f64c0, w.set(t[r]!));
  };
  /** t_r += vals[v_r] · x[crd[c_r]]; the addresses move on one entry. */
  const entry = (r: number) => {
    a.e(w.get(t[r]!), w.get(v[r]!), w.f64Load(), w.get(XP), w.get(c[r]!), w.i32Load(), w.i32c(3), w.i32Shl);
    a.e(w.i32Add, w.f64Load(), w.f64Mul, w.f64Add, w.set(t[r]!));
    a.e(w.get(c[r]!), w.i32c(4), w.i32Add, w.set(c[r]!), w.get(v[r]!), w.i32c(8), w.i32Add, w.set(v[r]!));
  };
  /** `while (x < limit) body()` (unsigned byte addresses). */
  const whileBelow = (x: number, limit: number, body: () => void) => {
    a.e(w.block, w.loop, w.get(x), w.get(limit), w.i32GeU, w.brIf(1));
    body();
    a.e(w.br(0), w.end, w.end);
  };
  const store = (r: number) => a.addr(YP, i, 3).e(w.get(t[r]!), w.f64Store(8 * r));
  a.e(w.get(LO), w.set(i));
  // Pairs of rows while i + 2 <= hi.
  a.e(w.block, w.loop, w.get(i), w.i32c(2), w.i32Add, w.get(HI), w.i32GtS, w.brIf(1));
  a.addr(POSP, i, 2).e(w.set(pp));
  start(0);
  start(1);
  // The common part: stop = c0 + min(len0, len1), the rows' lengths in crd bytes.
  const len1 = [w.get(end[1]!), w.get(c[1]!), w.i32Sub];
  a.e(w.get(end[0]!), w.get(c[0]!), w.i32Sub, w.set(stop));
  a.e(w.get(c[0]!), w.get(stop), ...len1, w.get(stop), ...len1, w.i32LtS, w.select, w.i32Add, w.set(stop));
  whileBelow(c[0]!, stop, () => {
    entry(0);
    entry(1);
  });
  whileBelow(c[0]!, end[0]!, () => entry(0));
  whileBelow(c[1]!, end[1]!, () => entry(1));
  store(0);
  store(1);
  a.e(w.get(i), w.i32c(2), w.i32Add, w.set(i), w.br(0), w.end, w.end);
  // A last single row.
  a.e(w.get(i), w.get(HI), w.i32LtS, w.if);
  a.addr(POSP, i, 2).e(w.set(pp));
  start(0);
  whileBelow(c[0]!, end[0]!, () => entry(0));
  store(0);
  a.e(w.end);
  return Uint8Array.from(a.module());
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

/**
 * Warms a CSR SpMV module (the two-rows one or a generated one: parameters `pos, crd, vals, x,
 * y, lo, hi`, then the lengths its `lens` name) on a 512-row tridiagonal matrix of zeros,
 * ~60 calls, once per process and module (kernels/wasm-warm.ts): the SpMV already calls its
 * module in chunks of rows so that V8 tiers up between calls, but the first chunks of a fresh
 * process's first SpMV ran on baseline code (power iteration's first pieces 8–13 ms against 2–4).
 * @param key - the module's kernel name
 * @param spec - its bytes and the positions of the lengths it takes
 */
export function warmSpmvWasm(key: string, spec: { bytes: readonly number[]; lens: readonly number[] }): void {
  warmOnce(`spmv.${key}`, [spec.bytes], 1, ([k], buf) => {
    // pos at 0, crd at 2112 (tridiagonalCsr), vals at 8256, x at 20544, y at 24640 (8 bytes each).
    const n = WARM_ROWS;
    const q = tridiagonalCsr(buf);
    const lengths = [n + 1, q, q, n, n];
    const extra = spec.lens.map((p) => lengths[p]!);
    for (let r = 0; r < 60; r++) k!(0, WARM_IDX, 8256, 20544, 24640, 0, n, ...extra);
  });
}
