/**
 * The per-dtype image kernels (runtime/image-kernel.ts, issue 24) give exactly the slots of the
 * kernel they replaced (tests/runtime/image-kernel-ref.ts): the same count and the same pairs,
 * bit for bit (-0 included), for random sources of every dtype (int32 values anywhere in the
 * int32 range, NaN-free floats: fractional, ±0, ±Infinity), all three modes, exact or not,
 * random pieces, slot sizes K (so the coarsening runs), contiguous, strided and offset views,
 * in the region heap (the Wasm scan) or not, at pool sizes 0, 1, 2.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DefaultMapper, type Mapper } from '../../mapper/index.js';
import type { DType } from '../../runtime/dtype.js';
import { deferImage, type PendingImage } from '../../runtime/image-task.js';
import {
  configure,
  createRegion,
  type ImageMode,
  IntervalSet,
  Partition,
  Rect,
  readStore,
  regionFromArray,
  Store,
} from '../../runtime/index.js';
import { REFERENCE_IMAGE_KERNEL } from './image-kernel-ref.js';

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
  dtype: DType;
  mode: ImageMode;
  exact: boolean;
  ext: number;
  K: number;
  /** Rows of the source (points for 'point', rows for 'range', n for n + 1 offsets). */
  rows: number;
  /** Element distance of consecutive rows, the view's first element, and 'range''s column distance. */
  step: number;
  offset: number;
  colStep: 'row-major' | 'column-major';
  inHeap: boolean;
  /** Values drawn anywhere, ascending (CSR-like), or ascending with small steps back. */
  order: 'random' | 'ascending' | 'nearly';
  seed: number[];
  cuts: number[][];
}

const EXTS = [0, 1, 7, 64, 1000, 6000, 2 ** 31 - 1, 2 ** 31 + 5];

const caseArb: fc.Arbitrary<Case> = fc.record({
  dtype: fc.constantFrom<DType>('int32', 'int32', 'float64', 'float32', 'uint8'),
  mode: fc.constantFrom<ImageMode>('point', 'point', 'offsets', 'range'),
  exact: fc.boolean(),
  ext: fc.oneof(fc.constantFrom(...EXTS), fc.integer({ min: 1, max: 6000 })),
  K: fc.oneof(fc.constant(256), fc.integer({ min: 1, max: 40 })),
  rows: fc.integer({ min: 1, max: 3000 }),
  step: fc.constantFrom(1, 1, 1, 2, 3),
  offset: fc.constantFrom(0, 0, 5),
  colStep: fc.constantFrom<'row-major' | 'column-major'>('row-major', 'column-major'),
  inHeap: fc.constantFrom(true, true, false),
  order: fc.constantFrom<Case['order']>('random', 'ascending', 'nearly'),
  seed: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
  cuts: fc.array(fc.array(fc.nat({ max: 3000 }), { maxLength: 8 }), { minLength: 1, maxLength: 5 }),
});

/** A deterministic draw from the case's seed. */
function rng(seed: number[]): (k: number) => number {
  let h = seed[0]! + 1;
  return (k: number) => {
    h = (Math.imul(h ^ seed[k % 64]!, 2654435761) + k) >>> 0;
    return h;
  };
}

/** A value near [0, ext) mostly, sometimes far outside or (floats) fractional, ±0, ±Infinity. */
function pointValue(c: Case, r: (k: number) => number, i: number): number {
  const span = Math.min(c.ext, 1 << 20);
  const kind = r(i) % 16;
  let v = (r(i + 1) % (span + 6)) - 3;
  if (kind === 0) v = c.ext - 1 - (r(i + 2) % 3);
  else if (kind === 1) v = (r(i + 2) | 0) * (r(i + 3) % 2 === 0 ? 1 : -1);
  if (c.dtype === 'float64' || c.dtype === 'float32') {
    if (kind === 2) v += 0.5;
    else if (kind === 3) v = r(i + 4) % 2 === 0 ? -0 : 0;
    else if (kind === 4 && r(i + 5) % 8 === 0) v = r(i + 6) % 2 === 0 ? Infinity : -Infinity;
  }
  return v;
}

function sourceOf(c: Case): { src: Store; part: Partition } {
  const r = rng(c.seed);
  const rows = c.rows;
  let values: number[];
  // Ascending: a walk from a random value by steps 0–8 (back 1–2 now and then when 'nearly').
  let walk = pointValue(c, r, 0);
  const next = (i: number) => {
    if (c.order === 'random') return pointValue(c, r, 3 * i);
    walk += c.order === 'nearly' && r(i + 11) % 6 === 0 ? -1 - (r(i + 12) % 2) : r(i + 13) % 9;
    return walk;
  };
  if (c.mode === 'offsets') {
    values = [r(0) % 4];
    for (let i = 0; i < rows; i++) {
      const back = c.order === 'nearly' && r(i + 5) % 7 === 0;
      values.push(values[i]! + (back ? -1 - (r(i + 6) % 3) : r(i) % 5 === 0 ? 0 : r(i + 7) % 9));
    }
  } else if (c.mode === 'range') {
    values = [];
    for (let i = 0; i < rows; i++) {
      const s = next(i);
      values.push(s, s + (r(i + 3) % 7) - 1);
    }
  } else values = Array.from({ length: rows }, (_, i) => next(i));
  // The source's elements laid out with the case's offset and strides inside a larger region.
  const points = c.mode === 'offsets' ? rows + 1 : rows;
  const cols = c.mode === 'range' ? 2 : 1;
  const s0 = c.colStep === 'column-major' && cols === 2 ? c.step : cols * c.step;
  const s1 = c.colStep === 'column-major' && cols === 2 ? points * c.step + 1 : 1;
  const size = c.offset + (points - 1) * s0 + (cols - 1) * s1 + 1;
  const region = c.inHeap
    ? createRegion(c.dtype, size)
    : regionFromArray(
        new (ctor(c.dtype))(new SharedArrayBuffer(size * bytes(c.dtype)) as unknown as ArrayBuffer),
      );
  const data = region.data;
  for (let i = 0; i < points; i++)
    for (let j = 0; j < cols; j++) data[c.offset + i * s0 + j * s1] = values[i * cols + j]!;
  const src =
    cols === 2
      ? new Store(region, [rows, 2], [s0, s1], c.offset)
      : new Store(region, [points], [s0], c.offset);
  const sets = c.cuts.map((cut) => {
    const pts = [...new Set(cut.map((v) => v % (rows + 1)))].sort((a, b) => a - b);
    if (pts.length % 2 === 1) pts.push(rows);
    return IntervalSet.fromSortedPairs(pts.filter((_, k) => pts[k | 1]! > pts[k & ~1]!));
  });
  const space = cols === 2 ? Rect.fromShape([rows, 2]) : Rect.fromShape([points]);
  return { src, part: new Partition('image', space, sets) };
}

function ctor(d: DType) {
  return d === 'int32'
    ? Int32Array
    : d === 'float64'
      ? Float64Array
      : d === 'float32'
        ? Float32Array
        : Uint8Array;
}
function bytes(d: DType): number {
  return ctor(d).BYTES_PER_ELEMENT;
}

/** A pending image's slots: per color, the count then its pairs (the rest of a slot is unused). */
function slots(p: PendingImage): number[][] {
  const data = readStore(p.out) as Float64Array;
  const W = 1 + 2 * p.K;
  const out: number[][] = [];
  for (let c = 0; c < p.colors; c++) out.push(Array.from(data.subarray(c * W, c * W + 1 + 2 * data[c * W]!)));
  return out;
}

/** Equal element by element as `Object.is` sees them (so -0 and 0 differ). */
function sameBits(a: number[][], b: number[][]): boolean {
  if (a.length !== b.length) return false;
  for (let c = 0; c < a.length; c++) {
    if (a[c]!.length !== b[c]!.length) return false;
    for (let k = 0; k < a[c]!.length; k++) if (!Object.is(a[c]![k], b[c]![k])) return false;
  }
  return true;
}

describe('per-dtype image kernels', () => {
  for (const workers of [0, 1, 2]) {
    it(`give exactly the reference kernel's slots (pool size ${workers})`, () => {
      configure({ workers, mapper: new Posting() });
      fc.assert(
        fc.property(caseArb, (c) => {
          const { src, part } = sourceOf(c);
          const want = deferImage(src, part, c.mode, c.exact, c.ext, {
            K: c.K,
            kernel: REFERENCE_IMAGE_KERNEL,
          });
          const got = deferImage(src, part, c.mode, c.exact, c.ext, { K: c.K });
          expect(want).not.toBeNull();
          const w = slots(want!);
          const g = slots(got!);
          if (!sameBits(w, g)) expect(g).toEqual(w);
          expect(sameBits(w, g)).toBe(true);
        }),
        { numRuns: workers === 0 ? 300 : 120 },
      );
    });
  }

  it("range rows whose start steps back by one are merged in the starts' order", () => {
    configure({ workers: 0, mapper: new DefaultMapper() });
    const region = createRegion('int32', 10);
    region.data.set([0, 1, 5, 6, 4, 5, 9, 10, 8, 8]);
    const src = Store.shaped(region, [5, 2]);
    const part = new Partition('image', Rect.fromShape([5, 2]), [IntervalSet.fromSortedPairs([0, 5])]);
    const want = slots(deferImage(src, part, 'range', true, 20, { kernel: REFERENCE_IMAGE_KERNEL })!);
    expect(want).toEqual([[3, 0, 1, 4, 6, 9, 10]]);
    expect(slots(deferImage(src, part, 'range', true, 20)!)).toEqual(want);
  });

  it('scan long int32 pieces (the Wasm path) with values at the int32 extremes', () => {
    configure({ workers: 2, mapper: new Posting() });
    const n = 100_003;
    const cases: [number, number, number][] = [
      // [ext, a value planted at a position, its position]
      [1000, 999, 70_001],
      [1000, 0, 5],
      [2 ** 31 + 5, 2 ** 31 - 1, 99_999],
      [2 ** 31 - 1, 2 ** 31 - 2, 64],
      [10, -(2 ** 31), 17],
    ];
    for (const [ext, planted, at] of cases) {
      const region = createRegion('int32', n);
      const d = region.data as Int32Array;
      for (let i = 0; i < n; i++) d[i] = ((i * 7919) % (2 * Math.min(ext, 5000))) + 1 - Math.min(ext, 5000);
      d[at] = planted;
      const src = Store.whole(region);
      const part = new Partition('image', Rect.fromShape([n]), [
        IntervalSet.fromSortedPairs([0, 50_000, 50_001, n]),
        IntervalSet.fromSortedPairs([3, 99_000]),
      ]);
      const want = slots(deferImage(src, part, 'point', false, ext, { kernel: REFERENCE_IMAGE_KERNEL })!);
      const got = slots(deferImage(src, part, 'point', false, ext)!);
      expect(got).toEqual(want);
      // Against a plain loop too.
      let mn = Infinity;
      let mx = -1;
      for (let i = 0; i < n; i++)
        if (d[i]! >= 0 && d[i]! < ext) [mn, mx] = [Math.min(mn, d[i]!), Math.max(mx, d[i]!)];
      if (mx >= 0) expect(got[0]).toEqual([1, mn, mx + 1]);
    }
  });
});
