/**
 * The warm-up curve of the per-operation path (issue 16 item 4): `x.iadd(y.multiply(2))` on 1,024
 * float64 elements in blocks of `block` calls from the first call of a fresh process, per block
 * µs per call of wall time, of process CPU (user + system: includes V8's background compiler
 * threads and workers) and of the issuing thread's own CPU (`main`, from Linux's
 * /proc/thread-self/schedstat: what a loaded host inflates least), and the garbage collections
 * that started in the block (count, ms).
 * Prints one JSON line: `{ importMs, wall: [...], cpu: [...], main: [...], gcN: [...], gcMs: [...] }`.
 *
 * Run: node --import tsx benchmarks/small/_curve.ts [blocks=30] [block=1000] [workers=2]
 * (uses `dist/` when built, like _case.ts; COHORT_BENCH_SOURCES=1 for the sources)
 */
import { existsSync, readFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

const gcs: { start: number; ms: number }[] = [];
const obs = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ start: e.startTime, ms: e.duration });
});
obs.observe({ entryTypes: ['gc'] });

/** The calling thread's CPU time in µs (Linux), or NaN elsewhere. */
function threadCpu(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1000;
  } catch {
    return Number.NaN;
  }
}

const dist = new URL('../../dist/bundle/index.js', import.meta.url);
const useDist = process.env.COHORT_BENCH_SOURCES !== '1' && existsSync(dist);
const t0 = performance.now();
const lib = (await import(useDist ? dist.href : '../../index.js')) as typeof import('../../index.js');
const importMs = performance.now() - t0;
const blocks = Number(process.argv[2] ?? 30);
const block = Number(process.argv[3] ?? 1000);
lib.configure({ workers: Number(process.argv[4] ?? 2) });
const { np } = lib;
const x = np.zeros([1024]);
const y = np.ones([1024]);
const wall: number[] = [];
const cpu: number[] = [];
const main: number[] = [];
const edges: number[] = [];
for (let b = 0; b < blocks; b++) {
  const m0 = threadCpu();
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  edges.push(w0);
  for (let i = 0; i < block; i++) x.iadd(y.multiply(2));
  const w1 = performance.now();
  const c = process.cpuUsage(c0);
  main.push(+((threadCpu() - m0) / block).toFixed(2));
  wall.push(+(((w1 - w0) * 1000) / block).toFixed(2));
  cpu.push(+((c.user + c.system) / block).toFixed(2));
}
edges.push(performance.now());
const v = x.get('0').item() as number;
if (v !== 2 * blocks * block) throw new Error(`x[0] = ${v}, expected ${2 * blocks * block}`);
await new Promise((r) => setTimeout(r, 50));
obs.disconnect();
const gcN = new Array<number>(blocks).fill(0);
const gcMs = new Array<number>(blocks).fill(0);
for (const g of gcs) {
  for (let b = 0; b < blocks; b++) {
    if (g.start >= edges[b]! && g.start < edges[b + 1]!) {
      gcN[b]!++;
      gcMs[b] = +(gcMs[b]! + g.ms).toFixed(2);
    }
  }
}
const gcBefore = gcs.filter((g) => g.start < edges[0]!).length;
console.log(JSON.stringify({ importMs: +importMs.toFixed(1), gcBefore, wall, cpu, main, gcN, gcMs }));
process.exit(0);
