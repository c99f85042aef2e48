/**
 * Black–Scholes (cuNumeric's example, op by op as a porting user writes it) on n options with
 * cohort at 2 workers, against NumPy in the same run. Usage:
 *   node --import tsx scripts/bench-black-scholes.ts [n ...]
 * COHORT_ROOT=/path/to/another/checkout runs that checkout's code instead (side-by-side baselines).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.env.COHORT_ROOT ?? path.resolve(import.meta.dirname, '..');
const np = (await import(
  pathToFileURL(path.join(root, 'dense/index.ts')).href
)) as typeof import('../dense/index.js');
const rt = (await import(
  pathToFileURL(path.join(root, 'runtime/index.ts')).href
)) as typeof import('../runtime/index.js');
type A = InstanceType<typeof np.ndarray>;

function cnd(d: A): A {
  const K = np.divide(1, np.add(1, np.multiply(0.2316419, np.abs(d))));
  let poly = np.multiply(K, 1.330274429);
  for (const c of [-1.821255978, 1.781477937, -0.356563782, 0.31938153])
    poly = np.multiply(K, np.add(c, poly));
  const g = np.multiply(np.multiply(0.3989422804014327, np.exp(np.multiply(np.multiply(-0.5, d), d))), poly);
  return np.where(np.greater(d, 0), np.subtract(1, g), g);
}
function blackScholes(S: A, X: A, T: A, R: number, V: number): [A, A] {
  const sqrtT = np.sqrt(T);
  const d1 = np.add(
    np.log(np.divide(S, X)),
    np.divide(np.multiply(R + 0.5 * V * V, T), np.multiply(V, sqrtT)),
  );
  const d2 = np.subtract(d1, np.multiply(V, sqrtT));
  const c1 = cnd(d1);
  const c2 = cnd(d2);
  const expRT = np.exp(np.multiply(-R, T));
  const call = np.subtract(np.multiply(S, c1), np.multiply(np.multiply(X, expRT), c2));
  const put = np.subtract(
    np.multiply(np.multiply(X, expRT), np.subtract(1, c2)),
    np.multiply(S, np.subtract(1, c1)),
  );
  return [call, put];
}

const PY = `
import sys, time, numpy as np
def cnd(d):
    K = 1.0 / (1.0 + 0.2316419 * np.abs(d))
    poly = K * 1.330274429
    for c in (-1.821255978, 1.781477937, -0.356563782, 0.31938153):
        poly = K * (c + poly)
    g = 0.3989422804014327 * np.exp(-0.5 * d * d) * poly
    return np.where(d > 0, 1.0 - g, g)
def bs(S, X, T, R, V):
    sqrt_t = np.sqrt(T)
    d1 = np.log(S / X) + (R + 0.5 * V * V) * T / (V * sqrt_t)
    d2 = d1 - V * sqrt_t
    c1, c2 = cnd(d1), cnd(d2)
    e = np.exp(-R * T)
    return S * c1 - X * e * c2, X * e * (1.0 - c2) - S * (1.0 - c1)
n = int(sys.argv[1]); rng = np.random.default_rng(0)
S = rng.uniform(5, 30, n); X = rng.uniform(1, 100, n); T = rng.uniform(0.25, 10, n)
ts = []
for _ in range(5):
    t = time.perf_counter(); bs(S, X, T, 0.02, 0.3); ts.append(time.perf_counter() - t)
print(sorted(ts)[2] * 1000)
`;

rt.configure({ workers: 2 });
const sizes = process.argv.slice(2).map(Number);
for (const n of sizes.length > 0 ? sizes : [1e6, 4e6]) {
  const rng = np.random.default_rng(0);
  const S = rng.uniform(5, 30, [n]);
  const X = rng.uniform(1, 100, [n]);
  const T = rng.uniform(0.25, 10, [n]);
  const ts: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    const [c, p] = blackScholes(S, X, T, 0.02, 0.3);
    void c.store;
    void p.store;
    ts.push(performance.now() - t0);
  }
  const ms = ts.sort((a, b) => a - b)[2]!;
  const numpy = Number(execFileSync('python3', ['-c', PY, String(n)]).toString());
  console.log(
    `n=${n}: cohort ${ms.toFixed(1)} ms, NumPy ${numpy.toFixed(1)} ms, NumPy/cohort ${(numpy / ms).toFixed(2)} (root ${root})`,
  );
}
process.exit(0);
