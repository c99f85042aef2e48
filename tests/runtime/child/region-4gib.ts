/**
 * A region of more than 4 GiB written and read by pool workers (the test in region-4gib.test.ts).
 * Only the last 32 MB is touched: the rest of the zero-filled buffer stays untouched pages.
 */
import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';

configure({ workers: Number(process.argv[2] ?? 2) });
const n = 2 ** 29 + 2 ** 24; // float64: 4.125 GiB
const m = 4_000_000;
const z = np.zeros([n]);
const tail = z.get(`${n - m}:`);
tail.iadd(np.arange(m, { dtype: 'float64' }));
const s = np.sum(tail.multiply(2)).item();
console.log(JSON.stringify({ last: z.item(n - 1), s, bytes: z.size * 8 }));
