/**
 * A region of more than 4 GiB written and read by pool workers (region-4gib.test.ts; under
 * mpirun in tests/mpi/mpi.test.ts). Only the last 32 MB is touched: the rest of the zero-filled
 * buffer stays untouched pages. Under MPI the tail is then read whole on every rank and rewritten
 * piecewise: the other rank's share goes back to the OS (runtime/shard-pages.ts), though the
 * region is too large for the heap and has a buffer of its own.
 */
import * as np from 'cohortjs/numpy';
import { configure, rank, ranks } from 'cohortjs/runtime';
import { residentBytes } from '../../../runtime/shard-pages.js';

// Under mpirun the rank's pool comes from COHORT_WORKERS.
if (process.argv[2] !== undefined) configure({ workers: Number(process.argv[2]) });
const n = 2 ** 29 + 2 ** 24; // float64: 4.125 GiB
const m = 4_000_000;
const z = np.zeros([n]);
const tail = z.get(`${n - m}:`);
tail.iadd(np.arange(m, { dtype: 'float64' }));
const s = np.sum(tail.multiply(2)).item();
const out: Record<string, number> = { rank: rank(), last: z.item(n - 1), s, bytes: z.size * 8 };
if (ranks() > 1) {
  const data = (z as unknown as { store: { region: { data: ArrayBufferView } } }).store.region.data;
  const whole = tail.toArray() as Float64Array;
  out.wholeLast = whole[m - 1]!;
  out.residentWhole = residentBytes(data);
  tail.imul(2);
  out.s2 = np.sum(tail).item() as number;
  out.residentAfter = residentBytes(data);
}
out.peakMB = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(JSON.stringify(out));
