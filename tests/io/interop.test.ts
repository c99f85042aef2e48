import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ndarray as NDArray, type ndarray } from '../../dense/index.js';
import { configure, type DType, regionFromArray, Store, type TypedArray } from '../../runtime/index.js';
import { coo_array, type csc_array, type csr_array, dia_array } from '../../sparse/index.js';
import { load, load_npz, mmread, mmwrite, type SparseArray, save, save_npz } from '../../sparse/io/index.js';
import { expectedValues, FIXTURES, manifest, sameValues, tempDir } from './fixtures.js';

const dir = tempDir();
let seq = 0;
const file = (ext: string) => join(dir, `g${seq++}.${ext}`);

const hasPython =
  spawnSync('python3', ['-c', 'import numpy, scipy.sparse, scipy.io'], { encoding: 'utf8' }).status === 0;

const CTOR = {
  float64: Float64Array,
  float32: Float32Array,
  int32: Int32Array,
  uint8: Uint8Array,
  bool: Uint8Array,
};
const DTYPES: DType[] = ['float64', 'float32', 'int32', 'uint8', 'bool'];

function nd(dtype: DType, shape: number[], data: ArrayLike<number>): ndarray {
  const bytes = Math.max(1, data.length) * CTOR[dtype].BYTES_PER_ELEMENT;
  const t = new CTOR[dtype](new SharedArrayBuffer(bytes) as unknown as ArrayBuffer, 0, data.length);
  t.set(data);
  return NDArray.fromStore(Store.shaped(regionFromArray(t as TypedArray, dtype), shape));
}

const toDense = (A: SparseArray | ndarray) => ('toarray' in A ? A.toarray() : A).toArray();

afterAll(() => configure({ workers: 0 }));

for (const workers of [0, 1, 2]) {
  describe(`cohort/io with ${workers} workers`, () => {
    configure({ workers });

    it('reads every NumPy/SciPy fixture exactly', () => {
      for (const e of manifest) {
        const path = join(FIXTURES, e.file);
        const got = e.kind === 'npy' ? load(path) : e.kind === 'npz' ? load_npz(path) : mmread(path);
        expect(got.shape, e.file).toEqual(e.shape);
        if (e.kind === 'npz') expect((got as SparseArray).format, e.file).toBe(e.format);
        if (e.kind === 'mtx') expect(got instanceof coo_array, e.file).toBe(Boolean(e.sparse));
        const dtype = got instanceof NDArray ? got.dtype : (got as SparseArray).data.dtype;
        expect(dtype, e.file).toBe(e.dtype);
        expect(sameValues([...toDense(got)], expectedValues(e), e.kind === 'npy'), e.file).toBe(true);
      }
    });

    it('round-trips dense arrays of every dtype through save/load and mmwrite/mmread', () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...DTYPES),
          fc.array(fc.nat(4), { maxLength: 3 }),
          fc.array(fc.double({ min: -1e9, max: 1e9 }), { minLength: 64, maxLength: 64 }),
          (dtype, shape, pool) => {
            const n = shape.reduce((a, b) => a * b, 1);
            const vals = new CTOR[dtype](n);
            for (let i = 0; i < n; i++) vals[i] = dtype === 'bool' ? Number(pool[i]! > 0) : pool[i]!;
            const a = nd(dtype, shape, vals);
            const p = file('npy');
            save(p, a);
            const b = load(p);
            expect([b.dtype, b.shape]).toEqual([dtype, shape]);
            expect(sameValues(b.toArray(), vals, true)).toBe(true);
            if (shape.length === 2) {
              const q = file('mtx');
              mmwrite(q, a);
              const c = mmread(q) as ndarray;
              expect(c.shape).toEqual(shape);
              expect(sameValues(c.toArray(), vals)).toBe(true);
            }
          },
        ),
        { numRuns: 40 },
      );
    });

    it('round-trips sparse arrays of every format through save_npz/load_npz and mmwrite/mmread', () => {
      fc.assert(
        fc.property(
          fc.constantFrom('coo', 'csr', 'csc', 'dia'),
          fc.constantFrom<DType>('float64', 'float32', 'int32'),
          fc.integer({ min: 1, max: 6 }),
          fc.integer({ min: 1, max: 6 }),
          fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: -99, max: 99 })), { maxLength: 12 }),
          fc.boolean(),
          (format, dtype, m, n, es, compressed) => {
            const A = sparseOf(format, dtype, m, n, es);
            const p = file('npz');
            save_npz(p, A, { compressed });
            const B = load_npz(p);
            expect(B.format).toBe(A.format);
            expect(B.shape).toEqual(A.shape);
            expect(B.data.dtype).toBe(dtype);
            expect([...B.data.toArray()]).toEqual([...A.data.toArray()]);
            expect([...toDense(B)]).toEqual([...toDense(A)]);
            const q = file('mtx');
            mmwrite(q, A);
            const C = mmread(q);
            expect(C instanceof coo_array).toBe(true);
            expect([...toDense(C)]).toEqual([...toDense(A)]);
          },
        ),
        { numRuns: 40 },
      );
    });
  });
}

/** A sparse array of `format` from random entries (every format's own constructor). */
function sparseOf(
  format: string,
  dtype: DType,
  m: number,
  n: number,
  es: [number, number, number][],
): SparseArray {
  const idx = (a: number[]) => nd('int32', [a.length], a);
  if (format === 'dia') {
    const offs = [...new Set(es.map((e) => (e[0] % (m + n - 1)) - (m - 1)))];
    const data = Array.from({ length: offs.length * n }, (_, i) => es[i % Math.max(1, es.length)]?.[2] ?? 0);
    return new dia_array([nd(dtype, [offs.length, n], data), idx(offs)], { shape: [m, n] });
  }
  const row = es.map((e) => e[0] % m);
  const col = es.map((e) => e[1] % n);
  const coo = new coo_array(
    [
      nd(
        dtype,
        [es.length],
        es.map((e) => e[2]),
      ),
      [idx(row), idx(col)],
    ],
    { shape: [m, n] },
  );
  return format === 'coo' ? coo : format === 'csr' ? (coo.tocsr() as csr_array) : (coo.tocsc() as csc_array);
}

/** Python side of the interop test: reads each file cohort wrote and compares with what cohort says it holds. */
const CHECK = `
import json, sys
import numpy as np, scipy.io as sio, scipy.sparse as sp
out = {}
for e in json.load(open(sys.argv[1])):
    try:
        if e['kind'] == 'npy':
            a = np.load(e['file'])
            assert a.dtype.str == e['descr'], (a.dtype.str, e['descr'])
        elif e['kind'] == 'npz':
            m = sp.load_npz(e['file'])
            assert m.format == e['format'], (m.format, e['format'])
            a = m.toarray()
        else:
            m = sio.mmread(e['file'])
            a = m.toarray() if sp.issparse(m) else np.asarray(m)
        assert list(a.shape) == e['shape'], (a.shape, e['shape'])
        want = np.array([np.nan if v == 'nan' else v for v in e['values']], dtype=float)
        assert np.array_equal(a.astype(float).ravel(), want, equal_nan=True), (a.ravel().tolist(), e['values'])
        out[e['file']] = 'ok'
    except Exception as x:
        out[e['file']] = repr(x)
print(json.dumps(out))
`;

describe('interop with Python', () => {
  it.skipIf(!hasPython)(
    'NumPy/SciPy read back the files cohort writes (skipped without python3 + scipy)',
    () => {
      configure({ workers: 0 });
      const cases: Record<string, unknown>[] = [];
      const descr = { float64: '<f8', float32: '<f4', int32: '<i4', uint8: '|u1', bool: '|b1' };
      const vals = (a: ArrayLike<number>) => Array.from(a).map((v) => (Number.isNaN(v) ? 'nan' : v));
      for (const dtype of DTYPES) {
        for (const shape of [[], [0], [5], [2, 3], [2, 1, 3]]) {
          const n = shape.reduce((a, b) => a * b, 1);
          const data = Array.from({ length: n }, (_, i) =>
            dtype === 'bool' ? i % 2 : i * 7 - 5 + (dtype.startsWith('float') ? 0.25 : 0),
          );
          const p = file('npy');
          save(p, nd(dtype, shape, data));
          cases.push({
            kind: 'npy',
            file: p,
            descr: descr[dtype],
            shape,
            values: Array.from(CTOR[dtype].from(data)),
          });
        }
      }
      const A = sparseOf('coo', 'float64', 5, 4, [
        [1, 2, 0.1],
        [4, 3, -1e-300],
        [0, 0, 7],
        [1, 2, 2.5],
      ]);
      for (const format of ['coo', 'csr', 'csc', 'dia']) {
        const B =
          format === 'dia'
            ? sparseOf('dia', 'float32', 4, 5, [
                [1, 0, 3],
                [3, 0, -2],
              ])
            : format === 'coo'
              ? A
              : sparseOf(format, 'int32', 3, 3, [
                  [0, 1, 4],
                  [2, 2, -6],
                  [1, 0, 9],
                ]);
        for (const compressed of [true, false]) {
          const p = file('npz');
          save_npz(p, B, { compressed });
          cases.push({ kind: 'npz', file: p, format, shape: B.shape, values: vals(toDense(B)) });
        }
        const q = file('mtx');
        mmwrite(q, B, { comment: `cohort ${format}\nline two` });
        cases.push({ kind: 'mtx', file: q, shape: B.shape, values: vals(toDense(B)) });
      }
      const S = nd('float64', [3, 3], [2, -1, 0, -1, 2, -1, 0, -1, 2]);
      for (const symmetry of ['general', 'symmetric'] as const) {
        const q = file('mtx');
        mmwrite(q, S, { symmetry, precision: 4 });
        cases.push({ kind: 'mtx', file: q, shape: [3, 3], values: vals(S.toArray()) });
      }
      const q = file('mtx');
      mmwrite(q, nd('float64', [2, 2], [0, 3, -3, 0]), { symmetry: 'skew-symmetric' });
      cases.push({ kind: 'mtx', file: q, shape: [2, 2], values: [0, 3, -3, 0] });
      const list = join(dir, 'cases.json');
      writeFileSync(list, JSON.stringify(cases));
      const r = spawnSync('python3', ['-c', CHECK, list], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      const results = JSON.parse(r.stdout) as Record<string, string>;
      expect(Object.keys(results)).toHaveLength(cases.length);
      expect(Object.entries(results).filter(([, v]) => v !== 'ok')).toEqual([]);
    },
  );
});
