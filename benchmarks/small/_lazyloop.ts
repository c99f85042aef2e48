/**
 * The control path of lazy element-wise values in a loop (issue 16): per block of iterations,
 * wall and issuing-thread CPU time per iteration (the main thread's own ticks from
 * `/proc/self/task`, so V8's background threads and the workers are left out), the garbage
 * collections that ran in the block (count, and their share of the wall time, from a
 * `v8.GCProfiler`; `steadyGcShare` is the share over every block after the first two — on the
 * base commit, whose sweep stopped and restarted its own profiler at every fresh allocation,
 * blocks showed no collection where `--trace-gc` showed some: for a loop's GC share prefer
 * `gc-share.py` over `_survivors.ts plain`, which reads V8's trace), and — where the
 * build has them — the lazy path's counts per iteration (`lazyStats`: registrations, values
 * computed by a read or forced by a write, copies of read regions) and the pending readers left
 * on an operand's region at the end. Prints one JSON line.
 *
 * Cases (n elements, float64):
 * - `ewise`: `x = (b - y) / d; x.item(0)` — the inner `b - y` is the same pending value every
 *   iteration (one shared state);
 * - `ewise-scalar`: `x = (b - y*c) / d; x.item(0)` with a new scalar `c` every iteration (no
 *   sharing: every iteration leaves dropped pending readers of `b` and `y`);
 * - `iadd`: `x.iadd(y.multiply(2))` (issue 16's small operation; `x.item(0)` after each block);
 * - `handcg`: the hand-written CG loop of _case.ts (Legate Sparse's listing) on the 2-D Poisson
 *   matrix with n = nx² unknowns (give nx as `n`).
 *
 * Run: node --import tsx benchmarks/small/_lazyloop.ts <case> [n=2000] [blocks=6] [block=2000] [workers=0]
 * (uses `dist/` when built, like _case.ts; COHORT_BENCH_SOURCES=1 for the sources,
 * COHORT_BENCH_DIST=/other/dist to compare another build in alternating runs; COHORT_BENCH_HEAP=1
 * adds bytes allocated per iteration and the largest allocation sites, one more block sampled;
 * a built-in such as `Map.set` is named after its caller; COHORT_BENCH_HEAP_TOP=N lists N sites).
 */
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { GCProfiler } from 'node:v8';
import { handCgIterate, handCgStart, poisson } from './_loops.js';

/**
 * The collections of a block, read synchronously from a `v8.GCProfiler` started before it (a
 * `PerformanceObserver` reports on the event loop and lost entries that arrived after the
 * block's turn). `cost` is in µs; `Scavenge` is the young generation, the rest major work.
 */
function gcOfBlock(p: GCProfiler): { count: number; ms: number; majorMs: number } {
  const st = (p.stop() as { statistics?: { gcType: string; cost: number }[] } | undefined)?.statistics ?? [];
  let ms = 0;
  let majorMs = 0;
  for (const g of st) {
    ms += g.cost / 1000;
    if (g.gcType !== 'Scavenge') majorMs += g.cost / 1000;
  }
  return { count: st.length, ms, majorMs };
}

const distDir = process.env.COHORT_BENCH_DIST
  ? new URL(`file://${process.env.COHORT_BENCH_DIST.replace(/\/?$/, '/')}`)
  : new URL('../../dist/', import.meta.url);
const useDist = process.env.COHORT_BENCH_SOURCES !== '1' && existsSync(new URL('index.js', distDir));
const lib = (await import(
  useDist ? new URL('index.js', distDir).href : '../../index.js'
)) as typeof import('../../index.js');
type LazyModule = Partial<typeof import('../../dense/lazy.js')>;
const rt = (await import(
  useDist ? new URL('runtime/index.js', distDir).href : '../../runtime/index.js'
)) as typeof import('../../runtime/index.js');
const lazy = (await import(
  useDist ? new URL('dense/lazy.js', distDir).href : '../../dense/lazy.js'
)) as LazyModule;
const { np, configure } = lib;
type ndarray = InstanceType<typeof np.ndarray>;
interface HeapNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: HeapNode[];
}

const [kind = 'ewise', ...rest] = process.argv.slice(2);
const arg = (i: number, d: number): number => (rest[i] === undefined ? d : Number(rest[i]));
const n = arg(0, 2000);
const blocks = arg(1, 6);
const block = arg(2, 2000);
configure({ workers: arg(3, 0) });

/** The issuing thread's CPU time in µs (Linux; NaN elsewhere). */
function mainCpuUs(): number {
  try {
    const f = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10_000; // clock ticks of 10 ms
  } catch {
    return Number.NaN;
  }
}

let probe: ndarray;
let body: (iters: number) => void;
if (kind === 'handcg') {
  const cgState = handCgStart(lib, poisson(lib, n), np.ones([n * n]));
  probe = cgState.p;
  body = (iters) => {
    handCgIterate(cgState, iters, true);
    cgState.x.get('0').item();
  };
} else if (kind === 'ewise' || kind === 'ewise-scalar') {
  const b = np.linspace(0, 1, n).copy();
  const y = np.linspace(1, 2, n).copy();
  const d = np.linspace(2, 3, n).copy();
  b.item(0);
  y.item(0);
  d.item(0);
  probe = y;
  let c = 0;
  body =
    kind === 'ewise'
      ? (iters) => {
          for (let i = 0; i < iters; i++) np.divide(np.subtract(b, y), d).item(0);
        }
      : (iters) => {
          for (let i = 0; i < iters; i++) np.divide(np.subtract(b, y.multiply(++c * 1e-9)), d).item(0);
        };
} else if (kind === 'iadd') {
  const x = np.zeros([n]);
  const y = np.ones([n]);
  probe = y;
  body = (iters) => {
    for (let i = 0; i < iters; i++) x.iadd(y.multiply(2));
    x.item(0);
  };
} else throw new Error(`unknown case ${kind}`);

const r2 = (v: number) => Number(v.toFixed(2));
const out: Record<string, unknown> = { kind, n, block, build: useDist ? distDir.pathname : 'sources' };
const wall: number[] = [];
const cpu: number[] = [];
const gcN: number[] = [];
const gcShare: number[] = [];
const majorShare: number[] = [];
const stats0 = lazy.lazyStats ? { ...lazy.lazyStats } : null;
let steadyMs = 0;
let steadyGcMs = 0;
for (let k = 0; k < blocks; k++) {
  const prof = new GCProfiler();
  prof.start();
  const c0 = mainCpuUs();
  const t0 = performance.now();
  body(block);
  const ms = performance.now() - t0;
  const c1 = mainCpuUs();
  const g = gcOfBlock(prof);
  wall.push(r2((ms * 1000) / block));
  cpu.push(r2((c1 - c0) / block));
  gcN.push(g.count);
  gcShare.push(r2(g.ms / ms));
  majorShare.push(r2(g.majorMs / ms));
  if (k >= 2) {
    steadyMs += ms;
    steadyGcMs += g.ms;
  }
  await new Promise((res) => setTimeout(res, 5)); // an event-loop turn between blocks, as before
}
Object.assign(out, {
  wallUs: wall,
  mainCpuUs: cpu,
  gcN,
  gcShare,
  majorShare,
  steadyGcShare: steadyMs > 0 ? Number((steadyGcMs / steadyMs).toFixed(3)) : null,
});
if (stats0 !== null && lazy.lazyStats) {
  const per: Record<string, number> = {};
  for (const [k, v] of Object.entries(lazy.lazyStats))
    per[k] = r2((v - stats0[k as keyof typeof stats0]) / (blocks * block));
  out.lazyPerIter = per;
}
if (lazy.pendingOn) out.pendingAtEnd = lazy.pendingOn(probe);
{
  // Tasks per iteration by operation (the runtime's task trace, one more block).
  rt.traceStart();
  body(block);
  rt.fence();
  const sum = rt.summarizeTrace(rt.traceStop());
  out.tasksPerIter = Object.fromEntries(sum.ops.map((o) => [o.op, r2(o.tasks / block)]));
}
if (process.env.COHORT_BENCH_HEAP === '1') {
  // Bytes allocated per iteration (collected objects included), and the largest allocation sites:
  // a load-independent figure, V8's sampling heap profiler at a 64-byte interval.
  const { Session } = await import('node:inspector/promises');
  const ses = new Session();
  ses.connect();
  await ses.post('HeapProfiler.startSampling', {
    samplingInterval: 64,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  body(block);
  const { profile } = (await ses.post('HeapProfiler.stopSampling')) as unknown as {
    profile: { head: HeapNode };
  };
  ses.disconnect();
  const sites = new Map<string, number>();
  let bytes = 0;
  // A built-in (no script url: Map.set, Array.push, iterators) is named after its caller too.
  const walk = (h: HeapNode, caller: string): void => {
    const f = h.callFrame;
    const own = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}`;
    const name = f.url === '' && caller !== '' ? `${caller} > ${f.functionName || '(anonymous)'}` : own;
    if (h.selfSize > 0) {
      sites.set(name, (sites.get(name) ?? 0) + h.selfSize);
      bytes += h.selfSize;
    }
    for (const c of h.children) walk(c, f.url === '' ? caller : own);
  };
  walk(profile.head, '');
  out.bytesPerIter = Math.round(bytes / block);
  out.topSites = Object.fromEntries(
    [...sites]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.COHORT_BENCH_HEAP_TOP ?? 16))
      .map(([k, v]) => [k, Math.round(v / block)]),
  );
}
console.log(JSON.stringify(out));
process.exit(0);
