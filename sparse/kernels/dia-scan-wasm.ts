/**
 * The WebAssembly form of `diaScan` (kernels/dia-scan.ts, phase 1 of CSR → DIA): the same
 * parameters, arrays as byte offsets into the heap, the same bitmaps and maxima. It reads `pos`
 * only at rows `[0, rows]` and `crd` only at `[0, nnz)` (each row's range is clipped to the
 * chunk's), and writes a bit only for a column in `[0, cols)` and a row in `[0, rows)`: no range
 * check needed, a malformed `indptr` cannot make it write outside its chunk's bitmap.
 */
import type { DType } from '../../runtime/index.js';
import type { WasmSpec } from '../kdef.js';
import { Asm, copyElem, elemShift, I32, w } from './wasm-asm.js';

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

const CLASS: Record<DType, string> = {
  float64: 'Float64Array',
  float32: 'Float32Array',
  int32: 'Int32Array',
  uint8: 'Uint8Array',
  bool: 'Uint8Array',
};
const fills = new Map<DType, WasmSpec>();

/**
 * `diaScatter(pos, crd, vals, offsets, rows, nnz, ld, out, jlo, jhi, dlo, dhi)` for values of
 * `dtype` (copied bitwise). Reads `pos` at rows `[0, rows]`, `crd`/`vals` inside `[0, nnz)`,
 * `offsets` inside `[dlo, dhi)`, and writes only its tile of `out`: no range check needed.
 */
export function diaScatterWasm(dtype: DType): WasmSpec {
  let s = fills.get(dtype);
  if (s === undefined) {
    s = buildScatter(dtype);
    fills.set(dtype, s);
  }
  return s;
}

function buildScatter(dtype: DType): WasmSpec {
  const [POS, CRD, VALS, OFFS, ROWS, NNZ, LD, OUT, JLO, JHI, DLO, DHI] = Array.from(
    { length: 12 },
    (_, k) => k,
  );
  const x = new Asm(new Array<number>(12).fill(I32));
  const sh = elemShift(dtype);
  const [d, q, qe, kmin, kmax, i, i1, e, cl, ch, p, z, m, j, k, step] = Array.from({ length: 16 }, () =>
    x.local(),
  );
  const load = (arr: number, idx: number[]) =>
    x.e(w.get(arr), idx, w.i32c(2), w.i32Shl, w.i32Add, w.i32Load());
  const zero =
    sh === 3
      ? [...w.i64c(0), ...w.i64Store()]
      : sh === 2
        ? [...w.i32c(0), ...w.i32Store()]
        : [...w.i32c(0), ...w.u8Store()];
  // v = cond ? a : b  (a, b locals or code)
  const pick = (v: number, a: number[], b: number[], cond: number[]) => x.e(a, b, cond, w.select, w.set(v));
  // The tile zeroed: for d in [dlo, dhi): out[d·ld + jlo .. d·ld + jhi) = 0.
  x.for(d, [w.get(DLO)], [w.get(DHI)], () => {
    x.e(
      w.get(d),
      w.get(LD),
      w.i32Mul,
      w.get(JLO),
      w.i32Add,
      w.i32c(sh),
      w.i32Shl,
      w.get(OUT),
      w.i32Add,
      w.set(q),
    );
    x.e(
      w.get(d),
      w.get(LD),
      w.i32Mul,
      w.get(JHI),
      w.i32Add,
      w.i32c(sh),
      w.i32Shl,
      w.get(OUT),
      w.i32Add,
      w.set(qe),
    );
    x.e(w.block, w.loop, w.get(q), w.get(qe), w.i32GeU, w.brIf(1));
    x.e(w.get(q), zero, w.get(q), w.i32c(1 << sh), w.i32Add, w.set(q), w.br(0), w.end, w.end);
  });
  x.e(w.get(DLO), w.get(DHI), w.i32GeS, w.get(JLO), w.get(JHI), w.i32GeS, w.i32Or, w.if, w.ret, w.end);
  load(OFFS, w.get(DLO));
  x.e(w.set(kmin));
  load(OFFS, [...w.get(DHI), ...w.i32c(1), ...w.i32Sub]);
  x.e(w.set(kmax));
  // i from max(0, jlo − kmax) to min(rows, jhi − kmin)
  x.e(w.get(JLO), w.get(kmax), w.i32Sub, w.set(i));
  pick(i, w.get(i), w.i32c(0), [...w.get(i), ...w.i32c(0), ...w.i32GtS]);
  x.e(w.get(JHI), w.get(kmin), w.i32Sub, w.set(i1));
  pick(i1, w.get(i1), w.get(ROWS), [...w.get(i1), ...w.get(ROWS), ...w.i32LtS]);
  x.e(w.block, w.loop, w.get(i), w.get(i1), w.i32GeS, w.brIf(1));
  x.e(w.block); // B1: `continue` of the row loop
  load(POS, [...w.get(i), ...w.i32c(1), ...w.i32Add]);
  x.e(w.set(e));
  pick(e, w.get(e), w.get(NNZ), [...w.get(e), ...w.get(NNZ), ...w.i32LtS]);
  load(POS, w.get(i));
  x.e(w.set(p));
  pick(p, w.get(p), w.i32c(0), [...w.get(p), ...w.i32c(0), ...w.i32GtS]);
  x.e(w.get(i), w.get(kmin), w.i32Add, w.set(cl));
  pick(cl, w.get(cl), w.get(JLO), [...w.get(cl), ...w.get(JLO), ...w.i32GtS]);
  x.e(w.get(i), w.get(kmax), w.i32Add, w.i32c(1), w.i32Add, w.set(ch));
  pick(ch, w.get(ch), w.get(JHI), [...w.get(ch), ...w.get(JHI), ...w.i32LtS]);
  x.e(w.get(p), w.get(e), w.i32GeS, w.brIf(0));
  load(CRD, [...w.get(e), ...w.i32c(1), ...w.i32Sub]);
  x.e(w.get(cl), w.i32LtS, w.brIf(0));
  load(CRD, w.get(p));
  x.e(w.get(ch), w.i32GeS, w.brIf(0));
  // The first entry with column ≥ cl (binary search when the row starts before it).
  load(CRD, w.get(p));
  x.e(w.get(cl), w.i32LtS, w.if);
  x.e(w.get(e), w.i32c(1), w.i32Sub, w.set(z));
  x.e(w.block, w.loop, w.get(p), w.get(z), w.i32GeS, w.brIf(1));
  x.e(w.get(p), w.get(z), w.i32Add, w.i32c(1), w.i32ShrU, w.set(m));
  load(CRD, w.get(m));
  x.e(w.get(cl), w.i32LtS, w.if, w.get(m), w.i32c(1), w.i32Add, w.set(p), w.else, w.get(m), w.set(z), w.end);
  x.e(w.br(0), w.end, w.end);
  x.e(w.end);
  x.e(w.get(DLO), w.set(d));
  x.e(w.block, w.loop, w.get(p), w.get(e), w.i32GeS, w.brIf(1));
  load(CRD, w.get(p));
  x.e(w.set(j), w.get(j), w.get(ch), w.i32GeS, w.brIf(1));
  x.e(w.block); // B3: `continue` of the entry loop
  x.e(w.get(j), w.get(cl), w.i32LtS, w.brIf(0));
  x.e(w.get(j), w.get(i), w.i32Sub, w.set(k), w.i32c(0), w.set(step));
  // Step up to 4 diagonals, then search.
  x.e(w.block, w.loop, w.get(d), w.get(DHI), w.i32GeS, w.brIf(1));
  load(OFFS, w.get(d));
  x.e(w.get(k), w.i32GeS, w.brIf(1), w.get(step), w.i32c(4), w.i32GeS, w.brIf(1));
  x.e(w.get(d), w.i32c(1), w.i32Add, w.set(d), w.get(step), w.i32c(1), w.i32Add, w.set(step));
  x.e(w.br(0), w.end, w.end);
  x.e(w.get(d), w.get(DHI), w.i32LtS, w.if);
  load(OFFS, w.get(d));
  x.e(w.get(k), w.i32LtS, w.if);
  x.e(w.get(DHI), w.i32c(1), w.i32Sub, w.set(z));
  x.e(w.block, w.loop, w.get(d), w.get(z), w.i32GeS, w.brIf(1));
  x.e(w.get(d), w.get(z), w.i32Add, w.i32c(1), w.i32ShrU, w.set(m));
  load(OFFS, w.get(m));
  x.e(w.get(k), w.i32LtS, w.if, w.get(m), w.i32c(1), w.i32Add, w.set(d), w.else, w.get(m), w.set(z), w.end);
  x.e(w.br(0), w.end, w.end);
  x.e(w.end, w.end);
  // if (d < dhi && offsets[d] === k) out[d·ld + j] = vals[p]
  x.e(w.get(d), w.get(DHI), w.i32LtS, w.if);
  load(OFFS, w.get(d));
  x.e(w.get(k), w.i32Eq, w.if);
  x.e(w.get(d), w.get(LD), w.i32Mul, w.get(j), w.i32Add, w.i32c(sh), w.i32Shl, w.get(OUT), w.i32Add);
  x.e(w.get(p), w.i32c(sh), w.i32Shl, w.get(VALS), w.i32Add, copyElem(sh));
  x.e(w.end, w.end);
  x.e(w.end); // B3
  x.e(w.get(p), w.i32c(1), w.i32Add, w.set(p), w.br(0));
  x.e(w.end, w.end);
  x.e(w.end); // B1
  x.e(w.get(i), w.i32c(1), w.i32Add, w.set(i), w.br(0));
  x.e(w.end, w.end);
  const V = CLASS[dtype];
  return {
    bytes: x.module(),
    types: [INT, INT, V, INT, null, null, null, V, null, null, null, null],
    lens: [],
  };
}
