/** SciPy-style printing of sparse arrays: a header, then `(row, col)\tvalue` lines (summarized past 50). */
import type { DType } from '../runtime/index.js';

const NAMES: Record<string, string> = {
  csr: 'Compressed Sparse Row',
  csc: 'Compressed Sparse Column',
  coo: 'COOrdinate',
  dia: 'DIAgonal',
  bsr: 'Block Sparse Row',
  lil: 'List of Lists',
  dok: 'Dictionary Of Keys',
};

/** SciPy's `maxprint`: beyond this many entries only the first and last halves are printed. */
export const MAXPRINT = 50;

/** Formats one value as NumPy prints a scalar of `dtype` (Python's shortest float repr). */
export function formatValue(v: number, dtype: DType): string {
  if (dtype === 'bool') return v ? 'True' : 'False';
  if (dtype === 'int32' || dtype === 'uint8') return String(v);
  if (Number.isNaN(v)) return 'nan';
  if (!Number.isFinite(v)) return v > 0 ? 'inf' : '-inf';
  // SciPy prints float32 values through float64 (`0.10000000149011612`), so one rule serves both.
  const short = v;
  const s = String(short);
  const a = Math.abs(v);
  if (a !== 0 && (a >= 1e16 || a < 1e-4)) {
    const [m, e] = short.toExponential().split('e') as [string, string];
    const sign = e[0] === '-' ? '-' : '+';
    const digits = e.replace(/^[+-]/, '').padStart(2, '0');
    return `${m}e${sign}${digits}`;
  }
  return /[.e]/.test(s) ? s : `${s}.0`;
}

/** The header SciPy prints (`repr`); `note` follows the count (DIA: ` (2 diagonals)`). */
export function header(
  format: string,
  dtype: DType,
  nnz: number,
  shape: readonly number[],
  note = '',
): string {
  return `<${NAMES[format]} sparse array of dtype '${dtype}'\n\twith ${nnz} stored elements${note} and shape (${shape.join(', ')})>`;
}

/** The full `str` text from host copies of the coordinates and values. */
export function formatEntries(
  format: string,
  dtype: DType,
  shape: readonly number[],
  row: ArrayLike<number>,
  col: ArrayLike<number>,
  vals: ArrayLike<number>,
  stored: { nnz: number; note: string } = { nnz: vals.length, note: '' },
): string {
  const n = vals.length;
  const lines = [header(format, dtype, stored.nnz, shape, stored.note)];
  if (n > 0) lines.push('  Coords\tValues');
  const line = (k: number) => `  (${row[k]}, ${col[k]})\t${formatValue(vals[k]!, dtype)}`;
  if (n > MAXPRINT) {
    const h = MAXPRINT / 2;
    for (let k = 0; k < h; k++) lines.push(line(k));
    lines.push('  :\t:');
    for (let k = n - h; k < n; k++) lines.push(line(k));
  } else for (let k = 0; k < n; k++) lines.push(line(k));
  return lines.join('\n');
}
