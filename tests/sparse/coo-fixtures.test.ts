/**
 * COO → CSR / CSC against SciPy (tests/fixtures/sparse/coo_convert.json, scripts/fixtures_sparse_coo.py):
 * random structures with entries shuffled, in row order (duplicates, unsorted columns) and
 * canonical; empty rows and columns, explicit zeros, rectangular and degenerate shapes;
 * int32/float32/float64 — at pool sizes 0, 1, 2 with tiny pieces and one chunk per worker, so the
 * row-order path, the counting sort and the canonicalization all run split. The arrays equal
 * SciPy's bit for bit (the values make every sum exact) and the results are canonical as SciPy's.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, DefaultMapper } from '../../runtime/index.js';
import { setMinChunk } from '../../sparse/core/coo-sort.js';
import * as sp from '../../sparse/index.js';
import { POOLS } from './ref.js';

interface Case {
  shape: [number, number];
  dtype: 'int32' | 'float32' | 'float64';
  order: string;
  row: number[];
  col: number[];
  data: number[];
  csr: [number[], number[], number[]];
  csc: [number[], number[], number[]];
  csr_canonical: boolean;
}
const cases: Case[] = JSON.parse(
  readFileSync(new URL('../fixtures/sparse/coo_convert.json', import.meta.url), 'utf8'),
).cases;
const CTORS = { int32: Int32Array, float32: Float32Array, float64: Float64Array } as const;

let saved = 0;
beforeAll(() => {
  saved = setMinChunk(1);
});
afterAll(() => {
  setMinChunk(saved);
  configure({ workers: 0, mapper: new DefaultMapper() });
});

const arrays = (A: sp.sparray) => {
  const a = A as sp.csr_array;
  return [
    Array.from(a.indptr.toArray() as Int32Array),
    Array.from(a.indices.toArray() as Int32Array),
    Array.from(a.data.toArray() as ArrayLike<number>),
  ];
};

describe.each(POOLS)('COO → CSR/CSC vs SciPy fixtures, pool size %i', (workers) => {
  it(`${cases.length} random structures give SciPy's arrays bit for bit`, () => {
    configure({
      workers,
      mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 16 }),
    });
    expect(cases.length).toBeGreaterThan(60);
    for (const c of cases) {
      const what = `${c.shape} ${c.order} ${c.dtype} nnz=${c.row.length}`;
      const C = sp.coo_array(
        [CTORS[c.dtype].from(c.data), [Int32Array.from(c.row), Int32Array.from(c.col)]],
        {
          shape: c.shape,
        },
      );
      const R = C.tocsr();
      expect(R.dtype, what).toBe(c.dtype);
      expect(arrays(R), what).toEqual(c.csr);
      expect(R.has_canonical_format, what).toBe(c.csr_canonical);
      expect(arrays(C.tocsc()), what).toEqual(c.csc);
    }
  });
});
