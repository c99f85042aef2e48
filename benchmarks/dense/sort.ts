/**
 * `np.sort` of 1e7 float64 (issue #20's target: ≥ 1.0× NumPy at 2 workers) and `np.argsort`
 * (stable) — cohort at 2 workers and inline, next to NumPy (python3, when present) and
 * `Float64Array.prototype.sort` (plain JS). Each timed call sorts a fresh copy's worth of work and
 * reads the result (first and last element checked, and the whole order once).
 *
 * Run: node --import tsx benchmarks/dense/sort.ts   (BENCH_SMALL=1 for a quick run)
 */
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import { emit, runPython, SMALL, timeMs } from '../lib/report.js';

const N = SMALL ? 100_000 : 10_000_000;
const REPS = SMALL ? 3 : 5;

function numpy(): Record<string, number> {
  const py = `
import numpy as np, time, json
def t(f, reps=${REPS}, warm=1):
    for _ in range(warm): f()
    ts=[]
    for _ in range(reps):
        t0=time.perf_counter(); f(); ts.append(time.perf_counter()-t0)
    ts.sort(); return ts[len(ts)//2]*1e3
x=np.random.default_rng(1).random(${N})
print(json.dumps({"sort": t(lambda: np.sort(x)), "argsort": t(lambda: np.argsort(x, kind='stable'))}))`;
  return runPython(py, 'NumPy') ?? {};
}

function plainJs(x: Float64Array): Record<string, number> {
  return { sort: timeMs(() => x.slice().sort(), REPS, 1) };
}

function cohort(workers: number, x: Float64Array): Record<string, number> {
  configure({ workers });
  const a = np.array(x);
  const s = np.sort(a).toArray();
  for (let i = 1; i < N; i++) if (!(s[i - 1]! <= s[i]!)) throw new Error(`sort: out of order at ${i}`);
  return {
    sort: timeMs(
      () => {
        const r = np.sort(a);
        const v = r.get([0]).item() as number;
        if (!(v <= (r.get([N - 1]).item() as number))) throw new Error('sort');
      },
      REPS,
      1,
    ),
    argsort: timeMs(
      () => {
        const r = np.argsort(a);
        if ((r.get([0]).item() as number) < 0) throw new Error('argsort');
      },
      REPS,
      1,
    ),
  };
}

const x = new Float64Array(N);
let seed = 12345;
for (let i = 0; i < N; i++) {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  x[i] = seed / 2 ** 32;
}
const py = numpy();
const c2 = cohort(2, x);
const c0 = cohort(0, x);
const js = plainJs(x);
for (const k of ['sort', 'argsort'] as const) {
  const ms: Record<string, number> = { 'cohort w=2': c2[k]!, 'cohort inline': c0[k]! };
  if (py[k] !== undefined) ms.NumPy = py[k]!;
  if (js[k] !== undefined) ms['plain JS'] = js[k]!;
  const name = `${k} ${N} float64`;
  emit({ area: 'dense', name, ms });
  const ratio = py[k] ? ` (NumPy/cohort w=2: ${(py[k]! / c2[k]!).toFixed(2)}×)` : '';
  console.log(
    `${name}: ${Object.entries(ms)
      .map(([n, v]) => `${n} ${v.toFixed(1)} ms`)
      .join(', ')}${ratio}`,
  );
}
