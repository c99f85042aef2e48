/**
 * The CSR SpMV kernel alone (the Wasm module cohort runs, `spmvLoop(...).wasm`), per core and with
 * two threads at once, next to SciPy's `A @ x` (one thread) on the same matrix, in one run
 * (issue 24). No runtime: the CSR arrays sit in one shared `WebAssembly.Memory`, rows are cut in 4
 * pieces as a 2-worker launch cuts them, and
 * - `solo`: one thread runs the 4 pieces (per-core speed; × 4 = one SpMV on one core),
 * - `pair`: two threads run 2 pieces each, started together at a barrier (the pieces of a
 *   2-worker SpMV, without the runtime: what the hardware gives two concurrent workers),
 * - `scipy`: python3's `A @ x` on the same matrix, one thread (fresh y, as a user writes it).
 * Rounds alternate the three so that the host's load shifts them alike; the result is checked
 * bitwise against a JavaScript loop. Prints min / median ms per piece and per SpMV, and GB/s at the
 * min (bytes: indptr, indices, data, x once, y).
 *
 * MATRIX=band11 (the spmv program: 11 unit diagonals), band5 (power's 5 diagonals) or poisson
 * (2-D 5-point, nx = √n). Run: node --import tsx benchmarks/sparse/_spmv-kernel.ts [n=1e6] [rounds=3]
 */
import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { spmvLoop } from '../../sparse/core/generated.js';

const n0 = Number(process.argv[2] ?? 1e6);
const rounds = Number(process.argv[3] ?? 3);
const matrix = process.env.MATRIX ?? 'band11';
const REPS = 15;

const Wasm = (globalThis as any).WebAssembly;
const nx = Math.round(Math.sqrt(n0));
const n = matrix === 'poisson' ? nx * nx : n0;
const offsets =
  matrix === 'band5' ? [-2, -1, 0, 1, 2] : matrix === 'poisson' ? [] : [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5];
const perRow = matrix === 'poisson' ? 5 : offsets.length;
const mem = new Wasm.Memory({ initial: 0, maximum: 65536, shared: true });
mem.grow(Math.ceil((4 * (n + 1) + 12 * perRow * n + 16 * n + 1024) / 65536) + 1);
let top = 64;
function alloc<T>(
  C: { new (b: ArrayBufferLike, o: number, k: number): T; BYTES_PER_ELEMENT: number },
  k: number,
): T {
  const a = new C(mem.buffer, top, k);
  top = (top + k * C.BYTES_PER_ELEMENT + 127) & ~63;
  return a;
}
const ptr = alloc(Int32Array, n + 1);
const idx = alloc(Int32Array, perRow * n);
let nnz = 0;
for (let i = 0; i < n; i++) {
  if (matrix === 'poisson') {
    const c = i % nx;
    for (const j of [i - nx, c > 0 ? i - 1 : -1, i, c < nx - 1 ? i + 1 : -1, i + nx])
      if (j >= 0 && j < n) idx[nnz++] = j;
  } else for (const o of offsets) if (i + o >= 0 && i + o < n) idx[nnz++] = i + o;
  ptr[i + 1] = nnz;
}
const vals = alloc(Float64Array, nnz);
for (let p = 0; p < nnz; p++) vals[p] = matrix === 'poisson' ? (idx[p] === p ? 4 : -1) : 1 + (p % 7) / 8;
const x = alloc(Float64Array, n);
for (let i = 0; i < n; i++) x[i] = 1 + (i % 13) / 16;
const y = alloc(Float64Array, n);
const ref = new Float64Array(n);
for (let i = 0; i < n; i++) {
  let t = 0;
  for (let p = ptr[i]!; p < ptr[i + 1]!; p++) t += vals[p]! * x[idx[p]!]!;
  ref[i] = t;
}
const spec = spmvLoop('float64', 'float64', 'float64').wasm;
if (spec === null) throw new Error('no Wasm SpMV (COHORT_WASM=0?)');
const bytesPerSpmv = 4 * (n + 1) + 12 * nnz + 16 * n;
const cuts = [0, 1, 2, 3, 4].map((k) => Math.floor((k * n) / 4));

// The threads: plain JavaScript (no loader), a barrier on ctl[0], times posted back.
const workerSource = `
const { parentPort, workerData: d } = require('node:worker_threads');
const k = new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array(d.bytes)), { e: { mem: d.mem } }).exports.kernel;
const ctl = d.ctl;
let gen = 0;
const barrier = () => { gen++; Atomics.add(ctl, 0, 1); Atomics.notify(ctl, 0); while (Atomics.load(ctl, 0) < 2 * gen) Atomics.wait(ctl, 0, Atomics.load(ctl, 0), 5); };
parentPort.on('message', (m) => {
  const times = [];
  for (let r = 0; r < m.reps; r++) {
    if (m.pair) barrier();
    for (const s of m.pieces) {
      const t0 = performance.now();
      k(d.o[0], d.o[1], d.o[2], d.o[3], d.o[4], d.cuts[s], d.cuts[s + 1]);
      times.push(performance.now() - t0);
    }
  }
  parentPort.postMessage(times);
});`;
const ctl = new Int32Array(new SharedArrayBuffer(64));
const o = [ptr, idx, vals, x, y].map((a) => a.byteOffset);
const workers = [0, 1].map(
  () => new Worker(workerSource, { eval: true, workerData: { bytes: spec.bytes, mem, ctl, o, cuts } }),
);
const run = (w: Worker, msg: object) =>
  new Promise<number[]>((res) => {
    w.once('message', res);
    w.postMessage(msg);
  });

const scipyScript = `
import sys, time, numpy as np, scipy.sparse as sp
m, n, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
if m == 'poisson':
    nx = int(round(n ** 0.5)); t = sp.diags([-1.0, 2.0, -1.0], [-1, 0, 1], shape=(nx, nx)); I = sp.identity(nx)
    A = (sp.kron(t, I) + sp.kron(I, t)).tocsr()
else:
    k = 5 if m == 'band5' else 11
    A = sp.diags([1.0] * k, list(range(-(k // 2), k // 2 + 1)), shape=(n, n), format='csr')
x = np.ones(n); ts = []
for r in range(reps):
    t0 = time.perf_counter(); y = A @ x; ts.append((time.perf_counter() - t0) * 1e3)
print(' '.join('%.4f' % v for v in ts))`;

const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { min: s[0]!, med: s[s.length >> 1]! };
};
const f = (v: number) => v.toFixed(2);
console.log(`${matrix}: n ${n}, nnz ${nnz}, ${(bytesPerSpmv / 1e6).toFixed(0)} MB per SpMV, 4 pieces`);
for (let r = 0; r < rounds; r++) {
  y.fill(0);
  const solo = await run(workers[0]!, { reps: REPS, pieces: [0, 1, 2, 3], pair: false });
  for (let i = 0; i < n; i++)
    if (!Object.is(y[i], ref[i])) throw new Error(`row ${i}: ${y[i]} against ${ref[i]}`);
  const [p0, p1] = await Promise.all([
    run(workers[0]!, { reps: REPS, pieces: [0, 2], pair: true }),
    run(workers[1]!, { reps: REPS, pieces: [1, 3], pair: true }),
  ]);
  const py = spawnSync('python3', ['-c', scipyScript, matrix, String(n), String(REPS)], { encoding: 'utf8' });
  const sci = py.status === 0 ? py.stdout.trim().split(' ').map(Number) : [];
  const s = stat(solo);
  const p = stat([...p0!, ...p1!]);
  const line = [
    `round ${r}: solo ${f(s.min)} / ${f(s.med)} ms per piece (SpMV on one core ${f(4 * s.min)} ms, ${f(bytesPerSpmv / (4 * s.min) / 1e6)} GB/s)`,
    `pair ${f(p.min)} / ${f(p.med)} ms per piece (SpMV ${f(2 * p.min)} ms, ${f(bytesPerSpmv / (2 * p.min) / 1e6)} GB/s)`,
  ];
  if (sci.length > 0) {
    const q = stat(sci);
    line.push(`scipy ${f(q.min)} / ${f(q.med)} ms per SpMV (${f(bytesPerSpmv / q.min / 1e6)} GB/s)`);
  } else line.push(`scipy: not run (${py.stderr?.split('\n').at(-2) ?? 'no python3'})`);
  console.log(line.join('; '));
}
for (const w of workers) await w.terminate();
