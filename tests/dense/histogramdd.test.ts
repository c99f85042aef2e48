/**
 * `histogramdd` and `histogram2d` against NumPy's results (tests/fixtures/dense/histogramdd.json,
 * written by scripts/fixtures_histogramdd.py) and, on random points, bins and ranges, against a
 * naive per-point loop — at pool sizes 0, 1 and 2, the same values at each.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, ValueError } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

type V = number | 'nan' | 'inf' | '-inf';
interface Case {
  name: string;
  kind: '2d' | 'dd';
  x?: V[];
  y?: V[];
  sample?: V[];
  sampleShape?: number[];
  kw: Record<string, unknown>;
  hist: V[];
  shape: number[];
  edges: V[][];
  dtype?: 'float32';
  edgeDtype?: string;
}
const dec = (v: V): number =>
  v === 'nan' ? Number.NaN : v === 'inf' ? Infinity : v === '-inf' ? -Infinity : v;
const cases = JSON.parse(
  readFileSync(new URL('../fixtures/dense/histogramdd.json', import.meta.url), 'utf8'),
) as Case[];

function close(got: ArrayLike<number>, want: number[], what: string): void {
  expect(got.length, what).toBe(want.length);
  for (let k = 0; k < want.length; k++) {
    const w = want[k]!;
    const g = got[k]!;
    expect(Math.abs(g - w) <= 1e-12 * Math.max(1, Math.abs(w)), `${what}[${k}]: ${g} vs ${w}`).toBe(true);
  }
}

/** The naive histogram: per point, per dimension the bin by a linear search of the edges. */
function naive(pts: number[][], edges: number[][], weights: number[] | null): number[] {
  const dims = edges.map((e) => e.length - 1);
  const out = new Array(dims.reduce((a, b) => a * b, 1)).fill(0);
  pts.forEach((p, n) => {
    let flat = 0;
    for (let i = 0; i < dims.length; i++) {
      const e = edges[i]!;
      const v = p[i]!;
      if (!(v >= e[0]! && v <= e[e.length - 1]!)) return;
      let b = 0;
      while (b < dims[i]! - 1 && v >= e[b + 1]!) b++;
      flat = flat * dims[i]! + b;
    }
    out[flat] += weights === null ? 1 : weights[n]!;
  });
  return out;
}

describe.each(POOLS)('histogramdd / histogram2d at pool size %i', (workers) => {
  it("equals NumPy's results (fixtures)", () => {
    configure({ workers });
    for (const c of cases) {
      const kw = { ...c.kw } as Record<string, unknown>;
      let hist: np.ndarray;
      let edges: np.ndarray[];
      if (c.kind === '2d') {
        const r = np.histogram2d(c.x!.map(dec), c.y!.map(dec), kw as never);
        hist = r[0]!;
        edges = [r[1]!, r[2]!];
      } else {
        const s = np.array(c.sample!.map(dec), { dtype: c.dtype ?? 'float64' }).reshape(c.sampleShape!);
        [hist, edges] = np.histogramdd(s, kw as never);
      }
      expect(hist.shape, c.name).toEqual(c.shape);
      expect(hist.dtype, c.name).toBe('float64');
      close(hist.toArray() as Float64Array, c.hist.map(dec), `${c.name} hist`);
      expect(edges.length).toBe(c.edges.length);
      if (c.edgeDtype !== undefined) for (const e of edges) expect(e.dtype, c.name).toBe(c.edgeDtype);
      for (let i = 0; i < edges.length; i++)
        close(
          np.astype(edges[i]!, 'float64').toArray() as Float64Array,
          c.edges[i]!.map(dec),
          `${c.name} edges ${i}`,
        );
    }
  });

  it('equals a naive loop on random points, bins, ranges and weights', () => {
    configure({ workers });
    const coord = fc.oneof(
      fc.double({ min: -3, max: 3, noNaN: true }),
      fc.constantFrom(-1, 0, 1, 2, Number.NaN),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }).chain((d) =>
          fc.record({
            pts: fc.array(fc.array(coord, { minLength: d, maxLength: d }), { minLength: 0, maxLength: 60 }),
            bins: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: d, maxLength: d }),
            ranged: fc.boolean(),
            weighted: fc.boolean(),
          }),
        ),
        ({ pts, bins, ranged, weighted }) => {
          const d = bins.length;
          const sample = pts.length === 0 ? np.zeros([0, d]) : np.array(pts);
          const range = ranged ? bins.map(() => [-1, 1] as [number, number]) : null;
          if (!ranged && pts.some((p) => p.some((v) => Number.isNaN(v)))) {
            expect(() => np.histogramdd(sample, { bins, range })).toThrow(ValueError);
            return;
          }
          const weights = weighted ? pts.map((_, k) => (k % 3) + 0.5) : null;
          const [hist, edges] = np.histogramdd(sample, { bins, range, weights });
          const e = edges.map((x) => Array.from(x.toArray() as Float64Array));
          const want = naive(pts, e, weights);
          close(hist.toArray() as Float64Array, want, 'hist');
          expect(hist.shape).toEqual(bins);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('histogramdd / histogram2d errors', () => {
  it('names the function and the argument', () => {
    expect(() => np.histogram2d([1, 2], [1], {})).toThrow(/histogram2d.*x, y/);
    expect(() => np.histogramdd(np.zeros([3, 2]), { bins: [2, 2, 2] })).toThrow(/dimension of bins/);
    expect(() => np.histogramdd(np.zeros([3, 2]), { bins: 0 })).toThrow(/bins\[0\]/);
    expect(() => np.histogramdd(np.zeros([3, 2]), { bins: [[0, 2, 1], 2] })).toThrow(/monotonically/);
    expect(() => np.histogramdd(np.zeros([3, 2]), { range: [[1, 0], null] })).toThrow(/max must be larger/);
    expect(() => np.histogramdd(np.zeros([3, 2]), { range: [[0, 1]] })).toThrow(/one entry per dimension/);
    expect(() => np.histogram2d([0, Infinity], [0, 1])).toThrow(/not finite/);
    expect(() => np.histogramdd(np.zeros([3, 2]), { weights: [1, 2] })).toThrow(/weights/);
    expect(() => np.histogram2d([1], [1], { bogus: 1 } as never)).toThrow();
  });
});
