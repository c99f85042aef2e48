/**
 * Images as tasks (issue 17 item 3, runtime/image-task.ts): the image of each source piece is
 * computed by a point task on the pool; the launch that asked runs with a provisional image and
 * the next request collects the tasks' result. Checked: the tasks' image equals the issuing
 * thread's scan (or, past MAX_INTERVALS intervals, is a superset of at most that many), at pool
 * sizes 0, 1, 2; the first SpMV on a fresh matrix scans no index array on the issuing thread and
 * gives bitwise the results of pool size 0; failures of the source still reach the readers;
 * launches that write a derived argument still get exact images at once.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import type { Mapper } from '../../mapper/index.js';
import { DefaultMapper } from '../../mapper/index.js';
import { imagePieces, imageScanStats } from '../../runtime/image.js';
import { deferImage, finishImage, isProvisional, MAX_INTERVALS } from '../../runtime/image-task.js';
import {
  align,
  configure,
  createRegion,
  fence,
  type ImageMode,
  IntervalSet,
  image,
  launch,
  Partition,
  partitionStats,
  Rect,
  readStore,
  registerKernel,
  Store,
  TaskError,
} from '../../runtime/index.js';
import { setPlanObserver } from '../../runtime/solver.js';
import * as sparse from '../../sparse/index.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

/** Every piece posted (none inline), so the tasks run on the workers. */
class Posting implements Mapper {
  pieces(q: { volume: number; workers: number }): number {
    return Math.max(1, Math.min(q.workers * 2 || 1, q.volume));
  }
  worker(c: number, _n: number, w: number): number {
    return w > 0 ? c % w : 0;
  }
  inline(_op: string, _b: number, w: number): boolean {
    return w === 0;
  }
}

interface Case {
  mode: ImageMode;
  exact: boolean;
  ext: number;
  values: number[];
  pieces: number[][];
}

/** A source of `n` points (rows for 'range') and pieces as sorted interval pairs (may overlap). */
const caseArb: fc.Arbitrary<Case> = fc
  .record({
    mode: fc.constantFrom<ImageMode>('point', 'offsets', 'range'),
    exact: fc.boolean(),
    ext: fc.integer({ min: 1, max: 6000 }),
    n: fc.integer({ min: 1, max: 2500 }),
    seed: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
    cuts: fc.array(fc.array(fc.nat({ max: 1000 }), { maxLength: 8 }), { minLength: 1, maxLength: 5 }),
  })
  .map(({ mode, exact, ext, n, seed, cuts }) => {
    let h = seed[0]! + 1;
    const rnd = (k: number) => {
      h = (Math.imul(h ^ seed[k % 64]!, 2654435761) + k) >>> 0;
      return h;
    };
    let values: number[];
    if (mode === 'offsets') {
      values = [0];
      for (let i = 0; i < n; i++) values.push(values[i]! + (rnd(i) % 5 === 0 ? 0 : rnd(i + 7) % 9));
    } else if (mode === 'range') {
      values = [];
      for (let i = 0; i < n; i++) {
        const s = (rnd(i) % (ext + 6)) - 3;
        values.push(s, s + (rnd(i + 3) % 7) - 1);
      }
    } else {
      values = Array.from({ length: n }, (_, i) => (rnd(i) % (ext + 6)) - 3);
    }
    const pieces = cuts.map((c) => {
      const pts = [...new Set(c.map((v) => v % (n + 1)))].sort((a, b) => a - b);
      if (pts.length % 2 === 1) pts.push(n);
      return pts;
    });
    return { mode, exact, ext, values, pieces };
  });

function sourceOf(c: Case): { src: Store; part: Partition } {
  const r = createRegion('int32', c.values.length);
  r.data.set(c.values);
  const rows =
    c.mode === 'range' ? c.values.length / 2 : c.mode === 'offsets' ? c.values.length - 1 : c.values.length;
  const src = c.mode === 'range' ? Store.shaped(r, [rows, 2]) : new Store(r, [rows], [1], 0);
  const sets = c.pieces.map((p) => IntervalSet.fromSortedPairs(p.filter((_, k) => p[k | 1]! > p[k & ~1]!)));
  const space = c.mode === 'range' ? Rect.fromShape([rows, 2]) : Rect.fromShape([rows]);
  return { src, part: new Partition('image', space, sets) };
}

describe('image tasks', () => {
  for (const workers of [0, 1, 2]) {
    it(`equal the issuing thread's scan, or a bounded superset (pool size ${workers})`, () => {
      configure({ workers, mapper: new Posting() });
      fc.assert(
        fc.property(caseArb, (c) => {
          const { src, part } = sourceOf(c);
          const want = imagePieces(src, part, c.mode, c.exact, c.ext);
          const pending = deferImage(src, part, c.mode, c.exact, c.ext);
          expect(pending).not.toBeNull();
          const got = finishImage(pending!);
          expect(got.length).toBe(want.length);
          for (let k = 0; k < want.length; k++) {
            if (want[k]!.count <= MAX_INTERVALS) expect(got[k]!.bounds).toEqual(want[k]!.bounds);
            else {
              expect(got[k]!.contains(want[k]!)).toBe(true);
              expect(got[k]!.count).toBeLessThanOrEqual(MAX_INTERVALS);
              expect(got[k]!.lo >= 0 && got[k]!.hi <= c.ext).toBe(true);
            }
          }
        }),
        { numRuns: workers === 0 ? 150 : 60 },
      );
    });
  }
});

/** The 5-point Poisson matrix on an nx × nx grid, assembled from COO entries (a fresh CSR). */
function poisson(nx: number): sparse.csr_array {
  const row: number[] = [];
  const col: number[] = [];
  const val: number[] = [];
  for (let i = 0; i < nx; i++)
    for (let j = 0; j < nx; j++) {
      const p = i * nx + j;
      const put = (q: number, v: number) => {
        row.push(p);
        col.push(q);
        val.push(v);
      };
      if (i > 0) put(p - nx, -1);
      if (j > 0) put(p - 1, -1);
      put(p, 4);
      if (j < nx - 1) put(p + 1, -1);
      if (i < nx - 1) put(p + nx, -1);
    }
  const n = nx * nx;
  return sparse
    .coo_array(
      [np.array(Float64Array.from(val)), [np.array(Int32Array.from(row)), np.array(Int32Array.from(col))]],
      {
        shape: [n, n],
      },
    )
    .tocsr() as sparse.csr_array;
}

describe('the first SpMV on a fresh matrix', () => {
  const nx = 160; // 127,360 nonzeros: above the scan threshold
  const results: Float64Array[][] = [];
  for (const workers of [0, 1, 2]) {
    it(`scans no index array on the issuing thread; same bits (pool size ${workers})`, () => {
      configure({ workers, mapper: new DefaultMapper() });
      const A = poisson(nx);
      const x = np.array(Float64Array.from({ length: nx * nx }, (_, i) => 1 + (i % 13) * 0.125));
      fence();
      const s0 = imageScanStats().points;
      const y1 = A.dot(x);
      const scanned = imageScanStats().points - s0;
      // With a pool: the offsets image only, two values a piece. (Pool size 0: one inline piece, no image.)
      if (workers > 0) expect(scanned).toBeLessThan(100);
      // Which SpMV plans held a provisional image (a traced plan must not keep one for good).
      const provisional: boolean[] = [];
      setPlanObserver((plan) => {
        if (plan.spec.op === 'csr.spmv') provisional.push(plan.partitions.some((p) => isProvisional(p)));
      });
      const y2 = A.dot(x);
      const y3 = A.dot(x);
      const c0 = partitionStats().imageComputations;
      const y4 = A.dot(x);
      setPlanObserver(null);
      expect(partitionStats().imageComputations - c0).toBe(0); // steady state from the third call
      if (workers > 0) expect(provisional).toEqual([false, false, false]);
      const ys = [y1, y2, y3, y4].map((y) => y.toArray() as Float64Array);
      for (const y of ys) expect(y).toEqual(ys[0]);
      results.push(ys);
      if (results.length > 1) expect(ys[0]).toEqual(results[0]![0]);
      // Against a plain loop at a few rows.
      for (const i of [0, 1, nx, (nx * nx) >> 1, nx * nx - 1]) {
        const r = Math.floor(i / nx);
        const c = i % nx;
        const xv = (k: number) => 1 + (k % 13) * 0.125;
        let want = 4 * xv(i);
        if (r > 0) want -= xv(i - nx);
        if (c > 0) want -= xv(i - 1);
        if (c < nx - 1) want -= xv(i + 1);
        if (r < nx - 1) want -= xv(i + nx);
        expect(ys[0]![i]).toBe(want);
      }
    });
  }
});

registerKernel('test.image.fill', (t) => {
  const o = t.arrays[0]!;
  if (t.scalars[0] === 1) throw new Error('bad indices');
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = (i * 7) % t.scalars[1]!;
});
registerKernel('test.image.gather', (t) => {
  const idx = t.arrays[0]!;
  const x = t.arrays[1]!;
  const y = t.arrays[2]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) y[i] = x[idx[i]!]!;
});
registerKernel('test.image.scatter', (t) => {
  const idx = t.arrays[0]!;
  const x = t.arrays[1]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) x[idx[i]!] = i;
});

describe('images of sources with writes in flight', () => {
  const n = 100_000;
  const m = 5000;
  const gather = (idx: Store, x: Store, y: Store) =>
    launch({
      op: 'gather',
      kernel: 'test.image.gather',
      args: [
        { store: idx, privilege: 'read' },
        { store: x, privilege: 'read' },
        { store: y, privilege: 'write-discard' },
      ],
      constraints: [align(0, 2), image(0, 1, 'point')],
      key: 2,
    });
  const fill = (idx: Store, fail: number) =>
    launch({
      op: 'fill',
      kernel: 'test.image.fill',
      args: [{ store: idx, privilege: 'write-discard' }],
      scalars: [fail, m],
    });

  it('a failed write of the source reaches the readers (pool size 2)', () => {
    configure({ workers: 2, mapper: new Posting() });
    const idx = Store.whole(createRegion('int32', n));
    const x = Store.whole(createRegion('float64', m));
    fill(idx, 1);
    const y = Store.whole(createRegion('float64', n));
    gather(idx, x, y);
    expect(() => readStore(y)).toThrow(TaskError);
    const y2 = Store.whole(createRegion('float64', n));
    expect(() => {
      gather(idx, x, y2);
      readStore(y2);
    }).toThrow(TaskError);
  });

  for (const workers of [0, 1, 2]) {
    it(`gathers and scatters through images: the same values (pool size ${workers})`, () => {
      configure({ workers, mapper: new Posting() });
      const idx = Store.whole(createRegion('int32', n));
      const xr = createRegion('float64', m);
      for (let k = 0; k < m; k++) xr.data[k] = k * 0.5;
      const x = Store.whole(xr);
      fill(idx, 0);
      const ys: Float64Array[] = [];
      for (let k = 0; k < 3; k++) {
        const y = Store.whole(createRegion('float64', n));
        gather(idx, x, y);
        ys.push(readStore(y) as Float64Array);
      }
      for (const y of ys) for (let i = 0; i < n; i += 997) expect(y[i]).toBe(((i * 7) % m) * 0.5);
      // A launch writing through an image gets the exact image at once (scanned here).
      const idx2 = Store.whole(createRegion('int32', n));
      fill(idx2, 0);
      const s0 = imageScanStats().points;
      launch({
        op: 'scatter',
        kernel: 'test.image.scatter',
        args: [
          { store: idx2, privilege: 'read' },
          { store: x, privilege: 'write' },
        ],
        constraints: [image(0, 1, 'point')],
        key: 0,
      });
      const xs = readStore(x) as Float64Array;
      if (workers > 0) expect(imageScanStats().points - s0).toBeGreaterThanOrEqual(n);
      const want = new Float64Array(m);
      for (let k = 0; k < m; k++) want[k] = k * 0.5;
      for (let i = 0; i < n; i++) want[(i * 7) % m] = i;
      // The pieces' exact images overlap (both write all of x): the later piece waits for the
      // earlier one, so the last writer of each index is the last source point naming it.
      expect(xs).toEqual(want);
    });
  }
});
