/**
 * Preimages as tasks (issue 17 item 3, runtime/preimage-task.ts): the preimage of a target
 * partition through a source's values is computed by point tasks over the source's rows; a
 * request that may take a stand-in (`defer`) gets a provisional preimage and the next request
 * collects the tasks'. Checked: the tasks' preimage equals the issuing thread's scan (or, past the
 * runs a slot keeps, is a bounded superset) for random sources, targets and all three modes at
 * pool sizes 0, 1, 2; a large preimage scans nothing on the issuing thread (the old path scans
 * every row); a failed write of the source reaches the readers and the next request; a launch
 * partitioned by its output through a preimage gives the same bits at 0, 1, 2 workers as a plain
 * loop; random programs with slow deferred sources complete.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Mapper } from '../../mapper/index.js';
import { DefaultMapper } from '../../mapper/index.js';
import { syncRegion } from '../../runtime/engine.js';
import { imageScanStats, preimagePieces } from '../../runtime/image.js';
import { isProvisional } from '../../runtime/image-task.js';
import {
  configure,
  createRegion,
  fence,
  type ImageMode,
  IntervalSet,
  isProvisional as isProvisionalPublic,
  launch,
  Partition,
  preimagePartition,
  Rect,
  readStore,
  registerKernel,
  Store,
  TaskError,
  tiling,
} from '../../runtime/index.js';
import {
  deferPreimage,
  finishPreimage,
  PRE_DEFER_MIN_ROWS,
  preimageRunsPerSlot,
  preimageTaskCount,
  setPreimageTasks,
} from '../../runtime/preimage-task.js';
import { coo, fillRows, reference, spmvByOutput } from './preimage-spmv.js';

afterAll(() => {
  setPreimageTasks(true);
  configure({ workers: 0, mapper: new DefaultMapper() });
});

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

const sync = (r: Parameters<typeof syncRegion>[0]) => syncRegion(r);

interface Case {
  mode: ImageMode;
  ext: number;
  rows: number;
  values: number[];
  pieces: number[][];
}

/** A source of `rows` rows (values per mode) and a target partition (pieces may overlap). */
const caseArb: fc.Arbitrary<Case> = fc
  .record({
    mode: fc.constantFrom<ImageMode>('point', 'offsets', 'range'),
    ext: fc.integer({ min: 1, max: 3000 }),
    // Past ROWS_PER_TASK (32,768) now and then: several tasks, runs crossing their boundaries.
    rows: fc.oneof(fc.integer({ min: 1, max: 2500 }), fc.integer({ min: 30_000, max: 70_000 })),
    seed: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
    cuts: fc.array(fc.array(fc.nat({ max: 3000 }), { maxLength: 10 }), { minLength: 1, maxLength: 5 }),
    sorted: fc.boolean(),
  })
  .map(({ mode, ext, rows, seed, cuts, sorted }) => {
    let h = seed[0]! + 1;
    const rnd = (k: number) => {
      h = (Math.imul(h ^ seed[k % 64]!, 2654435761) + k) >>> 0;
      return h;
    };
    let values: number[];
    if (mode === 'offsets') {
      values = [0];
      for (let i = 0; i < rows; i++) values.push(values[i]! + (rnd(i) % 4 === 0 ? 0 : rnd(i + 7) % 3));
    } else if (mode === 'range') {
      values = [];
      for (let i = 0; i < rows; i++) {
        const s = (rnd(i) % (ext + 6)) - 3;
        values.push(s, s + (rnd(i + 3) % 7) - 1);
      }
    } else {
      values = Array.from({ length: rows }, (_, i) => (rnd(i) % (ext + 6)) - 3);
      // Sorted values (a row-major COO's rows): long runs, as real preimages have.
      if (sorted) values.sort((a, b) => a - b);
    }
    const pieces = cuts.map((c) => {
      const pts = [...new Set(c.map((v) => v % (ext + 1)))].sort((a, b) => a - b);
      if (pts.length % 2 === 1) pts.push(ext);
      return pts;
    });
    return { mode, ext, rows, values, pieces };
  });

function sourceOf(c: Case): { src: Store; target: Partition } {
  const r = createRegion('int32', c.values.length);
  r.data.set(c.values);
  const src = c.mode === 'range' ? Store.shaped(r, [c.rows, 2]) : new Store(r, [c.rows], [1], 0);
  const sets = c.pieces.map((p) => IntervalSet.fromSortedPairs(p.filter((_, k) => p[k | 1]! > p[k & ~1]!)));
  return { src, target: new Partition('image', Rect.fromShape([c.ext]), sets) };
}

describe('preimage tasks', () => {
  for (const workers of [0, 1, 2]) {
    it(`equal the issuing thread's scan, or a bounded superset (pool size ${workers})`, () => {
      configure({ workers, mapper: new Posting() });
      fc.assert(
        fc.property(caseArb, (c) => {
          const { src, target } = sourceOf(c);
          const want = preimagePieces(src, target, c.mode);
          const pending = deferPreimage(src, target, c.mode);
          expect(pending).not.toBeNull();
          const got = finishPreimage(pending!);
          expect(got.length).toBe(want.length);
          const tasks = preimageTaskCount(c.rows);
          const K = preimageRunsPerSlot(target.colors, tasks);
          for (let k = 0; k < want.length; k++) {
            if (want[k]!.count <= K) expect(got[k]!.bounds).toEqual(want[k]!.bounds);
            else {
              expect(got[k]!.contains(want[k]!)).toBe(true);
              expect(got[k]!.count).toBeLessThanOrEqual(K * tasks);
              expect(got[k]!.lo >= 0 && got[k]!.hi <= c.rows).toBe(true);
            }
          }
        }),
        { numRuns: workers === 0 ? 60 : 25 },
      );
    });
  }
});

describe('a launch partitioned by its output through a preimage', () => {
  const n = 20_000;
  const nnz = 100_000; // above PRE_DEFER_MIN_ROWS: deferred even once the source is complete
  const results: Float64Array[] = [];
  for (const workers of [0, 1, 2]) {
    it(`scans no row on the issuing thread; same bits as a plain loop (pool size ${workers})`, () => {
      expect(nnz).toBeGreaterThanOrEqual(PRE_DEFER_MIN_ROWS);
      configure({ workers, mapper: new Posting() });
      const { row, col, val, x } = coo(n, nnz);
      fillRows(row, n);
      fence();
      const s0 = imageScanStats().points;
      const ys: Float64Array[] = [];
      const provisional: boolean[] = [];
      for (let k = 0; k < 3; k++) {
        const y = Store.whole(createRegion('float64', n));
        provisional.push(isProvisional(spmvByOutput(row, col, val, x, y, 3, workers !== 1)));
        ys.push(readStore(y) as Float64Array);
      }
      const scanned = imageScanStats().points - s0;
      if (workers > 0) {
        expect(scanned).toBe(0);
        expect(provisional).toEqual([true, false, false]);
      } else {
        expect(scanned).toBe(nnz); // no pool: the issuing thread scans, once (then cached)
        expect(provisional).toEqual([false, false, false]);
      }
      // The exact preimage: contiguous row blocks of a sorted COO.
      const pre = preimagePartition(row, tiling([n], 3), 'point', sync, true);
      expect(pre.pieces.map((p) => (p as IntervalSet).count)).toEqual([1, 1, 1]);
      expect(pre.pieces.map(String)).toEqual(preimagePieces(row, tiling([n], 3), 'point').map(String));
      const want = reference(n, nnz, col, val, x);
      for (const y of ys) expect(y).toEqual(want);
      results.push(ys[0]!);
      if (results.length > 1) expect(ys[0]).toEqual(results[0]);
    });
  }

  it('the old path (tasks off) scans every row on the issuing thread', () => {
    configure({ workers: 2, mapper: new Posting() });
    setPreimageTasks(false);
    try {
      const { row, col, val, x } = coo(n, nnz);
      fillRows(row, n);
      fence();
      const s0 = imageScanStats().points;
      const y = Store.whole(createRegion('float64', n));
      spmvByOutput(row, col, val, x, y, 4);
      expect(imageScanStats().points - s0).toBe(nnz);
      expect(readStore(y)).toEqual(reference(n, nnz, col, val, x));
    } finally {
      setPreimageTasks(true);
    }
  });
});

describe('preimages of sources with writes in flight', () => {
  it('a failed write of the source reaches the readers and the next request (pool size 2)', () => {
    configure({ workers: 2, mapper: new Posting() });
    const n = 500;
    const nnz = 3000; // small: deferred because the writer is pending
    const { row, col, val, x } = coo(n, nnz);
    fillRows(row, n, 1, 20);
    const y = Store.whole(createRegion('float64', n));
    const pre = spmvByOutput(row, col, val, x, y, 3);
    expect(isProvisional(pre)).toBe(true);
    expect(() => readStore(y)).toThrow(TaskError);
    expect(() => preimagePartition(row, tiling([n], 3), 'point', sync, true)).toThrow(TaskError);
    const y2 = Store.whole(createRegion('float64', n));
    expect(() => {
      spmvByOutput(row, col, val, x, y2, 3);
      readStore(y2);
    }).toThrow(TaskError);
  });

  it('a deferred preimage superseded by a write before anyone collected it: scanned from then on', () => {
    configure({ workers: 2, mapper: new Posting() });
    const n = 1000;
    const nnz = 100_000;
    const { row } = coo(n, nnz);
    fillRows(row, n);
    fence();
    const blocks = tiling([n], 3);
    expect(isProvisional(preimagePartition(row, blocks, 'point', sync, true))).toBe(true);
    fillRows(row, n >> 1); // a new version before the tasks were collected
    const s0 = imageScanStats().points;
    const pre = preimagePartition(row, blocks, 'point', sync, true);
    expect(isProvisional(pre)).toBe(false);
    expect(imageScanStats().points - s0).toBe(nnz);
    expect(pre.pieces.map(String)).toEqual(['{0:66600}', '{66600:100000}', '{}']); // rows < 333, then < 500
  });

  for (const workers of [1, 2]) {
    it(`random programs with slow deferred sources complete with the loop's values (pool size ${workers})`, () => {
      configure({ workers, mapper: new Posting() });
      fc.assert(
        fc.property(
          fc.array(
            fc.record({
              op: fc.constantFrom('fill', 'spmv', 'spmv', 'read'),
              n: fc.integer({ min: 50, max: 400 }),
              ms: fc.integer({ min: 0, max: 8 }),
              colors: fc.integer({ min: 1, max: 5 }),
            }),
            { minLength: 2, maxLength: 8 },
          ),
          (ops) => {
            const nnz = 1500;
            const { row, col, val, x } = coo(400, nnz);
            let rowsOf = 400;
            fillRows(row, rowsOf);
            const pending: { y: Store; n: number }[] = [];
            for (const o of ops) {
              if (o.op === 'fill') {
                rowsOf = o.n;
                fillRows(row, rowsOf, 0, o.ms);
              } else if (o.op === 'spmv') {
                const y = Store.whole(createRegion('float64', rowsOf));
                spmvByOutput(row, col, val, x, y, o.colors);
                pending.push({ y, n: rowsOf });
              } else if (pending.length > 0) {
                const p = pending.shift()!;
                expect(readStore(p.y)).toEqual(reference(p.n, nnz, col, val, x));
              }
            }
            fence();
            for (const p of pending) expect(readStore(p.y)).toEqual(reference(p.n, nnz, col, val, x));
          },
        ),
        { numRuns: 15 },
      );
    });
  }
});

registerKernel('rows.fill', (t) => {
  const o = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = Math.floor(i / 5);
});

describe('the example of runtime/README.md (public API)', () => {
  it('a preimage computed on the pool while the issuing thread goes on, then collected', () => {
    configure({ workers: 2, mapper: new DefaultMapper() });
    const row = Store.whole(createRegion('int32', 5_000_000)); // a sorted COO's row indices
    launch({ op: 'fill', kernel: 'rows.fill', args: [{ store: row, privilege: 'write-discard' }] });
    const blocks = tiling([1_000_000], 4); // four blocks of output rows
    const s0 = imageScanStats().points;
    let entries = preimagePartition(row, blocks, 'point', () => fence(), true);
    expect(isProvisionalPublic(entries)).toBe(true);
    entries = preimagePartition(row, blocks, 'point', () => fence(), true);
    expect(isProvisionalPublic(entries)).toBe(false);
    expect(entries.pieces.map(String)).toEqual([
      '{0:1250000}',
      '{1250000:2500000}',
      '{2500000:3750000}',
      '{3750000:5000000}',
    ]);
    expect(imageScanStats().points - s0).toBe(0);
  });
});
