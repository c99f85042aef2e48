/**
 * The WebAssembly form of `kronFill` (`kron.ts`) for float values: the same parameters (arrays as
 * byte offsets into the heap), products in float64 rounded on store, so the same bits. It writes
 * where the factors' pointers lead: it runs only once both factors passed the range check.
 */
import type { DType } from '../../runtime/index.js';
import type { WasmSpec } from '../kdef.js';
import { Asm, F64, I32, loadF, storeF, w } from './wasm-asm.js';

type F = 'float64' | 'float32';
const memo = new Map<string, WasmSpec | null>();
const CLS = { float64: 'Float64Array', float32: 'Float32Array' } as const;
const INT = 'Int32Array';

/** The spec for values of A, B and C in these dtypes, or null unless all are float. */
export function kronFillWasm(a: DType, b: DType, c: DType): WasmSpec | null {
  const key = `${a}.${b}.${c}`;
  let m = memo.get(key);
  if (m === undefined) {
    const fl = (d: DType): d is F => d === 'float64' || d === 'float32';
    m = fl(a) && fl(b) && fl(c) ? build(a, b, c) : null;
    memo.set(key, m);
  }
  return m;
}

function build(da: F, db: F, dc: F): WasmSpec {
  const [AP, AI, AV, BP, BI, BV, BM, BN, CP, CI, CV, LO, HI] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const sh = (d: F) => (d === 'float64' ? 3 : 2);
  const x = new Asm(new Array<number>(13).fill(I32));
  const i = x.local();
  const ia = x.local();
  const ib = x.local();
  const wq = x.local();
  const qb = x.local();
  const qe = x.local();
  const p = x.local();
  const pe = x.local();
  const c0 = x.local();
  const q = x.local();
  const av = x.local(F64);
  x.for(i, [w.get(LO)], [w.get(HI)], () => {
    x.e(w.get(i), w.get(BM), w.i32DivU, w.tee(ia), w.get(BM), w.i32Mul, w.set(ib));
    x.e(w.get(i), w.get(ib), w.i32Sub, w.set(ib));
    x.addr(CP, i, 2).e(w.i32Load(), w.set(wq));
    x.addr(BP, ib, 2).e(w.i32Load(), w.set(qb));
    x.addr(BP, ib, 2).e(w.i32Load(4), w.set(qe));
    x.addr(AP, ia, 2).e(w.i32Load(4), w.set(pe));
    x.for(
      p,
      x.sub(() => x.addr(AP, ia, 2).e(w.i32Load())),
      [w.get(pe)],
      () => {
        x.addr(AI, p, 2).e(w.i32Load(), w.get(BN), w.i32Mul, w.set(c0));
        x.addr(AV, p, sh(da)).e(loadF(da), w.set(av));
        x.for(q, [w.get(qb)], [w.get(qe)], () => {
          x.addr(CI, wq, 2).e(w.get(c0)).addr(BI, q, 2).e(w.i32Load(), w.i32Add, w.i32Store());
          x.addr(CV, wq, sh(dc)).e(w.get(av)).addr(BV, q, sh(db)).e(loadF(db), w.f64Mul, storeF(dc));
          x.e(w.get(wq), w.i32c(1), w.i32Add, w.set(wq));
        });
      },
    );
  });
  const types = [INT, INT, CLS[da], INT, INT, CLS[db], null, null, INT, INT, CLS[dc], null, null];
  return { bytes: x.module(), types, lens: [] };
}

/** `kronCount(aPtr, bPtr, bm, counts, lo, hi)`; reads only pointers of rows below `hi / bm`. */
export function kronCountWasm(): WasmSpec {
  let m = memo.get('count');
  if (m === undefined || m === null) memo.set('count', (m = buildCount()));
  return m;
}

function buildCount(): WasmSpec {
  const [AP, BP, BM, CNT, LO, HI] = [0, 1, 2, 3, 4, 5];
  const x = new Asm(new Array<number>(6).fill(I32));
  const i = x.local();
  const ia = x.local();
  const ib = x.local();
  x.for(i, [w.get(LO)], [w.get(HI)], () => {
    x.e(w.get(i), w.get(BM), w.i32DivU, w.tee(ia), w.get(BM), w.i32Mul, w.set(ib));
    x.e(w.get(i), w.get(ib), w.i32Sub, w.set(ib));
    x.addr(CNT, i, 2);
    x.addr(AP, ia, 2).e(w.i32Load(4)).addr(AP, ia, 2).e(w.i32Load(), w.i32Sub);
    x.addr(BP, ib, 2).e(w.i32Load(4)).addr(BP, ib, 2).e(w.i32Load(), w.i32Sub, w.i32Mul);
    x.e(w.i32Store(4));
  });
  return { bytes: x.module(), types: [INT, INT, null, INT, null, null], lens: [] };
}
