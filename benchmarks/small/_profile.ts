/**
 * Load-independent figures of the per-operation path (issue 16), for a host too busy for wall
 * times: a steady `x.iadd(y.multiply(2))` loop on 1,024 elements (after a warm-up) under V8's CPU
 * profiler and its sampling heap profiler (collected objects included), both through
 * `node:inspector` in this process. Prints one JSON line: the issuing path's time in units of the
 * kernel's (Wasm) time — the whole call, and `submit` without its kernel — the share of garbage
 * collection, and bytes allocated per call.
 *
 * Run: node --import tsx benchmarks/small/_profile.ts [calls=200000] [workers=2]
 * (uses `dist/` when built, like _case.ts; COHORT_BENCH_SOURCES=1 for the sources)
 */
import { existsSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
  selfSize?: number;
}

const dist = new URL('../../dist/bundle/index.js', import.meta.url);
const useDist = process.env.COHORT_BENCH_SOURCES !== '1' && existsSync(dist);
const lib = (await import(useDist ? dist.href : '../../index.js')) as typeof import('../../index.js');
const calls = Number(process.argv[2] ?? 200_000);
lib.configure({ workers: Number(process.argv[3] ?? 2) });
const x = lib.np.zeros([1024]);
const y = lib.np.ones([1024]);
const loop = (n: number): void => {
  for (let i = 0; i < n; i++) x.iadd(y.multiply(2));
};
loop(20_000);

const s = new Session();
s.connect();
await s.post('Profiler.enable');
await s.post('Profiler.start');
loop(calls);
const { profile } = (await s.post('Profiler.stop')) as unknown as {
  profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] };
};
await s.post('HeapProfiler.startSampling', {
  samplingInterval: 256,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
const heapCalls = Math.min(calls, 50_000);
loop(heapCalls);
const heap = (await s.post('HeapProfiler.stopSampling')) as unknown as {
  profile: { head: Node & { children: (Node & { children: unknown[] })[] } };
};
s.disconnect();

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let total = 0;
let kernel = 0;
let gc = 0;
let submit = 0;
let inKernelUnderSubmit = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i]!;
  const t = profile.timeDeltas[i]!;
  const f = byId.get(id)!.callFrame;
  if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
  total += t;
  if (f.functionName === '(garbage collector)') gc += t;
  const isKernel = f.url.startsWith('wasm');
  if (isKernel) kernel += t;
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    if (byId.get(cur)!.callFrame.functionName === 'submit') {
      submit += t;
      if (isKernel) inKernelUnderSubmit += t;
      break;
    }
  }
}
let bytes = 0;
const walk = (n: { selfSize?: number; children?: unknown[] }): void => {
  bytes += n.selfSize ?? 0;
  for (const c of n.children ?? []) walk(c as Node);
};
walk(heap.profile.head);
const r = (v: number) => Number(v.toFixed(2));
console.log(
  JSON.stringify({
    callInKernelUnits: r(total / kernel),
    submitWithoutKernelInKernelUnits: r((submit - inKernelUnderSubmit) / kernel),
    gcShare: r(gc / total),
    bytesPerCall: Math.round(bytes / heapCalls),
  }),
);
