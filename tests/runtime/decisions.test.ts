/**
 * Deterministic decisions (issue 16 item 5): whether a piece runs inline or is posted, to which
 * worker, and how tasks are numbered depend only on the program and the mapper — not on how fast
 * kernels run, nor on whether a worker's thread is up yet. Two runs of one program, one with a
 * deliberately slow kernel (and a fresh, cold pool in both), must log the same decisions.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DefaultMapper, type Mapper } from '../../mapper/index.js';
import { startDecisionLog, stopDecisionLog } from '../../runtime/decisions.js';
import {
  align,
  configure,
  createRegion,
  fence,
  launch,
  launchScalar,
  readStore,
  registerKernel,
  Store,
} from '../../runtime/index.js';

// Busy for scalars[0] ms, then out[i] = i * scalars[1].
registerKernel('test.decide.ramp', (t) => {
  const end = Date.now() + t.scalars[0]!;
  while (Date.now() < end);
  const o = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = i * t.scalars[1]!;
});
// out[i] = in[i] + scalars[0]
registerKernel('test.decide.add', (t) => {
  const o = t.arrays[0]!;
  const x = t.arrays[1]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = x[i]! + t.scalars[0]!;
});
registerKernel('test.decide.sum', (t) => {
  const x = t.arrays[0]!;
  const p = t.partials!;
  for (let b0 = t.lo[0]!; b0 < t.hi[0]!; b0 += t.block) {
    let s = 0;
    for (let i = b0; i < Math.min(t.hi[0]!, b0 + t.block); i++) s += x[i]!;
    p[(b0 / t.block) | 0] = s;
  }
});
registerKernel('test.decide.half', (t) => t.futures[0]! / 2);

/** Big launches (≥ 64 KiB) split in 2 and posted; small ones are one inline piece. */
const mapper: Mapper = {
  pieces: (q) => (q.bytes >= 65536 ? 2 : 1),
  worker: (c, _n, w) => c % w,
  inline: (_op, bytes, w) => w === 0 || bytes < 65536,
  share: () => true,
};

const N = 16384; // 128 KiB of float64: two posted pieces
const n = 256; // 2 KiB: one inline piece when its inputs are known complete

/** Sleeps `ms` on the issuing thread (kernels posted before it finish meanwhile). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** One program; `slowMs` slows the first launch's kernel, `pauseMs` pauses the issuing thread. */
function program(slowMs: number, pauseMs: number): { log: string[]; values: number[] } {
  // A fresh pool: its threads are not up when the first pieces are posted.
  configure({ workers: 0 });
  fence();
  launch({
    op: 'drop',
    kernel: 'test.decide.ramp',
    key: 0,
    args: [{ store: Store.whole(createRegion('float64', 1)), privilege: 'write-discard' }],
    scalars: [0, 0],
  });
  configure({ workers: 2, mapper });
  startDecisionLog();
  const x = Store.whole(createRegion('float64', N));
  launch({
    op: 'ramp',
    kernel: 'test.decide.ramp',
    key: 0,
    args: [{ store: x, privilege: 'write-discard' }],
    scalars: [slowMs, 1],
  });
  sleep(pauseMs); // timing only: the ramp may now be done, which must not change anything
  const head = new Store(x.region, [n], [1], 0);
  const y = Store.whole(createRegion('float64', n));
  const add = (out: Store, inp: Store, v: number) =>
    launch({
      op: 'add',
      kernel: 'test.decide.add',
      key: 0,
      args: [
        { store: out, privilege: 'write-discard' },
        { store: inp, privilege: 'read' },
      ],
      scalars: [v],
      constraints: [align(0, 1)],
    });
  add(y, head, 1); // small, reads the ramp: posted (its input is not known complete)
  const s = launch({
    op: 'sum',
    kernel: 'test.decide.sum',
    key: 0,
    args: [{ store: x, privilege: 'read' }],
    reduce: { combine: 'sum', block: 4096 },
  });
  const h = launchScalar('half', 'test.decide.half', [s]);
  const yv = readStore(y); // y's writer is now known complete, and what it waited for
  const z = Store.whole(createRegion('float64', n));
  add(z, y, 2); // inline: its input is known complete
  add(y, head, 3); // inline: the ramp is known complete through y's writer
  const hv = h.value();
  sleep(pauseMs);
  const w = Store.whole(createRegion('float64', n));
  add(w, head, 4); // inline
  const values = [yv[5]!, readStore(z)[5]!, readStore(y)[7]!, readStore(w)[9]!, hv];
  return { log: stopDecisionLog(), values };
}

afterAll(() => {
  fence();
  configure({ workers: 0, mapper: new DefaultMapper() });
});

describe('placement decisions do not depend on timing', () => {
  it('a slow kernel and a paused issuing thread log the same decisions', () => {
    const fast = program(0, 60);
    const slow = program(150, 0);
    expect(slow.log).toEqual(fast.log);
    expect(slow.values).toEqual(fast.values);
    expect(fast.values).toEqual([6, 8, 10, 13, ((N - 1) * N) / 4]);
    // The decisions themselves: posted to the mapper's workers on a cold pool, posted while an
    // input is not known complete, inline once a read made it known.
    expect(fast.log).toEqual([
      'ramp T0 #0 w0',
      'ramp T1 #1 w1',
      'add T0 #2 w0',
      'sum T0 #3 w0',
      'sum T1 #4 w1',
      'sum X0 #5 w1',
      'half S0 #6 w1',
      'add T0 #-1 inline',
      'add T0 #-1 inline',
      'add T0 #-1 inline',
    ]);
  });

  it('twice the same program with random kernel delays: same decisions', () => {
    const logs: string[] = [];
    for (const [slow, pause] of [
      [0, 0],
      [40, 0],
      [0, 40],
    ] as const)
      logs.push(program(slow, pause).log.join('\n'));
    expect(logs[1]).toBe(logs[0]);
    expect(logs[2]).toBe(logs[0]);
  });
});
