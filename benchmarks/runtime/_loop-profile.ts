/**
 * Where the time of the fresh-result loop goes (issue 17): `y = a.multiply(2).add(x); s = y.sum()`
 * on 1e7 float64, `y` dropped, `s` read every 5 steps — CPU time per step of all threads (user,
 * system), page faults, the runtime's forced collections, the issuing thread's time waiting for
 * reads, and (with a pool) the task timeline per op and the workers' busy share. CPU time per
 * step compares across loads; wall times do not.
 *
 * Run: node --import tsx benchmarks/runtime/_loop-profile.ts <workers> [steps]
 */
import * as np from '../../dense/index.js';
import { configure, traceStart, traceStop } from '../../runtime/index.js';
import { gcStats } from '../../runtime/memory.js';

const workers = Number(process.argv[2] ?? 2);
const STEPS = Number(process.argv[3] ?? 40);
configure({ workers });
const N = 10_000_000;
const a = np.arange(N, { dtype: 'float64' });
const x = np.ones([N]);
for (let k = 0; k < 3; k++) a.multiply(2).add(x).sum().item(); // warm-up
const sums: np.ndarray[] = [];
const g0 = { ...gcStats };
if (workers > 0) traceStart();
const c0 = process.cpuUsage();
const r0 = process.resourceUsage();
const t0 = performance.now();
let waitMs = 0;
for (let k = 0; k < STEPS; k++) {
  const y = a.multiply(2).add(x);
  const s = y.sum();
  if (k % 5 === 4) {
    const w0 = performance.now();
    s.item();
    waitMs += performance.now() - w0;
  } else sums.push(s);
}
for (const s of sums) s.item();
const ms = performance.now() - t0;
const c1 = process.cpuUsage(c0);
const r1 = process.resourceUsage();
const gcs = gcStats.count - g0.count;
console.log(
  `workers ${workers}: ${(ms / STEPS).toFixed(1)} ms/step wall; CPU ${(c1.user / 1000 / STEPS).toFixed(1)} user + ${(c1.system / 1000 / STEPS).toFixed(1)} system ms/step; ${((r1.minorPageFault - r0.minorPageFault) / STEPS).toFixed(0)} minor faults/step; peak RSS ${(r1.maxRSS / 1024).toFixed(0)} MB`,
);
console.log(
  `  forced collections: ${gcs} (${(gcStats.ms - g0.ms).toFixed(0)} ms); issuing thread waiting for reads: ${waitMs.toFixed(0)} of ${ms.toFixed(0)} ms`,
);
if (workers > 0) {
  const T = traceStop();
  const ops = new Map<string, { n: number; ms: number }>();
  let busy = 0;
  for (const r of T) {
    const key = `${r.op} (${r.kind})`;
    const o = ops.get(key) ?? { n: 0, ms: 0 };
    o.n++;
    o.ms += r.end - r.start;
    ops.set(key, o);
    if (r.worker >= 0) busy += r.end - r.start;
  }
  for (const [k, o] of ops) console.log(`  ${k}: ${o.n} tasks, ${(o.ms / o.n).toFixed(2)} ms each`);
  console.log(`  workers busy: ${((100 * busy) / (workers * ms)).toFixed(0)}% of the wall time`);
}
process.exit(0);
