import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DType, ValueError } from '../../runtime/index.js';
import { formatG } from '../../sparse/io/format-number.js';
import type { MMField, MMSymmetry } from '../../sparse/io/mm-header.js';
import { readMatrixMarket } from '../../sparse/io/mm-read.js';
import { writeMatrixMarket } from '../../sparse/io/mm-write.js';
import { readNpyFile, writeNpyFile } from '../../sparse/io/npy-file.js';
import { readSparseNpz, type SparseFormat, type SparseRecord, writeSparseNpz } from '../../sparse/io/npz.js';
import { densify, sameValues, tempDir } from './fixtures.js';

const dir = tempDir();
let seq = 0;
const file = (ext: string) => join(dir, `f${seq++}.${ext}`);

const real = fc.oneof(
  fc.double(),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(0, -0, 0.1, 1 / 3, 5e-324, Number.MAX_VALUE),
);
const int = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });

/** Random triplets for shape (m, n), values of `field`, optionally made (skew-)symmetric by mirroring. */
const coordinate = fc
  .record({
    m: fc.integer({ min: 0, max: 7 }),
    n: fc.integer({ min: 0, max: 7 }),
    field: fc.constantFrom<MMField>('real', 'integer', 'pattern'),
    symmetry: fc.constantFrom<MMSymmetry>('general', 'symmetric', 'skew-symmetric'),
    seed: fc.array(fc.tuple(fc.nat(), fc.nat(), real, int), { maxLength: 30 }),
  })
  .map(({ m, n, field, symmetry, seed }) => {
    if (field === 'pattern' && symmetry === 'skew-symmetric') symmetry = 'symmetric';
    if (symmetry !== 'general') n = m;
    const row: number[] = [];
    const col: number[] = [];
    const values: number[] = [];
    if (m > 0 && n > 0)
      for (const [a, b, r, i] of seed) {
        let v = field === 'real' ? r : field === 'integer' ? i >> 8 : 1;
        let [x, y] = [a % m, b % n];
        if (symmetry === 'general') {
          row.push(x);
          col.push(y);
          values.push(v);
          continue;
        }
        if (symmetry === 'skew-symmetric' && x === y) continue;
        if (field === 'real' && Number.isNaN(v)) v = 1;
        if (x < y) [x, y] = [y, x];
        row.push(x, y);
        col.push(y, x);
        values.push(v, symmetry === 'skew-symmetric' ? -v : v);
      }
    // Pattern/symmetric files keep one entry per position; dedupe so that the densified sums agree.
    if (field === 'pattern' || symmetry !== 'general') {
      const seen = new Set<number>();
      for (let k = row.length - 1; k >= 0; k--) {
        const key = row[k]! * n + col[k]!;
        if (seen.has(key)) {
          row.splice(k, 1);
          col.splice(k, 1);
          values.splice(k, 1);
        } else seen.add(key);
      }
    }
    return { shape: [m, n] as [number, number], field, symmetry, row, col, values };
  });

describe('round trips through the format layers (property tests)', () => {
  it('Matrix Market coordinate: every field and symmetry', () => {
    fc.assert(
      fc.property(
        coordinate,
        fc.option(fc.string({ unit: 'grapheme-ascii', maxLength: 20 }).filter((s) => !s.includes('\r'))),
        (c, comment) => {
          const path = file('mtx');
          writeMatrixMarket(
            path,
            { format: 'coordinate', shape: c.shape, row: c.row, col: c.col, values: c.values },
            { field: c.field, symmetry: c.symmetry, comment: comment ?? undefined },
          );
          const d = readMatrixMarket(path);
          expect(d.format).toBe('coordinate');
          expect([d.field, d.symmetry]).toEqual([c.field, c.symmetry]);
          if (d.format !== 'coordinate') return;
          expect(
            sameValues(densify(d.shape, d.row, d.col, d.values), densify(c.shape, c.row, c.col, c.values)),
          ).toBe(true);
          expect(d.values instanceof Int32Array).toBe(c.field === 'integer');
        },
      ),
      { numRuns: 150 },
    );
  });

  it('Matrix Market general coordinate keeps entries, order and signed zeros exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(4), fc.nat(5), real)), (es) => {
        const path = file('mtx');
        const row = es.map((e) => e[0]);
        const col = es.map((e) => e[1]);
        const values = es.map((e) => e[2]);
        writeMatrixMarket(
          path,
          { format: 'coordinate', shape: [5, 6], row, col, values },
          { field: 'real', symmetry: 'general' },
        );
        const d = readMatrixMarket(path);
        if (d.format !== 'coordinate') throw new Error('format');
        expect([...d.row]).toEqual(row);
        expect([...d.col]).toEqual(col);
        expect(sameValues(d.values, values, true)).toBe(true);
      }),
    );
  });

  it('Matrix Market array: every field and symmetry', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom<MMField>('real', 'integer'),
        fc.constantFrom<MMSymmetry>('general', 'symmetric', 'skew-symmetric'),
        fc.array(real, { minLength: 36, maxLength: 36 }),
        (m, n, field, symmetry, pool) => {
          if (symmetry !== 'general') n = m;
          const v = new Float64Array(m * n);
          for (let i = 0; i < m; i++)
            for (let j = 0; j < n; j++) {
              let x = pool[i * 6 + j]!;
              if (field === 'integer') x = Number.isFinite(x) ? Math.trunc(x) % 1000 : 3;
              if (symmetry !== 'general' && Number.isNaN(x)) x = 2;
              if (symmetry === 'general' || i >= j)
                v[i * n + j] = i === j && symmetry === 'skew-symmetric' ? 0 : x;
              if (symmetry !== 'general' && i > j) v[j * n + i] = symmetry === 'skew-symmetric' ? -x : x;
            }
          const path = file('mtx');
          writeMatrixMarket(path, { format: 'array', shape: [m, n], values: v }, { field, symmetry });
          const d = readMatrixMarket(path);
          expect(d.format).toBe('array');
          expect(d.shape).toEqual([m, n]);
          expect(sameValues(d.values, v)).toBe(true);
        },
      ),
    );
  });

  it('Matrix Market precision writes %.{p}g and reads back that value', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 8 }),
        fc.integer({ min: 1, max: 17 }),
        (vals, p) => {
          const path = file('mtx');
          writeMatrixMarket(
            path,
            { format: 'array', shape: [vals.length, 1], values: vals },
            { field: 'real', symmetry: 'general', precision: p },
          );
          const d = readMatrixMarket(path);
          expect([...d.values]).toEqual(vals.map((x) => Number(formatG(x, p))));
        },
      ),
    );
  });

  it('mmwrite refuses a symmetry the data does not have, and non-integers in an integer field', () => {
    const path = file('mtx');
    const base = { format: 'coordinate', shape: [2, 2], row: [1], col: [0], values: [1] } as const;
    expect(() => writeMatrixMarket(path, base, { field: 'real', symmetry: 'symmetric' })).toThrow(
      /mmwrite: argument 'A' expected a symmetric matrix \(symmetry 'symmetric'\), received one with A\[0,1\] = 0 but A\[1,0\] = 1/,
    );
    expect(() =>
      writeMatrixMarket(
        path,
        { format: 'array', shape: [2, 2], values: [1, 2, 2, 1] },
        { field: 'real', symmetry: 'skew-symmetric' },
      ),
    ).toThrow(/expected a skew-symmetric matrix/);
    expect(() =>
      writeMatrixMarket(path, { ...base, values: [1.5] }, { field: 'integer', symmetry: 'general' }),
    ).toThrow(ValueError);
    expect(() =>
      writeMatrixMarket(path, { ...base, values: [1.5] }, { field: 'integer', symmetry: 'general' }),
    ).toThrow(
      /mmwrite: argument 'field' expected 'real' for a non-integer value, received 'integer' with value 1.5/,
    );
    expect(() =>
      writeMatrixMarket(path, { ...base, shape: [2, 3] }, { field: 'real', symmetry: 'symmetric' }),
    ).toThrow(/expected 'general' for a non-square shape \(2, 3\)/);
  });

  const dtypes: DType[] = ['float64', 'float32', 'int32', 'uint8', 'bool'];
  const cast = (dtype: DType, x: number): number =>
    dtype === 'float64'
      ? x
      : dtype === 'float32'
        ? Math.fround(x)
        : dtype === 'int32'
          ? x | 0
          : dtype === 'uint8'
            ? x & 255
            : x & 1;
  const CTOR = {
    float64: Float64Array,
    float32: Float32Array,
    int32: Int32Array,
    uint8: Uint8Array,
    bool: Uint8Array,
  };

  it('.npy: every dtype and shape (0-d to 4-d, zero sizes)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...dtypes),
        fc.array(fc.nat(4), { maxLength: 4 }),
        fc.array(fc.oneof(real, int), { minLength: 256, maxLength: 256 }),
        (dtype, shape, pool) => {
          const n = shape.reduce((a, b) => a * b, 1);
          const data = new CTOR[dtype](n);
          for (let i = 0; i < n; i++) data[i] = cast(dtype, pool[i]!);
          const path = file('npy');
          writeNpyFile(path, dtype, shape, data);
          const a = readNpyFile(path);
          expect(a.dtype).toBe(dtype);
          expect(a.shape).toEqual(shape);
          expect(sameValues(a.data, data, true)).toBe(true);
        },
      ),
    );
  });

  it('.npz: every sparse format, dtype, compressed or stored', () => {
    const formats: SparseFormat[] = ['csr', 'csc', 'coo', 'dia'];
    fc.assert(
      fc.property(
        fc.constantFrom(...formats),
        fc.constantFrom(...dtypes),
        fc.boolean(),
        fc.nat(6),
        fc.nat(6),
        fc.array(fc.tuple(fc.nat(), fc.nat(), real)),
        (format, dtype, compressed, m, n, es) => {
          const C = CTOR[dtype];
          const idx = (a: number[]) => Int32Array.from(a);
          let rec: SparseRecord;
          const vals = es.map((e) => cast(dtype, e[2]));
          if (format === 'coo') {
            const k = m > 0 && n > 0 ? es.length : 0;
            rec = {
              format,
              shape: [m, n],
              dtype,
              data: C.from(vals.slice(0, k)),
              dataShape: [k],
              row: idx(es.slice(0, k).map((e) => e[0] % m)),
              col: idx(es.slice(0, k).map((e) => e[1] % n)),
            };
          } else if (format === 'dia') {
            const offs = [...new Set(es.map((e) => (e[0] % 7) - 3))];
            rec = {
              format,
              shape: [m, n],
              dtype,
              data: C.from(
                Array.from({ length: offs.length * n }, (_, i) => vals[i % Math.max(1, vals.length)] ?? 0),
              ),
              dataShape: [offs.length, n],
              offsets: idx(offs),
            };
          } else {
            const major = format === 'csr' ? m : n;
            const minor = format === 'csr' ? n : m;
            const k = minor > 0 ? es.length : 0;
            const cuts = es
              .slice(0, k)
              .map((e) => e[0] % (major + 1))
              .sort((a, b) => a - b);
            const indptr = Array.from({ length: major + 1 }, (_, i) =>
              i === major ? k : cuts.filter((c) => (c < i + 1 && i > 0 ? c <= i : false)).length,
            );
            indptr[0] = 0;
            for (let i = 1; i <= major; i++) indptr[i] = Math.max(indptr[i]!, indptr[i - 1]!);
            rec = {
              format,
              shape: [m, n],
              dtype,
              data: C.from(vals.slice(0, k)),
              dataShape: [k],
              indices: idx(es.slice(0, k).map((e) => e[1] % minor)),
              indptr: idx(indptr),
            };
          }
          const path = file('npz');
          writeSparseNpz(path, rec, compressed);
          const back = readSparseNpz(path);
          expect(back.format).toBe(rec.format);
          expect(back.shape).toEqual(rec.shape);
          expect(back.dtype).toBe(rec.dtype);
          expect(back.dataShape).toEqual(rec.dataShape);
          expect(sameValues(back.data, rec.data, true)).toBe(true);
          for (const key of ['indices', 'indptr', 'row', 'col', 'offsets'] as const)
            expect(back[key] && [...back[key]]).toEqual(rec[key] && [...rec[key]]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
