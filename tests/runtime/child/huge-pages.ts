/**
 * Child program of tests/runtime/huge-pages.test.ts: fills a 64 MiB array on the pool, sums it,
 * and prints as JSON what `hugePages()` reports, the heap's committed bytes, the sum, and the
 * sizes (kB) of this process's mappings that carry the huge-page advice (`hg` in the VmFlags of
 * /proc/self/smaps, the kernel's own record of madvise(MADV_HUGEPAGE)).
 */
import { readFileSync } from 'node:fs';
import * as np from '../../../dense/index.js';
import { heapStats } from '../../../runtime/heap.js';
import { configure, hugePages } from '../../../runtime/index.js';

configure({ workers: Number(process.env.COHORT_WORKERS ?? '2') });
const n = 8 * 2 ** 20;
const x = np.arange(n, { dtype: 'float64' }).multiply(0.5);
const sum = np.sum(x).item();

function advisedMappings(): number[] {
  const sizes: number[] = [];
  let size = 0;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const m = /^Size:\s+(\d+) kB/.exec(line);
    if (m !== null) size = Number(m[1]);
    else if (line.startsWith('VmFlags:') && line.split(/\s+/).includes('hg')) sizes.push(size);
  }
  return sizes;
}
const state = hugePages();
console.log(JSON.stringify({ state, committed: heapStats().committed, sum, advised: advisedMappings() }));
process.exit(0);
