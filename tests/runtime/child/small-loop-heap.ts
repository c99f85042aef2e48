/**
 * Heap bytes of a small loop (issue 16 item 3), exactly, from V8's own accounts: a
 * `v8.GCProfiler` around a block of iterations reports every collection with the heap's use
 * before and after, so the bytes allocated in the block are the growth of the used heap plus
 * what the collections freed; the bytes a young-generation collection (scavenge) copied are what
 * it left in the young generation plus the old generation's growth across it (survivors are
 * copied within the young generation once, then promoted). A scavenge costs in proportion to
 * these, not to the garbage. Prints one JSON line with both per iteration. The block starts after
 * a full collection (`--expose-gc`), so that nothing of the warm-up is copied in it.
 *
 * Run: node --expose-gc --import tsx tests/runtime/child/small-loop-heap.ts <handcg|iadd> <workers> [iterations]
 */
import { GCProfiler, getHeapStatistics } from 'node:v8';
import { handCgIterate, handCgStart, poisson } from '../../../benchmarks/small/_loops.js';
import { configure, np, sp } from '../../../index.js';

interface SpaceStat {
  spaceName: string;
  spaceUsedSize: number;
}
interface GcStat {
  gcType: string;
  beforeGC: { heapStatistics: { usedHeapSize: number }; heapSpaceStatistics: SpaceStat[] };
  afterGC: { heapStatistics: { usedHeapSize: number }; heapSpaceStatistics: SpaceStat[] };
}

const [kind = 'handcg', workersArg = '0', itersArg] = process.argv.slice(2);
configure({ workers: Number(workersArg) });

let body: (n: number) => void;
let check: () => void;
if (kind === 'handcg') {
  // The hand-written CG loop of benchmarks/small (Legate Sparse's listing), nx = 32.
  const lib = { np, sp };
  const cgState = handCgStart(lib, poisson(lib, 32), np.ones([1024]));
  const { x } = cgState;
  body = (n) => {
    handCgIterate(cgState, n, true);
    x.item(0);
  };
  check = () => {
    if (!Number.isFinite(x.item(0) as number)) throw new Error('handcg: non-finite x');
  };
} else {
  const x = np.zeros([1024]);
  const y = np.ones([1024]);
  let calls = 0;
  body = (n) => {
    for (let k = 0; k < n; k++) x.iadd(y.multiply(2));
    calls += n;
    x.item(0);
  };
  check = () => {
    if (x.item(0) !== 2 * calls) throw new Error(`iadd: x[0] = ${x.item(0)}, expected ${2 * calls}`);
  };
}

const iters = Number(itersArg ?? (kind === 'handcg' ? 4000 : 20000));
body(iters); // warm: kernels compiled, scratch lists grown, the optimizing tiers reached
(globalThis as unknown as { gc: () => void }).gc();
const prof = new GCProfiler();
const used0 = getHeapStatistics().used_heap_size;
prof.start();
body(iters);
const stats = ((prof.stop() as { statistics?: GcStat[] } | undefined)?.statistics ?? []) as GcStat[];
const used1 = getHeapStatistics().used_heap_size;
check();
let freed = 0;
let copied = 0;
let scavenges = 0;
const young = (x: SpaceStat) => x.spaceName === 'new_space' || x.spaceName === 'new_large_object_space';
const old = (s: SpaceStat[]) => {
  let b = 0;
  for (const x of s) if (!young(x)) b += x.spaceUsedSize;
  return b;
};
const kept = (s: SpaceStat[]) => {
  let b = 0;
  for (const x of s) if (young(x)) b += x.spaceUsedSize;
  return b;
};
for (const g of stats) {
  freed += g.beforeGC.heapStatistics.usedHeapSize - g.afterGC.heapStatistics.usedHeapSize;
  if (g.gcType === 'Scavenge') {
    scavenges++;
    const a = g.afterGC.heapSpaceStatistics;
    copied += kept(a) + old(a) - old(g.beforeGC.heapSpaceStatistics);
  }
}
console.log(
  JSON.stringify({
    kind,
    workers: Number(workersArg),
    iters,
    allocatedPerIter: Math.round((used1 - used0 + freed) / iters),
    copiedPerIter: Math.round(copied / iters),
    scavenges,
    collections: stats.length,
  }),
);
process.exit(0);
