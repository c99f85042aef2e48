/**
 * runtime/memory.ts `collectWhileWaiting` called directly, in a fresh process (its pacing state
 * is the process's): `WAIT_UNIT=drop` makes 1 MiB regions and drops them, `keep` keeps them,
 * `overrun` drops them and reports each collection as outlasting the awaited work (as
 * runtime/engine-pool.ts `waitKnown` does when the event completed meanwhile; `drop` reports each
 * as hidden).
 * Ten rounds of twelve regions, a call after each. Prints one JSON line: per call, the
 * collections run so far and the MiB they gave back.
 */
import { createRegion, type Region } from '../../../runtime/index.js';
import { collectWhileWaiting, gcStats, waitCollectionEnded } from '../../../runtime/memory.js';
import { nativeAddon } from '../../../runtime/native-addon.js';

const MiB = 2 ** 20;
const mode = process.env.WAIT_UNIT ?? 'drop';
const kept: Region[] = [];
let last: Region | null = null;
/** `count` regions of 1 MiB, kept or each dropped by the next (a function of its own: no frame keeps them). */
function make(count: number): void {
  for (let k = 0; k < count; k++) {
    const r = createRegion('float64', MiB / 8, false);
    r.data[0] = k;
    if (mode === 'keep') kept.push(r);
    else last = r;
  }
}
const calls: { waiting: number; givenMB: number }[] = [];
for (let round = 0; round < 10; round++) {
  make(12);
  if (collectWhileWaiting() && mode !== 'keep') waitCollectionEnded(mode === 'overrun');
  calls.push({ waiting: gcStats.waiting, givenMB: gcStats.waitingBytes / MiB });
}
console.log(
  JSON.stringify({
    addon: typeof nativeAddon()?.watch === 'function',
    kept: kept.length,
    last: last !== null,
    calls,
  }),
);
