/**
 * sort/argsort/searchsorted/unique: fast-check properties against naive references (every dtype,
 * NaN, ±0, 0-size, n-D axes), the chunked parallel path (≥ 65,536 elements at 2 workers) and
 * bitwise invariance across pool sizes 0, 1, 2.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../../dense/index.js';
import { configure, type DType } from '../../../runtime/index.js';
import { castRef, DTYPES, POOLS, valueArb } from '../ref.js';

/** NumPy's order: NaN last; ±0 equal (the stable argsort keeps their input order). */
const cmp = (x: number, y: number): number =>
  Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : Number.isNaN(y) ? -1 : x < y ? -1 : x > y ? 1 : 0;
const argsortRef = (v: number[]): number[] => v.map((_, i) => i).sort((i, j) => cmp(v[i]!, v[j]!) || i - j);

const bytes = (a: np.ndarray): string => Buffer.from(a.toArray().buffer.slice(0)).toString('base64');

for (const workers of POOLS) {
  describe(`sorting (workers=${workers})`, () => {
    it('sort and argsort of n-D arrays along every axis match a stable reference', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.constantFrom(...DTYPES),
          fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 }),
          fc.integer({ min: -3, max: 2 }),
          fc.integer(),
          (dt, shape, axisRaw, seed) => {
            const n = shape.reduce((p, e) => p * e, 1);
            const vals = fc
              .sample(valueArb(dt), { numRuns: Math.max(n, 1), seed })
              .slice(0, n)
              .map((v) => castRef(v, dt));
            const a = np.array(vals, { dtype: dt }).reshape(shape);
            const axis = ((axisRaw % shape.length) + shape.length) % shape.length;
            const s = np.sort(a, axis);
            const ix = np.argsort(a, axis);
            expect(s.dtype).toBe(dt);
            expect(ix.dtype).toBe('int32');
            expect(s.shape).toEqual(shape);
            // reference: line by line along the axis
            const strides = shape.map((_, d) => shape.slice(d + 1).reduce((p, e) => p * e, 1));
            const sv = s.toArray();
            const iv = ix.toArray();
            const L = shape[axis]!;
            for (let f = 0; f < n; f++) {
              const coord = shape.map((e, d) => Math.floor(f / strides[d]!) % e);
              if (coord[axis] !== 0) continue;
              const line = Array.from({ length: L }, (_, k) => vals[f + k * strides[axis]!]!);
              const want = argsortRef(line);
              for (let k = 0; k < L; k++) {
                const at = f + k * strides[axis]!;
                if (iv[at] !== want[k])
                  throw new Error(
                    `argsort ${dt} ${shape} axis ${axis} line ${coord}: ${iv[at]} vs ${want[k]}`,
                  );
                const w = line[want[k]!]!;
                if (!(Number.isNaN(w) ? Number.isNaN(sv[at]!) : sv[at] === w))
                  throw new Error(`sort ${dt} ${shape} axis ${axis}: ${sv[at]} vs ${w}`);
              }
            }
          },
        ),
        { numRuns: 150 },
      );
    });

    it('long 1-D arrays (chunked runs + merge rounds) with ties, NaN and ±0', () => {
      configure({ workers });
      for (const dt of ['float64', 'float32', 'int32', 'uint8'] as DType[]) {
        const n = 100003;
        const vals: number[] = [];
        let x = 12345;
        for (let i = 0; i < n; i++) {
          x = (Math.imul(x, 1103515245) + 12345) >>> 0;
          const r = x / 2 ** 32;
          vals.push(
            castRef(
              r < 0.01 ? Number.NaN : r < 0.02 ? -0 : r < 0.03 ? 0 : Math.round((r - 0.5) * 2000) / 7,
              dt,
            ),
          );
        }
        const a = np.array(vals, { dtype: dt });
        const want = argsortRef(vals);
        const ix = np.argsort(a).toArray();
        const sv = np.sort(a).toArray();
        for (let k = 0; k < n; k++) {
          if (ix[k] !== want[k]) throw new Error(`argsort ${dt} [${k}]: ${ix[k]} vs ${want[k]}`);
          const w = vals[want[k]!]!;
          if (!(Number.isNaN(w) ? Number.isNaN(sv[k]!) : sv[k] === w)) throw new Error(`sort ${dt} [${k}]`);
        }
      }
    });

    it('searchsorted matches a linear scan (left and right, NaN largest)', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.array(valueArb('float64'), { maxLength: 30 }),
          fc.array(valueArb('float64'), { maxLength: 10 }),
          (raw, v) => {
            const a = [...raw].sort(cmp);
            for (const side of ['left', 'right'] as const) {
              const got = np.searchsorted(a, v, side).toArray();
              v.forEach((x, k) => {
                const want = a.filter((y) => (side === 'left' ? cmp(y, x) < 0 : cmp(y, x) <= 0)).length;
                if (got[k] !== want) throw new Error(`searchsorted ${side} ${x}: ${got[k]} vs ${want}`);
              });
            }
          },
        ),
        { numRuns: 100 },
      );
    });
  });
}

describe('sorting details', () => {
  it('is bitwise the same at 0, 1 and 2 workers (±0 order included)', () => {
    const n = 150000;
    const vals = Array.from({ length: n }, (_, i) =>
      i % 3 === 0 ? 0 : i % 3 === 1 ? -0 : Math.sin(i) * 100,
    );
    const seen = new Set<string>();
    for (const w of POOLS) {
      configure({ workers: w });
      const a = np.array(vals);
      seen.add(`${bytes(np.sort(a))}|${bytes(np.argsort(a))}|${bytes(np.unique(a))}`);
    }
    expect(seen.size).toBe(1);
  });
  it('a.sort() sorts in place; unique options; errors name the function and argument', () => {
    const a = np.array([
      [3, 1],
      [0, 2],
    ]);
    a.sort(0);
    expect(a.tolist()).toEqual([
      [0, 1],
      [3, 2],
    ]);
    expect(np.array([3, 1, 2]).argsort().tolist()).toEqual([1, 2, 0]);
    expect(np.array([1, 3]).searchsorted(2).item()).toBe(1);
    expect(np.searchsorted([3, 1, 2], 2.5, { sorter: [1, 2, 0] }).item()).toBe(2);
    expect(() => np.sort(np.ones([2]), 1)).toThrow(/sort: axis 1 is out of bounds/);
    expect(() => np.sort(np.ones([2]), { kind: 'bogo' })).toThrow(/sort.*'kind'/);
    expect(() => np.argsort(np.ones([2]), { order: 'x' as never })).toThrow(/argsort.*'order'/);
    expect(() => np.searchsorted(np.ones([2, 2]), 1)).toThrow(/searchsorted.*'a'.*1-D/);
    expect(() => np.searchsorted([1], 1, 'middle' as never)).toThrow(/searchsorted.*'side'/);
    expect(() => np.unique([1], { axis: 1 })).toThrow(/unique.*'axis'/);
    expect(() => np.unique([1], { return_countz: true } as never)).toThrow(/unique.*return_countz/);
  });
});
