import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMatrixMarket } from '../../sparse/io/mm-read.js';
import { readNpyFile } from '../../sparse/io/npy-file.js';
import { readSparseNpz } from '../../sparse/io/npz.js';
import { densify, expectedValues, FIXTURES, manifest, sameValues } from './fixtures.js';

/** The format layers alone (typed arrays and records) on the files NumPy/SciPy wrote. */
describe('format layers read the NumPy/SciPy fixtures exactly', () => {
  for (const e of manifest.filter((f) => f.kind === 'mtx')) {
    it(`Matrix Market ${e.file}`, () => {
      const d = readMatrixMarket(join(FIXTURES, e.file));
      expect(d.shape).toEqual(e.shape);
      expect(d.format).toBe(e.sparse ? 'coordinate' : 'array');
      const got = d.format === 'array' ? [...d.values] : densify(d.shape, d.row, d.col, d.values);
      expect(sameValues(got, expectedValues(e))).toBe(true);
      expect(d.values instanceof Int32Array ? 'int32' : 'float64').toBe(e.dtype);
    });
  }
  for (const e of manifest.filter((f) => f.kind === 'npy')) {
    it(`.npy ${e.file}`, () => {
      const a = readNpyFile(join(FIXTURES, e.file));
      expect(a.shape).toEqual(e.shape);
      expect(a.dtype).toBe(e.dtype);
      expect(sameValues([...a.data], expectedValues(e), true)).toBe(true);
      expect(a.data.buffer).toBeInstanceOf(SharedArrayBuffer);
    });
  }
  for (const e of manifest.filter((f) => f.kind === 'npz')) {
    it(`.npz ${e.file}`, () => {
      const r = readSparseNpz(join(FIXTURES, e.file));
      expect(r.format).toBe(e.format);
      expect(r.shape).toEqual(e.shape);
      expect(r.dtype).toBe(e.dtype);
      const [m, n] = r.shape;
      const row: number[] = [];
      const col: number[] = [];
      const val: number[] = [];
      if (r.format === 'coo') {
        row.push(...r.row!);
        col.push(...r.col!);
        val.push(...r.data);
      } else if (r.format === 'dia') {
        const w = r.dataShape[1]!;
        r.offsets!.forEach((off, d) => {
          for (let j = Math.max(0, off); j < Math.min(n, m + off, w); j++) {
            row.push(j - off);
            col.push(j);
            val.push(r.data[d * w + j]!);
          }
        });
      } else {
        const major = r.format === 'csr' ? m : n;
        for (let i = 0; i < major; i++)
          for (let k = r.indptr![i]!; k < r.indptr![i + 1]!; k++) {
            (r.format === 'csr' ? row : col).push(i);
            (r.format === 'csr' ? col : row).push(r.indices![k]!);
            val.push(r.data[k]!);
          }
      }
      expect(sameValues(densify(r.shape, row, col, val), expectedValues(e))).toBe(true);
    });
  }
});
