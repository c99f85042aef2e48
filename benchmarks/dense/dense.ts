/**
 * Dense benchmarks (issue 4): `a*x + y` on 1e7 float64, `dot` on 1e7, `sum(axis=1)` and
 * `sum(axis=0)` on 4000×2500,
 * a 1000×1000 matmul, and a loop of 10,000 small `x.iadd(y.multiply(2))` on 1,024 elements —
 * cohort (2 workers and inline) next to NumPy (python3, when present) and a plain JS loop.
 *
 * Run: node --import tsx benchmarks/dense/dense.ts   (BENCH_SMALL=1 for a quick run)
 */
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import { emit, runPython, SMALL, timeMs } from '../lib/report.js';

const N = SMALL ? 10_000 : 10_000_000;
const [R, C] = SMALL ? [40, 25] : [4000, 2500];
const M = SMALL ? 20 : 1000;
const SMALL_OPS = SMALL ? 100 : 10_000;
/**
 * Warm-up runs of `a*x + y` (a fresh 80 MB result each time) on both sides: the loop's steady
 * state. cohort's first results fault in fresh heap pages (4 KB pages; Node cannot ask for huge
 * pages, NumPy does) and its heap grows to hold a few results before one collection recycles
 * them all (runtime/README.md); after that, results reuse warm memory.
 */
const STEADY_WARM = 8;

function numpy(): Record<string, number> {
  const py = `
import numpy as np, time, json
def t(f, reps=7, warm=2):
    for _ in range(warm): f()
    ts=[]
    for _ in range(reps):
        t0=time.perf_counter(); f(); ts.append(time.perf_counter()-t0)
    ts.sort(); return ts[len(ts)//2]*1e3
a=2.5; x=np.random.rand(${N}); y=np.random.rand(${N}); A=np.random.rand(${R},${C}); B=np.random.rand(${M},${M})
xs=np.ones(1024); ys=np.ones(1024)
def small():
    global xs
    for _ in range(${SMALL_OPS}): xs += 2*ys
print(json.dumps({"axpy": t(lambda: a*x+y, 7, ${STEADY_WARM}), "dot": t(lambda: np.dot(x,y)), "sum1": t(lambda: A.sum(axis=1)), "sum0": t(lambda: A.sum(axis=0)),
  "matmul": t(lambda: B@B, 7, 3), "small": t(small, 3)/${SMALL_OPS}}))`;
  return runPython(py, 'NumPy') ?? {};
}

function plainJs(): Record<string, number> {
  const x = new Float64Array(N).map(() => Math.random());
  const y = new Float64Array(N).map(() => Math.random());
  const out = new Float64Array(N);
  const A = new Float64Array(R * C).fill(1);
  const s1 = new Float64Array(R);
  const s0 = new Float64Array(C);
  return {
    axpy: timeMs(() => {
      for (let i = 0; i < N; i++) out[i] = 2.5 * x[i]! + y[i]!;
    }),
    dot: timeMs(() => {
      let s = 0;
      for (let i = 0; i < N; i++) s += x[i]! * y[i]!;
      if (Number.isNaN(s)) throw new Error('dot');
    }),
    sum1: timeMs(() => {
      for (let r = 0; r < R; r++) {
        let s = 0;
        for (let c = 0; c < C; c++) s += A[r * C + c]!;
        s1[r] = s;
      }
    }),
    sum0: timeMs(() => {
      s0.fill(0);
      for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) s0[c] += A[r * C + c]!;
    }),
  };
}

function cohort(workers: number): Record<string, number> {
  configure({ workers });
  const rng = np.random.default_rng(1);
  const x = rng.random([N]);
  const y = rng.random([N]);
  const A = rng.random([R, C]);
  const B = rng.random([M, M]);
  const xs = np.ones([1024]);
  const ys = np.ones([1024]);
  const res = {
    axpy: timeMs(
      () => {
        x.multiply(2.5).add(y).get('0').item(); // read one element: waits for the work
      },
      7,
      STEADY_WARM,
    ),
    dot: timeMs(() => {
      np.dot(x, y).item();
    }),
    sum1: timeMs(() => {
      np.sum(A, { axis: 1 }).get('0').item();
    }),
    sum0: timeMs(() => {
      np.sum(A, { axis: 0 }).get('0').item();
    }),
    matmul: timeMs(
      () => {
        np.matmul(B, B).get('0, 0').item();
      },
      7,
      3,
    ),
    small:
      timeMs(
        () => {
          for (let i = 0; i < SMALL_OPS; i++) xs.iadd(ys.multiply(2));
          xs.get('0').item();
        },
        3,
        1,
      ) / SMALL_OPS,
  };
  return res;
}

const py = numpy();
const js = plainJs();
const c2 = cohort(2);
const c0 = cohort(0);
configure({ workers: 0 });
const names: Record<string, string> = {
  axpy: `a*x + y, n=${N}`,
  dot: `dot, n=${N}`,
  sum1: `sum(axis=1), ${R}x${C}`,
  sum0: `sum(axis=0), ${R}x${C}`,
  matmul: `matmul ${M}x${M}`,
  small: 'x.iadd(y.multiply(2)), n=1024 (per op)',
};
for (const k of Object.keys(names)) {
  const ms: Record<string, number> = { 'cohort w=2': c2[k]!, 'cohort w=0': c0[k]! };
  if (py[k] !== undefined) ms.NumPy = py[k]!;
  if (js[k] !== undefined) ms['plain JS'] = js[k]!;
  emit({ area: 'dense', name: names[k]!, ms });
  const ratio = py[k] ? ` (NumPy/cohort w=2: ${(py[k]! / c2[k]!).toFixed(2)}×)` : '';
  console.log(
    `${names[k]}: ${Object.entries(ms)
      .map(([n, v]) => `${n} ${v < 0.1 ? `${(v * 1000).toFixed(2)} µs` : `${v.toFixed(2)} ms`}`)
      .join(', ')}${ratio}`,
  );
}
