/**
 * GEMV (issue 24): `A @ x`, `x @ A` and `A.T @ x` on float64 A of 4000×4000 and 10000×1000,
 * cohort at 2 workers next to NumPy (OpenBLAS dgemv) in the same run, and next to the path cohort
 * took before its GEMV kernel — the same products as 2-D matmuls (`A @ x[:, None]`,
 * `x[None, :] @ A`: the GEMM kernel with x packed as a panel). Each figure: the first call, then
 * the median of 7; every result read and checked against NumPy's (relative 1e-12).
 *
 * Run: node --import tsx benchmarks/dense/gemv.ts   (BENCH_SMALL=1: 40×40 and 100×10)
 */
import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import { emit, runPython, SMALL, timeMs } from '../lib/report.js';

const SHAPES: [number, number][] = SMALL
  ? [
      [40, 40],
      [100, 10],
    ]
  : [
      [4000, 4000],
      [10_000, 1000],
    ];
const WORKERS = 2;
const REPS = SMALL ? 2 : 7;

/** The same hashed values as benchmarks/programs (uniform in [-0.5, 0.5)). */
function values(count: number, seed: number): Float64Array {
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    let h = Math.imul(i ^ Math.imul(seed, 0x3c6ef35f), 0x9e3779b1) >>> 0;
    h = (h ^ (h >>> 15)) >>> 0;
    h = Math.imul(h, 0x85ebca77) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
    out[i] = h / 4294967296 - 0.5;
  }
  return out;
}

const PY_VALUES = `
import numpy as np, time, json
M=np.uint64(0xFFFFFFFF)
def values(count, seed):
    h = np.arange(count, dtype=np.uint64) ^ np.uint64((seed * 0x3C6EF35F) & 0xFFFFFFFF)
    h = (h * np.uint64(0x9E3779B1)) & M
    h ^= h >> np.uint64(15)
    h = (h * np.uint64(0x85EBCA77)) & M
    h ^= h >> np.uint64(13)
    return h.astype(np.float64) / 4294967296.0 - 0.5
def t(f, reps=7):
    t0=time.perf_counter(); r=f(); first=(time.perf_counter()-t0)*1e3
    ts=[]
    for _ in range(reps):
        t0=time.perf_counter(); f(); ts.append(time.perf_counter()-t0)
    ts.sort(); return first, ts[len(ts)//2]*1e3, r
`;

configure({ workers: WORKERS });
let bad = 0;
for (const [m, k] of SHAPES) {
  const py = runPython<Record<string, [number, number, number[]]>>(
    `${PY_VALUES}
A=values(${m * k}, 1).reshape(${m}, ${k}); x=values(${k}, 2); z=values(${m}, 3)
out={}
for name, f in [("A@x", lambda: A@x), ("x@A", lambda: z@A), ("A.T@x", lambda: A.T@z)]:
    first, med, r = t(f)
    out[name] = [first, med, r.tolist()]
print(json.dumps(out))`,
    'NumPy',
  );
  const A = np.array(values(m * k, 1)).reshape(m, k);
  const x = np.array(values(k, 2));
  const z = np.array(values(m, 3));
  np.sum(A).item();
  const forms: [string, () => np.ndarray, () => np.ndarray][] = [
    ['A@x', () => np.matmul(A, x), () => np.matmul(A, x.reshape(k, 1)).reshape(m)],
    ['x@A', () => np.matmul(z, A), () => np.matmul(z.reshape(1, m), A).reshape(k)],
    ['A.T@x', () => np.matmul(A.T, z), () => np.matmul(A.T, z.reshape(m, 1)).reshape(k)],
  ];
  for (const [name, gemv, viaGemm] of forms) {
    const read = (f: () => np.ndarray) => f().toArray() as Float64Array;
    const t0 = performance.now();
    const r = read(gemv);
    const first = performance.now() - t0;
    const ms = timeMs(() => read(gemv), REPS, 0);
    const old = timeMs(() => read(viaGemm), REPS, 1);
    const want = py?.[name]?.[2];
    if (want) {
      let num = 0;
      let den = 0;
      for (let i = 0; i < want.length; i++) {
        num += (r[i]! - want[i]!) ** 2;
        den += want[i]! ** 2;
      }
      if (!(Math.sqrt(num / den) <= 1e-12)) {
        bad++;
        console.log(`${name} ${m}x${k}: cohort disagrees with NumPy (relative ${Math.sqrt(num / den)})`);
      }
    }
    const row: Record<string, number> = {
      [`cohort w=${WORKERS}`]: ms,
      [`cohort w=${WORKERS} first call`]: first,
      [`cohort w=${WORKERS} via GEMM (before)`]: old,
    };
    if (py?.[name]) row.NumPy = py[name][1];
    emit({ area: 'dense', name: `GEMV ${name}, ${m}×${k}`, ms: row, ...(py ? { baseline: 'NumPy' } : {}) });
    const bytes = 8 * m * k;
    console.log(
      `${name.padEnd(6)} ${m}×${k}: cohort ${ms.toFixed(2)} ms (${(bytes / ms / 1e6).toFixed(1)} GB/s; first call ${first.toFixed(2)} ms), ` +
        `before (GEMM path) ${old.toFixed(2)} ms` +
        (py?.[name] ? `, NumPy ${py[name][1].toFixed(2)} ms → ratio ${(py[name][1] / ms).toFixed(2)}` : ''),
    );
  }
}
if (bad > 0) process.exitCode = 1;
