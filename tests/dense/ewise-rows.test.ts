/**
 * Element-wise float64 launches over 2-D views whose rows are contiguous (a stencil's
 * `grid[1:-1, 1:-1]`, `x[:, None] + y[None, :]`, rows reversed) run a Wasm form over the rows
 * (dense/ewise-launch.ts, rows mode: the loop over rows inside the module, or the flat form once
 * per row of at least 32 columns when the expression has per-row invariant parts) when their
 * regions live in the heap, and the strided JavaScript kernel otherwise: both give the same bits,
 * equal to a naive reference for + − × ÷, and to the op-by-op contiguous result for exp/log and
 * where, at pool sizes 0, 1, 2 with pieces forced small (rows and columns split).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

/** A (r+2)×(c+3) float64 grid holding v, in the heap (np.array) or its own buffer (asarray). */
function grid(v: number[], r: number, c: number, own: boolean): np.ndarray {
  const n = (r + 2) * (c + 3);
  const t = Array.from({ length: n }, (_, i) => v[i % v.length]! + (i % 7) * 0.25);
  if (!own) return np.array(t).reshape(r + 2, c + 3);
  const b = new Float64Array(new SharedArrayBuffer(8 * n));
  b.set(t);
  return np.asarray(b).reshape(r + 2, c + 3);
}

const same = (a: Float64Array, b: Float64Array) =>
  a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

describe.each(POOLS)('2-D row-contiguous element-wise launches at pool size %i', (workers) => {
  it('heap (Wasm per row) and own-buffer (JavaScript) results agree bit for bit, and with a reference', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 }) });
    fc.assert(
      fc.property(
        fc.record({
          r: fc.integer({ min: 1, max: 40 }),
          c: fc.integer({ min: 2, max: 90 }),
          v: fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 1, maxLength: 30 }),
        }),
        ({ r, c, v }) => {
          const results: Float64Array[][] = [];
          for (const own of [false, true]) {
            const g = grid(v, r, c, own);
            const center = g.get(`1:-1, 1:${c + 1}`);
            const north = g.get(`0:-2, 1:${c + 1}`);
            const east = g.get(`1:-1, 2:${c + 2}`);
            const col = g.get('1:-1, 0:1'); // broadcast along rows
            const row = g.get(`0:1, 1:${c + 1}`); // broadcast down columns
            const out: Float64Array[] = [];
            out.push(np.multiply(0.2, np.add(np.add(center, north), east)).toArray() as Float64Array);
            out.push(np.subtract(np.add(col, row), np.multiply(2.5, center)).toArray() as Float64Array);
            out.push(np.exp(np.divide(center, np.add(np.abs(north), 1))).toArray() as Float64Array);
            out.push(
              np.log(np.add(np.multiply(center, center), col.multiply(col).add(1))).toArray() as Float64Array,
            );
            // Rows in reverse (a negative row stride), and a per-row invariant subexpression
            // (exp of the broadcast column: the rows form takes none, so short rows run the
            // JavaScript kernel and long ones the flat form per row).
            out.push(np.subtract(center.get('::-1'), np.multiply(col, row)).toArray() as Float64Array);
            out.push(np.add(np.multiply(center, row), np.exp(col)).toArray() as Float64Array);
            // In place through a view (the stencil's center[:] = work).
            const g2 = g.copy();
            g2.get(`1:-1, 1:${c + 1}`).set(':', np.add(g2.get(`0:-2, 1:${c + 1}`), 1));
            out.push(Float64Array.from(g2.toArray() as Float64Array));
            results.push(out);
            // Naive reference for the first expression.
            const gv = g.toArray() as Float64Array;
            const W = c + 3;
            const want = new Float64Array(r * c);
            for (let i = 0; i < r; i++)
              for (let j = 0; j < c; j++)
                want[i * c + j] =
                  0.2 * (gv[(i + 1) * W + j + 1]! + gv[i * W + j + 1]! + gv[(i + 1) * W + j + 2]!);
            expect(same(out[0]!, want)).toBe(true);
          }
          for (let e = 0; e < results[0]!.length; e++)
            expect([e, same(results[0]![e]!, results[1]![e]!)]).toEqual([e, true]);
        },
      ),
      { numRuns: 40 },
    );
  });
});
