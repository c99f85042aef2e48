/**
 * The WebAssembly forms of the tiled DIA → CSR loops (`dia.ts` `diaCountTiled`, `diaFillTiled`)
 * for float values: the same parameters (arrays as byte offsets into the heap, the number of
 * diagonals appended), the same tiles and order, so the same CSR bit for bit (values are copied as
 * bytes; the zero test is the JavaScript one, `-0` dropped and NaN kept).
 *
 * Why (issue 24, the setup of legate.sparse's spectral norm: `diags` of five 1e6 bands to CSR):
 * each loop runs once per piece on millions of entries, so its JavaScript spent most of a fresh
 * process's first build in V8's unoptimized tiers (first pieces 22–58 ms against 4–22 warm). As
 * Wasm, warmed on the issuing thread first ({@link warmDiaWasm}, kernels/wasm-warm.ts), the first
 * pieces run optimized code. Values are copied as bytes, so a float32 signalling NaN keeps its
 * payload here where the JavaScript loop may quiet it.
 *
 * Every address stays within the arrays: a diagonal's rows are clamped to `[−k, min(cols, ld) − k)`
 * as in the JavaScript loops, and the fill writes from `indptr`, which the count and scan of the
 * same launch sequence produced (not user data).
 */
import type { WasmSpec } from '../kdef.js';
import { Asm, copyElem, I32, loadF, w } from './wasm-asm.js';
import { warmOnce } from './wasm-warm.js';

type F = 'float64' | 'float32';
const INT = 'Int32Array';
const CLS = { float64: 'Float64Array', float32: 'Float32Array' } as const;
/** Rows per tile: the JavaScript loops' `TILE` (the fill's cursors: 8 KiB of scratch). */
export const DIA_TILE = 2048;
const memo = new Map<string, WasmSpec>();

/** The count loop's module for values of `dtype`, or null unless float. */
export function diaCountWasm(dtype: string): WasmSpec | null {
  return dtype === 'float64' || dtype === 'float32' ? once(`count.${dtype}`, () => buildCount(dtype)) : null;
}

/** The fill loop's module for values of `dtype` (it needs the piece's scratch), or null unless float. */
export function diaFillWasm(dtype: string): WasmSpec | null {
  return dtype === 'float64' || dtype === 'float32' ? once(`fill.${dtype}`, () => buildFill(dtype)) : null;
}

function once(key: string, build: () => WasmSpec): WasmSpec {
  let m = memo.get(key);
  if (m === undefined) memo.set(key, (m = build()));
  return m;
}

/** Pushes min (`lt` true) or max (signed) of two i32 values, each given as the code that pushes it (run twice: pure code only). */
function pick(a: Asm, x: number[], y: number[], lt: boolean): void {
  a.e(...x, ...y, ...x, ...y, lt ? w.i32LtS : w.i32GtS, w.select);
}

/**
 * Locals and the per-tile, per-diagonal row range shared by both loops: for tile `[t0, t1)` and
 * diagonal d (offset k), rows `[ra, rb)` = `[max(t0, −k), min(t1, jmax − k))` and `pv`, the byte
 * address of the diagonal's value at row `ra` (column `ra + k`).
 */
function tiles(
  a: Asm,
  p: { OFF: number; DV: number; LD: number; NC: number; LO: number; HI: number; ND: number },
  shift: number,
  perTile: (t0: number, t1: number) => void,
  perDiagonal: (ra: number, rb: number, k: number, pv: number) => void,
): void {
  const jmax = a.local();
  const t0 = a.local();
  const t1 = a.local();
  const d = a.local();
  const k = a.local();
  const ra = a.local();
  const rb = a.local();
  const pv = a.local();
  pick(a, [...w.get(p.NC)], [...w.get(p.LD)], true);
  a.e(w.set(jmax));
  a.e(w.get(p.LO), w.set(t0));
  a.e(w.block, w.loop, w.get(t0), w.get(p.HI), w.i32GeS, w.brIf(1));
  pick(a, [...w.get(p.HI)], [...w.get(t0), ...w.i32c(DIA_TILE), ...w.i32Add], true);
  a.e(w.set(t1));
  perTile(t0, t1);
  a.for(d, [w.i32c(0)], [w.get(p.ND)], () => {
    a.addr(p.OFF, d, 2).e(w.i32Load(), w.set(k));
    pick(a, [...w.get(t0)], [...w.i32c(0), ...w.get(k), ...w.i32Sub], false);
    a.e(w.set(ra));
    pick(a, [...w.get(t1)], [...w.get(jmax), ...w.get(k), ...w.i32Sub], true);
    a.e(w.set(rb));
    // pv = &dvals[d·ld + k + ra]
    a.e(w.get(d), w.get(p.LD), w.i32Mul, w.get(k), w.i32Add, w.get(ra), w.i32Add);
    if (shift > 0) a.e(w.i32c(shift), w.i32Shl);
    a.e(w.get(p.DV), w.i32Add, w.set(pv));
    perDiagonal(ra, rb, k, pv);
  });
  a.e(w.get(t1), w.set(t0), w.br(0), w.end, w.end);
}

/** `diaCountTiled(offsets, dvals, ld, ncols, pos, lo, hi)` + nd. */
function buildCount(dtype: F): WasmSpec {
  const [OFF, DV, LD, NC, POS, LO, HI, ND] = [0, 1, 2, 3, 4, 5, 6, 7];
  const a = new Asm([I32, I32, I32, I32, I32, I32, I32, I32]);
  const shift = dtype === 'float64' ? 3 : 2;
  const i = a.local();
  const pp = a.local();
  const pv2 = a.local();
  tiles(
    a,
    { OFF, DV, LD, NC, LO, HI, ND },
    shift,
    (t0, t1) => {
      // pos[i + 1] = 0 over the tile
      a.e(w.get(POS), w.get(t0), w.i32c(2), w.i32Shl, w.i32Add, w.set(pp));
      a.for(i, [w.get(t0)], [w.get(t1)], () => {
        a.e(w.get(pp), w.i32c(0), w.i32Store(4), w.get(pp), w.i32c(4), w.i32Add, w.set(pp));
      });
    },
    (ra, rb, _k, pv) => {
      a.e(w.get(POS), w.get(ra), w.i32c(2), w.i32Shl, w.i32Add, w.set(pp), w.get(pv), w.set(pv2));
      a.for(i, [w.get(ra)], [w.get(rb)], () => {
        // pos[i + 1] += dvals[…] !== 0
        a.e(w.get(pp), w.get(pp), w.i32Load(4), w.get(pv2), loadF(dtype), w.f64c0, w.f64Ne, w.i32Add);
        a.e(w.i32Store(4));
        a.e(w.get(pp), w.i32c(4), w.i32Add, w.set(pp));
        a.e(w.get(pv2), w.i32c(1 << shift), w.i32Add, w.set(pv2));
      });
    },
  );
  return { bytes: a.module(), types: [INT, CLS[dtype], null, null, INT, null, null], lens: [0] };
}

/** `diaFillTiled(offsets, dvals, ld, ncols, pos, crd, vals, lo, hi, scratch)` + nd. */
function buildFill(dtype: F): WasmSpec {
  const [OFF, DV, LD, NC, POS, CRD, VALS, LO, HI, SCR, ND] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const a = new Asm([I32, I32, I32, I32, I32, I32, I32, I32, I32, I32, I32]);
  const shift = dtype === 'float64' ? 3 : 2;
  const i = a.local();
  const pc = a.local();
  const pq = a.local();
  const q = a.local();
  const pv2 = a.local();
  const cur0 = a.local();
  tiles(
    a,
    { OFF, DV, LD, NC, LO, HI, ND },
    shift,
    (t0, t1) => {
      // cur[i − t0] = pos[i] over the tile; cur0 = &cur[−t0] (cursor of row i at cur0 + 4i)
      a.e(w.get(SCR), w.get(t0), w.i32c(2), w.i32Shl, w.i32Sub, w.set(cur0));
      a.e(w.get(POS), w.get(t0), w.i32c(2), w.i32Shl, w.i32Add, w.set(pq));
      a.e(w.get(SCR), w.set(pc));
      a.for(i, [w.get(t0)], [w.get(t1)], () => {
        a.e(w.get(pc), w.get(pq), w.i32Load(), w.i32Store());
        a.e(w.get(pc), w.i32c(4), w.i32Add, w.set(pc), w.get(pq), w.i32c(4), w.i32Add, w.set(pq));
      });
    },
    (ra, rb, k, pv) => {
      a.e(w.get(cur0), w.get(ra), w.i32c(2), w.i32Shl, w.i32Add, w.set(pc), w.get(pv), w.set(pv2));
      a.for(i, [w.get(ra)], [w.get(rb)], () => {
        a.e(w.get(pv2), loadF(dtype), w.f64c0, w.f64Ne, w.if);
        // q = cur[i − t0]++; crd[q] = i + k; vals[q] = dvals[…] (bytes)
        a.e(w.get(pc), w.get(pc), w.i32Load(), w.tee(q), w.i32c(1), w.i32Add, w.i32Store());
        a.addr(CRD, q, 2).e(w.get(i), w.get(k), w.i32Add, w.i32Store());
        a.addr(VALS, q, shift).e(w.get(pv2), copyElem(shift));
        a.e(w.end);
        a.e(w.get(pc), w.i32c(4), w.i32Add, w.set(pc));
        a.e(w.get(pv2), w.i32c(1 << shift), w.i32Add, w.set(pv2));
      });
    },
  );
  return {
    bytes: a.module(),
    types: [INT, CLS[dtype], null, null, INT, INT, CLS[dtype], null, null, null],
    lens: [0],
    scratch: true,
  };
}

/**
 * Warms both modules of `dtype` (kernels/wasm-warm.ts): ~60 count and fill calls on a band of
 * three diagonals × 512 rows, once per process and dtype.
 * @param dtype - the values' dtype (nothing for one without a module)
 */
export function warmDiaWasm(dtype: string): void {
  const count = diaCountWasm(dtype);
  const fill = diaFillWasm(dtype);
  if (count === null || fill === null) return;
  warmOnce(`dia.${dtype}`, [count.bytes, fill.bytes], 1, ([kc, kf], buf) => {
    // offsets at 0 ([-1, 0, 1]), values at 64 (3 × 512 ones), indptr at 12352, indices at 14464,
    // data at 20608, scratch at 32896 (8 KiB).
    new Int32Array(buf, 0, 3).set([-1, 0, 1]);
    if (dtype === 'float64') new Float64Array(buf, 64, 3 * 512).fill(1);
    else new Float32Array(buf, 64, 3 * 512).fill(1);
    const pos = new Int32Array(buf, 12352, 513);
    for (let r = 0; r < 60; r++) {
      kc!(0, 64, 512, 512, 12352, 0, 512, 3);
      pos[0] = 0;
      for (let i = 0; i < 512; i++) pos[i + 1]! += pos[i]!;
      kf!(0, 64, 512, 512, 12352, 14464, 20608, 0, 512, 32896, 3);
    }
  });
}
