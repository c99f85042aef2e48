import { describe, expect, it } from 'vitest';
import { align, createRegion, launch, readStore, registerKernel, Store } from '../../runtime/index.js';

registerKernel('test.smoke.axpy', (t) => {
  const y = t.arrays[0]!;
  const x = t.arrays[1]!;
  const a = t.scalars[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) y[i] = a * x[i]! + y[i]!;
});
registerKernel('test.smoke.sum', (t) => {
  const x = t.arrays[0]!;
  const p = t.partials!;
  for (let b0 = t.lo[0]!; b0 < t.hi[0]!; b0 += t.block) {
    let s = 0;
    const e = Math.min(t.hi[0]!, b0 + t.block);
    for (let i = b0; i < e; i++) s += x[i]!;
    p[(b0 / t.block) | 0] = s;
  }
});

describe('launch (smoke)', () => {
  it('runs an aligned element-wise kernel and a reduction', () => {
    const n = 10000;
    const y = Store.whole(createRegion('float64', n));
    const x = Store.whole(createRegion('float64', n));
    (x.region.data as Float64Array).fill(2);
    launch({
      op: 'axpy',
      kernel: 'test.smoke.axpy',
      args: [
        { store: y, privilege: 'read-write' },
        { store: x, privilege: 'read' },
      ],
      scalars: [3],
      constraints: [align(0, 1)],
    });
    expect(Array.from(readStore(y).slice(0, 3))).toEqual([6, 6, 6]);
    const f = launch({
      op: 'sum',
      kernel: 'test.smoke.sum',
      args: [{ store: y, privilege: 'read' }],
      reduce: { combine: 'sum' },
    });
    expect(f.value()).toBe(6 * n);
  });
});
