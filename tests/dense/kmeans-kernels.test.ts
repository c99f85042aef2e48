/**
 * The kernels under kmeans' inner loop (benchmarks/programs/ports/kmeans.ts) against naive
 * references, on random shapes and views, at pool sizes 0, 1 and 2 with pieces forced small:
 * - the matrix product with a short sum (K ≤ 8: `data @ centroids.T` has K = 2), each element
 *   Σ in k order from +0 — compared bit for bit, NaN, ±Inf and −0 included;
 * - `argmin`, `argmax`, `min`, `max` along an axis of a 2-D array (one output axis: the row
 *   loop of `reduce-kernels.ts`), NumPy's NaN rules (the first NaN wins), float64 and int32;
 * - `bincount` of strided and reversed views and of other dtypes (read in place, no copies).
 * Every result is the same at every worker count (the references do not depend on it).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

const valueArb = fc.oneof(
  { weight: 40, arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true }) },
  { weight: 10, arbitrary: fc.integer({ min: -3, max: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0),
  },
);

type Layout = 'c' | 'T' | 'step';
/** An r×c float64 (or int32) array holding v (row-major) as a contiguous, transposed or strided view. */
function make(v: number[], r: number, c: number, layout: Layout, dtype: 'float64' | 'int32' = 'float64') {
  if (layout === 'c') return np.array(v, { dtype }).reshape(r, c);
  if (layout === 'T') {
    const t = new Array<number>(r * c);
    for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[j * r + i] = v[i * c + j]!;
    return np.array(t, { dtype }).reshape(c, r).T;
  }
  const t = new Array<number>(4 * r * c).fill(7);
  for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[4 * i * c + 2 * j] = v[i * c + j]!;
  return np
    .array(t, { dtype })
    .reshape(2 * r, 2 * c)
    .get('::2, ::2');
}

const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));

describe.each(POOLS)('short-sum matrix product (K ≤ 8) at pool size %i', (workers) => {
  it('equals Σ in k order from +0, bit for bit, on random shapes and views', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 }) });
    fc.assert(
      fc.property(
        fc
          .record({
            m: fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constantFrom(33, 300)),
            k: fc.integer({ min: 1, max: 8 }),
            n: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(40)),
            la: fc.constantFrom<Layout>('c', 'T', 'step'),
            lb: fc.constantFrom<Layout>('c', 'T', 'step'),
          })
          .chain((c) =>
            fc.record({
              c: fc.constant(c),
              va: fc.array(valueArb, { minLength: c.m * c.k, maxLength: c.m * c.k }),
              vb: fc.array(valueArb, { minLength: c.k * c.n, maxLength: c.k * c.n }),
            }),
          ),
        ({ c, va, vb }) => {
          const got = np.matmul(make(va, c.m, c.k, c.la), make(vb, c.k, c.n, c.lb)).toArray() as Float64Array;
          for (let i = 0; i < c.m; i++) {
            for (let j = 0; j < c.n; j++) {
              let s = 0;
              for (let k = 0; k < c.k; k++) s += va[i * c.k + k]! * vb[k * c.n + j]!;
              if (!same(got[i * c.n + j]!, s)) expect([c, i, j, got[i * c.n + j]]).toEqual([c, i, j, s]);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

type Kind = 'argmin' | 'argmax' | 'min' | 'max';
const REDUCERS: Record<Kind, (a: np.ndarray, o: { axis: number }) => np.ndarray> = {
  argmin: np.argmin,
  argmax: np.argmax,
  min: np.min,
  max: np.max,
};
/** NumPy's reduction of one line: the first NaN wins; else the first extreme. */
function refLine(line: number[], kind: Kind): number {
  let best = line[0]!;
  let at = 0;
  for (let k = 0; k < line.length; k++) {
    const v = line[k]!;
    if (Number.isNaN(v)) {
      best = v;
      at = k;
      break;
    }
    if (kind.endsWith('min') ? v < best : v > best) {
      best = v;
      at = k;
    }
  }
  return kind.startsWith('arg') ? at : best;
}

describe.each(POOLS)('argmin/argmax/min/max along an axis of a matrix at pool size %i', (workers) => {
  it('equals the naive reference on random shapes, views, axes and dtypes', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 }) });
    fc.assert(
      fc.property(
        fc
          .record({
            r: fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constantFrom(64, 500)),
            c: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(37)),
            layout: fc.constantFrom<Layout>('c', 'T', 'step'),
            axis: fc.constantFrom(0, 1, -1),
            kind: fc.constantFrom<Kind>('argmin', 'argmax', 'min', 'max'),
            dtype: fc.constantFrom<'float64' | 'int32'>('float64', 'int32'),
          })
          .chain((c) =>
            fc.record({
              c: fc.constant(c),
              v: fc.array(valueArb, { minLength: c.r * c.c, maxLength: c.r * c.c }),
            }),
          ),
        ({ c, v }) => {
          const vals = c.dtype === 'int32' ? v.map((x) => (Number.isFinite(x) ? Math.trunc(x) : 5)) : v;
          const a = make(vals, c.r, c.c, c.layout, c.dtype);
          const got = REDUCERS[c.kind](a, { axis: c.axis });
          const ax = c.axis === 0 ? 0 : 1;
          const outer = ax === 0 ? c.c : c.r;
          const len = ax === 0 ? c.r : c.c;
          expect(got.shape).toEqual([outer]);
          const flat = Array.from(got.toArray() as ArrayLike<number>);
          for (let o = 0; o < outer; o++) {
            const line = Array.from({ length: len }, (_, k) =>
              ax === 0 ? vals[k * c.c + o]! : vals[o * c.c + k]!,
            );
            const want = refLine(line, c.kind);
            if (!same(flat[o]!, want) && !(want === 0 && flat[o] === 0))
              expect([c, o, flat[o]]).toEqual([c, o, want]);
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe.each(POOLS)('bincount of views (no copies) at pool size %i', (workers) => {
  it('equals the naive counts and weight sums (in index order) for strided, reversed and other-dtype inputs', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 }) });
    fc.assert(
      fc.property(
        fc.record({
          n: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constant(70_000)),
          k: fc.integer({ min: 1, max: 12 }),
          xv: fc.constantFrom('c', 'step', 'rev', 'uint8'),
          wv: fc.constantFrom('none', 'c', 'step', 'rev', 'int32'),
          seed: fc.integer({ min: 0, max: 1000 }),
        }),
        (c) => {
          const labels = Array.from({ length: c.n }, (_, i) => (i * 7 + c.seed) % c.k);
          const wts = Array.from({ length: c.n }, (_, i) => (((i * 13 + c.seed) % 29) - 14) * 0.37);
          const view = (v: number[], how: string, dtype: 'int32' | 'float64' | 'uint8') => {
            if (how === 'step')
              return np
                .array(
                  v.flatMap((e) => [e, 3]),
                  { dtype },
                )
                .get('::2');
            if (how === 'rev') return np.array([...v].reverse(), { dtype }).get('::-1');
            return np.array(v, { dtype });
          };
          const x = view(labels, c.xv, c.xv === 'uint8' ? 'uint8' : 'int32');
          const w =
            c.wv === 'none'
              ? undefined
              : view(
                  c.wv === 'int32' ? wts.map(Math.round) : wts,
                  c.wv,
                  c.wv === 'int32' ? 'int32' : 'float64',
                );
          const got = Array.from(
            (w === undefined
              ? np.bincount(x)
              : np.bincount(x, { weights: w })
            ).toArray() as ArrayLike<number>,
          );
          const wv = c.wv === 'int32' ? wts.map(Math.round) : wts;
          const want = new Array<number>(Math.max(...labels) + 1).fill(0);
          for (let i = 0; i < c.n; i++) want[labels[i]!]! += w === undefined ? 1 : wv[i]!;
          expect(got.length).toBe(want.length);
          // Block sums (fixed blocks, added in block order) round differently from one running sum.
          for (let b = 0; b < want.length; b++) expect(got[b]).toBeCloseTo(want[b]!, 9);
        },
      ),
      { numRuns: 40 },
    );
  });
});
