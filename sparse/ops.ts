/**
 * The operations every format shares, written on the CSR structure of the operands (`_csr()`,
 * or `_csrT()` — the CSR structure of the transpose — where CSC wants it) and the core launches.
 */
import { array, asarray, ndarray } from '../dense/index.js';
import {
  ArgumentTypeError,
  argMessage,
  checkDType,
  type DType,
  ShapeError,
  Store,
  ValueError,
} from '../runtime/index.js';
import type { AxisOptions, SparseFormat, sparray } from './base.js';
import type { CscArray, CsrArray } from './compressed.js';
import { type Bsr, bsrProduct } from './core/bsr.js';
import {
  canonicalize,
  cooToCsr,
  csrToCoo,
  csrToDenseStore,
  filterCsr,
  transposeCsr,
} from './core/convert.js';
import {
  addIntoDense,
  binop,
  colSums,
  diagonal as diagonalOf,
  futureToStore,
  mapStore,
  mulDense,
  OP,
  reduceValues,
  rowSums,
  scaleStore,
  structureFlags,
} from './core/elementwise.js';
import { csrSpmm, csrSpmv, diaSpmv, spgemm } from './core/products.js';
import { spmvTApplies, transposedProduct } from './core/spmv-transposed.js';
import { type Csr, type Dia, divType, promote, promoteScalar, region, vec } from './core/types.js';
import { csrToDia } from './dia-convert.js';
import { wrap } from './registry.js';

/** The CSR structure of an operand's transpose (CSC stores it; others convert). */
export function csrT(a: sparray): Csr {
  const f = (a as unknown as { _csrT?: () => Csr })._csrT;
  return f ? f.call(a) : transposeCsr(a._csr());
}

/**
 * The stored structure S of a CSR/CSC array whose product needs Sᵀ (CSC @ x, x @ CSR), when the
 * other orientation is not built yet (then Sᵀ x runs on S without a transpose); null when it is
 * (the plain SpMV on it is faster).
 */
function transposedOnly(a: sparray): Csr | null {
  const c = a as unknown as { _s: Csr; _flippedIfBuilt(): Csr | undefined };
  return c._flippedIfBuilt() === undefined ? c._s : null;
}

/** Dense result of an array. */
export function toarray(a: sparray): ndarray {
  const [m, n] = a.shape;
  const out = Store.shaped(region(a.dtype, m * n), [m, n]);
  if (a.format === 'csc') {
    // Scatter Aᵀ's rows into the transposed view: element (j, i) of the view is A[i, j].
    csrToDenseStore(csrT(a), out.view([n, m], [1, n], 0));
    return ndarray.fromStore(out);
  }
  csrToDenseStore(a._csr(), out);
  return ndarray.fromStore(out);
}

const FORMATS: readonly SparseFormat[] = ['csr', 'csc', 'coo', 'dia', 'bsr', 'lil', 'dok'];

/** Converts to a format (`copy`: never share storage with `a`). */
export function convert(a: sparray, fmt: SparseFormat, copy: boolean, fn = `to${fmt}`): sparray {
  if (!FORMATS.includes(fmt))
    throw new ValueError(argMessage(fn, 'format', `one of ${FORMATS.join(', ')}`, fmt));
  if (fmt === a.format) return copy ? a.copy() : a;
  let r: sparray;
  switch (fmt) {
    case 'csr':
      r = wrap.csr(a._csr());
      break;
    case 'csc':
      r = wrap.csc(csrT(a));
      break;
    case 'coo':
      if (a.format === 'csc') {
        const c = csrToCoo(csrT(a));
        r = wrap.coo({ ...c, rows: c.cols, cols: c.rows, row: c.col, col: c.row, canonical: undefined });
      } else r = wrap.coo(csrToCoo(a._csr()));
      break;
    case 'bsr':
      r = wrap.bsr(a._csr());
      break;
    case 'lil':
      return wrap.lil(a._csr()); // host rows: always a copy
    case 'dok':
      return wrap.dok(a._csr());
    default:
      r = wrap.dia(csrToDia(a._csr()));
  }
  return copy ? r.copy() : r;
}

/** A copy with values cast. */
export function astype(a: sparray, dtype: DType): sparray {
  const dt = checkDType('astype', 'dtype', dtype);
  return a._withData(mapStore(a._values(), dt, dt === 'bool' ? 6 : 5, 0, 'astype').region, dt);
}

/** `a` with `f(values)` (mode of `mapValues`). */
export function mapData(a: sparray, mode: number, s: number, out: DType, op: string): sparray {
  return a._withData(mapStore(a._values(), out, mode, s, op).region, out);
}

function denseArg(fn: string, x: unknown): ndarray {
  if (x instanceof ndarray) return x;
  if (Array.isArray(x) || ArrayBuffer.isView(x)) return asarray(x);
  throw new ArgumentTypeError(
    argMessage(fn, 'other', 'a sparse array, an ndarray, nested arrays or a number', x),
  );
}

/** A C-contiguous store at offset 0 holding `x` (a copy when `x` is a view). */
function contiguous(x: ndarray): Store {
  const st = x.store;
  if (st.offset === 0 && st.contiguous) return st;
  return array(x).store;
}

function checkShape(fn: string, a: sparray, b: { shape: readonly number[] }): void {
  if (b.shape.length !== 2 || b.shape[0] !== a.shape[0] || b.shape[1] !== a.shape[1]) {
    throw new ShapeError(argMessage(fn, 'other', `shape [${a.shape}]`, `shape [${b.shape}]`));
  }
}

/** Options of the products with a dense result: `out` receives it (NumPy's `dot(a, b, out)`). */
export interface ProductOptions {
  /** Where the dense result goes: its shape and dtype must be the result's. */
  out?: ndarray | undefined;
}

/** The `out` of `opts`, checked to be an ndarray (undefined when absent). */
function outOf(fn: string, opts: ProductOptions | undefined): ndarray | undefined {
  if (opts === undefined) return undefined;
  if (typeof opts !== 'object' || opts === null) {
    throw new ArgumentTypeError(argMessage(fn, 'opts', 'an object like {out}', opts));
  }
  const out = opts.out;
  if (out === undefined) return undefined;
  if (!(out instanceof ndarray)) throw new ArgumentTypeError(argMessage(fn, 'out', 'an ndarray', out));
  return out;
}

/**
 * The store a product writes straight into `out` (a whole, contiguous region aliasing no operand),
 * or null when the result must be computed apart and then copied in. Checks shape and dtype.
 */
function destination(
  fn: string,
  out: ndarray,
  shape: readonly number[],
  dtype: DType,
  operands: readonly unknown[],
): Store | null {
  if (out.ndim !== shape.length || out.shape.some((d, k) => d !== shape[k])) {
    throw new ShapeError(argMessage(fn, 'out', `shape [${shape}]`, `shape [${out.shape}]`));
  }
  if (out.dtype !== dtype) {
    throw new ValueError(argMessage(fn, 'out', `dtype ${dtype} (the product's)`, `dtype ${out.dtype}`));
  }
  const st = out.store;
  const whole = st.offset === 0 && st.contiguous && st.size === st.region.size;
  return whole && !operands.includes(st.region) ? st : null;
}

/** `a @ other`, into `opts.out` when given (dense results only). */
export function matmul(a: sparray, other: unknown, fn: string, opts?: ProductOptions): ndarray | sparray {
  const m = a.shape[0];
  const n = a.shape[1];
  const outArr = outOf(fn, opts);
  const sparseResult = () => {
    if (outArr !== undefined) {
      throw new ArgumentTypeError(argMessage(fn, 'out', 'no out (the product is sparse)', outArr));
    }
  };
  if (typeof other === 'number') {
    sparseResult();
    return mapData(a, 0, other, promoteScalar(a.dtype, other), fn);
  }
  if (isSparse(other)) {
    sparseResult();
    const b = other as sparray;
    if (b.shape[0] !== n) {
      throw new ShapeError(argMessage(fn, 'other', `${n} rows (A is [${a.shape}])`, `shape [${b.shape}]`));
    }
    const out = promote(a.dtype, b.dtype);
    if (a.format === 'csc' && b.format === 'csc') return wrap.csc(spgemm(csrT(b), csrT(a), out));
    return wrap.csr(spgemm(a._csr(), b._csr(), out));
  }
  const x = denseArg(fn, other);
  if (x.ndim === 0) {
    sparseResult();
    return mapData(a, 0, Number(x.item()), promote(a.dtype, x.dtype), fn);
  }
  if (x.ndim > 2 || x.shape[0] !== n) {
    throw new ShapeError(
      argMessage(fn, 'other', `a vector of length ${n} or a matrix with ${n} rows`, `shape [${x.shape}]`),
    );
  }
  const out = promote(a.dtype, x.dtype);
  const xs = contiguous(x);
  const bsr = a.format === 'bsr' ? (a as unknown as { _b: Bsr })._b : null;
  const dia = a.format === 'dia' && x.ndim === 1 ? (a as unknown as { _d: Dia })._d : null;
  // CSC @ x (and `A.T @ x` of a CSR A, a CSC sharing A's structure): Sᵀ x on the stored structure
  // S, unless the CSR form is already built (core/spmv-transposed.ts: a loop builds it once).
  const stored = a.format === 'csc' && x.ndim === 1 && spmvTApplies(out) ? transposedOnly(a) : null;
  const csr = dia === null && bsr === null && stored === null ? a._csr() : null;
  let into: Store | undefined;
  if (outArr !== undefined) {
    const st = stored ?? csr;
    const operands = bsr
      ? [bsr.indptr, bsr.indices, bsr.data]
      : dia
        ? [dia.offsets, dia.data]
        : [st!.indptr, st!.indices, st!.data];
    const shape = x.ndim === 1 ? [m] : [m, x.shape[1]!];
    into = destination(fn, outArr, shape, out, [xs.region, ...operands]) ?? undefined;
  }
  const y = bsr
    ? bsrProduct(bsr, xs, out, into)
    : stored
      ? transposedProduct(stored, xs, out, into)
      : dia
        ? diaSpmv(dia, xs, out, into)
        : x.ndim === 1
          ? csrSpmv(csr!, xs, out, into)
          : csrSpmm(csr!, xs, out, into);
  if (outArr === undefined) return ndarray.fromStore(y);
  if (into === undefined) outArr.set('...', ndarray.fromStore(y));
  return outArr;
}

/** `other @ a` for dense `other` (vector `[rows]` or matrix `[k, rows]`). */
export function rmatmul(a: sparray, other: unknown): ndarray {
  const [m, n] = a.shape;
  const x = denseArg('rmatmul', other);
  if (x.ndim === 0 || x.ndim > 2 || x.shape[x.ndim - 1] !== m) {
    throw new ShapeError(argMessage('rmatmul', 'other', `last dimension ${m}`, `shape [${x.shape}]`));
  }
  const out = promote(a.dtype, x.dtype);
  if (x.ndim === 1 && a.format === 'csr' && spmvTApplies(out)) {
    const s = transposedOnly(a);
    if (s !== null) return ndarray.fromStore(transposedProduct(s, contiguous(x), out));
  }
  const t = csrT(a);
  if (x.ndim === 1) return ndarray.fromStore(csrSpmv(t, contiguous(x), out));
  const k = x.shape[0]!;
  const c = csrSpmm(t, array(x.T).store, out);
  return ndarray.fromStore(c.view([k, n], [1, k], 0));
}

/** True for cohort sparse arrays. */
export function isSparse(x: unknown): boolean {
  return typeof x === 'object' && x !== null && typeof (x as sparray)._csr === 'function' && 'format' in x;
}

/** Element-wise union of two sparse arrays (`op`), in CSC when both are CSC, else CSR. */
export function union(a: sparray, b: sparray, op: number, out: DType, fn: string): CsrArray | CscArray {
  checkShape(fn, a, b);
  if (a.format === 'csc' && b.format === 'csc') {
    return wrap.csc(binop(canonicalize(csrT(a)), canonicalize(csrT(b)), op, out, fn));
  }
  return wrap.csr(binop(canonicalize(a._csr()), canonicalize(b._csr()), op, out, fn));
}

/** `a + sign·other`. */
export function addsub(a: sparray, other: unknown, sign: 1 | -1, fn: string): ndarray | sparray {
  if (typeof other === 'number') {
    if (other === 0) return a.copy();
    throw new ValueError(
      argMessage(fn, 'other', 'a sparse or dense array, or 0 (a nonzero scalar would densify)', other),
    );
  }
  if (isSparse(other)) {
    const b = other as sparray;
    return union(a, b, sign === 1 ? OP.add : OP.subtract, promote(a.dtype, b.dtype), fn);
  }
  const d = denseArg(fn, other);
  checkShape(fn, a, d);
  const out = promote(a.dtype, d.dtype);
  const res = array(d, { dtype: out });
  addIntoDense(a._csr(), res.store, sign);
  if (sign === 1) return res;
  // res = d - a; a - d = -(res)
  return ndarray.fromStore(Store.shaped(mapStore(vec(res.store.region), out, 4, 0, fn).region, [...d.shape]));
}

/** Broadcasts a dense operand to `[m, n]` as a strided view (stride 0 on broadcast axes). */
function broadcastTo(fn: string, d: ndarray, m: number, n: number): Store {
  const st = d.store;
  const sh = st.shape;
  const s = st.strides;
  const bad = () => {
    throw new ShapeError(argMessage(fn, 'other', `a shape broadcastable to [${m}, ${n}]`, `shape [${sh}]`));
  };
  if (d.ndim === 1) {
    if (sh[0] !== n && sh[0] !== 1) bad();
    return st.view([m, n], [0, sh[0] === 1 ? 0 : s[0]!], st.offset);
  }
  if (d.ndim !== 2) bad();
  if ((sh[0] !== m && sh[0] !== 1) || (sh[1] !== n && sh[1] !== 1)) bad();
  return st.view([m, n], [sh[0] === 1 ? 0 : s[0]!, sh[1] === 1 ? 0 : s[1]!], st.offset);
}

/** Element-wise product. */
export function multiply(a: sparray, other: unknown): sparray {
  const fn = 'multiply';
  if (typeof other === 'number') return mapData(a, 0, other, promoteScalar(a.dtype, other), fn);
  if (isSparse(other)) {
    const b = other as sparray;
    return union(a, b, OP.multiply, promote(a.dtype, b.dtype), fn);
  }
  const d = denseArg(fn, other);
  if (d.ndim === 0) return mapData(a, 0, Number(d.item()), promote(a.dtype, d.dtype), fn);
  const [m, n] = a.shape;
  const view = broadcastTo(fn, d, m, n);
  const out = promote(a.dtype, d.dtype);
  const s = a._csr();
  const vals = mulDense(s, view, out);
  return wrap.coo(
    csrToCoo({ ...s, dtype: out, data: vals.region, canonical: s.canonical, sorted: s.sorted }),
  );
}

/** Element-wise true division. */
export function divide(a: sparray, other: unknown): ndarray | sparray {
  const fn = 'divide';
  if (typeof other === 'number') return mapData(a, 1, other, divType(a.dtype, 'float64'), fn);
  const d = isSparse(other) ? (other as sparray).toarray() : denseArg(fn, other);
  if (d.ndim === 0) return mapData(a, 1, Number(d.item()), divType(a.dtype, d.dtype), fn);
  if (isSparse(other)) checkShape(fn, a, d);
  return a.toarray().divide(d);
}

/** Element-wise power of stored values (duplicates summed first, as SciPy). */
export function power(a: sparray, p: number): sparray {
  if (typeof p !== 'number') throw new ArgumentTypeError(argMessage('power', 'n', 'a number', p));
  if (p === 0) throw new ValueError(argMessage('power', 'n', 'a nonzero exponent (0 would densify)', p));
  if (a.format !== 'dia') a.sum_duplicates();
  const intRes = (a.dtype === 'int32' || a.dtype === 'uint8') && Number.isInteger(p) && p > 0;
  const out: DType = a.dtype === 'float32' || a.dtype === 'float64' || intRes ? a.dtype : 'float64';
  return mapData(a, 2, p, out, 'power');
}

/** Element-wise |value| (duplicates summed first). */
export function absolute(a: sparray): sparray {
  if (a.format !== 'dia') a.sum_duplicates();
  return mapData(a, 3, 0, a.dtype, 'abs');
}

function axisArg(fn: string, axis: number | null | undefined | AxisOptions): number | null {
  const ax = typeof axis === 'object' && axis !== null ? axis.axis : axis;
  if (ax === undefined || ax === null) return null;
  if (ax === 0 || ax === -2) return 0;
  if (ax === 1 || ax === -1) return 1;
  throw new ValueError(argMessage(fn, 'axis', 'null, 0, 1, -1 or -2', ax));
}

/** `sum` / `mean`. */
export function sum(a: sparray, axis: number | null | undefined | AxisOptions, mean: boolean): ndarray {
  const fn = mean ? 'mean' : 'sum';
  const ax = axisArg(fn, axis);
  const [m, n] = a.shape;
  const base: DType = a.dtype === 'bool' || a.dtype === 'uint8' ? 'int32' : a.dtype;
  const out: DType = mean ? (a.dtype === 'float32' ? 'float32' : 'float64') : base;
  if (ax === null) {
    const vals = a.format === 'dia' ? vec(a._csr().data, a._csr().nnz) : a._values();
    return ndarray.fromStore(futureToStore(reduceValues(vals, 0), out, mean ? m * n : 1));
  }
  const csc = a.format === 'csc';
  const s = csc ? csrT(a) : a._csr();
  const byRow = (ax === 1) !== csc;
  const r = byRow ? rowSums(s, out) : colSums(s, out);
  if (!mean) return ndarray.fromStore(r);
  return ndarray.fromStore(scaleStore(r, ax === 1 ? n : m, out));
}

/** The k-th diagonal. */
export function diagonal(a: sparray, k: number): ndarray {
  if (!Number.isInteger(k)) throw new ValueError(argMessage('diagonal', 'k', 'an integer', k));
  if (a.format === 'csc') return ndarray.fromStore(diagonalOf(csrT(a), -k, a.dtype));
  return ndarray.fromStore(diagonalOf(a._csr(), k, a.dtype));
}

/** Nonzero values after summing duplicates (waits for the count). */
export function countNonzero(a: sparray): number {
  const c = canonicalize(a._csr());
  return reduceValues(vec(c.data, c.nnz), 1).value();
}

/** 2 canonical, 1 sorted, 0 unsorted — computed once per structure. */
export function flagsOf(a: sparray): number {
  if (a.format === 'dia') return 2;
  if (a.format === 'coo') return (a as unknown as { _c: { canonical?: boolean } })._c.canonical ? 2 : 0;
  const s = a.format === 'csc' ? csrT(a) : a._csr();
  if (s.canonical) return 2;
  if (s.canonical === false && s.sorted === false) return 0;
  const f = structureFlags(s);
  s.canonical = f === 2;
  s.sorted = f >= 1;
  return f;
}

/**
 * `setdiag`: the first `len(values)` elements of diagonal k (all of them for a scalar) take the
 * given values; the result is a canonical CSR structure.
 */
export function setdiagCsr(s: Csr, values: unknown, k: number): Csr {
  const fn = 'setdiag';
  if (!Number.isInteger(k)) throw new ValueError(argMessage(fn, 'k', 'an integer', k));
  const { rows, cols } = s;
  if ((k >= 0 && k >= cols && cols > 0) || (k < 0 && -k >= rows && rows > 0)) {
    throw new ValueError(argMessage(fn, 'k', `an offset inside the shape [${rows}, ${cols}]`, k));
  }
  const len = Math.max(0, k >= 0 ? Math.min(rows, cols - k) : Math.min(rows + k, cols));
  let host: ArrayLike<number>;
  if (typeof values === 'number') host = new Float64Array(len).fill(values);
  else if (values instanceof ndarray) host = values.toArray();
  else if (Array.isArray(values) || ArrayBuffer.isView(values)) host = values as ArrayLike<number>;
  else throw new ArgumentTypeError(argMessage(fn, 'values', 'a number or an array', values));
  const n = Math.min(len, host.length);
  const r0 = Math.max(0, -k);
  const kept = filterCsr(s, 3, k, fn, r0 + n);
  const row = region('int32', n);
  const col = region('int32', n);
  const data = region(s.dtype, n);
  for (let t = 0; t < n; t++) {
    row.data[t] = r0 + t;
    col.data[t] = r0 + t + k;
    data.data[t] = Number(host[t]);
  }
  const d = cooToCsr({ rows, cols, dtype: s.dtype, row, col, data, nnz: n, canonical: true });
  return binop(canonicalize(kept), d, OP.add, s.dtype, fn);
}
