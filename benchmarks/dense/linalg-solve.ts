/**
 * `np.linalg.solve` and `np.linalg.cholesky` of an n×n matrix (n = 800): the blocked LU / Cholesky
 * of dense/linalg/ (panels on the calling thread, trailing updates as parallel Wasm-GEMM launches)
 * at 0, 1 and 2 workers, next to an unblocked right-looking JavaScript LU (the baseline that the
 * blocking replaces, same pivoting) and NumPy (LAPACK through OpenBLAS, its own threads).
 *
 * Run: node --import tsx benchmarks/dense/linalg-solve.ts   (BENCH_SMALL=1: n = 120)
 */
import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import { emit, runPython, SMALL, timeMs } from '../lib/report.js';

const n = SMALL ? 120 : 800;
const reps = SMALL ? 3 : 2;

/** Unblocked LU with partial pivoting and the two triangular solves (row-major, in place). */
function plainSolve(a: Float64Array, b: Float64Array): Float64Array {
  const piv = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    let p = j;
    for (let i = j + 1; i < n; i++) if (Math.abs(a[i * n + j]!) > Math.abs(a[p * n + j]!)) p = i;
    piv[j] = p;
    if (p !== j) {
      for (let c = 0; c < n; c++) {
        const t = a[j * n + c]!;
        a[j * n + c] = a[p * n + c]!;
        a[p * n + c] = t;
      }
      const t = b[j]!;
      b[j] = b[p]!;
      b[p] = t;
    }
    const d = a[j * n + j]!;
    for (let i = j + 1; i < n; i++) {
      const l = (a[i * n + j]! /= d);
      for (let c = j + 1; c < n; c++) a[i * n + c]! -= l * a[j * n + c]!;
      b[i]! -= l * b[j]!;
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let c = i + 1; c < n; c++) s -= a[i * n + c]! * b[c]!;
    b[i] = s / a[i * n + i]!;
  }
  return b;
}

const A = np.random
  .default_rng(1)
  .standard_normal([n, n])
  .add(np.eye(n).multiply(n / 10));
const b = np.ones([n]);
const spd = np.matmul(A, A.T);
const host = A.toArray() as Float64Array;
const ms: Record<string, number> = {};
const msChol: Record<string, number> = {};
for (const w of [0, 1, 2]) {
  configure({ workers: w });
  ms[`cohort w=${w}`] = timeMs(() => np.linalg.solve(A, b).toArray(), reps, 1);
  msChol[`cohort w=${w}`] = timeMs(() => np.linalg.cholesky(spd).toArray(), reps, 1);
}
ms['plain JS (unblocked)'] = timeMs(
  () => plainSolve(Float64Array.from(host), new Float64Array(n).fill(1)),
  reps,
  1,
);
const x = np.linalg.solve(A, b);
const res = np.linalg.norm(np.matmul(A, x).subtract(b)).item() as number;
console.log(`solve n=${n}: residual ${res.toExponential(2)}`);
const py = runPython<Record<string, number>>(`
import json, time
import numpy as np
n = ${n}
rng = np.random.default_rng(1)
A = rng.standard_normal((n, n)) + np.eye(n) * (n / 10); b = np.ones(n); S = A @ A.T
def t(f):
    f(); ts = []
    for _ in range(${reps}):
        t0 = time.perf_counter(); f(); ts.append((time.perf_counter() - t0) * 1e3)
    return float(np.median(ts))
print(json.dumps({'solve': t(lambda: np.linalg.solve(A, b)), 'chol': t(lambda: np.linalg.cholesky(S))}))
`);
if (py) {
  ms.NumPy = py.solve!;
  msChol.NumPy = py.chol!;
}
console.log(`solve n=${n}:`, ms);
console.log(`cholesky n=${n}:`, msChol);
emit({ area: 'dense', name: `linalg.solve n=${n}`, ms, baseline: 'plain JS (unblocked)' });
emit({ area: 'dense', name: `linalg.cholesky n=${n}`, ms: msChol, baseline: py ? 'NumPy' : undefined });
