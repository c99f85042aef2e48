/**
 * The WebAssembly forms of the COO pass (`coo-sort.ts`): `cooStats` (index ranges and order per
 * chunk) and `sortedRowPtr` (indptr of a COO in row order by binary search). The same parameters,
 * arrays as byte offsets into the heap, the same results. Both read only `row`/`col[0, nnz)` and
 * write only their own piece: no range check needed.
 */
import type { WasmSpec } from '../kdef.js';
import { Asm, I32, w } from './wasm-asm.js';

const INT = 'Int32Array';
let stats: WasmSpec | undefined;
let rowPtr: WasmSpec | undefined;

/** `cooStats(row, col, nnz, P, n, stats, lo, hi)`. */
export function cooStatsWasm(): WasmSpec {
  stats ??= buildStats();
  return stats;
}

/** `sortedRowPtr(row, nnz, ptr, lo, hi)`. */
export function sortedRowPtrWasm(): WasmSpec {
  rowPtr ??= buildRowPtr();
  return rowPtr;
}

function buildStats(): WasmSpec {
  const [ROW, COL, NNZ, P, N, ST, LO, HI] = [0, 1, 2, 3, 4, 5, 6, 7];
  const x = new Asm(new Array<number>(8).fill(I32));
  const c = x.local();
  const b = x.local();
  const e = x.local();
  const p = x.local();
  const r = x.local();
  const j = x.local();
  const pr = x.local();
  const pc = x.local();
  const [minR, maxR, minC, maxC, rowS, lexS, at] = [
    x.local(),
    x.local(),
    x.local(),
    x.local(),
    x.local(),
    x.local(),
    x.local(),
  ];
  // floor(k · nnz / P) in 64 bits (k · nnz may leave int32).
  const chunkStart = (k: number[]) =>
    x.e(
      k,
      w.i64ExtendI32S,
      w.get(NNZ),
      w.i64ExtendI32S,
      w.i64Mul,
      w.get(P),
      w.i64ExtendI32S,
      w.i64DivS,
      w.i32WrapI64,
    );
  const MIN = -2147483648;
  const MAX = 2147483647;
  // v = cond ? a : v
  const pick = (v: number, a: number, cmp: number[]) =>
    x.e(w.get(a), w.get(v), w.get(a), w.get(v), cmp, w.select, w.set(v));
  x.for(c, [w.get(LO)], [w.get(HI)], () => {
    chunkStart(w.get(c));
    x.e(w.set(b));
    chunkStart([...w.get(c), ...w.i32c(1), ...w.i32Add]);
    x.e(w.set(e));
    x.e(
      w.i32c(MAX),
      w.set(minR),
      w.i32c(MIN),
      w.set(maxR),
      w.i32c(MAX),
      w.set(minC),
      w.i32c(MIN),
      w.set(maxC),
    );
    x.e(w.i32c(1), w.set(rowS), w.i32c(1), w.set(lexS), w.i32c(MIN), w.set(pr), w.i32c(MIN), w.set(pc));
    x.e(w.get(b), w.i32c(0), w.i32GtS, w.if);
    x.e(w.get(ROW), w.get(b), w.i32c(2), w.i32Shl, w.i32Add, w.i32c(4), w.i32Sub, w.i32Load(), w.set(pr));
    x.e(w.get(COL), w.get(b), w.i32c(2), w.i32Shl, w.i32Add, w.i32c(4), w.i32Sub, w.i32Load(), w.set(pc));
    x.e(w.end);
    x.for(p, [w.get(b)], [w.get(e)], () => {
      x.addr(ROW, p, 2).e(w.i32Load(), w.set(r));
      x.addr(COL, p, 2).e(w.i32Load(), w.set(j));
      pick(minR, r, w.i32LtS);
      pick(maxR, r, w.i32GtS);
      pick(minC, j, w.i32LtS);
      pick(maxC, j, w.i32GtS);
      x.e(w.get(r), w.get(pr), w.i32LtS, w.if, w.i32c(0), w.set(rowS), w.i32c(0), w.set(lexS), w.else);
      x.e(
        w.get(r),
        w.get(pr),
        w.i32Eq,
        w.get(j),
        w.get(pc),
        w.i32LeS,
        w.i32And,
        w.if,
        w.i32c(0),
        w.set(lexS),
        w.end,
      );
      x.e(w.end, w.get(r), w.set(pr), w.get(j), w.set(pc));
    });
    x.e(w.get(c), w.i32c(6), w.i32Mul, w.set(at));
    x.e(w.get(at), w.i32c(2), w.i32Shl, w.get(ST), w.i32Add, w.set(at));
    [minR, maxR, minC, maxC, rowS, lexS].forEach((v, k) => {
      x.e(w.get(at), w.get(v), w.i32Store(4 * k));
    });
    x.addr(N, c, 2).e(w.get(e), w.get(b), w.i32Sub, w.i32Store());
  });
  return { bytes: x.module(), types: [INT, INT, null, null, INT, INT, null, null], lens: [] };
}

function buildRowPtr(): WasmSpec {
  const [ROW, NNZ, PTR, LO, HI] = [0, 1, 2, 3, 4];
  const x = new Asm(new Array<number>(5).fill(I32));
  const a = x.local();
  const z = x.local();
  const m = x.local();
  const p = x.local();
  const r = x.local();
  // Binary search: the first position whose row is ≥ lo.
  x.e(w.i32c(0), w.set(a), w.get(NNZ), w.set(z));
  x.e(w.block, w.loop, w.get(a), w.get(z), w.i32GeS, w.brIf(1));
  x.e(w.get(a), w.get(z), w.i32Add, w.i32c(1), w.i32ShrU, w.set(m));
  x.addr(ROW, m, 2).e(w.i32Load(), w.get(LO), w.i32LtS, w.if);
  x.e(w.get(m), w.i32c(1), w.i32Add, w.set(a), w.else, w.get(m), w.set(z), w.end, w.br(0), w.end, w.end);
  x.e(w.get(a), w.set(p));
  x.for(r, [w.get(LO)], [w.get(HI)], () => {
    // while (p < nnz && row[p] < r) p++
    x.e(w.block, w.loop, w.get(p), w.get(NNZ), w.i32GeS, w.brIf(1));
    x.addr(ROW, p, 2).e(w.i32Load(), w.get(r), w.i32GeS, w.brIf(1));
    x.e(w.get(p), w.i32c(1), w.i32Add, w.set(p), w.br(0), w.end, w.end);
    x.addr(PTR, r, 2).e(w.get(p), w.i32Store());
  });
  return { bytes: x.module(), types: [INT, null, INT, null, null], lens: [] };
}
