/**
 * One rank's collector runs where another's does not (issue 22, control replication): a large
 * pending expression is made and dropped, only rank 0 collects, then a lazy array is made (which
 * forgets collected arrays' pending states alone: dense/lazy-forget.ts) and the dropped
 * expression's operand is written (which computes its pending readers first). Every rank must
 * issue the same launches whatever its collector did — one that skipped a launch another ran
 * diverged, and a later copy between them waited forever. Prints per rank the launches it took
 * part in, the lazy machinery's counters (computed at a write, snapshots), the pending readers
 * left on the operand and the bits of a sum.
 *
 * Usage: node --import tsx tests/mpi/programs/gc-skew.ts
 */
import * as np from '../../../dense/index.js';
import { lazyStats, pendingOn } from '../../../dense/lazy.js';
import { rank } from '../../../runtime/index.js';
import { collectNow } from '../../../runtime/memory.js';
import { shardStats } from '../../../runtime/shard.js';

const n = 100_000;
const x = np.linspace(0, 1, n);
for (let i = 0; i < 4; i++) {
  np.multiply(x, 2 + i); // a pending reader of x, dropped at once
  if (rank() === 0) collectNow(); // this rank's collector only
  np.add(x, 1); // making a lazy array forgets collected ones' states (where watched)
  x.set(String(i), -i); // a write to x computes its pending readers first
}
const s = shardStats();
const bits = new DataView(new ArrayBuffer(8));
bits.setFloat64(0, np.sum(x).item() as number);
console.log(
  JSON.stringify({
    rank: rank(),
    launches: s.shardedLaunches + s.replicatedLaunches,
    pieces: s.piecesRun + s.piecesSkipped,
    pending: pendingOn(x).states,
    lazy: lazyStats,
    sum: bits.getBigUint64(0).toString(16),
  }),
);
