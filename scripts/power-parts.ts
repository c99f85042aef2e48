/**
 * The element-wise steps of the power-iteration port (benchmarks/programs/ports/power.ts) on
 * 1e6 elements, one at a time: `np.sum(np.power(y, 2))` (and `y * y`, `exp`), `np.divide(y, s)`
 * with a 0-d `s`, and a copy for reference. Per step: the issuing thread's time to issue one call
 * (wall, until the call returns), the whole call read to the end, and the task pieces' lengths
 * (median and 10th percentile, from the runtime trace) — per-piece kernel time is the figure least
 * disturbed by a loaded machine.
 *
 * Run: node --import tsx scripts/power-parts.ts [workers=2] [calls=60]
 */
import * as np from 'cohortjs/numpy';
import { configure, fence, traceStart, traceStop } from 'cohortjs/runtime';

const [workers = 2, calls = 60] = process.argv.slice(2).map(Number);
configure({ workers });
const n = 1_000_000;
const y = np.array(Float64Array.from({ length: n }, (_, i) => 0.5 + i / n)); // materialized, as M.dot's y
const s = np.sqrt(np.sum(np.power(y, 2)));
s.item();
const steps: Record<string, () => np.ndarray> = {
  'sum(power(y, 2))': () => np.sum(np.power(y, 2)),
  'sum(y * y)': () => np.sum(np.multiply(y, y)),
  'sum(exp(y))': () => np.sum(np.exp(y)),
  'divide(y, 0-d)': () => np.divide(y, s).get('0'),
  'copy(y)': () => y.copy().get('0'),
};
const f3 = (x: number) => x.toFixed(3);
for (const [name, step] of Object.entries(steps)) {
  for (let i = 0; i < 10; i++) step().item();
  fence();
  traceStart();
  let issue = 0;
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    const r = step();
    issue += performance.now() - t;
    r.item();
  }
  fence();
  const total = (performance.now() - t0) / calls;
  const pieces = traceStop()
    .filter((r) => r.end - r.start > 0.02)
    .map((r) => r.end - r.start)
    .sort((a, b) => a - b);
  const med = pieces[pieces.length >> 1] ?? 0;
  const p10 = pieces[Math.floor(pieces.length * 0.1)] ?? 0;
  console.log(
    `${name.padEnd(18)} call ${f3(total)} ms (issuing ${f3(issue / calls)}), ${(pieces.length / calls).toFixed(1)} pieces: median ${f3(med)} ms, p10 ${f3(p10)} ms`,
  );
}
process.exit(0);
