/**
 * Resident memory per rank (issue 22, runtime/shard-pages.ts): every rank prints, for a few
 * 16 MiB arrays, how many of their bytes are resident on it (mincore through the addon), with
 * sums as bits so that the test also checks the values against the single-process run.
 *
 * - `fresh`: a result written piecewise from never-used heap memory;
 * - `recycled`: a zero-filled result in a block dropped just before (the zero-fill gives the pages
 *   back instead of writing them), then updated piecewise in place;
 * - `gathered`: an array read whole on every rank (`toArray`), then rewritten piecewise in place
 *   (the other ranks' shares are stale here: their pages go back).
 */
import * as np from 'cohortjs/numpy';
import { fence, rank, ranks } from 'cohortjs/runtime';
import { pageStats, residentBytes } from '../../../runtime/shard-pages.js';

function bits(x: number): string {
  const b = new DataView(new ArrayBuffer(8));
  b.setFloat64(0, x);
  return b.getBigUint64(0).toString(16).padStart(16, '0');
}

const n = 2 ** 21;
const dataOf = (a: np.ndarray) =>
  (a as unknown as { store: { region: { data: ArrayBufferView } } }).store.region.data;
const sum = (a: np.ndarray) => bits(a.sum().item() as number);
const results: string[] = [];
const resident: Record<string, number> = {};

const fresh = np.arange(n).multiply(0.5);
results.push(`fresh ${sum(fresh)}`);
// With COHORT_FOLD_UNSTORED=1 the sum folds the pending product without storing it
// (dense/lazy.ts): taking the data stores it then, and the fence waits for those writes.
const freshData = dataOf(fresh);
fence();
resident.fresh = residentBytes(freshData);

const old = np.arange(n).add(3);
results.push(`old ${sum(old)}`);
old.dispose();
const recycled = np.zeros([n]);
recycled.iadd(np.arange(n).multiply(0.25));
results.push(`recycled ${sum(recycled)}`);
resident.recycled = residentBytes(dataOf(recycled));

const gathered = np.arange(n).multiply(1.5);
const whole = gathered.toArray() as Float64Array;
results.push(`whole ${bits(whole[n - 1]!)} ${bits(whole[0]!)}`);
resident.gatheredWhole = residentBytes(dataOf(gathered));
gathered.imul(2);
results.push(`gathered ${sum(gathered)}`);
resident.gathered = residentBytes(dataOf(gathered));

console.log(
  JSON.stringify({ rank: rank(), ranks: ranks(), bytes: 8 * n, results, resident, pages: pageStats }),
);
