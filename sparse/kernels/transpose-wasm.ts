/**
 * The WebAssembly forms of the transpose loops (`transpose.ts`) and of the count scan
 * (`assemble.ts` `scanCounts`): the same parameters, arrays as byte offsets into the heap, the
 * same results bit for bit (values are copied as bytes). The transpose fill writes where A's
 * pointers lead, so it runs only on structures that passed the range check (`guarded`).
 */
import { ctorOf, type DType } from '../../runtime/index.js';
import type { WasmSpec } from '../kdef.js';
import { Asm, copyElem, elemShift, I32, w } from './wasm-asm.js';
import { tridiagonalCsr, WARM_IDX, WARM_ROWS, warmOnce } from './wasm-warm.js';

const INT = 'Int32Array';
const memo = new Map<string, WasmSpec>();
/** `build()` once per key. */
function once(key: string, build: () => WasmSpec): WasmSpec {
  let m = memo.get(key);
  if (m === undefined) memo.set(key, (m = build()));
  return m;
}

/** `transposeCount(idx, nnz, counts, lo, hi)`. */
export function transposeCountWasm(): WasmSpec {
  return once('tcount', buildCount);
}
function buildCount(): WasmSpec {
  const [IDX, NNZ, CNT, LO, HI] = [0, 1, 2, 3, 4];
  const a = new Asm([I32, I32, I32, I32, I32]);
  const W = a.local();
  const base = a.local();
  const k = a.local();
  const pa = a.local();
  const pend = a.local();
  const j = a.local();
  const at = a.local();
  a.e(w.get(HI), w.get(LO), w.i32Sub, w.set(W));
  // base = &counts[lo + 1]
  a.e(w.get(CNT), w.get(LO), w.i32c(1), w.i32Add, w.i32c(2), w.i32Shl, w.i32Add, w.set(base));
  a.for(k, [w.i32c(0)], [w.get(W)], () => {
    a.addr(base, k, 2).e(w.i32c(0), w.i32Store());
  });
  a.e(w.get(IDX), w.set(pa), w.get(IDX), w.get(NNZ), w.i32c(2), w.i32Shl, w.i32Add, w.set(pend));
  a.e(w.block, w.loop, w.get(pa), w.get(pend), w.i32GeU, w.brIf(1));
  a.e(w.get(pa), w.i32Load(), w.get(LO), w.i32Sub, w.tee(j), w.get(W), w.i32LtU, w.if);
  a.addr(base, j, 2).e(w.tee(at), w.get(at), w.i32Load(), w.i32c(1), w.i32Add, w.i32Store());
  a.e(w.end);
  a.e(w.get(pa), w.i32c(4), w.i32Add, w.set(pa), w.br(0), w.end, w.end);
  return { bytes: a.module(), types: [INT, null, INT, null, null], lens: [] };
}

/** `transposeFill(ptr, idx, vals, rows, tPtr, cur, tIdx, tVals, sorted, lo, hi)` for values of `dtype`. */
export function transposeFillWasm(dtype: DType): WasmSpec {
  return once(`tfill.${dtype}`, () => buildFill(dtype));
}
function buildFill(dtype: DType): WasmSpec {
  const [PTR, IDX, VALS, ROWS, TPTR, CUR, TIDX, TVALS, SORTED, LO, HI] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const s = elemShift(dtype);
  const a = new Asm([I32, I32, I32, I32, I32, I32, I32, I32, I32, I32, I32]);
  const W = a.local();
  const cb = a.local();
  const tb = a.local();
  const k = a.local();
  const i = a.local();
  const p = a.local();
  const e = a.local();
  const j = a.local();
  const at = a.local();
  const q = a.local();
  const pp = a.local();
  const n = a.local();
  a.e(w.get(HI), w.get(LO), w.i32Sub, w.set(W));
  a.e(w.get(CUR), w.get(LO), w.i32c(2), w.i32Shl, w.i32Add, w.set(cb));
  a.e(w.get(TPTR), w.get(LO), w.i32c(2), w.i32Shl, w.i32Add, w.set(tb));
  a.for(k, [w.i32c(0)], [w.get(W)], () => {
    a.addr(cb, k, 2).addr(tb, k, 2).e(w.i32Load(), w.i32Store());
  });
  a.e(w.get(PTR), w.set(pp));
  a.for(i, [w.i32c(0)], [w.get(ROWS)], () => {
    a.e(w.get(pp), w.i32Load(), w.set(p), w.get(pp), w.i32Load(4), w.set(e));
    // sorted && p < e && (idx[e - 1] < lo || idx[p] >= hi): skip the row (p = e)
    a.e(w.get(SORTED), w.get(p), w.get(e), w.i32LtS, w.i32And, w.if);
    a.addr(IDX, e, 2).e(w.i32c(4), w.i32Sub, w.i32Load(), w.get(LO), w.i32LtS);
    a.addr(IDX, p, 2).e(w.i32Load(), w.get(HI), w.i32GeS, w.i32Or);
    a.e(w.if, w.get(e), w.set(p), w.end);
    a.e(w.end);
    a.e(w.block, w.loop, w.get(p), w.get(e), w.i32GeS, w.brIf(1));
    a.addr(IDX, p, 2).e(w.i32Load(), w.get(LO), w.i32Sub, w.tee(j), w.get(W), w.i32LtU, w.if);
    // q = cur[lo + j]++
    a.addr(cb, j, 2).e(w.tee(at), w.get(at), w.i32Load(), w.tee(q), w.i32c(1), w.i32Add, w.i32Store());
    a.addr(TIDX, q, 2).e(w.get(i), w.i32Store());
    a.addr(TVALS, q, s).addr(VALS, p, s).e(copyElem(s));
    a.e(w.get(n), w.i32c(1), w.i32Add, w.set(n));
    a.e(w.end);
    a.e(w.get(p), w.i32c(1), w.i32Add, w.set(p), w.br(0), w.end, w.end);
    a.e(w.get(pp), w.i32c(4), w.i32Add, w.set(pp));
  });
  a.e(w.get(n));
  const V = ctorOf(dtype).name;
  return { bytes: a.module([I32]), types: [INT, INT, V, null, INT, INT, INT, V, null, null, null], lens: [] };
}

/**
 * `scanCounts(pos, n)`: inclusive scan of `pos[1..n]` (pos[0] set to 0) in 64-bit sums; returns 1
 * (leaving the rest unscanned) when a sum leaves int32, else 0.
 */
export function scanWasm(): WasmSpec {
  return once('scan', buildScan);
}
function buildScan(): WasmSpec {
  const [POS, N] = [0, 1];
  const a = new Asm([I32, I32]);
  const sum = a.local(0x7e);
  const at = a.local();
  const end = a.local();
  a.e(w.get(POS), w.i32c(0), w.i32Store());
  a.e(w.get(POS), w.i32c(4), w.i32Add, w.set(at));
  a.e(w.get(POS), w.get(N), w.i32c(1), w.i32Add, w.i32c(2), w.i32Shl, w.i32Add, w.set(end));
  a.e(w.block, w.loop, w.get(at), w.get(end), w.i32GeU, w.brIf(1));
  a.e(w.get(sum), w.get(at), w.i32Load(), w.i64ExtendI32S, w.i64Add, w.tee(sum));
  a.e(w.i64c(2147483647), w.i64GtS, w.if, w.i32c(1), w.ret, w.end);
  a.e(w.get(at), w.get(sum), w.i32WrapI64, w.i32Store());
  a.e(w.get(at), w.i32c(4), w.i32Add, w.set(at), w.br(0), w.end, w.end);
  a.e(w.i32c(0));
  return { bytes: a.module([I32]), types: [INT, null], lens: [] };
}

/**
 * Warms the transpose's count and fill for values of `dtype` (kernels/wasm-warm.ts): ~60 calls
 * each on a 512 × 512 tridiagonal CSR, once per process and dtype.
 * @param dtype - the values' dtype
 */
export function warmTransposeWasm(dtype: DType): void {
  warmOnce(
    `transpose.${dtype}`,
    [transposeCountWasm().bytes, transposeFillWasm(dtype).bytes],
    1,
    ([kc, kf], buf) => {
      // ptr at 0, idx at 2112 (tridiagonalCsr), vals at 8256 (1534 × 8 bytes), tPtr at 20544
      // (513), cur at 22656 (512), tIdx at 24768, tVals at 30912.
      const n = WARM_ROWS;
      const q = tridiagonalCsr(buf);
      const tPtr = new Int32Array(buf, 20544, n + 1);
      for (let r = 0; r < 60; r++) {
        kc!(WARM_IDX, q, 20544, 0, n);
        tPtr[0] = 0;
        for (let j = 0; j < n; j++) tPtr[j + 1]! += tPtr[j]!;
        kf!(0, WARM_IDX, 8256, n, 20544, 22656, 24768, 30912, 1, 0, n);
      }
    },
  );
}
