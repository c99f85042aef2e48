/**
 * Reduction privileges (issue 17 item 2, runtime/reduction.ts): launches with a `reduce` argument
 * fold into per-block buffers, so same-operator reductions into one region run at the same time,
 * and the buffers are folded in block order: the result is bitwise the same at every pool size,
 * piece count and placement, and equal to the launches run one after another.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DefaultMapper, type Mapper } from '../../mapper/index.js';
import {
  configure,
  createRegion,
  fence,
  launch,
  type RedOp,
  readStore,
  regionFromArray,
  registerKernel,
  Store,
  TaskError,
  traceStart,
  traceStop,
} from '../../runtime/index.js';
import { warmPool } from './pool-helpers.js';

// Busy for scalars[0] ms, then t[i mod m] op= x[i] * scalars[1] (t: argument 1, reduce).
registerKernel('test.red.scatter', (t) => {
  const end = Date.now() + t.scalars[0]!;
  while (Date.now() < end);
  const x = t.arrays[0]!;
  const o = t.arrays[1]!;
  const oo = t.offsets[1]!;
  const os = t.strides[1]![0]!;
  const m = t.shapes[1]![0]!;
  const a = t.scalars[1]!;
  const op = t.scalars[2]!; // 0 sum, 1 max, 2 min, 3 prod
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) {
    const k = oo + (i % m) * os;
    const v = x[i]! * a;
    if (op === 0) o[k] = o[k]! + v;
    else if (op === 1) o[k] = Math.max(o[k]!, v);
    else if (op === 2) o[k] = Math.min(o[k]!, v);
    else o[k] = o[k]! * v;
  }
  if (t.scalars[3]! >= 0 && t.lo[0]! <= t.scalars[3]! && t.scalars[3]! < t.hi[0]!)
    throw new Error('bad input');
});

/** Piece count and the worker of piece 0, set per launch. */
class Knobs implements Mapper {
  count = 1;
  first = 0;
  pieces(q: { volume: number }): number {
    return Math.max(1, Math.min(this.count, q.volume));
  }
  worker(c: number, _n: number, w: number): number {
    return w > 0 ? (c + this.first) % w : 0;
  }
  inline(_op: string, _b: number, w: number): boolean {
    return w === 0;
  }
  share(): boolean {
    return true;
  }
}
const knobs = new Knobs();
const OPS: RedOp[] = ['sum', 'max', 'min', 'prod'];

function scatter(x: Store, t: Store, a: number, op: number, ms = 0, throwAt = -1): void {
  launch({
    op: 'scatter',
    kernel: 'test.red.scatter',
    key: 0,
    args: [
      { store: x, privilege: 'read' },
      { store: t, privilege: 'reduce', redop: OPS[op]! },
    ],
    scalars: [ms, a, op, throwAt],
  });
}

/** Deterministic pseudo-random floats in [-1, 1) with many significant bits. */
function data(n: number, seed: number): Float64Array {
  const out = new Float64Array(n);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = s / 2 ** 31 - 1 + 1 / (i + 3);
  }
  return out;
}

afterAll(() => {
  fence();
  configure({ workers: 0, mapper: new DefaultMapper() });
});

describe('reduce privileges', () => {
  it('two same-operator reductions into one region overlap in time (2 workers)', async () => {
    configure({ workers: 2, mapper: knobs });
    const n = 8192;
    const x = Store.whole(regionFromArray(data(n, 1)));
    const t = Store.whole(createRegion('float64', 16));
    knobs.count = 1;
    scatter(x, t, 1, 0);
    readStore(t);
    await warmPool();
    traceStart();
    knobs.first = 0;
    scatter(x, t, 1, 0, 250);
    knobs.first = 1;
    scatter(x, t, 2, 0, 250);
    readStore(t);
    fence();
    const recs = traceStop().filter((r) => r.op === 'scatter' && r.kind === 'task' && r.end - r.start >= 200);
    expect(recs.length).toBe(2);
    const [p, q] = recs;
    expect(p!.worker).not.toBe(q!.worker);
    // Overlap: each started before the other ended.
    expect(p!.start).toBeLessThan(q!.end);
    expect(q!.start).toBeLessThan(p!.end);
  });

  it('random reductions give bitwise the same region at pool sizes 0, 1, 2, any piece count, and serial', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            op: fc.nat(3),
            a: fc.constantFrom(1, -0.5, 3),
            pieces: fc.integer({ min: 1, max: 5 }),
            first: fc.nat(1),
            view: fc.constantFrom('whole', 'strided', 'reversed'),
            fenceAfter: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 9000 }),
        (steps, n) => {
          const results: string[] = [];
          for (const workers of [0, 1, 2]) {
            for (const serial of [false, true]) {
              configure({ workers, mapper: knobs });
              const x = Store.whole(regionFromArray(data(n, 7)));
              const init = data(40, 3);
              for (let k = 0; k < 40; k++) init[k] = 1 + init[k]! / 8; // away from 0 for products
              const r = regionFromArray(init);
              for (const s of steps) {
                knobs.count = serial ? 1 : s.pieces;
                knobs.first = s.first;
                const t =
                  s.view === 'whole'
                    ? Store.whole(r)
                    : s.view === 'strided'
                      ? new Store(r, [13], [3], 1)
                      : new Store(r, [20], [-1], 30);
                scatter(x, t, s.a, s.op);
                if (serial || s.fenceAfter) fence();
              }
              const bytes = new Uint8Array(readStore(Store.whole(r)).buffer);
              results.push(Buffer.from(bytes).toString('hex'));
            }
          }
          for (const got of results) expect(got).toBe(results[0]);
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);

  it('the fold equals a plain loop over blocks (sum into a view)', () => {
    configure({ workers: 2, mapper: knobs });
    knobs.count = 3;
    const n = 5000; // blocks of 1024 points (runtime/reduction.ts)
    const xs = data(n, 11);
    const x = Store.whole(regionFromArray(xs));
    const r = createRegion('float64', 10);
    scatter(x, new Store(r, [5], [2], 0), 1, 0);
    const want = new Float64Array(10);
    const blk = 1024;
    for (let b0 = 0; b0 < n; b0 += blk) {
      const buf = new Float64Array(5).fill(-0);
      for (let i = b0; i < Math.min(n, b0 + blk); i++) buf[i % 5] = buf[i % 5]! + xs[i]!;
      for (let k = 0; k < 5; k++) want[2 * k] = want[2 * k]! + buf[k]!;
    }
    expect(Array.from(readStore(Store.whole(r)))).toEqual(Array.from(want));
  });

  it('a failing reduction fails the reads of its region; later work runs', () => {
    for (const workers of [0, 2]) {
      configure({ workers, mapper: knobs });
      knobs.count = 2;
      const x = Store.whole(regionFromArray(data(3000, 5)));
      const t = Store.whole(createRegion('float64', 4));
      scatter(x, t, 1, 0, 0, 2500);
      expect(() => readStore(t)).toThrow(TaskError);
      const u = Store.whole(createRegion('float64', 4));
      scatter(x, u, 0, 0);
      expect(Array.from(readStore(u))).toEqual([0, 0, 0, 0]);
    }
  });

  it('an integer region reduces with max and min identities of its type', () => {
    for (const workers of [0, 2]) {
      configure({ workers, mapper: knobs });
      knobs.count = 2;
      const x = Store.whole(regionFromArray(new Float64Array([5, -7, 3, 9, -2, 4])));
      const t = Store.whole(regionFromArray(new Int32Array([0, 100])));
      scatter(x, t, 1, 1); // max
      expect(Array.from(readStore(t))).toEqual([5, 100]);
      scatter(x, t, 1, 2); // min
      expect(Array.from(readStore(t))).toEqual([-2, -7]);
    }
  });
});
