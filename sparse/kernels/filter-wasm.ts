/**
 * The WebAssembly form of `filterRows` (`assemble.ts`: eliminate_zeros, tril/triu, a diagonal
 * removed) with its parameters `(pos, crd, vals, outPos, outCrd, outVals, mode, k, lim, fill, lo,
 * hi)`, arrays as byte offsets into the heap. Values are copied as bytes; mode 0 tests them
 * against 0 in their own type (float: `v !== 0`, NaN kept; integers: non-zero). `k` must be within
 * int32 (the launch clamps it: |j − i| < 2³¹, so the rule is unchanged). It reads and writes where
 * A's pointers lead: it runs only on structures whose range check passed.
 */
import { ctorOf, type DType } from '../../runtime/index.js';
import type { WasmSpec } from '../kdef.js';
import { Asm, copyElem, elemShift, I32, w } from './wasm-asm.js';

const INT = 'Int32Array';
const memo = new Map<DType, WasmSpec>();

/** The spec for values of `dtype`. */
export function filterRowsWasm(dtype: DType): WasmSpec {
  let m = memo.get(dtype);
  if (m === undefined) memo.set(dtype, (m = build(dtype)));
  return m;
}

function build(dtype: DType): WasmSpec {
  const [POS, CRD, VALS, OPOS, OCRD, OVALS, MODE, K, LIM, FILL, LO, HI] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
  ];
  const s = elemShift(dtype);
  const x = new Asm(new Array<number>(12).fill(I32));
  const i = x.local();
  const q = x.local();
  const p = x.local();
  const e = x.local();
  const d = x.local();
  const keep = x.local();
  // v !== 0 for the value at vals[p], in its type.
  const nonzero = () => {
    x.addr(VALS, p, s);
    if (dtype === 'float64') x.e(w.f64Load(), w.f64c0, w.f64Ne);
    else if (dtype === 'float32') x.e(w.f32Load(), w.f64PromoteF32, w.f64c0, w.f64Ne);
    else if (s === 2) x.e(w.i32Load(), w.i32c(0), w.i32Ne);
    else x.e(w.u8Load(), w.i32c(0), w.i32Ne);
  };
  x.for(i, [w.get(LO)], [w.get(HI)], () => {
    x.e(w.get(FILL), w.if).addr(OPOS, i, 2).e(w.i32Load(), w.set(q), w.else, w.i32c(0), w.set(q), w.end);
    x.addr(POS, i, 2).e(w.i32Load(4), w.set(e));
    x.for(
      p,
      x.sub(() => x.addr(POS, i, 2).e(w.i32Load())),
      [w.get(e)],
      () => {
        // d = j - i; keep by mode (0: nonzero, 1: d <= k, 2: d >= k, 3: d !== k || i >= lim)
        x.addr(CRD, p, 2).e(w.i32Load(), w.get(i), w.i32Sub, w.set(d));
        x.e(w.get(MODE), w.i32Eqz, w.if);
        nonzero();
        x.e(w.set(keep), w.else, w.get(MODE), w.i32c(1), w.i32Eq, w.if);
        x.e(w.get(d), w.get(K), w.i32LeS, w.set(keep), w.else, w.get(MODE), w.i32c(2), w.i32Eq, w.if);
        x.e(w.get(d), w.get(K), w.i32GeS, w.set(keep), w.else);
        x.e(w.get(d), w.get(K), w.i32Ne, w.get(i), w.get(LIM), w.i32GeS, w.i32Or, w.set(keep));
        x.e(w.end, w.end, w.end);
        x.e(w.get(keep), w.if);
        x.e(w.get(FILL), w.if);
        x.addr(OCRD, q, 2).addr(CRD, p, 2).e(w.i32Load(), w.i32Store());
        x.addr(OVALS, q, s).addr(VALS, p, s).e(copyElem(s));
        x.e(w.end, w.get(q), w.i32c(1), w.i32Add, w.set(q), w.end);
      },
    );
    x.e(w.get(FILL), w.i32Eqz, w.if).addr(OPOS, i, 2).e(w.get(q), w.i32Store(4), w.end);
  });
  const V = ctorOf(dtype).name;
  return {
    bytes: x.module(),
    types: [INT, INT, V, INT, INT, V, null, null, null, null, null, null],
    lens: [],
  };
}
