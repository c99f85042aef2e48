/**
 * Work sharing (Mapper.share): a launch's pieces are offered to every worker and run on the one
 * that claims each first. Every piece runs exactly once, a free worker does take over pieces of a
 * busy one, and `fence` and heap recycling wait for pieces that moved.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DefaultMapper, type Mapper } from '../../mapper/index.js';
import {
  configure,
  createRegion,
  fence,
  launch,
  readStore,
  registerKernel,
  Store,
} from '../../runtime/index.js';
import { warmPool } from './pool-helpers.js';

registerKernel('share.inc', (t) => {
  const o = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = o[i]! + 1;
});
// Busy for scalars[0] ms, then fills its range with a token of the thread that runs it.
registerKernel('share.who', (t) => {
  const end = Date.now() + t.scalars[0]!;
  while (Date.now() < end);
  const g = globalThis as unknown as { __shareToken?: number };
  g.__shareToken ??= 1 + Math.floor(Math.random() * 1e9);
  const o = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = g.__shareToken;
});

/** Eight pieces, all meant for worker 0, shared. */
const allToZero: Mapper = {
  pieces: (q) => Math.min(8, q.volume),
  worker: () => 0,
  inline: (_op, _b, w) => w === 0,
  share: () => true,
};

/** Starts the pool (the first launch that would use it creates it) and waits until it runs. */
async function startPool(): Promise<void> {
  const dummy = Store.whole(createRegion('float64', 4096));
  launch({ op: 'inc', kernel: 'share.inc', args: [{ store: dummy, privilege: 'read-write' }] });
  await warmPool();
}

afterAll(() => {
  fence();
  configure({ workers: 0, mapper: new DefaultMapper() });
});

describe.each([1, 2])('work sharing at pool size %i', (workers) => {
  it('every piece runs exactly once', async () => {
    configure({
      workers,
      mapper: new DefaultMapper({ piecesPerWorker: 4, minPieceBytes: 1024, inlineBytes: 0 }),
    });
    await startPool();
    const y = Store.whole(createRegion('float64', 100_003));
    for (let k = 0; k < 40; k++)
      launch({ op: 'inc', kernel: 'share.inc', args: [{ store: y, privilege: 'read-write' }] });
    const v = readStore(y);
    for (let i = 0; i < v.length; i++) if (v[i] !== 40) expect([i, v[i]]).toEqual([i, 40]);
  });

  it('a free worker takes over pieces of a busy one; fence waits for them', async () => {
    configure({ workers, mapper: allToZero });
    await startPool();
    const y = Store.whole(createRegion('float64', 8000));
    launch({
      op: 'who',
      kernel: 'share.who',
      args: [{ store: y, privilege: 'write-discard' }],
      scalars: [25],
    });
    fence();
    // Read the memory directly: fence alone must have waited for every piece, wherever it ran.
    const threads = new Set(Array.from(y.region.data));
    expect(threads.has(0)).toBe(false);
    expect(threads.size).toBe(workers);
  });
});
