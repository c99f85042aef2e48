import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../runtime/index.js';
import { readMatrixMarket } from '../../sparse/io/mm-read.js';
import { encodeNpyHeader } from '../../sparse/io/npy.js';
import { readNpyFile } from '../../sparse/io/npy-file.js';
import { readSparseNpz } from '../../sparse/io/npz.js';
import { writeZip } from '../../sparse/io/zip.js';
import { FIXTURES, tempDir } from './fixtures.js';

const dir = tempDir();
const GEN = '%%MatrixMarket matrix coordinate real general\n';

/** [name, file text, message pattern]: each malformed Matrix Market file and the error it must raise. */
const MM_CATALOGUE: [string, string, RegExp][] = [
  ['empty file', '', /empty file\.mtx': file is empty \(expected the %%MatrixMarket banner on line 1\)/],
  ['only blank space', '\n', /line 1: expected the banner/],
  ['missing banner', '3 3 1\n1 1 1\n', /line 1: expected the banner '%%MatrixMarket matrix/],
  [
    'short banner',
    '%%MatrixMarket matrix coordinate real\n1 1 0\n',
    /line 1: banner has 4 words, expected 5/,
  ],
  [
    'vector object',
    '%%MatrixMarket vector coordinate real general\n1 1 0\n',
    /line 1: object 'vector' is not supported/,
  ],
  [
    'unknown format',
    '%%MatrixMarket matrix sparse real general\n1 1 0\n',
    /line 1: format 'sparse' is unknown/,
  ],
  [
    'complex field',
    '%%MatrixMarket matrix coordinate complex general\n1 1 0\n',
    /line 1: field 'complex' is not supported/,
  ],
  [
    'hermitian',
    '%%MatrixMarket matrix coordinate real hermitian\n1 1 0\n',
    /line 1: symmetry 'hermitian' is not supported/,
  ],
  [
    'unknown field',
    '%%MatrixMarket matrix coordinate text general\n1 1 0\n',
    /line 1: field 'text' is unknown/,
  ],
  [
    'unknown symmetry',
    '%%MatrixMarket matrix coordinate real upper\n1 1 0\n',
    /line 1: symmetry 'upper' is unknown/,
  ],
  [
    'pattern array',
    '%%MatrixMarket matrix array pattern general\n1 1\n',
    /line 1: field 'pattern' is only valid in coordinate files/,
  ],
  ['header only', GEN, /line 2: file ends before the size line/],
  ['comments only', `${GEN}% a\n%b\n`, /line 4: file ends before the size line/],
  [
    'size line short',
    `${GEN}3 3\n`,
    /line 2: size line must be 'rows columns entries' \(3 non-negative integers\), found '3 3'/,
  ],
  ['size line long', `${GEN}3 3 1 1\n1 1 1\n`, /line 2: size line must be 'rows columns entries'/],
  ['size line text', `${GEN}%c\nthree 3 1\n`, /line 3: size line must be .* found 'three 3 1'/],
  ['size line negative', `${GEN}3 -3 1\n`, /line 2: size line must be/],
  [
    'array size line',
    '%%MatrixMarket matrix array real general\n2 2 4\n',
    /line 2: size line must be 'rows columns' \(2 non-negative integers\)/,
  ],
  [
    'fewer entries',
    `${GEN}3 3 3\n1 1 1\n2 2 2\n`,
    /line 5: file ends after 2 of the 3 entries declared on line 2 \(truncated\?\)/,
  ],
  [
    'more entries',
    `${GEN}3 3 1\n1 1 1\n2 2 2\n`,
    /line 4: more entries than the 1 declared on the size line \(line 2\)/,
  ],
  [
    'row index zero',
    `${GEN}3 3 2\n1 1 1\n0 2 2\n`,
    /line 4: row index 0 out of bounds \[1, 3\] \(Matrix Market indices are 1-based\)/,
  ],
  ['column index zero', `${GEN}3 3 1\n1 0 1\n`, /line 3: column index 0 out of bounds \[1, 3\]/],
  ['row index too large', `${GEN}3 4 1\n4 1 1\n`, /line 3: row index 4 out of bounds \[1, 3\]/],
  ['column index too large', `${GEN}3 4 1\n3 5 1\n`, /line 3: column index 5 out of bounds \[1, 4\]/],
  ['negative index', `${GEN}3 4 1\n-1 1 1\n`, /line 3: row index -1 out of bounds/],
  ['non-numeric value', `${GEN}3 3 1\n1 1 abc\n`, /line 3: value 'abc' is not a number/],
  ['half a number', `${GEN}3 3 1\n1 1 1.5e\n`, /line 3: value '1.5e' is not a number/],
  ['hex value', `${GEN}3 3 1\n1 1 0x10\n`, /line 3: value '0x10' is not a number/],
  ['non-integer index', `${GEN}3 3 1\n1.5 1 1\n`, /line 3: row index '1.5' is not an integer/],
  ['non-numeric column', `${GEN}3 3 1\n1 x 1\n`, /line 3: column index 'x' is not an integer/],
  [
    'integer field with a real',
    '%%MatrixMarket matrix coordinate integer general\n2 2 1\n1 1 2.5\n',
    /line 3: value '2.5' is not an integer/,
  ],
  ['missing value', `${GEN}3 3 1\n1 1\n`, /line 3: expected 3 fields \(row col value\), found 2/],
  ['extra field', `${GEN}3 3 1\n1 1 1 1\n`, /line 3: expected 3 fields \(row col value\), found 4/],
  [
    'pattern with value',
    '%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 1 1\n',
    /line 3: expected 2 fields \(row col\), found 3/,
  ],
  ['truncated mid-line', `${GEN}3 3 2\n1 1 1.0\n2 2`, /line 4: expected 3 fields \(row col value\), found 2/],
  ['truncated after size', `${GEN}3 3 2\n`, /line 3: file ends after 0 of the 2 entries/],
  [
    'array too few',
    '%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n',
    /line 6: file ends after 3 of the 4 entries that line 2 implies/,
  ],
  [
    'array too many',
    '%%MatrixMarket matrix array real general\n1 2\n1\n2\n3\n',
    /line 5: more entries than the 2 that the size line \(line 2\) implies/,
  ],
  [
    'array two per line',
    '%%MatrixMarket matrix array real general\n1 2\n1 2\n',
    /line 3: expected 1 field \(value\) in an array file/,
  ],
  [
    'array bad value',
    '%%MatrixMarket matrix array real general\n1 2\n1\nfoo\n',
    /line 4: value 'foo' is not a number/,
  ],
  [
    'non-square symmetric array',
    '%%MatrixMarket matrix array real symmetric\n2 3\n1\n',
    /line 2: a symmetric array must be square, found shape \(2, 3\)/,
  ],
];

describe('Matrix Market malformed-file catalogue: each raises FormatError naming file and line', () => {
  for (const [name, text, re] of MM_CATALOGUE) {
    it(name, () => {
      const path = join(dir, `${name}.mtx`);
      writeFileSync(path, text);
      let err: unknown;
      try {
        readMatrixMarket(path);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(FormatError);
      expect((err as Error).message).toMatch(
        new RegExp(`^mmread: file '${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`),
      );
      expect((err as Error).message).toMatch(re);
    });
  }

  it('CRLF line endings, tabs, blank and comment lines in the data are accepted', () => {
    const path = join(dir, 'crlf.mtx');
    writeFileSync(path, `${GEN.trim()}\r\n%c\r\n\r\n2\t2 2\r\n1 1\t1.5\r\n% mid\r\n\r\n2 2 -2\r\n`);
    const d = readMatrixMarket(path);
    expect(d.format === 'coordinate' && [...d.row, ...d.col, ...d.values]).toEqual([0, 1, 0, 1, 1.5, -2]);
  });
});

function npyError(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  try {
    readNpyFile(path);
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return (e as Error).message;
  }
  throw new Error('no error');
}

describe('.npy malformed files', () => {
  const header = (descr: string, shape: number[]) => encodeNpyHeader(descr, shape);
  const cat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
  it('empty', () =>
    expect(npyError('e.npy', new Uint8Array())).toMatch(/load: file '.*e\.npy', header: file is empty/));
  it('bad magic', () => expect(npyError('m.npy', new Uint8Array(20))).toMatch(/header: not a \.npy file/));
  it('truncated header', () =>
    expect(npyError('h.npy', header('<f8', [2]).subarray(0, 30))).toMatch(/header: truncated header/));
  it('truncated data', () =>
    expect(npyError('d.npy', cat(header('<f8', [4]), new Uint8Array(16)))).toMatch(
      /data: truncated data: the header announces 32 bytes, found 16/,
    ));
  it('truncated data (decoded path)', () =>
    expect(npyError('d2.npy', cat(header('>f8', [4]), new Uint8Array(16)))).toMatch(/data: truncated data/));
  it('unsupported dtype', () =>
    expect(npyError('c.npy', cat(header('<c16', [1]), new Uint8Array(16)))).toMatch(
      /dtype '<c16' is not supported \(supported: <f8/,
    ));
  it('strings', () =>
    expect(npyError('s.npy', cat(header('|S3', []), new Uint8Array(3)))).toMatch(/dtype '\|S3' \(strings\)/));
  it('malformed dict', () => {
    const h = header('<f8', [1]);
    h[20] = 0x3f; // '?' inside the dict
    expect(npyError('x.npy', cat(h, new Uint8Array(8)))).toMatch(
      /header: malformed header: unexpected token/,
    );
  });
  it('bad version', () => {
    const h = header('<f8', [1]);
    h[6] = 9;
    expect(npyError('v.npy', cat(h, new Uint8Array(8)))).toMatch(/format version 9\.0 is not supported/);
  });
});

function npzError(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  try {
    readSparseNpz(path);
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return (e as Error).message;
  }
  throw new Error('no error');
}

function zipOf(entries: Record<string, Uint8Array[]>): Uint8Array {
  const parts: Uint8Array[] = [];
  writeZip(
    Object.entries(entries).map(([name, chunks]) => ({ name, chunks })),
    false,
    (b) => parts.push(b.slice()),
  );
  return new Uint8Array(Buffer.concat(parts));
}

describe('.npz malformed files', () => {
  const good = readFileSync(join(FIXTURES, 'csr_f8.npz'));
  const npy = (descr: string, shape: number[], data: ArrayBufferView) => [
    encodeNpyHeader(descr, shape),
    new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  ];
  it('empty', () =>
    expect(npzError('e.npz', new Uint8Array())).toMatch(/load_npz: file '.*e\.npz': file is empty/));
  it('not a zip', () => expect(npzError('t.npz', new Uint8Array(100))).toMatch(/not a ZIP archive/));
  it('truncated', () =>
    expect(npzError('tr.npz', good.subarray(0, good.length - 40))).toMatch(/not a ZIP archive .*truncated/));
  it('corrupt data (CRC)', () => {
    const z = zipOf({ 'a.npy': [new Uint8Array(100).fill(7)] });
    z[40] ^= 0xff; // inside the data of the only entry (30-byte header + 5-byte name)
    expect(npzError('crc.npz', z)).toMatch(/entry 'a\.npy': CRC-32 mismatch \(corrupt file\)/);
  });
  it('corrupt deflate stream', () => {
    const bad = new Uint8Array(good);
    for (let i = 60; i < 120; i++) bad[i] = 0xff;
    expect(npzError('defl.npz', bad)).toMatch(
      /entry 'indices\.npy': (corrupt deflate data|CRC-32 mismatch|size)/,
    );
  });
  it('missing key', () =>
    expect(npzError('k.npz', zipOf({ 'format.npy': npy('|S3', [], Buffer.from('csr')) }))).toMatch(
      /key 'shape': missing \(keys present: format\); not a scipy\.sparse \.npz file\?/,
    ));
  it('bsr format', () =>
    expect(npzError('b.npz', zipOf({ 'format.npy': npy('|S3', [], Buffer.from('bsr')) }))).toMatch(
      /key 'format': format "bsr" is not supported \(csr, csc, coo, dia\)/,
    ));
  it('bad indptr length', () => {
    const z = zipOf({
      'format.npy': npy('|S3', [], Buffer.from('csr')),
      'shape.npy': npy('<i8', [2], new BigInt64Array([2n, 2n])),
      'data.npy': npy('<f8', [1], new Float64Array([1])),
      'indices.npy': npy('<i4', [1], new Int32Array([0])),
      'indptr.npy': npy('<i4', [2], new Int32Array([0, 1])),
    });
    expect(npzError('ip.npz', z)).toMatch(/key 'indptr': expected length 3 \(shape\[0\] \+ 1\), found 2/);
  });
  it('float indices', () => {
    const z = zipOf({
      'format.npy': npy('|S3', [], Buffer.from('coo')),
      'shape.npy': npy('<i8', [2], new BigInt64Array([2n, 2n])),
      'data.npy': npy('<f8', [1], new Float64Array([1])),
      'row.npy': npy('<f8', [1], new Float64Array([0])),
      'col.npy': npy('<i4', [1], new Int32Array([0])),
    });
    expect(npzError('fi.npz', z)).toMatch(
      /key 'row': expected an integer index array that fits int32, found float64 values/,
    );
  });
});
