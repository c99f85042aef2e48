/**
 * NumPy's `where=` on the nan-reductions (dense/nanreduce.ts, nanstats.ts): the elements outside
 * the mask are skipped as NaN is. Against a naive loop over random float arrays holding NaN, random
 * masks (broadcast rows too) and every axis, at pool sizes 0 and 2; integer input keeps its dtype;
 * nanmax/nanmin without `initial` raise NumPy's error. The docstring-style values are NumPy 2.4's.
 */
import * as np from 'cohortjs/numpy';
import { configure } from 'cohortjs/runtime';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

type Fn = 'nansum' | 'nanprod' | 'nanmean' | 'nanmax' | 'nanmin' | 'nanvar';
const FNS = {
  nansum: np.nansum,
  nanprod: np.nanprod,
  nanmean: np.nanmean,
  nanmax: np.nanmax,
  nanmin: np.nanmin,
  nanvar: np.nanvar,
};

/** The naive reduction of the values kept (inside the mask, not NaN) of one slice. */
function naive(fn: Fn, vals: number[], initial: number): number {
  const n = vals.length;
  switch (fn) {
    case 'nansum':
      return vals.reduce((s, v) => s + v, 0);
    case 'nanprod':
      return vals.reduce((s, v) => s * v, 1);
    case 'nanmean':
      return n === 0 ? Number.NaN : vals.reduce((s, v) => s + v, 0) / n;
    case 'nanvar': {
      if (n === 0) return Number.NaN;
      const m = vals.reduce((s, v) => s + v, 0) / n;
      return vals.reduce((s, v) => s + (v - m) ** 2, 0) / n;
    }
    case 'nanmax':
      return Math.max(initial, ...vals);
    case 'nanmin':
      return Math.min(initial, ...vals);
  }
}

function reference(fn: Fn, a: number[][], m: boolean[][], axis: number | null, initial: number): number[] {
  const [r, c] = [a.length, a[0]!.length];
  const keep = (i: number, j: number) => m[i]![j]! && !Number.isNaN(a[i]![j]!);
  const slice = (cells: [number, number][]) =>
    naive(
      fn,
      cells.filter(([i, j]) => keep(i, j)).map(([i, j]) => a[i]![j]!),
      initial,
    );
  const all: [number, number][] = [];
  for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) all.push([i, j]);
  if (axis === null) return [slice(all)];
  if (axis === 0) return [...Array(c).keys()].map((j) => slice(all.filter(([, jj]) => jj === j)));
  return [...Array(r).keys()].map((i) => slice(all.filter(([ii]) => ii === i)));
}

const close = (got: number, want: number) =>
  Number.isNaN(want) ? Number.isNaN(got) : Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want));

describe('where= on the nan-reductions', () => {
  for (const workers of [0, 2]) {
    it(`matches a naive loop (pool size ${workers})`, () => {
      configure({ workers });
      const cell = fc.oneof(
        fc.constant(Number.NaN),
        fc.integer({ min: -9, max: 9 }).map((v) => v / 4),
      );
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 5 }),
          fc.integer({ min: 1, max: 6 }),
          fc.constantFrom<Fn>('nansum', 'nanprod', 'nanmean', 'nanmax', 'nanmin', 'nanvar'),
          fc.constantFrom(null, 0, 1),
          fc.boolean(),
          fc.infiniteStream(cell),
          fc.infiniteStream(fc.boolean()),
          (r, c, fn, axis, rowMask, cells, bits) => {
            const a = [...Array(r)].map(() => [...Array(c)].map(() => cells.next().value as number));
            const row = [...Array(c)].map(() => bits.next().value as boolean);
            const m = rowMask
              ? [...Array(r)].map(() => row)
              : [...Array(r)].map(() => [...Array(c)].map(() => bits.next().value as boolean));
            const initial = fn === 'nanmax' ? -100 : fn === 'nanmin' ? 100 : 0;
            const where = rowMask ? row : m;
            const opts = fn === 'nanmax' || fn === 'nanmin' ? { axis, where, initial } : { axis, where };
            const got = (FNS[fn] as (x: unknown, o: unknown) => np.ndarray)(a, opts);
            const flat = got.ndim === 0 ? [got.item() as number] : (got.tolist() as number[]);
            const want = reference(fn, a, m, axis, initial);
            expect(flat.length).toBe(want.length);
            for (let k = 0; k < flat.length; k++)
              expect(close(flat[k]!, want[k]!), `${fn} axis ${axis}: ${flat[k]} vs ${want[k]}`).toBe(true);
          },
        ),
        { numRuns: 150 },
      );
    }, 120_000);
  }

  it("gives NumPy's values, keeps integer dtypes, and asks for initial as NumPy does", () => {
    configure({ workers: 0 });
    const a = np.array([
      [1, Number.NaN, 3],
      [4, 5, Number.NaN],
    ]);
    const m = [true, false, true];
    expect(np.nansum(a, 1, { where: m }).tolist()).toEqual([4, 4]);
    expect(np.nanprod(a, { where: m }).item()).toBe(12);
    expect(np.nanmean(a, 0, { where: m }).tolist()).toEqual([2.5, Number.NaN, 3]);
    expect(np.nanvar(a, { where: m }).item()).toBeCloseTo(1.5555555555555554, 15);
    expect(np.nanstd(a, 1, { where: m }).tolist()).toEqual([1, 0]);
    expect(np.nanmax(a, 1, { where: m, initial: -1 }).tolist()).toEqual([3, 4]);
    expect(np.nanmin(a, 0, { where: m, initial: 10 }).tolist()).toEqual([1, 10, 3]);
    expect(() => np.nanmax(a, 1, { where: m })).toThrow(
      /nanmax: .*'fmax' does not have an identity.*'initial'/,
    );
    const ints = np.array([1, 2, 3]);
    expect(np.nansum(ints, { where: [true, false, true] }).dtype).toBe('int32');
    expect(np.nansum(ints, { where: [true, false, true] }).item()).toBe(4);
    expect(np.nanmax(ints, { where: [true, false, true], initial: 0 }).item()).toBe(3);
    expect(() => np.nansum(a, { where: [true, false] })).toThrow(/nansum: argument 'where'/);
  });
});
