/**
 * The float64 GEMM of dense/ timed directly on this thread (no runtime, no workers), next to
 * OpenBLAS dgemm on one thread (NumPy, OPENBLAS_NUM_THREADS=1) in the same run:
 * - micro: the Wasm micro-kernel of dense/gemm-wasm.ts alone on packed panels as
 *   dense/kernels-linalg.ts sizes them (A block `MC × KC`, B panel `KC × NC`, C block added to);
 * - N²: the thread kernel `dense.matmul.f64` (packing, micro-kernel, copy out) for a whole N × N
 *   product `C = A @ B` on row-major operands, as a worker runs its piece of rows.
 * Each figure: GFlop/s of the best and the median call in CPU time (one thread computes on each
 * side, so this is its time on a core, less sensitive to other processes than wall time); ratio = cohort ÷ OpenBLAS, NumPy run before and after cohort and its better figure
 * kept (conservative on a busy host). The peak of f64x2 multiply + add on separate pipes is about
 * 8 flops per cycle; OpenBLAS (AVX2, FMA) has twice that.
 *
 * Run: node --import tsx benchmarks/dense/_gemm-kernel.ts [1000] [2000] [4000]
 *      (the leading _ keeps it out of `npm run bench`: it is a kernel probe)
 */
import { gemmWasmBytes } from '../../dense/gemm-wasm.js';
import { MATMUL_F64 } from '../../dense/kernel-names.js';
import { type GemmFn, HAS_GEMM_SIMD } from '../../dense/kernels-linalg.js';
import { getKernel, type TaskContext } from '../../runtime/kernels.js';
import { runPython } from '../lib/report.js';

interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
const Wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

const args = process.argv
  .slice(2)
  .map(Number)
  .filter((v) => v > 0);
const SIZES = args.length > 0 ? args : [1000, 2000, 4000];
/** Calls per size: about 2e10 flops (at least 2), then the best and the median. */
const repsFor = (n: number) => Math.max(2, Math.min(15, Math.round(2e10 / (2 * n ** 3))));
const gflops = (flops: number, ms: number) => flops / ms / 1e6;
const fmt = (v: number) => v.toFixed(1).padStart(5);

/**
 * Best and median CPU milliseconds per call over `reps` calls, after `warm` calls (process CPU
 * time: only this thread computes, and a busy host's other processes are not counted).
 */
function cpuMs(fn: () => void, reps: number, warm = 1): [number, number] {
  for (let i = 0; i < warm; i++) fn();
  const t: number[] = [];
  for (let i = 0; i < reps; i++) {
    const c0 = process.cpuUsage();
    fn();
    const c = process.cpuUsage(c0);
    t.push((c.user + c.system) / 1000);
  }
  t.sort((a, b) => a - b);
  return [t[0]!, t[t.length >> 1]!];
}

process.env.OPENBLAS_NUM_THREADS = '1';
const numpy = () =>
  runPython<Record<string, [number, number]>>(
    `
import numpy as np, time, json
out = {}
for n in ${JSON.stringify(SIZES)}:
    rng = np.random.default_rng(1)
    A = rng.random((n, n)) - 0.5; B = rng.random((n, n)) - 0.5; C = np.empty((n, n))
    reps = max(2, min(15, round(2e10 / (2 * n ** 3))))
    np.dot(A, B, out=C)
    ts = []
    for _ in range(reps):
        t0 = time.process_time(); np.dot(A, B, out=C); ts.append(time.process_time() - t0)
    ts.sort(); out[str(n)] = [ts[0] * 1e3, ts[len(ts) // 2] * 1e3]
print(json.dumps(out))`,
    'NumPy (OpenBLAS, one thread)',
  );
const pyBefore = numpy();

// The micro-kernel alone, at kernels-linalg.ts's block sizes.
const [MC, KC, NC] = [64, 256, 1024];
const inst = new Wasm.Instance(new Wasm.Module(gemmWasmBytes()), {}).exports;
const gemm = inst.gemm as GemmFn;
const mem = inst.mem as { buffer: ArrayBuffer; grow(pages: number): number };
const [bp, ap, cp] = [0, KC * NC * 8, KC * NC * 8 + MC * KC * 8];
mem.grow(Math.ceil((cp + MC * NC * 8) / 65536));
const H = new Float64Array(mem.buffer);
for (let i = 0; i < H.length; i++) H[i] = ((i * 7919) % 977) * 1e-3 - 0.4;
const micro = cpuMs(() => gemm(ap, bp, cp, MC, NC, KC, NC * 8, 0), 200, 20);
let check = H[cp / 8]!;

if (!HAS_GEMM_SIMD) throw new Error('no WebAssembly SIMD: the thread kernel is the JavaScript fallback');
const kernel = getKernel(MATMUL_F64).fn as (t: TaskContext) => void;
const timed: [string, number, [number, number]][] = [];
for (const n of SIZES) {
  const A = new Float64Array(n * n);
  const B = new Float64Array(n * n);
  const C = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) {
    A[i] = ((i * 7919) % 977) * 1e-3 - 0.4;
    B[i] = ((i * 104729) % 983) * 1e-3 - 0.5;
  }
  const t: TaskContext = {
    arrays: [C, A, B],
    offsets: [0, 0, 0],
    strides: [
      [n, 1],
      [n, 1],
      [n, 1],
    ],
    shapes: [
      [n, n],
      [n, n],
      [n, n],
    ],
    lo: [0, 0],
    hi: [n, n],
    scalars: [],
    futures: [],
    color: 0,
    colors: 1,
    partials: null,
    block: 0,
  };
  timed.push([`${n}²`, 2 * n ** 3, cpuMs(() => kernel(t), repsFor(n), n > 2000 ? 0 : 1)]);
  // Spot check one element against the kernel's order (same bits): sums over blocks of KC k's,
  // each in k order from +0, added in block order.
  const i = n >> 1;
  const j = n - 3;
  let s = 0;
  for (let k0 = 0; k0 < n; k0 += KC) {
    let b = 0;
    for (let k = k0; k < Math.min(n, k0 + KC); k++) b += A[i * n + k]! * B[k * n + j]!;
    s = k0 === 0 ? b : s + b;
  }
  if (s !== C[i * n + j]) throw new Error(`C[${i}, ${j}] = ${C[i * n + j]}, expected ${s}`);
  check += C[0]!;
}
const pyAfter = numpy();

console.log(
  `GFlop per CPU-second, one thread: best / median; OpenBLAS: the better of a run before and one after; ratio = cohort / OpenBLAS (best / median)  [check ${check.toFixed(3)}]`,
);
const mf = 2 * MC * NC * KC;
console.log(
  `micro ${MC}×${KC} @ ${KC}×${NC}  cohort ${fmt(gflops(mf, micro[0]))} / ${fmt(gflops(mf, micro[1]))}`,
);
for (const [name, f, [best, med]] of timed) {
  let s = `${name.padEnd(22)} cohort ${fmt(gflops(f, best))} / ${fmt(gflops(f, med))}`;
  const key = name.slice(0, -1);
  const runs = [pyBefore?.[key], pyAfter?.[key]].filter((r) => r !== undefined);
  if (runs.length > 0) {
    const rb = Math.max(...runs.map((r) => gflops(f, r[0])));
    const rm = Math.max(...runs.map((r) => gflops(f, r[1])));
    s += `   OpenBLAS ${fmt(rb)} / ${fmt(rm)}   ratio ${(gflops(f, best) / rb).toFixed(2)} / ${(gflops(f, med) / rm).toFixed(2)}`;
  }
  console.log(s);
}
