/**
 * Per-piece scratch (`LaunchSpec.scratch`, runtime/scratch.ts): every piece gets its own heap
 * block of at least the requested bytes — pieces running at once on two workers, inline pieces
 * and shared (work-stolen) pieces never see each other's writes — and a launch without heap
 * gets -1. A second launch of the same sizes reuses the returned block (warm pages).
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  configure,
  createRegion,
  DefaultMapper,
  fenceAsync,
  launch,
  readStore,
  registerKernel,
  Store,
  ValueError,
} from '../../runtime/index.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

// Fills its block with its color, waits a little (so that pieces overlap in time at 2 workers),
// then checks that nobody wrote into it; writes its scratch offset (or -2 on a clash) at its points.
registerKernel('scratchTest.own', (t) => {
  const out = t.arrays[0]!;
  const s = t.scratch ?? -1;
  let mark = s;
  if (s >= 0 && t.heap) {
    const words = t.scalars[0]! / 4;
    const v = new Int32Array(t.heap.buffer, s, words);
    v.fill(t.color + 1);
    const end = Date.now() + 3;
    while (Date.now() < end);
    for (let k = 0; k < words; k++) if (v[k] !== t.color + 1) mark = -2;
  }
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) out[i] = mark;
});

function run(pieces: number, workers: number, bytes: number, inline: boolean): Float64Array {
  configure({
    workers,
    mapper: {
      pieces: () => pieces,
      worker: (c: number, _n: number, w: number) => c % Math.max(1, w),
      inline: (_o: string, _b: number, w: number) => w === 0 || inline,
    } as never,
  });
  const n = 64;
  const out = Store.whole(createRegion('float64', n));
  launch({
    op: 'scratch',
    kernel: 'scratchTest.own',
    args: [{ store: out, privilege: 'write-discard' }],
    scalars: [bytes],
    scratch: bytes,
  });
  return readStore(out) as Float64Array;
}

function checkDisjoint(offs: Float64Array, pieces: number, bytes: number): number[] {
  const distinct = [...new Set(offs)].sort((a, b) => a - b);
  expect(distinct.every((o) => o >= 0 && o % 64 === 0)).toBe(true);
  expect(distinct.length).toBe(Math.min(pieces, offs.length));
  for (let k = 1; k < distinct.length; k++)
    expect(distinct[k]! - distinct[k - 1]!).toBeGreaterThanOrEqual(bytes);
  return distinct;
}

describe('per-piece scratch', () => {
  it.each([
    [0, false],
    [1, false],
    [2, false],
    [2, true],
  ])('pieces get disjoint blocks (%i workers, inline %s)', async (workers, inline) => {
    for (const [pieces, bytes] of [
      [1, 100],
      [4, 4096],
      [7, 1000],
      [16, 64 * 1024],
    ] as const) {
      const offs = run(pieces, workers, bytes, inline);
      checkDisjoint(offs, pieces, bytes);
      await fenceAsync();
    }
  });

  it('a launch of the same sizes reuses the returned block', async () => {
    const a = checkDisjoint(run(4, 0, 8192, false), 4, 8192);
    await fenceAsync();
    const b = checkDisjoint(run(4, 0, 8192, false), 4, 8192);
    expect(b[0]).toBe(a[0]);
  });

  it('rejects a bad size', () => {
    configure({ workers: 0, mapper: new DefaultMapper() });
    const out = Store.whole(createRegion('float64', 4));
    expect(() =>
      launch({
        op: 'scratch',
        kernel: 'scratchTest.own',
        args: [{ store: out, privilege: 'write-discard' }],
        scalars: [4],
        scratch: -1,
      }),
    ).toThrow(ValueError);
  });
});
