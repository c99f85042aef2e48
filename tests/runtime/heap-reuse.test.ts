/**
 * A region's heap block is not reused while a task that touches it may still run — even when the
 * access list of the region no longer shows that task (a write whose dependence failed is failed
 * at once and supersedes the accesses it covers). Found by review; the block was handed to a new
 * region whose contents the running task then read.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { currentPool } from '../../runtime/engine-pool.js';
import {
  configure,
  createRegion,
  fence,
  fenceAsync,
  launch,
  readStore,
  registerKernel,
  Store,
} from '../../runtime/index.js';
import { collectNow } from '../../runtime/memory.js';

afterAll(() => configure({ workers: 0 }));

registerKernel('heapReuse.fill', (t) => {
  const o = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = t.scalars[0]!;
});
registerKernel('heapReuse.boom', () => {
  throw new RangeError('boom');
});
registerKernel('heapReuse.slowCopy', (t) => {
  const end = Date.now() + 300;
  while (Date.now() < end);
  const y = t.arrays[0]!;
  const x = t.arrays[1]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) y[i] = x[i]!;
});
registerKernel('heapReuse.copy', (t) => {
  const y = t.arrays[0]!;
  const x = t.arrays[1]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) y[i] = x[i]!;
});

describe('heap block reuse', () => {
  it('waits for a running reader even after a failed write superseded it', async () => {
    const mapper = {
      pieces: () => 1,
      worker: () => 0,
      inline: (_o: string, _b: number, w: number) => w === 0,
    };
    configure({ workers: 1, mapper: mapper as never });
    const vec = (n: number) => Store.whole(createRegion('float64', n));
    const warm = vec(10);
    launch({
      op: 'fill',
      kernel: 'heapReuse.fill',
      args: [{ store: warm, privilege: 'write-discard' }],
      scalars: [0],
    });
    const pool = currentPool()!;
    for (let k = 0; k < 300 && !pool.live(0); k++) await new Promise((r) => setTimeout(r, 10));
    const bad = vec(100);
    launch({ op: 'boom', kernel: 'heapReuse.boom', args: [{ store: bad, privilege: 'write-discard' }] });
    await fenceAsync();
    const y = vec(100);
    const step = () => {
      const x = vec(100);
      launch({
        op: 'fill',
        kernel: 'heapReuse.fill',
        args: [{ store: x, privilege: 'write-discard' }],
        scalars: [1],
      });
      fence();
      // A slow reader of x on the worker, then a write of x that fails at once (it reads `bad`).
      launch({
        op: 'slowCopy',
        kernel: 'heapReuse.slowCopy',
        args: [
          { store: y, privilege: 'write-discard' },
          { store: x, privilege: 'read' },
        ],
      });
      launch({
        op: 'copy',
        kernel: 'heapReuse.copy',
        args: [
          { store: x, privilege: 'write-discard' },
          { store: bad, privilege: 'read' },
        ],
      });
    };
    step();
    collectNow(); // x is gone: its block must wait for slowCopy
    const reused = createRegion('float64', 100);
    reused.data.fill(777);
    expect(Array.from(readStore(y)).slice(0, 4)).toEqual([1, 1, 1, 1]);
  });
});
