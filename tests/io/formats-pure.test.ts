import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMatrixMarket } from '../../sparse/io/mm-read.js';
import { encodeNpyHeader } from '../../sparse/io/npy.js';
import { readNpyFile } from '../../sparse/io/npy-file.js';
import { readSparseNpz } from '../../sparse/io/npz.js';
import { writeZip } from '../../sparse/io/zip.js';
import { densify, expectedValues, FIXTURES, manifest, sameValues, tempDir } from './fixtures.js';

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

describe('.npz variants other writers produce', () => {
  it("reads 'format' stored as a unicode string (<U3) and a big-endian int32 shape", () => {
    const parts: Uint8Array[] = [];
    const npy = (descr: string, shape: number[], bytes: Uint8Array) => [encodeNpyHeader(descr, shape), bytes];
    const be = new DataView(new ArrayBuffer(8));
    be.setInt32(0, 2);
    be.setInt32(4, 3);
    const u = new Uint32Array([...'csc'].map((c) => c.charCodeAt(0)));
    writeZip(
      [
        { name: 'format.npy', chunks: npy('<U3', [], new Uint8Array(u.buffer)) },
        { name: 'shape.npy', chunks: npy('>i4', [2], new Uint8Array(be.buffer)) },
        { name: 'data.npy', chunks: npy('<f8', [1], new Uint8Array(new Float64Array([4.5]).buffer)) },
        { name: 'indices.npy', chunks: npy('<i4', [1], new Uint8Array(new Int32Array([1]).buffer)) },
        { name: 'indptr.npy', chunks: npy('<i4', [4], new Uint8Array(new Int32Array([0, 0, 1, 1]).buffer)) },
      ],
      true,
      (b) => parts.push(b.slice()),
    );
    const path = join(tempDir(), 'u.npz');
    writeFileSync(path, Buffer.concat(parts));
    const r = readSparseNpz(path);
    expect([r.format, r.shape, [...r.data], [...r.indices!], [...r.indptr!]]).toEqual([
      'csc',
      [2, 3],
      [4.5],
      [1],
      [0, 0, 1, 1],
    ]);
  });
});
