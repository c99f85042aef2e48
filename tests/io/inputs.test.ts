/**
 * Readers' inputs beyond a path to a single file: bytes (Buffer, Uint8Array, ArrayBuffer), the
 * async variants, gzip-compressed Matrix Market, NumPy's multi-array `.npz` (np.savez), and int64
 * `.npy` at and past 2^53 — against fixtures written by NumPy/SciPy (scripts/fixtures_io_inputs.py).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError, FormatError, ValueError } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import * as io from '../../sparse/io/index.js';
import { FIXTURES } from './fixtures.js';

const DIR = resolve(import.meta.dirname, '../fixtures/io-inputs');
interface Expected {
  shape: number[];
  dtype: string;
  values: number[];
  nnz?: number;
}
const manifest: Record<string, Record<string, Expected>> = JSON.parse(
  readFileSync(join(DIR, 'manifest.json'), 'utf8'),
);
const tmp = mkdtempSync(join(tmpdir(), 'cohort-io-inputs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function expectArray(a: np.ndarray, e: Expected): void {
  expect(a.dtype).toBe(e.dtype);
  expect(a.shape).toEqual(e.shape);
  expect(Array.from(a.toArray())).toEqual(e.values);
}

function expectNpz(f: io.NpzFile, want: Record<string, Expected>): void {
  expect(Object.keys(f).sort()).toEqual(Object.keys(want).sort());
  for (const [k, e] of Object.entries(want)) expectArray(f[k]!, e);
}

describe.each(['savez_multi.npz', 'savez_compressed_multi.npz'])('NumPy archive %s', (file) => {
  const path = join(DIR, file);
  const want = manifest[file]!;

  it('load reads every array (path, Buffer, Uint8Array, ArrayBuffer)', () => {
    expectNpz(io.load(path as `${string}.npz`), want);
    const buf = readFileSync(path);
    expectNpz(io.load<io.NpzFile>(buf), want);
    expectNpz(io.load<io.NpzFile>(new Uint8Array(buf)), want);
    expectNpz(io.load<io.NpzFile>(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length)), want);
  });

  it('loadAsync reads it too', async () => {
    expectNpz(await io.loadAsync<io.NpzFile>(path), want);
  });

  it('savez / savez_compressed write it back the same (names, dtypes, values)', () => {
    const f = io.load(path as `${string}.npz`);
    for (const [fn, save] of [
      ['savez', io.savez],
      ['savez_compressed', io.savez_compressed],
    ] as const) {
      const out = join(tmp, `${fn}-${file}`);
      save(out, f);
      expectNpz(io.load(out as `${string}.npz`), want);
    }
  });
});

describe('savez', () => {
  it('names positional arrays arr_N and keeps keyword names, appending .npz', () => {
    io.savez(join(tmp, 'pos'), [1, 2], np.eye(2), { k: [true] });
    const f = io.load(join(tmp, 'pos.npz') as `${string}.npz`);
    expect(Object.keys(f)).toEqual(['arr_0', 'arr_1', 'k']);
    expect(f.arr_1!.tolist()).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(f.k!.dtype).toBe('bool');
  });

  it('rejects a name that repeats a positional one, a / in a name, and names before arrays', () => {
    expect(() => io.savez(join(tmp, 'dup'), [1], { arr_0: [2] })).toThrow(
      'savez: argument \'arr_0\' expected a name other than the positional arr_N, received "arr_0"',
    );
    expect(() => io.savez(join(tmp, 'slash'), { 'a/b': [2] })).toThrow(
      'savez: argument \'name\' expected a name without /, received "a/b"',
    );
    expect(() => io.savez(join(tmp, 'order'), { a: [1] }, [2])).toThrow(ArgumentTypeError);
  });
});

describe('gzip-compressed Matrix Market', () => {
  const path = join(DIR, 'real_general.mtx.gz');
  const e = manifest['real_general.mtx.gz']!['']!;
  const check = (A: sp.coo_array | np.ndarray) => {
    expect(A).toBeInstanceOf(sp.coo_array);
    const S = A as sp.coo_array;
    expect(S.nnz).toBe(e.nnz);
    expectArray(S.toarray(), e);
  };

  it('mmread reads a .mtx.gz path, its bytes, and gzip bytes of any name', async () => {
    check(io.mmread(path));
    check(io.mmread(readFileSync(path)));
    check(await io.mmreadAsync(path));
    const plain = join(tmp, 'plain.mtx');
    io.mmwrite(plain, io.mmread(path) as sp.coo_array);
    check(io.mmread(gzipSync(readFileSync(plain))));
    check(io.mmread(readFileSync(plain)));
  });

  it('corrupt gzip data is a FormatError naming the file', () => {
    const bad = Buffer.concat([readFileSync(path).subarray(0, 20)]);
    expect(() => io.mmread(bad)).toThrow(/^mmread: file '<bytes>': corrupt gzip data/);
  });
});

describe('int64 .npy', () => {
  it('within ±2^53: float64, exact', () => {
    expectArray(io.load(join(DIR, 'i8_exact.npy')), manifest['i8_exact.npy']!['']!);
  });

  it('past 2^53: a ValueError, not a rounded value', () => {
    const path = join(DIR, 'i8_overflow.npy');
    expect(() => io.load(path)).toThrow(ValueError);
    expect(() => io.load(path)).toThrow(
      `load: file '${path}', data: int64 value 9007199254740993 (element 1) is beyond ±2^53`,
    );
  });
});

describe('bytes and async for the single-file readers', () => {
  it('load, load_npz and mmread take bytes; errors name them <bytes>', async () => {
    const npy = join(FIXTURES, 'f8_2d.npy');
    expect(io.load(readFileSync(npy)).tolist()).toEqual(io.load(npy).tolist());
    expect((await io.loadAsync(npy)).tolist()).toEqual(io.load(npy).tolist());
    const npz = join(FIXTURES, 'csr_f8.npz');
    const A = io.load_npz(npz);
    for (const B of [
      io.load_npz(readFileSync(npz)),
      await io.load_npzAsync(npz),
      await io.load_npzAsync(readFileSync(npz)),
    ]) {
      expect(B.format).toBe(A.format);
      expect(B.toarray().tolist()).toEqual(A.toarray().tolist());
    }
    expect(() => io.load(new Uint8Array([1, 2, 3]))).toThrow(FormatError);
    expect(() => io.load(new Uint8Array([1, 2, 3]))).toThrow("load: file '<bytes>', header: not a .npy file");
    expect(() => io.load_npz(new Uint8Array(0))).toThrow("load_npz: file '<bytes>': file is empty");
    expect(() =>
      io.mmread(new TextEncoder().encode('%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1\n')),
    ).toThrow("mmread: file '<bytes>', line 3");
  });

  it('async readers reject as the sync ones throw', async () => {
    await expect(io.loadAsync(join(tmp, 'missing.npy'))).rejects.toThrow(
      /^load: argument 'path' expected a readable file, received .*ENOENT/,
    );
    await expect(io.mmreadAsync(3 as never)).rejects.toThrow(ArgumentTypeError);
  });
});

describe('ZIP64 archives (as zipfile writes them past 4 GiB)', () => {
  it('load reads NumPy’s', () => {
    expectNpz(io.load(join(DIR, 'zip64_savez.npz') as `${string}.npz`), manifest['zip64_savez.npz']!);
  });

  it('load_npz reads SciPy’s', () => {
    const e = manifest['zip64_csr.npz']!['']! as Expected & { format: string };
    const A = io.load_npz(join(DIR, 'zip64_csr.npz'));
    expect(A.format).toBe(e.format);
    expect(A.nnz).toBe(e.nnz);
    expectArray(A.toarray(), e);
  });

  it('a ZIP64 locator pointing nowhere is a FormatError', () => {
    const bytes = new Uint8Array(readFileSync(join(DIR, 'zip64_savez.npz')));
    const end = bytes.length - 22;
    const v = new DataView(bytes.buffer);
    v.setBigUint64(end - 20 + 8, 3n, true); // the ZIP64 end record's offset
    expect(() => io.load(bytes)).toThrow(
      "load: file '<bytes>': corrupt ZIP64: the ZIP64 end record is missing",
    );
  });
});
