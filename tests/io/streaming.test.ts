import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineReader } from '../../sparse/io/line-reader.js';
import { readMatrixMarket } from '../../sparse/io/mm-read.js';
import { densify, tempDir } from './fixtures.js';

const dir = tempDir();

function lines(path: string, chunk?: number): { lines: string[]; max: number } {
  const r = new LineReader(path, chunk);
  const out: string[] = [];
  let max = 0;
  try {
    while (r.next()) {
      out.push(r.text());
      max = Math.max(max, r.buf.length);
    }
  } finally {
    r.close();
  }
  return { lines: out, max };
}

describe('streaming reads', () => {
  it('LineReader splits any text into the same lines as split(/\\r?\\n/), at any chunk size', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '\r\n', '%'), maxLength: 60 }),
        fc.integer({ min: 1, max: 9 }),
        (text, chunk) => {
          const p = join(dir, 'l.txt');
          writeFileSync(p, text);
          const want =
            text === ''
              ? []
              : text
                  .replace(/\n$/, '')
                  .split('\n')
                  .map((l) => l.replace(/\r$/, ''));
          expect(lines(p, chunk).lines).toEqual(want);
        },
      ),
    );
  });

  it('keeps a fixed 1 MiB buffer on a 6 MiB file; grows only for a longer line', () => {
    const p = join(dir, 'big.txt');
    const row = `${'x'.repeat(99)}\n`;
    writeFileSync(p, row.repeat(60_000));
    const a = lines(p);
    expect(a.lines.length).toBe(60_000);
    expect(a.max).toBe(1 << 20);
    writeFileSync(p, `a\n${'y'.repeat(3 << 20)}\nb\n`);
    const b = lines(p);
    expect(b.lines.map((l) => l.length)).toEqual([1, 3 << 20, 1]);
    expect(b.max).toBe(4 << 20);
  });

  it('mmread gives the same matrix at every chunk size (entries straddling chunk boundaries)', () => {
    const p = join(dir, 's.mtx');
    writeFileSync(
      p,
      '%%MatrixMarket matrix coordinate real symmetric\r\n% comment\n3 3 4\n1 1 1.5\n2 1 -2.25e-3\n3 2 7.535131086748066E-1\n3 3 12345678901234567\n',
    );
    const want = readMatrixMarket(p);
    for (let chunk = 1; chunk < 40; chunk++) {
      const d = readMatrixMarket(p, 'mmread', chunk);
      if (d.format !== 'coordinate' || want.format !== 'coordinate') throw new Error('format');
      expect(densify(d.shape, d.row, d.col, d.values)).toEqual(
        densify(want.shape, want.row, want.col, want.values),
      );
    }
    expect(want.format === 'coordinate' && densify(want.shape, want.row, want.col, want.values)).toEqual([
      1.5,
      -2.25e-3,
      0,
      -2.25e-3,
      0,
      0.7535131086748066,
      0,
      0.7535131086748066,
      Number('12345678901234567'),
    ]);
  });
});
