/**
 * `np.nonzero` on the pool (dense/nonzero.ts: count per block of 4096 C-order positions, scan,
 * fill through the offsets' image): against a plain C-order loop for random shapes (0-size,
 * 1-D to 3-D, several blocks), dtypes, zeros, -0 and NaN, and views (transposed, strided,
 * reversed), at pool sizes 0, 1, 2 with a mapper that splits launches into many pieces; `argwhere`
 * and `flatnonzero` (built on it) against the same loop.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

/** Coordinates of the nonzero elements of `data` (C order) of `shape`, per dimension. */
function naive(data: ArrayLike<number>, shape: number[]): number[][] {
  const out: number[][] = shape.map(() => []);
  const idx = shape.map(() => 0);
  for (let k = 0; k < data.length; k++) {
    if (data[k] !== 0) for (let d = 0; d < shape.length; d++) out[d]!.push(idx[d]!);
    for (let d = shape.length - 1; d >= 0; d--) {
      if (++idx[d]! < shape[d]!) break;
      idx[d] = 0;
    }
  }
  return out;
}

const shapes = fc.oneof(
  fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 3 }),
  fc.constantFrom([9000], [3, 2900], [2, 70, 65], [4097], [1, 0, 5]),
);

describe.each(POOLS)('np.nonzero at pool size %i', (workers) => {
  it('equals a plain C-order loop for random shapes, dtypes, views and zero patterns', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 }) });
    fc.assert(
      fc.property(
        shapes,
        fc.constantFrom('float64', 'int32', 'bool', 'float32'),
        fc.constantFrom('whole', 'transpose', 'reverse', 'step'),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 2 ** 30 }),
        (shape, dtype, view, density, seed) => {
          const n = shape.reduce((p, d) => p * d, 1);
          let s = seed;
          const vals = Array.from({ length: n }, (_, k) => {
            s = (s * 1103515245 + 12345) & 0x7fffffff;
            const u = s / 0x7fffffff;
            if (u >= density) return k % 3 === 0 ? -0 : 0;
            return dtype === 'float64' && k % 7 === 0 ? Number.NaN : 1 + (k % 5);
          });
          let a = np.array(vals, { dtype: dtype as never }).reshape(shape);
          if (view === 'transpose') a = a.transpose();
          else if (view === 'reverse') a = a.get(shape.map(() => '::-1').join(','));
          else if (view === 'step') a = a.get(shape.map(() => '::2').join(','));
          const got = np.nonzero(a);
          const want = naive(a.toArray() as ArrayLike<number>, a.shape as number[]);
          expect(got.length).toBe(a.ndim);
          for (let d = 0; d < a.ndim; d++) {
            expect(got[d]!.dtype).toBe('int32');
            expect(Array.from(got[d]!.toArray() as Int32Array)).toEqual(want[d]);
          }
          // argwhere: one row of coordinates per nonzero element; flatnonzero: C-order positions.
          const count = want[0]!.length;
          const aw = np.argwhere(a);
          expect(aw.dtype).toBe('int32');
          expect(aw.shape).toEqual([count, a.ndim]);
          const rows = Array.from({ length: count }, (_, k) => want.map((c) => c[k]!));
          expect(aw.tolist()).toEqual(rows);
          const flat = a.toArray() as ArrayLike<number>;
          const positions: number[] = [];
          for (let k = 0; k < flat.length; k++) if (flat[k] !== 0) positions.push(k);
          const fz = np.flatnonzero(a);
          expect(fz.dtype).toBe('int32');
          expect(Array.from(fz.toArray() as Int32Array)).toEqual(positions);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("np.argwhere and np.flatnonzero: NumPy's edge cases and the signature layer", () => {
  it('0-d arrays give [1, 0] / [0, 0] rows and one or no position, as NumPy', () => {
    expect(np.argwhere(np.array(5)).shape).toEqual([1, 0]);
    expect(np.argwhere(np.array(0)).shape).toEqual([0, 0]);
    expect(np.flatnonzero(np.array(5)).tolist()).toEqual([0]);
    expect(np.flatnonzero(np.array(0)).tolist()).toEqual([]);
    expect(np.argwhere(np.zeros([2, 3])).shape).toEqual([0, 2]);
    expect(
      np
        .argwhere([
          [0, 3],
          [4, 0],
        ])
        .tolist(),
    ).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });

  it('rejects unknown options and missing arguments with typed errors', () => {
    expect(() => (np.argwhere as (...a: unknown[]) => unknown)([1], { axis: 0 })).toThrow(/argwhere/);
    expect(() => (np.flatnonzero as (...a: unknown[]) => unknown)()).toThrow(/flatnonzero/);
  });
});
