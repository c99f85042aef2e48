/**
 * The issuing thread's cost of the first launch through a preimage on a fresh 5M-entry source
 * (issue 17 item 3): a sorted COO's `row` (1e6 rows, 5,000,000 entries) written by a launch and
 * completed (`fence`), then a COO SpMV partitioned by its output rows through the preimage of y's
 * tiles in `row` (tests/runtime/preimage-spmv.ts), timed on the issuing thread (the call returns
 * once issued) and to completion (`fence`); then the second and third calls (the second collects
 * the preimage tasks, the third hits the cache). Also counts the rows scanned on the issuing
 * thread (`imageScanStats`). Checked against a plain loop.
 *
 * Run: node --import tsx benchmarks/runtime/_first-preimage.ts   (BENCH_SMALL=1: 50,000 entries;
 * COHORT_WORKERS; FIRST_PRE_SCAN=1: preimages scanned on the issuing thread, the previous code)
 */
import { configure, createRegion, fence, readStore, Store, workerCount } from 'cohortjs/runtime';
import { imageScanStats } from '../../runtime/image.js';
import { setPreimageTasks } from '../../runtime/preimage-task.js';
import { coo, fillRows, reference, spmvByOutput } from '../../tests/runtime/preimage-spmv.js';
import { SMALL } from '../lib/report.js';

if (process.env.COHORT_WORKERS === undefined) configure({ workers: 2 });
if (process.env.FIRST_PRE_SCAN === '1') setPreimageTasks(false);
const n = SMALL ? 10_000 : 1_000_000;
const nnz = 5 * n;
const ROUNDS = SMALL ? 3 : 5;
const COLORS = 4;

const { col, val, x } = coo(n, nnz);
{
  // Warm-up on a small source: kernel shipping and compilation are once per process.
  const w = coo(1000, 5000);
  fillRows(w.row, 1000);
  for (let k = 0; k < 3; k++)
    spmvByOutput(w.row, w.col, w.val, w.x, Store.whole(createRegion('float64', 1000)), COLORS, true);
  fence();
}
const want = reference(n, nnz, col, val, x);
const first: number[] = [];
const firstTotal: number[] = [];
const second: number[] = [];
const third: number[] = [];
const scans: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const row = Store.whole(createRegion('int32', nnz));
  fillRows(row, n);
  fence();
  const before = imageScanStats().points;
  let y = Store.whole(createRegion('float64', n));
  const t0 = performance.now();
  spmvByOutput(row, col, val, x, y, COLORS, true);
  const t1 = performance.now();
  fence();
  const t2 = performance.now();
  first.push(t1 - t0);
  firstTotal.push(t2 - t0);
  for (const into of [second, third]) {
    y = Store.whole(createRegion('float64', n));
    const s0 = performance.now();
    spmvByOutput(row, col, val, x, y, COLORS, true);
    into.push(performance.now() - s0);
    fence();
  }
  scans.push(imageScanStats().points - before);
  const got = readStore(y) as Float64Array;
  for (let i = 0; i < n; i += 997) {
    if (got[i] !== want[i]) {
      console.error(`wrong result at row ${i}: ${got[i]} vs ${want[i]}`);
      process.exit(1);
    }
  }
}
const med = (a: number[]) => [...a].sort((p, q) => p - q)[a.length >> 1]!;
const fmt = (a: number[]) =>
  `median ${med(a).toFixed(2)} ms (${Math.min(...a).toFixed(2)}–${Math.max(...a).toFixed(2)})`;
console.log(
  `first launch through a preimage of a fresh ${nnz.toLocaleString()}-entry source, ${workerCount()} workers, ${ROUNDS} rounds${process.env.FIRST_PRE_SCAN === '1' ? ' (scanned on the issuing thread)' : ''}:`,
);
console.log(`  issuing thread, first call:  ${fmt(first)}`);
console.log(`  to completion, first call:   ${fmt(firstTotal)}`);
console.log(`  issuing thread, second call: ${fmt(second)}`);
console.log(`  issuing thread, third call:  ${fmt(third)}`);
console.log(`  rows scanned on the issuing thread per round: ${scans.join(', ')}`);
