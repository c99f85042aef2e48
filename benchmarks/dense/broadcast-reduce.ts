/**
 * Broadcast-and-reduce patterns (issue 24: kmeans-style distances) — cohort at 2 workers next to
 * NumPy (python3, when present) and a plain JS loop, on X of N × D and C of K × D (N = 2e6, K =
 * 10, D = 2): the pairwise squared distances `((X[:, None, :] − C[None]) ** 2).sum(2)` (cohort: no
 * N × K × D temporary), the product `X @ C.T` (inner dimension 2: an element-wise expression) fused
 * into `dd + cd − 2·X@C.T`, and `argmin`/`min` along the rows of the N × K result (two rows per
 * SIMD vector). Each figure: the first call of the process (what a user meets) and the median of
 * 5 after it, ms.
 *
 * Run: node --import tsx benchmarks/dense/broadcast-reduce.ts   (BENCH_SMALL=1 for a quick run)
 */
import * as np from '../../dense/index.js';
import { configure, fence } from '../../runtime/index.js';
import { emit, runPython, SMALL } from '../lib/report.js';

const [N, K, D] = SMALL ? [20_000, 10, 2] : [2_000_000, 10, 2];
const REPS = 5;

interface Figures {
  first: number;
  median: number;
}

function numpy(): Record<string, Figures> {
  const py = `
import numpy as np, time, json
rng = np.random.default_rng(1)
X = rng.random((${N}, ${D})); C = rng.random((${K}, ${D}))
dd = (X * X).sum(1); cd = (C * C).sum(1)
P = dd[:, None] + cd[None, :] - 2.0 * (X @ C.T)
def t(f):
    ts = []
    for _ in range(${REPS + 1}):
        t0 = time.perf_counter(); f(); ts.append((time.perf_counter() - t0) * 1e3)
    rest = sorted(ts[1:])
    return {"first": ts[0], "median": rest[len(rest) // 2]}
print(json.dumps({
  "dist": t(lambda: ((X[:, None, :] - C[None, :, :]) ** 2).sum(2)),
  "dots": t(lambda: dd[:, None] + cd[None, :] - 2.0 * (X @ C.T)),
  "argmin": t(lambda: P.argmin(1)),
  "min": t(lambda: P.min(1)),
}))`;
  return runPython<Record<string, Figures>>(py, 'NumPy') ?? {};
}

function time(f: () => void): Figures {
  const ts: number[] = [];
  for (let r = 0; r <= REPS; r++) {
    const t0 = performance.now();
    f();
    ts.push(performance.now() - t0);
  }
  const rest = ts.slice(1).sort((a, b) => a - b);
  return { first: ts[0]!, median: rest[rest.length >> 1]! };
}

function plainJs(): Record<string, Figures> {
  const X = new Float64Array(N * D).map(() => Math.random());
  const C = new Float64Array(K * D).map(() => Math.random());
  const out = new Float64Array(N * K);
  const arg = new Int32Array(N);
  return {
    dist: time(() => {
      for (let i = 0; i < N; i++)
        for (let j = 0; j < K; j++) {
          let s = 0;
          for (let d = 0; d < D; d++) s += (X[i * D + d]! - C[j * D + d]!) ** 2;
          out[i * K + j] = s;
        }
    }),
    argmin: time(() => {
      for (let i = 0; i < N; i++) {
        let m = out[i * K]!;
        let a = 0;
        for (let j = 1; j < K; j++)
          if (out[i * K + j]! < m) {
            m = out[i * K + j]!;
            a = j;
          }
        arg[i] = a;
      }
    }),
  };
}

function cohort(): Record<string, Figures> {
  configure({ workers: 2 });
  const rng = np.random.default_rng(1);
  const X = rng.random([N, D]);
  const C = rng.random([K, D]);
  const dd = np.sum(np.multiply(X, X), { axis: 1 });
  const cd = np.sum(np.multiply(C, C), { axis: 1 });
  const P = np.subtract(np.add(dd.reshape(N, 1), cd.reshape(1, K)), np.multiply(2, np.dot(X, C.T))).copy();
  P.get('0, 0').item();
  fence();
  const wait = (a: np.ndarray) => {
    a.get(a.ndim === 2 ? '0, 0' : '0').item();
    fence();
  };
  return {
    dist: time(() =>
      wait(np.sum(np.power(np.subtract(X.reshape(N, 1, D), C.reshape(1, K, D)), 2), { axis: 2 })),
    ),
    dots: time(() =>
      wait(np.subtract(np.add(dd.reshape(N, 1), cd.reshape(1, K)), np.multiply(2, np.dot(X, C.T)))),
    ),
    argmin: time(() => wait(np.argmin(P, { axis: 1 }))),
    min: time(() => wait(np.min(P, { axis: 1 }))),
  };
}

const py = numpy();
const js = plainJs();
const co = cohort();
const names: Record<string, string> = {
  dist: `((X[:, None] - C[None]) ** 2).sum(2), ${N}x${K}x${D}`,
  dots: `dd + cd - 2 X @ C.T, ${N}x${K} (k = ${D})`,
  argmin: `argmin(P, 1), ${N}x${K}`,
  min: `min(P, 1), ${N}x${K}`,
};
for (const k of Object.keys(names)) {
  for (const which of ['first', 'median'] as const) {
    const ms: Record<string, number> = { 'cohort w=2': co[k]![which] };
    if (py[k] !== undefined) ms.NumPy = py[k]![which];
    if (js[k] !== undefined) ms['plain JS'] = js[k]![which];
    emit({ area: 'dense', name: `${names[k]} (${which})`, ms });
    const ratio = py[k] ? ` (NumPy/cohort: ${(py[k]![which] / co[k]![which]).toFixed(2)}×)` : '';
    console.log(
      `${names[k]} (${which}): ${Object.entries(ms)
        .map(([n, v]) => `${n} ${v.toFixed(2)} ms`)
        .join(', ')}${ratio}`,
    );
  }
}
process.exit(0);
