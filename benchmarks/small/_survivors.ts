/**
 * What survives a young-generation collection in a small loop (issue 16 item 3): a scavenge
 * costs in proportion to the objects it copies, not to what died, so the sites whose objects
 * outlive a scavenge decide the GC share. V8's sampling heap profiler without collected objects,
 * a block of iterations, then a forced minor collection (or a major one with `major`): what is
 * left in the profile is what the loop kept alive past it. Prints bytes per iteration by site.
 *
 * Run: node --expose-gc --import tsx benchmarks/small/_survivors.ts <iadd|handcg> [n] [iters] [workers] [minor|major|promoted|plain] [top]
 * (`plain`: five blocks without the profiler, after a line `--- steady` on stderr, for
 * `--trace-gc-nvp`: the collections after that line are the steady loop's; prints the loop's
 * milliseconds; `benchmarks/small/gc-share.py` sums them into the loop's GC share)
 */
import { Session } from 'node:inspector/promises';
import { handCgIterate, handCgStart, poisson } from './_loops.js';

const lib = await import('../../index.js');
const { np, configure } = lib;
const [kind = 'iadd', nArg, itArg, wArg, gcKind = 'minor', topArg] = process.argv.slice(2);
const n = Number(nArg ?? 1024);
const iters = Number(itArg ?? 2000);
configure({ workers: Number(wArg ?? 0) });
const gc = (globalThis as unknown as { gc: (o?: object) => void }).gc;

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}

let body: (k: number) => void;
if (kind === 'handcg') {
  const cgState = handCgStart(lib, poisson(lib, n), np.ones([n * n]));
  body = (k) => {
    handCgIterate(cgState, k, true);
    cgState.x.item(0);
  };
} else {
  const x = np.zeros([n]);
  const y = np.ones([n]);
  body = (k) => {
    for (let i = 0; i < k; i++) x.iadd(y.multiply(2));
    x.item(0);
  };
}
body(iters); // warm
gc();
if (gcKind === 'plain') {
  // No profiler: for `--trace-gc-nvp` (promoted and survived bytes per scavenge, against allocated).
  console.error('--- steady');
  const t0 = performance.now();
  for (let k = 0; k < 5; k++) body(iters);
  console.log(JSON.stringify({ kind, n, iterations: 5 * iters, ms: performance.now() - t0 }));
  process.exit(0);
}
const s = new Session();
s.connect();
// `promoted`: objects that a major collection found dead are kept in the profile, so it lists
// everything that outlived the young generation during the block (promoted, then dead or not).
await s.post('HeapProfiler.startSampling', {
  samplingInterval: 32,
  includeObjectsCollectedByMajorGC: gcKind === 'promoted',
});
body(iters);
gc(gcKind === 'major' ? undefined : { type: 'minor' });
const { profile } = (await s.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: HeapNode } };
s.disconnect();
const sites = new Map<string, number>();
let bytes = 0;
const walk = (h: HeapNode, caller: string): void => {
  const f = h.callFrame;
  const own = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
  const name = f.url === '' && caller !== '' ? `${caller} > ${f.functionName || '(anonymous)'}` : own;
  if (h.selfSize > 0) {
    sites.set(name, (sites.get(name) ?? 0) + h.selfSize);
    bytes += h.selfSize;
  }
  for (const c of h.children) walk(c, f.url === '' ? caller : own);
};
walk(profile.head, '');
console.log(
  `${kind} n=${n}: ${Math.round(bytes / iters)} B per iteration alive after a ${gcKind} collection`,
);
for (const [k, v] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 25)))
  console.log(String(Math.round(v / iters)).padStart(7), k);
process.exit(0);
