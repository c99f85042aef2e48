/**
 * The GEMV Wasm sweeps of dense/gemv-wasm.ts timed directly on this thread (no runtime, no
 * workers), next to OpenBLAS dgemv on one thread (NumPy, OPENBLAS_NUM_THREADS=1) in the same run:
 * - rows: `A @ x` on a row-major n × n A, called as kernels-gemv.ts calls it for a piece of rows
 *   (whole matrix, and a quarter of 2000 rows — a worker's piece at 2 workers);
 * - columns: `A.T @ x` (= `x @ A`), in chunks of 8192 rows of y as kernels-gemv.ts calls it.
 * For n = 2000 (32 MB: L3-resident on a 32 MB L3, when nothing else runs) and 8000 (512 MB, from
 * memory). Each figure: the best and the median wall time of many calls (one thread, so wall ≈
 * CPU time when the core is free), in GB/s of A read; ratio = cohort GB/s ÷ OpenBLAS GB/s, NumPy
 * run before and after cohort and its better figure kept (conservative on a busy host).
 *
 * Run: node --import tsx benchmarks/dense/_gemv-kernel.ts [2000] [8000]
 *      (add --no-liftoff after `node` to see whether tier-up matters: it should not, the kernel
 *      is warmed first). The leading _ keeps it out of `npm run bench`: it is a kernel probe.
 */
import { gemvColumnsWasmBytes, gemvRowsWasmBytes } from '../../dense/gemv-wasm.js';
import { runPython } from '../lib/report.js';

interface WasmApi {
  Memory: new (d: object) => { buffer: SharedArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
type Fn = (...a: number[]) => number;
const Wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

const args = process.argv
  .slice(2)
  .map(Number)
  .filter((v) => v > 0);
const SIZES = args.length > 0 ? args : [2000, 8000];
const NMAX = Math.max(...SIZES);

/** Best and median milliseconds per call over `reps` calls, after `warm` calls. */
function wallMs(fn: () => void, reps: number, warm = 3): [number, number] {
  for (let i = 0; i < warm; i++) fn();
  const t: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return [t[0]!, t[t.length >> 1]!];
}

const repsFor = (n: number) => Math.max(15, Math.round(4e8 / (n * n)));
const gbs = (bytes: number, ms: number) => bytes / ms / 1e6;
const fmt = (v: number) => v.toFixed(1).padStart(5);

// NumPy runs before and after the cohort side (the memory belongs to one side at a time); each
// OpenBLAS figure is the better of the two runs, so a busy moment does not favour cohort.
process.env.OPENBLAS_NUM_THREADS = '1';
const numpy = () =>
  runPython<Record<string, [number, number]>>(
    `
import numpy as np, time, json
def t(f, reps):
    for _ in range(3): f()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter(); f(); ts.append(time.perf_counter() - t0)
    ts.sort(); return [ts[0] * 1e3, ts[len(ts) // 2] * 1e3]
out = {}
for n in ${JSON.stringify(SIZES)}:
    rng = np.random.default_rng(1)
    A = rng.random((n, n)) - 0.5; x = rng.random(n) - 0.5
    reps = max(15, round(4e8 / (n * n)))
    out[f"rows {n}"] = t(lambda: A @ x, reps)
    out[f"cols {n}"] = t(lambda: x @ A, reps)
    del A
print(json.dumps(out))`,
    'NumPy (OpenBLAS, one thread)',
  );
const pyBefore = numpy();

// One shared memory: A (NMAX²), x, y.
const aBytes = 8 * NMAX * NMAX;
const mem = new Wasm.Memory({
  initial: Math.ceil((aBytes + 8 * 2 * NMAX + 4096) / 65536),
  maximum: 65536,
  shared: true,
});
const f = new Float64Array(mem.buffer);
for (let i = 0; i < f.length; i++) f[i] = ((i * 7919) % 977) * 1e-3 - 0.4;
const inst = (b: Uint8Array) => new Wasm.Instance(new Wasm.Module(b), { e: { mem } }).exports.kernel as Fn;
const rows = inst(gemvRowsWasmBytes());
const cols = inst(gemvColumnsWasmBytes());
const [AP, XP, YP] = [0, aBytes, aBytes + 8 * NMAX];

/** kernels-gemv.ts's call of the row sweep for rows [0, m) of an n-column row-major A. */
function rowSweep(m: number, n: number): void {
  const nb = m >> 2;
  if (nb > 0) rows(YP, 8, AP, 8 * n, XP, 4 * nb, n, 8 * nb * n, 8 * nb);
  if (m > 4 * nb) rows(YP + 32 * nb, 8, AP + 32 * nb * n, 8 * n, XP, m - 4 * nb, n, 0, 0);
}

/** kernels-gemv.ts's calls of the column sweep for y = A.T @ x, A n × n row-major. */
function colSweep(n: number): void {
  const IB = 8192; // as kernels-gemv.ts
  for (let c0 = 0; c0 < n; c0 += IB) {
    const m = Math.min(n, c0 + IB) - c0;
    f.fill(0, (YP >> 3) + c0, (YP >> 3) + c0 + m);
    const even = m & ~1;
    cols(YP + 8 * c0, AP + 8 * c0, 8 * n, XP, 8, n, even);
  }
}

const timed: [string, number, [number, number], string | undefined][] = [];
for (const n of SIZES) {
  const reps = repsFor(n);
  const bytes = 8 * n * n;
  timed.push([`rows  A @ x    ${n}²`, bytes, wallMs(() => rowSweep(n, n), reps), `rows ${n}`]);
  timed.push([`cols  A.T @ x  ${n}²`, bytes, wallMs(() => colSweep(n), reps), `cols ${n}`]);
  if (n === 2000) {
    // A worker's piece at 2 workers (jacobi's R @ x): 500 of the 2000 rows, 8 MB.
    timed.push([`rows  piece 500 × ${n}`, 8 * 500 * n, wallMs(() => rowSweep(500, n), 4 * reps), undefined]);
  }
}
const pyAfter = numpy();
console.log(
  'GB/s of A read, one thread: best / median (wall); OpenBLAS: the better of a run before and one after; ratio = cohort / OpenBLAS (best / median)',
);
for (const [name, b, [best, med], key] of timed) {
  let s = `${name.padEnd(24)} cohort ${fmt(gbs(b, best))} / ${fmt(gbs(b, med))}`;
  const runs = key === undefined ? [] : [pyBefore?.[key], pyAfter?.[key]].filter((r) => r !== undefined);
  if (runs.length > 0) {
    const rb = Math.max(...runs.map((r) => gbs(b, r[0])));
    const rm = Math.max(...runs.map((r) => gbs(b, r[1])));
    s += `   OpenBLAS ${fmt(rb)} / ${fmt(rm)}   ratio ${(gbs(b, best) / rb).toFixed(2)} / ${(gbs(b, med) / rm).toFixed(2)}`;
  }
  console.log(s);
}
