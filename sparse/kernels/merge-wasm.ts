/**
 * The count phase of the zero-dropping merges (`C = A ± B`: union, `C = A ∘ B`: intersection) in
 * hand-assembled WebAssembly, with the parameters and results of codegen's generated count
 * (`core/generated.ts` `binopLoops`): `(A_pos, A_crd, A_vals, B_pos, B_crd, B_vals, C_count, lo,
 * hi)`, `C_count[i]` = entries of row i whose value, computed in float64, is not 0. Values are
 * read only where the test needs them. The generated Wasm count ran slower than the generated
 * fill (which does strictly more) on the 5-point Poisson matrix; this form takes one compare per
 * step and branches on the column order, like the JavaScript loop V8 compiles.
 */
import type { WasmSpec } from '../kdef.js';
import { Asm, F64, I32, loadF, storeF, w } from './wasm-asm.js';

type F = 'float64' | 'float32';
const CLS = { float64: 'Float64Array', float32: 'Float32Array' } as const;
const INT = 'Int32Array';
const memo = new Map<string, WasmSpec>();

/** The count of `op` over values of these dtypes (float only). */
export function mergeCountWasm(op: MergeOp, da: F, db: F): WasmSpec {
  return once(`count.${op}.${da}.${db}`, () => build(op, da, db, null));
}

/**
 * The fill of `op` with the parameters of the generated fill, `(A_pos, A_crd, A_vals, B_pos,
 * B_crd, B_vals, C_pos, C_crd, C_vals, lo, hi)`: row i from `C_pos[i]`, values rounded to C's type
 * on store (tested against 0 in float64 before, as the generated loop does).
 */
export function mergeFillWasm(op: MergeOp, da: F, db: F, dc: F): WasmSpec {
  return once(`fill.${op}.${da}.${db}.${dc}`, () => build(op, da, db, dc));
}

function once(key: string, f: () => WasmSpec): WasmSpec {
  let m = memo.get(key);
  if (m === undefined) memo.set(key, (m = f()));
  return m;
}

type MergeOp = 'add' | 'subtract' | 'multiply';

/** The count (`dc` null) or the fill (`dc`: C's value type). */
function build(op: MergeOp, da: F, db: F, dc: F | null): WasmSpec {
  const fill = dc !== null;
  const [AP, AI, AV, BP, BI, BV] = [0, 1, 2, 3, 4, 5];
  // Count: 6 C_count, 7 lo, 8 hi. Fill: 6 C_pos, 7 C_crd, 8 C_vals, 9 lo, 10 hi.
  const [CP, CI, CV] = [6, 7, 8];
  const [LO, HI] = fill ? [9, 10] : [7, 8];
  const sa = da === 'float64' ? 3 : 2;
  const sb = db === 'float64' ? 3 : 2;
  const sc = dc === 'float64' ? 3 : 2;
  const union = op !== 'multiply';
  const x = new Asm(new Array<number>(fill ? 11 : 9).fill(I32));
  const i = x.local();
  const q = x.local();
  const pA = x.local();
  const eA = x.local();
  const pB = x.local();
  const eB = x.local();
  const jA = x.local();
  const jB = x.local();
  const t = x.local(F64);
  // The f64 on the stack is the value of column `j`: kept (counted, or stored at q) unless 0.
  // (NaN is kept, as `t !== 0`.)
  const keep = (j: number) => {
    x.e(w.tee(t), w.f64c0, w.f64Ne, w.if);
    if (fill) {
      x.addr(CV, q, sc).e(w.get(t), storeF(dc));
      x.addr(CI, q, 2).e(w.get(j), w.i32Store());
    }
    x.e(w.get(q), w.i32c(1), w.i32Add, w.set(q), w.end);
  };
  const step = (p: number) => x.e(w.get(p), w.i32c(1), w.i32Add, w.set(p));
  const tail = (p: number, e: number, crd: number, arr: number, sh: number, d: F, neg: boolean) => {
    x.e(w.block, w.loop, w.get(p), w.get(e), w.i32GeS, w.brIf(1));
    if (fill) x.addr(crd, p, 2).e(w.i32Load(), w.set(jA));
    x.addr(arr, p, sh).e(loadF(d));
    if (neg) x.e(w.f64Neg);
    keep(jA);
    step(p);
    x.e(w.br(0), w.end, w.end);
  };
  x.for(i, [w.get(LO)], [w.get(HI)], () => {
    if (fill) x.addr(CP, i, 2).e(w.i32Load(), w.set(q));
    else x.e(w.i32c(0), w.set(q));
    x.addr(AP, i, 2).e(w.i32Load(), w.set(pA)).addr(AP, i, 2).e(w.i32Load(4), w.set(eA));
    x.addr(BP, i, 2).e(w.i32Load(), w.set(pB)).addr(BP, i, 2).e(w.i32Load(4), w.set(eB));
    // while (pA < eA && pB < eB)
    x.e(w.block, w.loop);
    x.e(w.get(pA), w.get(eA), w.i32GeS, w.brIf(1), w.get(pB), w.get(eB), w.i32GeS, w.brIf(1));
    x.addr(AI, pA, 2).e(w.i32Load(), w.set(jA)).addr(BI, pB, 2).e(w.i32Load(), w.set(jB));
    x.e(w.get(jA), w.get(jB), w.i32Eq, w.if);
    x.addr(AV, pA, sa).e(loadF(da)).addr(BV, pB, sb).e(loadF(db));
    x.e(op === 'add' ? w.f64Add : op === 'subtract' ? w.f64Sub : w.f64Mul);
    keep(jA);
    step(pA);
    step(pB);
    x.e(w.else, w.get(jA), w.get(jB), w.i32LtS, w.if);
    if (union) {
      x.addr(AV, pA, sa).e(loadF(da));
      keep(jA);
    }
    step(pA);
    x.e(w.else);
    if (union) {
      x.addr(BV, pB, sb).e(loadF(db));
      if (op === 'subtract') x.e(w.f64Neg);
      keep(jB);
    }
    step(pB);
    x.e(w.end, w.end, w.br(0), w.end, w.end);
    if (union) {
      tail(pA, eA, AI, AV, sa, da, false);
      tail(pB, eB, BI, BV, sb, db, op === 'subtract');
    }
    if (!fill) x.addr(CP, i, 2).e(w.get(q), w.i32Store());
  });
  const types: (string | null)[] = [INT, INT, CLS[da], INT, INT, CLS[db]];
  if (fill) types.push(INT, INT, CLS[dc], null, null);
  else types.push(INT, null, null);
  return { bytes: x.module(), types, lens: [] };
}
