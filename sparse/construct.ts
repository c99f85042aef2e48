/**
 * Constructor argument forms (SciPy's): a dense ndarray or nested array; another sparse array;
 * `[data, [row, col]]`; `[data, indices, indptr]`; `[data, offsets]` (DIA); `[m, n]` or
 * `{shape}` for an empty array — each with `{shape, dtype, copy}`. Cheap checks only.
 */
import { asarray, ndarray } from '../dense/index.js';
import { argMessage, type DType, FormatError, IndexError, type Store, ValueError } from '../runtime/index.js';
import type { SparseOptions, sparray } from './base.js';
import { cooToCsr, denseToCsr } from './core/convert.js';
import { cooFacts } from './core/coo-sort.js';
import { copyInto, mapStore } from './core/elementwise.js';
import { type Coo, type Csr, readAt, readPrefix, region, vec } from './core/types.js';
import {
  badInput,
  dtypeOpt,
  isMatrixLike,
  isVectorLike,
  maxOf,
  shapeArg,
  shapeError,
  type VectorLike,
  vectorDType,
  vectorRegion,
} from './inputs.js';
import { csrT, isSparse } from './ops.js';

/** What the constructors accept. */
export type SparseInput =
  | sparray
  | ndarray
  | readonly unknown[]
  | { shape: readonly number[]; dtype?: DType };

/** The parsed form of a constructor argument. */
export type Parsed =
  | { kind: 'sparse'; a: sparray }
  | { kind: 'dense'; d: ndarray }
  | { kind: 'empty'; shape: [number, number]; dtype?: DType | undefined }
  | { kind: 'coo'; data: VectorLike; row: VectorLike; col: VectorLike }
  | { kind: 'compressed'; data: VectorLike; indices: VectorLike; indptr: VectorLike }
  | { kind: 'dia'; data: ndarray | readonly unknown[]; offsets: VectorLike | number };

const isTyped = (x: unknown) => x instanceof ndarray || (ArrayBuffer.isView(x) && !(x instanceof DataView));

/** Recognizes the argument form and checks a given `shape` against dense and sparse inputs. */
export function parseInput(fn: string, arg: unknown, opts: SparseOptions, dia = false): Parsed {
  const p = parseForm(fn, arg, opts, dia);
  if (opts.shape !== undefined && (p.kind === 'dense' || p.kind === 'sparse')) {
    const want = shapeArg(fn, opts.shape);
    const have = p.kind === 'dense' ? p.d.shape : p.a.shape;
    if (have[0] !== want[0] || have[1] !== want[1]) {
      shapeError(fn, 'shape', `the input's shape [${have}]`, `[${want}]`);
    }
  }
  return p;
}

/**
 * True when `indices` and `indptr` (plain arrays of one length n) are also a valid compressed
 * structure: non-negative integer indices, `indptr` non-decreasing integers from 0 to n.
 */
function couldBeCompressed(indices: ArrayLike<number>, indptr: ArrayLike<number>): boolean {
  const n = indptr.length;
  if (n === 0 || indptr[0] !== 0 || indptr[n - 1] !== indices.length) return false;
  for (let i = 1; i < n; i++) {
    const v = indptr[i]!;
    if (!Number.isInteger(v) || v < indptr[i - 1]!) return false;
  }
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]!;
    if (!Number.isInteger(v) || v < 0) return false;
  }
  return true;
}

/** Nested JS arrays of equal-length rows are dense; see the README for the tuple forms. */
function parseForm(fn: string, arg: unknown, opts: SparseOptions, dia: boolean): Parsed {
  if (isSparse(arg)) return { kind: 'sparse', a: arg as sparray };
  if (arg instanceof ndarray) {
    if (arg.ndim !== 2) shapeError(fn, 'arg1', 'a 2-D array', `shape [${arg.shape}]`);
    return { kind: 'dense', d: arg };
  }
  if (Array.isArray(arg)) {
    if (arg.length === 2 && arg.every((e) => typeof e === 'number') && opts.shape === undefined) {
      return { kind: 'empty', shape: shapeArg(fn, arg) };
    }
    if (
      dia &&
      arg.length === 2 &&
      isMatrixLike(arg[0]) &&
      (isVectorLike(arg[1]) || typeof arg[1] === 'number')
    ) {
      return { kind: 'dia', data: arg[0] as ndarray, offsets: arg[1] as VectorLike };
    }
    if (
      arg.length === 2 &&
      isVectorLike(arg[0]) &&
      Array.isArray(arg[1]) &&
      arg[1].length === 2 &&
      isVectorLike(arg[1][0]) &&
      isVectorLike(arg[1][1])
    ) {
      return { kind: 'coo', data: arg[0], row: arg[1][0], col: arg[1][1] };
    }
    if (arg.length === 3 && arg.every(isVectorLike)) {
      const [a0, a1, a2] = arg as VectorLike[];
      const len = (x: VectorLike) => (x instanceof ndarray ? x.size : (x as ArrayLike<number>).length);
      const equal = len(a0!) === len(a1!) && len(a1!) === len(a2!);
      if (arg.some(isTyped) || (len(a0!) === len(a1!) && !equal)) {
        return { kind: 'compressed', data: a0!, indices: a1!, indptr: a2! };
      }
      if (equal && couldBeCompressed(a1 as ArrayLike<number>, a2 as ArrayLike<number>)) {
        // Three plain arrays of one length n: a dense 3×n matrix, or SciPy's (data, indices,
        // indptr) with nnz = n (JavaScript has no tuples to tell them apart). `shape` decides when
        // only one reading fits it; otherwise ask, rather than guess.
        const n = len(a0!);
        const sh = opts.shape;
        if (sh !== undefined && Array.isArray(sh) && sh.length === 2) {
          const denseFits = sh[0] === 3 && sh[1] === n;
          const compressedFits = sh[0] === n - 1 || sh[1] === n - 1;
          if (compressedFits && !denseFits)
            return { kind: 'compressed', data: a0!, indices: a1!, indptr: a2! };
          if (denseFits && !compressedFits) return { kind: 'dense', d: asarray(arg) };
        }
        throw new ValueError(
          `${fn}: argument 'arg1' is ambiguous: three plain arrays of length ${n} read both as a ` +
            `dense 3×${n} matrix and as [data, indices, indptr]; expected indices and indptr as ` +
            'Int32Array (or ndarrays) for the compressed form, np.array(rows) for a dense matrix, ' +
            'or a shape that fits only one reading',
        );
      }
    }
    const d = asarray(arg);
    if (d.ndim !== 2) shapeError(fn, 'arg1', 'a 2-D array', `shape [${d.shape}]`);
    return { kind: 'dense', d };
  }
  if (typeof arg === 'object' && arg !== null && 'shape' in arg) {
    const o = arg as { shape: unknown; dtype?: unknown };
    return { kind: 'empty', shape: shapeArg(fn, o.shape), dtype: dtypeOpt(fn, o.dtype) };
  }
  return badInput(
    fn,
    'a dense array, a sparse array, [data, [row, col]], [data, indices, indptr], [data, offsets] or [m, n]',
    arg,
  );
}

/** An empty CSR structure. */
export function emptyCsr(rows: number, cols: number, dtype: DType): Csr {
  return {
    rows,
    cols,
    dtype,
    indptr: region('int32', rows + 1),
    indices: region('int32', 0),
    data: region(dtype, 0),
    nnz: 0,
    canonical: true,
    sorted: true,
  };
}

/** A copy of a CSR structure (new regions). */
export function copyCsr(a: Csr): Csr {
  const indptr = region('int32', a.rows + 1);
  const indices = region('int32', a.nnz);
  const data = region(a.dtype, a.nnz);
  copyInto(vec(a.indptr), 0, vec(indptr), 0, a.rows + 1);
  copyInto(vec(a.indices), 0, vec(indices), 0, a.nnz);
  copyInto(vec(a.data), 0, vec(data), 0, a.nnz);
  return { ...a, indptr, indices, data };
}

/** CSR with values cast to `dtype` (structure shared). */
export function castCsr(a: Csr, dtype: DType | undefined): Csr {
  if (dtype === undefined || dtype === a.dtype) return a;
  return {
    ...a,
    dtype,
    data: mapStore(vec(a.data, a.nnz), dtype, dtype === 'bool' ? 6 : 5, 0, 'astype').region,
  };
}

/** A COO structure from `[data, [row, col]]`, validated (lengths; indices in range). */
export function cooFromTuple(
  fn: string,
  p: { data: VectorLike; row: VectorLike; col: VectorLike },
  opts: SparseOptions,
): Coo {
  const dtype = dtypeOpt(fn, opts.dtype) ?? vectorDType(p.data);
  const d = vectorRegion(fn, 'data', p.data, dtype, opts.copy);
  const r = vectorRegion(fn, 'row', p.row, 'int32', opts.copy);
  const c = vectorRegion(fn, 'col', p.col, 'int32', opts.copy);
  if (r.n !== d.n) throw new ValueError(argMessage(fn, 'row', `length ${d.n} (as data)`, `length ${r.n}`));
  if (c.n !== d.n) throw new ValueError(argMessage(fn, 'col', `length ${d.n} (as data)`, `length ${c.n}`));
  // One parallel pass on the pool (cached for tocsr, which learns the entries' order from it).
  const { minR, maxR, minC, maxC } = cooFacts(r.r, c.r, d.n, fn);
  if (minR < 0) throw new IndexError(argMessage(fn, 'row', 'non-negative indices', `index ${minR}`));
  if (minC < 0) throw new IndexError(argMessage(fn, 'col', 'non-negative indices', `index ${minC}`));
  let shape: [number, number];
  if (opts.shape !== undefined) {
    shape = shapeArg(fn, opts.shape);
    if (maxR >= shape[0])
      throw new IndexError(argMessage(fn, 'row', `indices < ${shape[0]}`, `index ${maxR}`));
    if (maxC >= shape[1])
      throw new IndexError(argMessage(fn, 'col', `indices < ${shape[1]}`, `index ${maxC}`));
  } else shape = [maxR + 1, maxC + 1];
  return { rows: shape[0], cols: shape[1], dtype, row: r.r, col: c.r, data: d.r, nnz: d.n };
}

/**
 * A compressed structure from `[data, indices, indptr]` (major axis = rows for CSR, columns for
 * CSC, given by `major`): checks the lengths and `indptr[0] == 0`, `indptr[-1] <= len(indices)`.
 */
export function compressedFromTuple(
  fn: string,
  p: { data: VectorLike; indices: VectorLike; indptr: VectorLike },
  opts: SparseOptions,
  major: 0 | 1,
): Csr {
  const dtype = dtypeOpt(fn, opts.dtype) ?? vectorDType(p.data);
  const d = vectorRegion(fn, 'data', p.data, dtype, opts.copy);
  const ix = vectorRegion(fn, 'indices', p.indices, 'int32', opts.copy);
  const ip = vectorRegion(fn, 'indptr', p.indptr, 'int32', opts.copy);
  if (ix.n !== d.n)
    throw new FormatError(argMessage(fn, 'indices', `length ${d.n} (as data)`, `length ${ix.n}`));
  if (ip.n < 1) throw new FormatError(argMessage(fn, 'indptr', 'at least one element', 'an empty array'));
  const rows = ip.n - 1;
  let shape: [number, number] | undefined;
  if (opts.shape !== undefined) {
    shape = shapeArg(fn, opts.shape);
    const want = shape[major];
    if (rows !== want)
      throw new FormatError(argMessage(fn, 'indptr', `length ${want + 1}`, `length ${ip.n}`));
  }
  const first = readAt(ip.r, 0);
  if (first !== 0) throw new FormatError(argMessage(fn, 'indptr', 'indptr[0] == 0', `indptr[0] == ${first}`));
  const nnz = readAt(ip.r, rows);
  if (nnz > ix.n || nnz < 0) {
    throw new FormatError(
      argMessage(fn, 'indptr', `indptr[-1] <= len(indices) == ${ix.n}`, `indptr[-1] == ${nnz}`),
    );
  }
  const cols = shape ? shape[1 - major]! : maxOf(readPrefix(ix.r, nnz)) + 1;
  return { rows, cols, dtype, indptr: ip.r, indices: ix.r, data: d.r, nnz };
}

/** Any accepted input (except DIA's tuple) → the CSR structure of A (major 0) or of Aᵀ (major 1). */
export function toCompressed(fn: string, arg: unknown, opts: SparseOptions, major: 0 | 1): Csr {
  const p = parseInput(fn, arg, opts);
  const dt = dtypeOpt(fn, opts.dtype);
  switch (p.kind) {
    case 'sparse': {
      const s = major === 0 ? p.a._csr() : csrT(p.a);
      return castCsr(opts.copy ? copyCsr(s) : s, dt);
    }
    case 'dense': {
      const st: Store = p.d.store;
      const view =
        major === 0 ? st : st.view([st.shape[1]!, st.shape[0]!], [st.strides[1]!, st.strides[0]!], st.offset);
      return denseToCsr(view, dt ?? p.d.dtype);
    }
    case 'empty': {
      const [m, n] = p.shape;
      const et = dt ?? p.dtype ?? 'float64';
      return major === 0 ? emptyCsr(m, n, et) : emptyCsr(n, m, et);
    }
    case 'coo': {
      const c = cooFromTuple(fn, p, opts);
      return major === 0
        ? cooToCsr(c)
        : cooToCsr({ ...c, rows: c.cols, cols: c.rows, row: c.col, col: c.row });
    }
    case 'compressed':
      return compressedFromTuple(fn, p, opts, major);
    default:
      return badInput(fn, 'a form other than [data, offsets] (that is DIA)', arg);
  }
}
