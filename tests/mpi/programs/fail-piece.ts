/**
 * A piece that fails on one rank only (issue 22, runtime/shard-fail.ts). Usage:
 * `node --import tsx tests/mpi/programs/fail-piece.ts <mode>` with mode
 * - `caught`: a sum whose piece holding the last element throws (on the last rank); every rank
 *   catches the error, prints it, and goes on with a good sum — every rank must print the same
 *   error (the failing rank's) and the same good sum, never a sum combined from stale partials;
 * - `uncaught`: the same sum, not caught: the job must end with a non-zero code;
 * - `copy`: an element-wise write whose last piece throws, then a read of the whole array on every
 *   rank: the failing rank must send what it did not write, so it ends the job.
 */
import { rank, ranks } from 'cohortjs/runtime';
import { createRegion, launch, readStore, registerKernel, Store } from '../../../runtime/index.js';

registerKernel('test.mpi.sumThrowIf', (t) => {
  const x = t.arrays[0]!;
  const p = t.partials!;
  if (t.lo[0]! <= t.scalars[0]! && t.scalars[0]! < t.hi[0]!) throw new RangeError(`boom at ${t.scalars[0]}`);
  for (let b0 = t.lo[0]!; b0 < t.hi[0]!; b0 += t.block) {
    let s = 0;
    const e = Math.min(t.hi[0]!, b0 + t.block);
    for (let i = b0; i < e; i++) s += x[i]!;
    p[(b0 / t.block) | 0] = s;
  }
});
registerKernel('test.mpi.fillThrowIf', (t) => {
  const o = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = i;
  if (t.lo[0]! <= t.scalars[0]! && t.scalars[0]! < t.hi[0]!)
    throw new RangeError(`fill boom at ${t.scalars[0]}`);
});

const mode = process.argv[2] ?? 'caught';
const n = 1 << 20;
const x = Store.whole(createRegion('float64', n));
const sum = (failAt: number) =>
  launch({
    op: 'sumThrowIf',
    kernel: 'test.mpi.sumThrowIf',
    args: [{ store: x, privilege: 'read' }],
    scalars: [failAt],
    reduce: { combine: 'sum' },
  });
launch({
  op: 'fillThrowIf',
  kernel: 'test.mpi.fillThrowIf',
  args: [{ store: x, privilege: 'write-discard' }],
  scalars: [mode === 'copy' ? n - 1 : -1],
});

if (mode === 'copy') {
  const all = readStore(x);
  console.log(JSON.stringify({ rank: rank(), last: all[n - 1] }));
} else if (mode === 'uncaught') {
  console.log(JSON.stringify({ rank: rank(), sum: sum(n - 1).value() }));
} else {
  let error = '';
  try {
    console.log(`rank ${rank()} used a sum ${sum(n - 1).value()} (it must not)`);
  } catch (e) {
    error = `${(e as Error).name}: ${(e as Error).message}`;
  }
  const good = sum(-1).value();
  console.log(JSON.stringify({ rank: rank(), ranks: ranks(), error, good }));
}
