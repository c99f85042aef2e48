/**
 * Launch-pair fusion (runtime/launch-fusion.ts) inside `np.fuse`: an update then the dot of its
 * result, and an SpMV then `p·q`, run as one launch (seen in the task timeline) and give the bits
 * of the same code unfused; pairs that do not qualify run as before; a read, a lazy array or a
 * failure inside the fused function sees the held launch's writes in program order. Pool sizes
 * 0, 1 and 2.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { DefaultMapper } from '../../mapper/index.js';
import {
  ConstraintError,
  configure,
  createRegion,
  image,
  launch,
  readStore,
  registerKernel,
  Store,
  traceStart,
  traceStop,
  withFusedLaunches,
} from '../../runtime/index.js';
import { poisson2d } from '../reliability/poisson.js';
import { warmPool } from './pool-helpers.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

registerKernel('lf.add1', (t) => {
  const a = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) a[i] = a[i]! + 1;
});
// A reduction that throws at element scalars[0] (not registered nothrow: never fused).
registerKernel('lf.sumThrowAt', (t) => {
  const a = t.arrays[0]!;
  let s = 0;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) {
    if (i === t.scalars[0]) throw new RangeError('bad element');
    s += a[i]!;
  }
  t.partials![(t.lo[0]! / t.block) | 0] = s;
});
// Piece 1 spins 200 ms before filling: a slow earlier writer.
registerKernel('lf.slowFill', (t) => {
  if (t.lo[0]! > 0) {
    const e = Date.now() + 200;
    while (Date.now() < e);
  }
  const a = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) a[i] = t.scalars[0]!;
});
registerKernel('lf.reverseIota', (t) => {
  const a = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) a[i] = t.shapes[0]![0]! - 1 - i;
});
// Σ y[idx[i]] per block; registered nothrow so that only the image rule can refuse the pair.
registerKernel(
  'lf.gatherSum',
  (t) => {
    const idx = t.arrays[0]!;
    const y = t.arrays[1]!;
    const B = t.block;
    for (let b0 = t.lo[0]!; b0 < t.hi[0]!; ) {
      const e = Math.min(t.hi[0]!, (Math.floor(b0 / B) + 1) * B);
      let s = 0;
      for (let i = b0; i < e; i++) s += y[idx[i]!]!;
      t.partials![(b0 / B) | 0] = s;
      b0 = e;
    }
  },
  { nothrow: true },
);

type ndarray = np.ndarray;

function floats(n: number, seed: number): number[] {
  let s = seed >>> 0 || 1;
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = s / 2 ** 32 - 0.5;
  }
  return out;
}

const axmyDot = np.fuse((y: ndarray, a: ndarray | number, x: ndarray) => {
  np.subtract(y, np.multiply(x, a), { out: y });
  return np.dot(y, y);
});

/** The ops the launches of `f` ran as (task timeline). */
function opsOf(f: () => void): Set<string> {
  traceStart();
  f();
  return new Set(traceStop().map((r) => r.op));
}

for (const workers of [0, 1, 2]) {
  describe(`launch-pair fusion (workers=${workers})`, () => {
    it('an update and the dot of its result: one launch, the unfused bits', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 30_000 }),
          fc.integer({ min: 1, max: 1e6 }),
          fc.double({ min: -4, max: 4, noNaN: true }),
          (n, seed, a) => {
            const y0 = floats(n, seed);
            const x0 = floats(n, seed + 7);
            const y1 = np.array(y0);
            const y2 = np.array(y0);
            const x = np.array(x0);
            const fused = axmyDot(y1, a, x).item() as number;
            np.subtract(y2, np.multiply(x, a), { out: y2 });
            const plain = np.dot(y2, y2).item() as number;
            expect(Object.is(fused, plain) || [fused, plain]).toBe(true);
            expect(np.array_equal(y1, y2)).toBe(true);
          },
        ),
        { numRuns: 25 },
      );
      // Large enough for the pool: the timeline shows the fused launch.
      const y = np.array(floats(300_000, 3));
      const x = np.array(floats(300_000, 4));
      const ops = opsOf(() => axmyDot(y, np.dot(x, x), x).item());
      if (workers > 0) expect(ops.has('subtract+dot')).toBe(true);
    });

    it('an SpMV and p·(A p): one launch, the unfused bits', () => {
      configure({ workers });
      const A = poisson2d(120);
      const n = A.shape[0]!;
      const spmvDot = np.fuse((p: ndarray, q: ndarray) => {
        A.dot(p, { out: q });
        return np.dot(p, q);
      });
      for (const seed of [1, 2, 3]) {
        const p = np.array(floats(n, seed));
        const q1 = np.empty([n]);
        const q2 = np.empty([n]);
        let fused = Number.NaN;
        const ops = opsOf(() => {
          fused = spmvDot(p, q1).item() as number;
        });
        A.dot(p, { out: q2 });
        const plain = np.dot(p, q2).item() as number;
        expect(Object.is(fused, plain) || [fused, plain]).toBe(true);
        expect(np.array_equal(q1, q2)).toBe(true);
        if (workers > 0) expect(ops.has('csr.spmv+dot')).toBe(true);
      }
    });

    it('pairs that do not qualify run as written, with the same results', () => {
      configure({ workers });
      const n = 200_000;
      const base = floats(n, 9);
      // The dot reads shifted views of the array written: not element for element.
      const shifted = np.fuse((r: ndarray) => {
        np.multiply(r, 0.5, { out: r });
        return np.dot(r.get('1:'), r.get(':-1'));
      });
      const r1 = np.array(base);
      const r2 = np.array(base);
      let got = Number.NaN;
      const ops = opsOf(() => {
        got = shifted(r1).item() as number;
      });
      np.multiply(r2, 0.5, { out: r2 });
      expect(Object.is(got, np.dot(r2.get('1:'), r2.get(':-1')).item())).toBe(true);
      expect([...ops].some((o) => o.includes('+'))).toBe(false);
      // A second write after the held one: both run, in order.
      const twice = np.fuse((r: ndarray) => {
        np.add(r, 1, { out: r });
        np.multiply(r, 3, { out: r });
        return np.sum(r);
      });
      const r3 = np.array(base);
      const r4 = np.array(base);
      const s3 = twice(r3).item() as number;
      np.add(r4, 1, { out: r4 });
      np.multiply(r4, 3, { out: r4 });
      expect(Object.is(s3, np.sum(r4).item())).toBe(true);
      expect(np.array_equal(r3, r4)).toBe(true);
    });

    it('reads and lazy arrays inside the fused function see the held write', () => {
      configure({ workers });
      const n = 150_000;
      const f = np.fuse((r: ndarray) => {
        np.add(r, 1, { out: r }); // held
        const first = r.get('0').item() as number; // a read: issued first
        np.add(r, 1, { out: r }); // held again
        const t = np.multiply(r, 2); // lazy, made after the held write
        np.subtract(r, 100, { out: r }); // writes r: t must keep r + 2, doubled
        return [first, t.copy()] as const;
      });
      const r = np.zeros([n]);
      const [first, t] = f(r);
      expect(first).toBe(1);
      expect(np.array_equal(t, np.full([n], 4))).toBe(true);
      expect(np.array_equal(r, np.full([n], -98))).toBe(true);
    });
  });
}

describe('launch-pair fusion: what must not change (review findings)', () => {
  it('a held write bumps versions once: consumed intermediates stay valid', () => {
    configure({ workers: 0, mapper: new DefaultMapper() });
    const f = np.fuse((r: ndarray, q: ndarray) => {
      np.subtract(r, np.multiply(q, 2), { out: r });
      const t = np.multiply(r, 2);
      const u = np.add(t, 1);
      return [t, u] as const;
    });
    const [t, u] = f(np.full([1000], 5, { dtype: 'float64' }), np.ones([1000]));
    expect(np.array_equal(t, np.full([1000], 6))).toBe(true);
    expect(np.array_equal(u, np.full([1000], 7))).toBe(true);
  });

  it('a malformed launch after a held one: the held write still happens, the error is the solver’s', () => {
    configure({ workers: 0, mapper: new DefaultMapper() });
    const r = Store.whole(createRegion('float64', 8));
    expect(() =>
      withFusedLaunches(() => {
        launch({ op: 'add1', kernel: 'lf.add1', args: [{ store: r, privilege: 'read-write' }], key: 0 });
        launch({ op: 'bad', kernel: 'lf.add1', args: [{ store: r, privilege: 'read' }], key: 3 });
      }),
    ).toThrow(ConstraintError);
    expect(Array.from(readStore(r) as Float64Array)).toEqual(new Array(8).fill(1));
  });

  for (const workers of [0, 2]) {
    it(`a reduction that may throw is not fused: the update stands, only the future fails (workers=${workers})`, () => {
      configure({ workers, mapper: new DefaultMapper({ inlineLaunchBytes: 0 }) });
      const r = Store.whole(createRegion('float64', 16));
      const f = withFusedLaunches(() => {
        launch({ op: 'add1', kernel: 'lf.add1', args: [{ store: r, privilege: 'read-write' }], key: 0 });
        return launch({
          op: 'sum',
          kernel: 'lf.sumThrowAt',
          args: [{ store: r, privilege: 'read' }],
          scalars: [5],
          key: 0,
          reduce: { combine: 'sum', block: 4 },
        });
      });
      expect(() => f.value()).toThrow(/sum: bad element/);
      expect(Array.from(readStore(r) as Float64Array)).toEqual(new Array(16).fill(1));
    });
  }

  it('no fusion when the reduction’s image reads what the held launch writes (workers=2)', async () => {
    configure({
      workers: 2,
      mapper: new DefaultMapper({
        inlineBytes: 0,
        inlineLaunchBytes: 0,
        minPieceBytes: 8,
        piecesPerWorker: 1,
        share: false,
      }),
    });
    const n = 64;
    const w = Store.whole(createRegion('float64', n));
    launch({
      op: 'iota',
      kernel: 'lf.reverseIota',
      args: [{ store: w, privilege: 'write-discard' }],
      key: 0,
    });
    readStore(w);
    await warmPool();
    const y = Store.whole(createRegion('float64', n));
    const idx = Store.whole(createRegion('int32', n)); // zeros: every piece's old image is {0}
    readStore(idx);
    launch({
      op: 'slow',
      kernel: 'lf.slowFill',
      args: [{ store: y, privilege: 'write-discard' }],
      scalars: [7],
      key: 0,
    });
    traceStart();
    const f = withFusedLaunches(() => {
      launch({
        op: 'iota',
        kernel: 'lf.reverseIota',
        args: [{ store: idx, privilege: 'write-discard' }],
        key: 0,
      });
      return launch({
        op: 'gather',
        kernel: 'lf.gatherSum',
        args: [
          { store: idx, privilege: 'read' },
          { store: y, privilege: 'read' },
        ],
        constraints: [image(0, 1, 'point')],
        key: 0,
        reduce: { combine: 'sum', block: 8 },
      });
    });
    expect(f.value()).toBe(7 * n);
    expect(traceStop().some((r) => r.op.includes('+'))).toBe(false);
  });
});
