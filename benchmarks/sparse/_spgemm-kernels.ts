/**
 * SpGEMM's loops alone, on one thread, outside the runtime (`B @ B`, B random 1e5 × 1e5 of
 * density 1e-4, as `assembly.ts`): the Wasm count and fill (`kernels/spgemm-wasm.ts`, each in 16
 * calls as the launches run them) and the JavaScript loops (`kernels/spgemm.ts`), alternated,
 * CPU ms per call (min and median of REPS). For A/B work on the kernels on a loaded host.
 *
 * Run: REPS=5 node --import tsx benchmarks/sparse/_spgemm-kernels.ts
 */
import { spgemmNumeric, spgemmSymbolic } from '../../sparse/kernels/spgemm.js';
import {
  spgemmCountScratch,
  spgemmCountWasm,
  spgemmFillScratch,
  spgemmFillWasm,
} from '../../sparse/kernels/spgemm-wasm.js';

const Wasm = (globalThis as any).WebAssembly;
const n = Number(process.env.N ?? 100_000);
const perRow = Number(process.env.PER_ROW ?? 10);
const reps = Number(process.env.REPS ?? 5);

// B: perRow distinct random columns per row (xorshift), values in (0, 1].
let s = 2463534242;
const rnd = () => {
  s ^= s << 13;
  s ^= s >>> 17;
  s ^= s << 5;
  return s >>> 0;
};
const ptr = new Int32Array(n + 1);
const idx: number[] = [];
for (let i = 0; i < n; i++) {
  const row = new Set<number>();
  while (row.size < perRow) row.add(rnd() % n);
  idx.push(...[...row].sort((a, b) => a - b));
  ptr[i + 1] = idx.length;
}
const vals = Float64Array.from(idx, () => (rnd() % 1000) / 1000 + 0.001);
const nnzB = idx.length;

const mem = new Wasm.Memory({ initial: 1, maximum: 65536, shared: true });
let off = 64;
function alloc<T>(
  C: { new (b: ArrayBufferLike, o: number, n: number): T; BYTES_PER_ELEMENT: number },
  len: number,
): T {
  const need = off + len * C.BYTES_PER_ELEMENT + 64;
  if (need > mem.buffer.byteLength) mem.grow(Math.ceil((need - mem.buffer.byteLength) / 65536));
  const a = new C(mem.buffer, off, len);
  off = (need + 63) & ~63;
  return a;
}
const P = alloc(Int32Array, n + 1);
P.set(ptr);
const I = alloc(Int32Array, nnzB);
I.set(idx);
const V = alloc(Float64Array, nnzB);
V.set(vals);
const cp = alloc(Int32Array, n + 1);
spgemmSymbolic(P, I, P, I, n, cp, 0, n);
for (let i = 0; i < n; i++) cp[i + 1]! += cp[i]!;
const nnzC = cp[n]!;
const ci = alloc(Int32Array, nnzC);
const cv = alloc(Float64Array, nnzC);
const ex = alloc(Int32Array, n + 1);
const cnt = alloc(Int32Array, n + 1);
const scratch = alloc(Uint8Array, Math.max(spgemmFillScratch(n), spgemmCountScratch(n)));
const inst = (spec: { bytes: readonly number[] }) =>
  new Wasm.Instance(new Wasm.Module(new Uint8Array(spec.bytes)), { e: { mem } }).exports.kernel as (
    ...a: number[]
  ) => number;
const count = inst(spgemmCountWasm());
const fill = inst(spgemmFillWasm('float64', 'float64', 'float64')!);
const at = (a: { byteOffset: number }) => a.byteOffset;
const step = Math.ceil(n / 16);

const cases: Record<string, () => void> = {
  'wasm count': () => {
    for (let c = 0; c < n; c += step)
      count(at(P), at(I), at(P), at(I), n, at(cnt), c, Math.min(n, c + step), at(scratch), c === 0 ? 1 : 0);
  },
  'wasm fill': () => {
    for (let c = 0; c < n; c += step)
      fill(
        at(P),
        at(I),
        at(V),
        at(P),
        at(I),
        at(V),
        n,
        at(cp),
        at(ci),
        at(cv),
        at(ex),
        c,
        Math.min(n, c + step),
        at(scratch),
        c === 0 ? 1 : 0,
      );
  },
  'js count': () => spgemmSymbolic(P, I, P, I, n, cnt, 0, n),
  'js fill': () => {
    spgemmNumeric(P, I, V, P, I, V, n, cp, ci, cv, ex, 0, n);
  },
};
const times: Record<string, number[]> = {};
for (let r = 0; r < reps; r++)
  for (const [k, f] of Object.entries(cases)) {
    const c0 = process.cpuUsage();
    f();
    const c = process.cpuUsage(c0);
    (times[k] ??= []).push((c.user + c.system) / 1000);
  }
console.log(`B: ${n}², ${nnzB} entries; C: ${nnzC} entries`);
for (const [k, t] of Object.entries(times)) {
  const st = [...t].sort((a, b) => a - b);
  console.log(`${k.padEnd(12)} min ${st[0]!.toFixed(0)} median ${st[st.length >> 1]!.toFixed(0)} ms CPU`);
}
