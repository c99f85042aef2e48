/**
 * The WebAssembly forms of SpGEMM's symbolic count and numeric fill (`spgemm.ts`): the same
 * parameters (arrays as byte offsets into the heap) plus the piece's scratch (`t.scratch`,
 * runtime/scratch.ts) and a `reset` flag as the last two — the workspace the JavaScript loops
 * allocate per piece. The count marks columns with the row number (4 bytes × n, reset to −1 at
 * a piece's first call). The fill keeps which columns a row of C has so far in a bitmap (n bits:
 * 125 KB for a million columns, cached where 4-byte marks next to the sums were not), cleared by
 * each row through its list of columns, so that only the bitmaps are zeroed (at a piece's first
 * call) and not its n-wide float64 sums, which are written before they are read — a piece of
 * `R @ A` in the multigrid setup (a million columns) zeroed 16 MB. `spgemmCountScratch` /
 * `spgemmFillScratch` give the sizes. The scratch is not
 * zeroed by the runtime, and a piece is run as several calls over ascending row ranges (only
 * the first resets) because V8 tiers a Wasm function up only between calls — one call per piece
 * would run the whole piece in the baseline compiler's code (measured ~2× slower here).
 * The same bits as the JavaScript loops: products and sums in float64 in A's then B's entry
 * order, each row's columns sorted (insertion up to 32 entries, else the bitmap read back in
 * order, where the loop sorts by insertion or `TypedArray.sort`: distinct integers have one
 * sorted order), the value rounded by the store
 * and dropped when the stored value is 0. Both read where A's and B's pointers lead: they run
 * only once both structures passed the range check (`guarded`).
 */
import type { DType } from '../../runtime/index.js';
import type { WasmSpec } from '../kdef.js';
import { Asm, F64, I32, I64, loadF, storeF, w } from './wasm-asm.js';

type F = 'float64' | 'float32';
const CLS = { float64: 'Float64Array', float32: 'Float32Array' } as const;
const INT = 'Int32Array';
/** `memory.fill` of memory 0: `[dst, byte, len]` on the stack. */
const MEM_FILL = [0xfc, 0x0b, 0x00];

let countSpec: WasmSpec | undefined;
const fillMemo = new Map<string, WasmSpec | null>();

/** `spgemmSymbolic(aPos, aCrd, bPos, bCrd, n, counts, lo, hi, scratch, reset)`. */
export function spgemmCountWasm(): WasmSpec {
  countSpec ??= buildCount();
  return countSpec;
}

/** Scratch bytes per piece of the numeric fill for `n` columns (slots, then the two bitmaps). */
export function spgemmFillScratch(n: number): number {
  return 8 * n + 8 * words(n) + 8 * words(words(n));
}

/** The numeric fill for values of A, B and C in these dtypes, or null unless all are float. */
export function spgemmFillWasm(a: DType, b: DType, c: DType): WasmSpec | null {
  const key = `${a}.${b}.${c}`;
  let m = fillMemo.get(key);
  if (m === undefined) {
    const fl = (d: DType): d is F => d === 'float64' || d === 'float32';
    m = fl(a) && fl(b) && fl(c) ? buildFill(a, b, c) : null;
    fillMemo.set(key, m);
  }
  return m;
}

/** `for (x = from; x < to; x += step)` over byte pointers (unsigned compare). */
function walk(a: Asm, x: number, to: number, step: number, body: () => void): void {
  a.e(w.block, w.loop, w.get(x), w.get(to), w.i32GeU, w.brIf(1));
  body();
  a.e(w.get(x), w.i32c(step), w.i32Add, w.set(x), w.br(0), w.end, w.end);
}

/** Sets `pa`/`pe` to the byte range of `crd` for row `row` of `pos` (pos[row], pos[row + 1]). */
function rowRange(a: Asm, pos: number, row: number, crd: number, pa: number, pe: number): void {
  a.addr(pos, row, 2).e(w.i32Load(), w.i32c(2), w.i32Shl, w.get(crd), w.i32Add, w.set(pa));
  a.addr(pos, row, 2).e(w.i32Load(4), w.i32c(2), w.i32Shl, w.get(crd), w.i32Add, w.set(pe));
}

/** Emits: `bit = 1 << (j mod 64)`, `at = &L1[j >> 6]`, `word = L1[j >> 6]`; pushes `(word & bit) == 0`. */
function testBit(a: Asm, L1: number, j: number, at: number, bit: number, word: number): void {
  a.e(w.i64c(1), w.get(j), w.i64ExtendI32U, w.i64Shl, w.set(bit));
  a.e(w.get(j), w.i32c(6), w.i32ShrU, w.i32c(3), w.i32Shl, w.get(L1), w.i32Add, w.tee(at));
  a.e(w.i64Load(), w.tee(word), w.get(bit), w.i64And, w.i64Eqz);
}

/** Emits: `L1[list[t] >> 6] = 0` for t < len (clears a row's bits). */
function clearBits(a: Asm, L1: number, list: number, len: number, t: number): void {
  a.for(t, [w.i32c(0)], [w.get(len)], () => {
    a.addr(list, t, 2).e(w.i32Load(), w.i32c(6), w.i32ShrU, w.i32c(3), w.i32Shl, w.get(L1), w.i32Add);
    a.e(w.i64c(0), w.i64Store());
  });
}

/** 8-byte words of a bitmap of `n` bits. */
const words = (n: number) => Math.ceil(n / 64);

/**
 * Scratch bytes per piece of the count for `n` columns: marks (row numbers, 4 bytes per column,
 * reset to −1 at the piece's first call). Faster than the fill's bitmap here (B @ B: 102–130 vs
 * 163–221 ms CPU): the count has no list to keep, and the bitmap's clearing pass is extra.
 */
export function spgemmCountScratch(n: number): number {
  return 4 * n;
}

function buildCount(): WasmSpec {
  const [AP, AI, BP, BI, N, CNT, LO, HI, SCR, RST] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const a = new Asm(new Array<number>(10).fill(I32));
  const i = a.local();
  const len = a.local();
  const pa = a.local();
  const pe = a.local();
  const r = a.local();
  const qa = a.local();
  const qe = a.local();
  const at = a.local();
  // marks = -1 (at the piece's first call only: later calls of a piece have higher rows)
  a.e(w.get(RST), w.if, w.get(SCR), w.i32c(-1), w.get(N), w.i32c(2), w.i32Shl, MEM_FILL, w.end);
  a.for(i, [w.get(LO)], [w.get(HI)], () => {
    a.e(w.i32c(0), w.set(len));
    rowRange(a, AP, i, AI, pa, pe);
    walk(a, pa, pe, 4, () => {
      a.e(w.get(pa), w.i32Load(), w.set(r));
      rowRange(a, BP, r, BI, qa, qe);
      walk(a, qa, qe, 4, () => {
        // at = &mark[bCrd[q]]
        a.e(w.get(qa), w.i32Load(), w.i32c(2), w.i32Shl, w.get(SCR), w.i32Add, w.tee(at));
        a.e(w.i32Load(), w.get(i), w.i32Ne, w.if);
        a.e(w.get(at), w.get(i), w.i32Store(), w.get(len), w.i32c(1), w.i32Add, w.set(len));
        a.e(w.end);
      });
    });
    a.addr(CNT, i, 2).e(w.get(len), w.i32Store(4));
  });
  return {
    bytes: a.module(),
    types: [INT, INT, INT, INT, null, INT, null, null, null, null],
    lens: [],
    scratch: true,
  };
}

function buildFill(da: F, db: F, dc: F): WasmSpec {
  const [AP, AI, AV, BP, BI, BV, N, CP, CI, CV, EX, LO, HI, SCR, RST] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
  ];
  const sh = (d: F) => (d === 'float64' ? 3 : 2);
  const a = new Asm(new Array<number>(15).fill(I32));
  const full = a.local();
  const i = a.local();
  const base = a.local();
  const wp = a.local();
  const pa = a.local();
  const pe = a.local();
  const qa = a.local();
  const qe = a.local();
  const j = a.local();
  const at = a.local();
  const len = a.local();
  const wi = a.local();
  const g = a.local();
  const gmin = a.local();
  const gmax = a.local();
  const L1 = a.local();
  const L0 = a.local();
  const b0 = a.local(I64);
  const b1 = a.local(I64);
  const bit = a.local(I64);
  const word = a.local(I64);
  const t = a.local();
  const u = a.local();
  const x = a.local();
  const k = a.local();
  const av = a.local(F64);
  const prod = a.local(F64);
  const sv = a.local(F64);
  // The float64 sums at SCR (8n bytes, written before read), then the bitmaps: L1 (bit j: column
  // j is in the row; n bits), L0 (one bit per L1 word), in 8-byte words (spgemmFillScratch) —
  // zeroed at the piece's first call, left zero by every row.
  a.e(w.get(SCR), w.get(N), w.i32c(3), w.i32Shl, w.i32Add, w.set(L1));
  a.e(
    w.get(N),
    w.i32c(63),
    w.i32Add,
    w.i32c(6),
    w.i32ShrU,
    w.tee(x),
    w.i32c(3),
    w.i32Shl,
    w.get(L1),
    w.i32Add,
  );
  a.e(w.set(L0));
  a.e(w.get(RST), w.if, w.get(L1), w.i32c(0), w.get(x), w.i32c(3), w.i32Shl);
  a.e(w.get(x), w.i32c(63), w.i32Add, w.i32c(6), w.i32ShrU, w.i32c(3), w.i32Shl, w.i32Add, MEM_FILL, w.end);
  a.e(w.i32c(1), w.set(full));
  a.for(i, [w.get(LO)], [w.get(HI)], () => {
    // base = &cCrd[cPos[i]]; wp = base
    a.addr(CP, i, 2).e(w.i32Load(), w.i32c(2), w.i32Shl, w.get(CI), w.i32Add, w.tee(base), w.set(wp));
    rowRange(a, AP, i, AI, pa, pe);
    walk(a, pa, pe, 4, () => {
      // av = aVals[p] (p = (pa − aCrd) / 4)
      a.e(w.get(AV), w.get(pa), w.get(AI), w.i32Sub);
      if (sh(da) === 3) a.e(w.i32c(1), w.i32Shl);
      a.e(w.i32Add, loadF(da), w.set(av));
      a.e(w.get(pa), w.i32Load(), w.set(j));
      rowRange(a, BP, j, BI, qa, qe);
      walk(a, qa, qe, 4, () => {
        a.e(w.get(qa), w.i32Load(), w.set(j));
        a.e(w.get(av), w.get(BV), w.get(qa), w.get(BI), w.i32Sub);
        if (sh(db) === 3) a.e(w.i32c(1), w.i32Shl);
        a.e(w.i32Add, loadF(db), w.f64Mul, w.set(prod));
        testBit(a, L1, j, at, bit, word);
        a.e(w.if, w.get(at), w.get(word), w.get(bit), w.i64Or, w.i64Store());
        a.e(w.get(SCR), w.get(j), w.i32c(3), w.i32Shl, w.i32Add, w.get(prod), w.f64Store());
        a.e(w.get(wp), w.get(j), w.i32Store(), w.get(wp), w.i32c(4), w.i32Add, w.set(wp));
        a.e(w.else, w.get(SCR), w.get(j), w.i32c(3), w.i32Shl, w.i32Add, w.tee(at), w.get(at), w.f64Load());
        a.e(w.get(prod), w.f64Add, w.f64Store(), w.end);
      });
    });
    a.e(w.get(wp), w.get(base), w.i32Sub, w.i32c(2), w.i32ShrU, w.set(len));
    // Sort cCrd[base .. base + len): insertion sort up to 32 entries; longer rows through a
    // two-level bitmap of the columns (bit j of L1, bit j >> 6 of L0; all zero between rows),
    // read back in order with count-trailing-zeros — linear, and without the mispredicted
    // branches of a comparison sort (a Shell sort here took ~60% of the fill for rows of ~100).
    a.e(w.get(len), w.i32c(32), w.i32LeS, w.if);
    a.for(t, [w.i32c(1)], [w.get(len)], () => {
      a.addr(base, t, 2).e(w.i32Load(), w.set(j));
      a.e(w.get(t), w.i32c(1), w.i32Sub, w.set(u));
      a.e(w.block, w.loop, w.get(u), w.i32c(0), w.i32LtS, w.brIf(1));
      a.addr(base, u, 2).e(w.i32Load(), w.tee(x), w.get(j), w.i32LeS, w.brIf(1));
      a.addr(base, u, 2).e(w.get(x), w.i32Store(4));
      a.e(w.get(u), w.i32c(1), w.i32Sub, w.set(u), w.br(0), w.end, w.end);
      a.addr(base, u, 2).e(w.get(j), w.i32Store(4));
    });
    clearBits(a, L1, base, len, t);
    a.e(w.else);
    a.e(w.i32c(0x7fffffff), w.set(gmin), w.i32c(-1), w.set(gmax));
    a.for(t, [w.i32c(0)], [w.get(len)], () => {
      // (L1's bits were set as the row was summed.)
      a.addr(base, t, 2).e(w.i32Load(), w.i32c(6), w.i32ShrU, w.set(wi));
      a.e(w.get(wi), w.i32c(6), w.i32ShrU, w.set(g));
      a.addr(L0, g, 3).e(w.tee(at), w.get(at), w.i64Load(), w.i64c(1), w.get(wi), w.i64ExtendI32U, w.i64Shl);
      a.e(w.i64Or, w.i64Store());
      a.e(w.get(g), w.get(gmin), w.get(g), w.get(gmin), w.i32LtS, w.select, w.set(gmin));
      a.e(w.get(g), w.get(gmax), w.get(g), w.get(gmax), w.i32GtS, w.select, w.set(gmax));
    });
    a.e(w.i32c(0), w.set(k));
    a.for(g, [w.get(gmin)], [w.get(gmax), w.i32c(1), w.i32Add], () => {
      a.addr(L0, g, 3).e(w.tee(at), w.i64Load(), w.set(b0), w.get(at), w.i64c(0), w.i64Store());
      a.e(w.block, w.loop, w.get(b0), w.i64Eqz, w.brIf(1));
      a.e(w.get(g), w.i32c(6), w.i32Shl, w.get(b0), w.i64Ctz, w.i32WrapI64, w.i32Add, w.set(wi));
      a.e(w.get(b0), w.get(b0), w.i64c(1), w.i64Sub, w.i64And, w.set(b0));
      a.addr(L1, wi, 3).e(w.tee(at), w.i64Load(), w.set(b1), w.get(at), w.i64c(0), w.i64Store());
      a.e(w.block, w.loop, w.get(b1), w.i64Eqz, w.brIf(1));
      a.addr(base, k, 2).e(
        w.get(wi),
        w.i32c(6),
        w.i32Shl,
        w.get(b1),
        w.i64Ctz,
        w.i32WrapI64,
        w.i32Add,
        w.i32Store(),
      );
      a.e(w.get(k), w.i32c(1), w.i32Add, w.set(k));
      a.e(w.get(b1), w.get(b1), w.i64c(1), w.i64Sub, w.i64And, w.set(b1), w.br(0), w.end, w.end);
      a.e(w.br(0), w.end, w.end);
    });
    a.e(w.end);
    // Values in column order; zero results dropped (the stored value decides, as in the loop).
    a.e(w.i32c(0), w.set(k));
    // wp = &cVals[cPos[i]]
    a.addr(CP, i, 2).e(w.i32Load(), w.i32c(sh(dc)), w.i32Shl, w.get(CV), w.i32Add, w.set(wp));
    a.for(t, [w.i32c(0)], [w.get(len)], () => {
      a.addr(base, t, 2).e(w.i32Load(), w.set(j));
      a.e(w.get(SCR), w.get(j), w.i32c(3), w.i32Shl, w.i32Add, w.f64Load());
      if (dc === 'float32') a.e(w.f32DemoteF64, w.f64PromoteF32);
      a.e(w.set(sv));
      a.addr(wp, k, sh(dc)).e(w.get(sv), storeF(dc));
      a.e(w.get(sv), w.f64c0, w.f64Ne, w.if);
      a.addr(base, k, 2).e(w.get(j), w.i32Store(), w.get(k), w.i32c(1), w.i32Add, w.set(k));
      a.e(w.end);
    });
    a.e(w.get(k), w.get(len), w.i32Ne, w.if, w.i32c(0), w.set(full), w.end);
    a.addr(EX, i, 2).e(w.get(k), w.i32Store(4));
  });
  a.e(w.get(full));
  const V = (d: F) => CLS[d];
  return {
    bytes: a.module([I32]),
    types: [INT, INT, V(da), INT, INT, V(db), null, INT, INT, V(dc), INT, null, null, null, null],
    lens: [],
    scratch: true,
  };
}
