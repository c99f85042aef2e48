import { argMessage, ValueError } from '../../runtime/index.js';
import { formatReal } from './format-number.js';
import { bannerLine, type MMField, type MMSymmetry } from './mm-header.js';
import { writeAtomically } from './write-file.js';

type Num = ArrayLike<number>;

/** What {@link writeMatrixMarket} writes: triplets (0-based) or a C-order dense matrix. */
export type MMWriteData =
  | { format: 'coordinate'; shape: readonly [number, number]; row: Num; col: Num; values: Num }
  | { format: 'array'; shape: readonly [number, number]; values: Num };

export interface MMWriteSettings {
  field: MMField;
  symmetry: MMSymmetry;
  comment?: string | undefined;
  precision?: number | undefined;
}

const FLUSH = 1 << 16;

/**
 * Writes a Matrix Market file in chunks (never the whole text at once), atomically (a temporary
 * file renamed at the end). Symmetric storage keeps the lower triangle (strictly lower for
 * skew-symmetric) after checking that the matrix has that symmetry; coordinate entries are then
 * summed per position first.
 * @throws ValueError when the data does not have the requested symmetry, or `field` is integer and
 *   a value is not an integer.
 */
export function writeMatrixMarket(path: string, d: MMWriteData, s: MMWriteSettings, fn = 'mmwrite'): void {
  const [m, n] = d.shape;
  if (s.symmetry !== 'general' && m !== n)
    throw new ValueError(
      argMessage(fn, 'symmetry', `'general' for a non-square shape (${m}, ${n})`, s.symmetry),
    );
  const fmt = valueFormatter(fn, s);
  writeAtomically(path, (write) => {
    let out = bannerLine({ format: d.format, field: s.field, symmetry: s.symmetry });
    if (s.comment !== undefined) for (const line of s.comment.split('\n')) out += `%${line}\n`;
    if (d.format === 'array') {
      const v = d.values;
      const sym = s.symmetry !== 'general';
      const skew = s.symmetry === 'skew-symmetric';
      if (sym) checkDenseSymmetry(fn, v, n, skew);
      out += `${m} ${n}\n`;
      for (let j = 0; j < n; j++)
        for (let i = sym ? (skew ? j + 1 : j) : 0; i < m; i++) {
          out += `${fmt(v[i * n + j]!)}\n`;
          if (out.length > FLUSH) {
            write(out);
            out = '';
          }
        }
    } else {
      let { row, col, values } = d;
      if (s.symmetry !== 'general')
        ({ row, col, values } = lowerTriangle(fn, d.row, d.col, d.values, n, s.symmetry));
      const pattern = s.field === 'pattern';
      out += `${m} ${n} ${row.length}\n`;
      for (let k = 0; k < row.length; k++) {
        out += pattern
          ? `${row[k]! + 1} ${col[k]! + 1}\n`
          : `${row[k]! + 1} ${col[k]! + 1} ${fmt(values[k]!)}\n`;
        if (out.length > FLUSH) {
          write(out);
          out = '';
        }
      }
    }
    write(out);
  });
}

function valueFormatter(fn: string, s: MMWriteSettings): (x: number) => string {
  if (s.field === 'integer')
    return (x) => {
      if (!Number.isInteger(x))
        throw new ValueError(
          `${fn}: argument 'field' expected 'real' for a non-integer value, received 'integer' with value ${x}`,
        );
      return String(x);
    };
  const p = s.precision;
  return (x) => formatReal(x, p);
}

function checkDenseSymmetry(fn: string, v: Num, n: number, skew: boolean): void {
  for (let i = 0; i < n; i++)
    for (let j = skew ? i : i + 1; j < n; j++) {
      const a = v[i * n + j]!;
      const b = v[j * n + i]!;
      if (skew ? a !== -b : !(a === b || (Number.isNaN(a) && Number.isNaN(b))))
        notSymmetric(fn, skew, j, i, b, a);
    }
}

function notSymmetric(fn: string, skew: boolean, i: number, j: number, a: number, b: number): never {
  const kind = skew ? 'skew-symmetric' : 'symmetric';
  throw new ValueError(
    `${fn}: argument 'A' expected a ${kind} matrix (symmetry '${kind}'), received one with A[${i},${j}] = ${a} but A[${j},${i}] = ${b}`,
  );
}

/** Sums duplicates, checks the symmetry, returns the lower-triangle entries in row-major order. */
function lowerTriangle(
  fn: string,
  row: Num,
  col: Num,
  values: Num,
  n: number,
  symmetry: MMSymmetry,
): { row: number[]; col: number[]; values: number[] } {
  const skew = symmetry === 'skew-symmetric';
  const sum = new Map<number, number>();
  for (let k = 0; k < row.length; k++) {
    const key = row[k]! * n + col[k]!;
    sum.set(key, (sum.get(key) ?? 0) + (values[k] ?? 1));
  }
  const keys = [...sum.keys()].sort((a, b) => a - b);
  const out = { row: [] as number[], col: [] as number[], values: [] as number[] };
  for (const key of keys) {
    const i = Math.floor(key / n);
    const j = key - i * n;
    const a = sum.get(key)!;
    const b = sum.get(j * n + i) ?? 0;
    if (skew ? a !== -b : !(a === b || (Number.isNaN(a) && Number.isNaN(b))))
      notSymmetric(fn, skew, j, i, b, a);
    if (i > j || (i === j && !skew)) {
      out.row.push(i);
      out.col.push(j);
      out.values.push(a);
    }
  }
  return out;
}
