/**
 * The transpose fill's WebAssembly kernel alone on the 2-D Poisson structure (nx = 1000), one
 * thread, over the two halves of the columns (the pieces of a 2-worker run): row skipping on
 * (`sorted` = 1) and off, interleaved in one process so that the host's load shifts both alike.
 * Prints min and median ms per half.
 *
 * Run: node --import tsx benchmarks/sparse/_transpose-fill-kernel.ts
 */
import { scanCounts } from '../../sparse/kernels/assemble.js';
import { transposeCount } from '../../sparse/kernels/transpose.js';
import { transposeFillWasm } from '../../sparse/kernels/transpose-wasm.js';

const Wasm = (globalThis as any).WebAssembly;
const nx = 1000;
const n = nx * nx;
const mem = new Wasm.Memory({ initial: 65536 / 16, maximum: 65536 / 4, shared: true });
let off = 64;
function alloc<T>(
  C: { new (b: ArrayBufferLike, o: number, k: number): T; BYTES_PER_ELEMENT: number },
  k: number,
): T {
  const a = new C(mem.buffer, off, k);
  off = (off + k * C.BYTES_PER_ELEMENT + 127) & ~63;
  return a;
}
const ptr = alloc(Int32Array, n + 1);
const idx = alloc(Int32Array, 5 * n);
let nnz = 0;
for (let i = 0; i < n; i++) {
  const x = i % nx;
  const y = (i / nx) | 0;
  if (y > 0) idx[nnz++] = i - nx;
  if (x > 0) idx[nnz++] = i - 1;
  idx[nnz++] = i;
  if (x < nx - 1) idx[nnz++] = i + 1;
  if (y < nx - 1) idx[nnz++] = i + nx;
  ptr[i + 1] = nnz;
}
const vals = alloc(Float64Array, nnz);
for (let p = 0; p < nnz; p++) vals[p] = idx[p]! * 0.5 - 1;
const tPtr = alloc(Int32Array, n + 1);
transposeCount(idx, nnz, tPtr, 0, n);
scanCounts(tPtr, n);
const cur = alloc(Int32Array, n);
const tIdx = alloc(Int32Array, nnz);
const tVals = alloc(Float64Array, nnz);
const spec = transposeFillWasm('float64');
const fill = new Wasm.Instance(new Wasm.Module(new Uint8Array(spec.bytes)), { e: { mem } }).exports
  .kernel as (...a: number[]) => number;
const o = (a: { byteOffset: number }) => a.byteOffset;
const ms: Record<string, number[]> = { skip: [], walk: [] };
for (let r = 0; r < Number(process.env.REPS ?? 15); r++) {
  for (const [name, sorted] of [
    ['skip', 1],
    ['walk', 0],
  ] as const) {
    for (const [lo, hi] of [
      [0, n / 2],
      [n / 2, n],
    ]) {
      const t0 = performance.now();
      const k = fill(o(ptr), o(idx), o(vals), n, o(tPtr), o(cur), o(tIdx), o(tVals), sorted, lo!, hi!);
      ms[name]!.push(performance.now() - t0);
      if (k !== tPtr[hi!]! - tPtr[lo!]!) throw new Error(`${name}: ${k} entries written`);
    }
  }
}
for (const [name, xs] of Object.entries(ms)) {
  xs.sort((a, b) => a - b);
  console.log(`${name}: min ${xs[0]!.toFixed(2)} median ${xs[xs.length >> 1]!.toFixed(2)} ms per half`);
}
