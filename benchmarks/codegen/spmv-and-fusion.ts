/**
 * Generated vs hand-written kernels, single-threaded:
 * - CSR SpMV on the 2-D 5-point Poisson matrix (nx = 1000: 1e6 rows, 4,996,000 nonzeros): the
 *   generated kernel as JavaScript and as WebAssembly (what cohort runs when the arrays live in
 *   its heap), against the best hand-written JavaScript loop;
 * - `a*x + b*y - z` on 1e7 float64: fused kernel vs unfused plain JS (3 temporaries) vs NumPy.
 * Run: node --import tsx benchmarks/codegen/spmv-and-fusion.ts   (BENCH_SMALL=1: nx = 20, 1e4
 * elements, 3 repetitions; REPS sets the repetitions)
 */
import { CSR, compileKernel, DENSE_VECTOR, emitWasm, fuse, fx, generateKernel } from '../../codegen/index.js';
import * as np from '../../dense/index.js';
import { heapAlloc, heapMemory } from '../../runtime/heap.js';
import { configure } from '../../runtime/index.js';
import { emit, runPython, SMALL } from '../lib/report.js';

const REPS = Number(process.env.REPS ?? (SMALL ? 3 : 15));
const NX = SMALL ? 20 : 1000;

function poisson(nx: number) {
  const n = nx * nx;
  const pos = new Int32Array(n + 1);
  const crd = new Int32Array(5 * n - 4 * nx);
  const vals = new Float64Array(crd.length);
  let q = 0;
  for (let r = 0; r < nx; r++)
    for (let c = 0; c < nx; c++) {
      const i = r * nx + c;
      const put = (j: number, v: number) => {
        crd[q] = j;
        vals[q++] = v;
      };
      if (r > 0) put(i - nx, -1);
      if (c > 0) put(i - 1, -1);
      put(i, 4);
      if (c < nx - 1) put(i + 1, -1);
      if (r < nx - 1) put(i + nx, -1);
      pos[i + 1] = q;
    }
  return { n, pos, crd, vals };
}

/** The best plain loop we know for CSR SpMV in JS. */
function handSpmv(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  x: Float64Array,
  y: Float64Array,
  lo: number,
  hi: number,
) {
  let start = pos[lo]!;
  for (let i = lo; i < hi; i++) {
    const end = pos[i + 1]!;
    let s = 0;
    for (let p = start; p < end; p++) s += vals[p]! * x[crd[p]!]!;
    y[i] = s;
    start = end;
  }
}

/** Median time in ms of `reps` runs of `f`, after `warm` warm-up runs; `check` runs after each. */
function time(f: () => void, check: () => void, reps = REPS, warm = 3): number {
  for (let w = 0; w < warm; w++) f();
  const ts: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    f();
    ts.push(performance.now() - t0);
    check();
  }
  ts.sort((a, b) => a - b);
  return ts[Math.floor(ts.length / 2)]!;
}

const rows: [string, number, string][] = [];
/**
 * Warm-up runs of the fresh-result expression, NumPy's and cohort's alike: the loop's steady
 * state (cohort's first results fault in fresh heap pages, and its heap grows to hold a few
 * results before one collection recycles them all; see runtime/README.md).
 */
const STEADY_WARM = 8;

// --- SpMV -----------------------------------------------------------------------------------------
const A = poisson(NX);
const x = Float64Array.from({ length: A.n }, (_, i) => (i % 7) - 3);
const yGen = new Float64Array(A.n);
const yHand = new Float64Array(A.n);
const gen = generateKernel(
  'y(i) = A(i,j) * x(j)',
  { A: CSR, x: DENSE_VECTOR, y: DENSE_VECTOR },
  { name: 'csrSpmv' },
);
const spmv = compileKernel<typeof handSpmv>(gen);
const checkSpmv = (y: Float64Array) => () => {
  if (
    y[A.n >> 1] !==
    4 * x[A.n >> 1]! - x[(A.n >> 1) - 1]! - x[(A.n >> 1) + 1]! - x[(A.n >> 1) - NX]! - x[(A.n >> 1) + NX]!
  ) {
    throw new Error('SpMV result wrong');
  }
};
// The same kernel from the same IR as WebAssembly, over copies of the arrays in the region heap.
const wasmApi = (globalThis as any).WebAssembly;
const mem = heapMemory()!;
const inHeap = <T extends Int32Array | Float64Array>(src: T): T => {
  const b = heapAlloc(src.byteLength)!;
  const out = new (src.constructor as new (buf: ArrayBufferLike, off: number, len: number) => T)(
    mem.buffer,
    b.off,
    src.length,
  );
  out.set(src as never);
  return out;
};
const [hPos, hCrd, hVals, hx] = [inHeap(A.pos), inHeap(A.crd), inHeap(A.vals), inHeap(x)];
const hy = inHeap(new Float64Array(A.n));
const wasmSpmv = new wasmApi.Instance(
  new wasmApi.Module(
    emitWasm(gen.ir, { A_pos: 'int32', A_crd: 'int32', A_vals: 'float64', x: 'float64', y: 'float64' }),
  ),
  { e: { mem } },
).exports.kernel as (...a: number[]) => void;
const checkWasm = () => {
  const m = A.n >> 1;
  if (hy[m] !== 4 * x[m]! - x[m - 1]! - x[m + 1]! - x[m - NX]! - x[m + NX]!)
    throw new Error('Wasm SpMV wrong');
};
// Interleave the variants so machine noise hits them alike.
let tGen = Infinity;
let tHand = Infinity;
let tWasm = Infinity;
for (let round = 0; round < 3; round++) {
  tWasm = Math.min(
    tWasm,
    time(
      () =>
        wasmSpmv(hPos.byteOffset, hCrd.byteOffset, hVals.byteOffset, hx.byteOffset, hy.byteOffset, 0, A.n),
      checkWasm,
    ),
  );
  tGen = Math.min(
    tGen,
    time(() => spmv(A.pos, A.crd, A.vals, x, yGen, 0, A.n), checkSpmv(yGen)),
  );
  tHand = Math.min(
    tHand,
    time(() => handSpmv(A.pos, A.crd, A.vals, x, yHand, 0, A.n), checkSpmv(yHand)),
  );
}
rows.push([
  `CSR SpMV, Poisson nx=${NX}, generated`,
  tGen,
  `${((tGen / tHand - 1) * 100).toFixed(1)}% vs hand-written`,
]);
rows.push([
  `CSR SpMV, Poisson nx=${NX}, generated, Wasm`,
  tWasm,
  `${(tHand / tWasm).toFixed(2)}x the hand-written JS loop's speed`,
]);
rows.push([`CSR SpMV, Poisson nx=${NX}, hand-written`, tHand, '']);
emit({
  area: 'codegen',
  name: `CSR SpMV, Poisson nx=${NX}, 1 thread`,
  ms: { 'cohort generated (Wasm)': tWasm, 'cohort generated (JS)': tGen, 'plain JS hand-written': tHand },
  baseline: 'plain JS hand-written',
});

// --- fusion ---------------------------------------------------------------------------------------
const N = SMALL ? 1e4 : 1e7;
const nLabel = SMALL ? '1e4' : '1e7';
const a = 2.5;
const b = -0.5;
const xs = Float64Array.from({ length: N }, (_, i) => (i % 13) * 0.25);
const ys = Float64Array.from({ length: N }, (_, i) => (i % 11) * 0.5);
const zs = Float64Array.from({ length: N }, (_, i) => (i % 5) - 2);
const out = new Float64Array(N);
const expr = fx.subtract(
  fx.add(fx.multiply(fx.scalar(0), fx.input(0)), fx.multiply(fx.scalar(1), fx.input(1))),
  fx.input(2),
);
const fused = compileKernel(fuse(expr, { out: 'float64', rank: 1, contiguous: true }));
const t1 = new Float64Array(N);
const t2 = new Float64Array(N);
const t3 = new Float64Array(N);
function unfused() {
  for (let i = 0; i < N; i++) t1[i] = a * xs[i]!;
  for (let i = 0; i < N; i++) t2[i] = b * ys[i]!;
  for (let i = 0; i < N; i++) t3[i] = t1[i]! + t2[i]!;
  for (let i = 0; i < N; i++) out[i] = t3[i]! - zs[i]!;
}
const k = Math.floor(N * 0.1234567);
const checkAxpy = () => {
  if (out[k] !== a * xs[k]! + b * ys[k]! - zs[k]!) throw new Error('fused result wrong');
};
const tFused = time(() => fused(out, 0, xs, 0, ys, 0, zs, 0, a, b, 0, N), checkAxpy);
const tUnfused = time(unfused, checkAxpy, 7);
rows.push([
  `a*x + b*y - z, ${nLabel} f64, fused (codegen)`,
  tFused,
  `${(tUnfused / tFused).toFixed(2)}x faster than unfused`,
]);
rows.push([`a*x + b*y - z, ${nLabel} f64, unfused JS (3 temps)`, tUnfused, '']);

const tNp = runPython<number>(
  `import numpy as np, time
n=${N}; a=2.5; b=-0.5; i=np.arange(n)
x=(i%13)*0.25; y=(i%11)*0.5; z=(i%5)-2.0
for r in range(${STEADY_WARM}): o=a*x + b*y - z
ts=[]
for r in range(${REPS}):
    t0=time.perf_counter(); o=a*x + b*y - z; ts.append(time.perf_counter()-t0)
ts.sort(); print(ts[len(ts)//2]*1e3)`,
  'NumPy',
);
// The same expression through the public dense API on 2 workers: operators build one lazy
// expression, launched once when the value is needed. Into a fresh result (a new 80 MB region
// whose pages fault in at first touch) and into an existing array with {out}.
configure({ workers: 2 });
const [dx, dy, dz] = [np.array(xs), np.array(ys), np.array(zs)];
const dOut = np.empty([N]);
const checkDense = (r: np.ndarray) => () => {
  if (r.get(String(k)).item() !== a * xs[k]! + b * ys[k]! - zs[k]!)
    throw new Error('dense fused result wrong');
};
let fresh: np.ndarray = dOut;
const tDenseNew = time(
  () => {
    fresh = dx.multiply(a).add(dy.multiply(b)).subtract(dz);
    fresh.get(String(k)).item();
  },
  () => checkDense(fresh)(),
  REPS,
  STEADY_WARM,
);
const tDenseOut = time(() => {
  np.subtract(dx.multiply(a).add(dy.multiply(b)), dz, { out: dOut });
  dOut.get(String(k)).item();
}, checkDense(dOut));
configure({ workers: 0 });
rows.push([`a*x + b*y - z, ${nLabel} f64, cohort/numpy 2 workers, new result`, tDenseNew, '']);
rows.push([`a*x + b*y - z, ${nLabel} f64, cohort/numpy 2 workers, {out}`, tDenseOut, '']);

const fusion: Record<string, number> = {
  'cohort w=2 (new result)': tDenseNew,
  'cohort w=2 ({out})': tDenseOut,
  'cohort fused kernel, 1 thread': tFused,
  'plain JS unfused': tUnfused,
};
if (tNp !== undefined) {
  fusion.NumPy = tNp;
  rows.push([
    `a*x + b*y - z, ${nLabel} f64, NumPy`,
    tNp,
    `cohort/numpy w=2 is ${(tNp / tDenseNew).toFixed(2)}x NumPy's speed (new result), ${(tNp / tDenseOut).toFixed(2)}x ({out})`,
  ]);
}
emit({
  area: 'codegen',
  name: `a*x + b*y - z, ${nLabel} float64`,
  ms: fusion,
  baseline: tNp !== undefined ? 'NumPy' : 'plain JS unfused',
});

console.log(`| work | median ms | note |\n|---|---:|---|`);
for (const [name, ms, note] of rows) console.log(`| ${name} | ${ms.toFixed(2)} | ${note} |`);
