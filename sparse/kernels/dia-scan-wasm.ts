/**
 * The WebAssembly form of `diaScan` (kernels/dia-scan.ts, phase 1 of CSR → DIA): the same
 * parameters, arrays as byte offsets into the heap, the same bitmaps and maxima. It reads `pos`
 * only at rows `[0, rows]` and `crd` only at `[0, nnz)` (each row's range is clipped to the
 * chunk's), and writes a bit only for a column in `[0, cols)` and a row in `[0, rows)`: no range
 * check needed, a malformed `indptr` cannot make it write outside its chunk's bitmap.
 */
import type { WasmSpec } from '../kdef.js';
import { Asm, I32, w } from './wasm-asm.js';

const INT = 'Int32Array';
let scan: WasmSpec | undefined;

/** `diaScan(pos, crd, rows, cols, nnz, P, words, bits, maxc, lo, hi)`. */
export function diaScanWasm(): WasmSpec {
  scan ??= build();
  return scan;
}

function build(): WasmSpec {
  const [POS, CRD, ROWS, COLS, NNZ, P, WORDS, BITS, MAXC, LO, HI] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const x = new Asm(new Array<number>(11).fill(I32));
  const [c, base, k, e0, e1, mc, bad, a, z, m, i, pb, pe, p, j, b, q, nxt] = Array.from({ length: 18 }, () =>
    x.local(),
  );
  // floor(t · nnz / P) in 64 bits (t · nnz may leave int32).
  const chunkStart = (t: number[]) =>
    x.e(
      t,
      w.i64ExtendI32S,
      w.get(NNZ),
      w.i64ExtendI32S,
      w.i64Mul,
      w.get(P),
      w.i64ExtendI32S,
      w.i64DivS,
      w.i32WrapI64,
    );
  const load = (arr: number, idx: number[]) =>
    x.e(w.get(arr), idx, w.i32c(2), w.i32Shl, w.i32Add, w.i32Load());
  x.for(c, [w.get(LO)], [w.get(HI)], () => {
    // base = bits + 4 · c · words; the chunk's words zeroed.
    x.e(w.get(BITS), w.get(c), w.get(WORDS), w.i32Mul, w.i32c(2), w.i32Shl, w.i32Add, w.set(base));
    x.for(k, [w.i32c(0)], [w.get(WORDS)], () => {
      x.e(w.get(base), w.get(k), w.i32c(2), w.i32Shl, w.i32Add, w.i32c(0), w.i32Store());
    });
    chunkStart(w.get(c));
    x.e(w.set(e0));
    chunkStart([...w.get(c), ...w.i32c(1), ...w.i32Add]);
    x.e(w.set(e1));
    x.e(w.i32c(-1), w.set(mc), w.i32c(0), w.set(bad));
    x.e(w.get(e1), w.get(e0), w.i32GtS, w.if);
    // a = the largest row < rows with pos[a] <= e0.
    x.e(w.i32c(0), w.set(a), w.get(ROWS), w.i32c(1), w.i32Sub, w.set(z));
    x.e(w.block, w.loop, w.get(a), w.get(z), w.i32GeS, w.brIf(1));
    x.e(w.get(a), w.get(z), w.i32Add, w.i32c(1), w.i32Add, w.i32c(1), w.i32ShrU, w.set(m));
    load(POS, w.get(m));
    x.e(w.get(e0), w.i32LeS, w.if, w.get(m), w.set(a), w.else);
    x.e(w.get(m), w.i32c(1), w.i32Sub, w.set(z), w.end, w.br(0), w.end, w.end);
    // Rows from a on, each clipped to [e0, e1), until a row reaches e1.
    x.e(w.get(a), w.set(i));
    x.e(w.block, w.loop, w.get(i), w.get(ROWS), w.i32GeS, w.brIf(1));
    load(POS, w.get(i));
    x.e(w.set(pb), w.get(pb), w.get(e0), w.get(pb), w.get(e0), w.i32GtS, w.select, w.set(pb));
    load(POS, [...w.get(i), ...w.i32c(1), ...w.i32Add]);
    x.e(w.set(nxt), w.get(nxt), w.get(e1), w.get(nxt), w.get(e1), w.i32LtS, w.select, w.set(pe));
    x.for(p, [w.get(pb)], [w.get(pe)], () => {
      load(CRD, w.get(p));
      x.e(w.set(j), w.get(j), w.get(COLS), w.i32GeU, w.if);
      x.e(w.get(bad), w.i32c(1), w.i32Add, w.set(bad), w.else);
      // b = j − i + rows − 1; bits[b >>> 5] |= 1 << (b & 31)
      x.e(w.get(j), w.get(i), w.i32Sub, w.get(ROWS), w.i32Add, w.i32c(1), w.i32Sub, w.set(b));
      x.e(w.get(base), w.get(b), w.i32c(5), w.i32ShrU, w.i32c(2), w.i32Shl, w.i32Add, w.set(q));
      x.e(w.get(q), w.get(q), w.i32Load(), w.i32c(1), w.get(b), w.i32Shl, w.i32Or, w.i32Store());
      x.e(w.get(j), w.get(mc), w.get(j), w.get(mc), w.i32GtS, w.select, w.set(mc));
      x.e(w.end);
    });
    x.e(w.get(nxt), w.get(e1), w.i32GeS, w.brIf(1));
    x.e(w.get(i), w.i32c(1), w.i32Add, w.set(i), w.br(0), w.end, w.end);
    x.e(w.end);
    // maxc[c] = bad > 0 ? −2 : mc
    x.e(w.get(MAXC), w.get(c), w.i32c(2), w.i32Shl, w.i32Add);
    x.e(w.i32c(-2), w.get(mc), w.get(bad), w.select, w.i32Store());
  });
  return {
    bytes: x.module(),
    types: [INT, INT, null, null, null, null, null, INT, INT, null, null],
    lens: [],
  };
}
