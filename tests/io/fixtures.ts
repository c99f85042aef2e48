import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** tests/fixtures/io, written by scripts/fixtures_io.py with NumPy/SciPy. */
export const FIXTURES = resolve(import.meta.dirname, '../fixtures/io');

export interface FixtureEntry {
  kind: 'mtx' | 'npy' | 'npz';
  file: string;
  shape: number[];
  dtype: string;
  values: (number | string)[];
  sparse?: boolean;
  fortran?: boolean;
  format?: string;
  nnz?: number;
}

export const manifest: FixtureEntry[] = JSON.parse(
  readFileSync(join(FIXTURES, 'manifest.json'), 'utf8'),
).files;

/** The expected values as numbers ('nan', 'inf', '-inf' decoded). */
export function expectedValues(e: FixtureEntry): number[] {
  return e.values.map((v) =>
    v === 'nan' ? Number.NaN : v === 'inf' ? Infinity : v === '-inf' ? -Infinity : (v as number),
  );
}

/** A fresh temporary directory. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'cohort-io-'));
}

/** Dense C-order values of triplets (duplicates summed). */
export function densify(
  shape: readonly number[],
  row: ArrayLike<number>,
  col: ArrayLike<number>,
  values: ArrayLike<number>,
): number[] {
  const n = shape[1]!;
  const out = new Array<number>(shape[0]! * n).fill(0);
  for (let k = 0; k < row.length; k++) out[row[k]! * n + col[k]!]! += values[k]!;
  return out;
}

/** Element-wise equality that treats NaN as equal to NaN and distinguishes -0 from 0 only when `signedZero`. */
export function sameValues(a: ArrayLike<number>, b: ArrayLike<number>, signedZero = false): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (signedZero ? !Object.is(x, y) : !(x === y || (Number.isNaN(x) && Number.isNaN(y)))) return false;
  }
  return true;
}
