/**
 * CSR and DIA SpMV run a piece's rows in calls of 16,384 (sparse/core/products.ts: V8 optimizes a
 * Wasm function for its next call only). Row counts around that size and its multiples, random
 * bands and values, at pool sizes 0, 1, 2: every y[i] equals the host loop over the stored
 * arrays, each row summed in storage order (CSR) or in diagonal order (DIA), bit for bit.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

const C = 16384;
const rowsArb = fc.oneof(
  fc.constantFrom(C - 1, C, C + 1, 2 * C + 5, 4 * C + 3),
  fc.integer({ min: 1, max: 5 * C }),
);

/** Host `A @ x` over a CSR's stored arrays, each row in storage order. */
function hostCsr(A: sp.csr_array, x: Float64Array): Float64Array {
  const ptr = A.indptr.toArray() as Int32Array;
  const idx = A.indices.toArray() as Int32Array;
  const val = A.data.toArray() as Float64Array;
  const y = new Float64Array(ptr.length - 1);
  for (let i = 0; i + 1 < ptr.length; i++) {
    let t = 0;
    for (let p = ptr[i]!; p < ptr[i + 1]!; p++) t += val[p]! * x[idx[p]!]!;
    y[i] = t;
  }
  return y;
}

/** Host `A @ x` for a square DIA of these diagonals (rows of `data` per offset), in offset order. */
function hostDia(offsets: number[], data: Float64Array[], n: number, x: Float64Array): Float64Array {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let t = 0;
    for (let d = 0; d < offsets.length; d++) {
      const j = i + offsets[d]!;
      if (j >= 0 && j < n) t += data[d]![j]! * x[j]!;
    }
    y[i] = t;
  }
  return y;
}

describe.each(POOLS)('SpMV in row chunks at pool size %i', (workers) => {
  it('CSR and DIA equal the host loops bit for bit at every row count', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        rowsArb,
        fc.uniqueArray(fc.integer({ min: -9, max: 9 }), { minLength: 1, maxLength: 5 }),
        fc.integer(),
        (n, offsets, seed) => {
          const rng = np.random.default_rng(seed >>> 0);
          const data = offsets.map(() => rng.random([n]).toArray() as Float64Array);
          const xv = rng.random([n]).toArray() as Float64Array;
          const x = np.array(xv);
          // DIA data row d holds column j's value at position j (SciPy's layout).
          const dia = sp.dia_array(
            [np.array(data.flatMap((r) => Array.from(r))).reshape(offsets.length, n), offsets],
            {
              shape: [n, n],
            },
          );
          const csr = dia.tocsr();
          const yd = dia.dot(x).toArray() as Float64Array;
          const yc = csr.dot(x).toArray() as Float64Array;
          const wd = hostDia(offsets, data, n, xv);
          const wc = hostCsr(csr, xv);
          for (let i = 0; i < n; i++) {
            if (!Object.is(yd[i], wd[i])) expect(['dia', i, yd[i]]).toEqual(['dia', i, wd[i]]);
            if (!Object.is(yc[i], wc[i])) expect(['csr', i, yc[i]]).toEqual(['csr', i, wc[i]]);
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});
