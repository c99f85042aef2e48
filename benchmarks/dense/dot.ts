/**
 * `x·y` (issue 18): `np.dot(x, y)` of two float64 vectors of 1e7 (and 1e6) elements, cohort at 2
 * and 0 workers next to NumPy in the same run; each figure the median of 9 after 2 warm-up calls,
 * every result read (`item()`) and checked against NumPy's (relative 1e-12). Also the CPU time
 * per call of the issuing thread at 0 workers (less disturbed by a loaded machine).
 *
 * Run: node --import tsx benchmarks/dense/dot.ts   (BENCH_SMALL=1: 1e4 and 1e3)
 */
import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import { emit, runPython, SMALL, timeMs } from '../lib/report.js';

const SIZES = SMALL ? [10_000, 1000] : [10_000_000, 1_000_000];
const REPS = SMALL ? 2 : 9;

/** Hashed values in [0, 1) (the same on both sides: NumPy gets them through a file). */
function values(n: number, seed: number): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const h = Math.imul(i ^ Math.imul(seed, 0x3c6ef35f), 0x9e3779b1) >>> 0;
    out[i] = h / 4294967296;
  }
  return out;
}

/** The exact-enough reference: a two-sum (Kahan–Babuška) accumulation. */
function refDot(x: Float64Array, y: Float64Array): number {
  let s = 0;
  let c = 0;
  for (let i = 0; i < x.length; i++) {
    const p = x[i]! * y[i]!;
    const t = s + p;
    c += Math.abs(s) >= Math.abs(p) ? s - t + p : p - t + s;
    s = t;
  }
  return s + c;
}

const py =
  runPython(
    `
import json, time, numpy as np
def vals(n, seed):
    i = np.arange(n, dtype=np.uint32)
    h = (i ^ np.uint32((seed * 0x3c6ef35f) & 0xffffffff)) * np.uint32(0x9e3779b1)
    return h.astype(np.float64) / 4294967296.0
out = {}
for n in ${JSON.stringify(SIZES)}:
    x = vals(n, 1); y = vals(n, 2)
    for _ in range(2): np.dot(x, y)
    ts = []
    for _ in range(${REPS}):
        t0 = time.perf_counter(); np.dot(x, y); ts.append((time.perf_counter() - t0) * 1e3)
    ts.sort(); out[str(n)] = ts[len(ts) // 2]
print(json.dumps(out))
`,
    'NumPy',
  ) ?? {};

for (const n of SIZES) {
  const xs = values(n, 1);
  const ys = values(n, 2);
  const want = refDot(xs, ys);
  const ms: Record<string, number> = {};
  let cpu0 = '';
  for (const w of [2, 0]) {
    configure({ workers: w });
    const x = np.array(xs);
    const y = np.array(ys);
    const got = np.dot(x, y).item() as number;
    if (Math.abs(got - want) > 1e-12 * Math.abs(want))
      throw new Error(`dot n=${n} w=${w}: ${got} vs ${want}`);
    ms[`cohort w=${w}`] = timeMs(() => np.dot(x, y).item(), REPS, 2);
    if (w === 0) {
      const c = process.cpuUsage();
      for (let r = 0; r < REPS; r++) np.dot(x, y).item();
      const u = process.cpuUsage(c);
      cpu0 = ((u.user + u.system) / 1000 / REPS).toFixed(2);
    }
  }
  if (py[String(n)] !== undefined) ms.NumPy = py[String(n)]!;
  emit({
    area: 'dense',
    name: `dot, n=${n}`,
    ms,
    baseline: py[String(n)] !== undefined ? 'NumPy' : 'cohort w=0',
  });
  const ratio =
    ms.NumPy !== undefined ? ` (speed vs NumPy: w=2 ${(ms.NumPy / ms['cohort w=2']!).toFixed(2)}×)` : '';
  console.log(
    `dot n=${n}: ${Object.entries(ms)
      .map(([k, v]) => `${k} ${v.toFixed(2)} ms`)
      .join(' | ')}${ratio}; w=0 CPU ${cpu0} ms per call`,
  );
}
configure({ workers: 0 });
process.exit(0);
