/**
 * Shared pieces of the host formats `lil_array` and `dok_array` (SciPy's incremental-construction
 * formats): their entries live in JavaScript arrays/maps on the issuing thread (SciPy keeps Python
 * lists and a dict), and every other operation runs on the CSR structure built from them once per
 * change (cached until the next `set`).
 */
import { ArgumentTypeError, argMessage, type DType, IndexError, type Region } from '../runtime/index.js';
import type { SparseOptions, sparray } from './base.js';
import { emptyCsr, parseInput } from './construct.js';
import { canonicalize, denseToCsr } from './core/convert.js';
import { type Csr, readPrefix, region } from './core/types.js';
import { dtypeOpt } from './inputs.js';

/** The value a store of `dtype` keeps of `v` (NumPy's unsafe cast of one scalar). */
export function castValue(dtype: DType): (v: number) => number {
  switch (dtype) {
    case 'bool':
      return (v) => (v !== 0 ? 1 : 0);
    case 'uint8':
      return (v) => (Number.isFinite(v) ? Math.trunc(v) & 255 : 0);
    case 'int32':
      return (v) => (Number.isFinite(v) ? Math.trunc(v) | 0 : -2147483648);
    case 'float32':
      return Math.fround;
    default:
      return (v) => v;
  }
}

/** Host rows of a CSR structure, canonical (sorted, duplicates summed; stored zeros kept). */
export function hostRows(s: Csr): { idx: number[][]; val: number[][] } {
  const c = canonicalize(s);
  const ip = readPrefix(c.indptr, c.rows + 1);
  const ind = readPrefix(c.indices, c.nnz);
  const dat = readPrefix(c.data, c.nnz);
  const idx: number[][] = [];
  const val: number[][] = [];
  for (let i = 0; i < c.rows; i++) {
    const p0 = ip[i]!;
    const p1 = ip[i + 1]!;
    const r: number[] = new Array(p1 - p0);
    const v: number[] = new Array(p1 - p0);
    for (let p = p0; p < p1; p++) {
      r[p - p0] = ind[p]!;
      v[p - p0] = dat[p]!;
    }
    idx.push(r);
    val.push(v);
  }
  return { idx, val };
}

/** A canonical CSR structure holding host rows (sorted column lists). */
export function csrOfRows(
  rows: number,
  cols: number,
  dtype: DType,
  idx: readonly (readonly number[])[],
  val: readonly (readonly number[])[],
): Csr {
  let nnz = 0;
  for (const r of idx) nnz += r.length;
  const indptr = region('int32', rows + 1);
  const indices = region('int32', nnz);
  const data = region(dtype, nnz);
  const ip = indptr.data;
  const ind = indices.data;
  const dat = data.data;
  let p = 0;
  for (let i = 0; i < rows; i++) {
    const r = idx[i]!;
    const v = val[i]!;
    for (let k = 0; k < r.length; k++, p++) {
      ind[p] = r[k]!;
      dat[p] = v[k]!;
    }
    ip[i + 1] = p;
  }
  return { rows, cols, dtype, indptr, indices, data, nnz, canonical: true, sorted: true };
}

/**
 * The CSR structure of a host-format constructor's argument: another sparse array, a dense
 * array_like, or a shape (`[m, n]` / `{shape}`). SciPy's LIL and DOK constructors take no
 * coordinate or compressed tuples (`TypeError: unrecognized lil_array constructor usage`).
 */
export function csrOfInput(
  fn: string,
  arg: unknown,
  opts: SparseOptions,
  checkShape?: (rows: number, cols: number) => void,
): Csr {
  const p = parseInput(fn, arg, opts);
  if (p.kind === 'empty') checkShape?.(p.shape[0], p.shape[1]);
  const dt = dtypeOpt(fn, opts.dtype);
  let s: Csr;
  switch (p.kind) {
    case 'sparse':
      s = (p.a as sparray)._csr();
      break;
    case 'dense':
      s = denseToCsr(p.d.store);
      break;
    case 'empty':
      return emptyCsr(p.shape[0], p.shape[1], dt ?? p.dtype ?? 'float64');
    default:
      throw new ArgumentTypeError(
        argMessage(
          fn,
          'arg1',
          'a sparse array, a dense array_like or a shape [m, n] (SciPy takes no coordinate or compressed tuples here)',
          `a ${p.kind} tuple`,
        ),
      );
  }
  return dt === undefined || dt === s.dtype ? s : { ...s, dtype: dt, data: castRegion(s, dt) };
}

function castRegion(s: Csr, dt: DType): Region {
  const out = region(dt, s.nnz);
  const src = readPrefix(s.data, s.nnz);
  const cast = castValue(dt);
  for (let p = 0; p < s.nnz; p++) out.data[p] = cast(src[p]!);
  return out;
}

/** `n` empty rows. */
export function rowsOf(n: number): number[][] {
  return Array.from({ length: n }, () => []);
}

/** `i` as an index of an axis of length `n` (negative from the end), or an IndexError as SciPy's. */
export function checkIndex(fn: string, what: 'row' | 'column', i: number, n: number): number {
  const k = i < 0 ? i + n : i;
  if (!Number.isInteger(i) || k < 0 || k >= n) {
    throw new IndexError(argMessage(fn, 'index', `a ${what} index in [-${n}, ${n})`, i));
  }
  return k;
}

/** True for `[i, j]` of two numbers (the scalar fast path of the host formats' get/set). */
export function isPair(index: unknown): index is readonly [number, number] {
  return (
    Array.isArray(index) && index.length === 2 && typeof index[0] === 'number' && typeof index[1] === 'number'
  );
}

/** A scalar assigned value (number or boolean), or undefined. */
export function scalarValue(values: unknown): number | undefined {
  if (typeof values === 'number') return values;
  if (typeof values === 'boolean') return values ? 1 : 0;
  return undefined;
}

/**
 * The versions of a CSR's regions: the CSR form a host format (LIL, DOK) caches is stale once
 * someone wrote one of them.
 */
export function csrVersions(s: Csr): string {
  return `${s.indptr.version},${s.indices.version},${s.data.version}`;
}
