/**
 * SciPy's indexing of sparse arrays, `A.get(index)` and `A.set(index, values)`: integers, slices
 * (`np.slice` or index strings `'1:3, ::2'`), integer lists and arrays, boolean masks, per axis.
 * An index is a string (`'1, :'`, `':, [0, 2]'`), one part, or an array of one or two parts
 * (`[i, j]`, `[':', [0, 2]]`, `[[0, 2], [1, 2]]`), as the dense library's `get`.
 */
import * as np from '../dense/index.js';
import { argMessage, IndexError, readStore, Store } from '../runtime/index.js';
import type { sparray } from './base.js';
import { canonicalize } from './core/convert.js';
import { assignCsr, gatherCsr, gatherPairsStore } from './core/gather.js';
import { type Csr, region } from './core/types.js';
import { csrT } from './ops.js';
import { wrap } from './registry.js';
import { sliceRows } from './slicing.js';

/** One index part: an integer, a slice, a list/array of integers or booleans, `':'` or `'...'`. */
export type IndexPart =
  | number
  | string
  | np.Slice
  | readonly (number | boolean)[]
  | readonly (readonly number[])[]
  | ArrayBufferView
  | np.ndarray;
/** A sparse index: a string, one part, or an array of one or two parts. */
export type IndexLike = IndexPart | readonly IndexPart[];

/** A parsed axis selector. */
type Sel =
  | { readonly kind: 'int'; readonly i: number }
  | { readonly kind: 'all' }
  | { readonly kind: 'range'; readonly start: number; readonly len: number }
  | { readonly kind: 'list'; readonly idx: Int32Array; readonly outer: boolean; readonly fancy: boolean };

const bad = (
  fn: string,
  index: unknown,
  what = 'integers, slices, integer or boolean arrays, per axis',
): never => {
  throw new IndexError(argMessage(fn, 'index', what, index));
};

function normInt(fn: string, v: number, n: number, axis: number): number {
  if (!Number.isInteger(v)) bad(fn, v, 'an integer');
  const i = v < 0 ? v + n : v;
  if (i < 0 || i >= n)
    throw new IndexError(argMessage(fn, 'index', `an index in [-${n}, ${n}) on axis ${axis}`, v));
  return i;
}

function fromSlice(fn: string, s: np.Slice, n: number): Sel {
  const [start, step, len] = s.resolve(fn, n);
  if (step === 1) return start === 0 && len === n ? { kind: 'all' } : { kind: 'range', start, len };
  const idx = new Int32Array(len);
  for (let k = 0; k < len; k++) idx[k] = start + k * step;
  return { kind: 'list', idx, outer: false, fancy: false };
}

function fromList(fn: string, xs: ArrayLike<number | boolean>, n: number, axis: number, outer: boolean): Sel {
  if (xs.length > 0 && typeof xs[0] === 'boolean') {
    if (xs.length !== n)
      throw new IndexError(
        argMessage(fn, 'index', `a boolean mask of length ${n} on axis ${axis}`, `length ${xs.length}`),
      );
    const idx: number[] = [];
    for (let k = 0; k < n; k++) if (xs[k]) idx.push(k);
    return { kind: 'list', idx: Int32Array.from(idx), outer, fancy: true };
  }
  const idx = new Int32Array(xs.length);
  for (let k = 0; k < xs.length; k++) idx[k] = normInt(fn, Number(xs[k]), n, axis);
  return { kind: 'list', idx, outer, fancy: true };
}

function parseText(fn: string, t: string, n: number, axis: number): Sel {
  const s = t.trim();
  if (s === ':' || s === '...') return { kind: 'all' };
  if (s.startsWith('[')) {
    if (!s.endsWith(']')) bad(fn, t);
    const body = s.slice(1, -1).trim();
    const items = body === '' ? [] : body.split(',').map((x) => x.trim());
    const bools =
      items.length > 0 && items.every((x) => x === 'True' || x === 'False' || x === 'true' || x === 'false');
    if (bools)
      return fromList(
        fn,
        items.map((x) => x === 'True' || x === 'true'),
        n,
        axis,
        false,
      );
    return fromList(
      fn,
      items.map((x) => (/^-?\d+$/.test(x) ? Number(x) : bad(fn, t))),
      n,
      axis,
      false,
    );
  }
  if (/^-?\d+$/.test(s)) return { kind: 'int', i: normInt(fn, Number(s), n, axis) };
  const p = s.split(':');
  if (p.length < 2 || p.length > 3) bad(fn, t);
  const num = (x: string | undefined): number | null => {
    if (x === undefined || x.trim() === '') return null;
    return /^-?\d+$/.test(x.trim()) ? Number(x) : bad(fn, t);
  };
  return fromSlice(fn, np.slice(num(p[0]), num(p[1]), num(p[2])), n);
}

function parsePart(fn: string, part: unknown, n: number, axis: number): Sel {
  if (typeof part === 'number') return { kind: 'int', i: normInt(fn, part, n, axis) };
  if (typeof part === 'string') return parseText(fn, part, n, axis);
  if (part instanceof np.Slice) return fromSlice(fn, part, n);
  if (part instanceof np.ndarray) {
    const outer = part.ndim === 2 && part.shape[1] === 1;
    if (part.ndim !== 1 && !outer)
      bad(fn, part, 'a 1-D integer or boolean array (or a column for an outer index)');
    const vals = part.toArray() as ArrayLike<number>;
    return fromList(fn, part.dtype === 'bool' ? Array.from(vals, (v) => v !== 0) : vals, n, axis, outer);
  }
  if (ArrayBuffer.isView(part)) return fromList(fn, part as unknown as ArrayLike<number>, n, axis, false);
  if (Array.isArray(part)) {
    if (part.length > 0 && part.every((x) => Array.isArray(x) && x.length === 1))
      return fromList(
        fn,
        part.map((x) => (x as number[])[0]!),
        n,
        axis,
        true,
      ); // [[0], [2]]: a column
    if (!part.every((x) => typeof x === 'number' || typeof x === 'boolean')) bad(fn, part);
    return fromList(fn, part as (number | boolean)[], n, axis, false);
  }
  return bad(fn, part);
}

/** Splits an index string on top-level commas (not those inside `[...]`). */
function splitText(t: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of t) {
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** The two axis selectors of an index over an `m × n` array. */
export function parseIndex(fn: string, index: unknown, m: number, n: number): [Sel, Sel] {
  let parts: unknown[];
  if (typeof index === 'string') parts = splitText(index);
  else if (
    Array.isArray(index) &&
    index.length <= 2 &&
    index.some((p) => typeof p !== 'number' && typeof p !== 'boolean')
  )
    parts = [...index];
  else if (Array.isArray(index) && index.length === 2)
    parts = [...index]; // [i, j]
  else parts = [index];
  if (parts.length === 2 && typeof parts[0] === 'string' && parts[0].trim() === '...')
    parts = [':', parts[1]];
  if (parts.length === 0 || parts.length > 2) bad(fn, index, 'at most two index parts (rows, columns)');
  return [
    parsePart(fn, parts[0], m, 0),
    parts.length === 2 ? parsePart(fn, parts[1], n, 1) : { kind: 'all' },
  ];
}

/** The host list of positions a selector names (all: every index of the axis). */
function positions(s: Sel, n: number): ArrayLike<number> {
  switch (s.kind) {
    case 'int':
      return [s.i];
    case 'all':
      return Int32Array.from({ length: n }, (_, k) => k);
    case 'range':
      return Int32Array.from({ length: s.len }, (_, k) => s.start + k);
    default:
      return s.idx;
  }
}

/** `A[i, j]` (duplicates summed): one row read from the structure. */
function element(a: Csr, i: number, j: number): number {
  const [p0, p1] = readStore(new Store(a.indptr, [2], [1], i)) as Int32Array;
  if (p1! <= p0!) return 0;
  const cols = readStore(new Store(a.indices, [p1! - p0!], [1], p0!));
  const vals = readStore(new Store(a.data, [p1! - p0!], [1], p0!));
  let s = 0;
  for (let k = 0; k < cols.length; k++) if (cols[k] === j) s += vals[k]!;
  return s;
}

/** Pairs `(R[k], C[k])`, lengths broadcast when one is 1. */
function pairs(fn: string, R: Int32Array, C: Int32Array, index: unknown): [Int32Array, Int32Array] {
  if (R.length === C.length) return [R, C];
  if (R.length === 1) return [new Int32Array(C.length).fill(R[0]!), C];
  if (C.length === 1) return [R, new Int32Array(R.length).fill(C[0]!)];
  return bad(
    fn,
    index,
    `row and column index arrays of one length (or broadcastable), not ${R.length} and ${C.length}`,
  );
}

/**
 * `A[index]`: a number for two integers, a dense 1-D array for two index arrays (SciPy's result),
 * otherwise a 2-D sparse array of the selected rows and columns (SciPy returns 1-D sparse arrays
 * where one axis is an integer; cohort keeps that axis with length 1). CSR and CSC keep their
 * format, COO too; DIA gives CSR.
 */
export function getItem(a: sparray, index: unknown): sparray | np.ndarray | number {
  const fn = 'get';
  const [m, n] = a.shape;
  const [r, c] = parseIndex(fn, index, m, n);
  if (r.kind === 'int' && c.kind === 'int') return element(a._csr(), r.i, c.i);
  if (r.kind === 'list' && c.kind === 'list' && r.fancy && c.fancy && !r.outer) {
    const [R, C] = pairs(fn, r.idx, c.idx, index);
    return np.ndarray.fromStore(gatherPairsStore(a._csr(), R, C, fn));
  }
  const csc = a.format === 'csc';
  if (c.kind === 'all' && !csc && (r.kind === 'int' || r.kind === 'range' || r.kind === 'all')) {
    // Contiguous rows: a slice of the structure, no gather.
    const [i0, len] = r.kind === 'int' ? [r.i, 1] : r.kind === 'range' ? [r.start, r.len] : [0, m];
    const s = wrap.csr(sliceRows(a._csr(), i0, i0 + len));
    return a.format === 'coo' ? s.tocoo() : s;
  }
  if (csc) {
    const t = csrT(a);
    return wrap.csc(gatherCsr(t, positions(c, n), r.kind === 'all' ? null : positions(r, m), fn));
  }
  const res = wrap.csr(gatherCsr(a._csr(), positions(r, m), c.kind === 'all' ? null : positions(c, n), fn));
  return a.format === 'coo' ? res.tocoo() : res;
}

/** Host values of an assignment, broadcast over `rows × cols` (or `k` pairs). */
function assigned(fn: string, values: unknown, rows: number, cols: number): (k: number) => number {
  if (typeof values === 'number' || typeof values === 'boolean') {
    const v = Number(values);
    return () => v;
  }
  const src =
    typeof values === 'object' && values !== null && typeof (values as sparray)._csr === 'function'
      ? (values as sparray).toarray()
      : np.asarray(values as np.ArrayInput);
  const v = src.toArray() as ArrayLike<number>;
  const sh = src.shape;
  const badShape = () => bad(fn, values, `values of shape [${rows}, ${cols}] or broadcastable to it`);
  if (sh.length === 0) return () => v[0]!;
  if (sh.length === 1) {
    if (sh[0] === rows * cols && (rows === 1 || cols === 1)) return (k) => v[k]!;
    if (sh[0] === cols) return (k) => v[k % cols]!;
    if (sh[0] === 1) return () => v[0]!;
    return badShape();
  }
  if (sh.length !== 2) return badShape();
  const [p, q] = sh as [number, number];
  if ((p !== rows && p !== 1) || (q !== cols && q !== 1)) return badShape();
  return (k) => v[(p === 1 ? 0 : Math.floor(k / cols)) * q + (q === 1 ? 0 : k % cols)]!;
}

/**
 * `A[index] = values` in place: the selected positions take the values (broadcast; the last of
 * repeated positions wins, as NumPy), assigned zeros are stored (SciPy), other entries are kept.
 */
export function setItem(a: sparray, index: unknown, values: unknown): void {
  const { R, C, at } = assignTargets('set', a, index, values);
  a._replace(assignCsr(canonicalize(a._csr()), assignment(a, R, C, at), a.dtype, 'set'));
}

/**
 * The positions `(R[k], C[k])` an assignment `A[index] = values` writes and the value `at(k)` of
 * each (broadcast; repeated positions appear more than once, the last wins). The host formats
 * (LIL, DOK) apply them one by one.
 */
export function assignTargets(
  fn: string,
  a: sparray,
  index: unknown,
  values: unknown,
): { R: ArrayLike<number>; C: ArrayLike<number>; at: (k: number) => number } {
  const [m, n] = a.shape;
  const [r, c] = parseIndex(fn, index, m, n);
  let R: ArrayLike<number>;
  let C: ArrayLike<number>;
  let at: (k: number) => number;
  if (r.kind === 'list' && c.kind === 'list' && r.fancy && c.fancy && !r.outer) {
    [R, C] = pairs(fn, r.idx, c.idx, index);
    at = assigned(fn, values, 1, R.length);
  } else {
    const rs = positions(r, m);
    const cs = positions(c, n);
    const cnt = rs.length * cs.length;
    R = new Int32Array(cnt);
    C = new Int32Array(cnt);
    for (let i = 0; i < rs.length; i++)
      for (let j = 0; j < cs.length; j++) {
        (R as Int32Array)[i * cs.length + j] = rs[i]!;
        (C as Int32Array)[i * cs.length + j] = cs[j]!;
      }
    at = assigned(fn, values, rs.length, cs.length);
  }
  return { R, C, at };
}

/** The canonical CSR of the assigned entries (the last of repeated positions wins). */
function assignment(a: sparray, R: ArrayLike<number>, C: ArrayLike<number>, at: (k: number) => number): Csr {
  const [m, n] = a.shape;
  const seen = new Set<number>();
  const keep: number[] = [];
  for (let k = R.length - 1; k >= 0; k--) {
    const key = R[k]! * n + C[k]!;
    if (!seen.has(key)) {
      seen.add(key);
      keep.push(k);
    }
  }
  keep.sort((x, y) => R[x]! * n + C[x]! - (R[y]! * n + C[y]!));
  const nnz = keep.length;
  const indptr = region('int32', m + 1);
  const indices = region('int32', nnz);
  const data = region(a.dtype, nnz);
  const ip = indptr.data as Int32Array;
  const bool = a.dtype === 'bool';
  keep.forEach((k, w) => {
    ip[R[k]! + 1]!++;
    indices.data[w] = C[k]!;
    const v = at(k);
    data.data[w] = bool ? (v !== 0 ? 1 : 0) : v;
  });
  for (let i = 0; i < m; i++) ip[i + 1]! += ip[i]!;
  return { rows: m, cols: n, dtype: a.dtype, indptr, indices, data, nnz, canonical: true, sorted: true };
}
