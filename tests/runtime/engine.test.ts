import { afterAll, describe, expect, it } from 'vitest';
import { DefaultMapper, type Mapper } from '../../mapper/index.js';
import { currentPool } from '../../runtime/engine-pool.js';
import {
  align,
  configure,
  createRegion,
  Future,
  fence,
  fenceAsync,
  launch,
  launchScalar,
  readStore,
  readStoreAsync,
  registerKernel,
  Store,
  TaskError,
  ValueError,
  workerCount,
} from '../../runtime/index.js';
import { EK, registerEngineKernels } from './engine-kernels.js';
import { warmPool } from './pool-helpers.js';

registerEngineKernels();

/** Splits every launch into 2 pieces and never runs them inline (when there is a pool). */
const poolMapper: Mapper = {
  pieces: (q) => Math.min(2, q.volume),
  worker: (c, _n, w) => (w > 0 ? c % w : 0),
  inline: (_op, _b, w) => w === 0,
};

/** The same, with work sharing: each piece may run on whichever worker claims it first. */
const sharingMapper: Mapper = { ...poolMapper, share: () => true };

const vec = (n: number) => Store.whole(createRegion('float64', n));
const fill = (s: Store, v: number) =>
  launch({ op: 'fill', kernel: EK.fill, args: [{ store: s, privilege: 'write-discard' }], scalars: [v] });

afterAll(() => {
  fence();
  configure({ workers: 0, mapper: new DefaultMapper() });
});

describe.each([0, 1, 2])('engine at pool size %i', (workers) => {
  it('a failing kernel fails its dependents with the original message; independent work completes', async () => {
    configure({ workers, mapper: poolMapper });
    const y = vec(100);
    const z = vec(100);
    const w = vec(100);
    launch({ op: 'explode', kernel: EK.throwIf, args: [{ store: y, privilege: 'write' }], scalars: [70] });
    launch({
      op: 'scale',
      kernel: EK.copyScale,
      args: [
        { store: z, privilege: 'write' },
        { store: y, privilege: 'read' },
      ],
      scalars: [2],
      constraints: [align(0, 1)],
    });
    fill(w, 5);
    const sum = launch({
      op: 'total',
      kernel: EK.sum,
      args: [{ store: z, privilege: 'read' }],
      reduce: { combine: 'sum' },
    });
    expect(Array.from(readStore(w))).toEqual(new Array(100).fill(5));
    const check = (e: unknown) => {
      expect(e).toBeInstanceOf(TaskError);
      expect((e as TaskError).operation).toBe('explode');
      expect((e as Error).message).toBe('explode: boom at 70');
      expect(((e as Error).cause as Error).name).toBe('RangeError');
    };
    let thrown: unknown;
    try {
      readStore(z);
    } catch (e) {
      thrown = e;
    }
    check(thrown);
    await readStoreAsync(y).then(
      () => expect.unreachable(),
      (e) => check(e),
    );
    expect(() => sum.value()).toThrow('explode: boom at 70');
    await sum.valueAsync().then(
      () => expect.unreachable(),
      (e) => check(e),
    );
    // A read of a piece that did not fail still waits and succeeds only if its writer succeeded:
    // the piece [0, 50) of z depends on piece [0, 50) of y, which did not throw.
    expect(Array.from(readStore(z.view([10], [1], 0)))).toEqual(new Array(10).fill(-2));
    // Overwriting everything (write-discard) clears the failure; the pool stays usable.
    fill(y, 1);
    expect(Array.from(readStore(y))).toEqual(new Array(100).fill(1));
    fill(z, 3);
    expect(readStore(z)[99]).toBe(3);
  });

  it('futures chain through scalar tasks without the caller waiting, bitwise equal at any size', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 1024, inlineBytes: 0 }) });
    const n = 200_003;
    const x = createRegion('float64', n);
    let s = 12345;
    for (let i = 0; i < n; i++) {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      (x.data as Float64Array)[i] = s / 2 ** 31 - 0.4;
    }
    const xs = Store.whole(x);
    const a = launch({
      op: 'sum',
      kernel: EK.sum,
      args: [{ store: xs, privilege: 'read' }],
      reduce: { combine: 'sum' },
    });
    const b = launch({
      op: 'sum',
      kernel: EK.sum,
      args: [{ store: xs, privilege: 'read' }],
      reduce: { combine: 'sum', block: 1000 },
    });
    const r = launchScalar('ratio', EK.ratio, [a, b]);
    const r2 = launchScalar('ratio', EK.ratio, [r, Future.of(2)]);
    let ref = 0;
    for (let b0 = 0; b0 < n; b0 += 4096) {
      let p = 0;
      for (let i = b0; i < Math.min(n, b0 + 4096); i++) p += x.data[i] as number;
      ref += p;
    }
    expect(a.value()).toBe(ref);
    expect(r2.value()).toBe(a.value() / b.value() / 2);
  });

  it('orders overlapping views and lets disjoint views of one region run independently', async () => {
    configure({ workers, mapper: poolMapper });
    const r = createRegion('float64', 1000);
    const lo = new Store(r, [500], [1], 0);
    const hi = new Store(r, [500], [1], 500);
    const evens = new Store(r, [500], [2], 0);
    for (let k = 0; k < 3; k++)
      launch({ op: 'spin', kernel: EK.spin, args: [{ store: lo, privilege: 'read-write' }], scalars: [5] });
    launch({ op: 'spin', kernel: EK.spin, args: [{ store: hi, privilege: 'read-write' }], scalars: [0] });
    launch({ op: 'spin', kernel: EK.spin, args: [{ store: evens, privilege: 'read-write' }], scalars: [0] });
    const got = await readStoreAsync(Store.whole(r));
    for (let i = 0; i < 1000; i++) expect(got[i]).toBe((i < 500 ? 3 : 1) + (i % 2 === 0 ? 1 : 0));
    await fenceAsync();
  });

  it('runs a kernel registered with a warm-up input', () => {
    configure({ workers, mapper: poolMapper });
    const o = vec(10);
    launch({ op: 'warmed', kernel: EK.warmed, args: [{ store: o, privilege: 'write' }] });
    expect(Array.from(readStore(o))).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
  });
});

describe('engine: pool lifecycle', () => {
  it('resizes between 0, 1 and 2 with work in flight', () => {
    const y = vec(64);
    for (const w of [2, 0, 1, 2, 1, 0, 2]) {
      configure({ workers: w, mapper: poolMapper });
      launch({ op: 'spin', kernel: EK.spin, args: [{ store: y, privilege: 'read-write' }], scalars: [2] });
      expect(workerCount()).toBe(w);
    }
    expect(Array.from(readStore(y))).toEqual(new Array(64).fill(7));
    expect(currentPool()?.size).toBe(2);
  });

  it.each([
    ['static', poolMapper],
    ['shared', sharingMapper],
  ] as const)(
    'a worker that exits inside a kernel is replaced and its task fails clearly (%s pieces)',
    async (_n, mapper) => {
      configure({ workers: 2, mapper });
      const y = vec(10);
      fill(y, 0);
      await warmPool();
      const z = vec(10);
      launch({ op: 'quit', kernel: EK.exit, args: [{ store: y, privilege: 'write' }] });
      expect(() => readStore(y)).toThrow(/quit: worker thread died/);
      fill(z, 4);
      fill(y, 2);
      expect(Array.from(readStore(y))).toEqual(new Array(10).fill(2));
      expect(Array.from(readStore(z))).toEqual(new Array(10).fill(4));
    },
  );

  it.each([
    ['static', poolMapper],
    ['shared', sharingMapper],
  ] as const)(
    'a worker terminated from outside fails its pending tasks; a blocked read does not hang (%s pieces)',
    async (_n, mapper) => {
      configure({ workers: 2, mapper });
      const y = vec(10);
      fill(y, 1);
      readStore(y);
      await warmPool();
      launch({ op: 'long', kernel: EK.spin, args: [{ store: y, privilege: 'read-write' }], scalars: [3000] });
      currentPool()!.flush();
      await new Promise((r) => setTimeout(r, 20));
      const threads = currentPool()!.piscina.threads;
      const t0 = Date.now();
      void threads[0]!.terminate();
      void threads[1]!.terminate();
      expect(() => readStore(y)).toThrow(/long: worker thread died/);
      expect(Date.now() - t0).toBeLessThan(2000);
      await new Promise((r) => setTimeout(r, 100));
      fill(y, 6);
      expect(Array.from(readStore(y))).toEqual(new Array(10).fill(6));
    },
  );

  it('validates kernel registration', () => {
    expect(() => registerKernel(EK.fill, () => {})).toThrow(ValueError);
    expect(() => registerKernel('test.engine.badWarm', () => {}, { warm: 3 as never })).toThrow(
      "registerKernel: argument 'warm' expected a function, received 3",
    );
  });
});
